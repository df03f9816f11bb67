/* SPDX-License-Identifier: MIT */
/*
 * ranks.h - clyde as one of the ranks an MPI launcher started (clyde-mpi):
 * each rank is a whole clyde in a directory of its own; they agree before
 * every test whether all are well (the barrier), and after each run rank 0
 * gathers their figures, combines them (combine.h) and alone prints. A rank
 * that fails stops the others at the next agreement, and rank 0 prints the
 * first failing rank's error. Built on coord.h; in the default build (one
 * process, no MPI) every function here passes its status through.
 *
 * The ranks must make the same collective calls in the same order. Every
 * agreement is the same call, so a rank that failed and went straight to
 * its last agreement meets the others at their next barrier: from then on
 * all know who failed, and no rank makes another collective call but the
 * error's broadcast in ranks_end.
 */
#ifndef RANKS_H
#define RANKS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "coord.h"
#include "run/phase.h"
#include "run/run.h"
#include "lib/stats.h"

struct ranks {
	struct coord_info me;
	char host[64];
	char tag[96];          /* "HOST.rN" in the directory's name */
	const char *workdir;   /* the run_target's, given to ranks_begin */
	struct run_target *target; /* ranks_begin's: its share is set there */
	char job_name[160];    /* the job's directory (--shared-file,
				* --shared-dir) in -d; "" none */
	uint64_t tree_dirs;    /* --shared-dir: its -n sub-directories */
	uint32_t deadline;     /* --deadline, seconds; 0: none */
	struct coord_race race; /* --deadline: the current test's */
	char note[256];        /* rank 0: a word on the set-up, to print */
	FILE *capture;         /* ranks > 0: their stderr, kept to send on */
	long mark;             /* where the capture's newest part begins */
	bool settled;          /* an agreement found a failure */
	bool broken;           /* the communication failed: abort at the end */
	bool cleaned;          /* a signal came during an agreement: files removed */
	int first_failed;      /* the rank whose failure ends the run, or -1 */
	int64_t clock_offset_ns;
	uint64_t clock_error_ns;
	const struct run_plan *plan;
	struct latency_stats *lat;   /* this rank's, per step of the plan */
	struct rank_report **kept;   /* rank 0: each run's reports (the JSON's) */
	size_t n_kept;
};

/*
 * Join the launcher's job, first thing in main. On ranks other than 0,
 * stdout goes to /dev/null and stderr to an unlinked scratch file: they
 * print nothing themselves, and the lines of their error travel to rank 0
 * (ranks_end). 0, or -1 with errno when the job cannot be joined.
 */
int ranks_init(struct ranks *rk, int *argc, char ***argv);

/* The directory name's tag ("HOST.rN"), NULL in a single process. */
const char *ranks_tag(const struct ranks *rk);

/* The number of this rank's first copy among all ranks' (each copy's data
 * is seeded apart), 0 in a single process. */
uint64_t ranks_first_copy(const struct ranks *rk);

/* Options that make no sense over MPI (-p, -y: the ranks already start
 * each test together), and --reorder without ranks. 0, or EXIT_USAGE
 * with a reason in ERR. */
int ranks_check(const struct ranks *rk, const struct config *cfg, char *err,
		size_t len);

/*
 * The first agreement, once this rank's set-up went well (a rank whose
 * set-up failed goes straight to ranks_end, whose agreement meets this
 * one). Then, when all went well: checks that every rank was given the
 * same settings (settings.h), measures the clocks against rank 0's,
 * takes rank 0's seed, and sets target->share: the job's directory rank
 * 0 makes for --shared-file and --shared-dir, and for --reorder the rank
 * (and directory) block input reads from. TARGET is this rank's place,
 * which must outlive RK. 0 to run; else a non-zero status, with a reason
 * to print in ERR, or ERR empty when another rank's failure stopped this
 * one.
 */
int ranks_begin(struct ranks *rk, const struct config *cfg,
		struct run_target *target, char *err, size_t len);

/* Rank 0's word on how the ranks were set up (that --reorder's readers
 * share a host's page cache with what they read), "" when none. */
const char *ranks_note(const struct ranks *rk);

/* Hook the agreement before each test of PLAN (which also settles the
 * run's agreed values), the race of a test under --deadline, and the
 * capture of its latencies, into HOOKS (over MPI only). Call before each
 * run. */
void ranks_hooks(struct ranks *rk, const struct run_plan *plan,
		 struct run_hooks *hooks);

/* True when another rank's failure stopped this one: its own error is not
 * to be printed. */
bool ranks_stopped(const struct ranks *rk);

/* True on the rank that prints results (rank 0, or the single process). */
bool ranks_prints(const struct ranks *rk);

/* Rank 0's MINE on every rank (a decision only rank 0 can make, such as
 * -x auto's stop); MINE itself in a single process. */
bool ranks_decide(const struct ranks *rk, bool mine);

/*
 * After each run_once that went well on this rank: the agreement on how
 * it went everywhere; when every rank's went well, rank 0's *RES becomes
 * the combined figures (the ranks' own kept for the JSON until ranks_end).
 * 0, or a non-zero status: another rank failed (ranks_stopped), or *ERR
 * says what went wrong here.
 */
int ranks_after_run(struct ranks *rk, struct run_results *res,
		    struct phase_error *err);

/*
 * The last call, main's return value: agrees on STATUS if no agreement
 * has settled the outcome yet; rank 0 prints the first failing rank's
 * error lines (when that rank is not itself); every rank returns that
 * rank's status. Once every rank has cleaned up, rank 0 removes the job's
 * directory (a status of 0 becomes EXIT_IO, said, when it cannot). Leaves
 * the job. Over a broken communication it takes the job down instead
 * (coord_abort).
 */
int ranks_end(struct ranks *rk, int status);

#endif
