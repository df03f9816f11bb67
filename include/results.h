/* SPDX-License-Identifier: MIT */
/*
 * results.h - one run's figures, as measured or as read back from CSV or
 * clyde's JSON (struct run_results), with the parameters that shaped them
 * (sizes, chunk, I/O mode), the conclusions drawn from them (advice, truth
 * check) and, for clyde-mpi, each rank's part.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clyde.h"
#include "defaults.h"
#include "phase_id.h"
#include "provenance.h"

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
 * A test over time, one point per interval from its start (run_series.c
 * records it; every interval but the last is interval_ns long, the last
 * ends at span_ns): the bytes and operations per second and the 99th
 * percentile latency of the operations done in it. Stretches of a second
 * or more in which no operation ended are kept as gaps; the time at the
 * end without one (the final fsync of a write phase, a close), when an
 * eighth of a second or more, is the tail. n 0: not recorded (CSV, JSON of
 * an older clyde, combined MPI figures). The shapes are verdicts
 * (core/shape.h), named from the rest.
 */
#define SERIES_MAX_POINTS 64
#define SERIES_MAX_GAPS 8
#define SERIES_MAX_SHAPES 4
#define SERIES_GAP_MIN_NS 1000000000ULL /* a stall: no operation for a second */

struct series_point {
	float bytes_s;
	float ops_s;
	float p99_us;  /* < 0: no operation ended in the interval */
};

struct series_gap {
	float at_s;    /* seconds from the start */
	float len_s;
};

enum shape_kind {
	SHAPE_STEP_DOWN, /* the rate fell to a lower level and stayed there */
	SHAPE_STEP_UP,   /* ... rose */
	SHAPE_DECLINE,   /* a steady decline from start to end */
	SHAPE_STALL,     /* a gap: a second or more without an operation */
	SHAPE_TAIL,      /* the last seconds without one (write-back, fsync) */
};

struct series_shape {
	enum shape_kind kind;
	float at_s, len_s;     /* when it began, how long (stall, tail) */
	double before, after;  /* rates (the figure's: bytes/s or ops/s) */
	double at_bytes;       /* step: bytes done before it; else 0 */
};

struct phase_series {
	uint32_t n, n_gaps;
	uint64_t interval_ns;
	uint64_t span_ns;      /* from the start to the last point's end */
	float tail_s;          /* seconds at the end without an operation */
	struct series_point point[SERIES_MAX_POINTS];
	struct series_gap gap[SERIES_MAX_GAPS];
	/* Verdicts: */
	uint32_t n_shapes;
	struct series_shape shape[SERIES_MAX_SHAPES];
};

/*
 * What limited a figure, with its evidence: a verdict (core/limit.h),
 * made by verdict_compute from the figure, the run's provenance and the
 * truth check's counters; formatters word it.
 */
enum limit_kind {
	LIMIT_NONE,      /* the test did not run: nothing to explain */
	LIMIT_UNKNOWN,   /* evidence is missing: .missing says which */
	LIMIT_CPU,       /* the phase's threads kept their cores busy */
	LIMIT_INTERFACE, /* near what the disk's link carries */
	LIMIT_CIPHER,    /* near dm-crypt's cipher speed on one core */
	LIMIT_CACHE,     /* the device moved under half of the bytes */
	LIMIT_MEMORY,    /* the filesystem is RAM: tmpfs, ramfs, zram */
	LIMIT_DEVICE,    /* none of the above: the disk itself */
};

enum limit_missing {
	MISSING_NOTHING,
	MISSING_PROVENANCE, /* no provenance (a CSV line) */
	MISSING_COUNTERS,   /* no device counters around the phase */
	MISSING_CEILING,    /* the disk's link has a ceiling clyde could not read */
	MISSING_TIMES,      /* no measured times or bytes (a CSV line) */
	MISSING_FILES,      /* a file test: no bytes to weigh against a limit */
	MISSING_CIPHER,     /* dm-crypt's cipher speed was not measured */
};

/* What else the machine says about a figure (figure_limit.notes). */
#define LIMIT_NOTE_DISCARD 1u       /* writes: mounted with online discard */
#define LIMIT_NOTE_WRITE_THROUGH 2u /* writes: a disk's write cache is off */
#define LIMIT_NOTE_GOVERNOR 4u      /* CPU: a frequency governor other than
				     * performance */

