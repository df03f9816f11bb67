/* SPDX-License-Identifier: MIT */
/*
 * device_linux.c - the block device under a directory, from sysfs:
 * /sys/dev/block/MAJ:MIN resolves to the device (or partition) directory,
 * whose "stat" file counts 512-byte sectors read (field 3) and written
 * (field 7), and whose disk's queue/ says the scheduler and rotational;
 * for btrfs, whose device numbers are anonymous, the devices the
 * provenance reader finds (provenance.h).
 */
#ifdef __linux__
#include "device.h"
#include "provenance.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* The first line of PATH into BUF without its newline; -1 if unreadable. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* "noop [mq-deadline] kyber" -> "mq-deadline"; a lone name stays itself. */
static void pick_scheduler(const char *line, char *out, size_t len)
{
	const char *open = strchr(line, '[');
	const char *close = open ? strchr(open, ']') : NULL;

	const char *name = open && close ? open + 1 : line;
	size_t n = open && close ? (size_t)(close - open - 1) : strlen(line);

	if (n >= len)
		n = len - 1; /* scheduler names are short; never overrun */
	memcpy(out, name, n);
	out[n] = '\0';
}

/*
 * Add the block device whose sysfs directory LINK names (a partition's
 * parent is the disk) to *DEV: its counters, and for the first one the
 * disk's name, scheduler and rotational. False when it has no counters.
 */
static bool add_device(struct device *dev, const char *link)
{
	char real[PATH_MAX], disk[PATH_MAX], path[PATH_MAX + 32], line[256];

	if (dev->n == DEVICE_MAX || !realpath(link, real))
		return false;
	snprintf(disk, sizeof(disk), "%s", real);
	snprintf(path, sizeof(path), "%s/partition", real);
	if (access(path, F_OK) == 0)
		snprintf(disk, sizeof(disk), "%s", dirname(real));
	char *stat_path = dev->stat_path[dev->n];
	if (snprintf(stat_path, sizeof(dev->stat_path[0]), "%s/stat", link) >=
		    (int)sizeof(dev->stat_path[0]) ||
	    access(stat_path, R_OK) != 0)
		return false;
	memcpy(real, disk, sizeof(real)); /* basename may modify its argument */
	if (dev->n++ > 0) {
		size_t used = strlen(dev->name);
		snprintf(dev->name + used, sizeof(dev->name) - used, "+%s", basename(real));
		return true;
	}
	dev->found = true;
	snprintf(dev->name, sizeof(dev->name), "%s", basename(real));
	snprintf(path, sizeof(path), "%s/queue/scheduler", disk);
	if (read_line(path, line, sizeof(line)) == 0)
		pick_scheduler(line, dev->scheduler, sizeof(dev->scheduler));
	snprintf(path, sizeof(path), "%s/queue/rotational", disk);
	if (read_line(path, line, sizeof(line)) == 0)
		dev->rotational = line[0] == '1';
	return true;
}

/*
 * btrfs gives its files an anonymous device number: the provenance reader
 * knows its devices (from /sys/fs/btrfs/FSID/devices), each a layer with
 * nothing above it.
 */
static void find_btrfs(int dir_fd, struct device *dev)
{
	struct provenance *p = malloc(sizeof(*p));
	char self[64], link[96];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", dir_fd);
	if (p && provenance_read(self, "", p) == 0) {
		for (size_t i = 0; i < p->n_layers; i++) {
			if (p->layers[i].above != -1)
				continue;
			snprintf(link, sizeof(link), "/sys/class/block/%s",
				 p->layers[i].name);
			add_device(dev, link);
		}
	}
	free(p);
}

void device_find(int dir_fd, struct device *dev)
{
	char link[64];
	struct stat st;

	memset(dev, 0, sizeof(*dev));
	dev->rotational = -1;
	if (fstat(dir_fd, &st) != 0)
		return;
	if (major(st.st_dev) == 0) {
		find_btrfs(dir_fd, dev);
		return;
	}
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(st.st_dev),
		 minor(st.st_dev));
	add_device(dev, link);
}

void device_counters(const struct device *dev, struct device_io *io)
{
	unsigned long long f[7];
	char line[512];

	memset(io, 0, sizeof(*io));
	for (unsigned i = 0; dev->found && i < dev->n; i++) {
		/* reads, merges, sectors read, ms, writes, merges, sectors written */
		if (read_line(dev->stat_path[i], line, sizeof(line)) != 0 ||
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
#else
typedef int device_linux_unused;
#endif
