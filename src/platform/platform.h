/* SPDX-License-Identifier: MIT */
/*
 * platform.h - the small interface to what only some kernels can tell:
 * direct-I/O alignment and the filesystem's name. platform_linux.c
 * implements it on Linux, platform_none.c everywhere else.
 */
#ifndef PLATFORM_H
#define PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#define PLATFORM_DEFAULT_DIO_ALIGN 4096u

/*
 * The alignment O_DIRECT needs for offsets, lengths and buffers of the open
 * file FD: the larger of the kernel's memory and offset alignment (statx
 * STATX_DIOALIGN), else PLATFORM_DEFAULT_DIO_ALIGN. Never fails.
 */
uint32_t platform_dio_align(int fd);

/*
 * The type of the filesystem holding the open file or directory FD
 * ("ext4", "tmpfs", ...; "unknown" when it cannot be told), written to
 * BUF. Returns BUF.
 */
const char *platform_fs_name(int fd, char *buf, size_t len);

/*
 * The most threads the system lets exist at once (Linux: the smaller of
 * /proc/sys/kernel/threads-max and pid_max), or 0 when it cannot be told.
 */
uint64_t platform_threads_max(void);

/*
 * How long the calling thread has waited for a CPU while it could run, in
 * nanoseconds since it started (Linux: /proc/thread-self/schedstat's run
 * delay, with schedstats in the kernel), or 0 when it cannot be told. The
 * time a CPU-bound test loses to other work on a busy machine.
 */
uint64_t platform_run_delay_ns(void);

#endif
