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
#include <unistd.h>

#include "sys/cleanup.h"
#include "exit_status.h"
#include "lib/timer.h"

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

int phase_fail_open(struct phase_ctx *ctx, const char *path, int errnum)
{
	if (errnum == 0)
		return phase_fail(ctx, path, "open: " CLEANUP_REPLACED, 0);
	return phase_fail(ctx, path, "open", errnum);
}

bool phase_should_stop(const struct phase_ctx *ctx)
{
	return cleanup_stopping() ||
	       (ctx->failed && atomic_load_explicit(ctx->failed, memory_order_relaxed));
}

bool phase_interrupted(struct phase_ctx *ctx)
{
	if (!phase_should_stop(ctx))
		return false;
	if (!ctx->err.op[0]) {
		bool stopping = cleanup_stopping();

		phase_fail(ctx, ctx->tf ? ctx->tf->dir : "",
			   stopping ? "interrupted" : "stopped: another copy failed", 0);
		ctx->err.stopped = !stopping;
	}
	return true;
}

bool phase_cut(struct phase_ctx *ctx)
{
	if (!ctx->cut || !atomic_load_explicit(ctx->cut, memory_order_relaxed))
		return false;
	ctx->was_cut = true;
	return true;
}

int phase_verify(struct phase_ctx *ctx, struct data_pattern *data,
		 uint64_t block, const unsigned char *buf, uint64_t offset,
		 const char *path)
{
	long bad = data_check_rewritten(data, block, buf);
	char op[96];

	if (bad < 0)
		return 0;
	snprintf(op, sizeof(op), "verify: data differs at offset %llu",
		 (unsigned long long)(offset + (uint64_t)bad));
	phase_fail(ctx, path, op, 0);
	ctx->err.status = EXIT_CORRUPT;
	return -1;
}

int phase_remove_iofile(struct phase_ctx *ctx)
{
	char path[PATH_MAX];

	if (iofile_remove(ctx->tf, path, sizeof(path)) != 0)
		return phase_fail(ctx, path, errno ? "unlink" : "unlink: " CLEANUP_REPLACED,
				  errno);
	return 0;
}

int phase_fresh_iofile(struct phase_ctx *ctx)
{
	char path[PATH_MAX];

	if (phase_remove_iofile(ctx) != 0)
		return -1;
	if (!ctx->tf->region.count || !ctx->tf->region.maker)
		return 0;
	iofile_path(ctx->tf, 0, path, sizeof(path));
	if (iofile_share_make(ctx->tf, &ctx->cfg->mode) != 0)
		return phase_fail(ctx, path, errno ? "create" : "unlink: " CLEANUP_REPLACED,
				  errno);
	return 0;
}

int phase_pieces_begin(struct phase_pieces *pp, struct phase_ctx *ctx)
{
	pp->ctx = ctx;
	pp->fds = malloc(ctx->tf->pieces * sizeof(*pp->fds));
	if (!pp->fds)
		return phase_fail(ctx, ctx->tf->dir, "allocate descriptors", ENOMEM);
	for (uint32_t p = 0; p < ctx->tf->pieces; p++)
		pp->fds[p] = -1;
	atomic_init(&pp->stop, false);
	pthread_mutex_init(&pp->lock, NULL);
	return 0;
}

/* Open every piece for ACC; the first failure is the phase's error. */
static int pieces_open(struct phase_pieces *pp, enum io_access acc)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];

	for (uint32_t p = 0; p < iofile_pieces_in_use(ctx->tf); p++) {
		iofile_path(ctx->tf, p, path, sizeof(path));
		pp->fds[p] = iofile_open(ctx->tf, p, acc, &ctx->cfg->mode);
		if (pp->fds[p] < 0)
			return phase_fail_open(ctx, path, errno);
	}
	return 0;
}

int phase_pieces_sync(struct phase_pieces *pp)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];
	int rc = 0;

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		if (pp->fds[p] >= 0 && fsync(pp->fds[p]) != 0 && rc == 0) {
			iofile_path(ctx->tf, p, path, sizeof(path));
			rc = phase_fail(ctx, path, "fsync", errno);
		}
	}
	return rc;
}

