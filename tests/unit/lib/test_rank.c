/* SPDX-License-Identifier: MIT */
/*
 * test_rank.c - tests of src/lib/rank.c and the normal distribution of
 * src/lib/compare.c against reference values: textbook tables of the
 * Mann-Whitney critical values (two-sided 5% and 1%), and python3 with
 * scipy 1.10 (Debian's python3-scipy; the expressions are quoted beside
 * each value): scipy.stats.norm, the exact Mann-Whitney distribution
 * scipy.stats._mannwhitneyu._mwu_state.cdf(k, m, n), kendalltau(...,
 * method='exact') for Mann-Kendall (S = tau * n(n-1)/2), theilslopes for
 * Sen's slope, and numpy for the Hodges-Lehmann differences.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "lib/compare.h"
#include "lib/rank.h"

static char name_buf[160];

static const char *named(const char *fmt, double a, double b, double c)
{
	snprintf(name_buf, sizeof(name_buf), fmt, a, b, c);
	return name_buf;
}

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

static void test_normal(void)
{
	static const struct {
		double p, z;
	} rows[] = {
		/* norm.ppf(p) */
		{ 0.975, 1.959963984540054 },    { 0.995, 2.5758293035489004 },
		{ 0.8, 0.8416212335729143 },     { 1e-10, -6.361340902404056 },
		{ 0.999999, 4.753424308817087 }, { 0.3, -0.5244005127080409 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		CHECK(named("normal quantile(%g) = %g", rows[i].p, rows[i].z, 0),
		      near(compare_normal_quantile(rows[i].p), rows[i].z, 1e-12));
	CHECK("normal quantile(0.5) = 0", compare_normal_quantile(0.5) == 0.0);
	CHECK("normal quantile outside (0, 1) is NaN",
	      isnan(compare_normal_quantile(0.0)) &&
		      isnan(compare_normal_quantile(1.0)) &&
		      isnan(compare_normal_quantile(NAN)));
	/* norm.cdf(-1) = 0.15865525393145707, (2.5) = 0.9937903346742238,
	 * (-7) = 1.279812543885835e-12 */
	CHECK("normal cdf(-1)", near(compare_normal_cdf(-1.0), 0.15865525393145707, 1e-14));
	CHECK("normal cdf(2.5)", near(compare_normal_cdf(2.5), 0.9937903346742238, 1e-14));
	CHECK("normal cdf(-7), far tail",
	      near(compare_normal_cdf(-7.0), 1.279812543885835e-12, 1e-12));
	/* t.ppf(1 - 0.05/24, df): the levels of a family of 12. */
	CHECK("t quantile at 1 - 0.05/24, df 2",
	      near(compare_t_quantile(1 - 0.05 / 24, 2), 15.44347900704062, 1e-9));
	CHECK("t quantile at 1 - 0.05/24, df 4.3",
	      near(compare_t_quantile(1 - 0.05 / 24, 4.3), 5.5465930358865725, 1e-9));
	CHECK("t quantile at 1 - 0.05/24, df 9",
	      near(compare_t_quantile(1 - 0.05 / 24, 9), 3.807878444724724, 1e-9));
	CHECK("t quantile at 1 - 0.05/24, df 18",
	      near(compare_t_quantile(1 - 0.05 / 24, 18), 3.2793763153255675, 1e-9));
}

