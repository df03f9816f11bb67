/* SPDX-License-Identifier: MIT */
/*
 * iofile.c - the pieces of the I/O test file (iofile.h): naming, sizing,
 * creation (recorded for cleanup) and removal.
 */
#include "iofile.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "cleanup.h"
#include "io.h"

void iofile_init(struct iofile *tf, const char *dir, unsigned copy,
		   unsigned copies, uint64_t size_bytes)
{
	snprintf(tf->dir, sizeof(tf->dir), "%s", dir);
	if (copies > 1)
		snprintf(tf->prefix, sizeof(tf->prefix), "c%u.f", copy);
	else
		snprintf(tf->prefix, sizeof(tf->prefix), "f");
	tf->size_bytes = size_bytes;
	tf->pieces = (uint32_t)((size_bytes + IOFILE_PIECE_BYTES - 1) /
				IOFILE_PIECE_BYTES);
}

uint64_t iofile_piece_bytes(const struct iofile *tf, uint32_t piece)
{
	uint64_t start = (uint64_t)piece * IOFILE_PIECE_BYTES;
	uint64_t left = tf->size_bytes - start;

	return left < IOFILE_PIECE_BYTES ? left : IOFILE_PIECE_BYTES;
}

void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		   size_t len)
{
	/* workdir_create left room for every piece name; a cut name would
	 * only ever fail to open, never name another file. */
	if (snprintf(buf, len, "%s/%s%03u", tf->dir, tf->prefix, piece) >= (int)len)
		buf[0] = '\0';
}

int iofile_create(const struct iofile *tf, uint32_t piece,
		    const struct io_mode *mode)
{
	char path[PATH_MAX];

	iofile_path(tf, piece, path, sizeof(path));
	int fd = io_open(path, IO_CREATE, mode);
	if (fd >= 0 && cleanup_add(path, false) != 0) {
		close(fd);
		unlink(path);
		errno = ENOMEM;
		return -1;
	}
	return fd;
}

int iofile_remove(const struct iofile *tf, char *failed_path, size_t len)
{
	char path[PATH_MAX];

	for (uint32_t i = 0; i < tf->pieces; i++) {
		iofile_path(tf, i, path, sizeof(path));
		/* A piece clyde did not create (its create failed: the name
		 * was taken) is not clyde's to remove. */
		if (!cleanup_owns(path))
			continue;
		if (unlink(path) != 0 && errno != ENOENT) {
			snprintf(failed_path, len, "%s", path);
			return -1;
		}
		cleanup_forget(path);
	}
	return 0;
}
