/* SPDX-License-Identifier: MIT */
/*
 * run_attrs.h - the attributes that tell runs apart, one row each: what
 * was run (program and version, sizes, copies, mode, data, per-char
 * method) and where (kernel, filesystem, device, scheduler, ...), each
 * with how to read it from a struct run_results as a short text. `clyde
 * report` says which of them differ between runs and groups only runs
 * that agree on every test attribute. Adding what a run records is one
 * row here. Pure; no globals besides the constant table.
 */
#ifndef RUN_ATTRS_H
#define RUN_ATTRS_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

#define RUN_ATTR_MAX 32       /* rows the table may have */
#define RUN_ATTR_TEXT_MAX 160 /* a value's text, with its NUL */

struct run_attr {
	const char *name; /* "program", "size": how "what differs" names it */
	/*
	 * Part of what was measured: runs that differ here measured
	 * something else, so a summary never pools them.
	 */
	bool test;
	/* Where a run's own row shows it already, so a tag need not. */
	enum run_attr_row {
		ROW_NONE,  /* nowhere */
		ROW_EVERY, /* every format: size, chunk, file tests */
		ROW_PAGES  /* the size texts of Markdown, HTML and SVG */
	} in_row;
	/* The value nearly every run has, left out where a note lists values. */
	const char *usual;
	/*
	 * What a difference here means to `clyde report --compare`: a setting
	 * or a fact of the machine (what a comparison is for); how the I/O
	 * was done (buffered or direct), which it warns of; or what was
	 * measured (sizes, counts), which makes two groups' figures no
	 * speed-up of one over the other.
	 */
	enum run_attr_weight {
		WEIGHT_SETTING,
		WEIGHT_METHOD,
		WEIGHT_WORKLOAD
	} weight;
	/*
	 * A detail of the machine said only where runs differ (notes and
	 * comparisons), never in the caption of what every run shares nor
	 * in a run's tag.
	 */
	bool detail;
	/*
	 * The value as a phrase that reads alone in a list ("clyde 0.1.0",
	 * "direct I/O", "scheduler mq-deadline") into BUF (RUN_ATTR_TEXT_MAX
	 * bytes), "" when R's source did not record it. Returns false (and
	 * "") when the attribute means nothing for R (the seekers of a run
	 * without I/O tests): such a run neither differs nor agrees.
	 */
	bool (*read)(const struct run_results *r, char *buf);
};

extern const struct run_attr run_attrs[];
extern const size_t run_attr_count;

/*
 * Whether R was measured by this clyde build's kind of run (a live run or
 * its JSON) rather than read from a CSV line: only then are the mode, the
 * data and the per-char size known.
 */
bool run_attrs_measured(const struct run_results *r);

#endif
