/* SPDX-License-Identifier: MIT */
/*
 * knob_linux.c - knob.h on Linux: block-queue attributes read and written
 * in /sys/class/block/DEV/queue, mount options read from
 * /proc/self/mountinfo and changed one at a time, so that nothing else of
 * the mount moves: the per-mount atime flags with mount_setattr(2), the
 * superblock's options with fspick(2) and fsconfig(2)'s reconfigure (both
 * through syscall(2), as older C libraries lack them).
 */
#include "knob.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/mount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "provenance_read.h"

/* The first line of PATH, its newline and trailing blanks cut, into OUT. */
static int read_line(const char *path, char *out, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	do
		n = read(fd, out, len - 1);
	while (n < 0 && errno == EINTR);
	int e = errno;
	close(fd);
	if (n < 0) {
		errno = e;
		return -1;
	}
	out[n] = '\0';
	out[strcspn(out, "\n")] = '\0';
	for (size_t k = strlen(out); k > 0 && out[k - 1] == ' '; k--)
		out[k - 1] = '\0';
	return 0;
}

/* Write VALUE to the sysfs attribute PATH in one write(2). */
static int write_attr(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	size_t len = strlen(value);
	ssize_t n;

	if (fd < 0)
		return -1;
	do
		n = write(fd, value, len);
	while (n < 0 && errno == EINTR);
	int e = errno;
	if (close(fd) != 0 && n >= 0) /* sysfs may say no only at close */
		return -1;
	if (n < 0) {
		errno = e;
		return -1;
	}
	return (size_t)n == len ? 0 : (errno = EIO, -1);
}

/* The last mountinfo line whose mount point is MP (the one on top), split
 * into *M over LINE. */
static int mount_line(const char *mp, char *line, size_t len,
		      struct prov_mount_line *m)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char buf[8192];
	bool found = false;

	if (!f)
		return -1;
	while (fgets(buf, sizeof(buf), f)) {
		char copy[sizeof(buf)];

		memcpy(copy, buf, sizeof(buf));
		if (provenance_split_mountinfo(copy, m) == 0 &&
		    strcmp(m->mount_point, mp) == 0 && strlen(buf) < len) {
			memcpy(line, buf, strlen(buf) + 1);
			found = true;
		}
	}
	fclose(f);
	if (!found || provenance_split_mountinfo(line, m) != 0) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

int knob_mount_text(const char *mp, char *out, size_t len)
{
	struct prov_mount_line m;
	char line[8192];

	if (mount_line(mp, line, sizeof(line), &m) != 0)
		return -1;
	snprintf(out, len, "%s %s", m.options, m.super);
	return 0;
}

int knob_get(const char *kind, const char *where, char *out, size_t len)
{
	char line[8192];

	if (strcmp(kind, KNOB_SYSFS) == 0)
		return read_line(where, out, len);
	if (strcmp(kind, KNOB_SCHEDULER) == 0) {
		if (read_line(where, line, sizeof(line)) != 0)
			return -1;
		knob_scheduler_selected(line, out, len);
		return 0;
	}
	if (strncmp(kind, KNOB_MOUNT, strlen(KNOB_MOUNT)) == 0) {
		struct prov_mount_line m;
		const char *state;

		if (mount_line(where, line, sizeof(line), &m) != 0)
			return -1;
		state = knob_mount_state(kind + strlen(KNOB_MOUNT), m.options, m.super);
		if (!state) {
			errno = EINVAL;
			return -1;
		}
		snprintf(out, len, "%s", state);
		return 0;
	}
	errno = EINVAL;
	return -1;
}

