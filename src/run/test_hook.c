/* SPDX-License-Identifier: MIT */
/*
 * test_hook.c - CLYDE_TEST_CORRUPT and CLYDE_TEST_RANDOM_IOS (test_hook.h):
 * corrupt data for --verify to find, exact counts for the engine tests.
 */
#include "test_hook.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "exit_status.h"
#include "io/io.h"
#include "core/parse.h"

int test_fault_parse(const char *text, const struct config *cfg,
		     struct test_fault *fault, char *err, size_t len)
{
	uint64_t blocks = cfg->io.size_mib * MIB / cfg->io.chunk_bytes;
	struct parse_error pe;
	int64_t block;

	*fault = (struct test_fault){ .chunk_bytes = cfg->io.chunk_bytes };
	if (!text)
		return 0;
	if (parse_int_range(text, 0, INT64_MAX, &block, &pe) != 0) {
		snprintf(err, len, "CLYDE_TEST_CORRUPT=%s: %s", text, pe.msg);
		return -1;
	}
	if ((uint64_t)block >= blocks) {
		snprintf(err, len, "CLYDE_TEST_CORRUPT=%s: the file has %llu blocks",
			 text, (unsigned long long)blocks);
		return -1;
	}
	fault->corrupt = true;
	fault->block = (uint64_t)block;
	return 0;
}

int test_fault_parse_ios(const char *text, struct test_fault *fault, char *err,
			 size_t len)
{
	struct parse_error pe;
	int64_t n;

	fault->random_ios = 0;
	if (!text)
		return 0;
	if (parse_int_range(text, 1, INT64_MAX, &n, &pe) != 0) {
		snprintf(err, len, "CLYDE_TEST_RANDOM_IOS=%s: %s", text, pe.msg);
		return -1;
	}
	fault->random_ios = (uint64_t)n;
	return 0;
}

void test_fault_plan(const struct test_fault *fault, struct run_plan *plan)
{
	for (size_t i = 0; fault->random_ios && i < MAX_RANDOM_TESTS; i++)
		plan->random_specs[i].ios = fault->random_ios;
}

int test_fault_after_phase(const void *arg, const struct plan_step *step,
			   const struct iofile *tf, struct phase_error *err)
{
	static const struct io_mode plain; /* one byte: no O_DIRECT */
	const struct test_fault *fault = arg;
	const uint64_t chunk = fault->chunk_bytes;
	const uint64_t per_piece = tf->piece_bytes / chunk;
	const uint32_t piece = (uint32_t)(fault->block / per_piece);
	char path[PATH_MAX];
	unsigned char byte;

	if (!fault->corrupt || step->info->id != PHASE_REWRITE)
		return 0;
	/* The block's middle byte, where it lies (a region of the shared file). */
	const off_t off = (off_t)iofile_offset(tf, piece, (fault->block % per_piece) *
							 chunk + chunk / 2);
	iofile_path(tf, piece, path, sizeof(path));
	errno = 0;
	int fd = iofile_open(tf, piece, IO_WRITE, &plain);
	int rc = fd < 0 || io_read_full(fd, &byte, 1, off) != 1 ? -1 : 0;
	if (rc == 0) {
		byte ^= 0xff;
		rc = io_write_full(fd, &byte, 1, off);
	}
	int saved = errno;
	if (fd >= 0 && io_sync_close(fd) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc == 0)
		return 0;
	memset(err, 0, sizeof(*err));
	snprintf(err->path, sizeof(err->path), "%s", path);
	snprintf(err->op, sizeof(err->op), "CLYDE_TEST_CORRUPT");
	err->errnum = saved ? saved : EINVAL;
	return err->status = EXIT_IO;
}
