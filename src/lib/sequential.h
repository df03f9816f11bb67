/* SPDX-License-Identifier: MIT */
/*
 * sequential.h - the statistics of runs made one after another until they
 * are enough (-x auto): planned looks, an interval per figure that keeps
 * its stated level whenever the runs stop, and drift. Pure functions: no
 * I/O, no globals, thread-safe.
 *
 * Why not stop the moment a 95% interval is narrow: the interval's width
 * follows the runs' spread, so stopping when it happens to be narrow picks
 * the runs whose spread understates the truth, and the final "95%"
 * interval covers the truth only 80-93% of the time (more often wrong
 * still when consecutive runs are alike). Instead each look uses a
 * repeated confidence interval: with L planned looks, each look's
 * interval has level 1 - alpha/L (Bonferroni over the looks), so the
 * chance that any of them misses the truth is at most alpha, and the
 * interval shown when the runs stop, whenever and however they stop,
 * covers the truth with chance at least 1 - alpha (95%). Looks are every
 * run up to SEQUENTIAL_EVERY_RUN and then every 25% more runs, so a large
 * MAX costs few looks; the last run, MAX, is always a look.
 *
 * Drift (a trend in run order, Mann-Kendall on the logarithms) is looked
 * for from SEQUENTIAL_DRIFT_MIN runs (with fewer, even a perfectly steady
 * rise is as likely as 1 in 720 by chance, too likely at the level the
 * rule keeps), at level alpha over the figures and the looks that test
 * it, and only a change from the first run to the last beyond the
 * tolerance counts.
 *
 * The intervals assume independent runs. Runs made back to back with one
 * seed and one file placement are not quite that; the Bonferroni slack
 * absorbs a lag-1 correlation of about 0.3 (measured in
 * tests/unit/lib/test_sim.c), not more.
 */
#ifndef SEQUENTIAL_H
#define SEQUENTIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "judge.h"

#define SEQUENTIAL_MIN_RUNS 3     /* the first look */
#define SEQUENTIAL_EVERY_RUN 10   /* every run is a look up to here */
#define SEQUENTIAL_DRIFT_MIN 7    /* the first look that tests drift */
#define SEQUENTIAL_ALPHA 0.05     /* the final interval is a 95% one */
#define SEQUENTIAL_TOLERANCE 0.03 /* settled: half-width within 3% */

/* The rule's findings on one figure after the runs so far. */
struct sequential_figure {
	size_t measured;   /* runs with a usable value (finite, > 0) */
	double level;      /* this look's two-sided level, 1 - alpha/L */
	double half_width; /* the interval's relative half-width at that
			    * level, the wider side; NaN under 2 measured */
	bool settled;      /* half_width within the tolerance */
	struct judge_drift drift; /* found only at looks from DRIFT_MIN */
};

/* Whether the rule looks after run N (from 1) of at most MAX. */
bool sequential_is_look(size_t n, size_t max);

/* How many looks runs FIRST..MAX hold (0 when FIRST > MAX). */
size_t sequential_looks(size_t first, size_t max);

/*
 * The relative half-width of the two-sided LEVEL interval of the geometric
 * mean of VALUES[0..n) (usable values only): on the logs, h = t((1 +
 * level)/2, m - 1) * sd / sqrt(m) and the half-width is exp(h) - 1, the
 * wider of the interval's two sides. NaN under two usable values; 0 when
 * they are all equal.
 */
double sequential_half_width(const double *values, size_t n, double level);

/*
 * The rule for one figure whose values in run order are VALUES[0..n)
 * (NaN where a run has none), at run N of at most MAX, in a run that
 * watches FIGURES figures (the drift test's share of alpha): the
 * repeated interval at level 1 - SEQUENTIAL_ALPHA / sequential_looks(3,
 * max), settled against TOLERANCE, and drift beyond TOLERANCE when N is a
 * look from SEQUENTIAL_DRIFT_MIN. Returns 0, or -1 when out of memory.
 */
int sequential_check(const double *values, size_t n, size_t max,
		     size_t figures, double tolerance,
		     struct sequential_figure *out);

#endif
