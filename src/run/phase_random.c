/* SPDX-License-Identifier: MIT */
/*
 * phase_random.c - the engine tests: --random-io's 4 KiB random reads or
 * writes and `clyde mark`'s runs. Each is a random_spec run through the
 * engine (engine.h) on the copy's I/O file for a fixed time: T threads
 * each keeping Q I/Os in flight. Honours -D (O_DIRECT) and -b (O_SYNC)
 * through iofile_open. With --verify, a write test is followed by an untimed
 * pass that reads back every block it wrote and checks its stamp.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "exit_status.h"
#include "phase.h"
#include "lib/timer.h"

/* What the engine's should_stop sees: the copy, and when it started;
 * COUNTS: the progress is the I/Os the engine counts, not the time. */
struct watch {
	struct phase_ctx *ctx;
	uint64_t start_ns;
	bool counts;
};

#define PROGRESS_STEP_NS 10000000u /* 10 ms: finer than the driver reads it */

/*
 * Asked by every engine thread once per batch: the progress (time so far)
 * for the driver, written only when it moved by a step so that the
 * threads do not fight over its cache line, and whether a signal or
 * another copy's failure says stop.
 */
static bool should_stop(void *arg)
{
	struct watch *w = arg;
	uint64_t t = timer_now_ns() - w->start_ns;

	if (!w->counts &&
	    t - atomic_load_explicit(&w->ctx->progress, memory_order_relaxed) >=
	    PROGRESS_STEP_NS)
		atomic_store_explicit(&w->ctx->progress, t, memory_order_relaxed);
	return phase_should_stop(w->ctx);
}

/*
 * The engine's job for SPEC: for its time, or with spec->pass one pass of
 * the file per thread within that time (random blocks shuffled, each once),
 * or exactly spec->ios I/Os without a time limit.
 */
static struct engine_job job_of(struct phase_ctx *ctx, const struct random_spec *spec,
				const int *fds, struct watch *watch)
{
	uint64_t pass_ios = ctx->tf->size_bytes / spec->block_bytes * spec->threads;
	enum engine_pattern pattern = spec->sequential ? ENGINE_SEQUENTIAL
				      : spec->pass ? ENGINE_SHUFFLED : ENGINE_RANDOM;

	return (struct engine_job){
		.fds = fds, .pieces = iofile_pieces_in_use(ctx->tf),
		.piece_bytes = ctx->tf->piece_bytes,
		.file_bytes = ctx->tf->extent_bytes < ctx->tf->size_bytes
				      ? ctx->tf->extent_bytes : ctx->tf->size_bytes,
		.block_bytes = spec->block_bytes, .align = ctx->buf_align,
		.writes = spec->writes, .zeros = ctx->cfg->mode.zeros,
		.pattern = pattern, .depth = spec->depth, .threads = spec->threads,
		.seed = ctx->data->seed, .time_ns = spec->ios ? 0 : spec->time_ns,
		.ios = spec->ios ? spec->ios : spec->pass ? pass_ios : 0,
		.meter = ctx->meter, .meter_lane = ctx->copy,
		.progress = watch->counts ? &ctx->progress : NULL,
		.should_stop = should_stop, .stop_arg = watch,
	};
}

/* The engine's first error as the phase's: where, what, and why. */
static int engine_failed(struct phase_ctx *ctx, const struct engine_error *e,
			 uint32_t block_bytes)
{
	char path[PATH_MAX], op[96];

	if (e->piece >= 0)
		iofile_path(ctx->tf, (uint32_t)e->piece, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "%s", ctx->tf->dir);
	if (strcmp(e->op, "verify") == 0) {
		snprintf(op, sizeof(op), "verify: data differs at offset %" PRIu64,
			 e->offset);
		phase_fail(ctx, path, op, 0);
		ctx->err.status = EXIT_CORRUPT;
		return -1;
	}
	if (e->piece >= 0 && e->errnum == 0 && strcmp(e->op, "read") == 0)
		snprintf(op, sizeof(op), "read: file shorter than written (%" PRIu64
			 " of %" PRIu32 " bytes at offset %" PRIu64 ")", e->done,
			 block_bytes, e->offset);
	else if (e->piece >= 0 && e->errnum == 0)
		snprintf(op, sizeof(op), "%s: short transfer (%" PRIu64 " of %" PRIu32
			 " bytes at offset %" PRIu64 ")", e->op, e->done, block_bytes,
			 e->offset);
	else if (e->piece >= 0)
		snprintf(op, sizeof(op), "%s at offset %" PRIu64, e->op, e->offset);
	else
		snprintf(op, sizeof(op), "%s", e->op);
	return phase_fail(ctx, path, op, e->errnum);
}

