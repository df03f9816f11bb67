/* SPDX-License-Identifier: MIT */
/*
 * iofile.h - the I/O test file inside clyde's directory: one file ("f000";
 * "c2.f000" for copy 2 under -c), as bonnie++ 2.00a writes it, or pieces
 * of 1 GiB ("f000", "f001", ...) that together make the test size, as
 * bonnie++ 1.03 wrote it: under --pieces, or where the filesystem cannot
 * hold one file of that size (FAT32). Every piece is made and opened through the
 * directory's descriptor, recorded in the cleanup registry (which holds
 * it open, so that its inode number cannot go to another file), and
 * checked to be the same file each time it is opened again.
 */
#ifndef IOFILE_H
#define IOFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/cleanup.h"
#include "clyde.h"
#include "results.h"
#include "io.h"

/* A piece's size when the file is in pieces. */
#define IOFILE_PIECE_BYTES GIB
/* Longest piece name: prefix + "f" + up to 10 digits. */
#define IOFILE_NAME_MAX 40

/*
 * --shared-file: a copy's file is its region of one file, IOFILE_SHARED in
 * the job's directory, that every copy of every rank shares
 * (iofile_share.c). The job's copy 0 makes and removes it; the others
 * open it, checked against the identity it was made with.
 */
#define IOFILE_SHARED "shared"

/*
 * The shared file as its maker made it. The maker's registry holds it
 * open, but only in the maker's process: another rank tells it from a
 * later file that got its inode number by its birth time and inode
 * generation too, where the filesystem keeps them (platform.h). id.type
 * 0: not made yet.
 */
struct iofile_made {
	struct file_id id;
	bool has_btime, has_gen;
	uint64_t btime_ns;
	uint32_t gen;
};

struct iofile_region {
	uint32_t index, count;   /* this copy's region of count; 0 of 0: none */
	uint64_t stripe_bytes;   /* strided: a region's stripe; 0: segmented */
	bool maker;              /* the job's copy 0 */
	bool ino_only;           /* on another host than the maker: devices
				  * differ, inode numbers still compare, and
				  * birth time and generation where this host
				  * sees them */
	struct iofile_made *made; /* the file as made, agreed across ranks */
};

struct iofile {
	char dir[PATH_MAX];   /* clyde's directory, as messages show it */
	int dir_fd;           /* clyde's directory, where the pieces are */
	char prefix[24];      /* name prefix of this copy's pieces */
	uint64_t size_bytes;
	uint64_t extent_bytes; /* of those, what the file holds: block output
				* may stop at a deadline (iofile_init: all) */
	uint64_t piece_bytes; /* each piece's room (iofile_piece_size) */
	uint32_t pieces;
	struct file_id *ids;  /* each piece as made; type 0 until then */
	struct iofile_region region; /* --shared-file; count 0 otherwise */
	bool foreign;         /* another rank's file, opened only to read
			       * (--reorder): a regular file, no symlink */
};

/*
 * The piece size for a file of SIZE_BYTES: IOFILE_PIECE_BYTES when PIECES
 * asks for pieces or when the filesystem cannot hold a file that large
 * (FILESIZE_BITS, what fpathconf's _PC_FILESIZEBITS says there: a signed
 * size in that many bits; -1 unknown, taken as 32); else one piece, the
 * size rounded up to a multiple of IOFILE_PIECE_BYTES (the last piece
 * holds only what the size leaves).
 */
uint64_t iofile_piece_size(uint64_t size_bytes, bool pieces, long filesize_bits);

/* The same for a file in the directory DIR_FD. */
uint64_t iofile_piece_size_at(int dir_fd, uint64_t size_bytes, bool pieces);

/*
 * Describe copy COPY of COPIES: SIZE_BYTES in pieces of PIECE_BYTES
 * (iofile_piece_size) inside the directory DIR_FD, shown as DIR. -1 with
 * errno ENOMEM.
 */
int iofile_init(struct iofile *tf, int dir_fd, const char *dir, unsigned copy,
		unsigned copies, uint64_t size_bytes, uint64_t piece_bytes);

/*
 * The same for a file of another name: pieces PREFIX000, PREFIX001, ...
 * (PREFIX, under 20 bytes, must differ from every copy's, "f" and "cN.f":
 * "probe" for --probe's file).
 */
int iofile_init_named(struct iofile *tf, int dir_fd, const char *dir,
		      const char *prefix, uint64_t size_bytes,
		      uint64_t piece_bytes);

/* Release what iofile_init allocated. */
void iofile_free(struct iofile *tf);

/* Bytes in piece PIECE within the extent: tf->piece_bytes, or less for
 * the last one, 0 past the extent. */
uint64_t iofile_piece_bytes(const struct iofile *tf, uint32_t piece);

/* The pieces that hold the extent (those a phase after block output
 * opens). */
uint32_t iofile_pieces_in_use(const struct iofile *tf);

/* Where byte OFF of piece PIECE is in the file the piece's descriptor
 * opens: OFF itself, or its place in the shared file's region. */
uint64_t iofile_offset(const struct iofile *tf, uint32_t piece, uint64_t off);

/*
 * --shared-file, on the job's copy 0 before block output: remove the old
 * shared file if clyde made it, then make it anew (exclusive create,
 * recorded for cleanup), its identity into *tf->region.made. 0, or -1 with
 * errno.
 */
int iofile_share_make(struct iofile *tf, const struct io_mode *mode);

/* Path of piece PIECE into BUF, for messages (fits PATH_MAX: dir was checked). */
void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		 size_t len);

/*
 * Create piece PIECE for writing with the run's mode (exclusive create,
 * never through a symlink, O_DIRECT/O_SYNC as MODE says), recorded for
 * cleanup with its identity; a region of the shared file opens that file
 * instead (iofile_open). Returns the fd or -1 with errno.
 */
int iofile_create(struct iofile *tf, uint32_t piece, const struct io_mode *mode);

/*
 * Open piece PIECE again for ACCESS (io.h) with the run's MODE, after
 * checking that its name still holds the file clyde made (before the
 * open, so nothing else is opened, and after it, on the descriptor; a
 * symlink or any other type in its place is never opened): for a region,
 * the shared file as its maker made it (struct iofile_made); for a
 * foreign file, a regular file whose type, device, inode and birth time
 * stay the same across the open. Returns the fd, or -1 with errno: 0 when
 * the name holds something else (CLEANUP_REPLACED says it), ENOENT when
 * the piece was never made.
 */
int iofile_open(const struct iofile *tf, uint32_t piece, enum io_access access,
		const struct io_mode *mode);

/*
 * Remove every piece of the file that clyde created and that is still the
 * file it made. A piece that cannot go stays recorded (cleanup_all counts
 * it); returns -1 with errno and the first such piece's path in
 * FAILED_PATH.
 */
int iofile_remove(struct iofile *tf, char *failed_path, size_t len);

/* The bytes of TF's pieces that clyde made and has not removed yet. */
uint64_t iofile_made_bytes(const struct iofile *tf);

#endif
