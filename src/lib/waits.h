/* SPDX-License-Identifier: MIT */
/*
 * waits.h - what one probe waited (results.h's struct probe_waits) as a
 * pure struct with a lifecycle: every wait into a latency histogram, the
 * waits a person notices (over 100 ms) and the stalls (over 1 s) counted,
 * and the longest wait begun in each interval kept over time in bounded
 * points, the interval doubling (pairs merged) as they fill. One per probe
 * thread: no locking, no globals.
 */
#ifndef WAITS_H
#define WAITS_H

#include <stdint.h>

#include "results.h"
#include "stats.h"

#define WAITS_FIRST_INTERVAL_NS 62500000ULL /* 1/16 s */

struct waits {
	struct latency_stats lat;
	uint64_t over_100ms, over_1s;
	uint64_t interval_ns;   /* of each point: WAITS_FIRST_INTERVAL_NS x 2^k */
	uint32_t n;             /* points begun */
	float max_ms[PROBE_POINTS]; /* < 0: no wait began in it */
};

void waits_init(struct waits *w);

/*
 * One wait of WAIT_NS that began AT_NS after the test's start: into the
 * histogram and the counts, and into the point of AT_NS (doubling the
 * interval first while AT_NS lies past the last point).
 */
void waits_add(struct waits *w, uint64_t at_ns, uint64_t wait_ns);

/*
 * Add SRC's waits to DST's histogram and counts (clyde mark's runs of one
 * test, whose times do not line up); DST's points are left alone.
 */
void waits_merge(struct waits *dst, const struct waits *src);

/* Widen W's points to INTERVAL_NS, W's own interval times a power of two
 * (the longest of several probes'): each new point the longest of those
 * it covers. Nothing when INTERVAL_NS is not longer. */
void waits_widen(struct waits *w, uint64_t interval_ns);

/*
 * W as results.h keeps it: the histogram's summary, the counts, and its
 * first N points (N >= w->n; the points past w->n are < 0: none). With N
 * 0 the points are all < 0.
 */
void waits_summarise(const struct waits *w, uint32_t n, struct probe_waits *out);

#endif
