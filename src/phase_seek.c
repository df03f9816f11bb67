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
	int *fds;                  /* one per piece, opened read-write */
	uint64_t chunks;           /* chunks in the file */
	_Atomic uint64_t next;     /* next ticket */
	_Atomic bool stop;         /* a seeker failed */
	pthread_mutex_t lock;      /* guards ctx->err */
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

static void seeker_fail(struct seeker *s, uint32_t piece, const char *op, int err)
{
	struct phase_ctx *ctx = s->sh->ctx;
	char path[PATH_MAX];

	testfile_path(ctx->tf, piece, path, sizeof(path));
	pthread_mutex_lock(&s->sh->lock);
	if (!ctx->err.op[0])
		phase_fail(ctx, path, op, err);
	pthread_mutex_unlock(&s->sh->lock);
	atomic_store(&s->sh->stop, true);
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

		if (i >= cfg->io.seeks || atomic_load_explicit(&sh->stop, memory_order_relaxed))
			break;
		uint64_t c = ticket(cfg->seed, i, sh->chunks, &write_back);
		uint32_t piece = (uint32_t)(c / per_piece);
		off_t off = (off_t)((c % per_piece) * chunk);
		int fd = sh->fds[piece];
		ssize_t got = io_read_full(fd, s->buf, chunk, off);

		if (got != (ssize_t)chunk) {
			seeker_fail(s, piece, got < 0 ? "read" : "read: file shorter than written",
				    got < 0 ? errno : 0);
			break;
		}
		if (write_back) {
			data_dirty(s->buf, chunk);
			if (io_write_full(fd, s->buf, chunk, off) != 0 ||
			    (cfg->mode.sync_writes && fsync(fd) != 0)) {
				seeker_fail(s, piece, "write", errno);
				break;
			}
			s->writes++;
		}
		if (phase_should_stop(sh->ctx)) { /* recorded after the join */
			atomic_store(&sh->stop, true);
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

static int open_all(struct seek_shared *sh)
{
	struct phase_ctx *ctx = sh->ctx;
	char path[PATH_MAX];

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		testfile_path(ctx->tf, p, path, sizeof(path));
		sh->fds[p] = io_open(path, IO_WRITE, &ctx->cfg->mode);
		if (sh->fds[p] < 0)
			return phase_fail(ctx, path, "open", errno);
	}
	return 0;
}

/* fsync + close every piece; the first failure is the phase's error. */
static int close_all(struct seek_shared *sh)
{
	struct phase_ctx *ctx = sh->ctx;
	char path[PATH_MAX];
	int rc = 0;

	for (uint32_t p = 0; p < ctx->tf->pieces; p++) {
		if (sh->fds[p] < 0)
			continue;
		if (io_sync_close(sh->fds[p]) != 0 && rc == 0) {
			testfile_path(ctx->tf, p, path, sizeof(path));
			rc = phase_fail(ctx, path, "fsync", errno);
		}
	}
	return rc;
}

static int start_seekers(struct seek_shared *sh, struct seeker *s, unsigned n)
{
	struct phase_ctx *ctx = sh->ctx;
	const struct config *cfg = ctx->cfg;
	size_t align = cfg->mode.dio_align ? cfg->mode.dio_align : sizeof(void *);
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
		atomic_store(&sh->stop, true);
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

static int seeks_run(struct phase_ctx *ctx)
{
	const struct config *cfg = ctx->cfg;
	struct seek_shared sh = { .ctx = ctx };
	unsigned n = (unsigned)cfg->io.seekers;
	struct seeker *seekers = calloc(n, sizeof(*seekers));

	sh.chunks = ctx->tf->size_bytes / cfg->io.chunk_bytes;
	sh.fds = malloc(ctx->tf->pieces * sizeof(*sh.fds));
	if (!seekers || !sh.fds) {
		free(seekers);
		free(sh.fds);
		return phase_fail(ctx, ctx->tf->dir, "allocate seekers", ENOMEM);
	}
	for (uint32_t p = 0; p < ctx->tf->pieces; p++)
		sh.fds[p] = -1;
	pthread_mutex_init(&sh.lock, NULL);
	int rc = open_all(&sh);
	if (rc == 0)
		rc = start_seekers(&sh, seekers, n);
	if (phase_interrupted(ctx))
		rc = -1;
	if (close_all(&sh) != 0)
		rc = -1;
	pthread_mutex_destroy(&sh.lock);
	free(seekers);
	free(sh.fds);
	return ctx->err.op[0] ? -1 : rc;
}

static uint64_t seeks_total(const struct phase_ctx *ctx)
{
	return ctx->cfg->io.seeks;
}

const struct phase_def phase_seeks = {
	.id = PHASE_SEEKS,
	.name = "seeks",
	.rate_in_kib = false,
	.run = seeks_run,
	.total = seeks_total,
};
