/* SPDX-License-Identifier: MIT */
/*
 * report_compare.h - `clyde report --compare`: runs in groups (classic
 * runs by machine name and test attributes, clyde mark results by machine
 * name and settings), a baseline group, and for every figure of every
 * other group the verdict of lib/judge.h against the baseline (faster,
 * slower, the same within +/-T, cannot tell) with its estimate, interval,
 * method, odd runs and drift; what differs between the groups, and the
 * figures the page cache served. Worked out before rendering; the words
 * are the renderers' (fmt_compare.h).
 *
 * The error rate: three families, each at JUDGE_ALPHA (5%). The rates (the
 * figures a benchmark is run for: MiB/s, files/s, seeks/s, IOPS, a mark's
 * MB/s) are one; CPU and latencies, secondary figures that are noisier and
 * follow the rates, are another; the waits of --probe beside each test
 * (how the machine felt: what everything else waited behind the test) are
 * the third, a question of their own that a --vary scheduler=... --probe
 * run is made to answer, noisier still (a p99 of a few hundred waits, a
 * maximum), and kept apart so that neither widens the other families'
 * intervals nor is widened by them. Within each, the chance that any
 * verdict of the whole comparison is false is at most 5%. A mark's IOPS
 * is its MB/s over one block size: it gets the same verdict and is not
 * counted twice.
 */
#ifndef REPORT_COMPARE_H
#define REPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/parse.h"
#include "format/run_attrs.h"
#include "lib/judge.h"
#include "mark/mark.h"
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
	CMP_MARK_MBS,  /* a mark test's MB/s, run by run: higher */
	CMP_MARK_IOPS, /* its IOPS: higher, the verdict of its MB/s */
	CMP_MARK_MEAN, /* its mean latency, run by run: lower */
	CMP_FEEL_P50,  /* --probe's waits beside a test (its reads', or its
			* fsynced writes'): the median, lower is better */
	CMP_FEEL_P99,  /* their 99th percentile: lower */
	CMP_FEEL_MAX,  /* the longest: lower */
};

/* The families of figures that each keep one error rate. */
enum cmp_family { CMP_RATES, CMP_COSTS, CMP_FEEL, CMP_FAMILIES };

struct cmp_figure {
	char name[64];      /* "Block write", "Random reads, depth 32", "SEQ1M Q8T1 read" */
	char measure[40];   /* "MiB/s", "CPU % per MiB/s", "max latency" */
	enum cmp_kind kind;
	enum compare_better better;
	bool latency;       /* values are nanoseconds */
	enum cmp_family family;
	bool counted;       /* counts in its family's size (not a restatement) */
	int phase;          /* the phase; random tests: the depth; marks: the row */
	bool writes;        /* random tests and marks: writes, else reads */
	bool random;        /* CMP_FEEL_*: beside a random-I/O test */
	unsigned probe;     /* CMP_FEEL_*: PROBE_READ's waits or PROBE_WRITE's */
};

/* One group's values of one figure. */
struct cmp_spread {
	size_t first, count; /* its values: comparison.values[first..+count),
			      * in run order, NaN where a run has none */
	size_t n;            /* usable values */
	size_t zero;         /* measured 0: a value, but no ratio can be
			      * taken of it, so not usable */
	size_t missing;      /* the others (+++++, not run, not recorded) */
	size_t cached;       /* runs the page cache served (the truth check) */
	double median, min, max;
};

#define CMP_VALUE_MAX 256   /* one group's value(s) of an attribute */
#define CMP_DIFF_MAX (RUN_ATTR_MAX + 8)

/* An attribute that differs between two groups, or within one of them. */
struct cmp_difference {
	const char *name;             /* "scheduler" (static) */
	enum run_attr_weight weight;
	char a[CMP_VALUE_MAX];        /* the baseline's value: "" not recorded; */
	char b[CMP_VALUE_MAX];        /* several joined by "; " when mixed */
	bool a_mixed, b_mixed;        /* the group's runs differ in it */
};

/* What differs between group K and the baseline. */
struct cmp_versus {
	size_t n_diff;
	struct cmp_difference diff[CMP_DIFF_MAX];
	bool workload;  /* a WEIGHT_WORKLOAD difference: not the same test */
	bool method;    /* a WEIGHT_METHOD difference: I/O done another way */
	bool mixed;     /* a group pools runs that differ (but in the name) */
};

struct comparison {
	bool marks;             /* groups of clyde mark results */
	size_t n_groups;
	size_t baseline;
	char **label;           /* "ssd", or "ssd [direct I/O]" */
	size_t *runs;           /* runs in each group (for marks, every run of
				 * every mark's tests) */
	size_t *n_marks;        /* marks in each group; NULL for classic runs */
	size_t n_figures;
	struct cmp_figure *figure;
	/* [figure * n_groups + group]: */
	struct cmp_spread *spread;
	struct judge_result *result; /* against the baseline; its own unused */
	struct cmp_versus *versus;   /* [group]; the baseline's is empty */
	double *values;              /* what spreads index */
	double threshold;            /* T as a fraction (0.03) */
	double alpha;                /* each family's error rate */
	size_t family[CMP_FAMILIES]; /* figures that share each family's rate */
	const struct run_facts *facts; /* the caption and notes printed under it */
};

/* What `clyde report --compare` is asked. */
struct cmp_options {
	const char *baseline; /* a group's label or machine name; NULL: the first */
	double threshold;     /* T as a fraction; 0: JUDGE_THRESHOLD */
};

/*
 * Compare the classic runs of S in groups (report_groups.h: by name and
 * test attributes) with the baseline O names: the first group, or the
 * first whose label or machine name is o->baseline. FACTS give each
 * group's label its tag when one name has several groups, and stay C's
 * (printed under the comparison) until it is freed. Figures every group
 * lacks are left out. Returns 0; -1 when memory ran out; -2 with the
 * reason in *err when the baseline names no group or there are fewer
 * than two groups.
 */
int report_compare(struct run_store *s, const struct run_facts *facts,
		   const struct cmp_options *o, struct comparison *c,
		   struct parse_error *err);

/*
 * The same for clyde mark results MARKS[0..n) (complete), grouped by
 * machine name and settings: each test and direction's MB/s, IOPS and
 * mean latency, one value a run (a mark read from CSV, which keeps only
 * its score, gives one). Returns as report_compare.
 */
int report_compare_marks(const struct mark_results *marks, size_t n,
			 const struct cmp_options *o, struct comparison *c,
			 struct parse_error *err);

void report_compare_free(struct comparison *c);

/* Figure F of group K's verdict, spread and values. */
static inline const struct judge_result *
report_compare_result(const struct comparison *c, size_t f, size_t k)
{
	return &c->result[f * c->n_groups + k];
}

static inline const struct cmp_spread *
report_compare_spread(const struct comparison *c, size_t f, size_t k)
{
	return &c->spread[f * c->n_groups + k];
}

/* The two-sided level of each interval of family FAM: 1 - alpha / m. */
double report_compare_level(const struct comparison *c, enum cmp_family fam);

#endif
