/* SPDX-License-Identifier: MIT */
/*
 * device.h - the truth check's view of the block device under the test
 * directory: which device it is, and how many bytes it has read and
 * written so far (how it is queued is the provenance's, provenance.h).
 * device_linux.c reads /sys; device_none.c is the portable fallback that
 * finds nothing.
 */
#ifndef DEVICE_H
#define DEVICE_H

#include <limits.h>
#include <stdbool.h>

#include "clyde.h"

struct device {
	bool found;
	char name[64];            /* "nvme0n1", the whole disk's name */
	char stat_path[PATH_MAX]; /* counters: the partition's own when it has them */
};

/*
 * Find the block device holding DIR (st_dev -> /sys/dev/block/MAJ:MIN; a
 * partition's parent names the disk). Sets dev->found false when there is
 * none (tmpfs, NFS, btrfs's anonymous device numbers). Never fails.
 */
void device_find(const char *dir, struct device *dev);

/*
 * The device's cumulative bytes read and written since boot into *io
 * (io->known false when they cannot be read). Counters are device-wide:
 * they include any other process's I/O on the same disk.
 */
void device_counters(const struct device *dev, struct device_io *io);

#endif
