/* SPDX-License-Identifier: MIT */
/*
 * iofile_share.c - the test file when it is not a copy's own: its region
 * of the one shared file (--shared-file: where each byte lies, making the
 * file on the job's copy 0, opening it elsewhere against the identity it
 * was made with), and another rank's file opened to read (--reorder).
 */
#include "iofile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "iofile_internal.h"

uint64_t iofile_offset(const struct iofile *tf, uint32_t piece, uint64_t off)
{
	const struct iofile_region *r = &tf->region;
	uint64_t at = (uint64_t)piece * IOFILE_PIECE_BYTES + off;

	if (r->count == 0)
		return off;
	if (r->stripe_bytes == 0) /* segmented: region after region */
		return (uint64_t)r->index * tf->size_bytes + at;
	/* strided: stripe k of every region, then stripe k + 1 of every one */
	return (at / r->stripe_bytes) * r->stripe_bytes * r->count +
	       (uint64_t)r->index * r->stripe_bytes + at % r->stripe_bytes;
}

int iofile_share_make(struct iofile *tf, const struct io_mode *mode)
{
	char path[PATH_MAX];
	struct stat st;

	/* The path the registry knows it by (iofile_path's, for a region;
	 * workdir_create left room for it). */
	if (snprintf(path, sizeof(path), "%s/%s", tf->dir, IOFILE_SHARED) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (cleanup_owns(path) && cleanup_remove(path) != 0)
		return -1;
	*tf->region.id = (struct file_id){ 0, 0 };
	int fd = io_openat(tf->dir_fd, IOFILE_SHARED, IO_CREATE, mode);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || cleanup_add(tf->dir_fd, path, &st, false) != 0) {
		int saved = errno;

		close(fd);
		unlinkat(tf->dir_fd, IOFILE_SHARED, 0);
		errno = saved;
		return -1;
	}
	*tf->region.id = file_id_of(&st);
	return close(fd);
}

/* Whether *ST is the shared file as made (inode numbers alone from
 * another host, whose device numbers are its own). */
static bool is_shared(const struct iofile *tf, const struct stat *st)
{
	const struct file_id *id = tf->region.id;

	if (tf->region.ino_only)
		return (uint64_t)st->st_ino == id->ino && S_ISREG(st->st_mode);
	return file_id_is(id, st);
}

int iofile_open_other(const struct iofile *tf, const char *name,
		      enum io_access access, const struct io_mode *mode)
{
	struct stat before, after;
	bool shared = tf->region.count > 0;

	if (shared && tf->region.id->ino == 0 && tf->region.id->dev == 0) {
		errno = ENOENT;
		return -1;
	}
	if (fstatat(tf->dir_fd, name, &before, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (shared ? !is_shared(tf, &before) : !S_ISREG(before.st_mode)) {
		errno = 0;
		return -1;
	}
	int fd = io_openat(tf->dir_fd, name, access, mode);
	if (fd < 0)
		return -1;
	int saved = fstat(fd, &after) != 0 ? errno
		    : after.st_ino != before.st_ino || after.st_dev != before.st_dev
		    ? 0 : -1;
	if (saved >= 0) {
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}
