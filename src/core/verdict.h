/* SPDX-License-Identifier: MIT */
/*
 * verdict.h - what clyde concludes from a run's figures, computed once into
 * the results so that formatters only print it: the options a larger test
 * would need and the read phases the page cache served instead of the
 * disk (verdict.c). Every producer of results (the driver, the CSV reader,
 * the summary rows) calls verdict_compute before any formatter runs.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include "results.h"

/*
 * Fill r->advice from r's figures: nothing when no figure is +++++; else
 * which of -s, -f and -n to enlarge, and, from the shortest measured time
 * of the too-fast phases, the values that would take about a second
 * (twice the 0.5 s threshold). Per-char phases limited by -f need a larger
 * -f, not a larger -s. Results without times (read from CSV) get only the
 * options.
 */
void advice_compute(struct run_results *r);

/*
 * Fill r->truth and r->n_truth: the read phases (rewrite, per-char input,
 * block input, seeks, random reads) whose logical read bytes came less
 * than half from the block device, with the percentage that did. Nothing
 * when no device was known (r->env.device empty).
 */
void truth_compute(struct run_results *r);

/* Both of the above. */
void verdict_compute(struct run_results *r);

#endif
