/* SPDX-License-Identifier: MIT */
/*
 * fmt_internal.h - what the page formats (Markdown, HTML, SVG) learn about
 * their runs in one pass. Not part of the public API: the format folder's
 * public faces are fmt.h, format.h, fmt_text.h, fmt_cells.h, fmt_html.h,
 * fmt_json.h, json_out.h, fmt_present.h and svg.h.
 */
#ifndef FMT_INTERNAL_H
#define FMT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

/*
 * What the runs of a source hold, learned in one pass so that no
 * formatter reads them again for it: how many, which tests any of them
 * has (a value or +++++) and which have a maximum latency, how many have
 * I/O and file tests (fmt_present.c).
 */
struct fmt_usage {
	size_t n;
	size_t io_rows, file_rows;
	bool used[PHASE_COUNT];
	bool latency[PHASE_COUNT];
};
struct run_source;
void fmt_usage(struct run_source *src, struct fmt_usage *u);

#endif
