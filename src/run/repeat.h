/* SPDX-License-Identifier: MIT */
/*
 * repeat.h - -x auto[:MAX]: after each whole run, whether the runs so far
 * are enough. clyde runs at least REPEAT_AUTO_MIN times and, at each of
 * the rule's planned looks (lib/sequential.h), stops when every rate the
 * runs report has a 95% confidence interval within SEQUENTIAL_TOLERANCE
 * (3%) of its mean, an interval that keeps its level however early the
 * runs stop; or when a rate drifts in run order; or at MAX runs. It then
 * says on stderr which rates drifted or were still noisy. Pure functions
 * of the results (but repeat_say, which only writes); no globals,
 * thread-safe.
 */
#ifndef REPEAT_H
#define REPEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "lib/sequential.h"
#include "results.h"

#define REPEAT_AUTO_MIN SEQUENTIAL_MIN_RUNS /* runs -x auto always makes */
#define REPEAT_AUTO_MAX 10u       /* -x auto without :MAX */
#define REPEAT_AUTO_LIMIT 1000u   /* the largest MAX (every run is kept) */
#define REPEAT_MAX_FIGURES (PHASE_COUNT + MAX_RANDOM_TESTS)

/* One rate the rule watches, over the runs so far. */
struct repeat_figure {
	char name[48];     /* "block output", "random reads, depth 32" */
	struct sequential_figure rule; /* measured, half_width, settled, drift */
};

/*
 * The rates RUNS[0..n) of at most MAX report, in the order of the tables:
 * each classic test's rate that some run measured (a figure, not +++++),
 * then each random-I/O test's IOPS (matched by position; every run has the
 * same tests), with the rule's findings on each. Fills
 * FIGS[0..REPEAT_MAX_FIGURES) and returns how many.
 */
size_t repeat_figures(const struct run_results *runs, size_t n, size_t max,
		      struct repeat_figure *figs);

/*
 * Whether -x auto:MAX is done after RUNS[0..n): at MAX runs; otherwise at
 * a planned look (sequential_is_look), when a figure of repeat_figures
 * drifted or every one is settled (also when there is none: nothing is
 * left to wait for).
 */
bool repeat_done(const struct run_results *runs, size_t n, size_t max);

/*
 * The seed of run N (from 0) of CFG's -x runs: with -x auto, CFG's seed
 * plus N, so that every run seeks to other places (and, with a fresh
 * file, writes other data) and the runs are as independent as the rule's
 * intervals assume (the same seeks every run make consecutive runs alike);
 * each run's JSON and CSV say its own, so any one of them can be made
 * again with -z. Otherwise CFG's seed: -x N keeps bonnie++'s one seed for
 * every run, and with -Z the numbers come from the file.
 */
uint64_t repeat_seed(const struct config *cfg, size_t n);

/*
 * What -x auto:MAX found after RUNS[0..n), on OUT: one line per rate that
 * drifted ("clyde: -x auto: block output drifted: it fell 41% from the
 * first run to the 7th (Mann-Kendall p = 0.0002); the disk or the machine
 * changed during the runs"), one per rate still noisy ("clyde: -x auto:
 * block input still noisy after 10 runs: 95% confidence interval +/-7.4%
 * of the mean, not within 3%"), or one line when every rate settled or
 * none was measured.
 */
void repeat_say(FILE *out, const struct run_results *runs, size_t n,
		size_t max);

#endif
