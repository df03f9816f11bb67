/* SPDX-License-Identifier: MIT */
/*
 * testfile.h - clyde's own directory and the I/O test file: pieces of at
 * most 1 GiB ("f000", "f001", ...; "c2.f000" for copy 2 under -c) that
 * together make the test size. Every path made here is recorded in the
 * cleanup registry.
 */
#ifndef TESTFILE_H
#define TESTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clyde.h"

#define TESTFILE_PIECE_BYTES GIB

struct testfile {
	char dir[PATH_MAX];   /* clyde's directory, holding the pieces */
	char prefix[24];      /* name prefix of this copy's pieces */
	uint64_t size_bytes;
	uint32_t pieces;
};

/*
 * Make clyde's directory inside PARENT: PARENT/clyde.PID.XXXXXX (mkdtemp,
 * mode 0700), recorded for cleanup. The path goes to OUT. -1 with errno.
 */
int workdir_create(const char *parent, char *out, size_t len);

/*
 * Probe WORKDIR with a scratch file: *align receives the direct-I/O
 * alignment the filesystem needs; with DIRECT the file is also opened with
 * O_DIRECT. Returns 0, or -1 with errno and *failed_op naming the step
 * ("create", "open with O_DIRECT"). The scratch file is removed.
 */
int workdir_probe(const char *workdir, bool direct, uint32_t *align,
		  const char **failed_op);

/* What the filesystem under a directory has left, from statvfs. */
struct space_info {
	uint64_t avail_bytes;   /* an unprivileged user may still write */
	uint64_t block_bytes;   /* allocation unit */
	uint64_t avail_inodes;
	bool inodes_known;      /* false: the filesystem makes inodes as needed */
};

/* Fill *OUT for DIR. -1 with errno. */
int space_query(const char *dir, struct space_info *out);

/* The most a run under a config puts on the filesystem at once. */
struct space_need {
	uint64_t io_bytes;      /* the I/O test files of every copy */
	uint64_t files_bytes;   /* file tests: every file at the largest size,
				 * rounded up to blocks, and the directories */
	uint64_t bytes;         /* both, clyde's directory, plus 1% */
	uint64_t inodes;        /* pieces, files, symlinks, directories */
};

/*
 * What CFG needs on a filesystem of BLOCK_BYTES blocks (0: 4096), every
 * copy included; sums saturate at UINT64_MAX. Pure.
 */
void space_need(const struct config *cfg, uint64_t block_bytes,
		struct space_need *need);

/* Describe copy COPY of COPIES: SIZE_BYTES split in pieces inside DIR. */
void testfile_init(struct testfile *tf, const char *dir, unsigned copy,
		   unsigned copies, uint64_t size_bytes);

/* Bytes in piece PIECE: 1 GiB, or less for the last one. */
uint64_t testfile_piece_bytes(const struct testfile *tf, uint32_t piece);

/* Path of piece PIECE into BUF (always fits PATH_MAX: dir was checked). */
void testfile_path(const struct testfile *tf, uint32_t piece, char *buf,
		   size_t len);

/*
 * Create piece PIECE for writing with the run's mode (exclusive create,
 * O_DIRECT/O_SYNC as MODE says), recorded for cleanup. Returns the fd or -1.
 */
int testfile_create(const struct testfile *tf, uint32_t piece,
		    const struct io_mode *mode);

/*
 * Remove every piece of the file that clyde created (recorded in the
 * cleanup registry) and that still exists. Returns -1 with errno and the
 * failing piece's path in FAILED_PATH.
 */
int testfile_remove(const struct testfile *tf, char *failed_path, size_t len);

#endif
