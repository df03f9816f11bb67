/* SPDX-License-Identifier: MIT */
/*
 * clyde.h - the two structs every module shares: the validated run
 * configuration (built once by main.c, then passed const) and the results of
 * one run (filled by the phases or by the CSV reader, read by formatters).
 */
#ifndef CLYDE_H
#define CLYDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "provenance.h"

#define CLYDE_VERSION "0.1.0"

#define KIB ((uint64_t)1024)
#define MIB ((uint64_t)1024 * 1024)
#define GIB ((uint64_t)1024 * 1024 * 1024)

/* Defaults shared by the CLI, the CSV reader and the formatters. */
#define DEFAULT_CHUNK_BYTES 8192u
#define DEFAULT_SEEKS 8192u
#define DEFAULT_SEEKERS 5u
#define DEFAULT_FILE_CHUNK_BYTES 8192u
#define MIN_SIZE_MIB 300u
#define SYSCALL_PERCHAR_MIB 3u /* 2.00a's per-char default */
#define MACHINE_MAX 256        /* bytes, with the terminating NUL */
#define MAX_CONCURRENCY 200u
#define MAX_RANDOM_DEPTHS 8u
#define MAX_RANDOM_TESTS (2 * MAX_RANDOM_DEPTHS)
#define RANDOM_BLOCK_BYTES 4096u
#define DEFAULT_RANDOM_TIME_S 5u
#define MAX_RANDOM_THREADS 256u /* --random-threads; ENGINE_MAX_THREADS */
#define MAX_RANDOM_WORKERS 4096u /* depth x threads, the threads engine's */
#define MARK_MAX_TESTS 8        /* entries of a clyde mark --tests list */
#define MARK_MAX_RUNS 10        /* clyde mark --runs */

/* The tests, in bonnie++ order; the index is also the -y/-p test number. */
enum phase_id {
	PHASE_PUTC,       /* per-char output */
	PHASE_WRITE,      /* block output */
	PHASE_REWRITE,    /* rewrite */
	PHASE_GETC,       /* per-char input */
	PHASE_READ,       /* block input */
	PHASE_SEEKS,      /* random seeks */
	PHASE_SEQ_CREATE, /* file tests: sequential create, stat+read, delete */
	PHASE_SEQ_STAT,
	PHASE_SEQ_DELETE,
	PHASE_RAN_CREATE, /* random create, stat+read, delete */
	PHASE_RAN_STAT,
	PHASE_RAN_DELETE,
	PHASE_COUNT
};
#define PHASE_IO_FIRST PHASE_PUTC
#define PHASE_IO_LAST PHASE_SEEKS
#define PHASE_FILE_FIRST PHASE_SEQ_CREATE
/* Pseudo-id of the --random-io tests: their results go to run_results.random[]. */
#define PHASE_RANDOM PHASE_COUNT
/* Pseudo-id of `clyde mark`'s steps: their figures go where the step says. */
#define PHASE_MARK (PHASE_COUNT + 1)

/*
 * How random I/O and `clyde mark` keep I/Os in flight (engine.h): io_uring
 * or Linux AIO through their system calls, or one blocking thread per I/O.
 */
enum engine_kind {
	ENGINE_AUTO,     /* io_uring, else aio, else threads */
	ENGINE_IO_URING,
	ENGINE_AIO,
	ENGINE_THREADS,
};

/* How a figure prints: blank (test not run), "+++++" (ran under 0.5 s), a value. */
enum figure_state { FIGURE_NONE = 0, FIGURE_TOO_FAST, FIGURE_VALUE };

/* Latency of one test's operations, in nanoseconds; count 0 = not measured. */
struct latency_summary {
	uint64_t count;
	uint64_t min_ns, max_ns, mean_ns;
	uint64_t p50_ns, p99_ns, p999_ns;
};

/* Bytes the block device itself moved during a phase (the truth check). */
struct device_io {
	bool known;
	uint64_t read_bytes, write_bytes;
};

/*
 * One test's figures. state/rate/cpu_pct/lat.max_ns are all a formatter
 * needs and all a CSV line carries; the measurement fields stay 0 for results
 * read from CSV. rate is KiB/s for the five bulk tests, seeks/s for seeks,
 * files/s for the file tests.
 */
struct phase_result {
	enum figure_state state;
	double rate;
	double cpu_pct;
	struct latency_summary lat; /* lat.max_ns == 0 prints an empty latency */
	uint64_t start_ns;          /* measurement: when the copies started
				     * (CLOCK_MONOTONIC; rank 0's clock in
				     * a rank_report) */
	uint64_t elapsed_ns;        /* measurement: phase window */
	uint64_t cpu_ns;            /* process CPU over that window */
	uint64_t bytes;             /* logical bytes moved (bulk tests) */
	uint64_t read_bytes;        /* of which read (for the truth check) */
	uint64_t ops;               /* operations (chunks, seeks, files) */
	struct device_io dev;       /* what the block device moved meanwhile */
};

