/* SPDX-License-Identifier: MIT */
/*
 * fmt_present.h - how the human formats (Markdown, HTML, SVG) present a
 * figure: the test titles and units, MiB/s with one decimal, latency with a
 * unit, the size and file-test descriptions, and the worst-to-best position
 * HTML shades by. The pages of `clyde report --compare` and of mark
 * results present their figures with it too.
 */
#ifndef FMT_PRESENT_H
#define FMT_PRESENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results.h"
#include "run/phase_info.h"

#define PRESENT_TEXT_MAX 96

/* The unit the human formats show a rate of UNIT in: "MiB/s" for KiB/s. */
const char *present_unit_name(enum phase_unit unit);

/*
 * The rate of P in its display unit: KiB/s / 1024 for the five bulk tests,
 * seeks/s, files/s. Only meaningful for FIGURE_VALUE.
 */
double present_value(const struct phase_result *p, enum phase_id phase);

/*
 * The rate as text: "337.3" (MiB/s, one decimal; three below 1 MiB/s,
 * "0.006", so that a slow per-char test does not read 0), "236.8" or "8475"
 * (seeks, as bonnie++), "1227" (files/s), "+++++" when too fast, "" when the
 * test did not run. Returns buf.
 */
const char *present_rate(const struct phase_result *p, enum phase_id phase,
			 char *buf, size_t len);

/* CPU percent as "89", or "" unless FIGURE_VALUE. Returns buf. */
const char *present_cpu(const struct phase_result *p, char *buf, size_t len);

/*
 * A latency in nanoseconds as "56 µs", "8.0 ms", "120 ms", "1.37 s",
 * "123 s"; "" for 0. Returns buf.
 */
const char *present_latency(uint64_t ns, char *buf, size_t len);

/*
 * When TEXT starts with a character that would act or hide on a page or a
 * terminal (a Unicode bidi control, which reorders what follows it; a C0
 * or C1 control; a byte that is not UTF-8: fmt_hidden_at), print its
 * visible name "[U+202E]" (the brackets as "\\[" and "\\]" for Markdown,
 * MARKDOWN) instead and return its length; else print nothing and return 0.
 */
size_t present_hidden(FILE *out, const char *text, bool markdown);

/*
 * TEXT escaped for HTML and SVG (XML) alike: & < > " ' as character
 * references, and each bidi or other control by name (present_hidden).
 */
void present_markup_text(FILE *out, const char *text);

/*
 * TEXT for Markdown: its special characters escaped with a backslash, so
 * that a name stays a name, and each bidi or other control by name.
 */
void present_markdown_text(FILE *out, const char *text);

/* "1 GiB", "256 MiB, 64 KiB chunks, 2 copies, 100 seeks, 3 seekers". */
const char *present_io(const struct run_results *r, char *buf, size_t len);

/* "16384 files", "1024 files, 100-1000 B, 2 dirs", "1024 hard links". */
const char *present_files(const struct run_results *r, char *buf, size_t len);

/*
 * A column's range for shading: call present_scale_add for every value,
 * then present_scale_pos gives 0 (worst) .. 1 (best). Columns with fewer
 * than two distinct values are not shaded (present_scale_on is false).
 * When the best is less than twice the worst the positions are pulled
 * toward the middle, so small differences do not look like large ones.
 */
struct present_scale {
	double lo, hi;
	size_t count;
	bool higher_is_better;
};
void present_scale_init(struct present_scale *s, bool higher_is_better);
void present_scale_add(struct present_scale *s, double value);
bool present_scale_on(const struct present_scale *s);
double present_scale_pos(const struct present_scale *s, double value);

#endif
