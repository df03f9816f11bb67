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
#include "iofile_internal.h"

uint64_t iofile_piece_size(uint64_t size_bytes, bool pieces, long filesize_bits)
{
	long bits = filesize_bits < 0 ? 32 : filesize_bits;
	bool fits = bits >= 64 || (bits > 1 && size_bytes < (UINT64_C(1) << (bits - 1)));

	if (pieces || !fits || size_bytes <= IOFILE_PIECE_BYTES)
		return IOFILE_PIECE_BYTES;
	/* One piece, rounded up to whole pieces' worth so that every block
	 * size that divides a piece divides it too. */
	return (size_bytes + IOFILE_PIECE_BYTES - 1) / IOFILE_PIECE_BYTES *
	       IOFILE_PIECE_BYTES;
}

uint64_t iofile_piece_size_at(int dir_fd, uint64_t size_bytes, bool pieces)
{
	return iofile_piece_size(size_bytes, pieces,
				 fpathconf(dir_fd, _PC_FILESIZEBITS));
}

int iofile_init(struct iofile *tf, int dir_fd, const char *dir, unsigned copy,
		unsigned copies, uint64_t size_bytes, uint64_t piece_bytes)
{
	char prefix[sizeof(tf->prefix)];

	if (copies > 1)
		snprintf(prefix, sizeof(prefix), "c%u.f", copy);
	else
		snprintf(prefix, sizeof(prefix), "f");
	return iofile_init_named(tf, dir_fd, dir, prefix, size_bytes, piece_bytes);
}

int iofile_init_named(struct iofile *tf, int dir_fd, const char *dir,
		      const char *prefix, uint64_t size_bytes,
		      uint64_t piece_bytes)
{
	snprintf(tf->dir, sizeof(tf->dir), "%s", dir);
	tf->dir_fd = dir_fd;
	snprintf(tf->prefix, sizeof(tf->prefix), "%s", prefix);
	tf->size_bytes = size_bytes;
	tf->extent_bytes = size_bytes;
	tf->region = (struct iofile_region){ 0 };
	tf->foreign = false;
	tf->piece_bytes = piece_bytes ? piece_bytes : IOFILE_PIECE_BYTES;
	tf->pieces = (uint32_t)((size_bytes + tf->piece_bytes - 1) / tf->piece_bytes);
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
	uint64_t start = (uint64_t)piece * tf->piece_bytes;
	uint64_t end = tf->extent_bytes < tf->size_bytes ? tf->extent_bytes
							 : tf->size_bytes;
	uint64_t left = end > start ? end - start : 0;

	return left < tf->piece_bytes ? left : tf->piece_bytes;
}

uint32_t iofile_pieces_in_use(const struct iofile *tf)
{
	uint32_t n = 0;

	while (n < tf->pieces && iofile_piece_bytes(tf, n) > 0)
		n++;
	return n;
}

/* The piece's name inside clyde's directory (every region's is the
 * shared file's). */
static void piece_name(const struct iofile *tf, uint32_t piece, char *buf,
		       size_t len)
{
	if (tf->region.count)
		snprintf(buf, len, "%s", IOFILE_SHARED);
	else
		snprintf(buf, len, "%s%03u", tf->prefix, piece);
}

void iofile_path(const struct iofile *tf, uint32_t piece, char *buf,
		 size_t len)
{
	char name[IOFILE_NAME_MAX];

	/* workdir_create left room for every piece name; a cut name is only
	 * ever shown, never opened. */
	piece_name(tf, piece, name, sizeof(name));
	if (snprintf(buf, len, "%s/%s", tf->dir, name) >= (int)len)
		buf[0] = '\0';
}

int iofile_create(struct iofile *tf, uint32_t piece, const struct io_mode *mode)
{
	char name[IOFILE_NAME_MAX], path[PATH_MAX];
	struct stat st;

	if (tf->region.count) /* made before the phase: iofile_share_make */
		return iofile_open(tf, piece, IO_WRITE, mode);
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

	piece_name(tf, piece, name, sizeof(name));
	if (tf->region.count || tf->foreign)
		return iofile_open_other(tf, name, access, mode);
	if (id->type == 0) {
		errno = ENOENT;
		return -1;
	}
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

	if ((tf->region.count && !tf->region.maker) || tf->foreign)
		return 0; /* only the shared file's maker removes it */
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

uint64_t iofile_made_bytes(const struct iofile *tf)
{
	char path[PATH_MAX];
	uint64_t bytes = 0;

	for (uint32_t i = 0; i < tf->pieces; i++) {
		iofile_path(tf, i, path, sizeof(path));
		if (cleanup_owns(path))
			bytes += iofile_piece_bytes(tf, i);
	}
	return bytes;
}
