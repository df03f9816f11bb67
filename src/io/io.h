/* SPDX-License-Identifier: MIT */
/*
 * io.h - the one I/O helper: open flags for the run's mode, aligned buffers,
 * and full transfers (short counts, EINTR). Phases never call read(2) or
 * write(2) directly. Every function returns -1 with errno set on failure
 * and prints nothing.
 */
#ifndef IO_H
#define IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "results.h"
#include "iobuf.h" /* the buffers they move */

enum io_access { IO_READ, IO_WRITE, IO_CREATE };

/*
 * Open NAME inside the directory DIRFD for a bulk phase: IO_READ
 * read-only, IO_WRITE read-write, IO_CREATE read-write + create
 * exclusively (0600). Never follows a symlink (O_NOFOLLOW). Adds O_DIRECT
 * when mode->direct, O_SYNC when writing and mode->sync_writes, and
 * O_CLOEXEC. Retries EINTR unless clyde is stopping.
 */
int io_openat(int dirfd, const char *name, enum io_access access,
	      const struct io_mode *mode);

/*
 * Write all LEN bytes at OFF (or, with OFF < 0, at the file position),
 * retrying short writes and EINTR unless a signal asked clyde to stop (then
 * -1/EINTR). A write that makes no progress fails with ENOSPC.
 */
int io_write_full(int fd, const void *buf, size_t len, off_t off);

/*
 * Read LEN bytes at OFF (OFF < 0: at the file position). Returns the bytes
 * read, fewer than LEN only at end of file; -1 on error.
 */
ssize_t io_read_full(int fd, void *buf, size_t len, off_t off);

/*
 * Read a file the user named (-Z) whole, up to LEN bytes into BUF: the
 * count (fewer than LEN at its end), or -1 with errno. Whatever PATH is
 * (a FIFO with no writer yet, a slow writer, a device), no open or read
 * blocks for longer than a tenth of a second without looking at the stop
 * flag: once clyde is stopping it gives up, -1/EINTR.
 */
ssize_t io_read_named(const char *path, void *buf, size_t len);

/*
 * open(2) a file the user named (--json, clyde mark's --csv) with FLAGS
 * and MODE, without blocking: a FIFO opened for writing before any reader
 * has is tried again every tenth of a second, looking at the stop flag
 * between tries (-1/EINTR once clyde is stopping). The descriptor is left
 * blocking, as FLAGS asks. -1 with errno.
 */
int io_open_named(const char *path, int flags, mode_t mode);

/* fsync, then close; the close happens even when fsync fails. */
int io_sync_close(int fd);

#endif
