/* SPDX-License-Identifier: MIT */
/*
 * test_stats.c - tests of src/lib/stats.c: bucket mapping at every boundary,
 * percentiles against exact sorted-array percentiles (under 1% error) for
 * several distributions, merge, empty and single-sample accumulators.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/stats.h"

static char name_buf[256];

static const char *name_fmt(const char *fmt, const char *a, uint64_t b)
{
	snprintf(name_buf, sizeof(name_buf), fmt, a, b);
	return name_buf;
}

/* The one non-empty bucket after adding V alone, or -1. */
static long only_bucket(uint64_t v)
{
	static struct latency_stats s;
	long found = -1;
	long i;

	stats_init(&s);
	stats_add(&s, v);
	for (i = 0; i < (long)STATS_BUCKETS; i++) {
		if (s.bucket[i] == 0)
			continue;
		if (found >= 0 || s.bucket[i] != 1)
			return -1;
		found = i;
	}
	return found;
}

/* The documented mapping, computed the slow way: no clz, a loop. */
static long reference_bucket(uint64_t v)
{
	unsigned b = 0;

	if (v < 64)
		return (long)v;
	if (v >= (1ULL << 38))
		return STATS_BUCKETS - 1;
	while ((v >> (b + 1)) != 0)
		b++;
	return 64L * (b - 5) + (long)((v >> (b - 6)) & 63);
}

/*
 * xorshift64, written so no set bit is shifted out (clang's
 * -fsanitize=integer flags that, although it is defined for unsigned).
 */
static uint64_t xorshift(uint64_t x)
{
	x ^= (x & (UINT64_MAX >> 13)) << 13;
	x ^= x >> 7;
	x ^= (x & (UINT64_MAX >> 17)) << 17;
	return x;
}

struct bucket_case {
	uint64_t v;
	long want;
};

static const struct bucket_case bucket_cases[] = {
	{ 0, 0 },
	{ 1, 1 },
	{ 63, 63 },
	{ 64, 64 },
	{ 127, 127 },
	{ 128, 128 },
	{ 129, 128 },
	{ 130, 129 },
	{ 255, 191 },
	{ 256, 192 },
	{ 1000000, 64L * (19 - 5) + ((1000000 >> 13) & 63) },
	{ 1ULL << 37, 2048 },
	{ (1ULL << 38) - 1, 2111 },
	{ 1ULL << 38, 2111 },
	{ UINT64_MAX, 2111 },
};

static void test_buckets(void)
{
	size_t i;
	unsigned b;
	unsigned sub;
	int bad = 0;
	long prev = -1;
	uint64_t v;

	CHECK_U64("STATS_BUCKETS is 64 x 33", STATS_BUCKETS, 2112);
	for (i = 0; i < sizeof(bucket_cases) / sizeof(bucket_cases[0]); i++) {
		const struct bucket_case *c = &bucket_cases[i];

		CHECK_U64(name_fmt("%sbucket of %" PRIu64, "", c->v),
			  (uint64_t)only_bucket(c->v), (uint64_t)c->want);
	}

	/* Each log bucket starts right after the previous one ends. */
	for (b = 6; b < 38; b++) {
		for (sub = 0; sub < 64; sub++) {
			uint64_t low = (uint64_t)(64 + sub) << (b - 6);
			long want = 64L * (b - 5) + sub;

			if (only_bucket(low) != want ||
			    only_bucket(low - 1) != want - 1)
				bad++;
		}
	}
	CHECK("every log bucket starts where the previous one ends", bad == 0);

	/* Pseudo-random values: clz mapping == loop mapping, monotonic in v. */
	bad = 0;
	v = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < 20000; i++) {
		uint64_t x;

		v = xorshift(v);
		x = v >> (v % 64); /* spread over every magnitude */
		if (only_bucket(x) != reference_bucket(x))
			bad++;
	}
	CHECK("clz mapping matches the loop mapping", bad == 0);

	bad = 0;
	for (v = 1; v < (1ULL << 40); v = v + v / 7 + 1) {
		long idx = only_bucket(v);

		if (idx < prev || idx >= (long)STATS_BUCKETS)
			bad++;
		prev = idx;
	}
	CHECK("bucket index never decreases and stays in range", bad == 0);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a;
	uint64_t y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Percentiles as exact fractions, so the reference rank needs no floats. */
