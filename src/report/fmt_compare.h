/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.h - `clyde report --compare` (report_compare.h) in each
 * format that can show it, as the format table says (format.h's compare):
 * text (fmt_compare.c, for every text-* format), Markdown
 * (fmt_compare_md.c), HTML (fmt_compare.c) and SVG (fmt_compare_svg.c).
 * Pure functions of a complete comparison, and the texts all of them
 * share: the method, each value, difference and verdict.
 */
#ifndef FMT_COMPARE_H
#define FMT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report_compare.h"

/* C rendered to OUT; the format table's compare column says which. */
void fmt_compare_text(FILE *out, const struct comparison *c);
void fmt_compare_markdown(FILE *out, const struct comparison *c);
void fmt_compare_html(FILE *out, const struct comparison *c);
void fmt_compare_svg(FILE *out, const struct comparison *c);

/* The words on the method that every format prints beside a comparison. */
extern const char fmt_compare_method[];

/* Whether FIGURE has a row for GROUP: it or the baseline has a value. */
bool fmt_compare_row(const struct comparison *c, size_t figure, size_t group);

/*
 * The comparison's texts, one for every format: a value of figure F
 * ("412.3", "0.112", "25.3 ms"; "-" for NaN), the difference with its
 * interval ("-5.9% [-9.8%, -1.8%]"; "" when there is none) and the
 * verdict ("slower", "no clear difference (could see ±4.2%)", or from
 * 100% on "... (could see only a factor of 8.9)", "one run cannot tell").
 * Each returns buf.
 */
const char *fmt_compare_value(const struct cmp_figure *f, double v, char *buf,
			      size_t len);
const char *fmt_compare_difference(const struct compare_result *r, char *buf,
				   size_t len);
const char *fmt_compare_verdict(const struct compare_result *r, char *buf,
				size_t len);

/*
 * The rates group K and the baseline have no value for in some runs
 * (+++++, not run, not recorded), left out of the comparison: "Block read
 * in 1 of A's 3 runs; Random seeks in 2 of B's 5 runs"; "" for none.
 * Returns buf.
 */
const char *fmt_compare_missing(const struct comparison *c, size_t k,
				char *buf, size_t len);

#endif
