/* SPDX-License-Identifier: MIT */
/*
 * summary.h - `clyde report --summary`: min, median and max rows for every
 * machine name that has several runs (as `-x 5` makes), so that any
 * formatter can print them beside the runs themselves.
 */
#ifndef SUMMARY_H
#define SUMMARY_H

#include <stddef.h>
#include <stdio.h>

#include "clyde.h"

/*
 * Sort V[0..n) (n >= 1) and set out[0] = minimum, out[1] = median (the
 * mean of the middle two when n is even), out[2] = maximum.
 */
void summary_stats(double *v, size_t n, double out[3]);

/*
 * RUNS[0..n) with, after the last run of every machine name that appears
 * at least twice, the rows "NAME (min)", "NAME (median)" and "NAME (max)".
 * Each figure (rate, CPU, maximum latency) is summarised on its own over
 * the runs that measured it: a "+++++" is left out (a row shows "+++++"
 * only when every run did), and each such omission is named in one line on
 * NOTES ("clyde: report: note: ..."). The rows take the test sizes of the
 * group's first run that has them; a group whose sizes differ gets a note
 * too. *out is allocated (free it); returns 0, or -1 if memory ran out.
 */
int summary_add(const struct run_results *runs, size_t n,
		struct run_results **out, size_t *out_n, FILE *notes);

#endif
