/* SPDX-License-Identifier: MIT */
/*
 * report.h - `clyde report [--format FMT] [--summary] [FILE...]`: read CSV
 * lines of every bonnie++ version and of clyde (files, or stdin) and render
 * all runs as one comparison in one of the formats below.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "clyde.h"

enum report_format {
	REPORT_TEXT_103, /* the default */
	REPORT_TEXT_196,
	REPORT_TEXT_200,
	REPORT_MARKDOWN,
	REPORT_HTML,
	REPORT_SVG,
	REPORT_CSV_198,
	REPORT_FORMAT_COUNT
};

/* "text-1.03" ... "csv-1.98" into *format; -1 for an unknown name. */
int report_format_parse(const char *name, enum report_format *format);

/* The name of FORMAT, as --format takes it. */
const char *report_format_name(enum report_format format);

/*
 * Render RUNS[0..n) in FORMAT on OUT: the text tables with the name column
 * as wide as the longest name, Markdown, HTML, SVG, or a 1.98 CSV line per
 * run. Pure: writes only to OUT.
 */
void report_render(FILE *out, enum report_format format,
		   const struct run_results *runs, size_t n);

/* The synopsis line of `clyde report`, for options_usage(). */
void report_usage(FILE *out);

/*
 * The `clyde report` command: ARGV[0] is "report". Bad lines go to stderr
 * as "clyde: FILE:LINE: reason" and the others still render. Returns the
 * exit status: 0, or 1 after a bad line, an unreadable file, a usage error
 * or input without any run.
 */
int report_main(int argc, char **argv);

#endif
