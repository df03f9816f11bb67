/* SPDX-License-Identifier: MIT */
/*
 * device.h - the truth check's view of the block device under the test
 * directory: which device it is, how it is queued, and how many bytes it
 * has read and written so far. device_linux.c reads /sys; device_none.c is
 * the portable fallback that finds nothing.
 */
#ifndef DEVICE_H
#define DEVICE_H

#include <limits.h>
#include <stdbool.h>

#include "clyde.h"

/* The most devices of one filesystem whose counters are summed (btrfs). */
#define DEVICE_MAX 4

struct device {
	bool found;
	char name[64];            /* "nvme0n1", the whole disk's; "a+b" for several */
	unsigned n;               /* how many stat paths: 1, or a btrfs's devices */
	char stat_path[DEVICE_MAX][PATH_MAX]; /* the partition's own when it has them */
	char scheduler[32];       /* "mq-deadline", "" if unknown (the first's) */
	int rotational;           /* 1, 0, or -1 unknown (the first's) */
};

/*
 * Find the block device holding the open directory DIR_FD (st_dev ->
 * /sys/dev/block/MAJ:MIN; a partition's parent names the disk). btrfs
 * gives its files an anonymous device number: its devices are the ones
 * /sys/fs/btrfs/FSID/devices/ lists (up to DEVICE_MAX, counters summed).
 * Sets dev->found false when there is none (tmpfs, NFS). Never fails.
 */
void device_find(int dir_fd, struct device *dev);

/*
 * The device's (or devices') cumulative bytes read and written since boot
 * into *io
 * (io->known false when they cannot be read). Counters are device-wide:
 * they include any other process's I/O on the same disk.
 */
void device_counters(const struct device *dev, struct device_io *io);

#endif
