/* SPDX-License-Identifier: MIT */
/*
 * run_facts.h - what is known about a set of runs beyond their figures,
 * as a value formatters read (format.h's render_opts.facts): how many
 * runs there are, what they all share (the caption), which attributes
 * tell them apart (so each row's tag) and the notes under the tables.
 * `clyde report` works them out (report/report_facts.h); formatters only
 * print them.
 */
#ifndef RUN_FACTS_H
#define RUN_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results.h"
#include "run_attrs.h"

#define FACTS_NOTES_MAX 40     /* notes kept; more are counted */
#define FACTS_CAPTION_MAX 512
#define FACTS_NOTE_MAX 1024   /* one note, with its NUL */

struct run_facts {
	size_t runs;                    /* runs read; summary rows are not runs */
	size_t summary_groups;          /* groups that got summary rows */
	bool varies[RUN_ATTR_MAX];      /* attributes some runs differ in */
	char caption[FACTS_CAPTION_MAX];/* what every run shares, "" if nothing */
	char *notes[FACTS_NOTES_MAX];   /* plain text, one line each */
	size_t n_notes;
	size_t notes_dropped;           /* past FACTS_NOTES_MAX, until done */
	/* The group of each run, then of each summary row (the group it
	 * summarises): runs alike in name and test attributes share one,
	 * numbered from 0 in order of their first run. */
	uint32_t *group;
	size_t n_group;
};

/*
 * "13 runs", and ", with min, median and max rows for 2 groups of them"
 * when a summary added some, into BUF. Returns buf.
 */
const char *run_facts_count(const struct run_facts *f, char *buf, size_t len);

/*
 * The group of run I (run_source order, summary rows after the runs):
 * what a picture colours alike. I itself when F is NULL or does not say.
 */
size_t run_facts_group(const struct run_facts *f, size_t i);

/*
 * Whether some run has a tag (run_facts_tag with PAGES): whether a table
 * needs a column for them. False for a NULL F.
 */
bool run_facts_tagged(const struct run_facts *f, bool pages);

/*
 * The tag of run R: its values of the attributes that vary between runs,
 * except those its row shows already (sizes; PAGES: also copies, seeks,
 * seekers), joined by ", ": "clyde 0.1.0, direct I/O". "" when none, or
 * when F is NULL. Returns buf.
 */
const char *run_facts_tag(const struct run_facts *f,
			  const struct run_results *r, bool pages, char *buf,
			  size_t len);

#endif
