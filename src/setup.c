/* SPDX-License-Identifier: MIT */
/*
 * setup.c - from a valid configuration to a place to run (setup.h):
 * descriptor limits, the free-space preflight, clyde's directory and its
 * O_DIRECT probe, the device for the truth check, the provenance.
 */
#include "setup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "device.h"
#include "exit_status.h"
#include "platform.h"
#include "provenance.h"
#include "iofile.h"
#include "space.h"
#include "workdir.h"

int setup_file_limit(const struct config *cfg, char *err, size_t len)
{
	uint64_t pieces = (cfg->io.size_mib * MIB + IOFILE_PIECE_BYTES - 1) /
			  IOFILE_PIECE_BYTES;
	uint64_t dirs = cfg->files.count_k == 0 ? 0
			: 2 + (cfg->mode.sync_writes ? cfg->files.dirs : 0);
	uint64_t need = (pieces > dirs ? pieces : dirs) * cfg->concurrency + 64;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 0;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		snprintf(err, len, "the test keeps %" PRIu64 " files open but the "
			 "limit is %llu; raise it (ulimit -n) or use a smaller -s "
			 "or -c (or fewer -n directories with -b)", need,
			 (unsigned long long)rl.rlim_cur);
		return EXIT_SETUP;
	}
	return 0;
}

int setup_preflight(const struct config *cfg, char *err, size_t len)
{
	struct space_info have;
	struct space_need need;

	if (space_query(cfg->dir, &have) != 0) {
		snprintf(err, len, "%s: statvfs: %s", cfg->dir, strerror(errno));
		return EXIT_SETUP;
	}
	space_need(cfg, have.block_bytes, &need);
	if (have.avail_bytes < need.bytes) {
		char parts[96];
		uint64_t files_mib = (need.files_bytes + MIB - 1) / MIB;

		if (need.io_bytes && need.files_bytes)
			snprintf(parts, sizeof(parts), "%" PRIu64 " MiB of I/O files and "
				 "%" PRIu64 " MiB for the file tests, with 1%% to spare",
				 need.io_bytes / MIB, files_mib);
		else
			snprintf(parts, sizeof(parts), "with 1%% to spare");
		snprintf(err, len, "%s: not enough free space: the test needs %"
			 PRIu64 " MiB (%s), %" PRIu64 " MiB are free; use a "
			 "smaller -s or -n, another -d, or --no-preflight", cfg->dir,
			 (need.bytes + MIB - 1) / MIB, parts, have.avail_bytes / MIB);
		return EXIT_SETUP;
	}
	if (have.inodes_known && have.avail_inodes < need.inodes) {
		snprintf(err, len, "%s: not enough free inodes: the test makes %"
			 PRIu64 " files and directories, %" PRIu64 " inodes are "
			 "free; use a smaller -n, another -d, or --no-preflight",
			 cfg->dir, need.inodes, have.avail_inodes);
		return EXIT_SETUP;
	}
	return 0;
}

/* Check O_DIRECT and learn the alignment it needs, before any real I/O. */
static int probe(const struct config *cfg, struct run_target *target,
		 char *err, size_t len)
{
	const char *failed_op;
	uint32_t align = 0;
	char fs[64];

	if (workdir_probe(target->workdir, cfg->mode.direct, &align,
			  &failed_op) != 0) {
		int e = errno;

		platform_fs_name(target->workdir, fs, sizeof(fs));
		if (cfg->mode.direct && e == EINVAL)
			snprintf(err, len, "%s: the %s filesystem refuses O_DIRECT, "
				 "so -D cannot run here", cfg->dir, fs);
		else
			snprintf(err, len, "%s: %s: %s", target->workdir, failed_op,
				 strerror(e));
		return EXIT_SETUP;
	}
	if (!cfg->mode.direct)
		return 0;
	platform_fs_name(target->workdir, fs, sizeof(fs));
	if (cfg->random_io && (RANDOM_BLOCK_BYTES % align != 0)) {
		snprintf(err, len, "-D --random-io: %s (%s) needs %u-byte "
			 "alignment for O_DIRECT, more than the 4 KiB random "
			 "blocks", cfg->dir, fs, align);
		return EXIT_USAGE;
	}
	if (cfg->io.chunk_bytes % align != 0) {
		snprintf(err, len, "-D: the chunk size (%" PRIu64 " bytes) is not "
			 "a multiple of the %u bytes O_DIRECT needs on %s (%s)",
			 cfg->io.chunk_bytes, align, cfg->dir, fs);
		return EXIT_USAGE;
	}
	target->dio_align = align;
	return 0;
}

int setup_target(const struct config *cfg, struct run_target *target,
		 char *err, size_t len)
{
	int status;

	/* The provenance, read earlier by setup_provenance, stays. */
	memset(target->workdir, 0, sizeof(target->workdir));
	target->dio_align = 0;
	if (workdir_create(cfg->dir, target->workdir, sizeof(target->workdir)) != 0) {
		snprintf(err, len, "%s: cannot make clyde's directory: %s", cfg->dir,
			 strerror(errno));
		return EXIT_SETUP;
	}
	if (cfg->io.size_mib > 0 && (status = probe(cfg, target, err, len)) != 0)
		return status;
	device_find(target->workdir, &target->dev);
	return 0;
}

void setup_provenance(const struct config *cfg, struct run_target *target)
{
	/* A directory that cannot be looked at fails setup_target next. */
	provenance_read(cfg->dir, "", &target->prov);
	target->prov_known = true;
}