struct figure_limit {
	enum limit_kind kind;
	enum limit_missing missing;
	unsigned notes;      /* LIMIT_NOTE_* */
	double cpu_pct;      /* the phase's CPU, percent of one core, over its
			      * time but the tail (the final fsync) */
	double tail_s;       /* CPU: that tail, left out of cpu_pct */
	double wait_pct;     /* the time its threads waited for a CPU while
			      * they could run, percent of one core, over the
			      * same time: CPU the machine did not give it */
	double cores;        /* the cores its threads could keep busy */
	double mb_s;         /* interface, cipher: MB/s (10^6 bytes) through it */
	double limit_mb_s;   /* interface: what a transfer gets through the
			      * link at best; cipher: one core's speed */
	double ceiling_mb_s; /* interface: the link's payload rate */
	unsigned pct;        /* share of the bytes the device moved */
	bool cached;         /* CPU: the device moved under half of them */
	bool writes;         /* the bytes weighed were written, not read */
	char what[64];       /* the link ("UDMA/133"), cipher ("xts(aes)"),
			      * memory ("tmpfs"); "" otherwise */
};

/*
 * --probe: what an interactive program waited while a test ran beside it
 * (src/run/probe.h). Each wait of one kind of probe (PROBE_READ: a read of
 * one uncached block of the probe's own file; PROBE_WRITE: a write of one
 * block and its fsync) is in the summary; over_100ms counts the waits a
 * person notices, over_1s the stalls. Over time: the longest wait begun
 * in each interval of interval_ns from the test's start (the interval
 * doubles as the points fill; every kind has the same), in milliseconds,
 * < 0 where none began. lat.count 0: that probe did not run.
 */
#define PROBE_READ 1u
#define PROBE_WRITE 2u
#define PROBE_POINTS 64
#define PROBE_NOTICED_NS 100000000ULL  /* a wait a person notices */
#define PROBE_STALL_NS 1000000000ULL   /* a stall */

struct probe_waits {
	struct latency_summary lat;
	uint64_t over_100ms, over_1s;
	float max_ms[PROBE_POINTS];
};

struct probe_result {
	bool direct;          /* the reads were O_DIRECT; false: the block was
			       * evicted (posix_fadvise) before each */
	uint32_t n;           /* points over time; 0: none recorded */
	uint64_t interval_ns;
	struct probe_waits read, write;
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
	uint64_t wait_ns;           /* measurement: the copies' threads' time
				     * waiting for a CPU while they could run
				     * (0: none, or not known) */
	uint64_t bytes;             /* logical bytes moved (bulk tests) */
	uint64_t read_bytes;        /* of which read (for the truth check) */
	uint64_t ops;               /* operations (chunks, seeks, files) */
	struct device_io dev;       /* what the block device moved meanwhile */
	bool cut;                   /* --deadline: stopped before its end, when
				     * the deadline passed or the first copy
				     * (of any rank) finished: stonewalled */
	struct phase_series series; /* measurement: the test over time */
	struct figure_limit limit;  /* verdict: what limited it */
	struct probe_result probe;  /* measurement: --probe beside it */
};

/*
 * --steady: a test repeated in rounds until the SNIA steady-state rule
 * (lib/steady.h) held over the last STEADY_WINDOW of them, or until the
 * most rounds ran, or --max-write stopped it. Each round's figure is the
 * test's rate in its own unit (a mark's MB/s, a random-I/O test's IOPS);
 * mean, range and change are the rule's over the last window, ratio the
 * mean over the test's fresh figure.
 */
#define STEADY_MAX_ROUNDS 100
enum steady_end {
	STEADY_OFF,        /* not run with --steady */
	STEADY_SETTLED,    /* the rule held */
	STEADY_UNSETTLED,  /* the most rounds ran without it holding */
	STEADY_WRITE_CAP,  /* --max-write: the next step would pass it */
};
struct steady_record {
	enum steady_end end;
	uint32_t round_s;            /* each round's length */
	uint64_t precondition_bytes; /* written before the rounds (marks) */
	uint64_t precondition_ns;
	uint64_t written_bytes;      /* the precondition and every round */
	size_t n;                    /* rounds run */
	double rate[STEADY_MAX_ROUNDS];
	size_t window_first;         /* the last window: rounds first.. (0-based) */
	double mean, range, change;  /* NaN with fewer rounds than the window */
	double ratio;                /* mean / fresh; NaN unknown */
};

