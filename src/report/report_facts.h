/* SPDX-License-Identifier: MIT */
/*
 * report_facts.h - how `clyde report` works out the facts of its runs
 * (format/run_facts.h, the value formatters print) before any rendering:
 * the count, what every run shares, which attributes vary, and the notes
 * under the tables (what differs between runs that share a name, what a
 * summary pooled or left out).
 */
#ifndef REPORT_FACTS_H
#define REPORT_FACTS_H

#include "format/run_facts.h"
#include "run_store.h"

/*
 * The facts of the runs in S: the count, the caption (the known values of
 * the attributes every run shares that no row shows), the attributes that
 * vary, and a note for each machine name whose runs differ ("ssd: the runs
 * differ in program (bonnie++ 2.00a; clyde 0.1.0) and size (1G; 2G)"),
 * and each run's group by name and test attributes (f->group).
 * Returns 0, or -1 when memory ran out. Free with report_facts_free.
 */
int report_facts_compute(struct run_store *s, struct run_facts *f);

/* Add a note (printf-style, cut to FACTS_NOTE_MAX); -1 without memory. */
int report_facts_note(struct run_facts *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Once every note is in: the last note becomes the count of those that
 * did not fit ("12 more notes left out"). Returns 0, or -1 without memory.
 */
int report_facts_done(struct run_facts *f);

/* Free F's notes and clear it. */
void report_facts_free(struct run_facts *f);

#endif
