/* SPDX-License-Identifier: MIT */
/*
 * mark_options.c - the command line of `clyde mark`: its option table (the
 * same option_def rows as clyde's, so --help and the man-page test are
 * generated the same way), the getopt_long loop, and the configuration a
 * mark hands to set-up and the driver. Returns errors as text; never
 * prints them and never exits.
 */
#include "mark.h"

#include <getopt.h>
#include <string.h>

#include "core/config_rules.h"
#include "engine/engine.h"

enum mark_long {
	MARK_OPT_PROFILE = 256, MARK_OPT_RUNS, MARK_OPT_TIME, MARK_OPT_TESTS,
	MARK_OPT_ENGINE, MARK_OPT_JSON, MARK_OPT_CSV, MARK_OPT_PROGRESS,
	MARK_OPT_NO_PREFLIGHT, MARK_OPT_HELP,
};

/* The rows say what each option is; mark_set() below stores them. */
static const struct option_def mark_defs[] = {
	{ 'd', NULL, required_argument, "dir",
	  "directory to test in (default: the current directory)", .formats = -1 },
	{ 's', NULL, required_argument, "size",
	  "test file size (default 1G; a bare number is MiB), laid out before "
	  "anything is timed", .formats = -1 },
	{ 'm', NULL, required_argument, "name",
	  "machine name in the results (default: the host name)", .formats = -1 },
	{ 'u', NULL, required_argument, "user[:group]",
	  "run as user (and group); as root clyde refuses to run without -u "
	  "(-u root to run as root anyway)", .formats = -1 },
	{ 'z', NULL, required_argument, "seed",
	  "seed for the data and the random blocks (default: pid ^ time)",
	  .formats = -1 },
	{ 'y', NULL, required_argument, "s|p",
	  "before each step (the layout, then every run) wait for the other "
	  "processes (s: at the semaphores of clyde -p) or for a line on "
	  "standard input (p), as clyde -y", .formats = -1 },
	{ MARK_OPT_PROFILE, "profile", required_argument, "name",
	  "KDiskMark's tests: default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K "
	  "Q1T1; the mean of the runs), nvme (SEQ1M Q8T1, SEQ128K Q32T1, RND4K "
	  "Q32T16, RND4K Q1T1; the mean), peak (SEQ1M Q8T1, RND4K Q32T1; the "
	  "best run), real (SEQ1M Q1T1, RND4K Q1T1; the best run)", .formats = -1 },
	{ MARK_OPT_RUNS, "runs", required_argument, "n",
	  "runs of each test (1..10, default 5)", .formats = -1 },
	{ MARK_OPT_TIME, "time", required_argument, "sec",
	  "seconds each run lasts (1..3600, default 5)", .formats = -1 },
	{ MARK_OPT_TESTS, "tests", required_argument, "list",
	  "these tests instead of a profile, comma-separated, each SEQ or RND, a "
	  "block size, -QnTm, and :read or :write for one direction only "
	  "(RND4K-Q3T1:write); the mean of the runs", .formats = -1 },
	{ MARK_OPT_ENGINE, "engine", required_argument, "name",
	  "auto (default), io_uring, aio or threads, as clyde --engine",
	  .formats = -1 },
	{ MARK_OPT_JSON, "json", required_argument, "file",
	  "also write every figure of every run as JSON to file (- for stdout, "
	  "which then carries only the JSON)", .formats = -1 },
	{ MARK_OPT_CSV, "csv", required_argument, "file",
	  "also write a header and one CSV line per test to file", .formats = -1 },
	{ MARK_OPT_PROGRESS, "progress", required_argument, "when",
	  "auto (default), always or never, as clyde --progress", .formats = -1 },
	{ MARK_OPT_NO_PREFLIGHT, "no-preflight", no_argument, NULL,
	  "skip the check for free space made before writing", .formats = -1 },
	{ MARK_OPT_HELP, "help", no_argument, NULL, "print this help and exit",
	  .formats = -1 },
};
#define N_MARK_DEFS (sizeof(mark_defs) / sizeof(mark_defs[0]))

const struct option_def *mark_options_table(size_t *n)
{
	*n = N_MARK_DEFS;
	return mark_defs;
}

void mark_usage(FILE *out, const char *lead)
{
	options_usage_of(out, lead, "clyde mark", mark_defs, N_MARK_DEFS);
}

/* TEXT among NAMES[0..n) into *index, or an error naming them. */
static enum options_outcome choose(const char *option, const char *text,
				   const char *const *names, int n, int *index,
				   char *err, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strcmp(text, names[i]) == 0) {
			*index = i;
			return OPTIONS_RUN;
		}
	return options_fail(err, len, "--%s %s: use %s, %s%s%s%s%s", option, text,
		    names[0], names[1], n > 2 ? ", " : "", n > 2 ? names[2] : "",
		    n > 3 ? " or " : "", n > 3 ? names[3] : "");
}

