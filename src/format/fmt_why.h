/* SPDX-License-Identifier: MIT */
/*
 * fmt_why.h - the words for what limited a figure and for its shapes over
 * time (the verdicts of core/limit.h and core/shape.h), shared by every
 * format that says them: the lines under clyde's tables, the JSON's
 * "limits" and "shapes", the report's pages. Pure; fmt_why.c.
 */
#ifndef FMT_WHY_H
#define FMT_WHY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

#define WHY_TEXT_MAX 256

/* One test of a run: a classic phase, or a random-I/O test. */
struct why_test {
	char name[48];                   /* "block output", "random reads Q32T1" */
	const struct figure_limit *limit;
	const struct phase_series *series;
	const struct probe_result *probe; /* --probe's waits beside it */
	bool bytes;                      /* its series' rate is bytes/s */
};

/*
 * Test I of R, in the order the lines go: the twelve phases, then the
 * random-I/O tests as they ran. false past the last.
 */
bool fmt_why_test(const struct run_results *r, size_t i, struct why_test *t);

/* The verdict's name in the JSON: "cpu", "interface", ... "" for NONE. */
const char *fmt_why_kind(enum limit_kind kind);

/*
 * The verdict as the sentence says it after the test's name: "is
 * CPU-bound", "is interface-bound", "is the page cache's", ... "" for NONE.
 */
const char *fmt_why_verdict(enum limit_kind kind);

/*
 * L's evidence: "98% of one core", "98 MiB/s of UDMA/133's ~127 MiB/s
 * (a transfer gets about 101)", "3% of its reads came from the disk",
 * "the filesystem is tmpfs, in RAM", and for unknown what is missing.
 * Returns BUF ("" for NONE).
 */
const char *fmt_why_evidence(const struct figure_limit *l, char *buf, size_t len);

/*
 * Shape SH of a test whose rate is bytes/s (BYTES) or operations/s:
 * "fell from 1.9 GiB/s to 420 MiB/s after 11.2 GiB (at 6.0 s)",
 * "stalled for 2.3 s at 14.0 s". Returns BUF.
 */
const char *fmt_why_shape(const struct series_shape *sh, bool bytes, char *buf,
			  size_t len);

/* A rate: "420 MiB/s", "1.9 GiB/s" (BYTES), or "12.3k/s". Returns BUF. */
const char *fmt_why_rate(double per_s, bool bytes, char *buf, size_t len);

#define WHY_LINE_MAX (WHY_TEXT_MAX + 96)

/*
 * Line K (0, 1, ...) of what R's verdicts say: first each test whose limit
 * is named (not unknown), "block output is device-bound: EVIDENCE", then
 * each shape, "block output fell from ..." (*SHAPE true). false past the
 * last.
 */
bool fmt_why_line(const struct run_results *r, size_t k, char *buf, size_t len,
		  bool *shape);

/*
 * The lines under clyde's tables for R: "Why: NAME VERDICT: EVIDENCE" for
 * each test whose limit is named (not unknown), then "Over time: NAME
 * SHAPE" for each shape. Nothing when there is neither.
 */
void fmt_why(FILE *out, const struct run_results *r);

/*
 * The same lines for every run of SRC (clyde report's text), each saying
 * which run it is about when there are several: "Why (run 2, ssd): ...".
 */
struct run_source;
void fmt_why_runs(FILE *out, struct run_source *src);

/* Whether some run of SRC has a line to say. */
bool fmt_why_any(struct run_source *src);

/* clyde report's Markdown: "**Why these figures**" and a list item a line. */
void fmt_why_markdown(FILE *out, struct run_source *src);

#endif
