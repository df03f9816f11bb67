/* SPDX-License-Identifier: MIT */
/*
 * report_facts.h - what `clyde report` works out about its runs before
 * any rendering, so that formatters only print it: how many runs there
 * are, what they all share (the caption), which attributes tell them apart
 * (each row's tag) and the notes under the tables (what differs between
 * runs that share a name, what a summary pooled or left out).
 */
#ifndef REPORT_FACTS_H
#define REPORT_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"
#include "run_attrs.h"
#include "run_store.h"

#define FACTS_NOTES_MAX 40     /* notes kept; more are counted */
#define FACTS_CAPTION_MAX 512
#define FACTS_NOTE_MAX 1024   /* one note, with its NUL */

struct report_facts {
	size_t runs;                    /* runs read; summary rows are not runs */
	size_t summary_groups;          /* groups that got summary rows */
	bool varies[RUN_ATTR_MAX];      /* attributes some runs differ in */
	char caption[FACTS_CAPTION_MAX];/* what every run shares, "" if nothing */
	char *notes[FACTS_NOTES_MAX];   /* plain text, one line each */
	size_t n_notes;
	size_t notes_dropped;           /* past FACTS_NOTES_MAX, until done */
};

/*
 * The facts of the runs in S: the count, the caption (the known values of
 * the attributes every run shares that no row shows), the attributes that
 * vary, and a note for each machine name whose runs differ ("ssd: the runs
 * differ in program (bonnie++ 2.00a; clyde 0.1.0) and size (1G; 2G)").
 * Returns 0, or -1 when memory ran out. Free with report_facts_free.
 */
int report_facts_compute(struct run_store *s, struct report_facts *f);

/* Add a note (printf-style, cut to FACTS_NOTE_MAX); -1 without memory. */
int report_facts_note(struct report_facts *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * "13 runs", and ", with min, median and max rows for 2 groups of them"
 * when a summary added some, into BUF. Returns buf.
 */
const char *report_facts_count(const struct report_facts *f, char *buf,
			       size_t len);

/*
 * Once every note is in: the last note becomes the count of those that
 * did not fit ("12 more notes left out"). Returns 0, or -1 without memory.
 */
int report_facts_done(struct report_facts *f);

void report_facts_free(struct report_facts *f);

/*
 * Whether some run has a tag (report_facts_tag with PAGES): whether a
 * table needs a column for them. False for a NULL F.
 */
bool report_facts_tagged(const struct report_facts *f, bool pages);

/*
 * The tag of run R: its values of the attributes that vary between runs,
 * except those its row shows already (sizes; PAGES: also copies, seeks,
 * seekers), joined by ", ": "clyde 0.1.0, direct I/O". "" when none, or
 * when F is NULL. Returns buf.
 */
const char *report_facts_tag(const struct report_facts *f,
			     const struct run_results *r, bool pages,
			     char *buf, size_t len);

#endif
