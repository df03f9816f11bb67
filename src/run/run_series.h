/* SPDX-License-Identifier: MIT */
/*
 * run_series.h - each test over time: the driver's recorder reads the
 * meter the test's threads add to (lib/meter.h) every SERIES_TICK_NS and
 * closes a point per interval, the interval doubling whenever the points
 * fill, so that a test of any length keeps a bounded number of them; it
 * notes every stretch of a second or more in which no operation ended.
 * Measuring never prints: the result is a struct phase_series.
 */
#ifndef RUN_SERIES_H
#define RUN_SERIES_H

#include <stdint.h>

#include "lib/meter.h"
#include "results.h"

#define SERIES_TICK_NS 62500000ULL /* 1/16 s: the first interval, and how often
				    * the driver reads the meter */

struct series_rec;

/* A recorder (about 100 KiB), or NULL when memory ran out. */
struct series_rec *series_rec_new(void);

/* Free R (NULL is fine). */
void series_rec_free(struct series_rec *r);

/* The meter a test's threads add to while R records it. */
struct meter *series_rec_meter(struct series_rec *r);

/* A test starts at T0_NS (CLOCK_MONOTONIC): counts and points cleared. */
void series_rec_start(struct series_rec *r, uint64_t t0_ns);

/*
 * Read the meter at NOW_NS: close the intervals that have ended, note a
 * stretch without operations that ended. Called by one thread (the
 * driver's), at least every SERIES_TICK_NS for the gaps to be exact to
 * a tick.
 */
void series_rec_tick(struct series_rec *r, uint64_t now_ns);

/*
 * The test's window ended at END_NS: the last reading, the last (partial)
 * interval, and the series into *OUT, merged to intervals of a second or
 * more unless that would leave fewer than 24 points, and to at most
 * SERIES_MAX_POINTS. The gaps before the end are kept (the first
 * SERIES_MAX_GAPS); the time from the last tick that saw an operation end
 * to END_NS is the tail, when it is two ticks or more. The shapes are
 * left to verdict_compute.
 */
void series_rec_finish(struct series_rec *r, uint64_t end_ns,
		       struct phase_series *out);

#endif
