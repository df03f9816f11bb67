/* SPDX-License-Identifier: MIT */
/*
 * run.h - the driver: runs the phase table in bonnie++ order, each phase as
 * N copies (-c) started together, times it, merges the copies and fills a
 * struct run_results. Measuring never prints: progress reaches the caller
 * through the hooks, from the driver thread only.
 */
#ifndef RUN_H
#define RUN_H

#include <limits.h>
#include <stdint.h>

#include "config.h"
#include "platform/device.h"
#include "phase.h"
#include "rounds.h"
#include "io/iofile.h"
#include "io/rng.h"

struct probe_sum;

/* The longer of a classic plan (with --steady, each random-I/O test in
 * rounds) and a clyde mark plan (layout, then every run of every test in
 * both directions; with --steady, each one's two preconditioning steps
 * and its rounds). */
#define RUN_MAX_PHASES                                                         \
	(1 + 2 * MARK_MAX_TESTS * (MARK_MAX_RUNS + 2 + STEADY_MAX_ROUNDS))
#if RUN_MAX_PHASES < PHASE_COUNT + MAX_RANDOM_TESTS * STEADY_MAX_ROUNDS
#error "RUN_MAX_PHASES must hold a classic plan"
#endif

/* One step of a run: a row of the phase table and what it runs on. */
struct plan_step {
	const struct phase_info *info;
	const void *arg;   /* the random_spec of a random-I/O test, else NULL */
	const char *name;  /* info->name, or the test's own ("random reads, Q32T1") */
	/* Where the driver also leaves the step's figures and merges its
	 * latency histogram (clyde mark's runs); NULL: nowhere. */
	struct phase_result *result_out;
	struct latency_stats *lat_out;
	struct probe_sum *probe_out; /* and adds --probe's waits (probe.h) */
	/* When not NULL and true as the step's turn comes, the driver passes
	 * over it (the rounds of a --steady test once they are over). */
	const bool *skip;
	/* When not NULL: called after the step ended well, with its figures,
	 * before the next step starts (it may set the skip flags of later
	 * steps, and change their names). Called with done_arg. */
	void (*done)(void *arg, const struct plan_step *step,
		     const struct phase_result *r);
	void *done_arg;
};

/* The steps a run will do, in order, built once from the config. */
struct run_plan {
	struct plan_step steps[RUN_MAX_PHASES];
	size_t n;
	struct random_spec random_specs[MAX_RANDOM_TESTS];
	char random_names[MAX_RANDOM_TESTS][40];
	/* --steady: each random-I/O test's rounds, its own step the first */
	struct rounds rounds[MAX_RANDOM_TESTS];
};

/*
 * How this process's copies stand among every copy of the job, for
 * --shared-file, --shared-dir and --reorder: rank 0 of 1 in a single
 * process (setup_target sets that), each rank's place over MPI
 * (mpi/ranks.c, at the first agreement).
 */
struct run_share {
	uint32_t rank, ranks;   /* this process among the job's */
	uint64_t seed;          /* the job's seed (rank 0's), every rank's */
	int job_fd;             /* the directory of the shared file and the
				 * shared directory: the job's (made by rank
				 * 0) over MPI, clyde's own alone; -1 unset */
	char job_dir[PATH_MAX]; /* as messages show it */
	bool job_host;          /* on rank 0's host: its devices compare */
	uint32_t read_rank;     /* --reorder: the rank whose file (or region)
				 * block input reads; without, this rank */
	uint64_t read_first_copy; /* that rank's copy 0 among all (its data) */
	int read_fd;            /* that rank's directory, where every copy has
				 * a file of its own; -1 otherwise */
	char read_dir[PATH_MAX];
};

/*
 * What the copies of every process must agree on as the runs go: before
 * each phase the ranks settle them (the before_phase hook; a single
 * process has them already).
 */
struct run_agreed {
	struct iofile_made shared; /* the shared file, as the job's copy 0 made it */
	uint64_t extent_bytes;    /* what every copy's file holds: block output
				   * may stop at a deadline; UINT64_MAX: all */
};

/*
 * Where a run happens, learned at set-up once the config is valid: clyde's
 * own directory, what O_DIRECT needs there, the device under it, -Z's
 * random numbers, which copies these are among all the MPI ranks'. Every
 * file clyde makes, opens or removes is reached through dir_fd, never
 * through a path, so a directory renamed or replaced by a symlink under
 * clyde's feet cannot lead it anywhere else. The provenance of the directory and the machine
 * is read before privileges are dropped, so that root can still see a
 * dm-crypt cipher.
 */