struct fraction {
	uint64_t num, den;
};

static const struct fraction fractions[] = {
	{ 1, 1000 }, { 1, 100 }, { 7, 100 }, { 1, 4 }, { 1, 2 }, { 9, 10 },
	{ 99, 100 }, { 999, 1000 }, { 9999, 10000 }, { 1, 1 },
};

/* sorted[ceil(n x num / den) - 1], what stats_quantile approximates. */
static uint64_t exact_quantile(const uint64_t *sorted, uint64_t n,
			       struct fraction f)
{
	uint64_t rank = (n * f.num + f.den - 1) / f.den;

	return sorted[(rank ? rank : 1) - 1];
}

static bool close_enough(uint64_t got, uint64_t want)
{
	double diff = got > want ? (double)(got - want) : (double)(want - got);

	if (want < 64)
		return got == want; /* exact buckets */
	return diff / (double)want < 0.01;
}

/*
 * Add VALUES (in the given order) to one accumulator and compare every
 * percentile, min, max, mean and count with the exact ones.
 */
static void check_against_exact(const char *what, const uint64_t *values,
				uint64_t n)
{
	static struct latency_stats s;
	struct latency_summary sum;
	uint64_t *sorted = malloc(n * sizeof(*sorted));
	uint64_t total = 0;
	size_t i;
	int bad = 0;

	if (!sorted) {
		CHECK("malloc", sorted != NULL);
		return;
	}
	stats_init(&s);
	for (i = 0; i < n; i++) {
		stats_add(&s, values[i]);
		total += values[i];
	}
	memcpy(sorted, values, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_u64);

	for (i = 0; i < sizeof(fractions) / sizeof(fractions[0]); i++) {
		struct fraction f = fractions[i];
		uint64_t want = exact_quantile(sorted, n, f);
		uint64_t got = stats_quantile(&s, (double)f.num / (double)f.den);

		if (!close_enough(got, want)) {
			printf("# %s q=%" PRIu64 "/%" PRIu64 ": got %" PRIu64
			       ", exact %" PRIu64 "\n",
			       what, f.num, f.den, got, want);
			bad++;
		}
	}
	CHECK(name_fmt("%s: percentiles within 1%% (n=%" PRIu64 ")", what, n),
	      bad == 0);

	stats_summarise(&s, &sum);
	CHECK(name_fmt("%s: count/min/max/mean exact (n=%" PRIu64 ")", what, n),
	      sum.count == n && sum.min_ns == sorted[0] &&
		      sum.max_ns == sorted[n - 1] && sum.mean_ns == total / n);
	CHECK(name_fmt("%s: summary percentiles within 1%% (n=%" PRIu64 ")",
		       what, n),
	      close_enough(sum.p50_ns, exact_quantile(sorted, n,
						      (struct fraction){ 1, 2 })) &&
		      close_enough(sum.p99_ns,
				   exact_quantile(sorted, n,
						  (struct fraction){ 99, 100 })) &&
		      close_enough(sum.p999_ns,
				   exact_quantile(sorted, n,
						  (struct fraction){ 999, 1000 })));
	free(sorted);
}

#define BIG 100000u

