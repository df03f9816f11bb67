/* SPDX-License-Identifier: MIT */
/*
 * phase.c - small helpers every phase shares: recording an error in the
 * context (which stops the other copies), noticing an interrupt, checking
 * a block under --verify, removing the old test file, the pieces that the
 * threads of one phase share.
 */
#include "phase.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cleanup.h"
#include "exit_status.h"

int phase_fail(struct phase_ctx *ctx, const char *path, const char *op,
	       int errnum)
{
	snprintf(ctx->err.path, sizeof(ctx->err.path), "%s", path);
	snprintf(ctx->err.op, sizeof(ctx->err.op), "%s", op);
	ctx->err.errnum = errnum;
	if (ctx->err.status == 0)
		ctx->err.status = EXIT_IO;
	if (ctx->failed)
		atomic_store(ctx->failed, true);
	return -1;
}

bool phase_should_stop(const struct phase_ctx *ctx)
{
	return cleanup_signal() ||
	       (ctx->failed && atomic_load_explicit(ctx->failed, memory_order_relaxed));
}

bool phase_interrupted(struct phase_ctx *ctx)
{
	if (!phase_should_stop(ctx))
		return false;
	if (!ctx->err.op[0]) {
		bool signalled = cleanup_signal() != 0;

		phase_fail(ctx, ctx->tf ? ctx->tf->dir : "",
			   signalled ? "interrupted" : "stopped: another copy failed", 0);
		ctx->err.stopped = !signalled;
	}
	return true;
}

int phase_verify(struct phase_ctx *ctx, uint64_t block, const unsigned char *buf,
		 uint64_t offset, const char *path)
{
	long bad = data_check_rewritten(ctx->data, block, buf);
	char op[96];

	if (bad < 0)
		return 0;
	snprintf(op, sizeof(op), "verify: data differs at offset %llu",
		 (unsigned long long)(offset + (uint64_t)bad));
	phase_fail(ctx, path, op, 0);
	ctx->err.status = EXIT_CORRUPT;
	return -1;
}

int phase_remove_testfile(struct phase_ctx *ctx)
{
	char path[PATH_MAX];

	if (testfile_remove(ctx->tf, path, sizeof(path)) != 0)
		return phase_fail(ctx, path, "unlink", errno);
	return 0;
}

int phase_pieces_init(struct phase_pieces *pp, struct phase_ctx *ctx)
{
	pp->ctx = ctx;
	pp->fds = malloc(ctx->tf->pieces * sizeof(*pp->fds));
	if (!pp->fds)
		return -1;
	for (uint32_t p = 0; p < ctx->tf->pieces; p++)
		pp->fds[p] = -1;
	atomic_init(&pp->stop, false);
	pthread_mutex_init(&pp->lock, NULL);
	return 0;
}

int phase_pieces_open(struct phase_pieces *pp, enum io_access acc)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		testfile_path(ctx->tf, p, path, sizeof(path));
		pp->fds[p] = io_open(path, acc, &ctx->cfg->mode);
		if (pp->fds[p] < 0)
			return phase_fail(ctx, path, "open", errno);
	}
	return 0;
}

int phase_pieces_close(struct phase_pieces *pp)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];
	int rc = 0;

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		if (pp->fds[p] < 0)
			continue;
		if (io_sync_close(pp->fds[p]) != 0 && rc == 0) {
			testfile_path(ctx->tf, p, path, sizeof(path));
			rc = phase_fail(ctx, path, "fsync", errno);
		}
	}
	pthread_mutex_destroy(&pp->lock);
	free(pp->fds);
	pp->fds = NULL;
	return rc;
}

void phase_pieces_fail(struct phase_pieces *pp, uint32_t piece, const char *op,
		       int errnum)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];

	testfile_path(ctx->tf, piece, path, sizeof(path));
	pthread_mutex_lock(&pp->lock);
	if (!ctx->err.op[0])
		phase_fail(ctx, path, op, errnum);
	pthread_mutex_unlock(&pp->lock);
	atomic_store(&pp->stop, true);
}
