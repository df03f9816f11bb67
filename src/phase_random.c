/* SPDX-License-Identifier: MIT */
/*
 * phase_random.c - --random-io: 4 KiB random reads or writes over the whole
 * test file for a fixed time, at a queue depth of N threads each keeping
 * one pread/pwrite in flight (there is no asynchronous I/O without extra
 * libraries). Honours -D (O_DIRECT) and -b (O_SYNC) through io_open.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "phase.h"
#include "timer.h"

struct random_shared {
	struct phase_ctx *ctx;
	const struct random_spec *spec;
	struct phase_pieces pieces;
	uint64_t blocks;        /* 4 KiB blocks in the file */
	uint64_t deadline_ns;
};

struct random_worker {
	struct random_shared *sh;
	pthread_t thread;
	unsigned index;
	unsigned char *buf;
	struct latency_stats lat;
	uint64_t ops;
};

static void *worker_main(void *arg)
{
	struct random_worker *w = arg;
	struct random_shared *sh = w->sh;
	const uint64_t per_piece = TESTFILE_PIECE_BYTES / RANDOM_BLOCK_BYTES;
	uint64_t state = data_mix64(sh->ctx->data->seed ^ (w->index + 1) *
				    0x9e3779b97f4a7c15ULL);
	uint64_t t0 = timer_now_ns();
	uint64_t start = t0;

	while (t0 < sh->deadline_ns &&
	       !atomic_load_explicit(&sh->pieces.stop, memory_order_relaxed)) {
		uint64_t block = data_mix64(state++) % sh->blocks;
		uint32_t piece = (uint32_t)(block / per_piece);
		off_t off = (off_t)((block % per_piece) * RANDOM_BLOCK_BYTES);
		int fd = sh->pieces.fds[piece];

		if (sh->spec->writes) {
			memcpy(w->buf, &block, sizeof(block)); /* every write unique */
			if (io_write_full(fd, w->buf, RANDOM_BLOCK_BYTES, off) != 0) {
				phase_pieces_fail(&sh->pieces, piece, "write", errno);
				break;
			}
		} else {
			ssize_t got = io_read_full(fd, w->buf, RANDOM_BLOCK_BYTES, off);
			if (got != (ssize_t)RANDOM_BLOCK_BYTES) {
				phase_pieces_fail(&sh->pieces, piece,
						  got < 0 ? "read"
						  : "read: file shorter than written",
						  got < 0 ? errno : 0);
				break;
			}
		}
		uint64_t t1 = timer_now_ns();
		stats_add(&w->lat, t1 - t0);
		t0 = t1;
		w->ops++;
		if (w->index == 0)
			atomic_store_explicit(&sh->ctx->progress, t1 - start,
					      memory_order_relaxed);
		if (phase_should_stop(sh->ctx)) { /* recorded after the join */
			atomic_store(&sh->pieces.stop, true);
			break;
		}
	}
	return NULL;
}

/* Incompressible content for writes (unless --zeros), made once per worker. */
static void fill_random(unsigned char *buf, uint64_t seed, bool zeros)
{
	if (zeros) {
		memset(buf, 0, RANDOM_BLOCK_BYTES);
		return;
	}
	for (size_t i = 0; i < RANDOM_BLOCK_BYTES; i += sizeof(uint64_t)) {
		uint64_t v = data_mix64(seed ^ i);
		memcpy(buf + i, &v, sizeof(v));
	}
}

/* Start the workers together, wait for them, merge their counts. */
static int run_workers(struct random_shared *sh, struct random_worker *w, unsigned n)
{
	struct phase_ctx *ctx = sh->ctx;
	size_t align = ctx->buf_align;
	unsigned started = 0;
	int rc = 0;

	sh->deadline_ns = timer_now_ns() + sh->spec->time_ns;
	for (; started < n; started++) {
		w[started] = (struct random_worker){ .sh = sh, .index = started };
		stats_init(&w[started].lat);
		w[started].buf = io_alloc(RANDOM_BLOCK_BYTES, align);
		if (!w[started].buf) {
			rc = phase_fail(ctx, ctx->tf->dir, "allocate buffers", ENOMEM);
			break;
		}
		fill_random(w[started].buf, ctx->data->seed + started, ctx->cfg->mode.zeros);
		int err = pthread_create(&w[started].thread, NULL, worker_main, &w[started]);
		if (err != 0) {
			free(w[started].buf);
			rc = phase_fail(ctx, ctx->tf->dir, "start threads", err);
			break;
		}
	}
	if (rc != 0)
		atomic_store(&sh->pieces.stop, true);
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].thread, NULL);
		stats_merge(&ctx->lat, &w[i].lat);
		ctx->ops += w[i].ops;
		free(w[i].buf);
	}
	ctx->bytes = ctx->ops * RANDOM_BLOCK_BYTES;
	if (!sh->spec->writes)
		ctx->read_bytes = ctx->bytes;
	return rc;
}

int phase_random_run(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;
	struct random_shared sh = { .ctx = ctx, .spec = spec };
	struct random_worker *workers = calloc(spec->depth, sizeof(*workers));

	sh.blocks = ctx->tf->size_bytes / RANDOM_BLOCK_BYTES;
	if (!workers || sh.blocks == 0 || phase_pieces_init(&sh.pieces, ctx) != 0) {
		free(workers);
		return phase_fail(ctx, ctx->tf->dir, "allocate workers", ENOMEM);
	}
	int rc = phase_pieces_open(&sh.pieces, spec->writes ? IO_WRITE : IO_READ);
	if (rc == 0)
		rc = run_workers(&sh, workers, spec->depth);
	if (phase_interrupted(ctx))
		rc = -1;
	if (phase_pieces_close(&sh.pieces) != 0)
		rc = -1;
	free(workers);
	return ctx->err.op[0] ? -1 : rc;
}
