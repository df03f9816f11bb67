/* SPDX-License-Identifier: MIT */
/*
 * engine.c - the engine a job runs on (auto: io_uring, else Linux AIO, else
 * threads, with one line saying why), the job's threads and their start
 * gate, and the rules every engine shares: which block each I/O goes to,
 * write stamps and read checks, stop conditions, the first error, results
 * merged at the join.
 */
#include "engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/data.h"
#include "engine_internal.h"
#include "io/io.h"
#include "lib/timer.h"

#define ENGINE_MAX_BLOCK_BYTES (64u << 20)

static const char *const engine_names[] = {
	[ENGINE_AUTO] = "auto",
	[ENGINE_IO_URING] = "io_uring",
	[ENGINE_AIO] = "aio",
	[ENGINE_THREADS] = "threads",
};

const char *engine_name(enum engine_kind kind)
{
	if ((unsigned)kind >= sizeof(engine_names) / sizeof(engine_names[0]))
		return "unknown";
	return engine_names[kind];
}

int engine_from_name(const char *name, enum engine_kind *out)
{
	for (unsigned i = 0; i < sizeof(engine_names) / sizeof(engine_names[0]); i++) {
		if (strcmp(name, engine_names[i]) == 0) {
			*out = (enum engine_kind)i;
			return 0;
		}
	}
	errno = EINVAL;
	return -1;
}

int engine_why(char *why, size_t len, const char *name, int errnum, const char *detail)
{
	if (len > 0)
		snprintf(why, len, "%s: %s%s%s%s", name, strerror(errnum),
			 detail && *detail ? " (" : "", detail ? detail : "",
			 detail && *detail ? ")" : "");
	errno = errnum;
	return -1;
}

int engine_select(enum engine_kind want, enum engine_kind *got, char *why,
		  size_t len)
{
	char uring_why[160] = "", aio_why[160] = "";

	if (len > 0)
		why[0] = '\0';
	switch (want) {
	case ENGINE_IO_URING:
		*got = want;
		return engine_uring_probe(why, len);
	case ENGINE_AIO:
		*got = want;
		return engine_aio_probe(why, len);
	case ENGINE_THREADS:
		*got = want;
		return 0;
	case ENGINE_AUTO:
		break;
	default:
		errno = EINVAL;
		return -1;
	}
	if (engine_uring_probe(uring_why, sizeof(uring_why)) == 0) {
		*got = ENGINE_IO_URING;
		return 0;
	}
	if (engine_aio_probe(aio_why, sizeof(aio_why)) == 0) {
		*got = ENGINE_AIO;
		if (len > 0)
			snprintf(why, len, "%s; using Linux AIO", uring_why);
		return 0;
	}
	*got = ENGINE_THREADS;
	if (len > 0)
		snprintf(why, len, "%s; %s; using one thread per I/O", uring_why,
			 aio_why);
	return 0;
}

/* EINVAL unless JOB describes something every engine can run. */
static bool job_valid(const struct engine_job *job, enum engine_kind kind)
{
	if (!job->fds || job->pieces == 0 || job->piece_bytes == 0 ||
	    job->block_bytes < ENGINE_STAMP_BYTES ||
	    job->block_bytes > ENGINE_MAX_BLOCK_BYTES ||
	    job->piece_bytes % job->block_bytes != 0 ||
	    (job->align & (job->align - 1)) != 0 ||
	    (job->align && job->block_bytes % job->align != 0) ||
	    job->depth == 0 || job->depth > ENGINE_MAX_DEPTH ||
	    job->threads == 0 || job->threads > ENGINE_MAX_THREADS ||
	    (job->verify && job->writes) ||
	    (job->time_ns == 0 && job->ios == 0 && !job->thread_ios &&
	     !job->should_stop))
		return false;
	/* Every piece but the last is full; the last holds something. */
	if ((uint64_t)(job->pieces - 1) > UINT64_MAX / job->piece_bytes ||
	    job->file_bytes <= (uint64_t)(job->pieces - 1) * job->piece_bytes ||
	    job->file_bytes - (uint64_t)(job->pieces - 1) * job->piece_bytes >
		    job->piece_bytes)
		return false;
	uint64_t blocks = job->file_bytes / job->block_bytes;
	if (blocks == 0 || (job->pattern == ENGINE_SEQUENTIAL && blocks < job->threads))
		return false;
	if (kind == ENGINE_THREADS &&
	    (uint64_t)job->depth * job->threads > ENGINE_MAX_WORKERS)
		return false;
	return true;
}

/* N split between T takers, the first N % T one more: taker I's share and start. */
static uint64_t share_of(uint64_t n, uint32_t t, uint32_t i, uint64_t *first)
{
	uint64_t base = n / t, extra = n % t;

	if (first)
		*first = i * base + (i < extra ? i : extra);
	return base + (i < extra ? 1 : 0);
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

/* Hand W's completions since the last report to the job's progress count. */
static void report_progress(struct engine_worker *w)
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

	report_progress(w);
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
	uint64_t block = job->pattern == ENGINE_RANDOM
				 ? data_mix64(st->key + n) % sh->blocks
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
}

