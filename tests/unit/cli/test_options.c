/* SPDX-License-Identifier: MIT */
/*
 * test_options.c - every command's option rows against the man page and
 * its --help (no option may be missing from either; the man page's
 * SYNOPSIS is the usage of every command), the command table's dispatch,
 * and options_parse on good command lines: defaults, the colon forms,
 * -f's two spellings, the 2x RAM rule.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>

#include "check.h"
#include "format/fmt.h"
#include "format/format.h"
#include "cli/command.h"
#include "cli/options.h"
#include "core/verdict.h"
#include "run/vary.h"

#define RAM 1024u
#define SEED 77u

/* The man page with roff escapes and font changes removed. */
static char *read_man(void)
{
	FILE *f = fopen("man/clyde.1", "r");
	static char text[256 * 1024];
	size_t n = 0;
	int c;

	if (!f)
		return NULL;
	while ((c = getc(f)) != EOF && n + 1 < sizeof(text)) {
		if (c == '\\') {
			int d = getc(f);
			if (d == 'f') {
				getc(f); /* \fB \fI \fR */
				continue;
			}
			if (d == '-' || d == '(' || d == 'e') {
				text[n++] = d == 'e' ? '\\' : (char)(d == '(' ? '(' : '-');
				continue;
			}
			if (d != EOF)
				text[n++] = (char)d;
			continue;
		}
		text[n++] = (char)c;
	}
	text[n] = '\0';
	fclose(f);
	return text;
}

/* What C's --help prints. */
static char *help_of(const struct command *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	command_help(f, c);
	fclose(f);
	return buf;
}

/* Every command's usage, as the man page's SYNOPSIS has it. */
static char *usage_text(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	command_usage(f, "");
	fclose(f);
	return buf;
}

static enum opt_outcome parse(struct config *cfg, char *err, ...)
{
	char *argv[32] = { "clyde" };
	int argc = 1;
	va_list ap;

	va_start(ap, err);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 31;)
		argv[argc++] = a;
	va_end(ap);
	return options_parse(argc, argv, RAM, SEED, cfg, err, 256);
}

/* Each option of C in the man page and in C's --help, with its help. */
static void check_rows(const struct command *c, const char *man)
{
	const struct opt_set *set = c->opts;
	char *help = help_of(c);

	for (size_t i = 0; i < set->n; i++) {
		const struct opt_row *o = &set->rows[i];
		char item[128], name[192];

		opt_name(o, item, sizeof(item));
		snprintf(name, sizeof(name), "man page documents %s %s", set->name, item);
		CHECK(name, strstr(man, item) != NULL);
		snprintf(name, sizeof(name), "%s --help lists %s", set->name, item);
		CHECK(name, strstr(help, item) != NULL);
		/* The explanation's start (help wraps longer lines). */
		char start[32];
		snprintf(start, sizeof(start), "%.30s", o->help ? o->help : "");
		snprintf(name, sizeof(name), "%s --help explains %s", set->name, item);
		CHECK(name, strstr(help, start) != NULL);
	}
	free(help);
}

static void check_docs(void)
{
	char *man = read_man();
	char *usage = usage_text();

	CHECK("man page readable", man != NULL);
	if (!man)
		return;
	for (size_t i = 0; i < command_count; i++)
		check_rows(&commands[i], man);
	/* The SYNOPSIS is the usage text, exactly: no "usage:" in a man page. */
	const char *syn = strstr(man, ".SH SYNOPSIS\n.nf\n");
	const char *end = syn ? strstr(syn, "\n.fi\n") : NULL;
	size_t syn_len = end ? (size_t)(end + 1 - syn) - strlen(".SH SYNOPSIS\n.nf\n") : 0;

	CHECK("man SYNOPSIS found", syn && end);
	CHECK("man SYNOPSIS is the usage text",
	      syn && end && syn_len == strlen(usage) &&
	      strncmp(syn + strlen(".SH SYNOPSIS\n.nf\n"), usage, syn_len) == 0);
	CHECK("usage starts with the command, not \"usage:\"",
	      strncmp(usage, "clyde [-d dir]", 14) == 0);
	for (size_t i = 0; i < command_count; i++) {
		char line[64], name[96];

		snprintf(line, sizeof(line), "\n%s [", commands[i].opts->name);
		snprintf(name, sizeof(name), "the SYNOPSIS has %s", commands[i].opts->name);
		CHECK(name, i == 0 || strstr(usage, line) != NULL);
	}
	/* Every --vary key: in SETUPS COMPARED and in clyde --help. */
	char *help = help_of(&commands[0]);
	const char *setups = strstr(man, ".SH SETUPS COMPARED");
	for (size_t k = 0; k < VARY_KEYS; k++) {
		char key[48], name[96];

		snprintf(key, sizeof(key), "%s=", vary_keys[k].name);
		snprintf(name, sizeof(name), "man page documents --vary %s", key);
		CHECK(name, setups && strstr(setups, key) != NULL);
		snprintf(name, sizeof(name), "clyde --help explains --vary %s", key);
		CHECK(name, help && strstr(help, key) != NULL);
	}
	free(help);
	free(usage);
}

