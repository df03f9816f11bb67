/* SPDX-License-Identifier: MIT */
/*
 * options.c - the option table, the getopt_long loop over it, the generated
 * usage and help, and every check of the values (bonnie++'s, plus the ones
 * bonnie++ only makes after its I/O tests). Returns errors as text; never
 * prints them and never exits.
 */
#include "options.h"

#include <getopt.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "core/config_rules.h"
#include "format/format.h"
#include "core/parse.h"
#include "run/repeat.h"
#include "report/report.h"
#include "run/barrier.h"

enum long_only {
	OPT_HELP = 256, OPT_VERSION, OPT_TABLE, OPT_CSV, OPT_CHAR_IO, OPT_ZEROS,
	OPT_VERIFY, OPT_NO_PREFLIGHT, OPT_RANDOM_IO, OPT_RANDOM_TIME,
	OPT_RANDOM_DEPTHS, OPT_RANDOM_THREADS, OPT_ENGINE, OPT_JSON, OPT_PROGRESS,
};

/* What the handlers share while one command line is parsed. */
struct option_parse {
	struct config *cfg;
	char *err;
	size_t len;
	const char *s_text, *n_text; /* -s and -n as typed, for messages */
	bool user_seen, group_seen, seed_seen;
	int argc;
	char **argv;
};

/* ERR on one line: a newline or an escape typed into a value must not
 * break the message or reach the terminal. */
static void one_line(char *err)
{
	for (char *p = err; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
}

enum options_outcome options_fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	one_line(err);
	return OPTIONS_ERROR;
}

static enum options_outcome set_machine(struct option_parse *p, const char *text)
{
	struct config *cfg = p->cfg;
	char *err = p->err;
	size_t len = p->len;

	if (text[0] == '\0')
		return options_fail(err, len, "-m: the machine name is empty");
	if (strlen(text) >= sizeof(cfg->machine))
		return options_fail(err, len, "-m: the machine name is longer than %zu bytes",
			    sizeof(cfg->machine) - 1);
	for (const char *p = text; *p; p++)
		if (*p == ',' || (unsigned char)*p < 0x20 || *p == 0x7f)
			return options_fail(err, len, "-m %s: the machine name must not contain "
				    "commas or control characters", text);
	snprintf(cfg->machine, sizeof(cfg->machine), "%s", text);
	return OPTIONS_RUN;
}


/* NAME as a --table or --csv value of KIND: a row, or NULL for "none". */
static enum options_outcome set_format(struct option_parse *p, enum format_kind kind,
				       const char *option, const char *name,
				       const struct format_info **out)
{
	const struct format_info *f = format_by_name(kind, name);
	char names[128];

	if (!f && strcmp(name, "none") != 0)
		return options_fail(p->err, p->len, "--%s %s: use %s or none", option, name,
			    format_names(kind, false, names, sizeof(names)));
	*out = f;
	return OPTIONS_RUN;
}

/* TEXT among NAMES[0..n) into *index, or "OPTION TEXT: use a, b or c". */
static enum options_outcome set_choice(struct option_parse *p, const char *option,
				       const char *text, const char *const *names,
				       int n, int *index)
{
	char list[96] = "";
	size_t used = 0;

	for (int i = 0; i < n; i++)
		if (strcmp(text, names[i]) == 0) {
			*index = i;
			return OPTIONS_RUN;
		}
	for (int i = 0; i < n && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i == 0 ? "" : i + 1 == n ? " or " : ", ",
					 names[i]);
	return options_fail(p->err, p->len, "--%s %s: use %s", option, text, list);
}

static enum options_outcome set_dir(struct option_parse *p, const char *arg)
{
	p->cfg->dir = arg;
	return OPTIONS_RUN;
}

static enum options_outcome set_size(struct option_parse *p, const char *arg)
{
	struct parse_error pe;

	p->s_text = arg;
	if (parse_s_option(arg, &p->cfg->io, &pe) != 0)
		return options_fail(p->err, p->len, "-s %s: %s", arg, pe.msg);
	p->cfg->size_given = true;
	return OPTIONS_RUN;
}

static enum options_outcome set_files(struct option_parse *p, const char *arg)
{
	struct parse_error pe;

	p->n_text = arg;
	if (parse_n_option(arg, &p->cfg->files, &pe) != 0)
		return options_fail(p->err, p->len, "-n %s: %s", arg, pe.msg);
	return OPTIONS_RUN;
}

static enum options_outcome set_ram(struct option_parse *p, const char *arg)
{
	struct parse_error pe;

