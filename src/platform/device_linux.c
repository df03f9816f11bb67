/* SPDX-License-Identifier: MIT */
/*
 * device_linux.c - the block device under a directory, from sysfs:
 * /sys/dev/block/MAJ:MIN resolves to the device (or partition) directory,
 * whose "stat" file counts 512-byte sectors read (field 3) and written
 * (field 7); for btrfs, whose device numbers are anonymous, the devices
 * the provenance reader found (provenance.h). The files are read with the
 * provenance reader's helpers (provenance_files.h).
 */
#include "device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/timer.h"
#include "provenance_files.h"
#include "provenance_read.h"

/*
 * Add the block device whose sysfs directory LINK names (a partition's
 * parent is the disk) to *DEV: its counters, and its disk's name (joined
 * with "+" after the first). False when it has no counters.
 */
static bool add_device(struct device *dev, const char *link)
{
	char real[PATH_MAX], name[64];
	char *stat_path = dev->stat_path[dev->n];

	if (dev->n == DEVICE_MAX || !realpath(link, real) ||
	    snprintf(stat_path, sizeof(dev->stat_path[0]), "%s/stat", link) >=
		    (int)sizeof(dev->stat_path[0]) ||
	    access(stat_path, R_OK) != 0)
		return false;
	if (prov_exists_in(real, "partition"))
		*strrchr(real, '/') = '\0'; /* the disk is the parent */
	prov_copy(name, sizeof(name), prov_base_name(real));
	if (dev->n++ == 0) {
		prov_copy(dev->name, sizeof(dev->name), name);
	} else {
		size_t used = strlen(dev->name);

		snprintf(dev->name + used, sizeof(dev->name) - used, "+%s", name);
	}
	return true;
}

void device_find(int dir_fd, const struct provenance *prov, struct device *dev)
{
	char link[64];
	struct stat st;

	memset(dev, 0, sizeof(*dev));
	if (fstat(dir_fd, &st) != 0)
		return;
	if (major(st.st_dev) != 0) {
		snprintf(link, sizeof(link), "/sys/dev/block/%u:%u",
			 major(st.st_dev), minor(st.st_dev));
		add_device(dev, link);
		return;
	}
	/* btrfs: the layers right under the filesystem are its devices. */
	for (size_t i = 0; prov && i < prov->n_layers; i++) {
		if (prov->layers[i].above != -1)
			continue;
		snprintf(link, sizeof(link), "/sys/class/block/%s",
			 prov->layers[i].name);
		add_device(dev, link);
	}
}

void device_counters(const struct device *dev, struct device_io *io)
{
	unsigned long long f[7];
	char line[512];

	memset(io, 0, sizeof(*io));
	for (unsigned i = 0; i < dev->n; i++) {
		/* reads, merges, sectors read, ms, writes, merges, sectors written */
		if (prov_read_in(dev->stat_path[i], "", line, sizeof(line)) != 0 ||
		    sscanf(line, "%llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1],
			   &f[2], &f[3], &f[4], &f[5], &f[6]) != 7) {
			io->known = false;
			return;
		}
		io->known = true;
		io->read_bytes += (uint64_t)f[2] * 512;
		io->write_bytes += (uint64_t)f[6] * 512;
	}
}

bool device_discarded(const struct device *dev, uint64_t *bytes)
{
	unsigned long long f[14];
	char line[512];

	*bytes = 0;
	for (unsigned i = 0; i < dev->n; i++) {
		/* 4.18's discard fields follow the 11 older ones: ios, merges,
		 * sectors, ms */
		if (prov_read_in(dev->stat_path[i], "", line, sizeof(line)) != 0 ||
		    sscanf(line, "%llu %llu %llu %llu %llu %llu %llu %llu %llu "
				 "%llu %llu %llu %llu %llu", &f[0], &f[1], &f[2],
			   &f[3], &f[4], &f[5], &f[6], &f[7], &f[8], &f[9], &f[10],
			   &f[11], &f[12], &f[13]) != 14)
			return false;
		*bytes += (uint64_t)f[13] * 512;
	}
	return dev->n > 0;
}

#define DISCARD_LOOK_NS 20000000ull        /* 20 ms between looks */
#define DISCARD_QUIET_NS 1000000000ull     /* still for 1 s: over */
#define DISCARD_CAP_NS 300000000000ull     /* 300 s at most */

uint64_t device_discard_wait(const struct device *dev, uint64_t before,
			     uint64_t bytes, bool (*stop)(void), uint64_t *last_ns)
{
	const struct timespec look = { 0, (long)DISCARD_LOOK_NS };
	uint64_t start = timer_now_ns(), moved = start, seen = before, now;

	if (!device_discarded(dev, &now))
		return 0;
	if (now == before) {
		/* Nothing yet: give the filesystem's discards one look to start. */
		nanosleep(&look, NULL);
		if (!device_discarded(dev, &now) || now == before)
			return 0;
	}
	for (;;) {
		uint64_t t = timer_now_ns();

		if (now != seen) {
			seen = now;
			moved = t;
			*last_ns = t;
		}
		if (seen - before >= bytes || t - moved >= DISCARD_QUIET_NS ||
		    t - start >= DISCARD_CAP_NS || stop())
			break;
		nanosleep(&look, NULL);
		if (!device_discarded(dev, &now))
			break;
	}
	return seen - before;
}
