/* SPDX-License-Identifier: MIT */
/*
 * mounts.h - the mounted filesystems a user could run clyde in, for
 * `clyde where`: read-write, not a kernel interface (proc, sysfs, cgroup,
 * devpts, ...), each filesystem once. mounts_linux.c reads them from
 * /proc/self/mountinfo; mounts_none.c says it cannot.
 */
#ifndef MOUNTS_H
#define MOUNTS_H

#include <stdbool.h>
#include <stddef.h>

/* One mounted filesystem. */
struct mount_entry {
	char mount_point[256]; /* "/", "/dev/shm"; escapes decoded */
	char type[32];         /* "ext4", "tmpfs" */
	char source[256];      /* "/dev/vda", "server:/export", "tmpfs" */
	unsigned major, minor; /* the filesystem's device, "254:0" */
	bool whole;            /* its root is mounted, not a directory of it */
};

/*
 * The testable mounts of this process's namespace, read from ROOT's
 * /proc/self/mountinfo (ROOT "" for the running system; a test's fake tree
 * otherwise), in mountinfo's order: read-only mounts, kernel interfaces
 * and anything mounted under /proc, /sys or /dev (but /dev/shm) left out;
 * of mounts at one point only the last (it is on top), of a filesystem
 * mounted at several points (bind mounts) only one: its root's mount
 * before a directory's, then the shortest point. *OUT
 * (free it) gets *N entries. 0, or -1 with errno (ENOSYS where the
 * platform cannot tell).
 */
int mounts_testable(const char *root, struct mount_entry **out, size_t *n);

#endif
