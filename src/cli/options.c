/* SPDX-License-Identifier: MIT */
/*
 * options.c - the classic run's option rows and the handlers only it has
 * (-s, -n, -r, -x, -f, -c, -p, the formats, the random-I/O tests); the
 * handlers it shares with clyde mark are run/run_opts.c's. After the rows,
 * every check that needs several values (core/config_rules.c). Returns
 * errors as text; never prints them and never exits.
 */
#include "options.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "core/config_rules.h"
#include "format/format.h"
#include "run/barrier.h"
#include "run/repeat.h"
#include "run/run_opts.h"
#include "run/vary.h"
#include "sys/setting.h"

enum long_only {
	LONG_TABLE = OPT_LONG_ONLY, LONG_CSV, LONG_CHAR_IO, LONG_ZEROS,
	LONG_PIECES, LONG_VERIFY, LONG_RANDOM_IO, LONG_RANDOM_TIME, LONG_RANDOM_DEPTHS,
	LONG_RANDOM_THREADS, LONG_ENGINE, LONG_PROBE, LONG_JSON, LONG_PROGRESS,
	LONG_NO_PREFLIGHT, LONG_SHARED_FILE, LONG_SHARED_DIR, LONG_REORDER,
	LONG_DEADLINE, LONG_VARY, LONG_BASELINE, LONG_VARY_ROOT_FS,
	LONG_RESTORE, LONG_STEADY, LONG_MAX_ROUNDS, LONG_TRIM, LONG_ALLOW_MEMORY,
	LONG_HELP, LONG_VERSION,
};

/* -s and -n as typed, for the messages of config_validate. */
struct typed {
	const char *s_text, *n_text;
};

static struct config *config_of(struct opt_state *st)
{
	return st->target;
}

static enum opt_outcome set_size(struct opt_state *st, const char *arg)
{
	struct parse_error pe;

