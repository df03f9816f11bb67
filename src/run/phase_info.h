/* SPDX-License-Identifier: MIT */
/*
 * phase_info.h - the phase table: every fact about a test in one row (its
 * names, JSON/CSV key, titles, unit, progress words, how its size follows
 * from the configuration, whether the truth check reads it) and the
 * functions that run it. The driver, every formatter, the JSON, the CSV
 * reader and the progress display read this table and nothing else;
 * adding a phase is one row plus its run function.
 */
#ifndef PHASE_INFO_H
#define PHASE_INFO_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

/* A test that took less prints +++++ (bonnie++'s rule), wherever its
 * figures are made: the driver, or the combining of ranks. */
#define PHASE_MIN_TIME_NS 500000000ULL

/* What a phase's rate counts. */
enum phase_unit {
	UNIT_KIB_S,   /* bytes moved, in KiB/s (1024) */
	UNIT_SEEKS_S, /* seeks per second */
	UNIT_FILES_S, /* files per second */
	UNIT_IOPS     /* I/Os per second (--random-io) */
};

/* What a phase's size, and so its progress units, follows from. */
enum phase_size {
	SIZE_PERCHAR, /* bytes: phase_perchar_bytes() */
	SIZE_FILE,    /* bytes: the whole I/O test file (-s) */
	SIZE_SEEKS,   /* operations: the -s seek count */
	SIZE_FILES,   /* operations: the -n file count */
	SIZE_TIME,    /* nanoseconds: a fixed running time (random_spec) */
	SIZE_IOS      /* operations: a random_spec's exact count, no time */
};

struct phase_ctx;

struct phase_info {
	enum phase_id id;     /* where the result goes; PHASE_RANDOM: random[] */
	const char *name;     /* "block output": messages, footers, JSON */
	const char *key;      /* "put_block": JSON key and CSV column name */
	const char *title;    /* "Block write": Markdown, HTML, SVG */
	const char *column;   /* "Block write MiB/s": a column head with unit */
	enum phase_unit unit;
	enum phase_size size;
	const char *words;    /* bonnie++ 2.00a's progress words; NULL: the name */
	const char *done;     /* what ends them: "done", "done." */
	bool done_per_seeker; /* "done" printed once per seeker thread */
	bool reads;           /* reads back what was written: the truth check */
	bool deadline;        /* --deadline stops it (stonewalling) */
	/*
	 * prepare runs untimed before the copies start together (removing an
	 * old file, making directories); run is the timed part. Both are
	 * called once per copy and return 0, or -1 with ctx->err filled.
	 * check, when there is one, runs untimed after the barrier, just
	 * before the timed part: that what the step will touch is still
	 * what clyde made (the file tests' names).
	 */
	int (*prepare)(struct phase_ctx *ctx);
	int (*check)(struct phase_ctx *ctx);
	int (*run)(struct phase_ctx *ctx);
};

/* The twelve classic tests in bonnie++ order: phase_table[id].id == id. */
extern const struct phase_info phase_table[PHASE_COUNT];

/* The --random-io tests: one row, run once per random_spec. */
extern const struct phase_info phase_random_info;

/*
 * `clyde mark`'s steps (PHASE_MARK): laying out the file before anything
 * is timed, and one run of one test (a random_spec, as the random-I/O row).
 */
extern const struct phase_info phase_mark_layout_info;
extern const struct phase_info phase_mark_info;

/*
 * --steady's steps: preconditioning a mark test (a random_spec of writes
 * bound by its I/O count, no time), and a --random-io test's rounds after
 * its first (figures where the step says, not in run_results.random[]).
 */
extern const struct phase_info phase_mark_fill_info;
extern const struct phase_info phase_random_round_info;

/* "KiB/s", "seeks/s", "files/s", "IOPS": the unit a rate is stored in. */
const char *phase_unit_name(enum phase_unit unit);

/*
 * One engine test, what phase_random_info and phase_mark_info run: T
 * threads each keeping Q reads or writes of BLOCK_BYTES in flight over the
 * whole file, at random blocks or each thread walking its share in order,
 * for TIME_NS; with PASS, each thread instead moves as many blocks as the
 * file holds (random ones each exactly once, in a shuffled order) and
 * TIME_NS only caps it: clyde mark --method size.
 */
struct random_spec {
	bool writes;
	bool sequential;      /* mark's SEQ tests; otherwise random blocks */
	bool pass;            /* one pass of the file per thread, TIME_NS at most */
	uint32_t block_bytes; /* RANDOM_BLOCK_BYTES for --random-io */
	uint32_t depth;       /* Q: I/Os in flight per thread */
	uint32_t threads;     /* T */
	uint64_t time_ns;     /* how long to run (at most, with PASS) */
	uint64_t ios;         /* not 0: exactly this many I/Os instead, and
			       * no time limit (CLYDE_TEST_RANDOM_IOS; with
			       * time_ns 0, --steady's preconditioning,
			       * whose progress counts them) */
};

/*
 * A --random-io test's figures in its own struct: R's rate is its IOPS;
 * WRITES and DEPTH say which test it was (its random_spec's).
 */
void phase_random_result(const struct phase_result *r, bool writes,
			 uint32_t depth, struct random_result *out);

/* Bytes the per-char phases cover under CFG (0 when skipped). */
uint64_t phase_perchar_bytes(const struct config *cfg);

/*
 * The units (bytes, operations or nanoseconds, as info->size says) one
 * copy of INFO does under CFG; ARG is the step's random_spec for
 * SIZE_TIME and SIZE_IOS. 0 means the phase does not run.
 */
uint64_t phase_units(const struct phase_info *info, const struct config *cfg,
		     const void *arg);

/* Whether CFG runs INFO at all (sizes above zero, --random-io given). */
bool phase_runs(const struct phase_info *info, const struct config *cfg);

#endif
