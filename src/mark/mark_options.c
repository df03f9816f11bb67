/* SPDX-License-Identifier: MIT */
/*
 * mark_options.c - the command line of `clyde mark`: its option rows
 * (core/opt.h, so that --help, the usage and the man page's test come
 * from them as clyde's do), the handlers only it has, and the
 * configuration a mark hands to set-up and the driver. The handlers it
 * shares with clyde are run/run_opts.c's. Returns errors as text; never
 * prints them and never exits.
 */
#include "mark.h"

#include <getopt.h>
#include <string.h>

#include "core/config_rules.h"
#include "run/run_opts.h"
#include "sys/out.h"

enum mark_long {
	LONG_PROFILE = OPT_LONG_ONLY, LONG_RUNS, LONG_TIME, LONG_METHOD, LONG_TESTS,
	LONG_ENGINE, LONG_PROBE, LONG_JSON, LONG_CSV, LONG_PROGRESS,
	LONG_NO_PREFLIGHT, LONG_VARY, LONG_BASELINE, LONG_VARY_ROOT_FS,
	LONG_STEADY, LONG_ROUND, LONG_MAX_ROUNDS, LONG_PRECONDITION,
	LONG_MAX_WRITE, LONG_TRIM, LONG_ALLOW_MEMORY, LONG_HELP,
};

static struct config *config_of(struct opt_state *st)
{
	return st->target;
}

static struct mark_options *mark_of(struct opt_state *st)
{
	return st->ctx;
}

static enum opt_outcome set_size(struct opt_state *st, const char *arg)
{
	char shown[OUT_ECHO_BYTES];
	uint64_t mib;

	if (opt_size(st, arg, UNIT_MIB, &mib) != OPT_RUN)
		return OPT_ERROR;
	if (mib == 0 || mib > (UINT64_MAX / MIB) / 2)
		return opt_fail(st, "-s %s: the file needs at least 1 MiB",
				out_echo(arg, shown));
	config_of(st)->io.size_mib = mib;
	return OPT_RUN;
}

static enum opt_outcome both_choose(struct opt_state *st)
{
	return opt_fail(st, "--profile and --tests both choose the tests; give one");
}

static const char *profile_names(size_t i)
{
	return i < mark_profile_count ? mark_profiles[i].name : NULL;
}

static enum opt_outcome set_profile(struct opt_state *st, const char *arg)
{
	size_t k;

	if (opt_given(st, LONG_TESTS))
		return both_choose(st);
	if (opt_choice(st, arg, &k) != OPT_RUN)
		return OPT_ERROR;
	mark_of(st)->profile = mark_profiles[k].name;
	mark_of(st)->score = mark_profiles[k].score;
	return OPT_RUN;
}

static enum opt_outcome set_tests(struct opt_state *st, const char *arg)
{
	struct mark_options *mo = mark_of(st);
	struct parse_error pe;

	if (opt_given(st, LONG_PROFILE))
		return both_choose(st);
	if (mark_parse_tests(arg, &mo->tests, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	mo->profile = NULL;
	mo->score = MARK_MEAN;
	return OPT_RUN;
}

static enum opt_outcome set_runs(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, MARK_MAX_RUNS, &mark_of(st)->runs);
}

static enum opt_outcome set_time(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, MARK_MAX_TIME_S, &mark_of(st)->time_s);
}

static const char *method_names(size_t i)
{
	return i <= MARK_BY_TIME ? mark_method_name((enum mark_method)i) : NULL;
}

static enum opt_outcome set_method(struct opt_state *st, const char *arg)
{
	if (mark_method_from_name(arg, &mark_of(st)->method) != 0)
		return opt_bad_choice(st, arg);
	return OPT_RUN;
}

static enum opt_outcome set_csv(struct opt_state *st, const char *arg)
{
	mark_of(st)->csv_path = arg;
	return OPT_RUN;
}

static enum opt_outcome set_round(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, MARK_MAX_TIME_S, &config_of(st)->steady.round_s);
}

/* --precondition and --max-write: sizes as -s takes them (bare: MiB). */
static enum opt_outcome set_bytes(struct opt_state *st, const char *arg,
				  uint64_t *out)
{
	uint64_t mib;

	if (opt_size(st, arg, UNIT_MIB, &mib) != OPT_RUN)
		return OPT_ERROR;
	if (mib > UINT64_MAX / MIB / 4)
		return opt_fail(st, "%s: too large", arg);
	*out = mib * MIB;
	return OPT_RUN;
}

