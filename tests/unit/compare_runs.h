/* SPDX-License-Identifier: MIT */
/*
 * compare_runs.h - for the comparison tests: hand-made classic runs (block
 * write, block read, seeks and random reads at chosen rates), the runs of
 * the golden comparison, and their comparison through the store and the
 * facts as `clyde report --compare` makes it. Header-only, tests only.
 */
#ifndef COMPARE_RUNS_H
#define COMPARE_RUNS_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "report/report_compare.h"
#include "report/report_facts.h"
#include "report/run_store.h"

#define KIB_PER_MIB 1024.0

/* A run of NAME with block write, block read, seeks and, with IOPS, random reads. */
static inline struct run_results compare_run(const char *name, bool direct,
					     double write_mib, double read_mib,
					     double cpu, double iops)
{
	struct run_results r = golden_blank_run(name, 1024, 0);

	r.perchar_mib = 0;
	r.mode.direct = direct;
	golden_set(&r, PHASE_WRITE, FIGURE_VALUE, write_mib * KIB_PER_MIB, cpu,
		   (uint64_t)(write_mib * 10000));
	if (read_mib > 0)
		golden_set(&r, PHASE_READ, FIGURE_VALUE, read_mib * KIB_PER_MIB, 50, 0);
	else
		golden_set(&r, PHASE_READ, FIGURE_TOO_FAST, 0, 0, 0);
	golden_set(&r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, 0);
	if (iops > 0) {
		r.n_random = 1;
		r.random[0] = (struct random_result){
			.writes = false, .depth = 4, .ops = 1000,
			.elapsed_ns = 1000000000, .iops = iops,
			.mib_per_s = iops / 256, .cpu_pct = 5,
			.lat = { .count = 1000, .p99_ns = (uint64_t)(4e9 / iops) },
		};
	}
	return r;
}

/*
 * The golden comparison's runs: disk x5 (buffered; one block read +++++),
 * disk x4 with -D (slower writes at less CPU, reads alike), nvme once.
 */
static inline size_t compare_runs(struct run_results *runs)
{
	static const double wr[5] = { 200, 204, 198, 202, 201 };
	static const double rd[5] = { 500, 520, 0, 480, 510 };
	static const double dwr[4] = { 180, 178, 183, 181 };
	static const double drd[4] = { 505, 495, 515, 500 };
	size_t n = 0;

	for (int i = 0; i < 5; i++)
		runs[n++] = compare_run("disk", false, wr[i], rd[i], 40 + i,
					9000 + 100 * i);
	for (int i = 0; i < 4; i++)
		runs[n++] = compare_run("disk", true, dwr[i], drd[i], 10 + i,
					9300 - 200 * i);
	runs[n++] = compare_run("nvme", false, 900, 2000, 30, 0);
	return n;
}

/* A comparison with what it was made from. */
struct compared {
	struct run_store *store;
	struct run_facts facts;
	struct comparison c;
	struct parse_error err;
};

/*
 * RUNS[0..n) compared as `clyde report --compare [--baseline BASELINE]
 * [--threshold]` does (THRESHOLD a fraction, 0 the default): what
 * report_compare returns. Free X with compared_free whatever it returned.
 */
static inline int compare_of(const struct run_results *runs, size_t n,
			     const char *baseline, double threshold,
			     struct compared *x)
{
	const struct cmp_options o = { baseline, threshold };

	memset(x, 0, sizeof(*x));
	x->store = run_store_new();
	for (size_t i = 0; i < n; i++)
		CHECK("store add", run_store_add(x->store, &runs[i]) == 0);
	CHECK("facts", report_facts_compute(x->store, &x->facts) == 0 &&
			       report_facts_done(&x->facts) == 0);
	return report_compare(x->store, &x->facts, &o, &x->c, &x->err);
}

static inline void compared_free(struct compared *x)
{
	report_compare_free(&x->c);
	report_facts_free(&x->facts);
	run_store_free(x->store);
}

#endif