struct run_target {
	char workdir[PATH_MAX]; /* clyde's directory as messages show it */
	int parent_fd;          /* -d, which holds it; -1 until opened */
	int dir_fd;             /* clyde's directory itself; -1 until made */
	uint32_t dio_align;     /* O_DIRECT alignment found there; 0 without -D */
	uint64_t piece_bytes;   /* the I/O file's pieces there (iofile_piece_size) */
	struct device dev;      /* dev.n 0: no counters to read */
	enum engine_kind engine; /* what the engine tests run on (--engine, or
				  * what replaced it); AUTO: not chosen yet */
	char engine_note[512];  /* why it is not the one asked for, one line;
				 * "" when it is */
	struct rng_source rng;  /* rng.count 0: the -z seed makes every choice */
	uint64_t first_copy;    /* this process's copy 0 among every rank's
				 * (rank x -c; 0 in a single process): each
				 * copy's data differs from every other's */
	struct run_share share; /* setup_target: rank 0 of 1; ranks.c over MPI */
	bool prov_known;        /* false: prov was not read (tests) */
	struct provenance prov;
};

/* Presentation callbacks; any may be NULL. Called on the driver's thread. */
struct run_hooks {
	void (*phase_start)(void *arg, const struct plan_step *step);
	/* A few times a second while the phase runs: units done of total. */
	void (*phase_tick)(void *arg, const struct plan_step *step, uint64_t done,
			   uint64_t total, uint64_t elapsed_ns);
	void (*phase_end)(void *arg, const struct plan_step *step,
			  const struct phase_result *r);
	void *arg; /* for the three above */
	/*
	 * With every copy ready to start: the -y/-p barrier, or the MPI ranks'
	 * agreement, which also settles *AGREED across them. 0, or the exit
	 * status with *err saying why (clyde stopping: any non-zero). Called
	 * with before_arg.
	 */
	int (*before_phase)(void *arg, const struct plan_step *step,
			    struct run_agreed *agreed, struct phase_error *err);
	void *before_arg;
	/*
	 * --deadline across processes: while a phase that stops at a deadline
	 * runs, called every few ms with DONE saying whether this process's
	 * copies are done (one finished, or the deadline passed); true when
	 * any process's are, and then every copy stops. Called once more with
	 * END after the copies stopped, by every process whose before_phase
	 * let the phase start. NULL: this process is alone.
	 */
	bool (*race)(void *arg, bool done, bool end);
	void *race_arg;
	/*
	 * After a phase ends well: the copies' latencies merged (valid during
	 * the call only), for the MPI ranks' merge. Called with latency_arg.
	 */
	void (*phase_latency)(void *arg, const struct plan_step *step,
			      const struct latency_stats *lat);
	void *latency_arg;
	/*
	 * After each phase, given copy 0's I/O file: a fault-injection point
	 * for tests (test_hook.c). 0, or an exit status with *err filled.
	 */
	int (*after_phase)(const void *fault, const struct plan_step *step,
			   const struct iofile *tf, struct phase_error *err);
	const void *fault;
};

/*
 * The phases CFG asks for, in bonnie++ order (the classic I/O phases, the
 * --random-io tests, the file tests), leaving out the skipped ones. With
 * --steady each random-I/O test is followed by its rounds, up to
 * --max-rounds in all, passed over once the SNIA rule holds.
 */
void run_plan_init(struct run_plan *plan, const struct config *cfg);

/* --steady: each random-I/O test's rounds of PLAN (run under CFG) into
 * RES's random[], with the ratio to its first round. */
void run_plan_store_rounds(const struct run_plan *plan,
			   const struct config *cfg, struct run_results *res);

/*
 * Run PLAN in TARGET (its directory already made), reading the device's
 * counters around each phase, and fill *res completely: the run's
 * description (with its start time, the command line and TARGET's
 * provenance, the filesystem's fill read again now), every figure, the
 * environment, the --steady rounds of the random-I/O tests and, last, the
 * verdicts (verdict_compute), so that formatters only render. Returns 0, or the exit
 * status the failure calls for (EXIT_IO, EXIT_CORRUPT, EXIT_SIGNAL + n)
 * with *err describing it. Removes the I/O files it made.
 */
int run_once(const struct config *cfg, const struct run_target *target,
	     const struct run_plan *plan, const struct run_hooks *hooks,
	     struct run_results *res, struct phase_error *err);

/*
 * The same for explicit steps STEPS[0..n) (tests run null phases, rows of
 * their own, to check the driver). Steps CFG does not run are left
 * FIGURE_NONE.
 */
int run_phases(const struct config *cfg, const struct run_target *target,
	       const struct plan_step *steps, size_t n,
	       const struct run_hooks *hooks, struct run_results *res,
	       struct phase_error *err);

#endif
