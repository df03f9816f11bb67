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

#include "results.h"

/* The most devices of one filesystem whose counters are summed (btrfs). */
#define DEVICE_MAX 4

struct device {
	char name[64];            /* "nvme0n1", the whole disk's; "a+b" for several */
	unsigned n;               /* how many stat paths: 0 none found, 1, or a
				   * btrfs's devices */
	char stat_path[DEVICE_MAX][PATH_MAX]; /* the partition's own when it has them */
};

struct provenance;

/*
 * Find the block device holding the open directory DIR_FD (st_dev ->
 * /sys/dev/block/MAJ:MIN; a partition's parent names the disk). btrfs
 * gives its files an anonymous device number: its devices are the layers
 * right under the filesystem in PROV, the directory's provenance (from
 * /sys/fs/btrfs/FSID/devices/; up to DEVICE_MAX, counters summed; PROV
 * NULL: none). Sets dev->n to 0 when there is none (tmpfs, NFS).
 * Never fails.
 */
void device_find(int dir_fd, const struct provenance *prov,
		 struct device *dev);

/*
 * The device's (or devices') cumulative bytes read and written since boot
 * into *io
 * (io->known false when they cannot be read). Counters are device-wide:
 * they include any other process's I/O on the same disk.
 */
void device_counters(const struct device *dev, struct device_io *io);

/*
 * The bytes the device (or devices) has discarded since boot (Linux: the
 * stat file's 14th field, in sectors) into *BYTES; false when that cannot
 * be read (no device, a kernel before 4.18, elsewhere).
 */
bool device_discarded(const struct device *dev, uint64_t *bytes);

/*
 * After a removal of BYTES, begun when the device had discarded BEFORE
 * (device_discarded), whose discards the filesystem may issue after its
 * sync (ext4's online discard runs in a worker): while the device's count
 * still moves (looked at every 20 ms), wait until it has discarded BYTES,
 * or has not moved for 1 s, or 300 s have passed, or STOP() says to stop
 * (a signal). The bytes discarded since BEFORE; *LAST_NS (timer_now_ns)
 * set to when the count last moved, left alone when it did not move after
 * the call. Returns at once, 0, without device_discarded.
 */
uint64_t device_discard_wait(const struct device *dev, uint64_t before,
			     uint64_t bytes, bool (*stop)(void), uint64_t *last_ns);

/* What the device moved between two readings of its counters. */
static inline void device_delta(const struct device_io *before,
				const struct device_io *after,
				struct device_io *out)
{
	*out = (struct device_io){ .known = before->known && after->known };
	if (!out->known)
		return;
	out->read_bytes = after->read_bytes - before->read_bytes;
	out->write_bytes = after->write_bytes - before->write_bytes;
}

#endif
