/* SPDX-License-Identifier: MIT */
/*
 * stats.h - latency accumulator: count, sum, min, max and a log-linear
 * histogram (64 sub-buckets per power of two, under 1% error on any
 * percentile) in a few KiB. A pure struct with a lifecycle: init, add (one
 * per thread, no locking), merge at join, summarise. Reads no globals.
 */
#ifndef STATS_H
#define STATS_H

#include <stdint.h>

#include "results.h"

#define STATS_SUB_BITS 6                      /* 64 sub-buckets per octave */
#define STATS_SUB (1u << STATS_SUB_BITS)
#define STATS_MAX_BITS 38                     /* exact up to 2^38 ns (~275 s) */
#define STATS_BUCKETS (STATS_SUB * (STATS_MAX_BITS - STATS_SUB_BITS + 1))

struct latency_stats {
	uint64_t count;
	uint64_t sum_ns;
	uint64_t min_ns;
	uint64_t max_ns;
	uint32_t bucket[STATS_BUCKETS]; /* values past the range land in the last */
};

void stats_init(struct latency_stats *s);

/* Record one operation of NS nanoseconds. Not thread-safe: one struct per thread. */
void stats_add(struct latency_stats *s, uint64_t ns);

/* Add everything recorded in SRC to DST. */
void stats_merge(struct latency_stats *dst, const struct latency_stats *src);

/*
 * The value at quantile Q (0 < Q <= 1, e.g. 0.99): the smallest recorded
 * bucket whose cumulative count reaches ceil(Q x count), reported at the
 * bucket's midpoint and clamped to [min, max]. 0 when nothing was recorded.
 */
uint64_t stats_quantile(const struct latency_stats *s, double q);

/* count, min, max, mean, p50, p99, p99.9 of S into *out. */
void stats_summarise(const struct latency_stats *s, struct latency_summary *out);

#endif
