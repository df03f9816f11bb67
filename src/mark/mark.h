/* SPDX-License-Identifier: MIT */
/*
 * mark.h - `clyde mark`: the CrystalDiskMark / KDiskMark tests (SEQ1M Q8T1,
 * RND4K Q32T1...) from one binary. What a test is and the strict parser of
 * --tests lists (mark_tests.c), the profiles, the command's options
 * (mark_options.c), the plan of driver steps and the results made from
 * their figures (mark.c). The steps are rows of the phase table
 * (phase_mark_layout_info, phase_mark_info) run by run.c's driver;
 * --steady's precondition and rounds are mark_steady.c's; the
 * formatters are in fmt_mark.c. Nothing here prints or exits.
 */
#ifndef MARK_H
#define MARK_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clyde.h"
#include "config.h"
#include "core/opt.h"
#include "core/parse.h"
#include "run/phase.h"
#include "run/probe.h"
#include "run/rounds.h"
#include "run/run.h"
#include "lib/stats.h"

#define MARK_READ 1u  /* a test's directions: reads, writes, or both */
#define MARK_WRITE 2u
#define MARK_MIN_BLOCK (4u * 1024)      /* 4K: O_DIRECT on any filesystem */
#define MARK_MAX_BLOCK (64u * 1024 * 1024)
#define MARK_NAME_MAX 24                /* "SEQ65536K Q1024T256" fits */
#define MARK_DEFAULT_SIZE_MIB 1024u
#define MARK_DEFAULT_RUNS 5u
#define MARK_DEFAULT_TIME_S 5u
#define MARK_MAX_TIME_S 3600u
#define MARK_LAYOUT_CHUNK_BYTES MIB     /* the layout's writes */

/* One test: T threads each keeping Q I/Os of one block size in flight. */
struct mark_test {
	bool sequential;      /* SEQ; else RND */
	uint32_t block_bytes; /* a power of two, MARK_MIN_BLOCK..MARK_MAX_BLOCK */
	uint32_t depth;       /* Q, 1..1024 */
	uint32_t threads;     /* T, 1..256; Q x T <= MAX_RANDOM_WORKERS */
	unsigned dirs;        /* MARK_READ, MARK_WRITE or both */
};

struct mark_list {
	struct mark_test tests[MARK_MAX_TESTS];
	size_t n;
};

/* How a test's runs make its figure: as KDiskMark's profiles do. */
enum mark_score {
	MARK_MEAN, /* the mean of the runs (default, nvme, --tests) */
	MARK_BEST, /* the run that moved the most bytes per second (peak, real) */
};

/*
 * What ends a run of a test (--method). The two references differ:
 * KDiskMark runs fio without time_based, so a run moves --size once and
 * stops, or stops at --runtime if that comes first; CrystalDiskMark runs
 * DiskSpd for its duration. In both, a write run's flush is timed.
 */
enum mark_method {
	MARK_BY_SIZE, /* each thread moves the file once, --time at most: KDiskMark */
	MARK_BY_TIME, /* --time: CrystalDiskMark */
};

/* "size" or "time"; mark_method_from_name is its inverse (0, or -1). */
const char *mark_method_name(enum mark_method m);
int mark_method_from_name(const char *name, enum mark_method *out);

/* "KDiskMark" or "CrystalDiskMark": the reference a method follows. */
const char *mark_method_reference(enum mark_method m);

struct mark_profile {
	const char *name;  /* "default", "nvme", "peak", "real" */
	const char *tests; /* a --tests list */
	enum mark_score score;
};

/* The profiles, default first. */
extern const struct mark_profile mark_profiles[];
extern const size_t mark_profile_count;

/* The profile named NAME, or NULL. */
const struct mark_profile *mark_profile_by_name(const char *name);

/*
 * Parse a --tests list: comma-separated entries KIND SIZE "-Q" N "T" M
 * [":read" | ":write"], e.g. "RND4K-Q32T1" or "SEQ128K-Q32T1:write". KIND
 * is SEQ or RND, SIZE a power of two from 4K to 64M with K (KiB) or M
 * (MiB), letters in either case. Without a direction an entry reads, then
 * writes. The same test given twice must name different directions (they
 * are merged). Into *out in the order given; 0, or -1 with ERR saying what
 * is wrong with which entry. Pure; never reads past TEXT's NUL.
 */
