/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.h - `clyde report --compare` (report_compare.h) in each
 * format that can show it, as the format table says (format.h's compare):
 * text (fmt_compare_text.c, for every text-* format), Markdown
 * (fmt_compare_md.c), HTML (fmt_compare_html.c) and SVG
 * (fmt_compare_svg.c). Pure functions of a complete comparison, and the
 * words all of them share (fmt_compare.c): the preamble on the method and
 * its error rate, each value, estimate, method and verdict, and the notes
 * on each pair of groups (what differs, warnings, page cache, drift, odd
 * runs, what is missing).
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

#define FMT_COMPARE_PREAMBLE_MAX 3072
#define FMT_COMPARE_NOTE_MAX 2048

/*
 * "Comparison of 3 groups of runs; the baseline is ssd." into BUF, and
 * the preamble every format prints under it: how to read a verdict, what
 * the error rate covers (each family's size and the level of its
 * intervals), the method, odd runs and drift. Each returns buf.
 */
const char *fmt_compare_title(const struct comparison *c, char *buf,
			      size_t len);
const char *fmt_compare_preamble(const struct comparison *c, char *buf,
				 size_t len);

/* "B: nvme (5 runs) against A: ssd (4 runs), the baseline" for group K. */
const char *fmt_compare_heading(const struct comparison *c, size_t k,
				char *buf, size_t len);

/* "5 runs", "1 mark, 5 runs": group K's size. */
const char *fmt_compare_runs(const struct comparison *c, size_t k, char *buf,
			     size_t len);

/* Whether FIGURE has a row for GROUP: it or the baseline has a value. */
bool fmt_compare_row(const struct comparison *c, size_t figure, size_t group);

/*
 * ROW(OUT, C, F, K) for each figure F with a row for group K, the rates
 * first, then CPU and latencies: a table's rows in every format.
 */
void fmt_compare_rows(FILE *out, const struct comparison *c, size_t k,
		      void (*row)(FILE *out, const struct comparison *c,
				  size_t f, size_t k));

/*
 * The comparison's texts, one for every format: a value of figure F
 * ("412.3", "0.112", "25.3 ms"; "-" for NaN); the values of A (BASE) and
 * B shown beside figure F's verdict for group K, those its estimate is
 * about (medians beside a Hodges-Lehmann ratio, geometric means beside
 * Welch's); the estimate with its interval ("-5.9% [-9.8%, -1.8%]", ""
 * when there is none); the method and level ("HL 99.6%", "Welch 99.6%");
 * the verdict ("slower", "the same within ±3%", "cannot tell (reliably
 * detects 12% or more)", "page cache, not the disk"). Each returns buf.
 */
const char *fmt_compare_value(const struct cmp_figure *f, double v, char *buf,
			      size_t len);
double fmt_compare_shown(const struct comparison *c, size_t f, size_t k,
			 bool base);
const char *fmt_compare_difference(const struct judge_result *r, char *buf,
				   size_t len);
const char *fmt_compare_method(const struct judge_result *r, char *buf,
			       size_t len);
const char *fmt_compare_verdict(const struct comparison *c, size_t f, size_t k,
				char *buf, size_t len);

/* How a verdict looks: the class of its cell or bar. */
enum fmt_compare_tone {
	TONE_BETTER, TONE_WORSE, TONE_SAME, TONE_UNCLEAR, TONE_CACHE,
};
enum fmt_compare_tone fmt_compare_tone(const struct comparison *c, size_t f,
				       size_t k);
/* "better", "worse", "same", "unclear", "cache": a class name. */
const char *fmt_compare_tone_name(enum fmt_compare_tone t);

/* A note on a pair of groups; those before the table, then after it. */
enum fmt_note_kind {
	NOTE_DIFFERS,  /* what differs between the groups (always first) */
	NOTE_WARNING,  /* they measured different things, or pool setups */
	NOTE_CACHE,    /* figures the page cache served */
	NOTE_DRIFT,    /* a group's figure moved in run order */
	NOTE_ODD,      /* runs far from their group's median */
	NOTE_MISSING,  /* figures left out as +++++, not recorded, or 0 */
};

struct fmt_note {
	enum fmt_note_kind kind;
	char text[FMT_COMPARE_NOTE_MAX];
};

/* Whether a note of KIND goes before the table of its pair. */
static inline bool fmt_note_before(enum fmt_note_kind kind)
{
	return kind <= NOTE_WARNING;
}

/*
 * The notes on group K against the baseline, in the order of enum
 * fmt_note_kind, as a malloc'd array (*n of them; free it); NULL with *n
 * 0 when memory ran out.
 */
struct fmt_note *fmt_compare_notes(const struct comparison *c, size_t k,
				   size_t *n);

#endif