/*
 * The removal of the test file at the end of a run, timed as a figure of
 * its own: every piece unlinked and its last descriptor closed, then the
 * filesystem synced (syncfs), so that the work it does for the freed
 * blocks is inside, and the discards the device still did after it
 * (online discard), until they stopped.
 */
struct removal_figure {
	bool known;
	uint64_t bytes;           /* what was removed */
	uint64_t elapsed_ns;
	uint64_t discarded_bytes; /* what the device discarded meanwhile */
};

/* --trim (or --vary trim=before): the FITRIM made before the run. */
struct trim_figure {
	bool done;
	uint64_t bytes;       /* what the filesystem said it trimmed */
	uint64_t elapsed_ns;
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
	uint64_t wait_ns;     /* as phase_result's */
	double iops;
	double mib_per_s;
	double cpu_pct;
	struct latency_summary lat;
	struct device_io dev;
	struct steady_record steady; /* --steady: its rounds (round 1 is the
				      * figures above) */
	struct phase_series series;
	struct figure_limit limit; /* verdict */
	struct probe_result probe; /* as phase_result's */
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
	uint64_t cost_ns;     /* the suggested run at this run's rates; 0 unknown */
};

/* A read phase the page cache mostly served: the truth check's finding. */
struct truth_hit {
	enum phase_id id;     /* a classic phase, or PHASE_RANDOM */
	uint32_t depth;       /* the random-I/O test's Q ... */
	uint32_t threads;     /* ... and T */
	unsigned pct;         /* share of its reads the device saw, 0..49 */
};
#define MAX_TRUTH_HITS (4 + MAX_RANDOM_TESTS)

/* What kind of pages clyde asked for its large I/O buffers. */
enum buffer_pages {
	BUFFER_PAGES_NONE,     /* no buffer of 1 MiB or more was allocated */
	BUFFER_PAGES_SMALL,    /* ordinary pages: huge ones could not be asked for */
	BUFFER_PAGES_THP,      /* transparent huge pages (madvise) */
	BUFFER_PAGES_HUGETLB,  /* explicit huge pages (MAP_HUGETLB) */
};
/* Their words in the JSON, by enum buffer_pages. */
#define BUFFER_PAGES_NAMES { "none", "small", "transparent", "explicit" }
#define BUFFER_PAGES_COUNT 4

/* How clyde's large I/O buffers lay in memory (io/iobuf.h). */
struct buffer_layout {
	uint64_t bytes;           /* the largest; 0: none */
	enum buffer_pages pages;  /* what the last region was given */
	double pieces_per_mib;    /* the most any had; < 0 unknown (not root) */
};

/* Where a run happened, for the JSON; empty for results read from CSV. */
struct run_env {
	char kernel[128];    /* "Linux 6.1.0-13-amd64" */
	char fs_type[32];    /* "ext4" */
	char device[64];     /* "nvme0n1"; "" when no block device was found */
	char scheduler[32];  /* "mq-deadline"; "" when unknown */
	int rotational;      /* 1 spinning, 0 solid state, -1 unknown */
	uint64_t ram_mib;
	uint32_t cpus;
	struct buffer_layout buffers; /* bytes 0: none, or not known */
};

enum char_io { CHAR_IO_STDIO, CHAR_IO_SYSCALL };
/* The CSV layouts by the bonnie++ version that introduced them. */
enum csv_format { CSV_103, CSV_196, CSV_197, CSV_198 };
/* The first characters that make a spreadsheet read a field as a formula:
 * clyde's CSV writes such a text field after a ', and its reader drops
 * that ' again (doc/formats.md). */
#define CSV_FORMULA_CHARS "=+-@"
/* What a versioned CSV line's version field (field 1) may hold. */
#define CSV_VERSION_CHARS                                                      \
	"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ._-"

/* How the run did its I/O; named in the footer line and the JSON. */
struct io_mode {
	bool direct;       /* -D: O_DIRECT on every bulk phase */
	bool sync_writes;  /* -b: O_SYNC on every descriptor that writes */
	bool zeros;        /* --zeros: bonnie++-like compressible data */
	bool pieces;       /* --pieces: the I/O file in 1 GiB pieces; results:
			    * it was in more than one (--pieces, or a
			    * filesystem that caps a file's size) */
	enum char_io char_io;
	uint32_t dio_align; /* results: the O_DIRECT alignment used (0 if not
			     * direct); learned at set-up, never in a config */
};

