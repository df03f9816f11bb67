/* SPDX-License-Identifier: MIT */
/*
 * engine_internal.h - what the engines share inside this folder: the row
 * each back-end gives engine.c to pick and run it by (struct engine_ops),
 * the job's shared state, one worker's state and results, and the rules
 * every back-end follows (engine_worker.c): the same blocks, stamped and
 * checked the same way, stopped for the same reasons. Not for the rest of
 * clyde.
 */
#ifndef ENGINE_INTERNAL_H
#define ENGINE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "io/iobuf.h"
#include "lib/stats.h"

struct engine_worker;

/* Where one job thread's I/Os go: I/O number N is ticket N. */
struct engine_stream {
	uint64_t first;          /* sequential: the region */
	uint64_t len;
	uint64_t key;            /* random: the generator's key */
	uint64_t limit;          /* tickets to hand out; UINT64_MAX: no limit */
	_Atomic uint64_t next;   /* tickets taken; shared by the threads
				  * engine's workers of one stream */
};

/* The job, as every worker sees it. */
struct engine_shared {
	const struct engine_job *job;
	void (*run)(struct engine_worker *w); /* the engine's worker */
	struct engine_stream *streams; /* one per job thread */
	uint64_t blocks;          /* whole blocks in the file */
	uint64_t blocks_per_piece;
	uint64_t shuffle_mask;    /* shuffled: 2^bits - 1 >= blocks - 1 */
	unsigned shuffle_bits;
	uint64_t deadline_ns;     /* UINT64_MAX: none; written before the gate opens */
	_Atomic bool halt;        /* an error or should_stop: start no more I/O */
	_Atomic bool stopped;     /* should_stop said so */
	pthread_mutex_t lock;     /* guards err and the gate */
	pthread_cond_t cond;
	unsigned arrived;         /* workers at the gate */
	bool open;                /* the gate is open */
	struct engine_error err;  /* first error */
};

/* One thread of a job: T of them, or T x Q for the threads engine. */
struct engine_worker {
	struct engine_shared *sh;
	struct engine_stream *stream;
	unsigned index;           /* 0.. workers - 1 */
	uint32_t depth;           /* I/Os it keeps in flight */
	pthread_t thread;
	uint64_t ios;             /* results, merged after the join */
	uint64_t submitted;
	uint64_t failed;
	uint64_t block_sum;
	uint64_t end_ns;          /* last completion */
	uint64_t reported;        /* ios already added to job->progress */
	struct latency_stats lat;
};

/* One I/O slot of a worker. */
struct engine_io {
	unsigned char *buf;       /* block_bytes, aligned */
	uint64_t block;
	uint64_t start_ns;        /* submission */
	int32_t piece;            /* where it went */
	uint64_t offset;
};

/*
 * One engine, as engine.c picks and runs it. Each back-end defines one row
 * (engine_uring.c, engine_aio.c, engine_threads.c; where the Linux engines
 * are not built, engine_none.c gives theirs, never available); engine.c
 * lists them in auto's order.
 */
struct engine_ops {
	enum engine_kind kind;    /* which engine; engine_name() spells it */
	const char *label;        /* auto's line: "...; using LABEL" */
	/*
	 * 0 when the engine can run here, else -1 with errno and a reason in
	 * WHY (LEN bytes; none when LEN is 0): "io_uring: Operation not
	 * permitted (kernel.io_uring_disabled=2)". NULL: it runs anywhere.
	 */
	int (*probe)(char *why, size_t len);
	const char *setup_op;     /* the job's error when probe refuses */
	bool per_io;              /* Q x T workers of one I/O each, not T of Q */
	/*
	 * One worker's share: set up, engine_start(), I/O until engine_next()
	 * says no more, reap everything in flight, tear down. It reports every
	 * failure through engine_fail() and must call engine_start() exactly
	 * once, even after a failed set-up.
	 */
	void (*run)(struct engine_worker *w);
};

extern const struct engine_ops engine_uring_ops;
extern const struct engine_ops engine_aio_ops;
extern const struct engine_ops engine_threads_ops;

/*
 * Wait at the gate until every worker is there, so that set-up (rings,
 * buffers) is not timed. Returns false when the job halted before it
 * started (a set-up failed): the worker tears down without I/O.
 */
bool engine_start(struct engine_worker *w);

/*
 * Add W's completions since its last report to the job's progress count
 * (job->progress, when there is one).
 */
void engine_progress(struct engine_worker *w);

/*
 * True when the job is halted: an error, a stop request (should_stop is
 * asked here), or nothing left. Call at least once per batch and after
 * every bounded wait; it also adds W's new completions to job->progress.
 */
bool engine_poll(struct engine_worker *w);

/*
 * The next I/O of W's stream into IO: block, piece, offset, and for writes
 * the stamped buffer. False when no I/O may start: halted, past the
 * deadline (NOW_NS, from timer_now_ns) or the stream's limit reached.
 * Sets IO->start_ns to NOW_NS.
 */
bool engine_next(struct engine_worker *w, struct engine_io *io, uint64_t now_ns);

/* The descriptor of piece PIECE. */
int engine_fd(const struct engine_worker *w, int32_t piece);

/*
 * Account one completion of IO at NOW_NS: RES is bytes moved or -errno. A
 * full transfer (and, with verify, a correct stamp) counts as one I/O with
 * its latency; anything else counts as failed and goes to engine_fail.
 */
void engine_complete(struct engine_worker *w, const struct engine_io *io,
		     long long res, uint64_t now_ns);

/*
 * Record an error (the first one of the job wins) and halt the job. OP is
 * a static string; PIECE -1 when no descriptor was involved.
 */
void engine_fail(struct engine_worker *w, const char *op, int errnum,
		 int32_t piece, uint64_t offset, uint64_t done);

/*
 * DEPTH slots with one buffer each of block_bytes, aligned, their content
 * made for writes. Filled into IOS; returns the memory to give back
 * (io_free), or NULL after engine_fail("allocate buffers"). engine_buffers is
 * engine_buffers_alloc then engine_buffers_fill, which touches every page;
 * an engine that has the kernel pin the memory (io_uring's registered
 * buffers) does so between the two.
 */
void *engine_buffers(struct engine_worker *w, struct engine_io *ios, uint32_t depth);
void *engine_buffers_alloc(struct engine_worker *w, uint32_t depth);
void engine_buffers_fill(struct engine_worker *w, struct engine_io *ios, void *mem,
			 uint32_t depth);

/*
 * How many iocbs the AIO engine hands to the kernel per io_submit when it
 * first fills a queue of DEPTH: from depth 8 on a quarter of it, so that
 * the device starts on the first while the rest are made; below, all at
 * once. Refills go in one call each, whatever completed.
 */
static inline unsigned engine_first_fill(uint32_t depth)
{
	return depth >= 8 ? depth / 4 : depth;
}

/* "NAME: strerror(ERRNUM)" into WHY; returns -1 with errno = ERRNUM. */
int engine_why(char *why, size_t len, const char *name, int errnum, const char *detail);

#endif
