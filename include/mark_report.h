/* SPDX-License-Identifier: MIT */
/*
 * mark_report.h - `clyde report` on clyde mark's results: several marks
 * beside each other, one column per mark (its machine name and whatever
 * else tells the columns apart: profile, size, engine, clyde version), one
 * row per test and direction ([Read], then [Write]) with MB/s (10^6
 * bytes), IOPS and mean, p99 and max latency in µs; as text, Markdown,
 * HTML or an SVG of grouped MB/s bars (mark_report_text.c,
 * mark_report_html.c), or again as mark's own CSV or JSON. Also what
 * report.c needs to tell mark input from classic input and read it.
 */
#ifndef MARK_REPORT_H
#define MARK_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mark.h"
#include "mark_read.h"

/*
 * Render RUNS[0..n) (n >= 1, complete) to OUT in the format `clyde report
 * --format FORMAT_NAME` names: "text-*" the text table, "markdown", "html",
 * "svg", "json" an array of mark objects, "csv-*" mark's CSV (each mark
 * after its header). Pure. Returns 0, -1 for a format it does not know or
 * -2 when memory ran out (nothing written either way).
 */
int mark_report_render(FILE *out, const char *format_name,
		       const struct mark_results *runs, size_t n);

/*
 * Whether the start of an input, BYTES[0..len) (its first line, or its
 * first 4 KiB; a byte-order mark and blanks before it are skipped), is
 * clyde mark's: a mark CSV line or header, or JSON whose first object has
 * "kind": "mark" within those bytes. Pure.
 */
bool mark_input_is_mark(const char *bytes, size_t len);

/* The most JSON text mark_report_read_json reads from one input. */
#define MARK_REPORT_JSON_MAX ((size_t)64 * 1024 * 1024)

/*
 * The rest of a JSON input IN (called NAME) whose first HEAD_LEN bytes,
 * HEAD, were read already, read whole (up to MARK_REPORT_JSON_MAX bytes)
 * and its marks added to SET. A misfit is said on MSGS as "clyde: NAME:
 * reason" (its line and column, or its JSON path). Returns 0, 1 after
 * saying something, -1 when memory ran out.
 */
int mark_report_read_json(FILE *in, const char *head, size_t head_len,
			  const char *name, struct mark_set *set, FILE *msgs);

/*
 * For a reader of lines (report.c): the empty lines at the start of IN
 * are consumed (*lines gets their count, to number the next line); when
 * '{' or '[' follows, the whole input is read as mark JSON
 * (mark_report_read_json, with its return value). Returns 2 when IN is not
 * JSON, the next line ready to read. JSON after spaces, tabs or CRs is left
 * to the line reader, which sees their bytes as they are.
 */
int mark_report_try_json(FILE *in, const char *name, struct mark_set *set,
			 FILE *msgs, size_t *lines);

#endif
