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

#endif
