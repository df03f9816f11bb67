/* SPDX-License-Identifier: MIT */
/*
 * report.h - `clyde report [--format FMT] [--summary | --compare
 * [--baseline NAME]] [FILE...]`: read CSV lines of every bonnie++ version
 * and of clyde, and clyde's JSON (files, or stdin), and render all runs
 * in any format of the format table (format.h), or with --compare their
 * groups against a baseline (report_compare.h).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "core/opt.h"
#include "format/format.h"
#include "format/run_source.h"

/* What `clyde report`'s options ask for. */
struct report_options {
	const struct format_info *format;
	bool summary;          /* --summary: min, median and max rows */
	bool compare;          /* --compare: groups against a baseline */
	const char *baseline;  /* --baseline NAME, or NULL: the first group */
	double threshold;      /* --threshold as a fraction; 0: the default,
				* JUDGE_THRESHOLD (3%) */
};

/* clyde report's options (report_options.c), in --help order. */
extern const struct opt_set report_opt_set;

/*
 * Parse `clyde report` ARGV (ARGV[0] is "report"; the files may come
 * among the options) into *o; *first_file gets the index of the first
 * file in ARGV (ARGC when none). OPT_HELP after --help; on OPT_ERROR, ERR
 * holds the reason (no "clyde: report: " prefix).
 */
enum opt_outcome report_options_parse(int argc, char **argv,
				      struct report_options *o, int *first_file,
				      char *err, size_t len);

/*
 * Render the runs of INPUT, read once in order, as `clyde report` with
 * OPTS does to OUT; notes a format cannot hold (CSV, JSON) go to NOTES as
 * "clyde: report: note: ...". CSV and JSON are written run by run as
 * they are read (with --summary the summary rows follow the last run);
 * the other formats, --summary and --compare keep each run in a compact
 * store (run_store.h). *n_runs gets how many runs were read; nothing is
 * written without any. Returns 0, -1 when memory ran out, or -2 when the
 * runs cannot be compared as asked (one group, an unknown --baseline):
 * the reason went to NOTES as "clyde: report: ...".
 */
int report_render(FILE *out, FILE *notes, const struct report_options *opts,
		  struct run_source *input, size_t *n_runs);

/*
 * clyde mark's results MARKS[0..n) (n >= 1, complete) to OUT as OPTS asks:
 * with --compare their comparison (report_compare_marks), else side by
 * side in OPTS's format (mark_report.h). Reasons go to NOTES as "clyde:
 * report: ...". Returns 0, -1 when memory ran out, or -2 when they cannot
 * be shown as asked (one group, an unknown --baseline, a format marks do
 * not have).
 */
struct mark_results;
int report_render_marks(FILE *out, FILE *notes, const struct report_options *opts,
			const struct mark_results *marks, size_t n);

/*
 * The `clyde report` command, its options parsed: the runs of the N files
 * FILES (standard input when N is 0) rendered as O asks to stdout. Bad
 * lines go to stderr as "clyde: FILE:LINE: reason" and the others still
 * render. Returns the exit status: 0, or 1 after a bad line, an unreadable
 * file, runs that cannot be shown as asked or input without any run.
 */
int report_main(const struct report_options *o, char **files, size_t n);

#endif
