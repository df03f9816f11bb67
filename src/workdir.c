/* SPDX-License-Identifier: MIT */
/*
 * workdir.c - clyde's own directory (workdir.h): mkdtemp under -d,
 * recorded for cleanup, and the O_DIRECT probe with a scratch file.
 */
#include "workdir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "io.h"
#include "iofile.h"
#include "platform.h"

int workdir_create(const char *parent, const char *tag, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/clyde.%s%s%ld.XXXXXX", parent,
			 tag ? tag : "", tag ? "." : "", (long)getpid());

	if (n < 0 || (size_t)n + IOFILE_NAME_MAX >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!mkdtemp(out))
		return -1;
	if (cleanup_add(out, true) != 0) {
		int saved = errno;
		rmdir(out);
		errno = saved;
		return -1;
	}
	return 0;
}

int workdir_probe(const char *workdir, bool direct, uint32_t *align,
		  const char **failed_op)
{
	static const struct io_mode plain;
	struct io_mode odirect = { .direct = true };
	char path[PATH_MAX];
	int saved;

	snprintf(path, sizeof(path), "%s/probe", workdir);
	*failed_op = "create";
	int fd = io_open(path, IO_CREATE, &plain);
	if (fd < 0)
		return -1;
	if (cleanup_add(path, false) != 0) {
		saved = errno;
		goto out;
	}
	*align = platform_dio_align(fd);
	close(fd);
	fd = -1;
	saved = 0;
	if (direct) {
		*failed_op = "open with O_DIRECT";
		fd = io_open(path, IO_WRITE, &odirect);
		saved = fd < 0 ? errno : 0;
	}
out:
	if (fd >= 0)
		close(fd);
	unlink(path);
	cleanup_forget(path);
	errno = saved;
	return saved ? -1 : 0;
}

