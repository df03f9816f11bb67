/* SPDX-License-Identifier: MIT */
/*
 * engine.c - the engine a job runs on, picked from the back-ends' rows
 * (struct engine_ops) in auto's order: io_uring, else Linux AIO, else
 * threads, with one line saying why; the job's streams of blocks, its
 * threads and their start gate, results merged at the join. What each
 * worker does is its back-end's; the rules they share, engine_worker.c's.
 */
#include "engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_internal.h"
#include "io/data.h"
#include "lib/timer.h"

#define ENGINE_MAX_BLOCK_BYTES (64u << 20)
#define ENGINE_WHY_MAX 160 /* one engine's reason for not running here */

/* Every engine, in auto's order: the first that can run here is taken. */
static const struct engine_ops *const engines[] = {
	&engine_uring_ops,
	&engine_aio_ops,
	&engine_threads_ops,
};

#define ENGINES (sizeof(engines) / sizeof(engines[0]))

static int engine_probe(const struct engine_ops *ops, char *why, size_t len)
{
	return ops->probe ? ops->probe(why, len) : 0;
}

/*
 * The row that runs WANT here into *OPS: WANT's own, or for ENGINE_AUTO the
 * first available, with WHY (LEN bytes; none when LEN is 0) saying which
 * were passed over and why, "" when none was. -1 with errno and the reason
 * in WHY when the engine asked for cannot run here (*OPS its row), or
 * EINVAL when WANT is no engine (*OPS NULL).
 */
static int engine_pick(enum engine_kind want, const struct engine_ops **ops,
		       char *why, size_t len)
{
	char passed[ENGINES * (ENGINE_WHY_MAX + 2)] = "", one[ENGINE_WHY_MAX];
	size_t used = 0;

	if (len > 0)
		why[0] = '\0';
	*ops = NULL;
	if (want != ENGINE_AUTO) {
		for (size_t i = 0; i < ENGINES && !*ops; i++)
			if (engines[i]->kind == want)
				*ops = engines[i];
		if (!*ops) {
			errno = EINVAL;
			return -1;
		}
		return engine_probe(*ops, why, len);
	}
	for (size_t i = 0; i < ENGINES; i++) {
		if (engine_probe(engines[i], one, sizeof(one)) == 0) {
			*ops = engines[i];
			if (used > 0 && len > 0)
				snprintf(why, len, "%susing %s", passed, engines[i]->label);
			return 0;
		}
		used += (size_t)snprintf(passed + used, sizeof(passed) - used, "%s; ", one);
	}
	errno = ENOSYS; /* never: the threads engine runs anywhere */
	return -1;
}

int engine_select(enum engine_kind want, enum engine_kind *got, char *why,
		  size_t len)
{
	const struct engine_ops *ops;
	int rc = engine_pick(want, &ops, why, len);

	if (ops)
		*got = ops->kind;
	return rc;
}

/* Whether JOB describes something the engine of OPS can run. */
static bool job_valid(const struct engine_job *job, const struct engine_ops *ops)
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
	if (ops->per_io &&
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

static void *worker_main(void *arg)
{
	struct engine_worker *w = arg;

	w->sh->run(w);
	return NULL;
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
		engine_progress(&w[i]);
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
	const struct engine_ops *ops;

	memset(res, 0, sizeof(*res));
	stats_init(&res->lat);
	res->err.piece = -1;
	int picked = engine_pick(kind, &ops, NULL, 0);
	res->engine = ops ? ops->kind : kind;
	if (picked != 0) {
		res->err.op = ops ? ops->setup_op : "job";
		res->err.errnum = errno;
		return -1;
	}
	if (!job_valid(job, ops)) {
		res->err.op = "job";
		res->err.errnum = EINVAL;
		errno = EINVAL;
		return -1;
	}
	bool per_io = ops->per_io;
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
	sh.run = ops->run;
	sh.streams = streams;
	sh.blocks = job->file_bytes / job->block_bytes;
	sh.blocks_per_piece = job->piece_bytes / job->block_bytes;
	while (sh.shuffle_bits < 64 && (sh.blocks - 1) >> sh.shuffle_bits)
		sh.shuffle_bits++;
	sh.shuffle_mask = sh.shuffle_bits == 64 ? UINT64_MAX
			  : (UINT64_C(1) << sh.shuffle_bits) - 1;
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
