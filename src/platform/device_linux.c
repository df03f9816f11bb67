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
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

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