void *engine_buffers(struct engine_worker *w, struct engine_io *ios, uint32_t depth)
{
	const struct engine_job *job = w->sh->job;
	size_t bs = job->block_bytes;

	if (depth > SIZE_MAX / bs) {
		engine_fail(w, "allocate buffers", ENOMEM, -1, 0, 0);
		return NULL;
	}
	unsigned char *mem = io_alloc(depth * bs, job->align);
	if (!mem) {
		engine_fail(w, "allocate buffers", ENOMEM, -1, 0, 0);
		return NULL;
	}
	/*
	 * Touch every page now, not during the timed run. Writes get
	 * incompressible content, different in every slot of every worker.
	 */
	for (uint32_t k = 0; k < depth; k++) {
		unsigned char *buf = mem + k * bs;
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
	return mem;
}

static void *worker_main(void *arg)
{
	struct engine_worker *w = arg;

	w->sh->run(w);
	return NULL;
}

/*
 * Resolve *KIND (auto: the first available) and point *RUN at its worker.
 * -1 with errno when the engine asked for cannot run here.
 */
static int engine_pick(enum engine_kind *kind, void (**run)(struct engine_worker *))
{
	char why[8]; /* the caller wanting the reason asks engine_select */

	if (engine_select(*kind, kind, why, sizeof(why)) != 0)
		return -1;
	*run = *kind == ENGINE_IO_URING ? engine_uring_run
	       : *kind == ENGINE_AIO    ? engine_aio_run
					: engine_threads_run;
	return 0;
}

/* Start the workers, open the gate when all are set up, join, merge. */
static void run_workers(struct engine_shared *sh, struct engine_worker *w,
			unsigned n, struct engine_result *res)
{
	unsigned started = 0;
	int err = 0;

	for (; started < n; started++) {
		err = pthread_create(&w[started].thread, NULL, worker_main, &w[started]);
		if (err != 0)
			break;
	}
	pthread_mutex_lock(&sh->lock);
	if (err != 0) {
		if (!sh->err.op)
			sh->err = (struct engine_error){ .op = "start threads",
							 .errnum = err, .piece = -1 };
		atomic_store(&sh->halt, true);
	}
	while (sh->arrived < started)
		pthread_cond_wait(&sh->cond, &sh->lock);
	uint64_t start_ns = timer_now_ns();
	uint64_t cpu0_ns = timer_cpu_ns();
	if (sh->job->time_ns)
		sh->deadline_ns = start_ns + sh->job->time_ns;
	sh->open = true;
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);

	uint64_t end_ns = start_ns;
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].thread, NULL);
		report_progress(&w[i]);
		res->ios += w[i].ios;
		res->thread_ios[w[i].stream - sh->streams] += w[i].ios;
		res->submitted += w[i].submitted;
		res->failed += w[i].failed;
		res->block_sum += w[i].block_sum;
		stats_merge(&res->lat, &w[i].lat);
		if (w[i].end_ns > end_ns)
			end_ns = w[i].end_ns;
	}
	res->cpu_ns = timer_cpu_ns() - cpu0_ns;
	res->elapsed_ns = end_ns - start_ns;
}

int engine_run(const struct engine_job *job, enum engine_kind kind,
	       struct engine_result *res)
{
	struct engine_shared sh = { .job = job, .deadline_ns = UINT64_MAX };
	void (*run)(struct engine_worker *);

	memset(res, 0, sizeof(*res));
	stats_init(&res->lat);
	res->err.piece = -1;
	int picked = engine_pick(&kind, &run);
	res->engine = kind;
	if (picked != 0) {
		res->err.op = kind == ENGINE_IO_URING ? "io_uring_setup" : "io_setup";
		res->err.errnum = errno;
		return -1;
	}
	if (!job_valid(job, kind)) {
		res->err.op = "job";
		res->err.errnum = EINVAL;
		errno = EINVAL;
		return -1;
	}
	bool per_io = kind == ENGINE_THREADS;
	unsigned n = per_io ? job->depth * job->threads : job->threads;
	struct engine_stream *streams = calloc(job->threads, sizeof(*streams));
	struct engine_worker *workers = calloc(n, sizeof(*workers));
	if (!streams || !workers) {
		free(streams);
		free(workers);
		res->err.op = "allocate workers";
		res->err.errnum = ENOMEM;
		errno = ENOMEM;
		return -1;
	}
	sh.run = run;
	sh.streams = streams;
	sh.blocks = job->file_bytes / job->block_bytes;
	sh.blocks_per_piece = job->piece_bytes / job->block_bytes;
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);
	for (uint32_t i = 0; i < job->threads; i++) {
		struct engine_stream *st = &streams[i];

		st->len = share_of(sh.blocks, job->threads, i, &st->first);
		st->key = data_mix64(job->seed ^ (i + 1) * 0x9e3779b97f4a7c15ULL);
		st->limit = job->thread_ios ? job->thread_ios[i]
			    : job->ios ? share_of(job->ios, job->threads, i, NULL)
				       : UINT64_MAX;
		atomic_init(&st->next, 0);
	}
	for (unsigned k = 0; k < n; k++) {
		workers[k] = (struct engine_worker){
			.sh = &sh,
			.stream = &streams[per_io ? k / job->depth : k],
			.index = k,
			.depth = per_io ? 1 : job->depth,
		};
		stats_init(&workers[k].lat);
	}
	run_workers(&sh, workers, n, res);
	res->bytes = res->ios * job->block_bytes;
	res->stopped = atomic_load(&sh.stopped);
	res->err = sh.err;
	if (!res->err.op)
		res->err.piece = -1;
	pthread_cond_destroy(&sh.cond);
	pthread_mutex_destroy(&sh.lock);
	free(workers);
	free(streams);
	if (res->err.op) {
		errno = res->err.errnum ? res->err.errnum : EIO;
		return -1;
	}
	return 0;
}
