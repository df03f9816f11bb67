/* SPDX-License-Identifier: MIT */
/*
 * device_linux.c - the block device under a directory, from sysfs:
 * /sys/dev/block/MAJ:MIN resolves to the device (or partition) directory,
 * whose "stat" file counts 512-byte sectors read (field 3) and written
 * (field 7). The files are read with the provenance reader's helper
 * (provenance_linux.h).
 */
#ifdef __linux__
#include "device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "provenance_linux.h"

void device_find(const char *dir, struct device *dev)
{
	char link[64], real[PATH_MAX];
	struct stat st;

	memset(dev, 0, sizeof(*dev));
	if (stat(dir, &st) != 0 || major(st.st_dev) == 0)
		return;
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(st.st_dev),
		 minor(st.st_dev));
	snprintf(dev->stat_path, sizeof(dev->stat_path), "%s/stat", link);
	if (!realpath(link, real) || access(dev->stat_path, R_OK) != 0)
		return;
	dev->found = true;
	if (prov_exists_in(real, "partition"))
		*strrchr(real, '/') = '\0'; /* the disk is the parent */
	prov_copy(dev->name, sizeof(dev->name), prov_base_name(real));
}

void device_counters(const struct device *dev, struct device_io *io)
{
	unsigned long long f[7];
	char line[512];

	memset(io, 0, sizeof(*io));
	if (!dev->found || prov_read_in(dev->stat_path, "", line, sizeof(line)) != 0)
		return;
	/* reads, merges, sectors read, ms, writes, merges, sectors written */
	if (sscanf(line, "%llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2],
		   &f[3], &f[4], &f[5], &f[6]) != 7)
		return;
	io->known = true;
	io->read_bytes = (uint64_t)f[2] * 512;
	io->write_bytes = (uint64_t)f[6] * 512;
}
#else
typedef int device_linux_unused;
#endif