static enum opt_outcome set_precondition(struct opt_state *st, const char *arg)
{
	return set_bytes(st, arg, &config_of(st)->steady.precondition_bytes);
}

static enum opt_outcome set_max_write(struct opt_state *st, const char *arg)
{
	if (set_bytes(st, arg, &config_of(st)->steady.max_write_bytes) != OPT_RUN)
		return OPT_ERROR;
	if (config_of(st)->steady.max_write_bytes == 0)
		return opt_fail(st, "--max-write %s: clyde mark writes its file "
				"first, so it needs more than 0", arg);
	return OPT_RUN;
}

/* -x: rounds of --vary's setups (checked against --vary after the rows). */
static enum opt_outcome set_rounds(struct opt_state *st, const char *arg)
{
	int64_t v;

	if (opt_int(st, arg, 1, 1000, &v) != OPT_RUN)
		return OPT_ERROR;
	config_of(st)->repeat = (long)v;
	return OPT_RUN;
}

#define FIELD(name) offsetof(struct config, name)

static const struct opt_row rows[] = {
	{ 'd', NULL, required_argument, "dir",
	  "directory to test in (default: the current directory)",
	  .set = opt_text, .offset = FIELD(dir) },
	{ 's', NULL, required_argument, "size",
	  "test file size (default 1G; a bare number is MiB), laid out before "
	  "anything is timed",
	  .set = set_size },
	{ 'm', NULL, required_argument, "name",
	  "machine name in the results (default: the host name)",
	  .set = run_opts_machine },
	{ 'u', NULL, required_argument, "user[:group]",
	  "run as user (and group); as root clyde refuses to run without -u "
	  "(-u root to run as root anyway)",
	  .set = run_opts_user, .once = true },
	{ 'z', NULL, required_argument, "seed",
	  "seed for the data and the random blocks (default: pid ^ time)",
	  .set = run_opts_seed },
	{ 'y', NULL, required_argument, "s|p",
	  "before each step (the layout, then every run) wait for the other "
	  "processes (s: at the semaphores of clyde -p) or for a line on "
	  "standard input (p), as clyde -y",
	  .set = run_opts_sync },
	{ LONG_PROFILE, "profile", required_argument, "name",
	  "KDiskMark's tests: default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K "
	  "Q1T1; the mean of the runs), nvme (SEQ1M Q8T1, SEQ128K Q32T1, RND4K "
	  "Q32T16, RND4K Q1T1; the mean), peak (SEQ1M Q8T1, RND4K Q32T1; the "
	  "best run), real (SEQ1M Q1T1, RND4K Q1T1; the best run)",
	  .set = set_profile, .choices = profile_names },
	{ LONG_RUNS, "runs", required_argument, "n",
	  "runs of each test (1..10, default 5)",
	  .set = set_runs },
	{ LONG_TIME, "time", required_argument, "sec",
	  "seconds each run lasts, or at most with --method size (1..3600, "
	  "default 5)",
	  .set = set_time },
	{ LONG_METHOD, "method", required_argument, "size|time",
	  "what ends a run: size (default: each thread moves the file once, "
	  "--time at most, as KDiskMark runs fio) or time (--time, as "
	  "CrystalDiskMark runs DiskSpd); a write run's flush is timed in both",
	  .set = set_method, .choices = method_names },
	{ LONG_TESTS, "tests", required_argument, "list",
	  "these tests instead of a profile, comma-separated, each SEQ or RND, a "
	  "block size, -QnTm, and :read or :write for one direction only "
	  "(RND4K-Q3T1:write); the mean of the runs",
	  .set = set_tests },
	{ LONG_ENGINE, "engine", required_argument, "name",
	  "auto (default), io_uring, aio or threads, as clyde --engine",
	  .set = run_opts_engine, .choices = run_opts_engine_names },
	{ LONG_PROBE, "probe", optional_argument, "what",
	  "beside every run, time what an interactive program waits, as clyde "
	  "--probe: read (default), write or read+write",
	  .set = run_opts_probe },
	{ LONG_JSON, "json", required_argument, "file",
	  "also write every figure of every run as JSON to file (- for stdout, "
	  "which then carries only the JSON)",
	  .set = opt_text, .offset = FIELD(json_path) },
	{ LONG_CSV, "csv", required_argument, "file",
	  "also write a header and one CSV line per test to file",
	  .set = set_csv },
	{ LONG_PROGRESS, "progress", required_argument, "when",
	  "auto (default), always or never, as clyde --progress",
	  .set = run_opts_progress, .choices = run_opts_progress_names },
	{ LONG_NO_PREFLIGHT, "no-preflight", no_argument, NULL,
	  "skip the check for free space made before writing",
	  .set = opt_flag, .offset = FIELD(no_preflight) },
	{ 'x', NULL, required_argument, "rounds",
	  "with --vary: rounds of the setups, each mark -x times (1..1000, "
	  "default 1)",
	  .set = set_rounds },
	{ LONG_VARY, "vary", required_argument, "key=value,value...",
	  "compare setups in one run, as clyde --vary (clyde --help lists the "
	  "keys; clyde mark takes scheduler, nr-requests, read-ahead, "
	  "write-cache, mount, trim, engine, probe and dir)",
	  .set = run_opts_vary_mark },
	{ LONG_BASELINE, "baseline", required_argument, "key=value",
	  "with --vary: the setup the others are compared with, as clyde "
	  "--baseline",
	  .set = run_opts_vary_baseline, .usage = OPT_USAGE_IN },
	{ LONG_VARY_ROOT_FS, "vary-root-fs", no_argument, NULL,
	  "let --vary mount= remount the filesystem that holds /",
	  .set = opt_flag, .offset = FIELD(vary.root_fs), .usage = OPT_USAGE_IN },
	{ LONG_STEADY, "steady", no_argument, NULL,
	  "after the fresh figures, each test preconditioned (the file written "
	  "twice in order, then its own pattern written for --precondition) and "
	  "run in rounds until the SNIA steady-state rule holds over the last "
	  "five (their range within 20% of their mean, their least-squares "
	  "line's change within 10%), at most --max-rounds; fresh and steady "
	  "side by side",
	  .set = opt_flag, .offset = FIELD(steady.on) },
	{ LONG_ROUND, "round", required_argument, "sec",
	  "with --steady: seconds each round lasts (1..3600, default 60)",
	  .set = set_round },
	{ LONG_MAX_ROUNDS, "max-rounds", required_argument, "n",
	  "with --steady: the most rounds of a test (5..100, default 25)",
	  .set = run_opts_max_rounds },
	{ LONG_PRECONDITION, "precondition", required_argument, "size",
	  "with --steady: what each test writes in its own pattern after the "
	  "two passes (default: twice the file; 0: only the passes)",
	  .set = set_precondition },
	{ LONG_MAX_WRITE, "max-write", required_argument, "size",
	  "with --steady: the most the run may write; a plan whose layout and "
	  "preconditions pass it is refused, and no precondition or round "
	  "starts that would pass it (default: no limit)",
	  .set = set_max_write },
	{ LONG_TRIM, "trim", no_argument, NULL,
	  "FITRIM on -d's filesystem before the file is laid out, timed, with "
	  "the bytes it trimmed (root: -u root)",
	  .set = opt_flag, .offset = FIELD(trim) },
	{ LONG_ALLOW_MEMORY, "allow-memory", no_argument, NULL,
	  "run even when dir is in RAM (tmpfs, ramfs, zram), as clyde "
	  "--allow-memory",
	  .set = opt_flag, .offset = FIELD(allow_memory) },
	{ LONG_HELP, "help", no_argument, NULL, "print this help and exit",
	  .set = opt_ask_help },
};

