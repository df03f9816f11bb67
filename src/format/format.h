/* SPDX-License-Identifier: MIT */
/*
 * format.h - the format table: every output clyde can write, one row each,
 * with the name --table or --csv takes, the name `clyde report --format`
 * takes, and the function that renders complete results in it. Options,
 * the live run's output and `clyde report` all choose from this table.
 */
#ifndef FORMAT_H
#define FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"
#include "run_source.h"

enum format_kind {
	FORMAT_TABLE, /* bonnie++'s text tables: --table, report text-* */
	FORMAT_CSV,   /* bonnie++'s CSV lines: --csv, report csv-* */
	FORMAT_JSON,  /* clyde's JSON: --json FILE, report json */
	FORMAT_PAGE   /* Markdown, HTML, SVG: report only */
};

struct run_facts;

/* What a caller decides about a rendering beyond the runs themselves. */
struct render_opts {
	bool wide_names; /* tables: widen the name column to the longest name */
	bool json_array; /* JSON: an array even of one run (-x, report) */
	/*
	 * clyde report's facts (run_facts.h): the caption, row tags and
	 * notes that tables and pages print; NULL prints none.
	 */
	const struct run_facts *facts;
};

struct table_layout;

/*
 * How a format shows `clyde report --compare`: the report renders a
 * comparison in each of these (report/fmt_compare.h); NONE for a format
 * that cannot show one.
 */
enum format_compare {
	FORMAT_COMPARE_NONE,
	FORMAT_COMPARE_TEXT,
	FORMAT_COMPARE_MARKDOWN,
	FORMAT_COMPARE_HTML,
	FORMAT_COMPARE_SVG
};

struct format_info {
	enum format_kind kind;
	const char *name;        /* the --table/--csv value ("1.03"), or NULL */
	const char *report_name; /* the `clyde report --format` value */
	bool is_default;         /* the default of its --table/--csv option */
	const char *help;        /* one line for `clyde report --help` */
	/*
	 * Render the runs of SRC (complete results, at least one) to OUT:
	 * every run in one table or page, or one CSV line per run. Pure:
	 * reads only its arguments, writes only to OUT. CSV and JSON read SRC
	 * once, in order, so a stream will do (format_streams); the others
	 * read it several times.
	 */
	void (*render)(FILE *out, const struct format_info *fmt,
		       struct run_source *src, const struct render_opts *opts);
	const struct table_layout *layout; /* FORMAT_TABLE */
	enum csv_format csv;               /* FORMAT_CSV */
	enum format_compare compare; /* `clyde report --compare` in it */
};

/* Render RUNS[0..n) (n >= 1) in FMT: the render function on an array. */
void format_render(FILE *out, const struct format_info *fmt,
		   const struct run_results *runs, size_t n,
		   const struct render_opts *opts);

/* Whether FMT reads its runs once, in order (CSV, JSON): it can stream. */
bool format_streams(const struct format_info *fmt);

/* The rows, in the order help texts list them. */
extern const struct format_info format_table[];
extern const size_t format_count;

/* The row of KIND whose --table/--csv name is NAME, or NULL. */
const struct format_info *format_by_name(enum format_kind kind, const char *name);

/* The row `clyde report --format NAME` means, or NULL. */
const struct format_info *format_by_report_name(const char *name);

/* The default --table or --csv format (KIND FORMAT_TABLE or FORMAT_CSV). */
const struct format_info *format_default(enum format_kind kind);

/*
 * The --table/--csv names of KIND as a list for messages, "1.03, 1.96,
 * 1.97, 2.00" (with " (default)" after the default when MARK_DEFAULT),
 * into BUF. Returns BUF.
 */
const char *format_names(enum format_kind kind, bool mark_default, char *buf,
			 size_t len);

#endif