int mark_parse_tests(const char *text, struct mark_list *out,
		     struct parse_error *err);

/* "SEQ1M Q8T1", "RND4K Q32T16": T's name as CrystalDiskMark writes it. */
const char *mark_test_name(const struct mark_test *t, char *buf, size_t len);

/*
 * Whether a file of SIZE_BYTES can hold every test of LIST: a block, and
 * for sequential tests one block per thread. 0, or -1 with the reason
 * ("-s 1M is too small for SEQ1M-Q8T4: ...") in ERR.
 */
int mark_check_size(const struct mark_list *list, uint64_t size_bytes,
		    char *err, size_t len);

/* The command line of `clyde mark`, as parsed; --json is the config's. */
struct mark_options {
	const char *profile;  /* "default"...; NULL when --tests chose */
	enum mark_score score;
	struct mark_list tests;
	uint32_t runs;        /* 1..MARK_MAX_RUNS */
	uint32_t time_s;      /* seconds each run lasts, or at most (by size) */
	enum mark_method method;
	const char *csv_path; /* NULL: none */
};

/* clyde mark's options (mark_options.c), in --help order. */
extern const struct opt_set mark_opt_set;

/*
 * Parse `clyde mark` ARGV (ARGV[0] is "mark") into *mo and the *cfg its
 * run hands to set-up and the driver: CFG's directory, size, user, machine
 * name, seed, engine, progress and JSON file from the options, direct I/O,
 * incompressible data, one copy, no per-char or file tests, the layout's
 * chunk. RAM_MIB and SEED are the defaults, as for options_parse.
 * OPT_HELP after --help; on OPT_ERROR, ERR holds the reason.
 */
enum opt_outcome mark_options_parse(int argc, char **argv, uint64_t ram_mib,
				    uint64_t seed, struct mark_options *mo,
				    struct config *cfg, char *err, size_t len);

/* One run of one test in one direction, from the driver's figures. */
struct mark_figures {
	uint64_t ios;
	uint64_t bytes;
	uint64_t elapsed_ns;
	uint64_t cpu_ns;
	double mb_per_s;      /* 10^6 bytes per second */
	double iops;
	double mean_us;       /* mean latency */
	struct phase_series series; /* a run's over time, its shapes named
				     * (mark_collect, the JSON reader); empty
				     * for the score */
};

/* One test in one direction: its runs and what they make. */
struct mark_result {
	struct mark_test test; /* dirs: this direction alone */
	bool writes;
	size_t n_runs;        /* runs done */
	struct mark_figures run[MARK_MAX_RUNS];
	struct mark_figures score; /* the mean of the runs, or the best run */
	struct latency_summary lat; /* every I/O of every run */
	struct device_io dev; /* what the device moved over the runs */
	int disk_pct;         /* reads: share of the bytes the device read,
			       * 0..100; -1 unknown or writes */
	struct probe_result probe; /* --probe beside every run together
				    * (no points over time) */
	struct steady_record steady; /* --steady: its rounds, in MB/s, after
				      * its precondition; ratio to score */
};

/* A whole `clyde mark` run, complete before any formatter sees it. */
struct mark_results {
	char version[32];
	char machine[MACHINE_MAX];
	char profile[16];     /* "" for a --tests list */
	enum mark_score score;
	char dir[PATH_MAX];   /* -d as given, whole */
	uint64_t size_mib;
	uint32_t runs;
	uint32_t time_s;
	enum mark_method method;
	uint64_t seed;
	enum engine_kind engine;
	unsigned probe;       /* --probe: PROBE_READ, PROBE_WRITE; 0 none */
	uint32_t dio_align;
	struct mark_figures layout; /* writing the file before the tests */
	struct run_env env;
	char started[32];        /* ISO 8601 UTC, as run_results.started */
	char command_line[4096]; /* argv quoted for sh; "" unknown */
	bool prov_known;         /* false: prov not read (tests) */
	struct provenance prov;  /* read at set-up, before the layout */
	struct vary_tag vary;    /* --vary runs only */
	struct removal_figure removal; /* the test file's removal at the end */
	struct trim_figure trim;       /* --trim: the FITRIM before the layout */
	size_t n;
	struct mark_result tests[2 * MARK_MAX_TESTS]; /* as run: each test's
					* reads, then its writes */
};