const struct opt_set mark_opt_set = {
	.name = "clyde mark",
	.about = "clyde mark runs CrystalDiskMark's and KDiskMark's tests with "
		 "direct I/O on\nincompressible data and prints MB/s (10^6 "
		 "bytes), IOPS and latency.",
	.rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]),
};

/* What a mark always is: direct, incompressible, one copy, no other tests. */
static void mark_config(struct config *cfg, uint64_t ram_mib, uint64_t seed)
{
	config_defaults(cfg, ram_mib, seed);
	cfg->io.size_mib = MARK_DEFAULT_SIZE_MIB;
	cfg->size_given = true;
	cfg->io.chunk_bytes = MARK_LAYOUT_CHUNK_BYTES;
	cfg->files.count_k = 0;
	cfg->perchar_mib = 0;
	cfg->mode.direct = true;
	cfg->random_io = true; /* set-up picks the engine and checks 4 KiB I/O */
	cfg->table = NULL;
	cfg->csv = NULL;
	cfg->steady.round_s = STEADY_ROUND_S;
}

/* --steady's options after the rows: the ones that need it, the default
 * precondition (twice the file), --max-write against the fixed writes. */
static enum opt_outcome check_steady(struct opt_state *st,
				     const struct mark_options *mo)
{
	static const int needs[] = { LONG_ROUND, LONG_MAX_ROUNDS, LONG_PRECONDITION,
				     LONG_MAX_WRITE };
	static const char *const names[] = { "--round", "--max-rounds",
					     "--precondition", "--max-write" };
	struct config *cfg = config_of(st);
	uint64_t fixed;

	for (size_t i = 0; !cfg->steady.on && i < sizeof(needs) / sizeof(needs[0]); i++)
		if (opt_given(st, needs[i]))
			return opt_fail(st, "%s is for --steady's rounds; give "
					"--steady too", names[i]);
	if (!opt_given(st, LONG_PRECONDITION))
		cfg->steady.precondition_bytes = 2 * cfg->io.size_mib * MIB;
	fixed = mark_steady_fixed_bytes(mo, cfg);
	if (cfg->steady.max_write_bytes && fixed > cfg->steady.max_write_bytes)
		return opt_fail(st, "--max-write %.2f GiB: laying out the file and "
				"preconditioning every test write %.2f GiB before "
				"any round; give a larger --max-write, a smaller -s "
				"or --precondition, or fewer tests",
				(double)cfg->steady.max_write_bytes / (double)GIB,
				(double)fixed / (double)GIB);
	return OPT_RUN;
}