	((struct typed *)st->ctx)->s_text = arg;
	if (parse_s_option(arg, &config_of(st)->io, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	config_of(st)->size_given = true;
	return OPT_RUN;
}

static enum opt_outcome set_files(struct opt_state *st, const char *arg)
{
	struct parse_error pe;

	((struct typed *)st->ctx)->n_text = arg;
	if (parse_n_option(arg, &config_of(st)->files, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	return OPT_RUN;
}

static enum opt_outcome set_ram(struct opt_state *st, const char *arg)
{
	return opt_size(st, arg, UNIT_MIB, &config_of(st)->ram_mib);
}

/* -x runs, or -x auto[:max] (repeat.h). */
static enum opt_outcome set_repeat(struct opt_state *st, const char *arg)
{
	struct parse_error pe;
	int64_t v = REPEAT_AUTO_MAX;
	bool automatic = strncmp(arg, "auto", 4) == 0 &&
			 (arg[4] == '\0' || arg[4] == ':');

	config_of(st)->repeat_auto = automatic;
	if (!automatic) {
		if (opt_int(st, arg, 0, 1000000, &v) != OPT_RUN)
			return OPT_ERROR;
	} else if (arg[4] == ':' &&
		   parse_int_range(arg + 5, REPEAT_AUTO_MIN, REPEAT_AUTO_LIMIT, &v,
				   &pe) != 0) {
		return opt_refuse(st, arg, &pe);
	}
	config_of(st)->repeat = (long)v;
	return OPT_RUN;
}

/* -f alone skips per-char; -fSIZE, or -f SIZE: clyde takes no operands,
 * so a number after -f can only be its size. */
static enum opt_outcome set_perchar(struct opt_state *st, const char *arg)
{
	uint64_t v;

	if (!arg && optind < st->argc && st->argv[optind][0] >= '0' &&
	    st->argv[optind][0] <= '9')
		arg = st->argv[optind++];
	if (!arg) {
		config_of(st)->perchar_mib = 0;
		return OPT_RUN;
	}
	if (opt_size(st, arg, UNIT_MIB, &v) != OPT_RUN)
		return OPT_ERROR;
	config_of(st)->perchar_mib = (int64_t)v;
	return OPT_RUN;
}

static enum opt_outcome set_copies(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, MAX_CONCURRENCY, &config_of(st)->concurrency);
}

static enum opt_outcome set_procs(struct opt_state *st, const char *arg)
{
	int64_t v;

	if (opt_int(st, arg, -1, BARRIER_MAX_PROCS, &v) != OPT_RUN)
		return OPT_ERROR;
	if (v == 0)
		return opt_fail(st, "-p 0: use 1 to %ld processes, or -1 to remove "
				"the semaphores", BARRIER_MAX_PROCS);
	config_of(st)->processes = (long)v;
	return OPT_RUN;
}

/* The I-th --table or --csv name of KIND, then "none". */
static const char *format_choice(enum format_kind kind, size_t i)
{
	for (size_t f = 0; f < format_count; f++)
		if (format_table[f].kind == kind && format_table[f].name && i-- == 0)
			return format_table[f].name;
	return i == 0 ? "none" : NULL;
}

static const char *table_names(size_t i)
{
	return format_choice(FORMAT_TABLE, i);
}

static const char *csv_names(size_t i)
{
	return format_choice(FORMAT_CSV, i);
}

/* ARG among the names of KIND into *out: a row, or NULL for "none". */
static enum opt_outcome set_format(struct opt_state *st, const char *arg,
				   enum format_kind kind,
				   const struct format_info **out)
{
	size_t k;

	if (opt_choice(st, arg, &k) != OPT_RUN)
		return OPT_ERROR;
	*out = format_by_name(kind, arg);
	return OPT_RUN;
}

static enum opt_outcome set_table(struct opt_state *st, const char *arg)
{
	return set_format(st, arg, FORMAT_TABLE, &config_of(st)->table);
}

static enum opt_outcome set_csv(struct opt_state *st, const char *arg)
{
	return set_format(st, arg, FORMAT_CSV, &config_of(st)->csv);
}

/* The help of --table or --csv: the format table's names, the default
 * marked. */
static void format_help(FILE *out, const struct opt_row *row)
{
	enum format_kind kind = row->key == LONG_TABLE ? FORMAT_TABLE : FORMAT_CSV;
	char names[128], help[256];

	snprintf(help, sizeof(help), "%s %s, none", row->help,
		 format_names(kind, true, names, sizeof(names)));
	opt_help_text(out, help);
}

/* In the order of enum char_io. */
static const char *char_io_names(size_t i)
{
	static const char *const names[] = { "stdio", "syscall" };

	return i < sizeof(names) / sizeof(names[0]) ? names[i] : NULL;
}

static enum opt_outcome set_char_io(struct opt_state *st, const char *arg)
{
	size_t k;

	if (opt_choice(st, arg, &k) != OPT_RUN)
		return OPT_ERROR;
	config_of(st)->mode.char_io = (enum char_io)k;
	return OPT_RUN;
}

static enum opt_outcome set_random_time(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, 3600, &config_of(st)->random_time_s);
}

static enum opt_outcome set_random_depths(struct opt_state *st, const char *arg)
{
	struct config *cfg = config_of(st);
	struct parse_error pe;

	if (parse_depth_list(arg, cfg->random_depths, &cfg->n_random_depths, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	return OPT_RUN;
}

static enum opt_outcome set_random_threads(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, MAX_RANDOM_THREADS,
		       &config_of(st)->random_threads);
}

/* --shared-file[=segmented|strided[:stripe]]: one file for every copy. */
static enum opt_outcome set_shared_file(struct opt_state *st, const char *arg)
{
	struct job_mode *job = &config_of(st)->job;

	job->layout = SHARE_SEGMENTED;
	job->stripe_bytes = 0;
	if (!arg || strcmp(arg, "segmented") == 0)
		return OPT_RUN;
	if (strncmp(arg, "strided", 7) != 0 || (arg[7] != '\0' && arg[7] != ':'))
		return opt_fail(st, "--shared-file %s: use segmented, or strided "
				"with an optional stripe size (strided:1m)", arg);
	job->layout = SHARE_STRIDED;
	if (arg[7] == ':')
		return opt_size(st, arg + 8, UNIT_BYTES, &job->stripe_bytes);
	return OPT_RUN;
}

/* --reorder[=shift|random]: block input reads another rank's file. */
static enum opt_outcome set_reorder(struct opt_state *st, const char *arg)
{
	struct job_mode *job = &config_of(st)->job;

	job->reorder = true;
	job->reorder_random = arg && strcmp(arg, "random") == 0;
	job->reorder_shift = 0;
	if (!arg || job->reorder_random)
		return OPT_RUN;
	return opt_u32(st, arg, 1, UINT32_MAX, &job->reorder_shift);
}

static enum opt_outcome set_deadline(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, 1, DEADLINE_MAX_S, &config_of(st)->job.deadline_s);
}

#define FIELD(name) offsetof(struct config, name)

static const struct opt_row rows[] = {
	{ 'd', NULL, required_argument, "dir",
	  "directory to test in (default: the current directory)",
	  .set = opt_text, .offset = FIELD(dir) },
	{ 's', NULL, required_argument, "size[:chunk[:seeks[:seekers]]]",
	  "I/O test file size (default: 2x RAM, at least 300M; 0 skips the I/O tests), "
	  "chunk size (8k), number of seeks (8192) and seeker threads (5)",
	  .set = set_size },
	{ 'n', NULL, required_argument, "num[:max[:min[:dirs[:chunk]]]]",
	  "file tests on num x 1024 files (default 16; 0 skips them) of min..max "
	  "bytes (0), in dirs directories (1), written in chunk pieces (8k); "
	  "max -1 makes hard links, -2 symlinks",
	  .set = set_files },
	{ 'm', NULL, required_argument, "name",
	  "machine name in the reports (default: the host name)",
	  .set = run_opts_machine },
	{ 'r', NULL, required_argument, "ram",
	  "RAM size in MiB (default: detected); -r 0 disables the 2x RAM rule",
	  .set = set_ram },
	{ 'x', NULL, required_argument, "runs|auto[:max]",
	  "run the tests runs times and print only CSV lines (a header line first "
	  "when runs > 1), then their summary table (min, median, max) on stderr; "
	  "auto runs them 3 to max (10) times, until every rate's 95% confidence "
	  "interval is within 3% of its mean, then says on stderr which rates "
	  "were still noisy",
	  .set = set_repeat },
	{ 'u', NULL, required_argument, "user[:group]",
	  "run as user (and group); as root clyde refuses to run without -u or -g "
	  "(-u root to run as root anyway)",
	  .set = run_opts_user, .once = true },
	{ 'g', NULL, required_argument, "group", "run as group",
	  .set = opt_text, .offset = FIELD(group), .once = true },
	{ 'q', NULL, no_argument, NULL,
	  "quiet: the CSV line alone on stdout, tables on stderr, no progress",
	  .set = opt_flag, .offset = FIELD(quiet) },
	{ 'f', NULL, optional_argument, "size",
	  "-f alone skips the per-char tests; -f size runs them on size (default: "
	  "the whole file with stdio, 3M with --char-io syscall)",
	  .set = set_perchar },
	{ 'b', NULL, no_argument, NULL,
	  "synchronous writes: O_SYNC on every descriptor that writes, plus "
	  "bonnie++'s fsyncs",
	  .set = opt_flag, .offset = FIELD(mode.sync_writes) },
	{ 'D', NULL, no_argument, NULL,
	  "direct I/O: O_DIRECT on every bulk phase, per-char included",
	  .set = opt_flag, .offset = FIELD(mode.direct) },
	{ 'c', NULL, required_argument, "copies",
	  "run copies of every test at the same time, each on its own files "
	  "(1..200, default 1)",
	  .set = set_copies },
	{ 'p', NULL, required_argument, "procs",
	  "create the semaphores that let procs clyde processes started with -y s "
	  "begin each test together, and exit; -p -1 removes them",
	  .set = set_procs },
	{ 'y', NULL, required_argument, "s|p",
	  "before each test wait for the other processes (s: at the semaphores of "
	  "-p) or for a line on standard input (p)",
	  .set = run_opts_sync },
	{ 'z', NULL, required_argument, "seed",
	  "seed for the data, seek offsets and file names (default: pid ^ time)",
	  .set = run_opts_seed },
	{ 'Z', NULL, required_argument, "file",
	  "take the random numbers from file instead of a seed: 4-byte big-endian "
	  "integers, as bonnie++ reads them (the man page says how many a run "
	  "needs); the CSV seed field names the file",
	  .set = run_opts_random_file },
	{ LONG_TABLE, "table", required_argument, "fmt", "text table layout:",
	  .set = set_table, .choices = table_names, .help_fn = format_help },
	{ LONG_CSV, "csv", required_argument, "fmt", "CSV line layout:",
	  .set = set_csv, .choices = csv_names, .help_fn = format_help },
	{ LONG_CHAR_IO, "char-io", required_argument, "how",
	  "per-char method: stdio (putc/getc, bonnie++ 1.03, default) or syscall "
	  "(one read/write per byte, bonnie++ 2.00a)",
	  .set = set_char_io, .choices = char_io_names },
	{ LONG_ZEROS, "zeros", no_argument, NULL,
	  "write bonnie++-like compressible data (default: incompressible)",
	  .set = opt_flag, .offset = FIELD(mode.zeros) },
	{ LONG_PIECES, "pieces", no_argument, NULL,
	  "write the I/O test file in 1 GiB pieces, as bonnie++ 1.03 (default: one "
	  "file, as bonnie++ 2.00a, and pieces only where the filesystem cannot "
	  "hold a file of the size)",
	  .set = opt_flag, .offset = FIELD(mode.pieces) },
	{ LONG_VERIFY, "verify", no_argument, NULL,
	  "check every block read back against what was written; exit 4 on a "
	  "mismatch",
	  .set = opt_flag, .offset = FIELD(verify) },
	{ LONG_RANDOM_IO, "random-io", no_argument, NULL,
	  "after the seeks, 4 KiB random reads, then writes, over the whole file "
	  "at each queue depth of --random-depths, with --random-threads threads "
	  "each keeping that many I/Os in flight (QnTm), for --random-time "
	  "seconds each",
	  .set = opt_flag, .offset = FIELD(random_io) },
	{ LONG_RANDOM_TIME, "random-time", required_argument, "sec",
	  "seconds each random-I/O test runs (1..3600, default 5)",
	  .set = set_random_time },
	{ LONG_RANDOM_DEPTHS, "random-depths", required_argument, "list",
	  "queue depths (I/Os in flight per thread) of the random-I/O tests, "
	  "comma-separated (default 1,32)",
	  .set = set_random_depths },
	{ LONG_RANDOM_THREADS, "random-threads", required_argument, "n",
	  "threads of each random-I/O test, each with its own queue (1..256, "
	  "default 1)",
	  .set = set_random_threads },
	{ LONG_STEADY, "steady", no_argument, NULL,
	  "with --random-io: each random-I/O test run again in rounds of "
	  "--random-time until the SNIA steady-state rule holds over the last "
	  "five (their range within 20% of their mean, their least-squares "
	  "line's change within 10%), at most --max-rounds; the first round's "
	  "figure is the table's, the steady one is said after it",
	  .set = opt_flag, .offset = FIELD(steady.on) },
	{ LONG_MAX_ROUNDS, "max-rounds", required_argument, "n",
	  "with --steady: the most rounds of a test (5..100, default 25)",
	  .set = run_opts_max_rounds },
	{ LONG_TRIM, "trim", no_argument, NULL,
	  "FITRIM on -d's filesystem before each run's tests, timed, with the "
	  "bytes it trimmed (root: -u root)",
	  .set = opt_flag, .offset = FIELD(trim) },
	{ LONG_ENGINE, "engine", required_argument, "name",
	  "how random I/O keeps I/Os in flight: auto (default: io_uring, else "
	  "aio, else threads), io_uring, aio (Linux AIO) or threads (one thread "
	  "per I/O in flight); one that is refused here falls back, saying why",
	  .set = run_opts_engine, .choices = run_opts_engine_names },
	{ LONG_PROBE, "probe", optional_argument, "what",
	  "while every test runs, time what an interactive program waits: a "
	  "read of one uncached 4 KiB block of a file of its own every 10 ms "
	  "(read, the default), an fsynced 4 KiB write every 100 ms (write), "
	  "or both (read+write); p50, p99, max and the waits over 100 ms and 1 "
	  "s in a Feel line per test, the JSON and clyde report",
	  .set = run_opts_probe },
	{ LONG_JSON, "json", required_argument, "file",
	  "also write every figure, the configuration and the environment as "
	  "JSON to file (- for stdout, which then carries only the JSON)",
	  .set = opt_text, .offset = FIELD(json_path) },
	{ LONG_PROGRESS, "progress", required_argument, "when",
	  "progress on stderr: auto (a line rewritten in place on a terminal, "
	  "bonnie++'s words otherwise; default), always (the line), never",
	  .set = run_opts_progress, .choices = run_opts_progress_names },
	{ LONG_NO_PREFLIGHT, "no-preflight", no_argument, NULL,
	  "skip the check, made before writing, for free space and inodes",
	  .set = opt_flag, .offset = FIELD(no_preflight) },
	{ LONG_SHARED_FILE, "shared-file", optional_argument, "layout",
	  "every copy of every rank writes, rewrites and reads its own region of "
	  "one file: segmented (default: region after region) or strided[:stripe] "
	  "(the regions' stripes, of the chunk or stripe bytes, taken in turn); "
	  "leave out the per-char tests (-f) and --random-io",
	  .set = set_shared_file },
	{ LONG_SHARED_DIR, "shared-dir", no_argument, NULL,
	  "every copy of every rank makes its files for the file tests in one "
	  "shared directory (its -n dirs, if any)",
	  .set = opt_flag, .offset = FIELD(job.shared_dir) },
	{ LONG_REORDER, "reorder", optional_argument, "shift|random",
	  "clyde-mpi: block input (and, with --shared-dir, the stat tests) reads "
	  "what the rank shift ranks on wrote (default: the next rank on another "
	  "host); random draws the shift from the seed",
	  .set = set_reorder },
	{ LONG_DEADLINE, "deadline", required_argument, "sec",
	  "stonewalling: every copy of every rank stops a test when the first "
	  "finishes it or sec seconds have passed (per-char, block and seek "
	  "tests); the figures count what each did",
	  .set = set_deadline },
	{ LONG_VARY, "vary", required_argument, "key=value,value...",
	  NULL, .set = run_opts_vary, .help_fn = run_opts_vary_help },
	{ LONG_BASELINE, "baseline", required_argument, "key=value",
	  "with --vary: compare the setups with the one that has this value of "
	  "key (default: the first value of every key); once per key",
	  .set = run_opts_vary_baseline, .usage = OPT_USAGE_IN },
	{ LONG_VARY_ROOT_FS, "vary-root-fs", no_argument, NULL,
	  "let --vary mount= remount the filesystem that holds /",
	  .set = opt_flag, .offset = FIELD(vary.root_fs), .usage = OPT_USAGE_IN },
	{ LONG_RESTORE, "restore", no_argument, NULL,
	  "put back the settings a --vary run killed outright left changed, as "
	  "its journal in " SETTING_JOURNAL_DIR " records them, say what was put "
	  "back, and exit (root; any clyde run as root does it first too)",
	  .set = opt_flag, .offset = FIELD(restore) },
	{ LONG_ALLOW_MEMORY, "allow-memory", no_argument, NULL,
	  "run even when dir is in RAM (tmpfs, ramfs, zram), which clyde refuses "
	  "by default: the figures are then memory's, not a disk's",
	  .set = opt_flag, .offset = FIELD(allow_memory) },
	{ LONG_HELP, "help", no_argument, NULL, "print this help and exit",
	  .set = opt_ask_help },
	{ LONG_VERSION, "version", no_argument, NULL, "print the version and exit",
	  .set = opt_ask_version },
};

const struct opt_set options_set = {
	.name = "clyde",
	.about = "clyde measures a disk the way bonnie++ does and prints its "
		 "tables and CSV.",
	.rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]),
};

