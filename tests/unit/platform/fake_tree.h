/* SPDX-License-Identifier: MIT */
/*
 * fake_tree.h - fake /proc and /sys trees for the provenance tests
 * (test_provenance.c, test_link.c): built in a temporary directory that
 * is also the test directory, so that its real st_dev leads into the fake
 * tree; SATA disks and partitions, virtual devices, a disk's queue with
 * identifiers beside it that must never be read. Header-only, for tests.
 */
#ifndef FAKE_TREE_H
#define FAKE_TREE_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "check.h"
#include "platform/provenance_read.h"

#define SECRET "SECRET-ID-0042"

/* snprintf into an array, which a path too long for the test stops. */
#define SPRINTF(buf, ...)                                                      \
	do {                                                                   \
		if (snprintf(buf, sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf)) \
			abort();                                               \
	} while (0)

static char root[PATH_MAX];    /* the fake tree, also the test directory */
static unsigned dev_major, dev_minor;
static struct provenance prov; /* large: not on the stack */

static inline const char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static inline const char *fmt(const char *f, ...)
{
	static char buf[8][PATH_MAX]; /* a few may be in use at once */
	static int next;
	char *b = buf[next++ % 8];
	va_list ap;

	va_start(ap, f);
	vsnprintf(b, PATH_MAX, f, ap);
	va_end(ap);
	return b;
}

/* mkdir -p ROOT/PATH. */
static inline void make_dirs(const char *path)
{
	char p[PATH_MAX];

	SPRINTF(p, "%s/%s", root, path);
	for (char *s = p + strlen(root) + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			mkdir(p, 0755);
			*s = '/';
		}
	mkdir(p, 0755);
}