	if (parse_size(arg, UNIT_MIB, &p->cfg->ram_mib, &pe) != 0)
		return options_fail(p->err, p->len, "-r %s: %s", arg, pe.msg);
	return OPTIONS_RUN;
}

/* An integer option in [MIN, MAX] into *out, or "-K TEXT: why". */
static enum options_outcome set_int(struct option_parse *p, const char *name,
				    const char *arg, int64_t min, int64_t max,
				    int64_t *out)
{
	struct parse_error pe;

	if (parse_int_range(arg, min, max, out, &pe) != 0)
		return options_fail(p->err, p->len, "%s %s: %s", name, arg, pe.msg);
	return OPTIONS_RUN;
}

/* -x runs, or -x auto[:max] (repeat.h). */
static enum options_outcome set_repeat(struct option_parse *p, const char *arg)
{
	struct parse_error pe;
	int64_t v = REPEAT_AUTO_MAX;
	bool automatic = strncmp(arg, "auto", 4) == 0 &&
			 (arg[4] == '\0' || arg[4] == ':');

	p->cfg->repeat_auto = automatic;
	if (!automatic) {
		if (set_int(p, "-x", arg, 0, 1000000, &v) != OPTIONS_RUN)
			return OPTIONS_ERROR;
	} else if (arg[4] == ':' &&
		   parse_int_range(arg + 5, REPEAT_AUTO_MIN, REPEAT_AUTO_LIMIT, &v,
				   &pe) != 0) {
		return options_fail(p->err, p->len, "-x %s: %s", arg, pe.msg);
	}
	p->cfg->repeat = (long)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_user(struct option_parse *p, const char *arg)
{
	if (p->user_seen)
		return options_fail(p->err, p->len, "-u given twice");
	p->user_seen = true;
	if (arg[0] == ':')
		return options_fail(p->err, p->len, "-u %s: no user name", arg);
	p->cfg->user = arg;
	return OPTIONS_RUN;
}

static enum options_outcome set_group(struct option_parse *p, const char *arg)
{
	if (p->group_seen)
		return options_fail(p->err, p->len, "-g given twice");
	p->group_seen = true;
	p->cfg->group = arg;
	return OPTIONS_RUN;
}

/* -f alone skips per-char; -fSIZE, or -f SIZE: clyde takes no operands,
 * so a number after -f can only be its size. */
static enum options_outcome set_perchar(struct option_parse *p, const char *arg)
{
	struct parse_error pe;
	uint64_t v;