static void test_mann_whitney(void)
{
	static const struct {
		size_t na, nb;
		double u, p;
	} cdf[] = {
		/* _mwu_state.cdf(k=u, m=na, n=nb) */
		{ 3, 3, 0, 0.05 },
		{ 3, 3, 2, 0.2 },
		{ 5, 5, 2, 0.015873015873015872 },
		{ 5, 5, 12, 0.5 },
		{ 6, 6, 1, 0.0021645021645021645 },
		{ 7, 8, 10, 0.020046620046620046 },
		{ 10, 10, 23, 0.021628526272489117 },
		{ 10, 10, 16, 0.004465348892593475 },
	};
	static const struct {
		size_t na, nb;
		double tail;
		size_t k;
	} crit[] = {
		/* Textbook tables, two-sided 5% and 1%: U <= 2, 13, 23, 0, 16
		 * (k is the critical U + 1). */
		{ 5, 5, 0.025, 3 },    { 8, 8, 0.025, 14 },   { 10, 10, 0.025, 24 },
		{ 5, 5, 0.005, 1 },    { 10, 10, 0.005, 17 },
		/* scipy, the largest k with cdf(k - 1) <= tail */
		{ 3, 3, 0.05, 1 },     { 3, 3, 0.025, 0 },
		{ 6, 6, 0.05 / 24, 1 }, { 7, 7, 0.05 / 24, 4 },
		{ 10, 10, 0.05 / 24, 14 }, { 20, 30, 0.001, 147 },
		{ 40, 50, 0.01, 715 },
	};

	for (size_t i = 0; i < sizeof(cdf) / sizeof(cdf[0]); i++) {
		CHECK(named("Mann-Whitney P(U <= %g), %g and %g runs", cdf[i].u,
			    (double)cdf[i].na, (double)cdf[i].nb),
		      near(rank_mw_cdf(cdf[i].u, cdf[i].na, cdf[i].nb), cdf[i].p, 1e-12));
		CHECK(named("Mann-Whitney symmetric in the groups (%g, %g, %g)",
			    cdf[i].u, (double)cdf[i].na, (double)cdf[i].nb),
		      near(rank_mw_cdf(cdf[i].u, cdf[i].nb, cdf[i].na), cdf[i].p, 1e-12));
	}
	CHECK("Mann-Whitney cdf: above the middle by symmetry",
	      near(rank_mw_cdf(100 - 23 - 1, 10, 10), 1 - 0.021628526272489117, 1e-12));
	CHECK("Mann-Whitney cdf: bounds",
	      rank_mw_cdf(-1, 4, 4) == 0 && rank_mw_cdf(16, 4, 4) == 1 &&
		      isnan(rank_mw_cdf(1, 0, 4)));
	/* Past the exact range: the normal approximation, within 2% here. */
	CHECK("Mann-Whitney cdf: normal past the exact range",
	      fabs(rank_mw_cdf(1000, 60, 60) -
		   compare_normal_cdf((1000.5 - 1800) / sqrt(60.0 * 60 * 121 / 12))) < 1e-15);
	for (size_t i = 0; i < sizeof(crit) / sizeof(crit[0]); i++)
		CHECK(named("Mann-Whitney critical k, %g and %g runs at %g",
			    (double)crit[i].na, (double)crit[i].nb, crit[i].tail),
		      rank_mw_critical(crit[i].na, crit[i].nb, crit[i].tail) == crit[i].k);
	/* The normal approximation: floor(mean + 0.5 + z sd) = 714 at 40 x 50
	 * (exact 715) when the exact range is passed: 60 x 60 at 1%. */
	CHECK("Mann-Whitney critical k: normal past the exact range",
	      rank_mw_critical(60, 60, 0.01) ==
		      (size_t)floor(1800 + 0.5 + compare_normal_quantile(0.01) *
						       sqrt(60.0 * 60 * 121 / 12)));
	CHECK("Mann-Whitney critical k: empty group", rank_mw_critical(0, 5, 0.05) == 0);
}

/*
 * x = [10.1, 9.8, 10.4, 10.0, 9.7, 10.2, 10.3], y = [10.9, 11.2, 10.6,
 * 11.5, 10.8, 11.0, 11.1, 10.7]; d = sort(y[:, None] - x[None, :]):
 * median 0.9, k = 11 at 2.5% a side, d[10] = 0.6, d[45] = 1.2, achieved
 * cdf(10, 7, 8) = 0.020046620046620046.
 */
static void test_shift(void)
{
	static const double x[] = { 10.1, 9.8, 10.4, 10.0, 9.7, 10.2, 10.3 };
	static const double y[] = { 10.9, 11.2, 10.6, 11.5, 10.8, 11.0, 11.1, 10.7 };
	static const double same[] = { 5, 5, 5 };
	struct rank_shift s;

	CHECK("Hodges-Lehmann: computes", rank_shift(x, 7, y, 8, 0.025, &s) == 0);
	CHECK("Hodges-Lehmann: shift 0.9", near(s.shift, 0.9, 1e-12));
	CHECK("Hodges-Lehmann: interval [0.6, 1.2]",
	      near(s.low, 0.6, 1e-12) && near(s.high, 1.2, 1e-12) && s.k == 11);
	CHECK("Hodges-Lehmann: achieved tail",
	      near(s.tail_achieved, 0.020046620046620046, 1e-12));
	CHECK("Hodges-Lehmann: swapped groups negate",
	      rank_shift(y, 8, x, 7, 0.025, &s) == 0 && near(s.shift, -0.9, 1e-12) &&
		      near(s.low, -1.2, 1e-12) && near(s.high, -0.6, 1e-12));
	CHECK("Hodges-Lehmann: 3 runs a side cannot reach 2.5%",
	      rank_shift(x, 3, y, 3, 0.025, &s) == 1);
	CHECK("Hodges-Lehmann: 3 a side reach 5% with the extremes",
	      rank_shift(same, 3, same, 3, 0.05, &s) == 0 && s.k == 1 &&
		      s.shift == 0 && s.low == 0 && s.high == 0);
}

