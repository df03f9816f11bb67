/* SPDX-License-Identifier: MIT */
/*
 * test_sequential.c - tests of src/lib/sequential.c, -x auto's statistics:
 * the look schedule, the interval's half-width against python3 + scipy
 * 1.10 on the logs (expm1(t.ppf(0.5 + level/2, n - 1) * std(ddof=1) /
 * sqrt(n))), the repeated interval's level, and drift. Its coverage is
 * simulated in test_sim.c.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "lib/sequential.h"

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

static void test_looks(void)
{
	CHECK("looks: none before 3 runs",
	      !sequential_is_look(2, 10) && sequential_is_look(3, 10));
	CHECK("looks: every run up to 10", sequential_looks(3, 10) == 8);
	CHECK("looks: -x auto:4 looks at 3 and 4", sequential_looks(3, 4) == 2);
	/* Past 10, every 25% more runs: 13, 17, 22, 28, ..., 825; MAX always. */
	CHECK("looks: 13, 17 and MAX past 10",
	      sequential_is_look(13, 20) && sequential_is_look(17, 20) &&
		      sequential_is_look(20, 20) && !sequential_is_look(11, 20) &&
		      !sequential_is_look(18, 20) && sequential_looks(3, 20) == 11);
	CHECK("looks: few for a large MAX",
	      sequential_looks(3, 1000) == 28 && sequential_is_look(1000, 1000) &&
		      !sequential_is_look(1001, 1000));
	CHECK("looks: drift's from run 7 of 10", sequential_looks(7, 10) == 4);
}

/* scipy: 0.95 as test_compare.c had it for -x auto's rule before. */
static void test_half_width(void)
{
	static const double calm[] = { 100, 101, 99, 100.5 };
	static const double noisy[] = { 100, 110, 95 };
	static const double with_holes[] = { 100, NAN, 101, 0, 99, 100.5 };
	static const double flat[] = { 7, 7, 7 };

	CHECK("half-width: 95%, calm",
	      near(sequential_half_width(calm, 4, 0.95), 0.013685796952823067, 1e-9));
	CHECK("half-width: 95%, noisy",
	      near(sequential_half_width(noisy, 3, 0.95), 0.2029864679290401, 1e-9));
	CHECK("half-width: missing values left out",
	      near(sequential_half_width(with_holes, 6, 0.95), 0.013685796952823067, 1e-9));
	CHECK("half-width: 1 - 0.05/8",
	      near(sequential_half_width(calm, 4, 1 - 0.05 / 8), 0.02988916015745513, 1e-9));
	CHECK("half-width: one value is NaN", isnan(sequential_half_width(calm, 1, 0.95)));
	CHECK("half-width: none is NaN", isnan(sequential_half_width(NULL, 0, 0.95)));
	CHECK("half-width: constant is 0", sequential_half_width(flat, 3, 0.95) == 0);
}

static void test_check(void)
{
	/* scipy at 1 - 0.05/8: 0.051196591995605535, then 0.01998419948868236. */
	static const double runs[] = { 100, 103, 97, 100, 100, 101, 99, 100, 102, 98 };
	struct sequential_figure f;

	CHECK("check: computes", sequential_check(runs, 5, 10, 3, 0.03, &f) == 0);
	CHECK("check: 5 runs of 10, level 1 - 0.05/8, not settled",
	      near(f.level, 1 - 0.05 / 8, 1e-15) &&
		      near(f.half_width, 0.051196591995605535, 1e-9) && !f.settled &&
		      f.measured == 5 && !f.drift.found);
	sequential_check(runs, 10, 10, 3, 0.03, &f);
	CHECK("check: 10 runs settle within 3%",
	      near(f.half_width, 0.01998419948868236, 1e-9) && f.settled);
	sequential_check(runs, 10, 1000, 3, 0.03, &f);
	CHECK("check: a larger MAX, more looks, a wider interval",
	      near(f.level, 1 - 0.05 / 28, 1e-15) && f.half_width > 0.02);
}

static void test_drift(void)
{
	static const double rising[] = { 54, 60, 66, 71, 77, 84, 92, 95 };
	static const double slow[] = { 100, 100.2, 100.5, 100.6, 100.9, 101, 101.3 };
	static const double holes[] = { 54, NAN, 60, 66, 71, 77, 84, 92 };
	struct sequential_figure f;

	sequential_check(rising, 6, 10, 8, 0.03, &f);
	CHECK("drift: not tested before 7 runs", !f.drift.found && f.drift.level == 0);
	sequential_check(rising, 7, 10, 8, 0.03, &f);
	/* 7 rising runs: p = 2/7! = 0.000397 <= 0.05 / (8 figures x 4 looks). */
	CHECK("drift: 54 rising to 92 in 7 runs is drift",
	      f.drift.found && near(f.drift.level, 0.05 / 32, 1e-12) &&
		      near(f.drift.trend.p, 2.0 / 5040, 1e-12) && f.drift.change > 0.6);
	sequential_check(rising, 8, 20, 8, 0.03, &f);
	CHECK("drift: at a look past 10 only", f.drift.found);
	sequential_check(slow, 7, 10, 8, 0.03, &f);
	CHECK("drift: a steady 1.3% rise is within the tolerance",
	      !f.drift.found && f.drift.trend.p < 0.001);
	sequential_check(holes, 8, 10, 8, 0.03, &f);
	CHECK("drift: a missing run is left out", f.drift.found && f.measured == 7 &&
							  f.drift.trend.last == 7);
}

/* 700 rising runs: a p-value that underflows to 0, but run 700 is no look. */
static void test_drift_between_looks(void)
{
	static double climb[700];
	struct sequential_figure f;

	for (size_t i = 0; i < 700; i++)
		climb[i] = 100 + (double)i;
	CHECK("drift: between looks, not even a p-value of 0 counts",
	      sequential_check(climb, 700, 1000, 1, 0.03, &f) == 0 &&
		      f.drift.trend.p == 0 && !f.drift.found &&
		      !sequential_is_look(700, 1000));
	sequential_check(climb, 660, 1000, 1, 0.03, &f);
	CHECK("drift: at the look of run 660 it does", f.drift.found);
}

int main(void)
{
	test_looks();
	test_half_width();
	test_check();
	test_drift();
	test_drift_between_looks();
	return check_done();
}
