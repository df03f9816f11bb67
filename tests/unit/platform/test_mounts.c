/* SPDX-License-Identifier: MIT */
/*
 * test_mounts.c - mounts_testable on a fake /proc/self/mountinfo: kernel
 * interfaces, read-only mounts and /proc, /sys and /dev (but /dev/shm)
 * left out; a mount hidden under another at the same point replaced by
 * it; a filesystem bind-mounted at several points shown once, where its
 * root is mounted; escapes decoded. Then the live machine: its root filesystem is listed.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "platform/mounts.h"

static const char mountinfo[] =
	"21 26 0:20 / /proc rw,relatime - proc proc rw\n"
	"22 26 0:21 / /sys rw,relatime - sysfs sysfs rw\n"
	"23 26 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,size=1k\n"
	"24 23 0:22 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=2k\n"
	"25 23 0:23 / /dev/pts rw,relatime - devpts devpts rw\n"
	"26 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
	"27 26 0:24 / /mnt/ro ro,nosuid - tmpfs ro-tmpfs ro,size=4k\n"
	"29 24 0:26 / /dev/shm rw,relatime - tmpfs shm-on-top rw\n"
	"30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw\n"
	"31 26 8:1 / /mnt/data\\040disk rw,noatime - xfs /dev/sda1 rw\n"
	"32 26 8:1 /sub /srv/data/deeper/bind rw,noatime - xfs /dev/sda1 rw\n"
	"33 26 8:1 /sub /b rw,noatime - xfs /dev/sda1 rw\n"
	"34 26 0:40 / /net rw - nfs4 server:/export rw,vers=4.2\n"
	"35 26 0:41 / /run/cfg rw - tmpfs tmpfs ro\n"
	"not a mountinfo line\n";

static void fake_tree(char *root)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/proc/self", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/proc/self/mountinfo", root);
	f = fopen(path, "w");
	if (!f || fputs(mountinfo, f) == EOF || fclose(f) != 0)
		abort();
}

static void remove_tree(const char *root)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/proc/self/mountinfo", root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc/self", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/proc", root);
	rmdir(path);
	rmdir(root);
}

int main(void)
{
	char root[] = "/tmp/clyde-test-mounts.XXXXXX";
	struct mount_entry *m = NULL;
	size_t n = 0;

	if (!mkdtemp(root))
		return 1;
	fake_tree(root);
	CHECK("fake mountinfo read", mounts_testable(root, &m, &n) == 0);
	CHECK_U64("four testable mounts", n, 4);
	if (n == 4) {
		CHECK_STR("/dev/shm kept, the mount on top", m[0].mount_point, "/dev/shm");
		CHECK_STR("/dev/shm: the top mount's source", m[0].source, "shm-on-top");
		CHECK_STR("the root filesystem", m[1].mount_point, "/");
		CHECK_STR("its type", m[1].type, "ext4");
		CHECK_STR("its source", m[1].source, "/dev/vda");
		CHECK("its device", m[1].major == 254 && m[1].minor == 0);
		/* Its binds of a directory at /srv/... and /b are left out. */
		CHECK_STR("a filesystem once, where its root is mounted, with a "
			  "space decoded", m[2].mount_point, "/mnt/data disk");
		CHECK_STR("a network filesystem", m[3].type, "nfs4");
	}
	free(m);
	remove_tree(root);
	CHECK("no mountinfo: an error", mounts_testable(root, &m, &n) == -1 &&
	      errno == ENOENT && n == 0);

	/* The live machine lists the filesystem that holds the cwd's root. */
	if (mounts_testable("", &m, &n) != 0) {
		check_skip("live mounts", "no /proc/self/mountinfo here");
	} else {
		bool root_fs = false;

		for (size_t i = 0; i < n; i++)
			root_fs |= strcmp(m[i].mount_point, "/") == 0;
		if (n == 0)
			check_skip("live mounts", "nothing testable is mounted");
		else
			CHECK("live: some mount listed, / among them unless read-only",
			      n > 0 && (root_fs || access("/", W_OK) != 0));
		free(m);
	}
	return check_done();
}