static void test_trend(void)
{
	/* kendalltau(range(8), y1, method='exact'): S = 22, p =
	 * 0.005505952380952381; theilslopes: 0.17750000000000002. */
	static const double y1[] = { 3.1, 2.9, 3.5, 3.8, 3.6, 4.0, 4.2, 4.1 };
	/* Ties: S = 52, var = 206, p = 2 norm.sf(51 / sqrt(206)) =
	 * 0.00038037485606764017; Sen 0.5. */
	static const double y2[] = { 5, 5, 6, 7, 7, 7, 8, 6, 9, 10, 10, 11 };
	/* numpy default_rng(5), 0.02 i + N(0, 1) rounded, 50 values: S = 153,
	 * p = 0.203565624695496 (normal, continuity corrected), Sen
	 * 0.011236906976744187. */
	static const double y3[] = {
		-0.801931, -1.304359, -0.208362, 0.480445, 1.216047, 0.209706,
		-0.432647, -0.64478, 0.908746, 1.814783, 0.472769, -1.013329,
		-0.718265, 1.860019, 0.482882, -1.432135, 0.236304, -0.823226,
		-0.269288, -0.108006, -0.313313, 0.973378, 0.376914, -0.129431,
		0.889638, 1.329855, -1.123023, 0.28327, -0.420747, 0.406845,
		-0.689419, 0.64069, 0.602114, 0.355662, -0.367927, 0.30381,
		-0.371329, -0.615209, 0.984786, -0.32935, 1.970296, 1.536588,
		-1.157817, 1.132129, -0.221717, 0.933057, 0.963632, -1.04843,
		0.726577, 0.72421 };
	static const double rising[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const double holes[] = { 1, NAN, 3, 2, INFINITY, 5 };
	static const double flat[] = { 4, 4, 4, 4 };
	struct rank_trend t;

	CHECK("Mann-Kendall: computes", rank_trend(y1, 8, &t) == 0);
	CHECK("Mann-Kendall: S and exact p",
	      t.s == 22 && t.exact && near(t.p, 0.005505952380952381, 1e-12));
	CHECK("Sen slope", near(t.slope, 0.17750000000000002, 1e-12));
	CHECK("Mann-Kendall with ties: normal, tie-corrected",
	      rank_trend(y2, 12, &t) == 0 && t.s == 52 && !t.exact &&
		      near(t.p, 0.00038037485606764017, 1e-9) && t.slope == 0.5);
	CHECK("Mann-Kendall, 50 values: normal",
	      rank_trend(y3, 50, &t) == 0 && t.s == 153 && !t.exact &&
		      near(t.p, 0.203565624695496, 1e-9) &&
		      near(t.slope, 0.011236906976744187, 1e-9));
	/* kendalltau exact, 7 in order: 0.0003968253968253968 = 2/7!. */
	CHECK("Mann-Kendall: 7 rising values, p = 2/7!",
	      rank_trend(rising, 7, &t) == 0 && t.s == 21 &&
		      near(t.p, 2.0 / 5040, 1e-12) && t.slope == 1);
	CHECK("Mann-Kendall: 7 falling values, same p",
	      rank_trend((const double[]){ 7, 6, 5, 4, 3, 2, 1 }, 7, &t) == 0 &&
		      t.s == -21 && near(t.p, 2.0 / 5040, 1e-12) && t.slope == -1);
	/* 1, 3, 2, 5 at positions 0, 2, 3, 5: S = 4; slopes 1, 1/3, 4/5,
	 * -1, 2/3, 3/2: Sen (2/3 + 4/5) / 2 = 11/15; exact p for S = 4 of 4
	 * values: 2 * 4/24 (4 of the 24 orders have at most one inversion). */
	CHECK("Mann-Kendall: missing values keep the others' positions",
	      rank_trend(holes, 6, &t) == 0 && t.n == 4 && t.s == 4 &&
		      near(t.slope, 11.0 / 15, 1e-12) && t.first == 0 && t.last == 5 &&
		      near(t.p, 8.0 / 24, 1e-12));
	CHECK("Mann-Kendall: constant values have no trend",
	      rank_trend(flat, 4, &t) == 0 && t.s == 0 && t.p == 1 && t.slope == 0);
	CHECK("Mann-Kendall: two values, p 1",
	      rank_trend(rising, 2, &t) == 0 && t.p == 1 && t.slope == 1);
	CHECK("Mann-Kendall: none", rank_trend(NULL, 0, &t) == 0 && t.n == 0 &&
					    t.p == 1);
}

int main(void)
{
	test_normal();
	test_mann_whitney();
	test_shift();
	test_trend();
	return check_done();
}