/*
 * How the copies (-c) and the MPI ranks of a run work together: their own
 * files (the default) or regions of one shared file, file tests in one
 * shared directory, block input reading another rank's file, and a
 * deadline that stops every copy of every rank at once (stonewalling).
 */
enum share_layout {
	SHARE_OWN,       /* every copy its own file */
	SHARE_SEGMENTED, /* --shared-file: copy k's region is the k-th size */
	SHARE_STRIDED,   /* --shared-file strided: stripes taken in turn */
};
struct job_mode {
	enum share_layout layout;
	uint64_t stripe_bytes;   /* strided: one copy's stripe (the chunk, or more) */
	bool shared_dir;         /* --shared-dir: every copy's file tests in one tree */
	bool reorder;            /* --reorder: read another rank's file or region */
	bool reorder_random;     /* --reorder random: a shift drawn from the seed */
	uint32_t reorder_shift;  /* given (0: automatic); in results, the one used */
	uint32_t deadline_s;     /* --deadline; 0: none */
};

/* Parameters a CSV layout does not record (run_results.unrecorded). */
#define UNRECORDED_CONCURRENCY 1u /* 1.03 lines */
#define UNRECORDED_SEEKS 2u       /* the seek count: 1.03, 1.9x */
#define UNRECORDED_SEEKERS 4u     /* the seeker threads: 1.03, 1.9x */
#define UNRECORDED_CHUNK 8u       /* I/O chunk: bonnie++'s 1.98 never writes it */
#define UNRECORDED_FILE_CHUNK 16u /* the file tests' chunk: no bonnie++ layout */

/*
 * --vary: which setup a run measured and where it fell among the runs
 * (run/vary.h), and the FITRIM made before it (trim=before).
 */
struct vary_tag {
	bool known;           /* false: not a --vary run */
	uint32_t setup;       /* 1-based, in the order of the setups */
	uint32_t setups;
	uint32_t round;       /* 1-based */
	uint32_t position;    /* its place in its round, 1-based */
	size_t n;             /* the setup's settings: */
	struct {
		char key[16];             /* "scheduler" */
		char value[MACHINE_MAX];  /* "none" */
	} setting[VARY_MAX_KEYS];
	bool trimmed;         /* FITRIM ran before it */
	uint64_t trim_bytes;  /* what the filesystem said it trimmed */
	uint64_t trim_ns;     /* how long FITRIM took */
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
	/*
	 * What the source said beyond the fields here (results read from CSV
	 * or JSON): the size as written ("8192M", "" = from io.size_mib) and
	 * the parameters its layout does not carry (UNRECORDED_* bits), which
	 * every output leaves empty or null instead of inventing defaults.
	 */
	char size_text[24];
	unsigned unrecorded;
	uint32_t concurrency;
	struct io_params io;
	struct file_params files;
	uint64_t perchar_mib; /* size the per-char tests used, 0 if skipped */
	struct io_mode mode;
	struct job_mode job;  /* live runs and clyde's JSON; zero from CSV */
	struct phase_result phase[PHASE_COUNT];
	/* Live runs only: */
	char dir[PATH_MAX];   /* -d as given (whole: every -d clyde runs in fits) */
	uint64_t ram_mib;     /* the RAM of the 2x rule (-r, or detected); 0 off */
	bool verify;
	uint32_t random_time_s;
	unsigned probe;       /* --probe: PROBE_READ, PROBE_WRITE; 0 none */
	size_t n_random;
	struct random_result random[MAX_RANDOM_TESTS];
	struct run_env env;
	char started[32];        /* ISO 8601 UTC: "2024-05-01T12:34:56Z" */
	char command_line[4096]; /* argv quoted for sh (origin.h); "" unknown */
	bool prov_known;         /* false: nothing in prov is known */
	struct provenance prov;  /* filesystem, device stack, disks, machine */
	/* Verdicts: made once, by whoever made the figures (verdict.h): */
	struct advice advice;
	size_t n_truth;
	struct truth_hit truth[MAX_TRUTH_HITS];
	/* clyde-mpi: the ranks behind these figures; concurrency is then
	 * every rank's copies together. */
	struct rank_set ranks;
	struct vary_tag vary; /* --vary runs only */
	struct removal_figure removal; /* live runs: the test file's removal */
	struct trim_figure trim;       /* the FITRIM before the run */
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
