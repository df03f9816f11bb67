/* SPDX-License-Identifier: MIT */
/*
 * space.c - free space and inodes under -d, and what a run needs of them
 * (space.h).
 */
#include "space.h"

#include <stddef.h>
#include <sys/statvfs.h>

#include "iofile.h"

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
	/* ramfs reports no blocks at all: it grows until memory runs out. */
	out->size_known = sv.f_blocks != 0;
	out->read_only = (sv.f_flag & ST_RDONLY) != 0;
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
	/* An inode per piece, as many as 1 GiB pieces would take. */
	uint64_t inodes = (bytes + IOFILE_PIECE_BYTES - 1) / IOFILE_PIECE_BYTES;
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
	/* Plus clyde's own directory, and --probe's file. */
	need->bytes = add_sat(add_sat(need->io_bytes, need->files_bytes), block);
	if (cfg->probe)
		need->bytes = add_sat(need->bytes, PROBE_FILE_BYTES);
	need->bytes = add_sat(need->bytes, need->bytes / 100);
	need->inodes = add_sat(mul_sat(inodes, cfg->concurrency), 1 + (cfg->probe != 0));
}

