/* SPDX-License-Identifier: MIT */
/*
 * options.c - the option table, the getopt_long loop over it, the generated
 * usage and help, and every check of the values (bonnie++'s, plus the ones
 * bonnie++ only makes after its I/O tests). Returns errors as text; never
 * prints them and never exits.
 */
#include "options.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>
#include <sys/utsname.h>

#include "files.h"
#include "format.h"
#include "parse.h"
#include "report.h"
#include "sync.h"

enum long_only {
	OPT_HELP = 256, OPT_VERSION, OPT_TABLE, OPT_CSV, OPT_CHAR_IO, OPT_ZEROS,
	OPT_VERIFY, OPT_NO_PREFLIGHT, OPT_RANDOM_IO, OPT_RANDOM_TIME,
	OPT_RANDOM_DEPTHS, OPT_JSON, OPT_PROGRESS,
};

static const struct option_def option_defs[] = {
	{ 'd', NULL, required_argument, "dir",
	  "directory to test in (default: the current directory)" },
	{ 's', NULL, required_argument, "size[:chunk[:seeks[:seekers]]]",
	  "I/O test file size (default: 2x RAM, at least 300M; 0 skips the I/O tests), "
	  "chunk size (8k), number of seeks (8192) and seeker threads (5)" },
	{ 'n', NULL, required_argument, "num[:max[:min[:dirs[:chunk]]]]",
	  "file tests on num x 1024 files (default 16; 0 skips them) of min..max "
	  "bytes (0), in dirs directories (1), written in chunk pieces (8k); "
	  "max -1 makes hard links, -2 symlinks" },
	{ 'm', NULL, required_argument, "name",
	  "machine name in the reports (default: the host name)" },
	{ 'r', NULL, required_argument, "ram",
	  "RAM size in MiB (default: detected); -r 0 disables the 2x RAM rule" },
	{ 'x', NULL, required_argument, "runs",
	  "run the tests runs times and print only CSV lines (a header line first "
	  "when runs > 1)" },
	{ 'u', NULL, required_argument, "user[:group]",
	  "run as user (and group); as root clyde refuses to run without -u or -g "
	  "(-u root to run as root anyway)" },
	{ 'g', NULL, required_argument, "group", "run as group" },
	{ 'q', NULL, no_argument, NULL,
	  "quiet: the CSV line alone on stdout, tables on stderr, no progress" },
	{ 'f', NULL, optional_argument, "size",
	  "-f alone skips the per-char tests; -f size runs them on size (default: "
	  "the whole file with stdio, 3M with --char-io syscall)" },
	{ 'b', NULL, no_argument, NULL,
	  "synchronous writes: O_SYNC on every descriptor that writes, plus "
	  "bonnie++'s fsyncs" },
	{ 'D', NULL, no_argument, NULL,
	  "direct I/O: O_DIRECT on every bulk phase, per-char included" },
	{ 'c', NULL, required_argument, "copies",
	  "run copies of every test at the same time, each on its own files "
	  "(1..200, default 1)" },
	{ 'p', NULL, required_argument, "procs",
	  "create the semaphores that let procs clyde processes started with -y s "
	  "begin each test together, and exit; -p -1 removes them" },
	{ 'y', NULL, required_argument, "s|p",
	  "before each test wait for the other processes (s: at the semaphores of "
	  "-p) or for a line on standard input (p)" },
	{ 'z', NULL, required_argument, "seed",
	  "seed for the data, seek offsets and file names (default: pid ^ time)" },
	{ OPT_TABLE, "table", required_argument, "fmt",
	  "text table layout: 1.03 (default), 1.96, 1.97, 2.00, none" },
	{ OPT_CSV, "csv", required_argument, "fmt",
	  "CSV line layout: 1.96 (default), 1.97, 1.98, 1.03, none" },
	{ OPT_CHAR_IO, "char-io", required_argument, "how",
	  "per-char method: stdio (putc/getc, bonnie++ 1.03, default) or syscall "
	  "(one read/write per byte, bonnie++ 2.00a)" },
	{ OPT_ZEROS, "zeros", no_argument, NULL,
	  "write bonnie++-like compressible data (default: incompressible)" },
	{ OPT_VERIFY, "verify", no_argument, NULL,
	  "check every block read back against what was written; exit 4 on a "
	  "mismatch" },
	{ OPT_RANDOM_IO, "random-io", no_argument, NULL,
	  "after the seeks, 4 KiB random reads, then writes, over the whole file "
	  "at each depth of --random-depths for --random-time seconds each; "
	  "depth N is N threads each with one pread/pwrite in flight (clyde uses "
	  "no asynchronous I/O library)" },
	{ OPT_RANDOM_TIME, "random-time", required_argument, "sec",
	  "seconds each random-I/O test runs (1..3600, default 5)" },
	{ OPT_RANDOM_DEPTHS, "random-depths", required_argument, "list",
	  "queue depths of the random-I/O tests, comma-separated (default 1,32)" },
	{ OPT_JSON, "json", required_argument, "file",
	  "also write every figure, the configuration and the environment as "
	  "JSON to file (- for stdout, which then carries only the JSON)" },
	{ OPT_PROGRESS, "progress", required_argument, "when",
	  "progress on stderr: auto (a line rewritten in place on a terminal, "
	  "bonnie++'s words otherwise; default), always (the line), never" },
	{ OPT_NO_PREFLIGHT, "no-preflight", no_argument, NULL,
	  "skip the check, made before writing, for free space and inodes" },
	{ OPT_HELP, "help", no_argument, NULL, "print this help and exit" },
	{ OPT_VERSION, "version", no_argument, NULL, "print the version and exit" },
};

