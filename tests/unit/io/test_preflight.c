/* SPDX-License-Identifier: MIT */
/*
 * test_preflight.c - what the free-space check asks for: the I/O files of
 * every copy, the file tests with each file rounded up to the block size,
 * their directories, 1% to spare, the inodes, and sums that saturate
 * instead of wrapping.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "io/iofile.h"
#include "io/space.h"

static struct config base(void)
{
	struct config cfg;

	memset(&cfg, 0, sizeof(cfg));
	cfg.concurrency = 1;
	cfg.files.dirs = 1;
	cfg.files.chunk_bytes = 8192;
	cfg.io.chunk_bytes = 8192;
	return cfg;
}

static uint64_t plus1pc(uint64_t v)
{
	return v + v / 100;
}

int main(void)
{
	struct config cfg = base();
	struct space_need n;

	cfg.io.size_mib = 64;
	space_need(&cfg, 4096, &n);
	CHECK_U64("I/O only: I/O bytes", n.io_bytes, 64 * MIB);
	CHECK_U64("I/O only: no file-test bytes", n.files_bytes, 0);
	CHECK_U64("I/O only: plus clyde's directory and 1%", n.bytes,
		  plus1pc(64 * MIB + 4096));
	CHECK_U64("I/O only: one piece and the directory", n.inodes, 2);

	cfg.io.size_mib = 2049; /* 3 pieces of at most 1 GiB */
	space_need(&cfg, 4096, &n);
	CHECK_U64("2049M: three pieces", n.inodes, 4);

	cfg = base();
	cfg.files.count_k = 1;
	space_need(&cfg, 4096, &n);
	/* One directory block, 1024 entries of 32 bytes. */
	CHECK_U64("-n 1: empty files cost directory blocks", n.files_bytes,
		  4096 + 32768);
	CHECK_U64("-n 1: inodes", n.inodes, 1024 + 1 + 1);

	cfg.files.max_bytes = 10000; /* 3 blocks of 4 KiB each */
	cfg.files.min_bytes = 1;
	space_need(&cfg, 4096, &n);
	CHECK_U64("-n 1:10000:1: every file at the largest size, in blocks",
		  n.files_bytes, 1024 * 12288 + 4096 + 32768);
	space_need(&cfg, 1024, &n);
	CHECK_U64("-n 1:10000:1 on 1 KiB blocks", n.files_bytes,
		  1024 * 10240 + 1024 + 32768);
	space_need(&cfg, 0, &n);
	CHECK_U64("unknown block size counts 4 KiB", n.files_bytes,
		  1024 * 12288 + 4096 + 32768);

	cfg.files.max_bytes = FILES_HARD_LINKS;
	cfg.files.min_bytes = 0;
	space_need(&cfg, 4096, &n);
	CHECK_U64("hard links: no data", n.files_bytes, 4096 + 32768);
	CHECK_U64("hard links: an inode per name (tmpfs)", n.inodes, 1024 + 2);
	cfg.files.max_bytes = FILES_SYMLINKS;
	space_need(&cfg, 4096, &n);
	CHECK_U64("symlinks: an inode each", n.inodes, 1024 + 2);

	cfg.files.max_bytes = 0;
	cfg.files.dirs = 10;
	space_need(&cfg, 4096, &n);
	CHECK_U64("10 directories: 11 directory blocks", n.files_bytes,
		  11 * 4096 + 32768);
	CHECK_U64("10 directories: 11 directory inodes", n.inodes, 1024 + 11 + 1);

	cfg = base();
	cfg.io.size_mib = 100;
	cfg.files.count_k = 2;
	cfg.files.max_bytes = 4096;
	cfg.concurrency = 3;
	space_need(&cfg, 4096, &n);
	CHECK_U64("-c 3: I/O bytes of every copy", n.io_bytes, 300 * MIB);
	CHECK_U64("-c 3: file-test bytes of every copy", n.files_bytes,
		  3 * (2048 * 4096 + 4096 + 65536));
	CHECK_U64("-c 3: total", n.bytes,
		  plus1pc(300 * MIB + 3 * (2048 * 4096 + 4096 + 65536) + 4096));
	CHECK_U64("-c 3: inodes", n.inodes, 3 * (1 + 2048 + 1) + 1);

	cfg = base();
	cfg.files.count_k = 28339;
	cfg.files.max_bytes = INT64_MAX;
	cfg.concurrency = 200;
	space_need(&cfg, 4096, &n);
	CHECK_U64("huge files saturate", n.files_bytes, UINT64_MAX);
	CHECK_U64("the total saturates too", n.bytes, UINT64_MAX);
	return check_done();
}