/*
 * --verify after a write test: read back exactly the blocks it wrote (the
 * same job, each thread limited to what it did) and check their stamps.
 * Untimed; a wrong stamp is exit status 4.
 */
static int verify_written(struct phase_ctx *ctx, const struct random_spec *spec,
			  const int *fds, struct engine_result *res)
{
	struct watch watch = { .ctx = ctx, .start_ns = timer_now_ns() };
	struct engine_job job = job_of(ctx, spec, fds, &watch);
	uint64_t *counts;

	if (res->ios == 0)
		return 0;
	counts = malloc(sizeof(res->thread_ios));
	if (!counts)
		return phase_fail(ctx, ctx->tf->dir, "allocate", ENOMEM);
	memcpy(counts, res->thread_ios, sizeof(res->thread_ios));
	job.writes = false;
	job.verify = true;
	job.meter = NULL; /* untimed: not part of the test's rate */
	job.time_ns = 0;
	job.thread_ios = counts;
	int rc = engine_run(&job, ctx->engine, res);
	free(counts);
	/* The pass's own progress must not run past the test's time. */
	atomic_store(&ctx->progress, spec->time_ns);
	return rc == 0 ? 0 : engine_failed(ctx, &res->err, spec->block_bytes);
}

/* The test's figures into the copy's context; the window is the engine's. */
static void count(struct phase_ctx *ctx, const struct engine_result *res, bool writes)
{
	ctx->ops = res->ios;
	ctx->bytes = res->bytes;
	ctx->read_bytes = writes ? 0 : res->bytes;
	stats_merge(&ctx->lat, &res->lat);
	ctx->io_ns = res->elapsed_ns ? res->elapsed_ns : 1;
	ctx->io_cpu_ns = res->cpu_ns;
}

/* Writes count until the disk has them: the fsync is part of the window. */
static int sync_timed(struct phase_ctx *ctx, struct phase_pieces *pp)
{
	uint64_t t0 = timer_now_ns(), cpu0 = timer_cpu_ns();
	int rc = phase_pieces_sync(pp);

	ctx->io_ns += timer_now_ns() - t0;
	ctx->io_cpu_ns += timer_cpu_ns() - cpu0;
	return rc;
}

int phase_random_run(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;
	struct engine_result *res;
	struct phase_pieces pp;
	int rc;

	if (iofile_piece_bytes(ctx->tf, 0) / spec->block_bytes == 0)
		return phase_fail(ctx, ctx->tf->dir, "file smaller than one block", 0);
	res = malloc(sizeof(*res)); /* the histogram: too big for a stack */
	if (!res)
		return phase_fail(ctx, ctx->tf->dir, "allocate", ENOMEM);
	if (phase_pieces_open(&pp, ctx, spec->writes ? IO_WRITE : IO_READ) != 0) {
		free(res);
		return -1;
	}
	struct watch watch = { .ctx = ctx, .start_ns = timer_now_ns(),
			       .counts = spec->ios && !spec->time_ns };
	struct engine_job job = job_of(ctx, spec, pp.fds, &watch);
	rc = engine_run(&job, ctx->engine, res);
	count(ctx, res, spec->writes);
	if (rc != 0)
		engine_failed(ctx, &res->err, spec->block_bytes);
	else if (spec->writes && sync_timed(ctx, &pp) == 0 && !res->stopped &&
		 ctx->cfg->verify)
		verify_written(ctx, spec, pp.fds, res);
	phase_interrupted(ctx);
	phase_pieces_end(&pp, !ctx->err.op[0]);
	free(res);
	return ctx->err.op[0] ? -1 : 0;
}
