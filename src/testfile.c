/* SPDX-License-Identifier: MIT */
/*
 * testfile.c - clyde's directory and the pieces of the I/O test file:
 * naming, sizing, creation (recorded for cleanup) and removal.
 */
#include "testfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cleanup.h"
#include "io.h"
#include "platform.h"

/* Longest piece name: prefix + "f" + up to 10 digits. */
#define PIECE_NAME_MAX 40

int workdir_create(const char *parent, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/clyde.%ld.XXXXXX", parent, (long)getpid());

	if (n < 0 || (size_t)n + PIECE_NAME_MAX >= len) {
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

int space_query(const char *dir, struct space_info *out)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) != 0)
		return -1;
	out->block_bytes = sv.f_frsize ? sv.f_frsize : sv.f_bsize;
	out->avail_bytes = (uint64_t)sv.f_bavail * out->block_bytes;
	/* btrfs and some network filesystems report no inode counts: their
	 * inodes are made as needed. */
	out->inodes_known = sv.f_files != 0;
	out->avail_inodes = sv.f_favail;
	return 0;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static uint64_t round_up(uint64_t bytes, uint64_t block)
{
	return add_sat(bytes, block - 1) / block * block;
}

/* A directory entry: ext4's 8 bytes + the name (at most 22 here) rounded
 * to 4; other filesystems use about as much. */
#define DIRENT_BYTES 32u

void space_need(const struct config *cfg, uint64_t block_bytes,
		struct space_need *need)
{
	const struct file_params *fp = &cfg->files;
	uint64_t block = block_bytes ? block_bytes : 4096;
	uint64_t bytes = cfg->io.size_mib * MIB; /* whole MiB: whole blocks */
	uint64_t inodes = (bytes + TESTFILE_PIECE_BYTES - 1) / TESTFILE_PIECE_BYTES;
	uint64_t files_bytes = 0;

	if (fp->count_k > 0) {
		uint64_t n = fp->count_k * 1024;
		uint64_t dirs = 1 + (fp->dirs > 1 ? fp->dirs : 0);

		/* Every file could draw the largest size. Links point to an
		 * empty file 0, and a symlink's short target lives in its
		 * inode; each name costs an inode (tmpfs charges hard links
		 * as inodes too). */
		if (fp->max_bytes > 0)
			files_bytes = mul_sat(n, round_up((uint64_t)fp->max_bytes, block));
		inodes += n;
		files_bytes = add_sat(files_bytes, mul_sat(dirs, block));
		files_bytes = add_sat(files_bytes, round_up(n * DIRENT_BYTES, block));
		inodes += dirs;
	}
	need->io_bytes = mul_sat(bytes, cfg->concurrency);
	need->files_bytes = mul_sat(files_bytes, cfg->concurrency);
	/* Plus clyde's own directory. */
	need->bytes = add_sat(add_sat(need->io_bytes, need->files_bytes), block);
	need->bytes = add_sat(need->bytes, need->bytes / 100);
	need->inodes = add_sat(mul_sat(inodes, cfg->concurrency), 1);
}

void testfile_init(struct testfile *tf, const char *dir, unsigned copy,
		   unsigned copies, uint64_t size_bytes)
{
	snprintf(tf->dir, sizeof(tf->dir), "%s", dir);
	if (copies > 1)
		snprintf(tf->prefix, sizeof(tf->prefix), "c%u.f", copy);
	else
		snprintf(tf->prefix, sizeof(tf->prefix), "f");
	tf->size_bytes = size_bytes;
	tf->pieces = (uint32_t)((size_bytes + TESTFILE_PIECE_BYTES - 1) /
				TESTFILE_PIECE_BYTES);
}

uint64_t testfile_piece_bytes(const struct testfile *tf, uint32_t piece)
{
	uint64_t start = (uint64_t)piece * TESTFILE_PIECE_BYTES;
	uint64_t left = tf->size_bytes - start;

	return left < TESTFILE_PIECE_BYTES ? left : TESTFILE_PIECE_BYTES;
}

void testfile_path(const struct testfile *tf, uint32_t piece, char *buf,
		   size_t len)
{
	/* workdir_create left room for every piece name; a cut name would
	 * only ever fail to open, never name another file. */
	if (snprintf(buf, len, "%s/%s%03u", tf->dir, tf->prefix, piece) >= (int)len)
		buf[0] = '\0';
}

int testfile_create(const struct testfile *tf, uint32_t piece,
		    const struct io_mode *mode)
{
	char path[PATH_MAX];

	testfile_path(tf, piece, path, sizeof(path));
	int fd = io_open(path, IO_CREATE, mode);
	if (fd >= 0 && cleanup_add(path, false) != 0) {
		close(fd);
		unlink(path);
		errno = ENOMEM;
		return -1;
	}
	return fd;
}

int testfile_remove(const struct testfile *tf, char *failed_path, size_t len)
{
	char path[PATH_MAX];

	for (uint32_t i = 0; i < tf->pieces; i++) {
		testfile_path(tf, i, path, sizeof(path));
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