/*
 * --steady: one test direction's steps after every test's fresh runs. Its
 * precondition: the whole file written twice in order (SEQ1M Q8T1), then
 * the test's own pattern written for --precondition's bytes (a read test's
 * too: it is the state its reads then see); then its rounds.
 */
struct mark_steady {
	struct random_spec pass, own, round;
	char pass_name[96], own_name[96];
	struct phase_result pass_result, own_result;
	bool fill_skip;        /* --max-write: no precondition either */
	struct rounds rounds;  /* the rounds, their names and their end */
};

/*
 * The driver steps of a mark: laying out the file, then each test's runs
 * of reads, then of writes, then with --steady each direction's
 * precondition and rounds. The driver leaves each step's figures and
 * histogram in results[] and lat[]; mark_collect makes them results.
 */
struct mark_plan {
	struct run_plan plan;
	uint32_t runs;                         /* of each test direction */
	size_t n;                              /* test directions */
	struct mark_test tests[2 * MARK_MAX_TESTS];
	bool writes[2 * MARK_MAX_TESTS];
	struct random_spec specs[2 * MARK_MAX_TESTS];
	char names[2 * MARK_MAX_TESTS][MARK_MAX_RUNS][64];
	struct phase_result layout;
	struct phase_result results[2 * MARK_MAX_TESTS][MARK_MAX_RUNS];
	struct latency_stats lat[2 * MARK_MAX_TESTS];
	struct probe_sum probe[2 * MARK_MAX_TESTS];
	/* --steady */
	bool steady;
	uint64_t max_write_bytes;  /* 0: no limit */
	uint64_t written_bytes;    /* by every step so far */
	struct mark_steady st[2 * MARK_MAX_TESTS];
	/* What the steady steps have to say before a precondition (its bytes
	 * and time): one line, no newline; NULL says nothing. */
	void (*say)(void *arg, const char *line);
	void *say_arg;
};

/* The steps MO and CFG (valid) ask for, into *mp (large: not on a stack). */
void mark_plan_init(struct mark_plan *mp, const struct mark_options *mo,
		    const struct config *cfg);

/*
 * --steady's steps (mark_steady.c), after the fresh runs mark_plan_init
 * made: each test direction's precondition and rounds, with the callback
 * that counts what every step wrote, keeps --max-write, says each
 * precondition before it starts and adds each round to its rounds.
 */
void mark_steady_plan(struct mark_plan *mp, const struct config *cfg);

/*
 * The writes of the steps MO and CFG plan that do not depend on speed:
 * the layout and every precondition. For --max-write's refusal.
 */
uint64_t mark_steady_fixed_bytes(const struct mark_options *mo,
				 const struct config *cfg);

/* Test direction K's steady record of MP into *T (score known). */
void mark_steady_collect(const struct mark_plan *mp, size_t k,
			 struct mark_result *t);

/*
 * Run MP in TARGET (set up for CFG) through the driver with HOOKS and
 * make *res of it, environment and truth check included. 0, or the exit
 * status the failure calls for with *err describing it (as run_once).
 */
int mark_run(const struct mark_options *mo, const struct config *cfg,
	     const struct run_target *target, struct mark_plan *mp,
	     const struct run_hooks *hooks, struct mark_results *res,
	     struct phase_error *err);

/*
 * The results of MP's steps, as the driver left them, into *res: each
 * test direction's runs, score, latency over every run and device bytes.
 * Pure. The description (machine, sizes, engine, environment) is left to
 * the caller.
 */
void mark_collect(const struct mark_plan *mp, enum mark_score score,
		  struct mark_results *res);

#endif
