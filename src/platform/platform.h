/* SPDX-License-Identifier: MIT */
/*
 * platform.h - the small interface to what only some kernels can tell:
 * direct-I/O alignment, the filesystem's name, what tells one file from a
 * later one with the same inode number, syncing one filesystem.
 * platform_linux.c implements it on Linux, platform_none.c everywhere
 * else.
 */
#ifndef PLATFORM_H
#define PLATFORM_H

#include <stdbool.h>
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
 * Whether the open file FD lies on a filesystem of the kernel's own
 * settings and state (proc, sysfs, debugfs, tracefs, securityfs, cgroup,
 * configfs, bpf, efivarfs, pstore), where a write is an order to the
 * kernel and no place for results. False where it cannot be told.
 */
bool platform_kernel_fs(int fd);

/*
 * The user who owns the POSIX named semaphore NAME ("/clyde.sync.procs")
 * into *UID: 0, or -1 with errno (ENOENT: there is none; ENOSYS: it
 * cannot be told here). Linux's C library keeps one as /dev/shm/sem.NAME.
 */
int platform_sem_owner(const char *name, unsigned long *uid);

/*
 * The most threads the system lets exist at once (Linux: the smaller of
 * /proc/sys/kernel/threads-max and pid_max), or 0 when it cannot be told.
 */
uint64_t platform_threads_max(void);

/*
 * Write back and commit what the filesystem holding the open FD has
 * pending (Linux: syncfs, which waits for its journal's commit and what
 * the commit does, such as online discard; elsewhere: sync). 0, or -1
 * with errno.
 */
int platform_sync_fs(int fd);

/*
 * What a name holds, as far as telling files apart goes: device, inode,
 * type, size and, where the filesystem keeps it, the birth time. A file
 * made after another was removed may get its inode number; it never gets
 * its birth time, unless both were made within one tick of the clock.
 */
struct platform_stamp {
	uint64_t dev, ino;
	uint32_t type;      /* st_mode & S_IFMT */
	uint64_t size;      /* st_size */
	bool has_btime;
	uint64_t btime_ns;  /* since the epoch; 0 without has_btime */
};

/*
 * Stamp NAME in the directory DIRFD (without following a symlink, unless
 * FOLLOW), or DIRFD's own file when NAME is "". One system call, as
 * costly as a stat (Linux: statx, asking for STATX_BTIME). 0, or -1 with
 * errno.
 */
int platform_stamp_at(int dirfd, const char *name, bool follow,
		      struct platform_stamp *out);

/*
 * The inode generation of the open file FD (Linux: FS_IOC_GETVERSION,
 * which ext2/3/4, XFS, btrfs and others keep: a number drawn anew each
 * time an inode is used again) into *GEN. 0, or -1 with errno (ENOTTY,
 * EOPNOTSUPP...: the filesystem keeps none).
 */
int platform_generation(int fd, uint32_t *gen);

/*
 * How long the calling thread has waited for a CPU while it could run, in
 * nanoseconds since it started (Linux: /proc/thread-self/schedstat's run
 * delay, with schedstats in the kernel), or 0 when it cannot be told. The
 * time a CPU-bound test loses to other work on a busy machine.
 */
uint64_t platform_run_delay_ns(void);

#endif
