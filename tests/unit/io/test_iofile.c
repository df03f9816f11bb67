/* SPDX-License-Identifier: MIT */
/*
 * test_iofile.c - how the I/O test file is laid out: one file where the
 * filesystem holds a file of the size, 1 GiB pieces under --pieces or
 * where it cannot (or cannot say), and the pieces, their sizes and their
 * byte offsets that follow from either layout, up to terabytes.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "io/iofile.h"

static void test_piece_size(void)
{
	const uint64_t tib = 1024 * GIB;

	CHECK_U64("size: 8 GiB on a 64-bit filesystem is one file",
		  iofile_piece_size(8 * GIB, false, 64), 8 * GIB);
	CHECK_U64("size: 4 TiB on a 64-bit filesystem is one file",
		  iofile_piece_size(4 * tib, false, 64), 4 * tib);
	CHECK_U64("size: btrfs's 255 bits are one file too",
		  iofile_piece_size(8 * GIB, false, 255), 8 * GIB);
	CHECK_U64("size: a part-GiB size rounds up to whole GiB (one piece)",
		  iofile_piece_size(1025 * MIB, false, 64), 2 * GIB);
	CHECK_U64("size: --pieces asks for 1 GiB pieces",
		  iofile_piece_size(8 * GIB, true, 64), GIB);
	CHECK_U64("size: FAT32's 32 bits cannot hold 8 GiB: pieces",
		  iofile_piece_size(8 * GIB, false, 32), GIB);
	CHECK_U64("size: nor 2 GiB (a signed 32-bit size)",
		  iofile_piece_size(2 * GIB, false, 32), GIB);
	CHECK_U64("size: 2 GiB less a MiB fits in 32 bits",
		  iofile_piece_size(2 * GIB - MIB, false, 32), 2 * GIB);
	CHECK_U64("size: a filesystem that does not say: pieces",
		  iofile_piece_size(8 * GIB, false, -1), GIB);
	CHECK_U64("size: 1 GiB or less is one piece either way",
		  iofile_piece_size(GIB, false, 64), GIB);
	CHECK_U64("size: 0 (no I/O tests) still divides",
		  iofile_piece_size(0, false, 64), GIB);
}

/* The pieces a file of SIZE in pieces of PIECE has, their sizes and where
 * a byte lies, for a file that is not a region of a shared one. */
static void test_layout(int dir_fd, const char *dir)
{
	const uint64_t tib = 1024 * GIB;
	struct iofile tf;

	CHECK("layout: one file of 1025 MiB",
	      iofile_init(&tf, dir_fd, dir, 0, 1, 1025 * MIB,
			  iofile_piece_size(1025 * MIB, false, 64)) == 0);
	CHECK_U64("layout: one file: one piece", tf.pieces, 1);
	CHECK_U64("layout: one file: all 1025 MiB in it", iofile_piece_bytes(&tf, 0),
		  1025 * MIB);
	CHECK_U64("layout: one file: nothing past it", iofile_piece_bytes(&tf, 1), 0);
	iofile_free(&tf);
	CHECK("layout: 1025 MiB in pieces",
	      iofile_init(&tf, dir_fd, dir, 0, 1, 1025 * MIB, GIB) == 0);
	CHECK_U64("layout: pieces: two", tf.pieces, 2);
	CHECK_U64("layout: pieces: the first is 1 GiB", iofile_piece_bytes(&tf, 0), GIB);
	CHECK_U64("layout: pieces: the second the MiB left", iofile_piece_bytes(&tf, 1),
		  MIB);
	CHECK_U64("layout: pieces: in use", iofile_pieces_in_use(&tf), 2);
	tf.extent_bytes = 512 * MIB; /* block output stopped at a deadline */
	CHECK_U64("layout: pieces: a short extent leaves one in use",
		  iofile_pieces_in_use(&tf), 1);
	iofile_free(&tf);
	CHECK("layout: 3 TiB as one file",
	      iofile_init(&tf, dir_fd, dir, 0, 1, 3 * tib,
			  iofile_piece_size(3 * tib, false, 64)) == 0);
	CHECK_U64("layout: 3 TiB: one piece of it all", iofile_piece_bytes(&tf, 0),
		  3 * tib);
	CHECK_U64("layout: 3 TiB: a byte near the end is where it is",
		  iofile_offset(&tf, 0, 3 * tib - 1), 3 * tib - 1);
	iofile_free(&tf);
	CHECK("layout: 3 TiB in pieces", iofile_init(&tf, dir_fd, dir, 0, 1, 3 * tib,
						     GIB) == 0);
	CHECK_U64("layout: 3 TiB in 3072 pieces", tf.pieces, 3072);
	iofile_free(&tf);
	CHECK("layout: no piece size given is 1 GiB",
	      iofile_init(&tf, dir_fd, dir, 0, 1, 2 * GIB, 0) == 0 && tf.pieces == 2);
	iofile_free(&tf);
}

int main(void)
{
	char dir[] = "/tmp/clyde-test-iofile.XXXXXX";
	int dir_fd;

	test_piece_size();
	if (!mkdtemp(dir) || (dir_fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0) {
		CHECK("scratch directory", false);
		return check_done();
	}
	test_layout(dir_fd, dir);
	/* What this directory's filesystem says decides the layout. */
	long bits = fpathconf(dir_fd, _PC_FILESIZEBITS);
	CHECK_U64("the filesystem here: 8 GiB as it says (one file from 64 bits)",
		  iofile_piece_size_at(dir_fd, 8 * GIB, false),
		  bits >= 64 ? 8 * GIB : GIB);
	CHECK_U64("the filesystem here: --pieces still pieces",
		  iofile_piece_size_at(dir_fd, 8 * GIB, true), GIB);
	close(dir_fd);
	CHECK("scratch directory removed", rmdir(dir) == 0);
	return check_done();
}