/* One --random-io test: 4 KiB random reads or writes at one QnTm. */
struct random_result {
	bool writes;          /* false: reads */
	uint32_t depth;       /* Q: I/Os in flight per thread */
	uint32_t threads;     /* T; 0 when unknown (older JSON: read as 1) */
	enum engine_kind engine; /* the engine that ran it; AUTO: unknown */
	uint64_t ops;
	uint64_t start_ns;    /* as phase_result's */
	uint64_t elapsed_ns;
	uint64_t cpu_ns;
	double iops;
	double mib_per_s;
	double cpu_pct;
	struct latency_summary lat;
	struct device_io dev;
};

/* -s size[:chunk[:seeks[:seekers]]] */
struct io_params {
	uint64_t size_mib; /* 0 = no I/O tests */
	uint64_t chunk_bytes;
	uint64_t seeks;
	uint64_t seekers;
};

/* -n num[:max[:min[:dirs[:chunk]]]]; max -1 = hard links, -2 = symlinks. */
#define FILES_HARD_LINKS (-1)
#define FILES_SYMLINKS (-2)
struct file_params {
	uint64_t count_k; /* files in units of 1024; 0 = no file tests */
	int64_t max_bytes;
	int64_t min_bytes;
	uint64_t dirs;
	uint64_t chunk_bytes;
};

/*
 * What a larger test would need to measure the figures that were too fast
 * (verdict.c), printed after clyde's tables. Without the phases' times
 * (results read from CSV) only which options to enlarge; with them, the
 * run's sizing options (-s, -n, -f, -c, -r) with the enlarged values, a
 * set that replaces the run's own and passes every check of the command
 * line as it stands.
 */
struct advice {
	bool any;             /* some figure is +++++ */
	bool sized;           /* the values below follow from measured times */
	bool s, f, n;         /* the options the suggestion enlarges */
	struct io_params io;  /* -s */
	struct file_params files; /* -n, printed when not bonnie++'s default */
	int64_t perchar_mib;  /* -f: -1 not printed (the default), 0 "-f" */
	uint32_t copies;      /* -c, printed when above 1 */
	bool ram;             /* print -r ram_mib: the run's RAM rule was
			       * not the one the detected RAM makes */
	uint64_t ram_mib;
};

/* A read phase the page cache mostly served: the truth check's finding. */
struct truth_hit {
	enum phase_id id;     /* a classic phase, or PHASE_RANDOM */
	uint32_t depth;       /* the random-I/O test's Q ... */
	uint32_t threads;     /* ... and T */
	unsigned pct;         /* share of its reads the device saw, 0..49 */
};
#define MAX_TRUTH_HITS (4 + MAX_RANDOM_TESTS)

/* Where a run happened, for the JSON; empty for results read from CSV. */
struct run_env {
	char kernel[128];    /* "Linux 6.1.0-13-amd64" */
	char fs_type[32];    /* "ext4" */
	char device[64];     /* "nvme0n1"; "" when no block device was found */
	char scheduler[32];  /* "mq-deadline"; "" when unknown */
	int rotational;      /* 1 spinning, 0 solid state, -1 unknown */
	uint64_t ram_mib;
	uint32_t cpus;
};

enum char_io { CHAR_IO_STDIO, CHAR_IO_SYSCALL };
/* The CSV layouts by the bonnie++ version that introduced them. */
enum csv_format { CSV_103, CSV_196, CSV_197, CSV_198 };
struct format_info; /* a row of the format table, format.h */
enum progress_mode { PROGRESS_AUTO, PROGRESS_ALWAYS, PROGRESS_NEVER };

/* How the run did its I/O; named in the footer line and the JSON. */
struct io_mode {
	bool direct;       /* -D: O_DIRECT on every bulk phase */
	bool sync_writes;  /* -b: O_SYNC on every descriptor that writes */
	bool zeros;        /* --zeros: bonnie++-like compressible data */
	enum char_io char_io;
	uint32_t dio_align; /* results: the O_DIRECT alignment used (0 if not
			     * direct); learned at set-up, never in a config */
};

