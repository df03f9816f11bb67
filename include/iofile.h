/* SPDX-License-Identifier: MIT */
/*
 * iofile.h - the I/O test file: pieces of at most 1 GiB ("f000", "f001",
 * ...; "c2.f000" for copy 2 under -c) inside clyde's directory that
 * together make the test size. Every piece made here is recorded in the
 * cleanup registry.
 */
#ifndef IOFILE_H
#define IOFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clyde.h"

#define IOFILE_PIECE_BYTES GIB
/* Longest piece name: prefix + "f" + up to 10 digits. */
#define IOFILE_NAME_MAX 40

struct iofile {
	char dir[PATH_MAX];   /* clyde's directory, holding the pieces */
	char prefix[24];      /* name prefix of this copy's pieces */
	uint64_t size_bytes;
	uint32_t pieces;
};

/* Describe copy COPY of COPIES: SIZE_BYTES split in pieces inside DIR. */
void iofile_init(struct iofile *tf, const char *dir, unsigned copy,
		   unsigned copies, uint64_t size_bytes);

/* Bytes in piece PIECE: 1 GiB, or less for the last one. */
uint64_t iofile_piece_bytes(const struct iofile *tf, uint32_t piece);

/* Path of piece PIECE into BUF (always fits PATH_MAX: dir was checked). */
void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		   size_t len);

/*
 * Create piece PIECE for writing with the run's mode (exclusive create,
 * O_DIRECT/O_SYNC as MODE says), recorded for cleanup. Returns the fd or -1.
 */
int iofile_create(const struct iofile *tf, uint32_t piece,
		    const struct io_mode *mode);

/*
 * Remove every piece of the file that clyde created (recorded in the
 * cleanup registry) and that still exists. Returns -1 with errno and the
 * failing piece's path in FAILED_PATH.
 */
int iofile_remove(const struct iofile *tf, char *failed_path, size_t len);

#endif