/* What one run of CFG moves and how long its timed tests last, for the
 * words of a refusal: an estimate (the file tests are left out). */
static void run_load(const struct config *cfg, uint64_t *bytes,
		     uint64_t *seconds)
{
	uint64_t size = cfg->io.size_mib * MIB * cfg->concurrency;
	int64_t perchar = cfg->perchar_mib >= 0 ? cfg->perchar_mib
			  : cfg->mode.char_io == CHAR_IO_SYSCALL
				  ? (int64_t)SYSCALL_PERCHAR_MIB
				  : (int64_t)cfg->io.size_mib;

	/* Per-char out and in, block out, rewrite (read and write), block in. */
	*bytes = 2 * (uint64_t)perchar * MIB * cfg->concurrency + 4 * size +
		 cfg->io.seeks * cfg->io.chunk_bytes;
	*seconds = cfg->random_io ? 2 * cfg->n_random_depths * cfg->random_time_s
				  : 0;
}

/*
 * --vary, --baseline, --vary-root-fs after the rows (run_opts_vary_finish)
 * and every setup's configuration checked as the command line's was.
 */
static enum opt_outcome check_vary(struct opt_state *st, const char *s_text,
				   const char *n_text)
{
	struct config *cfg = config_of(st);
	uint64_t bytes, seconds;
	uint64_t rounds = cfg->repeat < 0 ? 1 : (uint64_t)cfg->repeat;
	struct config *each;
	char why[1024], text[MACHINE_MAX];

	if (cfg->restore && (cfg->vary.n || cfg->vary.n_baselines))
		return opt_fail(st, "--restore puts back what a killed run left; "
				"it runs nothing, so give it alone");
	run_load(cfg, &bytes, &seconds);
	if (run_opts_vary_finish(st, rounds, bytes, seconds) != OPT_RUN)
		return OPT_ERROR;
	if (cfg->vary.n == 0)
		return OPT_RUN;
	if (!(each = malloc(sizeof(*each))))
		return opt_fail(st, "out of memory");
	for (size_t s = 0; s < vary_setups(&cfg->vary); s++) {
		vary_config(cfg, s, each);
		if (config_validate(each, s_text, n_text, why, sizeof(why)) != 0) {
			free(each);
			return opt_fail(st, "--vary: the setup %s: %s",
					vary_setting_text(&cfg->vary, s, text,
							  sizeof(text)),
					why);
		}
	}
	free(each);
	return OPT_RUN;
}

