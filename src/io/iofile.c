/* SPDX-License-Identifier: MIT */
/*
 * iofile.c - the pieces of the I/O test file (iofile.h): naming, sizing,
 * creation and reopening through clyde's directory descriptor (each piece
 * checked to be the file clyde made: while the registry holds it open, its
 * device, inode and type are its identity), and removal.
 */
#include "iofile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"

int iofile_init(struct iofile *tf, int dir_fd, const char *dir, unsigned copy,
		unsigned copies, uint64_t size_bytes)
{
	char prefix[sizeof(tf->prefix)];

	if (copies > 1)
		snprintf(prefix, sizeof(prefix), "c%u.f", copy);
	else
		snprintf(prefix, sizeof(prefix), "f");
	return iofile_init_named(tf, dir_fd, dir, prefix, size_bytes);
}

int iofile_init_named(struct iofile *tf, int dir_fd, const char *dir,
		      const char *prefix, uint64_t size_bytes)
{
	snprintf(tf->dir, sizeof(tf->dir), "%s", dir);
	tf->dir_fd = dir_fd;
	snprintf(tf->prefix, sizeof(tf->prefix), "%s", prefix);
	tf->size_bytes = size_bytes;
	tf->pieces = (uint32_t)((size_bytes + IOFILE_PIECE_BYTES - 1) /
				IOFILE_PIECE_BYTES);
	tf->ids = calloc(tf->pieces ? tf->pieces : 1, sizeof(*tf->ids));
	if (!tf->ids) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void iofile_free(struct iofile *tf)
{
	free(tf->ids);
	tf->ids = NULL;
}

uint64_t iofile_piece_bytes(const struct iofile *tf, uint32_t piece)
{
	uint64_t start = (uint64_t)piece * IOFILE_PIECE_BYTES;
	uint64_t left = tf->size_bytes - start;

	return left < IOFILE_PIECE_BYTES ? left : IOFILE_PIECE_BYTES;
}

/* The piece's name inside clyde's directory. */
static void piece_name(const struct iofile *tf, uint32_t piece, char *buf,
		       size_t len)
{
	snprintf(buf, len, "%s%03u", tf->prefix, piece);
}

void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		 size_t len)
{
	/* workdir_create left room for every piece name; a cut name is only
	 * ever shown, never opened. */
	if (snprintf(buf, len, "%s/%s%03u", tf->dir, tf->prefix, piece) >= (int)len)
		buf[0] = '\0';
}

int iofile_create(struct iofile *tf, uint32_t piece, const struct io_mode *mode)
{
	char name[IOFILE_NAME_MAX], path[PATH_MAX];
	struct stat st;

	piece_name(tf, piece, name, sizeof(name));
	iofile_path(tf, piece, path, sizeof(path));
	int fd = io_openat(tf->dir_fd, name, IO_CREATE, mode);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || cleanup_add(tf->dir_fd, path, fd, false) != 0) {
		int saved = errno;
		close(fd);
		unlinkat(tf->dir_fd, name, 0);
		errno = saved;
		return -1;
	}
	tf->ids[piece] = file_id_of(&st);
	return fd;
}

int iofile_open(const struct iofile *tf, uint32_t piece, enum io_access access,
		const struct io_mode *mode)
{
	const struct file_id *id = &tf->ids[piece];
	char name[IOFILE_NAME_MAX];
	struct stat st;

	if (id->type == 0) {
		errno = ENOENT;
		return -1;
	}
	piece_name(tf, piece, name, sizeof(name));
	if (fstatat(tf->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (!file_id_is(id, &st)) {
		errno = 0;
		return -1;
	}
	int fd = io_openat(tf->dir_fd, name, access, mode);
	if (fd < 0)
		return -1;
	int saved = fstat(fd, &st) != 0 ? errno : file_id_is(id, &st) ? -1 : 0;
	if (saved >= 0) {
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int iofile_remove(struct iofile *tf, char *failed_path, size_t len)
{
	char path[PATH_MAX];
	int rc = 0, saved = 0;

	for (uint32_t i = 0; i < tf->pieces; i++) {
		iofile_path(tf, i, path, sizeof(path));
		/* A piece clyde did not create (its create failed: the name
		 * was taken) is not clyde's to remove. */
		if (!cleanup_owns(path))
			continue;
		if (cleanup_remove(path) != 0) {
			if (rc == 0) {
				saved = errno;
				snprintf(failed_path, len, "%s", path);
			}
			rc = -1;
			continue;
		}
		tf->ids[i] = (struct file_id){ 0 };
	}
	errno = saved;
	return rc;
}
