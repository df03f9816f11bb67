/* SPDX-License-Identifier: MIT */
/*
 * platform_none.c - portable fallback for platform.h on systems without
 * Linux's statx and statfs: default alignment, unknown filesystem, no
 * birth time and no inode generation.
 */
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t platform_dio_align(int fd)
{
	(void)fd;
	return PLATFORM_DEFAULT_DIO_ALIGN;
}

const char *platform_fs_name(int fd, char *buf, size_t len)
{
	(void)fd;
	snprintf(buf, len, "unknown");
	return buf;
}

bool platform_kernel_fs(int fd)
{
	(void)fd;
	return false;
}

int platform_sem_owner(const char *name, unsigned long *uid)
{
	(void)name;
	(void)uid;
	errno = ENOSYS;
	return -1;
}

uint64_t platform_run_delay_ns(void)
{
	return 0;
}

uint64_t platform_threads_max(void)
{
	return 0;
}

int platform_sync_fs(int fd)
{
	(void)fd;
	sync();
	return 0;
}

int platform_stamp_at(int dirfd, const char *name, bool follow,
		      struct platform_stamp *out)
{
	struct stat st;

	if ((name[0] ? fstatat(dirfd, name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW)
		     : fstat(dirfd, &st)) != 0)
		return -1;
	out->dev = (uint64_t)st.st_dev;
	out->ino = (uint64_t)st.st_ino;
	out->type = (uint32_t)(st.st_mode & S_IFMT);
	out->size = (uint64_t)st.st_size;
	out->has_btime = false;
	out->btime_ns = 0;
	return 0;
}

int platform_generation(int fd, uint32_t *gen)
{
	(void)fd;
	(void)gen;
	errno = ENOTTY;
	return -1;
}
