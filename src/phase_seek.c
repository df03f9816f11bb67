/* SPDX-License-Identifier: MIT */
/*
 * phase_seek.c - random seeks: `seekers` threads share `seeks` tickets
 * through an atomic counter; ticket i names a chunk drawn from the run's
 * seed (so every run with the same seed seeks the same places) and whether
 * that seek also writes the chunk back (one in ten). Each seek reads one
 * chunk; a write-back changes it and writes it in place (fsync with -b).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "io.h"
#include "phase.h"
#include "timer.h"

struct seek_shared {
	struct phase_ctx *ctx;
	struct phase_pieces pieces;   /* opened read-write */
	uint64_t chunks;              /* chunks in the file */
	_Atomic uint64_t next;        /* next ticket */
};

struct seeker {
	struct seek_shared *sh;
	pthread_t thread;
	unsigned char *buf;
	struct latency_stats lat;
	uint64_t seeks, writes;
};

/* Ticket I: the chunk to visit, and whether to write it back. */
static uint64_t ticket(uint64_t seed, uint64_t i, uint64_t chunks, bool *write_back)
{
	uint64_t h = data_mix64(seed ^ data_mix64(i));

	*write_back = (h >> 40) % 10 == 0;
	return h % chunks;
}

static void *seeker_main(void *arg)
{
	struct seeker *s = arg;
	struct seek_shared *sh = s->sh;
	const struct config *cfg = sh->ctx->cfg;
	const size_t chunk = cfg->io.chunk_bytes;
	const uint64_t per_piece = TESTFILE_PIECE_BYTES / chunk;
	uint64_t t0 = timer_now_ns();

	for (;;) {
		uint64_t i = atomic_fetch_add_explicit(&sh->next, 1, memory_order_relaxed);
		bool write_back;

		if (i >= cfg->io.seeks ||
		    atomic_load_explicit(&sh->pieces.stop, memory_order_relaxed))
			break;
		uint64_t c = ticket(cfg->seed, i, sh->chunks, &write_back);
		uint32_t piece = (uint32_t)(c / per_piece);
		off_t off = (off_t)((c % per_piece) * chunk);
		int fd = sh->pieces.fds[piece];
		ssize_t got = io_read_full(fd, s->buf, chunk, off);

		if (got != (ssize_t)chunk) {
			phase_pieces_fail(&sh->pieces, piece, got < 0 ? "read"
					  : "read: file shorter than written",
					  got < 0 ? errno : 0);
			break;
		}
		if (write_back) {
			data_dirty(s->buf, chunk);
			if (io_write_full(fd, s->buf, chunk, off) != 0 ||
			    (cfg->mode.sync_writes && fsync(fd) != 0)) {
				phase_pieces_fail(&sh->pieces, piece, "write", errno);
				break;
			}
			s->writes++;
		}
		if (phase_should_stop(sh->ctx)) { /* recorded after the join */
			atomic_store(&sh->pieces.stop, true);
			break;
		}
		uint64_t t1 = timer_now_ns();
		stats_add(&s->lat, t1 - t0);
		t0 = t1;
		s->seeks++;
		atomic_fetch_add_explicit(&sh->ctx->progress, 1, memory_order_relaxed);
	}
	return NULL;
}

static int start_seekers(struct seek_shared *sh, struct seeker *s, unsigned n)
{
	struct phase_ctx *ctx = sh->ctx;
	const struct config *cfg = ctx->cfg;
	size_t align = ctx->buf_align;
	unsigned started = 0;
	int rc = 0;

	for (; started < n; started++) {
		s[started].sh = sh;
		stats_init(&s[started].lat);
		s[started].buf = io_alloc(cfg->io.chunk_bytes, align);
		if (!s[started].buf) {
			rc = phase_fail(ctx, ctx->tf->dir, "seeker buffer", errno);
			break;
		}
		int err = pthread_create(&s[started].thread, NULL, seeker_main, &s[started]);
		if (err != 0) {
			free(s[started].buf);
			rc = phase_fail(ctx, ctx->tf->dir, "start seeker thread", err);
			break;
		}
	}
	if (rc != 0)
		atomic_store(&sh->pieces.stop, true);
	for (unsigned i = 0; i < started; i++) {
		pthread_join(s[i].thread, NULL);
		stats_merge(&ctx->lat, &s[i].lat);
		ctx->ops += s[i].seeks;
		ctx->bytes += (s[i].seeks + s[i].writes) * cfg->io.chunk_bytes;
		ctx->read_bytes += s[i].seeks * cfg->io.chunk_bytes;
		free(s[i].buf);
	}
	return rc;
}

int phase_seeks_run(struct phase_ctx *ctx)
{
	const struct config *cfg = ctx->cfg;
	struct seek_shared sh = { .ctx = ctx };
	unsigned n = (unsigned)cfg->io.seekers;
	struct seeker *seekers = calloc(n, sizeof(*seekers));

	sh.chunks = ctx->tf->size_bytes / cfg->io.chunk_bytes;
	if (!seekers || phase_pieces_init(&sh.pieces, ctx) != 0) {
		free(seekers);
		return phase_fail(ctx, ctx->tf->dir, "allocate seekers", ENOMEM);
	}
	int rc = phase_pieces_open(&sh.pieces, IO_WRITE);
	if (rc == 0)
		rc = start_seekers(&sh, seekers, n);
	if (phase_interrupted(ctx))
		rc = -1;
	if (phase_pieces_close(&sh.pieces) != 0)
		rc = -1;
	free(seekers);
	return ctx->err.op[0] ? -1 : rc;
}
