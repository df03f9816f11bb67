/* SPDX-License-Identifier: MIT */
/*
 * workdir.c - clyde's own directory (workdir.h): a fresh name under -d made
 * with mkdirat, opened without following symlinks, recorded for cleanup;
 * and the O_DIRECT probe with a scratch file inside it.
 */
#include "workdir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "data.h"
#include "io.h"
#include "iofile.h"
#include "platform/platform.h"

#define NAME_TRIES 100

static const char name_chars[] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/* "clyde.[TAG.]PID." and six characters from *STATE into OUT. */
static void fresh_name(char *out, size_t len, const char *tag, uint64_t *state)
{
	char tail[7];
	uint64_t r = data_mix64(*state += 0x9e3779b97f4a7c15ULL);

	for (int i = 0; i < 6; i++, r /= sizeof(name_chars) - 1)
		tail[i] = name_chars[r % (sizeof(name_chars) - 1)];
	tail[6] = '\0';
	snprintf(out, len, "clyde.%s%s%ld.%s", tag ? tag : "", tag ? "." : "",
		 (long)getpid(), tail);
}

int workdir_make_fresh(int parent_fd, const char *tag, char *name, size_t len)
{
	struct timespec ts;
	uint64_t state;

	clock_gettime(CLOCK_REALTIME, &ts);
	state = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
		((uint64_t)getpid() << 16) ^ (uint64_t)(uintptr_t)name;
	for (int i = 0; i < NAME_TRIES; i++) {
		fresh_name(name, len, tag, &state);
		if (mkdirat(parent_fd, name, 0700) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1; /* errno is EEXIST */
}

int workdir_create(const char *parent, const char *tag, char *out, size_t len,
		   int *parent_fd, int *dir_fd)
{
	char name[160];
	int n;

	*dir_fd = -1;
	*parent_fd = -1;
	n = snprintf(out, len, "%s/clyde.%s%s%ld.XXXXXX", parent, tag ? tag : "",
		     tag ? "." : "", (long)getpid());
	if (n < 0 || (size_t)n + IOFILE_NAME_MAX >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	*parent_fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (*parent_fd < 0)
		return -1;
	if (workdir_make_fresh(*parent_fd, tag, name, sizeof(name)) != 0)
		return -1;
	snprintf(out, len, "%s/%s", parent, name);
	*dir_fd = openat(*parent_fd, name,
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*dir_fd < 0 || cleanup_add(*parent_fd, out, *dir_fd, true) != 0) {
		int saved = errno;
		unlinkat(*parent_fd, name, AT_REMOVEDIR);
		errno = saved;
		return -1;
	}
	return 0;
}

int workdir_probe(int dir_fd, const char *workdir, bool direct, uint32_t *align,
		  const char **failed_op)
{
	static const struct io_mode plain;
	struct io_mode odirect = { .direct = true };
	char path[PATH_MAX];
	struct stat st;
	int saved;

	snprintf(path, sizeof(path), "%s/probe", workdir);
	*failed_op = "create";
	int fd = io_openat(dir_fd, "probe", IO_CREATE, &plain);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || cleanup_add(dir_fd, path, fd, false) != 0) {
		saved = errno;
		close(fd);
		unlinkat(dir_fd, "probe", 0);
		errno = saved;
		return -1;
	}
	*align = platform_dio_align(fd);
	saved = 0;
	if (direct) {
		/* Opened by name: the name must still be the file just made. */
		struct file_id id = file_id_of(&st);
		int dfd = io_openat(dir_fd, "probe", IO_WRITE, &odirect);

		*failed_op = "open with O_DIRECT";
		saved = dfd < 0 ? errno : fstat(dfd, &st) != 0 ? errno : 0;
		if (saved == 0 && !file_id_is(&id, &st)) {
			*failed_op = "open with O_DIRECT: " CLEANUP_REPLACED;
			saved = EEXIST;
		}
		if (dfd >= 0)
			close(dfd);
	}
	close(fd);
	if (cleanup_remove(path) != 0 && saved == 0) {
		*failed_op = "unlink";
		saved = errno ? errno : EEXIST;
	}
	errno = saved;
	return saved ? -1 : 0;
}