/* --vary's checks after the rows, with a mark's load for their words. */
static enum opt_outcome check_vary(struct opt_state *st,
				   const struct mark_options *mo)
{
	struct config *cfg = config_of(st);
	uint64_t directions = 0;

	if (opt_given(st, 'x') && cfg->vary.n == 0)
		return opt_fail(st, "-x %ld: clyde mark repeats its tests with "
				"--runs; -x counts the rounds of --vary",
				cfg->repeat);
	for (size_t i = 0; i < mo->tests.n; i++)
		directions += (mo->tests.tests[i].dirs & MARK_READ ? 1u : 0u) +
			      (mo->tests.tests[i].dirs & MARK_WRITE ? 1u : 0u);
	return run_opts_vary_finish(st, cfg->repeat < 0 ? 1 : (uint64_t)cfg->repeat,
				    cfg->io.size_mib * MIB,
				    directions * mo->runs * mo->time_s);
}

enum opt_outcome mark_options_parse(int argc, char **argv, uint64_t ram_mib,
				    uint64_t seed, struct mark_options *mo,
				    struct config *cfg, char *err, size_t len)
{
	struct opt_state st = { .target = cfg, .ctx = mo, .err = err, .len = len };
	struct parse_error pe;
	enum opt_outcome out;
	char why[512];

	mark_config(cfg, ram_mib, seed);
	*mo = (struct mark_options){ .profile = mark_profiles[0].name,
				     .score = mark_profiles[0].score,
				     .runs = MARK_DEFAULT_RUNS,
				     .time_s = MARK_DEFAULT_TIME_S,
				     .method = MARK_BY_SIZE };
	mark_parse_tests(mark_profiles[0].tests, &mo->tests, &pe);
	out = opt_parse(&mark_opt_set, argc, argv, &st);
	if (out != OPT_RUN)
		return out;
	if (opt_given(&st, LONG_PROFILE) &&
	    mark_parse_tests(mark_profile_by_name(mo->profile)->tests, &mo->tests,
			     &pe) != 0)
		return opt_fail(&st, "--profile %s: %s", mo->profile, pe.msg);
	if (mark_check_size(&mo->tests, cfg->io.size_mib * MIB, why, sizeof(why)) != 0)
		return opt_fail(&st, "%s", why);
	if (check_steady(&st, mo) != OPT_RUN)
		return OPT_ERROR;
	return check_vary(&st, mo);
}