static enum options_outcome number(const char *option, const char *arg,
				   int64_t min, int64_t max, int64_t *out,
				   char *err, size_t len)
{
	struct parse_error pe;

	if (parse_int_range(arg, min, max, out, &pe) != 0)
		return options_fail(err, len, "%s %s: %s", option, arg, pe.msg);
	return OPTIONS_RUN;
}

/* "-d: the value is empty", "--tests: the value is empty" for option KEY. */
static enum options_outcome empty_value(int key, char *err, size_t len)
{
	for (size_t i = 0; i < N_MARK_DEFS; i++)
		if (mark_defs[i].key == key && mark_defs[i].long_name)
			return options_fail(err, len, "--%s: the value is empty",
				    mark_defs[i].long_name);
	return options_fail(err, len, "-%c: the value is empty", key);
}

/* What the parse has seen besides *mo and *cfg. */
struct mark_seen {
	bool tests, profile, user;
};

static enum options_outcome set_machine(const char *arg, struct config *cfg,
					char *err, size_t len)
{
	if (arg[0] == '\0' || strlen(arg) >= sizeof(cfg->machine) ||
	    strpbrk(arg, ",\n\r\t"))
		return options_fail(err, len, "-m %s: a name of 1 to %zu bytes without commas "
			    "or control characters", arg, sizeof(cfg->machine) - 1);
	snprintf(cfg->machine, sizeof(cfg->machine), "%s", arg);
	return OPTIONS_RUN;
}

static enum options_outcome set_size(const char *arg, struct config *cfg,
				     char *err, size_t len)
{
	struct parse_error pe;
	uint64_t mib;

	if (parse_size(arg, UNIT_MIB, &mib, &pe) != 0)
		return options_fail(err, len, "-s %s: %s", arg, pe.msg);
	if (mib == 0 || mib > (UINT64_MAX / MIB) / 2)
		return options_fail(err, len, "-s %s: the file needs at least 1 MiB", arg);
	cfg->io.size_mib = mib;
	return OPTIONS_RUN;
}

static enum options_outcome set_profile(const char *arg, struct mark_options *mo,
					char *err, size_t len)
{
	const char *names[4];
	int k = 0;

	for (size_t i = 0; i < mark_profile_count && i < 4; i++)
		names[i] = mark_profiles[i].name;
	if (choose("profile", arg, names, 4, &k, err, len) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	mo->profile = mark_profiles[k].name;
	mo->score = mark_profiles[k].score;
	return OPTIONS_RUN;
}

/* The values of the options that take one. */
static enum options_outcome set_value(int key, const char *arg, struct mark_options *mo,
				      struct config *cfg, char *err, size_t len)
{
	static const char *const engines[] = { "auto", "io_uring", "aio", "threads" };
	static const char *const whens[] = { "auto", "always", "never" };
	struct parse_error pe;
	int64_t v;
	int k = 0;

	switch (key) {
	case 'd':
		cfg->dir = arg;
		return OPTIONS_RUN;
	case 's':
		return set_size(arg, cfg, err, len);
	case 'm':
		return set_machine(arg, cfg, err, len);
	case 'z':
		if (number("-z", arg, 0, INT64_MAX, &v, err, len) != OPTIONS_RUN)
			return OPTIONS_ERROR;
		cfg->seed = (uint64_t)v;
		return OPTIONS_RUN;
	case 'y':
		if (strcmp(arg, "s") != 0 && strcmp(arg, "p") != 0)
			return options_fail(err, len, "-y %s: use s (semaphores) or p (prompt)",
				    arg);
		cfg->sync_mode = arg[0];
		return OPTIONS_RUN;
	case MARK_OPT_PROFILE:
		return set_profile(arg, mo, err, len);
	case MARK_OPT_RUNS:
		if (number("--runs", arg, 1, MARK_MAX_RUNS, &v, err, len) != OPTIONS_RUN)
			return OPTIONS_ERROR;
		mo->runs = (uint32_t)v;
		return OPTIONS_RUN;
	case MARK_OPT_TIME:
		if (number("--time", arg, 1, MARK_MAX_TIME_S, &v, err, len) != OPTIONS_RUN)
			return OPTIONS_ERROR;
		mo->time_s = (uint32_t)v;
		return OPTIONS_RUN;
	case MARK_OPT_TESTS:
		if (mark_parse_tests(arg, &mo->tests, &pe) != 0)
			return options_fail(err, len, "--tests %s: %s", arg, pe.msg);
		mo->profile = NULL;
		mo->score = MARK_MEAN;
		return OPTIONS_RUN;
	case MARK_OPT_ENGINE:
		if (choose("engine", arg, engines, 4, &k, err, len) != OPTIONS_RUN)
			return OPTIONS_ERROR;
		cfg->engine = (enum engine_kind)k;
		return OPTIONS_RUN;
	case MARK_OPT_JSON:
		mo->json_path = arg;
		return OPTIONS_RUN;
	case MARK_OPT_CSV:
		mo->csv_path = arg;
		return OPTIONS_RUN;
	case MARK_OPT_PROGRESS:
		if (choose("progress", arg, whens, 3, &k, err, len) != OPTIONS_RUN)
			return OPTIONS_ERROR;
		cfg->progress = (enum progress_mode)k;
		return OPTIONS_RUN;
	}
	return options_fail(err, len, "unknown option"); /* not reached: every row is here */
}

/* One option C with value ARG; SEEN keeps what only one may say. */
static enum options_outcome mark_set(int c, const char *arg, struct mark_seen *seen,
				     struct mark_options *mo, struct config *cfg,
				     char *err, size_t len)
{
	switch (c) {
	case 'u':
		if (seen->user)
			return options_fail(err, len, "-u given twice");
		if (arg[0] == ':')
			return options_fail(err, len, "-u %s: no user name", arg);
		seen->user = true;
		cfg->user = arg;
		return OPTIONS_RUN;
	case MARK_OPT_NO_PREFLIGHT:
		cfg->no_preflight = true;
		return OPTIONS_RUN;
	case MARK_OPT_HELP:
		mark_usage(stdout, "usage: ");
		fputs("\nclyde mark runs CrystalDiskMark's and KDiskMark's tests with "
		      "direct I/O on\nincompressible data and prints MB/s (10^6 "
		      "bytes), IOPS and latency.\n\n", stdout);
		options_help_of(stdout, mark_defs, N_MARK_DEFS);
		return OPTIONS_DONE;
	case MARK_OPT_PROFILE:
		seen->profile = true;
		break;
	case MARK_OPT_TESTS:
		seen->tests = true;
		break;
	}
	if (seen->profile && seen->tests)
		return options_fail(err, len, "--profile and --tests both choose the tests; "
			    "give one");
	return set_value(c, arg, mo, cfg, err, len);
}

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
}