	if (!arg && optind < p->argc && p->argv[optind][0] >= '0' &&
	    p->argv[optind][0] <= '9')
		arg = p->argv[optind++];
	if (!arg) {
		p->cfg->perchar_mib = 0;
		return OPTIONS_RUN;
	}
	if (parse_size(arg, UNIT_MIB, &v, &pe) != 0)
		return options_fail(p->err, p->len, "-f %s: %s", arg, pe.msg);
	p->cfg->perchar_mib = (int64_t)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_copies(struct option_parse *p, const char *arg)
{
	int64_t v;

	if (set_int(p, "-c", arg, 1, MAX_CONCURRENCY, &v) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->concurrency = (uint32_t)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_procs(struct option_parse *p, const char *arg)
{
	int64_t v;

	if (set_int(p, "-p", arg, -1, BARRIER_MAX_PROCS, &v) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	if (v == 0)
		return options_fail(p->err, p->len, "-p 0: use 1 to %ld processes, or -1 "
			    "to remove the semaphores", BARRIER_MAX_PROCS);
	p->cfg->processes = (long)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_sync_mode(struct option_parse *p, const char *arg)
{
	if (strcmp(arg, "s") != 0 && strcmp(arg, "p") != 0)
		return options_fail(p->err, p->len, "-y %s: use s (semaphores) or p "
			    "(prompt)", arg);
	p->cfg->sync_mode = arg[0];
	return OPTIONS_RUN;
}

static enum options_outcome seed_and_file(struct option_parse *p)
{
	return options_fail(p->err, p->len, "-z and -Z cannot be used together: -Z takes "
		    "the random numbers from the file instead of the seed");
}

static enum options_outcome set_seed(struct option_parse *p, const char *arg)
{
	int64_t v;

	if (p->cfg->random_file)
		return seed_and_file(p);
	if (set_int(p, "-z", arg, 0, INT64_MAX, &v) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->seed = (uint64_t)v;
	p->seed_seen = true;
	return OPTIONS_RUN;
}

/* -Z: read up front by set-up (rng.c), which says when it is short. */
static enum options_outcome set_random_file(struct option_parse *p, const char *arg)
{
	if (p->seed_seen)
		return seed_and_file(p);
	p->cfg->random_file = arg;
	return OPTIONS_RUN;
}

static enum options_outcome set_table(struct option_parse *p, const char *arg)
{
	return set_format(p, FORMAT_TABLE, "table", arg, &p->cfg->table);
}

static enum options_outcome set_csv(struct option_parse *p, const char *arg)
{
	return set_format(p, FORMAT_CSV, "csv", arg, &p->cfg->csv);
}

static enum options_outcome set_char_io(struct option_parse *p, const char *arg)
{
	static const char *const names[] = { "stdio", "syscall" };
	int k;

	if (set_choice(p, "char-io", arg, names, 2, &k) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->mode.char_io = (enum char_io)k;
	return OPTIONS_RUN;
}

static enum options_outcome set_random_time(struct option_parse *p, const char *arg)
{
	int64_t v;

	if (set_int(p, "--random-time", arg, 1, 3600, &v) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->random_time_s = (uint32_t)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_random_depths(struct option_parse *p, const char *arg)
{
	struct parse_error pe;

	if (parse_depth_list(arg, p->cfg->random_depths, &p->cfg->n_random_depths,
			     &pe) != 0)
		return options_fail(p->err, p->len, "--random-depths %s: %s", arg, pe.msg);
	return OPTIONS_RUN;
}

static enum options_outcome set_random_threads(struct option_parse *p,
					       const char *arg)
{
	int64_t v;

	if (set_int(p, "--random-threads", arg, 1, MAX_RANDOM_THREADS, &v) !=
	    OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->random_threads = (uint32_t)v;
	return OPTIONS_RUN;
}

static enum options_outcome set_engine(struct option_parse *p, const char *arg)
{
	static const char *const names[] = { "auto", "io_uring", "aio", "threads" };
	int k;

	if (set_choice(p, "engine", arg, names, 4, &k) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->engine = (enum engine_kind)k;
	return OPTIONS_RUN;
}

static enum options_outcome set_json(struct option_parse *p, const char *arg)
{
	p->cfg->json_path = arg;
	return OPTIONS_RUN;
}

static enum options_outcome set_progress(struct option_parse *p, const char *arg)
{
	static const char *const names[] = { "auto", "always", "never" };
	int k;

	if (set_choice(p, "progress", arg, names, 3, &k) != OPTIONS_RUN)
		return OPTIONS_ERROR;
	p->cfg->progress = (enum progress_mode)k;
	return OPTIONS_RUN;
}

static enum options_outcome show_help(struct option_parse *p, const char *arg)
{
	(void)p;
	(void)arg;
	options_help(stdout);
	return OPTIONS_DONE;
}

static enum options_outcome show_version(struct option_parse *p, const char *arg)
{
	(void)p;
	(void)arg;
	printf("clyde %s\n", CLYDE_VERSION);
	return OPTIONS_DONE;
}

static const struct option_def option_defs[] = {
	{ 'd', NULL, required_argument, "dir",
	  "directory to test in (default: the current directory)",
	  .set = set_dir, .formats = -1 },
	{ 's', NULL, required_argument, "size[:chunk[:seeks[:seekers]]]",
	  "I/O test file size (default: 2x RAM, at least 300M; 0 skips the I/O tests), "
	  "chunk size (8k), number of seeks (8192) and seeker threads (5)",
	  .set = set_size, .formats = -1 },
	{ 'n', NULL, required_argument, "num[:max[:min[:dirs[:chunk]]]]",
	  "file tests on num x 1024 files (default 16; 0 skips them) of min..max "
	  "bytes (0), in dirs directories (1), written in chunk pieces (8k); "
	  "max -1 makes hard links, -2 symlinks",
	  .set = set_files, .formats = -1 },
	{ 'm', NULL, required_argument, "name",
	  "machine name in the reports (default: the host name)",
	  .set = set_machine, .formats = -1 },
	{ 'r', NULL, required_argument, "ram",
	  "RAM size in MiB (default: detected); -r 0 disables the 2x RAM rule",
	  .set = set_ram, .formats = -1 },
	{ 'x', NULL, required_argument, "runs|auto[:max]",
	  "run the tests runs times and print only CSV lines (a header line first "
	  "when runs > 1); auto runs them 3 to max (10) times, until every rate's "
	  "95% confidence interval is within 3% of its mean, then says on stderr "
	  "which rates were still noisy",
	  .set = set_repeat, .formats = -1 },
	{ 'u', NULL, required_argument, "user[:group]",
	  "run as user (and group); as root clyde refuses to run without -u or -g "
	  "(-u root to run as root anyway)",
	  .set = set_user, .formats = -1 },
	{ 'g', NULL, required_argument, "group", "run as group",
	  .set = set_group, .formats = -1 },
	{ 'q', NULL, no_argument, NULL,
	  "quiet: the CSV line alone on stdout, tables on stderr, no progress",
	  .flag = offsetof(struct config, quiet), .formats = -1 },
	{ 'f', NULL, optional_argument, "size",
	  "-f alone skips the per-char tests; -f size runs them on size (default: "
	  "the whole file with stdio, 3M with --char-io syscall)",
	  .set = set_perchar, .formats = -1 },
	{ 'b', NULL, no_argument, NULL,
	  "synchronous writes: O_SYNC on every descriptor that writes, plus "
	  "bonnie++'s fsyncs",
	  .flag = offsetof(struct config, mode.sync_writes), .formats = -1 },
	{ 'D', NULL, no_argument, NULL,
	  "direct I/O: O_DIRECT on every bulk phase, per-char included",
	  .flag = offsetof(struct config, mode.direct), .formats = -1 },
	{ 'c', NULL, required_argument, "copies",
	  "run copies of every test at the same time, each on its own files "
	  "(1..200, default 1)",
	  .set = set_copies, .formats = -1 },
	{ 'p', NULL, required_argument, "procs",
	  "create the semaphores that let procs clyde processes started with -y s "
	  "begin each test together, and exit; -p -1 removes them",
	  .set = set_procs, .formats = -1 },
	{ 'y', NULL, required_argument, "s|p",
	  "before each test wait for the other processes (s: at the semaphores of "
	  "-p) or for a line on standard input (p)",
	  .set = set_sync_mode, .formats = -1 },
	{ 'z', NULL, required_argument, "seed",
	  "seed for the data, seek offsets and file names (default: pid ^ time)",
	  .set = set_seed, .formats = -1 },
	{ 'Z', NULL, required_argument, "file",
	  "take the random numbers from file instead of a seed: 4-byte big-endian "
	  "integers, as bonnie++ reads them (the man page says how many a run "
	  "needs); the CSV seed field names the file",
	  .set = set_random_file, .formats = -1 },
	{ OPT_TABLE, "table", required_argument, "fmt",
	  "text table layout:",
	  .set = set_table, .formats = FORMAT_TABLE },
	{ OPT_CSV, "csv", required_argument, "fmt",
	  "CSV line layout:",
	  .set = set_csv, .formats = FORMAT_CSV },
	{ OPT_CHAR_IO, "char-io", required_argument, "how",
	  "per-char method: stdio (putc/getc, bonnie++ 1.03, default) or syscall "
	  "(one read/write per byte, bonnie++ 2.00a)",
	  .set = set_char_io, .formats = -1 },
	{ OPT_ZEROS, "zeros", no_argument, NULL,
	  "write bonnie++-like compressible data (default: incompressible)",
	  .flag = offsetof(struct config, mode.zeros), .formats = -1 },
	{ OPT_VERIFY, "verify", no_argument, NULL,
	  "check every block read back against what was written; exit 4 on a "
	  "mismatch",
	  .flag = offsetof(struct config, verify), .formats = -1 },
	{ OPT_RANDOM_IO, "random-io", no_argument, NULL,
	  "after the seeks, 4 KiB random reads, then writes, over the whole file "
	  "at each queue depth of --random-depths, with --random-threads threads "
	  "each keeping that many I/Os in flight (QnTm), for --random-time "
	  "seconds each",
	  .flag = offsetof(struct config, random_io), .formats = -1 },
	{ OPT_RANDOM_TIME, "random-time", required_argument, "sec",
	  "seconds each random-I/O test runs (1..3600, default 5)",
	  .set = set_random_time, .formats = -1 },
	{ OPT_RANDOM_DEPTHS, "random-depths", required_argument, "list",
	  "queue depths (I/Os in flight per thread) of the random-I/O tests, "
	  "comma-separated (default 1,32)",
	  .set = set_random_depths, .formats = -1 },
	{ OPT_RANDOM_THREADS, "random-threads", required_argument, "n",
	  "threads of each random-I/O test, each with its own queue (1..256, "
	  "default 1)",
	  .set = set_random_threads, .formats = -1 },
	{ OPT_ENGINE, "engine", required_argument, "name",
	  "how random I/O keeps I/Os in flight: auto (default: io_uring, else "
	  "aio, else threads), io_uring, aio (Linux AIO) or threads (one thread "
	  "per I/O in flight); one that is refused here falls back, saying why",
	  .set = set_engine, .formats = -1 },
	{ OPT_JSON, "json", required_argument, "file",
	  "also write every figure, the configuration and the environment as "
	  "JSON to file (- for stdout, which then carries only the JSON)",
	  .set = set_json, .formats = -1 },
	{ OPT_PROGRESS, "progress", required_argument, "when",
	  "progress on stderr: auto (a line rewritten in place on a terminal, "
	  "bonnie++'s words otherwise; default), always (the line), never",
	  .set = set_progress, .formats = -1 },
	{ OPT_NO_PREFLIGHT, "no-preflight", no_argument, NULL,
	  "skip the check, made before writing, for free space and inodes",
	  .flag = offsetof(struct config, no_preflight), .formats = -1 },
	{ OPT_HELP, "help", no_argument, NULL, "print this help and exit",
	  .set = show_help, .formats = -1 },
	{ OPT_VERSION, "version", no_argument, NULL, "print the version and exit",
	  .set = show_version, .formats = -1 },
};

#define N_OPTIONS (sizeof(option_defs) / sizeof(option_defs[0]))

const struct option_def *options_table(size_t *n)
{
	*n = N_OPTIONS;
	return option_defs;
}

/* "-n: the value is empty", "--table: the value is empty" for option O. */
static enum options_outcome empty_value(struct option_parse *p,
					const struct option_def *o)
{
	if (o->long_name)
		return options_fail(p->err, p->len, "--%s: the value is empty", o->long_name);
	return options_fail(p->err, p->len, "-%c: the value is empty", o->key);
}

/* getopt_long's tables from option_defs: SHORTS needs 2 * N_OPTIONS + 4 bytes. */
static void getopt_tables(struct option *longs, char *shorts)
{
	size_t nl = 0;
	char *end = shorts;

	*end++ = '+';
	*end++ = ':';
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &option_defs[i];

		if (o->long_name) {
			longs[nl++] = (struct option){ o->long_name, o->has_arg, NULL, o->key };
			continue;
		}
		*end++ = (char)o->key;
		if (o->has_arg != no_argument)
			*end++ = ':';
		if (o->has_arg == optional_argument)
			*end++ = ':';
	}
	*end = '\0';
	memset(&longs[nl], 0, sizeof(longs[nl]));
}

static const struct option_def *find_option(int key)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (option_defs[i].key == key)
			return &option_defs[i];
	return NULL;
}

/* getopt_long's answer C that is not an option: a missing value, an unknown option. */
static enum options_outcome bad_option(struct option_parse *p, int c)
{
	const char *typed = p->argv[optind - 1];

	if (c == ':' && optopt > 0 && optopt < 256)
		return options_fail(p->err, p->len, "option -%c needs a value", optopt);
	if (c == ':')
		return options_fail(p->err, p->len, "option %s needs a value", typed);
	if (optopt > 0 && optopt < 256)
		return options_fail(p->err, p->len, "unknown option -%c (clyde --help lists "
			    "them)", optopt);
	return options_fail(p->err, p->len, "unknown option %s (clyde --help lists them)",
		    typed);
}

enum options_outcome options_parse(int argc, char **argv, uint64_t ram_mib,
				   uint64_t seed, struct config *cfg,
				   char *err, size_t errlen)
{
	struct option longs[N_OPTIONS + 1];
	char shorts[2 * N_OPTIONS + 4];
	struct option_parse p = { .cfg = cfg, .err = err, .len = errlen,
				  .s_text = "", .n_text = "", .argc = argc,
				  .argv = argv };
	int c;

	config_defaults(cfg, ram_mib, seed);
	/* The configuration knows no output: the formats are chosen here. */
	cfg->table = format_default(FORMAT_TABLE);
	cfg->csv = format_default(FORMAT_CSV);
	cfg->argc = argc;
	cfg->argv = argv;
	getopt_tables(longs, shorts);
	opterr = 0;
	optind = 0; /* full reset: options_parse may run more than once */
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		const struct option_def *o = find_option(c);
		enum options_outcome out;

		if (!o)
			return bad_option(&p, c);
		if (optarg && optarg[0] == '\0' && c != 'f')
			return empty_value(&p, o);
		if (!o->set) {
			*(bool *)((char *)cfg + o->flag) = true;
			continue;
		}
		out = o->set(&p, optarg);
		if (out != OPTIONS_RUN)
			return out;
	}
	if (optind < argc)
		return options_fail(err, errlen, "unexpected argument '%s' (clyde takes only "
			    "options)", argv[optind]);
	if (config_validate(cfg, p.s_text, p.n_text, err, errlen) != 0) {
		one_line(err);
		return OPTIONS_ERROR;
	}
	return OPTIONS_RUN;
}
