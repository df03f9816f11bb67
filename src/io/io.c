/* SPDX-License-Identifier: MIT */
/*
 * io.c - open flags and full transfers for the phases (their buffers are
 * iobuf.c's), and the read of a file the user named. Owns partial
 * transfers and EINTR so no phase has to.
 */
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sys/cleanup.h"

int io_openat(int dirfd, const char *name, enum io_access access,
	      const struct io_mode *mode)
{
	int flags = O_CLOEXEC | O_NOFOLLOW;

	switch (access) {
	case IO_READ:
		flags |= O_RDONLY;
		break;
	case IO_WRITE:
		flags |= O_RDWR;
		break;
	case IO_CREATE:
		flags |= O_RDWR | O_CREAT | O_EXCL;
		break;
	}
	if (mode->direct)
		flags |= O_DIRECT;
	if (access != IO_READ && mode->sync_writes)
		flags |= O_SYNC;
	int fd;
	do
		fd = openat(dirfd, name, flags, 0600);
	while (fd < 0 && errno == EINTR && !cleanup_stopping());
	return fd;
}

int io_write_full(int fd, const void *buf, size_t len, off_t off)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t n = off < 0 ? write(fd, p, len) : pwrite(fd, p, len, off);

		if (n < 0) {
			if (errno == EINTR && !cleanup_stopping())
				continue;
			return -1;
		}
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
		if (off >= 0)
			off += n;
	}
	return 0;
}

ssize_t io_read_full(int fd, void *buf, size_t len, off_t off)
{
	char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t n = off < 0 ? read(fd, p + done, len - done)
				    : pread(fd, p + done, len - done, off + (off_t)done);

		if (n < 0) {
			if (errno == EINTR && !cleanup_stopping())
				continue;
			return -1;
		}
		if (n == 0)
			break;
		done += (size_t)n;
	}
	return (ssize_t)done;
}

/* How long a wait on a file the user named goes without a look at the
 * stop flag. */
#define NAMED_WAIT_MS 100

int io_open_named(const char *path, int flags, mode_t mode)
{
	const struct timespec tick = { 0, NAMED_WAIT_MS * 1000000L };
	int fd;

	for (;;) {
		if (cleanup_stopping()) {
			errno = EINTR;
			return -1;
		}
		fd = open(path, flags | O_NONBLOCK, mode);
		if (fd >= 0 || (errno != ENXIO && errno != EINTR))
			break;
		nanosleep(&tick, NULL); /* a FIFO with no reader yet */
	}
	if (fd >= 0 && !(flags & O_NONBLOCK) &&
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

ssize_t io_read_named(const char *path, void *buf, size_t len)
{
	struct pollfd pfd = { .events = POLLIN };
	char *p = buf;
	size_t done = 0;
	int err = 0;

	/* O_NONBLOCK: a FIFO opens at once, without waiting for a writer. */
	do
		pfd.fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	while (pfd.fd < 0 && errno == EINTR && !cleanup_stopping());
	if (pfd.fd < 0)
		return -1;
	while (done < len && !err) {
		/* A FIFO no writer opened yet reads as its end: poll waits for
		 * data, or for the end once a writer came and went. */
		int ready = poll(&pfd, 1, NAMED_WAIT_MS);
		ssize_t n = 0;

		if (cleanup_stopping())
			err = EINTR;
		else if (ready < 0 && errno != EINTR)
			err = errno;
		else if (ready > 0 && (n = read(pfd.fd, p + done, len - done)) == 0)
			break;
		else if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno != EAGAIN && errno != EINTR)
			err = errno;
	}
	close(pfd.fd);
	errno = err;
	return err ? -1 : (ssize_t)done;
}

int io_sync_close(int fd)
{
	int rc = fsync(fd);
	int saved = errno;

	if (close(fd) != 0 && rc == 0)
		return -1;
	if (rc != 0)
		errno = saved;
	return rc;
}