static void test_percentiles(void)
{
	static uint64_t v[BIG];
	static struct latency_stats s;
	struct latency_summary sum;
	uint64_t x = 0x243f6a8885a308d3ULL;
	double g = 10.0;
	size_t i;

	for (i = 0; i < BIG; i++)
		v[i] = i + 1;
	check_against_exact("uniform 1..100000", v, BIG);

	for (i = 0; i < 2000; i++) {
		v[i] = (uint64_t)g;
		g *= 1.01;
	}
	check_against_exact("geometric x1.01", v, 2000);

	for (i = 0; i < 1000; i++)
		v[i] = 1000003;
	check_against_exact("1000 copies", v, 1000);
	stats_init(&s);
	for (i = 0; i < 1000; i++)
		stats_add(&s, 1000003);
	stats_summarise(&s, &sum);
	CHECK("1000 copies: every figure is the value itself",
	      sum.min_ns == 1000003 && sum.max_ns == 1000003 &&
		      sum.mean_ns == 1000003 && sum.p50_ns == 1000003 &&
		      sum.p99_ns == 1000003 && sum.p999_ns == 1000003);

	/* 99% fast (100..110 us), 1% slow (10..11 ms), slow ones interleaved. */
	for (i = 0; i < BIG; i++) {
		if (i % 100 == 50)
			v[i] = 10000000 + (i % 1000) * 1000;
		else
			v[i] = 100000 + (i % 1000) * 10;
	}
	check_against_exact("bimodal", v, BIG);
	stats_init(&s);
	for (i = 0; i < BIG; i++)
		stats_add(&s, v[i]);
	stats_summarise(&s, &sum);
	CHECK("bimodal: p50 in the fast mode",
	      sum.p50_ns >= 100000 && sum.p50_ns < 111000);
	CHECK("bimodal: p99 still in the fast mode",
	      sum.p99_ns >= 100000 && sum.p99_ns < 111000);
	CHECK("bimodal: p99.9 in the slow mode",
	      sum.p999_ns >= 10000000 && sum.p999_ns < 11100000);

	/* Log-uniform pseudo-random values over the whole range. */
	for (i = 0; i < BIG; i++) {
		x = xorshift(x);
		v[i] = (x >> 26) >> (x % 39); /* at most 38 bits */
	}
	check_against_exact("log-uniform random", v, BIG);

	/* Exact below 128: q = 0.99 of 1..100 must be 99, not 100 by rounding. */
	stats_init(&s);
	for (i = 1; i <= 100; i++)
		stats_add(&s, i);
	CHECK_U64("1..100: p99 is exactly 99", stats_quantile(&s, 0.99), 99);
	CHECK_U64("1..100: p50 is exactly 50", stats_quantile(&s, 0.5), 50);
	CHECK_U64("1..100: p1 is exactly 1", stats_quantile(&s, 0.01), 1);
	/* 0.07 x 100 is 7.000000000000001 in doubles: still rank 7. */
	CHECK_U64("1..100: p7 is exactly 7", stats_quantile(&s, 0.07), 7);
	CHECK_U64("1..100: q=1 is the max", stats_quantile(&s, 1.0), 100);
	CHECK_U64("1..100: q=0 is the min", stats_quantile(&s, 0.0), 1);
	CHECK_U64("1..100: q<0 is the min", stats_quantile(&s, -3.0), 1);
	CHECK_U64("1..100: q>1 is the max", stats_quantile(&s, 1.5), 100);

	/* 130, 131, 131 share the bucket [130,131]: midpoint for p50, max exact. */
	stats_init(&s);
	stats_add(&s, 131);
	stats_add(&s, 130);
	stats_add(&s, 131);
	CHECK_U64("shared bucket: p50 is its midpoint", stats_quantile(&s, 0.5),
		  130);
	CHECK_U64("shared bucket: q=1 is the exact max", stats_quantile(&s, 1.0),
		  131);

	/* Clamping: a lone value's bucket midpoint is never reported. */
	stats_init(&s);
	stats_add(&s, 1000000);
	stats_add(&s, 1000001);
	stats_add(&s, 1000002);
	CHECK("clamped to [min, max]", stats_quantile(&s, 0.5) >= 1000000 &&
					       stats_quantile(&s, 0.5) <= 1000002);
}

static bool same_stats(const struct latency_stats *a,
		       const struct latency_stats *b)
{
	return a->count == b->count && a->sum_ns == b->sum_ns &&
	       a->min_ns == b->min_ns && a->max_ns == b->max_ns &&
	       memcmp(a->bucket, b->bucket, sizeof(a->bucket)) == 0;
}

