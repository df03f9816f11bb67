/* SPDX-License-Identifier: MIT */
/*
 * platform_none.c - portable fallback for platform.h on systems without
 * Linux's statx and statfs: default alignment, unknown filesystem.
 */
#include "platform.h"

#include <stdio.h>

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

uint64_t platform_run_delay_ns(void)
{
	return 0;
}

uint64_t platform_threads_max(void)
{
	return 0;
}
