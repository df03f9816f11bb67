/* SPDX-License-Identifier: MIT */
/*
 * stats.c - the latency accumulator: exact count/sum/min/max plus a
 * log-linear histogram (exact below 64 ns, then 64 sub-buckets per power of
 * two) from which percentiles are read. Pure: no globals, no locking.
 */
#include "stats.h"

#include <string.h>

/*
 * Bucket layout. Values 0..63 have a bucket each. A value v >= 64 whose
 * highest set bit is b lands in 64 * (b - 5) + the six bits below its top
 * bit, so octave b = 6 (64..127) is still exact and each later octave has
 * 64 buckets of width 2^(b-6): under 1/128 relative error at the midpoint.
 * The highest in-range value, 2^STATS_MAX_BITS - 1, must land in the last
 * bucket, and values above it are put there too.
 */
#define RANGE_END (1ULL << STATS_MAX_BITS)

_Static_assert(STATS_SUB * (STATS_MAX_BITS - 1 - (STATS_SUB_BITS - 1)) +
			       (STATS_SUB - 1) ==
		       STATS_BUCKETS - 1,
	       "the top value of the range must map to the last bucket");

static inline uint32_t bucket_index(uint64_t ns)
{
	unsigned b;

	if (ns < STATS_SUB)
		return (uint32_t)ns;
	if (ns >= RANGE_END)
		return STATS_BUCKETS - 1;
	b = 63u - (unsigned)__builtin_clzll(ns);
	return STATS_SUB * (b - (STATS_SUB_BITS - 1)) +
	       (uint32_t)((ns >> (b - STATS_SUB_BITS)) & (STATS_SUB - 1));
}

/* The smallest value of bucket I, and how many values it holds. */
static void bucket_bounds(uint32_t i, uint64_t *low, uint64_t *width)
{
	unsigned b;

	if (i < STATS_SUB) {
		*low = i;
		*width = 1;
		return;
	}
	b = i / STATS_SUB + (STATS_SUB_BITS - 1);
	*low = (uint64_t)(STATS_SUB + i % STATS_SUB) << (b - STATS_SUB_BITS);
	*width = 1ULL << (b - STATS_SUB_BITS);
}

/*
 * A zeroed struct is a valid empty accumulator, so stats_init is memset and
 * static or calloc'd structs need no init; min_ns is only meaningful once
 * count > 0.
 */
void stats_init(struct latency_stats *s)
{
	memset(s, 0, sizeof(*s));
}

/*
 * The hot path: once per I/O operation. No division and no loop; the sum
 * and the 32-bit bucket counters saturate instead of wrapping.
 */
void stats_add(struct latency_stats *s, uint64_t ns)
{
	uint32_t i = bucket_index(ns);

	if (s->count == 0 || ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	if (__builtin_add_overflow(s->sum_ns, ns, &s->sum_ns))
		s->sum_ns = UINT64_MAX;
	s->count++;
	if (s->bucket[i] != UINT32_MAX)
		s->bucket[i]++;
}

void stats_merge(struct latency_stats *dst, const struct latency_stats *src)
{
	uint32_t i;

	if (src->count == 0)
		return;
	if (dst->count == 0 || src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	if (__builtin_add_overflow(dst->sum_ns, src->sum_ns, &dst->sum_ns))
		dst->sum_ns = UINT64_MAX;
	dst->count += src->count;
	for (i = 0; i < STATS_BUCKETS; i++) {
		if (__builtin_add_overflow(dst->bucket[i], src->bucket[i],
					   &dst->bucket[i]))
			dst->bucket[i] = UINT32_MAX;
	}
}

/*
 * ceil(q x count), at least 1, at most count. The product is nudged down by
 * a relative 1e-12 first, so that a q like 0.99 (not exact in binary) times
 * 100 gives rank 99 and never 100 through rounding.
 */
static uint64_t quantile_rank(uint64_t count, double q)
{
	double x;
	uint64_t r;

	if (!(q > 0.0))
		return 1;
	x = q * (double)count;
	x -= x * 1e-12;
	if (x >= (double)count)
		return count;
	r = (uint64_t)x;
	if ((double)r < x)
		r++;
	return r < 1 ? 1 : r > count ? count : r;
}

/*
 * The lowest and highest ranks are answered with the exact min and max
 * rather than a bucket midpoint: they are known, and the midpoint of max's
 * bucket can lie below it (q = 1 would otherwise miss the max).
 */
uint64_t stats_quantile(const struct latency_stats *s, double q)
{
	uint64_t rank;
	uint64_t seen = 0;
	uint32_t i;

	if (s->count == 0)
		return 0;
	rank = quantile_rank(s->count, q);
	if (rank == 1)
		return s->min_ns;
	if (rank == s->count)
		return s->max_ns;
	for (i = 0; i < STATS_BUCKETS; i++) {
		uint64_t low;
		uint64_t width;
		uint64_t mid;

		seen += s->bucket[i];
		if (seen < rank)
			continue;
		bucket_bounds(i, &low, &width);
		mid = low + (width - 1) / 2;
		if (mid < s->min_ns)
			return s->min_ns;
		if (mid > s->max_ns)
			return s->max_ns;
		return mid;
	}
	/* Only reachable when saturated bucket counters lost samples. */
	return s->max_ns;
}

void stats_summarise(const struct latency_stats *s, struct latency_summary *out)
{
	memset(out, 0, sizeof(*out));
	if (s->count == 0)
		return;
	out->count = s->count;
	out->min_ns = s->min_ns;
	out->max_ns = s->max_ns;
	out->mean_ns = s->sum_ns / s->count;
	out->p50_ns = stats_quantile(s, 0.5);
	out->p99_ns = stats_quantile(s, 0.99);
	out->p999_ns = stats_quantile(s, 0.999);
}
