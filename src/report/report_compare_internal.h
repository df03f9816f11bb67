/* SPDX-License-Identifier: MIT */
/*
 * report_compare_internal.h - how a comparison is built (report_compare.c)
 * from either kind of input (report_compare_runs.c for classic runs,
 * report_compare_marks.c for clyde mark results): the groups and their
 * capacity, the figures, each run's values in run order, each run's
 * attributes, then the verdicts. Not part of the public API.
 */
#ifndef REPORT_COMPARE_INTERNAL_H
#define REPORT_COMPARE_INTERNAL_H

#include "report_compare.h"

/* An attribute whose values a comparison sets side by side. */
struct cmp_attr {
	const char *name;
	enum run_attr_weight weight;
};

struct cmp_seen;

/* A comparison being built. */
struct cmp_build {
	struct comparison *c;
	size_t max_figures;
	size_t total_runs;           /* every group's capacity together */
	size_t *start;               /* each group's first slot in a figure */
	size_t *capacity;            /* values each group may get per figure */
	struct cmp_attr *attrs;      /* the caller sets them after begin */
	size_t n_attrs;
	struct cmp_seen *seen;       /* [group * n_attrs + attr] */
	const char **names;          /* each group's machine name (--baseline) */
};

/*
 * Begin C with N_GROUPS groups, group K holding at most CAPACITY[k] values
 * of each of at most MAX_FIGURES figures, and room for N_ATTRS attributes
 * (b->attrs, the caller's to fill). Labels (malloc'd), machine names
 * (borrowed) and run counts are the caller's to set in c->label, b->names
 * and c->runs. Returns 0, or -1 when memory ran out (everything freed).
 */
int cmp_build_begin(struct cmp_build *b, struct comparison *c, size_t n_groups,
		    const size_t *capacity, size_t max_figures, size_t n_attrs);

/*
 * A figure of KIND called NAME (UNIT fills the rate's measure: "MiB/s"),
 * with PHASE and WRITES as struct cmp_figure says. Returns its index.
 */
size_t cmp_build_figure(struct cmp_build *b, enum cmp_kind kind,
			const char *name, const char *unit, int phase,
			bool writes);

/*
 * The three figures of --probe's KIND (PROBE_READ, PROBE_WRITE) beside
 * the test NAME (PHASE, WRITES, RANDOM as struct cmp_figure says): its
 * waits' p50, p99 and max.
 */
void cmp_build_feel(struct cmp_build *b, const char *name, int phase,
		    bool writes, bool random, unsigned kind);

/* Feel figure F's value in probe result P: NaN when that probe did not run. */
double cmp_feel_value(const struct probe_result *p, const struct cmp_figure *f);

/* The next run of group K has V for figure F (NaN: none); CACHED: the
 * page cache served it. */
void cmp_build_value(struct cmp_build *b, size_t f, size_t k, double v,
		     bool cached);

/* A run of group K has VALUE ("" not recorded) for attribute A. */
void cmp_build_attr(struct cmp_build *b, size_t k, size_t a, const char *value);

/*
 * The baseline O names, each group's spreads, the verdicts of both
 * families at threshold O's, and what differs between each group and the
 * baseline; the build's own memory freed. Returns 0, -1 when memory ran
 * out, -2 with *err when the baseline names no group; C is freed on
 * failure.
 */
int cmp_build_finish(struct cmp_build *b, const struct cmp_options *o,
		     struct parse_error *err);

/* Abandon the build and C (after cmp_build_begin). */
void cmp_build_abandon(struct cmp_build *b);

#endif
