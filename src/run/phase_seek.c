/* SPDX-License-Identifier: MIT */
/*
 * phase_seek.c - random seeks: `seekers` threads share `seeks` tickets
 * through an atomic counter; ticket i names a chunk drawn from the run's
 * seed or -Z file (rng_ticket: every run with the same seed or file seeks
 * the same places) and whether that seek also writes the chunk back (one
 * in ten). Each seek reads one
 * chunk; a write-back changes it and writes it in place (fsync with -b).
 */
#include <errno.h>
#include <unistd.h>

#include "io/io.h"
#include "phase.h"
#include "io/rng.h"
#include "lib/timer.h"

struct seek_shared {
	struct phase_ctx *ctx;
	uint64_t chunks;              /* chunks in the file */
	_Atomic uint64_t next;        /* next ticket */
};

static void *seeker_main(void *arg)
{
	struct phase_worker *w = arg;
	struct seek_shared *sh = w->shared;
	const struct config *cfg = sh->ctx->cfg;
	const size_t chunk = cfg->io.chunk_bytes;
	const uint64_t per_piece = sh->ctx->tf->piece_bytes / chunk;
	uint64_t t0 = timer_now_ns();

	for (;;) {
		uint64_t i = atomic_fetch_add_explicit(&sh->next, 1, memory_order_relaxed);
		bool write_back;

		if (i >= cfg->io.seeks ||
		    atomic_load_explicit(&w->pieces->stop, memory_order_relaxed) ||
		    (sh->ctx->cut && /* the copy's thread records it, after */
		     atomic_load_explicit(sh->ctx->cut, memory_order_relaxed)))
			break;
		uint64_t c = rng_ticket(sh->ctx->rng, sh->ctx->seed, i, sh->chunks,
					&write_back);
		uint32_t piece = (uint32_t)(c / per_piece);
		off_t off = (off_t)iofile_offset(sh->ctx->tf, piece,
						 (c % per_piece) * chunk);
		int fd = w->pieces->fds[piece];
		ssize_t got = io_read_full(fd, w->buf, chunk, off);

		if (got != (ssize_t)chunk) {
			phase_pieces_fail(w->pieces, piece, got < 0 ? "read"
					  : "read: file shorter than written",
					  got < 0 ? errno : 0);
			break;
		}
		if (write_back) {
			data_dirty(w->buf, chunk);
			if (io_write_full(fd, w->buf, chunk, off) != 0 ||
			    (cfg->mode.sync_writes && fsync(fd) != 0)) {
				phase_pieces_fail(w->pieces, piece, "write", errno);
				break;
			}
			w->bytes += chunk;
		}
		if (phase_should_stop(sh->ctx)) { /* recorded after the join */
			atomic_store(&w->pieces->stop, true);
			break;
		}
		uint64_t t1 = timer_now_ns();
		stats_add(&w->lat, t1 - t0);
		if (sh->ctx->meter)
			meter_add(sh->ctx->meter, sh->ctx->copy + w->index,
				  write_back ? 2 * chunk : chunk, t1 - t0);
		t0 = t1;
		w->ops++;
		w->bytes += chunk;
		w->read_bytes += chunk;
		atomic_fetch_add_explicit(&sh->ctx->progress, 1, memory_order_relaxed);
	}
	return NULL;
}

int phase_seeks_run(struct phase_ctx *ctx)
{
	const struct config *cfg = ctx->cfg;
	uint64_t held = ctx->tf->extent_bytes < ctx->tf->size_bytes
				? ctx->tf->extent_bytes : ctx->tf->size_bytes;
	struct seek_shared sh = { .ctx = ctx, .chunks = held / cfg->io.chunk_bytes };

	if (sh.chunks == 0) /* a deadline stopped block output before a chunk */
		return 0;

	int rc = phase_workers_run(ctx, IO_WRITE, (unsigned)cfg->io.seekers,
				   cfg->io.chunk_bytes, seeker_main, NULL, &sh);

	if (rc == 0 && ctx->ops < cfg->io.seeks)
		phase_cut(ctx); /* stopped short: a deadline */
	return rc;
}
