/* SPDX-License-Identifier: MIT */
/*
 * report_compare.h - `clyde report --compare`: the runs in groups (a
 * machine name, split further when runs of one name measured different
 * things), a baseline group, and for every figure and every other group
 * the medians, the relative difference of the group means with its 95%
 * confidence interval and a verdict (compare.h: Welch's t on the
 * logarithms). Worked out before rendering; formatters only print it.
 */
#ifndef REPORT_COMPARE_H
#define REPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/compare.h"
#include "core/parse.h"
#include "report_facts.h"
#include "run_store.h"

/* What a figure measures, and so which way is better (the one place it says). */
enum cmp_kind {
	CMP_RATE,      /* the test's rate: higher is better */
	CMP_CPU,       /* CPU % per unit of rate: lower is better */
	CMP_LAT_MAX,   /* the slowest operation: lower is better */
	CMP_LAT_P99,   /* the 99th percentile latency (clyde's JSON): lower */
	CMP_RAND_IOPS, /* a --random-io test's IOPS: higher */
	CMP_RAND_P99,  /* its 99th percentile latency: lower */
};

struct cmp_figure {
	char name[64];      /* "Block write", "random reads, depth 32" */
	char measure[40];   /* "MiB/s", "CPU % per MiB/s", "max latency" */
	enum cmp_kind kind;
	enum compare_better better;
	bool latency;       /* values are nanoseconds */
	int phase;          /* the phase, or for random tests the depth */
	bool writes;        /* random tests: writes, else reads */
};

/* One group's values of one figure. */
struct cmp_spread {
	size_t n;        /* runs with a value */
	size_t missing;  /* runs without one (+++++, not run, not recorded) */
	double median, min, max;
};

struct comparison {
	size_t n_groups;
	size_t baseline;
	char **label;           /* "ssd", or "ssd [direct I/O]" */
	size_t *runs;           /* runs in each group */
	size_t n_figures;
	struct cmp_figure *figure;
	/* [figure * n_groups + group]: */
	struct cmp_spread *spread;
	struct compare_result *result; /* against the baseline; its own unused */
	const struct run_facts *facts; /* the caption and notes printed under it */
};

/*
 * Compare the groups of S (report_groups.h, by name and test attributes)
 * with the baseline: the first group, or the first whose label or machine
 * name is BASELINE. FACTS give each group's label its tag when one name
 * has several groups, and stay C's (printed under the comparison) until
 * it is freed. Figures every group lacks are left out. Returns 0;
 * -1 when memory ran out; -2 with the reason in *err when BASELINE names
 * no group or there are fewer than two groups.
 */
int report_compare(struct run_store *s, const struct run_facts *facts,
		   const char *baseline, struct comparison *c,
		   struct parse_error *err);

void report_compare_free(struct comparison *c);

/* "faster", "slower", "no clear difference", "one run cannot tell". */
const char *report_compare_verdict(const struct compare_result *r);

#endif
