/* SPDX-License-Identifier: MIT */
/*
 * phase.h - what a test phase is: a row of the phase table, run once per
 * copy (-c) on that copy's files, filling its context and never printing.
 * The driver (run.c) times the phase, merges the copies and fills the
 * phase_result.
 */
#ifndef PHASE_H
#define PHASE_H

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "io/data.h"
#include "io/io.h"
#include "phase_info.h"
#include "lib/meter.h"
#include "lib/stats.h"
#include "io/iofile.h"

/* Where and why a phase failed: "clyde: PATH: OP: strerror(errnum)". */
struct phase_error {
	char path[PATH_MAX];
	char op[96];
	int errnum; /* errno; 0 when op says it all */
	int status; /* exit status it calls for: 3 I/O error, 4 corrupt data */
	bool stopped; /* this copy only stopped because another one failed */
};

struct filetest_state; /* the file tests' own state (filetest.h) */

/* One copy's view of one phase. */
struct phase_ctx {
	const struct config *cfg;
	unsigned copy;
	const struct rng_source *rng; /* -Z's numbers (count 0 without -Z) */
	uint64_t seed;                /* the run's seed: -z, or from -Z */
	struct iofile *tf;          /* this copy's I/O file */
	struct data_pattern *data;    /* this copy's data pool */
	struct iofile *read_tf;       /* what block input reads: tf, or with
				       * --reorder another rank's file or region */
	struct data_pattern *read_data; /* what read_tf holds, for --verify */
	unsigned char *buf;           /* chunk bytes, aligned for O_DIRECT */
	size_t buf_align;             /* the alignment of every I/O buffer */
	uint64_t perchar_bytes;       /* bytes of the per-char phases */
	struct filetest_state *files;    /* file tests of this copy */
	struct latency_stats lat;     /* one entry per operation */
	const void *arg;              /* the plan step's argument (random_spec) */
	enum engine_kind engine;      /* the engine set-up chose (engine tests) */
	uint64_t bytes;               /* bytes moved (bulk phases) */
	uint64_t read_bytes;          /* of which read, for the truth check */
	uint64_t ops;                 /* operations done */
	uint64_t checksum;            /* keeps per-char reads from being optimised out */
	_Atomic uint64_t progress;    /* units (bytes or ops) done, read by the driver */
	struct meter *meter;          /* every operation of the phase, the copies'
				       * together: the driver's, for the test's
				       * rate over time (NULL: none) */
	/*
	 * A phase that times its own I/O (the engine tests: first I/O to last
	 * completion, plus the fsync of writes) leaves that window here and
	 * the process CPU over it; the driver then uses them instead of the
	 * run function's whole time. 0: not given.
	 */
	uint64_t io_ns;
	uint64_t io_cpu_ns;
	_Atomic bool *failed;         /* set by any copy's phase_fail: all stop */
	_Atomic bool *cut;            /* --deadline: set when every copy is to
				       * stop, without an error; NULL: never */
	bool was_cut;                 /* this copy stopped on it */
	struct phase_error err;
};

/*
 * Fill ctx->err and tell the other copies to stop; returns -1 so phases can
 * `return phase_fail(...)`. Not thread-safe on one ctx: threads inside a
 * phase serialise their calls.
 */
int phase_fail(struct phase_ctx *ctx, const char *path, const char *op,
	       int errnum);

/* phase_fail for an open of a piece that failed with ERRNUM (iofile_open's
 * errno: 0 when the name no longer holds the file clyde made). */
int phase_fail_open(struct phase_ctx *ctx, const char *path, int errnum);

/*
 * True once a signal asked clyde to stop or another copy failed. Only
 * reads: safe from every thread of a phase.
 */
bool phase_should_stop(const struct phase_ctx *ctx);

/*
 * phase_should_stop(), and then ctx->err says why ("interrupted", or
 * stopped for another copy's error) unless it holds an error already.
 * Same thread rules as phase_fail.
 */
bool phase_interrupted(struct phase_ctx *ctx);

/*
 * --deadline: true once every copy is to stop the phase where it is (the
 * deadline passed, or the first copy of any rank finished); the copy then
 * counts as cut. Reads a flag: cheap enough for every chunk.
 */
bool phase_cut(struct phase_ctx *ctx);

/*
 * --verify: compare BUF, block BLOCK of a file as read back, with what
 * block output wrote there from DATA (the copy's own pool, or under
 * --reorder the other copy's) and rewrite changed. A difference fills
 * ctx->err ("PATH: verify: data differs at offset OFFSET + where", exit
 * status 4) and returns -1; else 0. OFFSET is the block's offset within
 * PATH.
 */
int phase_verify(struct phase_ctx *ctx, struct data_pattern *data,
		 uint64_t block, const unsigned char *buf, uint64_t offset,
		 const char *path);

/*
 * Every piece of a copy's I/O file, opened once for a phase whose threads
 * (seekers, random-I/O workers) share the descriptors. The first thread to
 * fail records the phase's error; stop tells the others.
 */
