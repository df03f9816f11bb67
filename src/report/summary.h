/* SPDX-License-Identifier: MIT */
/*
 * summary.h - `clyde report --summary`: min, median and max rows for
 * every group of runs that measured the same thing (as `-x 5` makes), so
 * that any formatter can print them beside the runs themselves.
 */
#ifndef SUMMARY_H
#define SUMMARY_H

#include <stddef.h>

#include "results.h"
#include "report_facts.h"
#include "run_store.h"

/*
 * Sort V[0..n) (n >= 1) and set out[0] = minimum, out[1] = median (the
 * mean of the middle two when n is even), out[2] = maximum.
 */
void summary_stats(double *v, size_t n, double out[3]);

/* The summary rows: three for each group of two or more runs. */
struct summary {
	struct run_results *rows; /* "NAME (min)", "NAME (median)", "NAME (max)" */
	size_t n_rows;
};

/*
 * The summary of the runs in S. A group is the runs with the same machine
 * name and the same value of every test attribute (run_attrs.h: program
 * and version, sizes, copies, mode, data, per-char method), so bonnie++
 * and clyde runs, or -c 2 and -c 1 runs, are never pooled; groups come in
 * the order of their first runs. Each figure (rate, CPU, maximum latency)
 * is summarised on its own over the runs that measured it: a "+++++" is
 * left out, and a row shows "+++++" only when every run did. The rows
 * carry the group's own setup (its size text, its mode) and their own
 * verdicts (verdict_compute), being new results. F gets a note on
 * what each group pooled and on what it left out, the count of groups
 * and, when it holds the runs' groups, each row's group after them.
 * Returns 0, or -1 when memory ran out; free OUT with
 * summary_free.
 */
int summary_rows(struct run_store *s, struct run_facts *f,
		 struct summary *out);

void summary_free(struct summary *sm);

#endif