enum options_outcome mark_options_parse(int argc, char **argv, uint64_t ram_mib,
					uint64_t seed, struct mark_options *mo,
					struct config *cfg, char *err, size_t len)
{
	struct option longs[N_MARK_DEFS + 1];
	char shorts[2 * N_MARK_DEFS + 4] = "+:";
	size_t nl = 0, ns = 2;
	struct mark_seen seen = { false, false, false };
	struct parse_error pe;
	int c;

	mark_config(cfg, ram_mib, seed);
	*mo = (struct mark_options){ .profile = mark_profiles[0].name,
				     .score = mark_profiles[0].score,
				     .runs = MARK_DEFAULT_RUNS,
				     .time_s = MARK_DEFAULT_TIME_S };
	mark_parse_tests(mark_profiles[0].tests, &mo->tests, &pe);
	for (size_t i = 0; i < N_MARK_DEFS; i++) {
		const struct option_def *o = &mark_defs[i];

		if (o->long_name) {
			longs[nl++] = (struct option){ o->long_name, o->has_arg, NULL, o->key };
			continue;
		}
		shorts[ns++] = (char)o->key;
		shorts[ns++] = ':';
	}
	shorts[ns] = '\0';
	memset(&longs[nl], 0, sizeof(longs[nl]));
	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		const char *typed = argv[optind - 1];

		if (c == ':' && optopt > 0 && optopt < 256)
			return options_fail(err, len, "option -%c needs a value", optopt);
		if (c == ':')
			return options_fail(err, len, "option %s needs a value", typed);
		if (c == '?' && optopt > 0 && optopt < 256)
			return options_fail(err, len, "unknown option -%c (clyde mark --help "
				    "lists them)", optopt);
		if (c == '?')
			return options_fail(err, len, "unknown option %s (clyde mark --help "
				    "lists them)", typed);
		if (optarg && optarg[0] == '\0')
			return empty_value(c, err, len);
		enum options_outcome out = mark_set(c, optarg, &seen, mo, cfg, err, len);
		if (out != OPTIONS_RUN)
			return out;
	}
	if (optind < argc)
		return options_fail(err, len, "unexpected argument '%s' (clyde mark takes only "
			    "options)", argv[optind]);
	if (seen.profile && mark_parse_tests(mark_profile_by_name(mo->profile)->tests,
					     &mo->tests, &pe) != 0)
		return options_fail(err, len, "--profile %s: %s", mo->profile, pe.msg);
	if (mark_check_size(&mo->tests, cfg->io.size_mib * MIB, err, len) != 0)
		return OPTIONS_ERROR;
	return OPTIONS_RUN;
}