#define N_OPTIONS (sizeof(option_defs) / sizeof(option_defs[0]))

const struct option_def *options_table(size_t *n)
{
	*n = N_OPTIONS;
	return option_defs;
}

/* "-d dir", "-f[size]", "--table fmt" */
static void option_synopsis(const struct option_def *o, char *buf, size_t len)
{
	int n = o->long_name ? snprintf(buf, len, "--%s", o->long_name)
			     : snprintf(buf, len, "-%c", o->key);

	if (o->arg_name && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n,
			 o->has_arg == optional_argument ? "[%s]" : " %s",
			 o->arg_name);
}

void options_usage(FILE *out)
{
	const char *lead = "usage: clyde";
	size_t col = strlen(lead);

	fputs(lead, out);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		char item[96];

		option_synopsis(&option_defs[i], item, sizeof(item));
		if (col + strlen(item) + 3 > 78) {
			fputs("\n            ", out);
			col = 12;
		}
		col += (size_t)fprintf(out, " [%s]", item);
	}
	fputs("\n       ", out);
	report_usage(out);
}

/* TEXT as lines of at most WIDTH columns, each indented by INDENT. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
	while (*text) {
		int room = width - indent;
		int len = (int)strlen(text);
		int cut = len;

		if (len > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		fprintf(out, "%*s%.*s\n", indent, "", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

void options_help(FILE *out)
{
	options_usage(out);
	fputs("\nclyde measures a disk the way bonnie++ does and prints its tables "
	      "and CSV.\n\n", out);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		char item[96];

		option_synopsis(&option_defs[i], item, sizeof(item));
		fprintf(out, "  %s\n", item);
		print_wrapped(out, option_defs[i].help, 6, 78);
	}
}

static enum options_outcome fail(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum options_outcome fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	/* The message quotes what was typed: a newline or an escape in it
	 * must not break the one line or reach the terminal. */
	for (char *p = err; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return OPTIONS_ERROR;
}

static void set_defaults(struct config *cfg, uint64_t ram_mib, uint64_t seed)
{
	struct utsname un;

	memset(cfg, 0, sizeof(*cfg));
	cfg->dir = ".";
	cfg->io.chunk_bytes = DEFAULT_CHUNK_BYTES;
	cfg->io.seeks = DEFAULT_SEEKS;
	cfg->io.seekers = DEFAULT_SEEKERS;
	cfg->files.count_k = 16;
	cfg->files.dirs = 1;
	cfg->files.chunk_bytes = DEFAULT_FILE_CHUNK_BYTES;
	if (uname(&un) == 0)
		snprintf(cfg->machine, sizeof(cfg->machine), "%s", un.nodename);
	cfg->ram_mib = ram_mib;
	cfg->repeat = -1;
	cfg->perchar_mib = -1;
	cfg->concurrency = 1;
	cfg->seed = seed;
	cfg->table = format_default(FORMAT_TABLE);
	cfg->csv = format_default(FORMAT_CSV);
	cfg->mode.char_io = CHAR_IO_STDIO;
	cfg->random_time_s = DEFAULT_RANDOM_TIME_S;
	cfg->random_depths[0] = 1;
	cfg->random_depths[1] = 32;
	cfg->n_random_depths = 2;
	cfg->progress = PROGRESS_AUTO;
}

/* Look TEXT up in NAMES[0..n); the index or -1. */
static int pick(const char *text, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(text, names[i]) == 0)
			return i;
	return -1;
}