/* The atime flags of the mount at MP, alone: mount_setattr(2). */
static int set_mount_attr(const char *mp, const char *option)
{
#ifdef SYS_mount_setattr
	struct mount_attr attr = { 0 };

	if (strcmp(option, "nodiratime") == 0 || strcmp(option, "diratime") == 0) {
		if (option[0] == 'n')
			attr.attr_set = MOUNT_ATTR_NODIRATIME;
		else
			attr.attr_clr = MOUNT_ATTR_NODIRATIME;
	} else {
		attr.attr_clr = MOUNT_ATTR__ATIME;
		attr.attr_set = strcmp(option, "noatime") == 0 ? MOUNT_ATTR_NOATIME
				: strcmp(option, "relatime") == 0 ? MOUNT_ATTR_RELATIME
								  : MOUNT_ATTR_STRICTATIME;
	}
	return (int)syscall(SYS_mount_setattr, AT_FDCWD, mp, 0, &attr, sizeof(attr));
#else
	(void)mp;
	(void)option;
	errno = ENOSYS;
	return -1;
#endif
}

/* One superblock option of the mount at MP, alone: fspick + fsconfig. */
static int set_super_option(const char *mp, const char *option)
{
#if defined(SYS_fspick) && defined(SYS_fsconfig)
	int fd = (int)syscall(SYS_fspick, AT_FDCWD, mp, FSPICK_CLOEXEC);

	if (fd < 0)
		return -1;
	if (syscall(SYS_fsconfig, fd, FSCONFIG_SET_FLAG, option, NULL, 0) != 0 ||
	    syscall(SYS_fsconfig, fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0) != 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	close(fd);
	return 0;
#else
	(void)mp;
	(void)option;
	errno = ENOSYS;
	return -1;
#endif
}

int knob_put(const char *kind, const char *where, const char *value)
{
	if (strcmp(kind, KNOB_SYSFS) == 0 || strcmp(kind, KNOB_SCHEDULER) == 0)
		return write_attr(where, value);
	if (strncmp(kind, KNOB_MOUNT, strlen(KNOB_MOUNT)) == 0) {
		const char *group = knob_mount_group(value);

		if (!group || strcmp(group, kind + strlen(KNOB_MOUNT)) != 0) {
			errno = EINVAL;
			return -1;
		}
		if (strcmp(group, "atime") == 0 || strcmp(group, "diratime") == 0)
			return set_mount_attr(where, value);
		return set_super_option(where, value);
	}
	errno = EINVAL;
	return -1;
}

int knob_schedulers(const char *dev, char *out, size_t len)
{
	char path[512], line[512];

	if (read_line(knob_queue_path(dev, "scheduler", path, sizeof(path)), line,
		      sizeof(line)) != 0)
		return -1;
	knob_scheduler_list(line, out, len);
	return 0;
}

void knob_scheduler_missing(const char *name, char *why, size_t len)
{
	struct utsname u;
	char dir[sizeof(u.release) + 64];
	struct dirent *de;
	DIR *d;
	bool module = false;

	if (uname(&u) != 0)
		snprintf(u.release, sizeof(u.release), "?");
	snprintf(dir, sizeof(dir), "/lib/modules/%s/kernel/block", u.release);
	d = opendir(dir);
	while (d && !module && (de = readdir(d)) != NULL)
		module = strncmp(de->d_name, name, strlen(name)) == 0 &&
			 strstr(de->d_name, ".ko") != NULL;
	if (d)
		closedir(d);
	if (module)
		snprintf(why, len, "its module is not loaded (modprobe %s)", name);
	else
		snprintf(why, len, "this kernel (%s) does not have it", u.release);
}

size_t knob_iosched(const char *dev, char (*names)[64], size_t max)
{
	char dir[512];
	struct dirent **list;
	size_t n = 0;
	int k = scandir(knob_queue_path(dev, "iosched", dir, sizeof(dir)), &list,
			NULL, alphasort);

	for (int i = 0; i < k; i++) {
		char path[1024];
		struct stat st;
		size_t len = strlen(list[i]->d_name);

		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		if (n < max && list[i]->d_name[0] != '.' && len < sizeof(names[0]) &&
		    stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    (st.st_mode & S_IWUSR))
			memcpy(names[n++], list[i]->d_name, len + 1);
		free(list[i]);
	}
	if (k >= 0)
		free(list);
	return n;
}

const struct setting_access knob_access = { knob_get, knob_put };
