/* SPDX-License-Identifier: MIT */
/*
 * repeat.h - -x auto[:MAX]: after each whole run, whether the runs so far
 * are enough. clyde runs at least REPEAT_AUTO_MIN times and stops when
 * every rate the runs report has a 95% confidence interval within
 * COMPARE_AUTO_TOLERANCE (3%) of its mean (compare_settled), or at MAX
 * runs, and then says on stderr which rates were still noisy. Pure
 * functions of the results (but repeat_say, which only writes); no
 * globals, thread-safe.
 */
#ifndef REPEAT_H
#define REPEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

#define REPEAT_AUTO_MIN 3u        /* runs -x auto always makes */
#define REPEAT_AUTO_MAX 10u       /* -x auto without :MAX */
#define REPEAT_AUTO_LIMIT 1000u   /* the largest MAX (every run is kept) */
#define REPEAT_MAX_FIGURES (PHASE_COUNT + MAX_RANDOM_TESTS)

/* One rate the rule watches, over the runs so far. */
struct repeat_figure {
	char name[48];     /* "block output", "random reads, depth 32" */
	size_t measured;   /* runs that measured it (not +++++, not missing) */
	double half_width; /* its 95% interval's relative half-width
			    * (compare_settled); NaN under 2 measured */
	bool settled;      /* half_width within COMPARE_AUTO_TOLERANCE */
};

/*
 * The rates RUNS[0..n) report, in the order of the tables: each classic
 * test's rate that some run measured (a figure, not +++++), then each
 * random-I/O test's IOPS (matched by position; every run has the same
 * tests). Fills FIGS[0..REPEAT_MAX_FIGURES) and returns how many.
 */
size_t repeat_figures(const struct run_results *runs, size_t n,
		      struct repeat_figure *figs);

/*
 * Whether -x auto:MAX is done after RUNS[0..n): at MAX runs; otherwise at
 * REPEAT_AUTO_MIN runs or more, when every figure of repeat_figures is
 * settled (also when there is none: nothing is left to wait for).
 */
bool repeat_done(const struct run_results *runs, size_t n, size_t max);

/*
 * What -x auto found after RUNS[0..n), on OUT: one line when every rate
 * settled or none was measured, else one line per rate still noisy
 * ("clyde: -x auto: block input still noisy after 10 runs: 95% confidence
 * interval +/-7.4% of the mean, not within 3%").
 */
void repeat_say(FILE *out, const struct run_results *runs, size_t n);

#endif
