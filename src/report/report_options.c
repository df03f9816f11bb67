/* SPDX-License-Identifier: MIT */
/*
 * report_options.c - the command line of `clyde report`: its option rows
 * (core/opt.h, so that --help, the usage and the man page's test come
 * from them as every command's do), their handlers and the checks that
 * need several options. Returns errors as text; never prints them and
 * never exits.
 */
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>

#include "core/opt.h"
#include "sys/out.h"

enum report_long {
	LONG_FORMAT = OPT_LONG_ONLY, LONG_SUMMARY, LONG_COMPARE, LONG_BASELINE,
	LONG_THRESHOLD, LONG_HELP,
};

static struct report_options *report_of(struct opt_state *st)
{
	return st->target;
}

static const char *report_format_names(size_t i)
{
	return i < format_count ? format_table[i].report_name : NULL;
}

static enum opt_outcome set_format(struct opt_state *st, const char *arg)
{
	char shown[OUT_ECHO_BYTES];

	if (!(report_of(st)->format = format_by_report_name(arg)))
		return opt_fail(st, "unknown format '%s'", out_echo(arg, shown));
	return OPT_RUN;
}

/* --format's explanation: every format with its line of help. */
static void format_help(FILE *out, const struct opt_row *row)
{
	(void)row;
	for (size_t f = 0; f < format_count; f++)
		fprintf(out, "      %-10s %s\n", format_table[f].report_name,
			format_table[f].help);
}

/* A baseline asks for a comparison. */
static enum opt_outcome set_baseline(struct opt_state *st, const char *arg)
{
	report_of(st)->baseline = arg;
	report_of(st)->compare = true;
	return OPT_RUN;
}

/*
 * --threshold PCT: a percentage above 0 and below 100 ("5", "2.5", "5%"),
 * as a fraction. It asks for a comparison, as --baseline does.
 */
static enum opt_outcome set_threshold(struct opt_state *st, const char *arg)
{
	char *end;
	double pct;

	errno = 0;
	pct = strtod(arg, &end);
	if (end != arg && *end == '%')
		end++;
	if (end == arg || *end || errno || !isfinite(pct) || !(pct > 0) ||
	    !(pct < 100))
		return opt_fail(st, "--threshold '%s': a percentage above 0 and "
				"below 100", arg);
	report_of(st)->threshold = pct / 100.0;
	report_of(st)->compare = true;
	return OPT_RUN;
}

#define FIELD(name) offsetof(struct report_options, name)

static const struct opt_row rows[] = {
	{ LONG_FORMAT, "format", required_argument, "fmt", NULL,
	  .set = set_format, .choices = report_format_names, .help_fn = format_help },
	{ LONG_SUMMARY, "summary", no_argument, NULL,
	  "add min, median and max rows for every group of runs with the same "
	  "name and test parameters",
	  .set = opt_flag, .offset = FIELD(summary) },
	{ LONG_COMPARE, "compare", no_argument, NULL,
	  "compare the groups of runs or marks (by name, and test parameters "
	  "when one name has several) with the first: each figure's ratio with "
	  "its interval, and faster, slower, the same within the threshold or "
	  "cannot tell, at most 5% of such reports holding a false verdict "
	  "(text, markdown, html and svg formats)",
	  .set = opt_flag, .offset = FIELD(compare), .usage = OPT_USAGE_OR },
	{ LONG_BASELINE, "baseline", required_argument, "name",
	  "with --compare: the group to compare the others with (a machine "
	  "name, or a group's label as --compare prints it)",
	  .set = set_baseline, .usage = OPT_USAGE_IN },
	{ LONG_THRESHOLD, "threshold", required_argument, "pct",
	  "with --compare: differences within +/-pct percent are \"the same\" "
	  "and only larger ones \"faster\" or \"slower\" (default 3)",
	  .set = set_threshold, .usage = OPT_USAGE_IN },
	{ LONG_HELP, "help", no_argument, NULL, "print this help and exit",
	  .set = opt_ask_help, .usage = OPT_USAGE_HIDDEN },
};

const struct opt_set report_opt_set = {
	.name = "clyde report",
	.about = "Reads CSV lines of bonnie++ 1.03, 1.93c, 1.96, 1.97, 1.98 and "
		 "of clyde, and\nclyde's JSON, from the files (standard input "
		 "without any) and prints every\nrun in one comparison; clyde "
		 "mark's CSV and JSON, its marks beside each\nother.",
	.rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]),
	.operands = "file ...",
};

enum opt_outcome report_options_parse(int argc, char **argv,
				      struct report_options *o, int *first_file,
				      char *err, size_t len)
{
	struct opt_state st = { .target = o, .err = err, .len = len };
	enum opt_outcome out;

	*o = (struct report_options){ .format = format_by_report_name("text-1.03") };
	out = opt_parse(&report_opt_set, argc, argv, &st);
	*first_file = st.operands;
	if (out != OPT_RUN)
		return out;
	if (o->compare && o->summary)
		return opt_fail(&st, "--compare and --summary cannot be combined");
	if (o->compare && !o->format->compare)
		return opt_fail(&st, "--compare: format '%s' cannot show a comparison "
				"(text-*, markdown, html and svg can)",
				o->format->report_name);
	return OPT_RUN;
}