enum opt_outcome options_parse(int argc, char **argv, uint64_t ram_mib,
			       uint64_t seed, struct config *cfg, char *err,
			       size_t errlen)
{
	struct typed typed = { "", "" };
	struct opt_state st = { .target = cfg, .ctx = &typed, .err = err,
				.len = errlen };
	enum opt_outcome out;
	char why[1024];

	config_defaults(cfg, ram_mib, seed);
	/* The configuration knows no output: the formats are chosen here. */
	cfg->table = format_default(FORMAT_TABLE);
	cfg->csv = format_default(FORMAT_CSV);
	cfg->argc = argc;
	cfg->argv = argv;
	out = opt_parse(&options_set, argc, argv, &st);
	if (out != OPT_RUN)
		return out;
	if (config_validate(cfg, typed.s_text, typed.n_text, why, sizeof(why)) != 0)
		return opt_fail(&st, "%s", why);
	if (cfg->steady.on && !cfg->random_io)
		return opt_fail(&st, "--steady repeats the random-I/O tests in "
				"rounds; give --random-io too");
	if (opt_given(&st, LONG_MAX_ROUNDS) && !cfg->steady.on)
		return opt_fail(&st, "--max-rounds is for --steady's rounds; give "
				"--steady too");
	cfg->steady.round_s = cfg->random_time_s;
	return check_vary(&st, typed.s_text, typed.n_text);
}
