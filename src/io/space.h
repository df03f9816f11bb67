/* SPDX-License-Identifier: MIT */
/*
 * space.h - the preflight's arithmetic: what the filesystem under -d has
 * left, and the most a run puts on it at once.
 */
#ifndef SPACE_H
#define SPACE_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

/* What the filesystem under a directory has left, from statvfs. */
struct space_info {
	uint64_t avail_bytes;   /* an unprivileged user may still write */
	uint64_t block_bytes;   /* allocation unit */
	uint64_t avail_inodes;
	bool inodes_known;      /* false: the filesystem makes inodes as needed */
	bool size_known;        /* false: it reports no size at all (ramfs) */
	bool read_only;         /* mounted read-only (or squashfs and the like) */
};

/* Fill *OUT for DIR. -1 with errno. */
int space_query(const char *dir, struct space_info *out);

/* The most a run under a config puts on the filesystem at once. */
struct space_need {
	uint64_t io_bytes;      /* the I/O test files of every copy */
	uint64_t files_bytes;   /* file tests: every file at the largest size,
				 * rounded up to blocks, and the directories */
	uint64_t bytes;         /* both, clyde's directory, --probe's file,
				 * plus 1% */
	uint64_t inodes;        /* pieces, files, symlinks, directories */
};

/*
 * What CFG needs on a filesystem of BLOCK_BYTES blocks (0: 4096), every
 * copy included; sums saturate at UINT64_MAX. Pure.
 */
void space_need(const struct config *cfg, uint64_t block_bytes,
		struct space_need *need);

#endif
