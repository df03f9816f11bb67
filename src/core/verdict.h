/* SPDX-License-Identifier: MIT */
/*
 * verdict.h - what clyde concludes from a run's figures, computed once into
 * the results so that formatters only print it: the options a larger test
 * would need (the advice), the read phases the page cache served instead
 * of the disk (the truth check), what limited each figure and the shapes
 * of each test over time. verdict.c.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include "results.h"

/*
 * Make R's results final: fill r->advice, r->n_truth and r->truth from its
 * figures. The one point where verdicts are computed. Each producer of
 * results calls it once, last, on the results it makes, before it hands
 * them over: the run driver (run_once), the readers (CSV lines, clyde's
 * JSON), the combining of MPI ranks and the summary rows of `clyde
 * report`. Nothing downstream computes them again: the report's store
 * keeps them as they came, and formatters only print them.
 *
 * The advice: nothing when no figure is +++++; else which of -s, -f and
 * -n to enlarge, and, from the shortest measured time of the too-fast
 * phases, the smallest values that would take 0.75 s (the 0.5 s
 * threshold and half again; -s in steps of 256 MiB up to 4 GiB, then of
 * 1 GiB), with how long that whole run would take at this run's rates.
 * Per-char phases limited by -f need a larger -f, not a larger -s.
 * Results without times (read from CSV) get only the options
 * (advice.sized false).
 *
 * The truth check: the read phases (rewrite, per-char input, block input,
 * seeks, random reads) whose logical read bytes came less than half from
 * the block device, with the percentage that did. Nothing when no device
 * was known (r->env.device empty) or without the device's counters.
 *
 * Then each figure's limit (limit_compute, limit.h) and each test's
 * shapes over time (shape_find, shape.h).
 */
void verdict_compute(struct run_results *r);

#endif
