/* SPDX-License-Identifier: MIT */
/*
 * test_steady.c - tests of src/lib/steady.c, the SNIA steady-state rule, on
 * made-up round figures: one that settles at round 7, one that never
 * does, and one whose steady fall hides inside the range rule but not the
 * slope rule; the window's numbers against numpy (polyfit(range(5), w,
 * 1) for the slope).
 */
#include <math.h>

#include "check.h"
#include "lib/steady.h"

static const struct steady_rule snia = STEADY_SNIA;

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

static void test_settles(void)
{
	/* A fresh drive falling, then flat: the window of rounds 3-7 is
	 * 110, 101, 99, 100, 102: mean 102.4, range 11 (10.74%), slope
	 * -1.699999999999992 per round (numpy), so a change of 6.8 (6.64%). */
	static const double rounds[] = { 200, 150, 110, 101, 99, 100, 102, 98, 100 };
	struct steady_result r;

	CHECK("settles: at round 7", steady_first(rounds, 9, &snia, &r) == 7);
	CHECK("settles: the window is rounds 3 to 7", r.first == 2 && r.settled);
	CHECK("settles: its mean and range",
	      near(r.mean, 102.4, 1e-12) && near(r.range, 11 / 102.4, 1e-12));
	CHECK("settles: slope and change",
	      near(r.slope, -1.7, 1e-12) && near(r.change, 6.8 / 102.4, 1e-12));
	steady_check(rounds, 6, &snia, &r);
	CHECK("not yet at round 6: range 51 of 112",
	      !r.settled && near(r.range, 51 / 112.0, 1e-12));
}

static void test_never(void)
{
	static const double swing[] = { 100, 140, 100, 140, 100, 140, 100, 140 };
	struct steady_result r;

	CHECK("never: a 40% swing never settles",
	      steady_first(swing, 8, &snia, &r) == 0 && !r.settled &&
		      near(r.range, 40 / 124.0, 1e-12) && r.first == 3);
}

static void test_slope_hides(void)
{
	/* numpy: slope 3.9999999999999987, range = change = 0.14814814814814814. */
	static const double falling[] = { 116, 112, 108, 104, 100 };
	static const double rising[] = { 100, 104, 108, 112, 116 };
	struct steady_result r;

	steady_check(falling, 5, &snia, &r);
	CHECK("slope: a steady 4-a-round fall is within the range rule",
	      near(r.range, 0.14814814814814814, 1e-12) && r.range <= STEADY_RANGE);
	CHECK("slope: but its line changes 14.8%, over 10%: not settled",
	      near(r.slope, -4, 1e-12) && near(r.change, 0.14814814814814814, 1e-12) &&
		      !r.settled);
	steady_check(rising, 5, &snia, &r);
	CHECK("slope: a rise the same", near(r.slope, 4, 1e-12) && !r.settled);
}

static void test_edges(void)
{
	static const double four[] = { 100, 100, 100, 100 };
	static const double hole[] = { 100, 100, NAN, 100, 100 };
	static const double zero[] = { 0, 0, 0, 0, 0 };
	static const double flat[] = { 7, 7, 7, 7, 7, 7 };
	const struct steady_rule three = { 3, 0.2, 0.1 };
	struct steady_result r;

	steady_check(four, 4, &snia, &r);
	CHECK("edges: fewer rounds than the window", !r.settled && isnan(r.range));
	steady_check(hole, 5, &snia, &r);
	CHECK("edges: a missing round in the window", !r.settled && isnan(r.slope));
	steady_check(zero, 5, &snia, &r);
	CHECK("edges: a mean of 0", !r.settled && isnan(r.change));
	CHECK("edges: a flat figure settles at once",
	      steady_first(flat, 6, &snia, &r) == 5 && r.range == 0 && r.change == 0);
	CHECK("edges: a window of 3",
	      steady_first((const double[]){ 300, 100, 101, 100 }, 4, &three, &r) == 4 &&
		      r.first == 1);
}

int main(void)
{
	test_settles();
	test_never();
	test_slope_hides();
	test_edges();
	return check_done();
}