/* NAME as a --table or --csv value of KIND: a row, or NULL for "none". */
static int pick_format(enum format_kind kind, const char *name,
		       const struct format_info **out)
{
	const struct format_info *f = format_by_name(kind, name);

	if (!f && strcmp(name, "none") != 0)
		return -1;
	*out = f;
	return 0;
}

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* The checks that need several values at once, in bonnie++'s spirit. */
static enum options_outcome validate(struct config *cfg, const char *s_text,
				     const char *n_text, char *err, size_t len)
{
	const struct io_params *io = &cfg->io;
	const struct file_params *fp = &cfg->files;

	if (cfg->processes != 0 && cfg->sync_mode)
		return fail(err, len, "-p and -y cannot be used together: -p makes "
			    "the semaphores, -y uses them");
	/* Without -s the size is still to be set (2x RAM), never 0. */
	if (cfg->size_given && io->size_mib == 0 && fp->count_k == 0)
		return fail(err, len, "-s 0 and -n 0 leave nothing to test");
	if (!power_of_two(io->chunk_bytes) || io->chunk_bytes < 256 ||
	    io->chunk_bytes > MIB)
		return fail(err, len, "-s %s: chunk size must be a power of two "
			    "from 256 to 1m", s_text);
	if (io->seeks == 0)
		return fail(err, len, "-s %s: the number of seeks must be at least 1",
			    s_text);
	if (io->seekers == 0 || io->seekers > 1024)
		return fail(err, len, "-s %s: seekers must be between 1 and 1024",
			    s_text);
	if (!power_of_two(fp->chunk_bytes) || fp->chunk_bytes < 256 ||
	    fp->chunk_bytes > MIB)
		return fail(err, len, "-n %s: file chunk size must be a power of two "
			    "from 256 to 1m", n_text);
	if (fp->max_bytes >= 0 && fp->max_bytes < fp->min_bytes)
		return fail(err, len, "-n %s: the largest file size is below the "
			    "smallest", n_text);
	if (fp->max_bytes < 0 && fp->min_bytes != 0)
		return fail(err, len, "-n %s: links take no smallest file size", n_text);
	if (fp->dirs == 0)
		return fail(err, len, "-n %s: at least 1 directory", n_text);
	if (fp->dirs > FILES_MAX_DIRS)
		return fail(err, len, "-n %s: at most 99,999 directories", n_text);
	if (fp->count_k > FILES_MAX_COUNT_K)
		return fail(err, len, "-n %s: not enough memory to test with %lluK "
			    "files (at most %uK)", n_text,
			    (unsigned long long)fp->count_k, FILES_MAX_COUNT_K);
	/* Each copy keeps its own name list; bonnie++ wants it under half the RAM. */
	uint64_t list_kib = fp->count_k * FILES_ENTRY_BYTES * cfg->concurrency;
	if (cfg->ram_mib && cfg->ram_mib < UINT64_MAX / 1024 &&
	    list_kib * 2 > cfg->ram_mib * 1024)
		return fail(err, len, "-n %s: the name list of %lluK files%s (%llu "
			    "MiB) would page in %llu MiB of RAM; use fewer files",
			    n_text, (unsigned long long)fp->count_k,
			    cfg->concurrency > 1 ? " x -c" : "",
			    (unsigned long long)((list_kib + 1023) / 1024),
			    (unsigned long long)cfg->ram_mib);
	if (cfg->mode.direct && cfg->mode.char_io == CHAR_IO_SYSCALL &&
	    cfg->perchar_mib != 0)
		return fail(err, len, "--char-io syscall writes single bytes, which "
			    "O_DIRECT (-D) refuses; use stdio or -f");
	if (cfg->random_io && cfg->size_given && io->size_mib == 0)
		return fail(err, len, "--random-io runs on the I/O test file, which "
			    "-s 0 leaves out");
	if (!cfg->size_given) {
		uint64_t twice = cfg->ram_mib * 2;
		cfg->io.size_mib = twice > MIN_SIZE_MIB ? twice : MIN_SIZE_MIB;
	}
	/* First, so that the size x copies below cannot wrap. */
	if (cfg->io.size_mib > (UINT64_MAX / MIB) / MAX_CONCURRENCY)
		return fail(err, len, "-s %s: too large", s_text);
	if (cfg->io.size_mib && cfg->ram_mib &&
	    cfg->io.size_mib * cfg->concurrency < cfg->ram_mib * 2)
		return fail(err, len, "-s %s%s is less than twice the RAM (%lluM), so "
			    "the page cache would answer; use -s %lluM or more, or "
			    "-r 0 to skip this check", s_text,
			    cfg->concurrency > 1 ? " x -c" : "",
			    (unsigned long long)cfg->ram_mib,
			    (unsigned long long)((cfg->ram_mib * 2 + cfg->concurrency - 1) /
						 cfg->concurrency));
	if (cfg->perchar_mib > (int64_t)cfg->io.size_mib)
		cfg->perchar_mib = (int64_t)cfg->io.size_mib;
	return OPTIONS_RUN;
}

