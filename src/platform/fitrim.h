/* SPDX-License-Identifier: MIT */
/*
 * fitrim.h - FITRIM: ask the filesystem holding a directory to discard its
 * free space on the device, as fstrim(8) does, and time it. Used by
 * --vary trim=before (and the --trim of clyde mark --steady). Needs root
 * (CAP_SYS_ADMIN). fitrim_linux.c does it; fitrim_none.c says no.
 */
#ifndef FITRIM_H
#define FITRIM_H

#include <stdint.h>

/* What one FITRIM did. */
struct fitrim_result {
	uint64_t bytes;      /* what the filesystem says it trimmed */
	uint64_t elapsed_ns; /* how long the ioctl took */
};

/*
 * Trim all the free space of the filesystem holding the open file or
 * directory FD into *R. 0, or -1 with errno: EPERM (not root),
 * EOPNOTSUPP or ENOTTY (the filesystem or its device cannot discard),
 * ENOTSUP where the platform has no FITRIM.
 */
int fitrim_run(int fd, struct fitrim_result *r);

#endif
