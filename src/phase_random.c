/* SPDX-License-Identifier: MIT */
/*
 * phase_random.c - --random-io: 4 KiB random reads or writes over the whole
 * test file for a fixed time, at a queue depth of N threads each keeping
 * one pread/pwrite in flight (there is no asynchronous I/O without extra
 * libraries). Honours -D (O_DIRECT) and -b (O_SYNC) through iofile_open.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "phase.h"
#include "timer.h"

struct random_shared {
	struct phase_ctx *ctx;
	const struct random_spec *spec;
	uint64_t blocks;        /* 4 KiB blocks in the file */
	uint64_t deadline_ns;
};

static void *worker_main(void *arg)
{
	struct phase_worker *w = arg;
	struct random_shared *sh = w->shared;
	const uint64_t per_piece = IOFILE_PIECE_BYTES / RANDOM_BLOCK_BYTES;
	uint64_t state = data_mix64(sh->ctx->data->seed ^ (w->index + 1) *
				    0x9e3779b97f4a7c15ULL);
	uint64_t t0 = timer_now_ns();
	uint64_t start = t0;

	while (t0 < sh->deadline_ns &&
	       !atomic_load_explicit(&w->pieces->stop, memory_order_relaxed)) {
		uint64_t block = data_mix64(state++) % sh->blocks;
		uint32_t piece = (uint32_t)(block / per_piece);
		off_t off = (off_t)((block % per_piece) * RANDOM_BLOCK_BYTES);
		int fd = w->pieces->fds[piece];

		if (sh->spec->writes) {
			memcpy(w->buf, &block, sizeof(block)); /* every write unique */
			if (io_write_full(fd, w->buf, RANDOM_BLOCK_BYTES, off) != 0) {
				phase_pieces_fail(w->pieces, piece, "write", errno);
				break;
			}
		} else {
			ssize_t got = io_read_full(fd, w->buf, RANDOM_BLOCK_BYTES, off);
			if (got != (ssize_t)RANDOM_BLOCK_BYTES) {
				phase_pieces_fail(w->pieces, piece,
						  got < 0 ? "read"
						  : "read: file shorter than written",
						  got < 0 ? errno : 0);
				break;
			}
			w->read_bytes += RANDOM_BLOCK_BYTES;
		}
		uint64_t t1 = timer_now_ns();
		stats_add(&w->lat, t1 - t0);
		t0 = t1;
		w->ops++;
		w->bytes += RANDOM_BLOCK_BYTES;
		if (w->index == 0)
			atomic_store_explicit(&sh->ctx->progress, t1 - start,
					      memory_order_relaxed);
		if (phase_should_stop(sh->ctx)) { /* recorded after the join */
			atomic_store(&w->pieces->stop, true);
			break;
		}
	}
	return NULL;
}

/* Incompressible content for writes (unless --zeros), made once per worker. */
static void fill_random(struct phase_worker *w)
{
	struct random_shared *sh = w->shared;
	uint64_t seed = sh->ctx->data->seed + w->index;

	if (sh->ctx->cfg->mode.zeros) {
		memset(w->buf, 0, RANDOM_BLOCK_BYTES);
		return;
	}
	for (size_t i = 0; i < RANDOM_BLOCK_BYTES; i += sizeof(uint64_t)) {
		uint64_t v = data_mix64(seed ^ i);
		memcpy(w->buf + i, &v, sizeof(v));
	}
}

int phase_random_run(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;
	struct random_shared sh = {
		.ctx = ctx, .spec = spec,
		.blocks = ctx->tf->size_bytes / RANDOM_BLOCK_BYTES,
		.deadline_ns = timer_now_ns() + spec->time_ns,
	};

	if (sh.blocks == 0)
		return phase_fail(ctx, ctx->tf->dir, "file smaller than one block", 0);
	return phase_workers_run(ctx, spec->writes ? IO_WRITE : IO_READ,
				 spec->depth, RANDOM_BLOCK_BYTES, worker_main,
				 fill_random, &sh);
}
