/* SPDX-License-Identifier: MIT */
/*
 * fmt_feel.h - how the machine felt beside each test (--probe): the words
 * for a probe's waits, shared by every format that says them: the Feel
 * lines under clyde's tables and clyde report's text, the report's
 * Markdown and HTML tables (fmt_feel.c) and its SVG charts
 * (fmt_feel_svg.c). Pure.
 */
#ifndef FMT_FEEL_H
#define FMT_FEEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

#define FEEL_NAME_MAX 48
#define FEEL_TEXT_MAX 320

/* One test of a run that a probe ran beside. */
struct feel_test {
	char name[FEEL_NAME_MAX];  /* "block output", "random reads, Q1T1" */
	char title[FEEL_NAME_MAX]; /* the pages': "Block write", "Random
				    * reads, Q1T1" */
	const struct probe_result *probe;
};

/*
 * The I-th test of R that a probe ran beside (a classic phase, in
 * bonnie++ order, then the random-I/O tests as they ran) into *t; false
 * past the last.
 */
bool fmt_feel_test(const struct run_results *r, size_t i, struct feel_test *t);

/* "p50 125 µs, p99 38.5 ms, max 93.9 ms (2 over 100 ms, 0 over 1 s)". */
const char *fmt_feel_waits(const struct probe_waits *w, char *buf, size_t len);

/*
 * P's waits in words: "reads waited p50 ... (...)", and with writes
 * "; fsynced writes p50 ... (...)". Returns BUF.
 */
const char *fmt_feel_text(const struct probe_result *p, char *buf, size_t len);

/* The lines under clyde's tables for R: "Feel: NAME: TEXT" a test. */
void fmt_feel(FILE *out, const struct run_results *r);

/*
 * The same for every run of SRC (clyde report's text, a --vary run's
 * answer), each saying which run it is about when there are several:
 * "Feel (run 2, ssd): NAME: TEXT".
 */
struct run_source;
void fmt_feel_runs(FILE *out, struct run_source *src);

/* Whether some run of SRC had a probe beside some test. */
bool fmt_feel_any(struct run_source *src);

/*
 * clyde report's Markdown and HTML: a table with a row per run and test
 * a probe ran beside (its reads' and writes' p50, p99, max and the waits
 * over 100 ms and 1 s), after a title that says what the probe did.
 */
void fmt_feel_markdown(FILE *out, struct run_source *src);
void fmt_feel_html(FILE *out, struct run_source *src);

/*
 * clyde report's SVG (fmt_feel_svg.c): a chart per test a probe ran
 * beside, a bar per run and kind at its p99 wait, its p50, max and counts
 * beside it. fmt_feel_svg_height says how many pixels they take in an
 * image WIDTH wide (0 without a probe); fmt_feel_svg draws them from Y and
 * returns the y below them.
 */
int fmt_feel_svg_height(struct run_source *src, int width);
int fmt_feel_svg(FILE *out, struct run_source *src, int y, int width);

#endif