int phase_pieces_end(struct phase_pieces *pp, bool sync)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];
	int rc = 0;

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		if (pp->fds[p] < 0)
			continue;
		if ((sync ? io_sync_close(pp->fds[p]) : close(pp->fds[p])) != 0 &&
		    sync && rc == 0) {
			iofile_path(ctx->tf, p, path, sizeof(path));
			rc = phase_fail(ctx, path, "fsync", errno);
		}
	}
	pthread_mutex_destroy(&pp->lock);
	free(pp->fds);
	pp->fds = NULL;
	return rc;
}

int phase_pieces_open(struct phase_pieces *pp, struct phase_ctx *ctx,
		      enum io_access acc)
{
	if (phase_pieces_begin(pp, ctx) != 0)
		return -1;
	if (pieces_open(pp, acc) != 0) {
		phase_pieces_end(pp, false);
		return -1;
	}
	return 0;
}

void phase_pieces_fail(struct phase_pieces *pp, uint32_t piece, const char *op,
		       int errnum)
{
	struct phase_ctx *ctx = pp->ctx;
	char path[PATH_MAX];

	iofile_path(ctx->tf, piece, path, sizeof(path));
	pthread_mutex_lock(&pp->lock);
	if (!ctx->err.op[0])
		phase_fail(ctx, path, op, errnum);
	pthread_mutex_unlock(&pp->lock);
	atomic_store(&pp->stop, true);
}

/* Start the workers, wait for them, merge their figures into the context. */
static int start_workers(struct phase_pieces *pp, struct phase_worker *w,
			 unsigned n, size_t buf_bytes, void *(*work)(void *),
			 void (*prep)(struct phase_worker *), void *shared)
{
	struct phase_ctx *ctx = pp->ctx;
	unsigned started = 0;
	int rc = 0;

	for (; started < n; started++) {
		w[started] = (struct phase_worker){ .pieces = pp, .shared = shared,
						    .index = started };
		stats_init(&w[started].lat);
		w[started].buf = io_alloc(buf_bytes, ctx->buf_align);
		if (!w[started].buf) {
			rc = phase_fail(ctx, ctx->tf->dir, "allocate buffers", ENOMEM);
			break;
		}
		if (prep)
			prep(&w[started]);
		int err = pthread_create(&w[started].thread, NULL, work, &w[started]);
		if (err != 0) {
			io_free(w[started].buf);
			rc = phase_fail(ctx, ctx->tf->dir, "start threads", err);
			break;
		}
	}
	if (rc != 0)
		atomic_store(&pp->stop, true);
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].thread, NULL);
		stats_merge(&ctx->lat, &w[i].lat);
		ctx->ops += w[i].ops;
		ctx->bytes += w[i].bytes;
		ctx->read_bytes += w[i].read_bytes;
		io_free(w[i].buf);
	}
	return rc;
}

int phase_workers_run(struct phase_ctx *ctx, enum io_access acc, unsigned n,
		      size_t buf_bytes, void *(*work)(void *),
		      void (*prep)(struct phase_worker *), void *shared)
{
	struct phase_worker *workers = calloc(n, sizeof(*workers));
	struct phase_pieces pp;
	int rc;

	if (!workers)
		return phase_fail(ctx, ctx->tf->dir, "allocate workers", ENOMEM);
	if (phase_pieces_begin(&pp, ctx) != 0) {
		free(workers);
		return -1;
	}
	rc = pieces_open(&pp, acc);
	if (rc == 0)
		rc = start_workers(&pp, workers, n, buf_bytes, work, prep, shared);
	if (phase_interrupted(ctx))
		rc = -1;
	if (phase_pieces_end(&pp, rc == 0 && !ctx->err.op[0]) != 0)
		rc = -1;
	free(workers);
	return ctx->err.op[0] ? -1 : rc;
}

void phase_count_chunk(struct phase_ctx *ctx, uint64_t *t0, uint64_t bytes,
		       uint64_t read_bytes)
{
	uint64_t t1 = timer_now_ns();

	stats_add(&ctx->lat, t1 - *t0);
	if (ctx->meter)
		meter_add(ctx->meter, ctx->copy, bytes, t1 - *t0);
	*t0 = t1;
	ctx->bytes += bytes;
	ctx->read_bytes += read_bytes;
	ctx->ops++;
	atomic_store_explicit(&ctx->progress, ctx->bytes, memory_order_relaxed);
}
