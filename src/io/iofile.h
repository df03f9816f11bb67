/* SPDX-License-Identifier: MIT */
/*
 * iofile.h - the I/O test file: pieces of at most 1 GiB ("f000", "f001",
 * ...; "c2.f000" for copy 2 under -c) inside clyde's directory that
 * together make the test size. Every piece is made and opened through the
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

#define IOFILE_PIECE_BYTES GIB
/* Longest piece name: prefix + "f" + up to 10 digits. */
#define IOFILE_NAME_MAX 40

struct iofile {
	char dir[PATH_MAX];   /* clyde's directory, as messages show it */
	int dir_fd;           /* clyde's directory, where the pieces are */
	char prefix[24];      /* name prefix of this copy's pieces */
	uint64_t size_bytes;
	uint32_t pieces;
	struct file_id *ids;  /* each piece as made; type 0 until then */
};

/*
 * Describe copy COPY of COPIES: SIZE_BYTES split in pieces inside the
 * directory DIR_FD, shown as DIR. -1 with errno ENOMEM.
 */
int iofile_init(struct iofile *tf, int dir_fd, const char *dir, unsigned copy,
		unsigned copies, uint64_t size_bytes);

/*
 * The same for a file of another name: pieces PREFIX000, PREFIX001, ...
 * (PREFIX, under 20 bytes, must differ from every copy's, "f" and "cN.f":
 * "probe" for --probe's file).
 */
int iofile_init_named(struct iofile *tf, int dir_fd, const char *dir,
		      const char *prefix, uint64_t size_bytes);

/* Release what iofile_init allocated. */
void iofile_free(struct iofile *tf);

/* Bytes in piece PIECE: 1 GiB, or less for the last one. */
uint64_t iofile_piece_bytes(const struct iofile *tf, uint32_t piece);

/* Path of piece PIECE into BUF, for messages (fits PATH_MAX: dir was checked). */
void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		 size_t len);

/*
 * Create piece PIECE for writing with the run's mode (exclusive create,
 * never through a symlink, O_DIRECT/O_SYNC as MODE says), recorded for
 * cleanup with its identity. Returns the fd or -1 with errno.
 */
int iofile_create(struct iofile *tf, uint32_t piece, const struct io_mode *mode);

/*
 * Open piece PIECE again for ACCESS (io.h) with the run's MODE, after
 * checking that its name still holds the file clyde made (before the
 * open, so nothing else is opened, and after it, on the descriptor; a
 * symlink or any other type in its place is never opened). Returns the
 * fd, or -1 with errno: 0 when the name holds something else
 * (CLEANUP_REPLACED says it), ENOENT when the piece was never made.
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

#endif
