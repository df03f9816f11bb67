/* SPDX-License-Identifier: MIT */
/*
 * meter.c - the live counts of a running test (meter.h): relaxed atomic
 * adds into lanes, and readings that add the lanes up.
 */
#include "meter.h"

#include <math.h>
#include <string.h>

void meter_reset(struct meter *m)
{
	for (unsigned l = 0; l < METER_LANES; l++) {
		atomic_store_explicit(&m->lane[l].bytes, 0, memory_order_relaxed);
		for (unsigned i = 0; i < METER_BUCKETS; i++)
			atomic_store_explicit(&m->lane[l].lat[i], 0, memory_order_relaxed);
	}
}

/*
 * Bucket 0 holds 0 and 1 ns; a value whose top bit is b >= 1 lands in
 * METER_SUB * b + the two bits below its top bit (one bit at b = 1), so
 * each bucket spans a quarter of its power of two at most.
 */
unsigned meter_bucket(uint64_t ns)
{
	unsigned b, sub;

	if (ns < 2)
		return 0;
	b = 63u - (unsigned)__builtin_clzll(ns);
	sub = b >= 2 ? (unsigned)(ns >> (b - 2)) & 3u : (unsigned)(ns & 1u) << 1;
	if (b >= METER_BUCKETS / METER_SUB)
		return METER_BUCKETS - 1;
	return METER_SUB * b + sub;
}

double meter_bucket_ns(unsigned i)
{
	unsigned b = i / METER_SUB, sub = i % METER_SUB;
	double low, width;

	if (b == 0)
		return 1.0;
	low = ldexp(1.0 + sub / 4.0, (int)b);
	width = ldexp(0.25, (int)b);
	return low + width / 2;
}

void meter_add(struct meter *m, unsigned lane, uint64_t bytes, uint64_t ns)
{
	struct meter_lane *l = &m->lane[lane % METER_LANES];

	if (bytes)
		atomic_fetch_add_explicit(&l->bytes, bytes, memory_order_relaxed);
	atomic_fetch_add_explicit(&l->lat[meter_bucket(ns)], 1, memory_order_relaxed);
}

void meter_read(const struct meter *m, struct meter_reading *out)
{
	memset(out, 0, sizeof(*out));
	for (unsigned l = 0; l < METER_LANES; l++) {
		/* The readers' view: a const meter whose counts move. */
		struct meter_lane *lane = (struct meter_lane *)&m->lane[l];

		out->bytes += atomic_load_explicit(&lane->bytes, memory_order_relaxed);
		for (unsigned i = 0; i < METER_BUCKETS; i++)
			out->lat[i] += atomic_load_explicit(&lane->lat[i],
							    memory_order_relaxed);
	}
}
