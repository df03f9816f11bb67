/* SPDX-License-Identifier: MIT */
/*
 * test_waits.c - a probe's waits: the counts a person notices at and
 * around 100 ms and 1 s, the percentiles, the longest wait of each
 * interval, the interval doubling as the points fill, two probes' points
 * lined up, and merging without points.
 */
#include "check.h"
#include "lib/waits.h"

#define MS 1000000ULL

int main(void)
{
	struct waits w, v;
	struct probe_waits out;

	waits_init(&w);
	waits_summarise(&w, 0, &out);
	CHECK_U64("empty: no waits", out.lat.count, 0);
	CHECK("empty: no points", out.max_ms[0] < 0 && out.max_ms[PROBE_POINTS - 1] < 0);

	/* 100 waits of 1 ms, every 10 ms over the first second, then one of
	 * exactly 100 ms (not over), one of 101 ms, one of exactly 1 s (over
	 * 100 ms, not over 1 s) and one of 1.5 s. */
	for (uint64_t i = 0; i < 100; i++)
		waits_add(&w, i * 10 * MS, 1 * MS);
	waits_add(&w, 1000 * MS, 100 * MS);
	waits_add(&w, 1200 * MS, 101 * MS);
	waits_add(&w, 1400 * MS, 1000 * MS);
	waits_add(&w, 2500 * MS, 1500 * MS);
	waits_summarise(&w, w.n, &out);
	CHECK_U64("waits counted", out.lat.count, 104);
	CHECK_U64("over 100 ms: 101 ms, 1 s and 1.5 s, not 100 ms itself",
		  out.over_100ms, 3);
	CHECK_U64("over 1 s: 1.5 s, not 1 s itself", out.over_1s, 1);
	CHECK("p50 is the 1 ms waits'", out.lat.p50_ns >= 990000 &&
	      out.lat.p50_ns <= 1010000);
	CHECK("p99 is among the long ones", out.lat.p99_ns >= 990 * MS);
	CHECK_U64("max", out.lat.max_ns, 1500 * MS);
	CHECK_U64("first interval 1/16 s", w.interval_ns, WAITS_FIRST_INTERVAL_NS);
	CHECK_U64("points up to 2.5 s: 41", w.n, 41);
	CHECK("point 0: the longest wait begun in it (1 ms)",
	      out.max_ms[0] > 0.99f && out.max_ms[0] < 1.01f);
	CHECK("point 16 (1.0 s): 100 ms", out.max_ms[16] > 99.9f && out.max_ms[16] < 100.1f);
	CHECK("point 17: none began in it", out.max_ms[17] < 0);
	CHECK("point 40 (2.5 s): 1.5 s", out.max_ms[40] > 1499.0f);
	CHECK("past the last point: none", out.max_ms[41] < 0);

	/* A wait past the 64th point doubles the interval: pairs merged. */
	waits_add(&w, 4100 * MS, 2 * MS);
	CHECK_U64("past 4 s: the interval doubled", w.interval_ns,
		  2 * WAITS_FIRST_INTERVAL_NS);
	CHECK_U64("past 4 s: 33 points", w.n, 33);
	waits_summarise(&w, w.n, &out);
	CHECK("merged point 8 (1.0-1.125 s): 100 ms",
	      out.max_ms[8] > 99.9f && out.max_ms[8] < 100.1f);
	CHECK("merged point 20 (2.5 s): 1.5 s", out.max_ms[20] > 1499.0f);
	CHECK("merged point 32 (4.1 s): 2 ms",
	      out.max_ms[32] > 1.99f && out.max_ms[32] < 2.01f);
	CHECK("merged: nothing past it", out.max_ms[33] < 0);
	CHECK_U64("doubling keeps every wait", out.lat.count, 105);

	/* A far wait doubles it again and again. */
	waits_init(&v);
	waits_add(&v, 0, 5 * MS);
	waits_add(&v, 60ULL * 1000 * MS, 7 * MS);
	CHECK_U64("a minute in: 64 points of a second hold it", v.interval_ns,
		  16 * WAITS_FIRST_INTERVAL_NS);
	CHECK("a minute in: the first point holds the first wait",
	      v.max_ms[0] > 4.99f && v.max_ms[0] < 5.01f);

	/* Two probes lined up on the longer interval. */
	waits_widen(&v, v.interval_ns); /* no change */
	waits_widen(&w, v.interval_ns);
	CHECK_U64("widened to the other's interval", w.interval_ns, v.interval_ns);
	CHECK("widened: 4.1 s falls in point 4 or earlier", w.n <= 5);

	/* Merging adds the histogram and counts, not the points. */
	waits_init(&v);
	waits_add(&v, 0, 200 * MS);
	waits_merge(&v, &w);
	waits_summarise(&v, 0, &out);
	CHECK_U64("merged count", out.lat.count, 106);
	CHECK_U64("merged over 100 ms", out.over_100ms, 4);
	CHECK_U64("merged over 1 s", out.over_1s, 1);
	CHECK("merged without points", out.max_ms[0] < 0);
	return check_done();
}