/* The validated command line. Built by options.c, never modified afterwards. */
struct config {
	const char *dir; /* -d, default "." */
	struct io_params io;
	bool size_given;
	struct file_params files;
	char machine[MACHINE_MAX];
	uint64_t ram_mib;       /* -r, or detected; 0 disables RAM checks */
	uint64_t machine_ram_mib; /* detected, whatever -r says; 0 unknown */
	long repeat;            /* -x; -1 when not given; with auto, MAX */
	bool repeat_auto;       /* -x auto[:MAX]: stop early (repeat.h) */
	const char *user;       /* -u user[:group], NULL if not given */
	const char *group;      /* -g */
	bool quiet;             /* -q */
	int64_t perchar_mib;    /* -f SIZE; -1 = default for char_io; 0 = skip */
	struct io_mode mode;
	uint32_t concurrency;   /* -c, 1..200 */
	long processes;         /* -p N (create), -1 (remove); 0 = not given */
	char sync_mode;         /* -y: 's', 'p' or 0 */
	uint64_t seed;          /* -z, or pid ^ time */
	const char *random_file; /* -Z: random numbers from this file, or NULL */
	int argc;               /* the whole command line, for the results */
	char *const *argv;
	const struct format_info *table; /* --table, NULL for none */
	const struct format_info *csv;   /* --csv, NULL for none */
	const char *json_path;  /* --json, NULL = none, "-" = stdout */
	bool verify;
	bool random_io;
	uint32_t random_time_s;
	uint32_t random_depths[MAX_RANDOM_DEPTHS]; /* Q per thread */
	size_t n_random_depths;
	uint32_t random_threads; /* T, 1..MAX_RANDOM_THREADS */
	enum engine_kind engine; /* --engine */
	enum progress_mode progress;
	bool no_preflight;
};

struct rank_report; /* one MPI rank's part of a run, below */

/* clyde-mpi: the ranks whose figures a run combines (ranks.c, combine.c). */
struct rank_set {
	size_t n;                        /* 0: a single process's run */
	size_t hosts;                    /* distinct hosts among them */
	const struct rank_report *rank;  /* n reports in rank order, owned by
					  * whoever combined them */
};

/*
 * One run, as measured or as read from a CSV line or clyde's JSON. program
 * is "clyde" or "bonnie++"; version is the program's own ("0.1.0",
 * "2.00a"); format_id the CSV format it came from ("1.98", "1.96", "1.03";
 * "" for a live run).
 *
 * Provenance (how, when and on what a run was made) is version, seed,
 * started, command_line and prov. A live run fills them all; a run read
 * from CSV has only version and seed (when the line has one): started and
 * command_line are "" and prov_known is false, which the JSON prints as
 * null. A run read from clyde's JSON has what that JSON had. prov is held
 * by value (about 22 KiB) so that a run_results can be copied and freed
 * like any plain struct; provenance.h says what each of its fields means
 * and how an unknown one looks.
 */
struct run_results {
	char program[16];
	char version[32];
	char format_id[16];
	char machine[MACHINE_MAX];
	char seed[64];
	uint32_t concurrency;
	struct io_params io;
	struct file_params files;
	uint64_t perchar_mib; /* size the per-char tests used, 0 if skipped */
	struct io_mode mode;
	struct phase_result phase[PHASE_COUNT];
	/* Live runs only: */
	char dir[256];        /* -d as given */
	uint64_t ram_mib;     /* the RAM of the 2x rule (-r, or detected); 0 off */
	bool verify;
	uint32_t random_time_s;
	size_t n_random;
	struct random_result random[MAX_RANDOM_TESTS];
	struct run_env env;
	char started[32];        /* ISO 8601 UTC: "2024-05-01T12:34:56Z" */
	char command_line[4096]; /* argv quoted for sh (origin.h); "" unknown */
	bool prov_known;         /* false: nothing in prov is known */
	struct provenance prov;  /* filesystem, device stack, disks, machine */
	/* Verdicts, computed once the figures are in (advice.c, truth.c): */
	struct advice advice;
	size_t n_truth;
	struct truth_hit truth[MAX_TRUTH_HITS];
	/* clyde-mpi: the ranks behind these figures; concurrency is then
	 * every rank's copies together. */
	struct rank_set ranks;
};

/*
 * One rank of a clyde-mpi run: who and where it was, and its own figures
 * (as a single clyde would print them), with the start of each test moved
 * onto rank 0's clock so that the ranks' windows compare.
 */
struct rank_report {
	uint32_t rank;
	int64_t pid;
	char host[64];
	char workdir[512];        /* its own directory under -d */
	int64_t clock_offset_ns;  /* rank 0's clock minus its own */
	uint64_t clock_error_ns;  /* how far that offset may be off */
	struct run_results res;   /* res.ranks is empty */
};

#endif
