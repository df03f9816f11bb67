/* SPDX-License-Identifier: MIT */
/*
 * engine_worker.c - the rules every engine's workers follow, below the
 * engines and the dispatcher (engine.c) alike: the start gate, which block
 * each I/O goes to, write stamps and read checks, stop conditions and
 * progress, the first error, and the slots' buffers (engine_internal.h).
 */
#include "engine_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "io/data.h"
#include "io/io.h"

int engine_why(char *why, size_t len, const char *name, int errnum, const char *detail)
{
	if (len > 0)
		snprintf(why, len, "%s: %s%s%s%s", name, strerror(errnum),
			 detail && *detail ? " (" : "", detail ? detail : "",
			 detail && *detail ? ")" : "");
	errno = errnum;
	return -1;
}

bool engine_start(struct engine_worker *w)
{
	struct engine_shared *sh = w->sh;

	pthread_mutex_lock(&sh->lock);
	sh->arrived++;
	pthread_cond_broadcast(&sh->cond);
	while (!sh->open)
		pthread_cond_wait(&sh->cond, &sh->lock);
	pthread_mutex_unlock(&sh->lock);
	return !atomic_load(&sh->halt);
}

void engine_progress(struct engine_worker *w)
{
	_Atomic uint64_t *progress = w->sh->job->progress;

	if (progress && w->ios != w->reported) {
		atomic_fetch_add_explicit(progress, w->ios - w->reported,
					  memory_order_relaxed);
		w->reported = w->ios;
	}
}

bool engine_poll(struct engine_worker *w)
{
	struct engine_shared *sh = w->sh;

	engine_progress(w);
	if (atomic_load_explicit(&sh->halt, memory_order_relaxed))
		return true;
	if (sh->job->should_stop && sh->job->should_stop(sh->job->stop_arg)) {
		atomic_store(&sh->stopped, true);
		atomic_store(&sh->halt, true);
		return true;
	}
	return false;
}

/* Stamp written at a write's start and checked after a read. */
static void stamp_make(unsigned char *stamp, uint64_t block, uint64_t seed)
{
	memcpy(stamp, &block, sizeof(block));
	memcpy(stamp + sizeof(block), &seed, sizeof(seed));
}

/*
 * Element N (< sh->blocks) of the permutation of the blocks keyed by KEY.
 * Each round (add a key, multiply by an odd number, fold the high half
 * down, all modulo 2^bits) is one-to-one on the numbers under 2^bits, so
 * their composition is too; applying it again until the result is a block
 * (cycle-walking, under two tries on average as 2^bits < 2 x blocks) keeps
 * it one-to-one on the blocks.
 */
static uint64_t shuffle(const struct engine_shared *sh, uint64_t key, uint64_t n)
{
	const uint64_t mask = sh->shuffle_mask;
	const unsigned fold = sh->shuffle_bits / 2 + 1;

	do {
		uint64_t k = key;

		for (unsigned r = 0; r < 3; r++) {
			n = (n + k) & mask;
			n = (n * UINT64_C(0x9e3779b97f4a7c15)) & mask;
			n ^= n >> fold;
			k = k << 21 | k >> 43;
		}
	} while (n >= sh->blocks);
	return n;
}

bool engine_next(struct engine_worker *w, struct engine_io *io, uint64_t now_ns)
{
	struct engine_shared *sh = w->sh;
	struct engine_stream *st = w->stream;
	const struct engine_job *job = sh->job;

	if (atomic_load_explicit(&sh->halt, memory_order_relaxed) ||
	    now_ns >= sh->deadline_ns)
		return false;
	uint64_t n = atomic_fetch_add_explicit(&st->next, 1, memory_order_relaxed);
	if (n >= st->limit)
		return false;
	uint64_t block = job->pattern == ENGINE_RANDOM ? data_mix64(st->key + n) % sh->blocks
			 : job->pattern == ENGINE_SHUFFLED ? shuffle(sh, st->key, n % sh->blocks)
							    : st->first + n % st->len;
	io->block = block;
	io->piece = (int32_t)(block / sh->blocks_per_piece);
	io->offset = (block % sh->blocks_per_piece) * job->block_bytes;
	io->start_ns = now_ns;
	if (job->writes)
		stamp_make(io->buf, block, job->seed);
	w->submitted++;
	return true;
}

int engine_fd(const struct engine_worker *w, int32_t piece)
{
	return w->sh->job->fds[piece];
}

void engine_fail(struct engine_worker *w, const char *op, int errnum,
		 int32_t piece, uint64_t offset, uint64_t done)
{
	struct engine_shared *sh = w->sh;

	pthread_mutex_lock(&sh->lock);
	if (!sh->err.op)
		sh->err = (struct engine_error){ .op = op, .errnum = errnum,
			.piece = piece, .offset = offset, .done = done };
	pthread_mutex_unlock(&sh->lock);
	atomic_store(&sh->halt, true);
}

void engine_complete(struct engine_worker *w, const struct engine_io *io,
		     long long res, uint64_t now_ns)
{
	const struct engine_job *job = w->sh->job;
	const char *op = job->writes ? "write" : "read";
	unsigned char stamp[ENGINE_STAMP_BYTES];

	w->end_ns = now_ns;
	if (res < 0) {
		w->failed++;
		engine_fail(w, op, (int)-res, io->piece, io->offset, 0);
		return;
	}
	if (res != (long long)job->block_bytes) {
		w->failed++;
		engine_fail(w, op, 0, io->piece, io->offset, (uint64_t)res);
		return;
	}
	if (job->verify) {
		stamp_make(stamp, io->block, job->seed);
		if (memcmp(io->buf, stamp, sizeof(stamp)) != 0) {
			w->failed++;
			engine_fail(w, "verify", 0, io->piece, io->offset, 0);
			return;
		}
	}
	w->ios++;
	w->block_sum += io->block;
	stats_add(&w->lat, now_ns - io->start_ns);
	if (job->meter)
		meter_add(job->meter, job->meter_lane + w->index, job->block_bytes,
			  now_ns - io->start_ns);
}

void *engine_buffers_alloc(struct engine_worker *w, uint32_t depth)
{
	const struct engine_job *job = w->sh->job;
	size_t bs = job->block_bytes;
	void *mem = depth > SIZE_MAX / bs ? NULL : io_alloc(depth * bs, job->align);

	if (!mem)
		engine_fail(w, "allocate buffers", ENOMEM, -1, 0, 0);
	return mem;
}

void engine_buffers_fill(struct engine_worker *w, struct engine_io *ios, void *mem,
			 uint32_t depth)
{
	const struct engine_job *job = w->sh->job;
	size_t bs = job->block_bytes;

	/*
	 * Touch every page now, not during the timed run. Writes get
	 * incompressible content, different in every slot of every worker.
	 */
	for (uint32_t k = 0; k < depth; k++) {
		unsigned char *buf = (unsigned char *)mem + k * bs;
		uint64_t key = data_mix64(job->seed ^ ((uint64_t)w->index << 32 | k));

		ios[k] = (struct engine_io){ .buf = buf };
		if (!job->writes || job->zeros) {
			memset(buf, 0, bs);
			continue;
		}
		for (size_t i = 0; i + sizeof(uint64_t) <= bs; i += sizeof(uint64_t)) {
			uint64_t v = data_mix64(key + i);
			memcpy(buf + i, &v, sizeof(v));
		}
	}
}

void *engine_buffers(struct engine_worker *w, struct engine_io *ios, uint32_t depth)
{
	void *mem = engine_buffers_alloc(w, depth);

	if (mem)
		engine_buffers_fill(w, ios, mem, depth);
	return mem;
}