/* ROOT/PATH holds TEXT (its directory made first). */
static inline void put(const char *path, const char *text)
{
	char dir[PATH_MAX];
	FILE *f;

	SPRINTF(dir, "%s", path);
	if (strrchr(dir, '/')) {
		*strrchr(dir, '/') = '\0';
		make_dirs(dir);
	}
	f = fopen(fmt("%s/%s", root, path), "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		printf("FAIL cannot write %s\n", path);
}

/* ROOT/LINK -> ROOT/TARGET, as an absolute link inside the tree. */
static inline void link_to(const char *link, const char *target)
{
	char dir[PATH_MAX];

	SPRINTF(dir, "%s", link);
	*strrchr(dir, '/') = '\0';
	make_dirs(dir);
	make_dirs(target);
	if (symlink(fmt("%s/%s", root, target), fmt("%s/%s", root, link)) != 0 &&
	    errno != EEXIST)
		printf("FAIL cannot link %s\n", link);
}

static inline void remove_tree(void)
{
	char cmd[PATH_MAX + 16];

	SPRINTF(cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", root);
}

/* A fresh fake tree with the machine files (and a host name never to read). */
static inline void fresh_tree(void)
{
	struct stat st;

	remove_tree();
	mkdir(root, 0755);
	stat(root, &st);
	dev_major = major(st.st_dev);
	dev_minor = minor(st.st_dev);
	put("proc/cpuinfo", "processor\t: 0\nvendor_id\t: Fake\nmodel name\t: Fake CPU 9000 @ 2.00GHz\n"
			    "processor\t: 1\nmodel name\t: Other\n");
	put("proc/meminfo", "MemFree:         1000 kB\nMemTotal:       16384000 kB\n");
	put("proc/sys/kernel/ostype", "Linux\n");
	put("proc/sys/kernel/osrelease", "6.1.0-test\n");
	put("proc/sys/kernel/hostname", SECRET "\n");
	put("sys/devices/system/cpu/online", "0-3,6\n");
	put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
}

/* mountinfo: one line for the test directory's own device, and DECOY lines. */
static inline void mount_line(const char *type, const char *source, const char *super)
{
	put("proc/self/mountinfo",
	    fmt("1 0 0:99 / /tmp rw,nosuid shared:5 - tmpfs tmpfs rw\n"
		"27 1 %u:%u / / rw,noatime - %s %s %s\n"
		"30 27 0:98 / /elsewhere rw - tmpfs tmpfs rw\n",
		dev_major, dev_minor, type, source, super));
}

/* The test directory's device is the fake block device at DEV. */
static inline void filesystem_on(const char *dev)
{
	link_to(fmt("sys/dev/block/%u:%u", dev_major, dev_minor), dev);
}

/* A disk's queue, with identifiers beside it that must never be read. */
static inline void queue(const char *where, const char *rotational, const char *sched)
{
	char disk[PATH_MAX];

	SPRINTF(disk, "%s", where);
	put(fmt("%s/queue/rotational", disk), rotational);
	put(fmt("%s/queue/logical_block_size", disk), "512\n");
	put(fmt("%s/queue/physical_block_size", disk), "4096\n");
	put(fmt("%s/queue/write_cache", disk), "write back\n");
	put(fmt("%s/queue/discard_max_bytes", disk), "2147450880\n");
	put(fmt("%s/queue/nr_requests", disk), "64\n");
	put(fmt("%s/queue/scheduler", disk), sched);
	put(fmt("%s/queue/read_ahead_kb", disk), "128\n");
	put(fmt("%s/serial", disk), SECRET "\n");
	put(fmt("%s/wwid", disk), SECRET "\n");
}

/*
 * A SATA (or PATA) disk NAME on controller PCI with driver DRIVER, port
 * PORT; returns its block directory.
 */
static inline const char *sata_disk(const char *name, const char *pci, const char *driver,
			     int port, const char *rotational)
{
	static char disk[PATH_MAX];
	const char *ctl = fmt("sys/devices/pci0000:00/%s", pci);
	const char *scsi = fmt("%s/ata%d/host%d/target%d:0:0/%d:0:0:0", ctl, port + 1,
			       port, port, port);
	char scsi_dir[PATH_MAX];

	SPRINTF(scsi_dir, "%s", scsi);
	link_to(fmt("%s/driver", ctl), fmt("sys/bus/pci/drivers/%s", driver));
	link_to(fmt("%s/driver", scsi_dir), "sys/bus/scsi/drivers/sd");
	put(fmt("%s/model", scsi_dir), "Samsung SSD 860 \n");
	put(fmt("%s/vendor", scsi_dir), "ATA     \n");
	put(fmt("%s/rev", scsi_dir), "4B6Q\n");
	put(fmt("%s/queue_depth", scsi_dir), "32\n");
	put(fmt("%s/vpd_pg80", scsi_dir), SECRET);
	put(fmt("%s/vpd_pg83", scsi_dir), SECRET);
	put(fmt("%s/wwid", scsi_dir), SECRET "\n");
	SPRINTF(disk, "%s/block/%s", scsi_dir, name);
	link_to(fmt("%s/device", disk), scsi_dir);
	queue(disk, rotational, "mq-deadline kyber [bfq] none\n");
	return disk;
}

/* Partition NUMBER of DISK; returns its directory. */
static inline const char *partition(const char *disk, const char *name, int number)
{
	static char part[PATH_MAX];

	SPRINTF(part, "%s/%s", disk, name);
	put(fmt("%s/partition", part), fmt("%d\n", number));
	put(fmt("%s/dev", part), fmt("8:%d\n", number));
	return part;
}

/* A virtual block device (dm, md, loop) under devices/virtual/block. */
static inline const char *virtual_dev(const char *name)
{
	static char dir[PATH_MAX];

	SPRINTF(dir, "sys/devices/virtual/block/%s", name);
	make_dirs(dir);
	return dir;
}

static inline void read_tree(const char *what)
{
	int rc = provenance_read(root, root, &prov);
	const unsigned char *b = (const unsigned char *)&prov;
	bool secret = false;

	CHECK(fmt("%s: reads", what), rc == 0);
	for (size_t i = 0; i + strlen(SECRET) <= sizeof(prov); i++)
		secret |= memcmp(b + i, SECRET, strlen(SECRET)) == 0;
	CHECK(fmt("%s: no identifier read", what), !secret);
}

/* Layer I is KIND NAME above ABOVE. */
static inline void check_layer(const char *what, size_t i, enum prov_kind kind,
			const char *name, int above)
{
	const struct prov_layer *l = &prov.layers[i];

	CHECK(fmt("%s: layer %zu is %s %s above %d", what, i,
		  provenance_kind_name(kind), name, above),
	      i < prov.n_layers && l->kind == kind && strcmp(l->name, name) == 0 &&
		      l->above == above);
}

#endif
