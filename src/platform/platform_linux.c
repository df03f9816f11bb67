/* SPDX-License-Identifier: MIT */
/*
 * platform_linux.c - Linux answers for platform.h: STATX_DIOALIGN through
 * the raw statx system call (glibc's struct statx lacks the fields on older
 * releases), statfs magic numbers for filesystem names, the kernel's
 * thread limits from /proc/sys/kernel, birth times (statx), inode
 * generations (FS_IOC_GETVERSION) and a thread's time waiting for a CPU
 * from /proc/thread-self/schedstat.
 */
#include "platform.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/stat.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN 0x00002000U
#endif

uint32_t platform_dio_align(int fd)
{
	struct statx stx;

	memset(&stx, 0, sizeof(stx));
	if (syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) != 0 ||
	    !(stx.stx_mask & STATX_DIOALIGN) || stx.stx_dio_offset_align == 0)
		return PLATFORM_DEFAULT_DIO_ALIGN;
	uint32_t align = stx.stx_dio_offset_align;
	if (stx.stx_dio_mem_align > align)
		align = stx.stx_dio_mem_align;
	return align;
}

struct fs_magic {
	unsigned long magic;
	const char *name;
};

static const struct fs_magic fs_names[] = {
	{ EXT4_SUPER_MAGIC, "ext4" }, /* also ext2/ext3: same magic */
	{ 0x58465342UL, "xfs" },
	{ BTRFS_SUPER_MAGIC, "btrfs" },
	{ TMPFS_MAGIC, "tmpfs" },
	{ 0x2fc12fc1UL, "zfs" },
	{ NFS_SUPER_MAGIC, "nfs" },
	{ 0xff534d42UL, "cifs" },
	{ 0xfe534d42UL, "smb2" },
	{ MSDOS_SUPER_MAGIC, "vfat" },
	{ 0x2011bab0UL, "exfat" },
	{ 0x5346544eUL, "ntfs" },
	{ 0x7366746eUL, "ntfs3" },
	{ F2FS_SUPER_MAGIC, "f2fs" },
	{ OVERLAYFS_SUPER_MAGIC, "overlay" },
	{ FUSE_SUPER_MAGIC, "fuse" },
	{ RAMFS_MAGIC, "ramfs" },
	{ SQUASHFS_MAGIC, "squashfs" },
	{ 0x01021997UL, "9p" },
};

const char *platform_fs_name(int fd, char *buf, size_t len)
{
	struct statfs sfs;

	snprintf(buf, len, "unknown");
	if (fstatfs(fd, &sfs) != 0)
		return buf;
	for (size_t i = 0; i < sizeof(fs_names) / sizeof(fs_names[0]); i++) {
		if ((unsigned long)sfs.f_type == fs_names[i].magic) {
			snprintf(buf, len, "%s", fs_names[i].name);
			return buf;
		}
	}
	snprintf(buf, len, "type 0x%lx", (unsigned long)sfs.f_type);
	return buf;
}
/* The kernel's filesystems of settings and state (their statfs magic). */
static const unsigned long kernel_fs[] = {
	PROC_SUPER_MAGIC, SYSFS_MAGIC, DEBUGFS_MAGIC, 0x74726163UL /* tracefs */,
	SECURITYFS_MAGIC, CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC,
	0x62656570UL /* configfs */, BPF_FS_MAGIC, EFIVARFS_MAGIC,
	PSTOREFS_MAGIC,
};

bool platform_kernel_fs(int fd)
{
	struct statfs sfs;

	if (fstatfs(fd, &sfs) != 0)
		return false;
	for (size_t i = 0; i < sizeof(kernel_fs) / sizeof(kernel_fs[0]); i++)
		if ((unsigned long)sfs.f_type == kernel_fs[i])
			return true;
	return false;
}

int platform_sem_owner(const char *name, unsigned long *uid)
{
	char path[320];
	struct stat st;

	snprintf(path, sizeof(path), "/dev/shm/sem.%s", name[0] == '/' ? name + 1 : name);
	if (stat(path, &st) != 0)
		return -1;
	*uid = (unsigned long)st.st_uid;
	return 0;
}

/* The number in the first line of PATH, or 0. */
static uint64_t read_number(const char *path)
{
	unsigned long long v = 0;
	FILE *f = fopen(path, "re");

	if (!f)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

uint64_t platform_threads_max(void)
{
	uint64_t threads = read_number("/proc/sys/kernel/threads-max");
	uint64_t pids = read_number("/proc/sys/kernel/pid_max");

	if (threads == 0 || (pids != 0 && pids < threads))
		return pids;
	return threads;
}

int platform_sync_fs(int fd)
{
	return syncfs(fd);
}

int platform_stamp_at(int dirfd, const char *name, bool follow,
		      struct platform_stamp *out)
{
	int flags = (follow ? 0 : AT_SYMLINK_NOFOLLOW) | (name[0] ? 0 : AT_EMPTY_PATH);
	struct statx stx;

	memset(&stx, 0, sizeof(stx));
	if (syscall(SYS_statx, dirfd, name, flags,
		    STATX_TYPE | STATX_INO | STATX_SIZE | STATX_BTIME, &stx) != 0)
		return -1;
	/* The device as st_dev says it, so that a stamp and a stat compare. */
	out->dev = (uint64_t)makedev(stx.stx_dev_major, stx.stx_dev_minor);
	out->ino = stx.stx_ino;
	out->type = stx.stx_mode & S_IFMT;
	out->size = stx.stx_size;
	out->has_btime = (stx.stx_mask & STATX_BTIME) != 0;
	out->btime_ns = out->has_btime ? (uint64_t)stx.stx_btime.tv_sec * 1000000000u +
					 stx.stx_btime.tv_nsec
				       : 0;
	return 0;
}

int platform_generation(int fd, uint32_t *gen)
{
	/* The kernel writes an int whatever the header's macro says. */
	int v = 0;

	if (ioctl(fd, FS_IOC_GETVERSION, &v) != 0)
		return -1;
	*gen = (uint32_t)v;
	return 0;
}

uint64_t platform_run_delay_ns(void)
{
	unsigned long long on_cpu, waited;
	FILE *f = fopen("/proc/thread-self/schedstat", "re");
	int got = f ? fscanf(f, "%llu %llu", &on_cpu, &waited) : 0;

	if (f)
		fclose(f);
	return got == 2 ? waited : 0;
}
