/* SPDX-License-Identifier: MIT */
/*
 * mounts_linux.c - mounts.h on Linux: the lines of /proc/self/mountinfo
 * (split by provenance.c's parser), without what no one tests a disk in,
 * each filesystem once.
 */
#include "mounts.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/grow.h"
#include "provenance_files.h"
#include "provenance_read.h"

/* Filesystems that are kernel interfaces, not places for files. */
static const char *const interfaces[] = {
	"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2",
	"securityfs", "debugfs", "tracefs", "pstore", "bpf", "configfs",
	"fusectl", "mqueue", "hugetlbfs", "autofs", "binfmt_misc", "nsfs",
	"efivarfs", "selinuxfs", "rpc_pipefs", "nfsd", "ramfs-control",
};

/* Whether option list OPTIONS ("rw,relatime") holds OPTION. */
static bool has_option(const char *options, const char *option)
{
	size_t n = strlen(option);

	for (const char *p = options; p; p = strchr(p, ',')) {
		p += *p == ',';
		if (strncmp(p, option, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return true;
	}
	return false;
}

/* Whether PATH is DIR or under it. */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* Whether a user could test in the mount M. */
static bool testable(const struct prov_mount_line *m)
{
	if (has_option(m->options, "ro") || has_option(m->super, "ro"))
		return false;
	for (size_t i = 0; i < sizeof(interfaces) / sizeof(interfaces[0]); i++)
		if (strcmp(m->type, interfaces[i]) == 0)
			return false;
	if (under(m->mount_point, "/proc") || under(m->mount_point, "/sys"))
		return false;
	return !under(m->mount_point, "/dev") || under(m->mount_point, "/dev/shm");
}

/* Whether E shows its filesystem better than F: its root, then a shorter point. */
static bool better(const struct mount_entry *e, const struct mount_entry *f)
{
	if (e->whole != f->whole)
		return e->whole;
	return strlen(e->mount_point) < strlen(f->mount_point);
}

/*
 * E into V[0..*n): over an entry at the same point (mounted on top of it),
 * in place of one of the same filesystem it shows better, dropped beside
 * one that shows it better, else appended.
 */
static void keep(struct mount_entry *v, size_t *n, const struct mount_entry *e)
{
	for (size_t i = 0; i < *n; i++) {
		bool same_fs = v[i].major == e->major && v[i].minor == e->minor;

		if (strcmp(v[i].mount_point, e->mount_point) == 0) {
			v[i] = *e;
			return;
		}
		if (same_fs) {
			if (better(e, &v[i]))
				v[i] = *e;
			return;
		}
	}
	v[(*n)++] = *e;
}

int mounts_testable(const char *root, struct mount_entry **out, size_t *n)
{
	char path[PATH_MAX], *line = NULL;
	struct mount_entry *v = NULL;
	size_t cap = 0, line_cap = 0;
	int rc = 0;
	FILE *f;

	*out = NULL;
	*n = 0;
	if (prov_path_at(path, sizeof(path), root, "/proc/self/mountinfo") != 0) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!(f = fopen(path, "re")))
		return -1;
	while (getline(&line, &line_cap, f) > 0) {
		struct prov_mount_line m;
		struct mount_entry e;
		struct mount_entry *grown;

		if (provenance_split_mountinfo(line, &m) != 0 || !testable(&m))
			continue;
		if (!(grown = grow_array(v, *n, &cap, sizeof(*v), 16))) {
			rc = -1;
			break;
		}
		v = grown;
		memset(&e, 0, sizeof(e));
		prov_copy(e.mount_point, sizeof(e.mount_point), m.mount_point);
		prov_copy(e.type, sizeof(e.type), m.type);
		prov_copy(e.source, sizeof(e.source), m.source);
		e.major = m.major;
		e.minor = m.minor;
		e.whole = strcmp(m.root, "/") == 0;
		keep(v, n, &e);
	}
	free(line);
	fclose(f);
	if (rc != 0) {
		free(v);
		*n = 0;
		errno = ENOMEM;
		return -1;
	}
	*out = v;
	return 0;
}