struct phase_pieces {
	struct phase_ctx *ctx;
	int *fds;               /* one per piece, -1 until opened */
	_Atomic bool stop;      /* a thread failed or was told to stop */
	pthread_mutex_t lock;   /* guards ctx->err */
};

/*
 * Room for a descriptor per piece of ctx's file, none open yet. The threaded
 * phases open them all at once; the sequential writers (block output,
 * rewrite, per-char output) put each piece's descriptor in fds[] as they
 * write it and keep it open to the end of the phase, so that, as with
 * bonnie++'s one file, the file is written whole and then made durable: an
 * fsync per piece as it ended would stop the copying while the piece's
 * writeback drains, where the kernel can otherwise overlap them. 0, or -1
 * with the phase's error (out of memory).
 */
int phase_pieces_begin(struct phase_pieces *pp, struct phase_ctx *ctx);

/*
 * Close every descriptor in pp->fds and free them: with SYNC each is
 * fsynced first, in piece order, and the first failure becomes the phase's
 * error ("fsync"); without, after an error or an interrupt, they are only
 * closed (nothing waits for writeback). 0 or -1.
 */
int phase_pieces_end(struct phase_pieces *pp, bool sync);

/*
 * Begin *PP and open every piece of ctx's I/O file for ACC into it, for a
 * phase whose threads (or engine) share the descriptors. 0, or -1 with
 * ctx->err filled; *PP is then already ended.
 */
int phase_pieces_open(struct phase_pieces *pp, struct phase_ctx *ctx,
		      enum io_access acc);

/* fsync every open piece, keeping them open; the first failure is ctx's
 * error. 0 or -1. */
int phase_pieces_sync(struct phase_pieces *pp);

/* From any of the threads: OP failed on PIECE; record it once, stop them all. */
void phase_pieces_fail(struct phase_pieces *pp, uint32_t piece, const char *op,
		       int errnum);

/*
 * One thread of a threaded phase. The phase's function reads the shared
 * pieces and its own state through it and counts into it alone; the pool
 * adds every worker's counts and latencies into the copy's context after
 * the join.
 */
struct phase_worker {
	struct phase_pieces *pieces;
	void *shared;           /* the phase's own state */
	unsigned index;         /* 0 .. n-1 */
	unsigned char *buf;     /* buf_bytes, aligned as ctx->buf_align */
	struct latency_stats lat;
	uint64_t ops, bytes, read_bytes;
	pthread_t thread;
};

/*
 * Run a threaded phase on ctx's copy: open every piece for ACC, start N
 * workers running WORK (each with its own buffer of BUF_BYTES, filled by
 * PREP when not NULL), wait for them all, merge their figures into ctx,
 * fsync and close the pieces. The first failure (opening, starting a
 * thread, a worker's phase_pieces_fail, an interrupt) is the phase's
 * error. Returns 0 or -1, like any run function.
 */
int phase_workers_run(struct phase_ctx *ctx, enum io_access acc, unsigned n,
		      size_t buf_bytes, void *(*work)(void *worker),
		      void (*prep)(struct phase_worker *w), void *shared);

/*
 * A chunk moved: its latency since *T0 into ctx->lat (and *T0 moves on),
 * BYTES (READ_BYTES of them read) and one operation into the counts, the
 * progress the driver shows and the phase's meter.
 */
void phase_count_chunk(struct phase_ctx *ctx, uint64_t *t0, uint64_t bytes,
		       uint64_t read_bytes);

/* A prepare step: remove this copy's old I/O file before it is written anew. */
int phase_remove_iofile(struct phase_ctx *ctx);

/* Block output's prepare step: the same, then, for --shared-file, the
 * job's copy 0 makes the shared file for every copy to write its region. */
int phase_fresh_iofile(struct phase_ctx *ctx);

/*
 * The phases' own functions, the rows of phase_table (phase_table.c) point
 * to: phase_char.c, phase_block.c, phase_seek.c, phase_filetest.c,
 * phase_random.c. The random-I/O run reads its random_spec from ctx->arg.
 */
int phase_putc_run(struct phase_ctx *ctx);
int phase_getc_run(struct phase_ctx *ctx);
int phase_write_run(struct phase_ctx *ctx);
int phase_rewrite_run(struct phase_ctx *ctx);
int phase_read_run(struct phase_ctx *ctx);
int phase_seeks_run(struct phase_ctx *ctx);
int phase_seq_create_prepare(struct phase_ctx *ctx);
int phase_ran_create_prepare(struct phase_ctx *ctx);
int phase_create_run(struct phase_ctx *ctx);
int phase_seq_stat_run(struct phase_ctx *ctx);
int phase_seq_delete_run(struct phase_ctx *ctx);
int phase_shuffle_prepare(struct phase_ctx *ctx);
int phase_stat_shuffle_prepare(struct phase_ctx *ctx);
int phase_files_check(struct phase_ctx *ctx);
int phase_ran_stat_run(struct phase_ctx *ctx);
int phase_ran_delete_run(struct phase_ctx *ctx);
int phase_random_run(struct phase_ctx *ctx);

#endif