/* "-n: the value is empty", "--table: the value is empty" for option KEY. */
static enum options_outcome empty_value(int key, char *err, size_t len)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (option_defs[i].key == key && option_defs[i].long_name)
			return fail(err, len, "--%s: the value is empty",
				    option_defs[i].long_name);
	return fail(err, len, "-%c: the value is empty", key);
}

static enum options_outcome set_machine(struct config *cfg, const char *text,
					char *err, size_t len)
{
	if (text[0] == '\0')
		return fail(err, len, "-m: the machine name is empty");
	if (strlen(text) >= sizeof(cfg->machine))
		return fail(err, len, "-m: the machine name is longer than %zu bytes",
			    sizeof(cfg->machine) - 1);
	for (const char *p = text; *p; p++)
		if (*p == ',' || (unsigned char)*p < 0x20 || *p == 0x7f)
			return fail(err, len, "-m %s: the machine name must not contain "
				    "commas or control characters", text);
	snprintf(cfg->machine, sizeof(cfg->machine), "%s", text);
	return OPTIONS_RUN;
}

enum options_outcome options_parse(int argc, char **argv, uint64_t ram_mib,
				   uint64_t seed, struct config *cfg,
				   char *err, size_t errlen)
{
	static const char *const char_ios[] = { "stdio", "syscall" };
	static const char *const progresses[] = { "auto", "always", "never" };
	struct option longs[N_OPTIONS + 1];
	char shorts[2 * N_OPTIONS + 4] = "+:";
	const char *s_text = "", *n_text = "";
	bool user_seen = false, group_seen = false;
	struct parse_error pe;
	char names[128];
	size_t nl = 0;

	set_defaults(cfg, ram_mib, seed);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &option_defs[i];

		if (o->long_name) {
			longs[nl++] = (struct option){ o->long_name, o->has_arg, NULL, o->key };
		} else {
			char *end = shorts + strlen(shorts);
			*end++ = (char)o->key;
			if (o->has_arg != no_argument)
				*end++ = ':';
			if (o->has_arg == optional_argument)
				*end++ = ':';
			*end = '\0';
		}
	}
	memset(&longs[nl], 0, sizeof(longs[nl]));

	opterr = 0;
	optind = 0; /* full reset: options_parse may run more than once */
	for (;;) {
		int c = getopt_long(argc, argv, shorts, longs, NULL);
		uint64_t v;
		int64_t iv;
		int k;

		if (c == -1)
			break;
		if (optarg && optarg[0] == '\0' && c != 'f')
			return empty_value(c, err, errlen);
		switch (c) {
		case 'd':
			cfg->dir = optarg;
			break;
		case 's':
			s_text = optarg;
			if (parse_s_option(optarg, &cfg->io, &pe) != 0)
				return fail(err, errlen, "-s %s: %s", optarg, pe.msg);
			cfg->size_given = true;
			break;
		case 'n':
			n_text = optarg;
			if (parse_n_option(optarg, &cfg->files, &pe) != 0)
				return fail(err, errlen, "-n %s: %s", optarg, pe.msg);
			break;
		case 'm':
			if (set_machine(cfg, optarg, err, errlen) != OPTIONS_RUN)
				return OPTIONS_ERROR;
			break;
		case 'r':
			if (parse_size(optarg, UNIT_MIB, &v, &pe) != 0)
				return fail(err, errlen, "-r %s: %s", optarg, pe.msg);
			cfg->ram_mib = v;
			break;
		case 'x':
			if (parse_int_range(optarg, 0, 1000000, &iv, &pe) != 0)
				return fail(err, errlen, "-x %s: %s", optarg, pe.msg);
			cfg->repeat = (long)iv;
			break;
		case 'u':
			if (user_seen)
				return fail(err, errlen, "-u given twice");
			user_seen = true;
			if (optarg[0] == '\0' || optarg[0] == ':')
				return fail(err, errlen, "-u %s: no user name", optarg);
			cfg->user = optarg;
			break;
		case 'g':
			if (group_seen)
				return fail(err, errlen, "-g given twice");
			group_seen = true;
			cfg->group = optarg;
			break;
		case 'q':
			cfg->quiet = true;
			break;
		case 'f':
			/* -fSIZE, or -f SIZE: clyde takes no operands, so a number
			 * after -f can only be its size. */
			if (!optarg && optind < argc && argv[optind][0] >= '0' &&
			    argv[optind][0] <= '9')
				optarg = argv[optind++];
			if (!optarg) {
				cfg->perchar_mib = 0;
			} else if (parse_size(optarg, UNIT_MIB, &v, &pe) != 0) {
				return fail(err, errlen, "-f %s: %s", optarg, pe.msg);
			} else {
				cfg->perchar_mib = (int64_t)v;
			}
			break;
		case 'b':
			cfg->mode.sync_writes = true;
			break;
		case 'D':
			cfg->mode.direct = true;
			break;
		case 'c':
			if (parse_int_range(optarg, 1, MAX_CONCURRENCY, &iv, &pe) != 0)
				return fail(err, errlen, "-c %s: %s", optarg, pe.msg);
			cfg->concurrency = (uint32_t)iv;
			break;
		case 'p':
			if (parse_int_range(optarg, -1, SYNC_MAX_PROCS, &iv, &pe) != 0)
				return fail(err, errlen, "-p %s: %s", optarg, pe.msg);
			if (iv == 0)
				return fail(err, errlen, "-p 0: use 1 to %ld processes, or "
					    "-1 to remove the semaphores", SYNC_MAX_PROCS);
			cfg->processes = (long)iv;
			break;
		case 'y':
			if (strcmp(optarg, "s") != 0 && strcmp(optarg, "p") != 0)
				return fail(err, errlen, "-y %s: use s (semaphores) or p "
					    "(prompt)", optarg);
			cfg->sync_mode = optarg[0];
			break;
		case 'z':
			if (parse_int_range(optarg, 0, INT64_MAX, &iv, &pe) != 0)
				return fail(err, errlen, "-z %s: %s", optarg, pe.msg);
			cfg->seed = (uint64_t)iv;
			break;
		case OPT_TABLE:
			if (pick_format(FORMAT_TABLE, optarg, &cfg->table) != 0)
				return fail(err, errlen, "--table %s: use %s or none",
					    optarg, format_names(FORMAT_TABLE, false,
								 names, sizeof(names)));
			break;
		case OPT_CSV:
			if (pick_format(FORMAT_CSV, optarg, &cfg->csv) != 0)
				return fail(err, errlen, "--csv %s: use %s or none",
					    optarg, format_names(FORMAT_CSV, false,
								 names, sizeof(names)));
			break;
		case OPT_CHAR_IO:
			if ((k = pick(optarg, char_ios, 2)) < 0)
				return fail(err, errlen, "--char-io %s: use stdio or syscall",
					    optarg);
			cfg->mode.char_io = (enum char_io)k;
			break;
		case OPT_ZEROS:
			cfg->mode.zeros = true;
			break;
		case OPT_VERIFY:
			cfg->verify = true;
			break;
		case OPT_RANDOM_IO:
			cfg->random_io = true;
			break;
		case OPT_RANDOM_TIME:
			if (parse_int_range(optarg, 1, 3600, &iv, &pe) != 0)
				return fail(err, errlen, "--random-time %s: %s", optarg, pe.msg);
			cfg->random_time_s = (uint32_t)iv;
			break;
		case OPT_RANDOM_DEPTHS:
			if (parse_depth_list(optarg, cfg->random_depths,
					     &cfg->n_random_depths, &pe) != 0)
				return fail(err, errlen, "--random-depths %s: %s", optarg,
					    pe.msg);
			break;
		case OPT_JSON:
			cfg->json_path = optarg;
			break;
		case OPT_PROGRESS:
			if ((k = pick(optarg, progresses, 3)) < 0)
				return fail(err, errlen, "--progress %s: use auto, always or "
					    "never", optarg);
			cfg->progress = (enum progress_mode)k;
			break;
		case OPT_NO_PREFLIGHT:
			cfg->no_preflight = true;
			break;
		case OPT_HELP:
			options_help(stdout);
			return OPTIONS_DONE;
		case OPT_VERSION:
			printf("clyde %s\n", CLYDE_VERSION);
			return OPTIONS_DONE;
		case ':':
			if (optopt > 0 && optopt < 256)
				return fail(err, errlen, "option -%c needs a value", optopt);
			return fail(err, errlen, "option %s needs a value",
				    argv[optind - 1]);
		default:
			if (optopt > 0 && optopt < 256)
				return fail(err, errlen, "unknown option -%c (clyde --help "
					    "lists them)", optopt);
			return fail(err, errlen, "unknown option %s (clyde --help lists "
				    "them)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return fail(err, errlen, "unexpected argument '%s' (clyde takes only "
			    "options)", argv[optind]);
	return validate(cfg, s_text, n_text, err, errlen);
}