/* ARGV picks its command by its first word; anything else is the classic run. */
static void check_dispatch(void)
{
	char *mark[] = { "clyde", "mark", "--help", NULL };
	char *report[] = { "clyde", "report", NULL };
	char *classic[] = { "clyde", "-s", "1g", NULL };
	char *alone[] = { "clyde", NULL };
	char *later[] = { "clyde", "-d", "mark", NULL };

	CHECK("clyde mark: the mark command",
	      strcmp(command_find(3, mark)->opts->name, "clyde mark") == 0);
	CHECK("clyde report: the report command",
	      strcmp(command_find(2, report)->opts->name, "clyde report") == 0);
	CHECK("clyde -s 1g: the classic run", command_find(3, classic)->word == NULL);
	CHECK("clyde alone: the classic run", command_find(1, alone)->word == NULL);
	CHECK("a command word only counts first", command_find(3, later)->word == NULL);
	CHECK("the classic run comes first (its usage leads)", commands[0].word == NULL);
}

/* What FN prints for R, its first line without the newline. */
static char *line_of(void (*fn)(FILE *, const struct run_results *),
		     const struct run_results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fn(f, r);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* The man page's example lines are what clyde prints for such a run. */
static void check_man_examples(void)
{
	char *man = read_man();
	struct run_results r;
	char *line;

	memset(&r, 0, sizeof(r));
	strcpy(r.env.device, "vda");
	r.n_truth = 1;
	r.truth[0] = (struct truth_hit){ .id = PHASE_READ, .pct = 3 };
	line = line_of(fmt_truth_warning, &r);
	CHECK("man page: the truth check's example is the real line",
	      man && strstr(man, line));
	free(line);
	/* -s 1G -r 512 -n 0 on 24 GiB: block input in 0.25 s, seeks in 41.5 ms,
	 * the other tests in 7.4 s together. */
	memset(&r, 0, sizeof(r));
	r.io = (struct io_params){ 1024, DEFAULT_CHUNK_BYTES, DEFAULT_SEEKS,
				   DEFAULT_SEEKERS };
	r.files.dirs = 1;
	r.files.chunk_bytes = DEFAULT_FILE_CHUNK_BYTES;
	r.perchar_mib = 1024;
	r.concurrency = 1;
	r.ram_mib = 512;
	r.env.ram_mib = 24576;
	r.phase[PHASE_READ] = (struct phase_result){ .state = FIGURE_TOO_FAST,
						     .elapsed_ns = 250000000 };
	r.phase[PHASE_SEEKS] = (struct phase_result){ .state = FIGURE_TOO_FAST,
						      .elapsed_ns = 41500000 };
	r.phase[PHASE_PUTC] = (struct phase_result){ .state = FIGURE_VALUE,
						     .elapsed_ns = 3300000000 };
	r.phase[PHASE_WRITE] = (struct phase_result){ .state = FIGURE_VALUE,
						      .elapsed_ns = 1400000000 };
	r.phase[PHASE_REWRITE] = (struct phase_result){ .state = FIGURE_VALUE,
							.elapsed_ns = 1500000000 };
	r.phase[PHASE_GETC] = (struct phase_result){ .state = FIGURE_VALUE,
						     .elapsed_ns = 1200000000 };
	verdict_compute(&r);
	line = line_of(fmt_footer, &r);
	CHECK("man page: the +++++ advice example is the real line",
	      man && strstr(man, line));
	free(line);
}

static void check_parsing(void)
{
	struct config cfg;
	char err[256];

	CHECK("defaults parse", parse(&cfg, err, "-u", "root", NULL) == OPT_RUN);
	CHECK_U64("default size is 2x RAM", cfg.io.size_mib, 2 * RAM);
	CHECK_U64("default chunk", cfg.io.chunk_bytes, 8192);
	CHECK_U64("default seeks", cfg.io.seeks, 8192);
	CHECK_U64("default seekers", cfg.io.seekers, 5);
	CHECK_U64("default files", cfg.files.count_k, 16);
	CHECK_U64("default seed", cfg.seed, SEED);
	CHECK("default table 1.03", cfg.table == format_by_name(FORMAT_TABLE, "1.03"));
	CHECK("default csv 1.96", cfg.csv == format_by_name(FORMAT_CSV, "1.96"));
	CHECK("default per-char size", cfg.perchar_mib == -1);
	CHECK("default single run", cfg.repeat == -1);

	CHECK("-r 0 parse", parse(&cfg, err, "-r", "0", NULL) == OPT_RUN);
	CHECK_U64("-r 0: default size 300M", cfg.io.size_mib, 300);
	/* bonnie++ -n 0: the I/O tests alone at the default size (fuzz_options). */
	CHECK("-n 0 without -s parse", parse(&cfg, err, "-n", "0", "-r", "0", NULL) == OPT_RUN);
	CHECK_U64("-n 0 without -s: default size 300M", cfg.io.size_mib, 300);
	CHECK("-s huge -c 64: too large, not under the RAM",
	      parse(&cfg, err, "-s", "274877906944t", "-c", "64", NULL) == OPT_ERROR &&
	      strstr(err, "too large") != NULL);

	CHECK("-s 4g::100", parse(&cfg, err, "-s", "4g::100", NULL) == OPT_RUN);
	CHECK_U64("-s 4g::100 size", cfg.io.size_mib, 4096);
	CHECK_U64("-s 4g::100 keeps the chunk", cfg.io.chunk_bytes, 8192);
	CHECK_U64("-s 4g::100 seeks", cfg.io.seeks, 100);

	CHECK("-f 20", parse(&cfg, err, "-s", "4g", "-f", "20", NULL) == OPT_RUN);
	CHECK("-f 20 sets 20 MiB", cfg.perchar_mib == 20);
	CHECK("-f20", parse(&cfg, err, "-s", "4g", "-f20", NULL) == OPT_RUN);
	CHECK("-f20 sets 20 MiB", cfg.perchar_mib == 20);
	CHECK("-f alone", parse(&cfg, err, "-s", "4g", "-f", "-q", NULL) == OPT_RUN);
	CHECK("-f alone skips per-char", cfg.perchar_mib == 0);
	CHECK("-f alone keeps the next option", cfg.quiet);
	CHECK("-f past the size", parse(&cfg, err, "-s", "4g", "-f", "8g", NULL) == OPT_RUN);
	CHECK("-f past the size is clamped", cfg.perchar_mib == 4096);

	CHECK("-c 2 needs 2x RAM overall", parse(&cfg, err, "-s", "1g", "-c", "2", NULL) == OPT_RUN);
	CHECK("-c 3 with too small a size",
	      parse(&cfg, err, "-s", "512", "-c", "3", NULL) == OPT_ERROR);
	CHECK("RAM message names the RAM", strstr(err, "1024M") != NULL);

	CHECK("-s 12q", parse(&cfg, err, "-s", "12q", NULL) == OPT_ERROR);
	CHECK_STR("-s 12q message", err, "-s 12q: unknown size suffix 'q'");
	CHECK("-Q", parse(&cfg, err, "-Q", NULL) == OPT_ERROR);
	CHECK("-Q message names it", strstr(err, "-Q") != NULL);
	CHECK("--table 2.00", parse(&cfg, err, "--table", "2.00", "-s", "4g", NULL) == OPT_RUN);
	CHECK("--table 2.00 chosen", cfg.table == format_by_name(FORMAT_TABLE, "2.00"));
	CHECK("--csv 1.98", parse(&cfg, err, "--csv", "1.98", "-s", "4g", NULL) == OPT_RUN);
	CHECK("--csv 1.98 chosen", cfg.csv == format_by_name(FORMAT_CSV, "1.98"));
	CHECK("-n 16:4k:1k:4", parse(&cfg, err, "-n", "16:4k:1k:4", "-s", "4g", NULL) == OPT_RUN);
	CHECK("-n 16:4k:1k:4 values",
	      cfg.files.count_k == 16 && cfg.files.max_bytes == 4096 &&
	      cfg.files.min_bytes == 1024 && cfg.files.dirs == 4);
	CHECK("-n 16:4k", parse(&cfg, err, "-n", "16:4k", "-s", "4g", NULL) == OPT_RUN);
	CHECK("-n 16:4k is random 0..4k, as bonnie++",
	      cfg.files.max_bytes == 4096 && cfg.files.min_bytes == 0);
	CHECK("-n 1:0:0:2000: more dirs than files, as bonnie++",
	      parse(&cfg, err, "-n", "1:0:0:2000", "-s", "4g", NULL) == OPT_RUN);
	CHECK("-n 1:0:0:0", parse(&cfg, err, "-n", "1:0:0:0", "-s", "4g", NULL) == OPT_ERROR);
	CHECK_STR("-n 1:0:0:0 message", err, "-n 1:0:0:0: at least 1 directory");
	CHECK("-n 1:0:0:100000",
	      parse(&cfg, err, "-n", "1:0:0:100000", "-s", "4g", NULL) == OPT_ERROR);
	CHECK_STR("-n 1:0:0:100000 message", err, "-n 1:0:0:100000: at most 99,999 directories");
	CHECK("-n 28340 -r 0", parse(&cfg, err, "-n", "28340", "-r", "0", NULL) == OPT_ERROR);
	CHECK("-n 28340 message names the limit", strstr(err, "at most 28339K") != NULL);
	/* RAM 1024 MiB: 8192K files x 64 bytes = 512 MiB of names, x2 <= RAM. */
	CHECK("-n 8192 fits the RAM", parse(&cfg, err, "-n", "8192", "-s", "4g", NULL) == OPT_RUN);
	CHECK("-n 8193 would page", parse(&cfg, err, "-n", "8193", "-s", "4g", NULL) == OPT_ERROR);
	CHECK("-n 8193 message", strstr(err, "would page in 1024 MiB of RAM") != NULL);
	/* The name list is memory clyde takes: -r does not change the machine. */
	CHECK("-n 28339 -r 0: the machine's RAM still counts",
	      parse(&cfg, err, "-n", "28339", "-r", "0", NULL) == OPT_ERROR);
	CHECK("-n 28339 -r 0 message", strstr(err, "would page in 1024 MiB of RAM") != NULL);
	CHECK("-n 8193 -r 100000: not more RAM than the machine has",
	      parse(&cfg, err, "-n", "8193", "-r", "100000", "-s", "200g", NULL) ==
	      OPT_ERROR);
	CHECK("-n 8192 -r 0 fits",
	      parse(&cfg, err, "-n", "8192", "-r", "0", NULL) == OPT_RUN);
	CHECK("-n 4096 -c 2 fits",
	      parse(&cfg, err, "-n", "4096", "-c", "2", "-s", "4g", NULL) == OPT_RUN);
	CHECK("-n 4097 -c 2 would page",
	      parse(&cfg, err, "-n", "4097", "-c", "2", "-s", "4g", NULL) == OPT_ERROR);
	CHECK("-n 4097 -c 2 message names -c", strstr(err, "x -c") != NULL);
	CHECK("-s 0 -r 0 -n 28339 -c 200: refused before any I/O",
	      parse(&cfg, err, "-s", "0", "-r", "0", "-n", "28339", "-c", "200", NULL) ==
	      OPT_ERROR);
	CHECK("-p 3", parse(&cfg, err, "-p", "3", NULL) == OPT_RUN && cfg.processes == 3);
	CHECK("-p -1", parse(&cfg, err, "-p", "-1", NULL) == OPT_RUN && cfg.processes == -1);
	CHECK("-p 0", parse(&cfg, err, "-p", "0", NULL) == OPT_ERROR);
	CHECK("-p -2", parse(&cfg, err, "-p", "-2", NULL) == OPT_ERROR);
	CHECK("-y s", parse(&cfg, err, "-y", "s", NULL) == OPT_RUN && cfg.sync_mode == 's');
	CHECK("-y p", parse(&cfg, err, "-y", "p", NULL) == OPT_RUN && cfg.sync_mode == 'p');
	CHECK("-y x", parse(&cfg, err, "-y", "x", NULL) == OPT_ERROR);
	CHECK_STR("-y x message", err, "-y x: use s (semaphores) or p (prompt)");
	CHECK("-p with -y", parse(&cfg, err, "-p", "2", "-y", "s", NULL) == OPT_ERROR);
	CHECK("no -p, no -y", parse(&cfg, err, NULL) == OPT_RUN &&
	      cfg.processes == 0 && cfg.sync_mode == 0);
	CHECK("-m with comma refused", parse(&cfg, err, "-m", "a,b", NULL) == OPT_ERROR);
	CHECK("parsing twice resets state",
	      parse(&cfg, err, "-q", NULL) == OPT_RUN && cfg.perchar_mib == -1);
}

int main(void)
{
	check_docs();
	check_dispatch();
	check_man_examples();
	check_parsing();
	return check_done();
}
