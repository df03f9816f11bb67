/* SPDX-License-Identifier: MIT */
/*
 * device_linux.c - the block device under a directory, from sysfs:
 * /sys/dev/block/MAJ:MIN resolves to the device (or partition) directory,
 * whose "stat" file counts 512-byte sectors read (field 3) and written
 * (field 7), and whose disk's queue/ says the scheduler and rotational;
 * for btrfs, whose device numbers are anonymous, /sys/fs/btrfs/FSID/devices.
 */
#ifdef __linux__
#include "device.h"

#include <dirent.h>
#include <libgen.h>
#include <linux/btrfs.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
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

/* btrfs: the devices under /sys/fs/btrfs/FSID/devices/, FSID from the
 * filesystem itself (BTRFS_IOC_FS_INFO on the open directory). */
static void find_btrfs(int dir_fd, struct device *dev)
{
	struct btrfs_ioctl_fs_info_args info;
	char dir[96], link[PATH_MAX];
	struct statfs sfs;
	const unsigned char *u = info.fsid;

	memset(&info, 0, sizeof(info));
	if (fstatfs(dir_fd, &sfs) != 0 || sfs.f_type != BTRFS_SUPER_MAGIC ||
	    ioctl(dir_fd, BTRFS_IOC_FS_INFO, &info) != 0)
		return;
	snprintf(dir, sizeof(dir), "/sys/fs/btrfs/%02x%02x%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x-%02x%02x%02x%02x%02x%02x/devices", u[0], u[1], u[2], u[3],
		 u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13],
		 u[14], u[15]);
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(link, sizeof(link), "%s/%s", dir, e->d_name);
		add_device(dev, link);
	}
	closedir(d);
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