static void test_merge(void)
{
	static struct latency_stats a, b, all, empty, copy;
	struct latency_summary sa, sall;
	uint64_t x = 0x13198a2e03707344ULL;
	size_t i;

	stats_init(&a);
	stats_init(&b);
	stats_init(&all);
	stats_init(&empty);
	for (i = 0; i < 20000; i++) {
		uint64_t v;

		x = xorshift(x);
		v = 10 + ((x >> 26) >> (x % 39)); /* 10 .. 2^38 + 9 */
		stats_add(i < 10000 ? &a : &b, v);
		stats_add(&all, v);
	}
	/* The slowest value only in b, the fastest only in a. */
	stats_add(&a, 3);
	stats_add(&all, 3);
	stats_add(&b, 500000000000ULL);
	stats_add(&all, 500000000000ULL);

	copy = a;
	stats_merge(&copy, &empty);
	CHECK("merging an empty accumulator changes nothing",
	      same_stats(&copy, &a));
	copy = empty;
	stats_merge(&copy, &a);
	CHECK("merging into an empty accumulator copies it",
	      same_stats(&copy, &a));

	stats_merge(&a, &b);
	CHECK("merge of two halves equals adding all to one",
	      same_stats(&a, &all));
	stats_summarise(&a, &sa);
	stats_summarise(&all, &sall);
	CHECK("merged summary equals the one-accumulator summary",
	      memcmp(&sa, &sall, sizeof(sa)) == 0);
	CHECK_U64("merged min comes from a", sa.min_ns, 3);
	CHECK_U64("merged max comes from b", sa.max_ns, 500000000000ULL);
}

static void test_edges(void)
{
	static struct latency_stats s;
	static struct latency_stats zeroed; /* never initialised: all zero */
	struct latency_summary sum;
	struct latency_summary zero;

	memset(&zero, 0, sizeof(zero));
	stats_init(&s);
	CHECK_U64("empty: quantile is 0", stats_quantile(&s, 0.5), 0);
	memset(&sum, 0xff, sizeof(sum));
	stats_summarise(&s, &sum);
	CHECK("empty: summary all zero", memcmp(&sum, &zero, sizeof(sum)) == 0);

	stats_add(&s, 12345);
	stats_summarise(&s, &sum);
	CHECK("single sample: every figure is the sample",
	      sum.count == 1 && sum.min_ns == 12345 && sum.max_ns == 12345 &&
		      sum.mean_ns == 12345 && sum.p50_ns == 12345 &&
		      sum.p99_ns == 12345 && sum.p999_ns == 12345);

	stats_add(&zeroed, 77);
	CHECK("a zeroed struct works without stats_init",
	      zeroed.count == 1 && zeroed.min_ns == 77 && zeroed.max_ns == 77);

	stats_init(&s);
	stats_add(&s, 0);
	stats_summarise(&s, &sum);
	CHECK("single zero sample", sum.count == 1 && sum.min_ns == 0 &&
					    sum.max_ns == 0 && sum.p999_ns == 0);

	stats_init(&s);
	stats_add(&s, UINT64_MAX);
	stats_summarise(&s, &sum);
	CHECK("UINT64_MAX sample: exact min/max/mean/percentiles",
	      sum.min_ns == UINT64_MAX && sum.max_ns == UINT64_MAX &&
		      sum.mean_ns == UINT64_MAX && sum.p50_ns == UINT64_MAX);
	stats_add(&s, UINT64_MAX);
	CHECK_U64("sum saturates instead of wrapping", s.sum_ns, UINT64_MAX);

	/* Past the range: in the last bucket, but min/max stay exact. */
	stats_init(&s);
	stats_add(&s, 1ULL << 40);
	stats_add(&s, 1ULL << 41);
	CHECK("past-range values: last bucket, exact min and max",
	      s.bucket[STATS_BUCKETS - 1] == 2 && s.min_ns == (1ULL << 40) &&
		      s.max_ns == (1ULL << 41));
}

int main(void)
{
	test_buckets();
	test_percentiles();
	test_merge();
	test_edges();
	return check_done();
}
