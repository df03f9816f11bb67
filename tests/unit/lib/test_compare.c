/* SPDX-License-Identifier: MIT */
/*
 * test_compare.c - tests of src/lib/compare.c: the Student t distribution
 * against textbook table values, Welch's interval against a textbook
 * example, the log-scale comparison against figures computed
 * independently with python3 + scipy 1.10 (scipy.stats.t,
 * numpy var(ddof=1); the script is quoted beside each case), and the edge
 * cases: identical groups, one constant group, a group of one, missing and
 * nonpositive values, lower-is-better figures.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "lib/compare.h"

static char name_buf[160];

static const char *named(const char *fmt, double x)
{
	snprintf(name_buf, sizeof(name_buf), fmt, x);
	return name_buf;
}

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

/*
 * Two-sided 95% critical values, t(0.975, df): the textbook table (3
 * decimals) and scipy.stats.t.ppf(0.975, df) for the exact figure.
 */
static void test_t_quantile(void)
{
	static const struct {
		double df, table, scipy;
	} rows[] = {
		{ 1, 12.706, 12.706204736432095 },  { 2, 4.303, 4.302652729911275 },
		{ 4, 2.776, 2.7764451051977987 },   { 9, 2.262, 2.2621571627409915 },
		{ 30, 2.042, 2.0422724563012373 },  { 1e6, 1.960, 1.9599663568141066 },
		{ 2.5, 3.575, 3.5746548420118773 }, { 24.9, 2.060, 2.059958032459831 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		double t = compare_t_quantile(0.975, rows[i].df);

		CHECK(named("t(0.975, %g) matches the table", rows[i].df),
		      fabs(t - rows[i].table) < 0.0005);
		CHECK(named("t(0.975, %g) matches scipy to 1e-9", rows[i].df),
		      near(t, rows[i].scipy, 1e-9));
		CHECK(named("t(0.025, %g) = -t(0.975)", rows[i].df),
		      compare_t_quantile(0.025, rows[i].df) == -t);
	}
	CHECK("t quantile: median is 0", compare_t_quantile(0.5, 3) == 0.0);
	CHECK("t quantile: p 0 is NaN", isnan(compare_t_quantile(0.0, 3)));
	CHECK("t quantile: p 1 is NaN", isnan(compare_t_quantile(1.0, 3)));
	CHECK("t quantile: df 0 is NaN", isnan(compare_t_quantile(0.9, 0)));
	CHECK("t quantile: NaN df is NaN", isnan(compare_t_quantile(0.9, NAN)));
	/* 1e300 degrees of freedom: the normal quantile. */
	CHECK("t quantile: huge df is normal",
	      fabs(compare_t_quantile(0.975, 1e300) - 1.959964) < 1e-5);
	/* scipy: t.ppf(0.999, 1) = 318.30883898555044 (a far tail). */
	CHECK("t quantile: far tail at df 1",
	      near(compare_t_quantile(0.999, 1), 318.30883898555044, 1e-9));
}

static void test_t_cdf(void)
{
	/* scipy: t.cdf(2.0, 3) = 0.9303370157205785, t.cdf(-1.5, 7.3) = 0.08778154640154301 */
	CHECK("t cdf(2, 3)", near(compare_t_cdf(2.0, 3), 0.9303370157205785, 1e-12));
	CHECK("t cdf(-1.5, 7.3)",
	      near(compare_t_cdf(-1.5, 7.3), 0.08778154640154301, 1e-11));
	CHECK("t cdf(0) = 0.5", compare_t_cdf(0.0, 5) == 0.5);
	CHECK("t cdf(+inf) = 1", compare_t_cdf(INFINITY, 5) == 1.0);
	CHECK("t cdf(-inf) = 0", compare_t_cdf(-INFINITY, 5) == 0.0);
	CHECK("t cdf: bad df is NaN", isnan(compare_t_cdf(1.0, -1)));
	/* The quantile inverts the distribution function. */
	CHECK("t cdf(quantile(0.9, 6.5)) = 0.9",
	      near(compare_t_cdf(compare_t_quantile(0.9, 6.5), 6.5), 0.9, 1e-10));
}

/*
 * Welch's textbook example (the first of the two in the Wikipedia article
 * "Welch's t-test", 15 values each): t = -2.46, df = 24.99, p = 0.021.
 * scipy.stats.ttest_ind(a1, a2, equal_var=False) gives t =
 * -2.455356398286006; numpy: mean(a2) - mean(a1) = 2.166666666666668, se =
 * 0.8824245100137552, df = 24.988529290231416.
 */
static void test_welch_textbook(void)
{
	static const double a1[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
				     21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double a2[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
				     24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
	struct compare_welch w;

	CHECK("welch: textbook example computes",
	      compare_welch(a1, 15, a2, 15, &w) == 0);
	CHECK("welch: difference", near(w.diff, 2.166666666666668, 1e-12));
	CHECK("welch: standard error", near(w.se, 0.8824245100137552, 1e-12));
	CHECK("welch: degrees of freedom", near(w.df, 24.988529290231416, 1e-12));
	CHECK("welch: t statistic -2.4554 (a1 against a2)",
	      near(-w.diff / w.se, -2.455356398286006, 1e-12));
	/* Two-sided p = 2 * P(T < -|t|) = 0.021378001462866985 (scipy). */
	CHECK("welch: p value",
	      near(2 * compare_t_cdf(-w.diff / w.se, w.df), 0.021378001462866985, 1e-9));
	CHECK("welch: a group of one cannot", compare_welch(a1, 1, a2, 15, &w) == -1);
}

/*
 * compare_groups against scipy on the logarithms:
 *   la, lb = log(base), log(other); va, vb = var(ddof=1) / n
 *   se = sqrt(va + vb); df = (va+vb)^2 / (va^2/(na-1) + vb^2/(nb-1))
 *   d = mean(lb) - mean(la); t = stats.t.ppf(0.975, df)
 *   ratio exp(d), interval exp(d -+ t se), resolution expm1(t se) * 100
 */
static void test_groups_known(void)
{
	static const double base1[] = { 100, 104, 98, 101, 97 };
	static const double other1[] = { 110, 108, 113, 109, 111 };
	static const double base2[] = { 100, 104, 98 };
	static const double other2[] = { 101, 99, 106, 103 };
	struct compare_result r;

	/* grp1: 1.1021948248945466 [1.064911334181644, 1.140783643699207],
	 * df 6.796151368929558, resolution 3.5010887306926546 */
	compare_groups(base1, 5, other1, 5, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("groups: 10% more is faster", r.verdict == COMPARE_FASTER);
	CHECK("groups: ratio", near(r.ratio, 1.1021948248945466, 1e-12));
	CHECK("groups: interval low", near(r.ratio_low, 1.064911334181644, 1e-9));
	CHECK("groups: interval high", near(r.ratio_high, 1.140783643699207, 1e-9));
	CHECK("groups: percent", near(r.diff_pct, 10.21948248945466, 1e-10));
	CHECK("groups: low percent", near(r.diff_low_pct, 6.4911334181644, 1e-8));
	CHECK("groups: df", near(r.df, 6.796151368929558, 1e-12));
	CHECK("groups: resolution", near(r.resolution_pct, 3.5010887306926546, 1e-9));
	CHECK("groups: medians", r.median_base == 100 && r.median_other == 110);
	CHECK("groups: counts", r.n_base == 5 && r.n_other == 5);
	compare_groups(base1, 5, other1, 5, COMPARE_LOWER_IS_BETTER, &r);
	CHECK("groups: 10% more latency is slower", r.verdict == COMPARE_SLOWER);
	compare_groups(other1, 5, base1, 5, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("groups: swapped is slower", r.verdict == COMPARE_SLOWER);
	CHECK("groups: swapped ratio inverts", near(r.ratio, 1 / 1.1021948248945466, 1e-12));
	CHECK("groups: swapped interval inverts",
	      near(r.ratio_high, 1 / 1.064911334181644, 1e-9) &&
		      near(r.ratio_low, 1 / 1.140783643699207, 1e-9));
	compare_groups(other1, 5, base1, 5, COMPARE_LOWER_IS_BETTER, &r);
	CHECK("groups: 10% less latency is faster", r.verdict == COMPARE_FASTER);

	/* grp2: 1.0157147898163295 [0.9554763364254606, 1.079751004730523],
	 * df 4.350430448355202, resolution 6.304546862586611 */
	compare_groups(base2, 3, other2, 4, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("groups: 1.6% within noise", r.verdict == COMPARE_NO_DIFFERENCE);
	CHECK("groups: noise ratio", near(r.ratio, 1.0157147898163295, 1e-12));
	CHECK("groups: noise interval",
	      near(r.ratio_low, 0.9554763364254606, 1e-9) &&
		      near(r.ratio_high, 1.079751004730523, 1e-9));
	CHECK("groups: noise df", near(r.df, 4.350430448355202, 1e-12));
	CHECK("groups: could have seen 6.3%",
	      near(r.resolution_pct, 6.304546862586611, 1e-9));
	CHECK("groups: even median", r.median_other == 102);
	CHECK_STR("groups: verdict name", compare_verdict_name(r.verdict),
		  "no clear difference");
}

static void test_groups_edges(void)
{
	static const double same[] = { 250, 250, 250 };
	static const double more[] = { 260, 260, 260, 260 };
	static const double flat[] = { 100, 100, 100 };
	static const double spread[] = { 90, 95, 92 };
	static const double holes[] = { NAN, 100, 0, 104, -3, INFINITY, 98, NAN };
	static const double tidy[] = { 100, 104, 98 };
	static const double one[] = { 120 };
	struct compare_result r, t;

	compare_groups(same, 3, same, 3, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("identical: no clear difference", r.verdict == COMPARE_NO_DIFFERENCE);
	CHECK("identical: zero-width interval at 0",
	      r.diff_pct == 0 && r.diff_low_pct == 0 && r.diff_high_pct == 0);
	CHECK("identical: resolution 0", r.resolution_pct == 0);
	CHECK("identical: df unknown", isnan(r.df));

	compare_groups(same, 3, more, 4, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("constant groups that differ: faster", r.verdict == COMPARE_FASTER);
	CHECK("constant groups: point interval",
	      near(r.diff_pct, 4, 1e-12) && r.ratio_low == r.ratio_high &&
		      near(r.diff_low_pct, 4, 1e-12));
	compare_groups(more, 4, same, 3, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("constant groups that differ: slower", r.verdict == COMPARE_SLOWER);
	compare_groups(more, 4, same, 3, COMPARE_LOWER_IS_BETTER, &r);
	CHECK("constant groups, lower better: faster", r.verdict == COMPARE_FASTER);

	/* grp3 (scipy): 0.9231054478364733 [0.8628130957964548,
	 * 0.9876109576649257], df 2.0 exactly: Satterthwaite with one
	 * constant group gives the other's n - 1. */
	compare_groups(flat, 3, spread, 3, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("one constant group: slower", r.verdict == COMPARE_SLOWER);
	CHECK("one constant group: df = n - 1", near(r.df, 2.0, 1e-12));
	CHECK("one constant group: interval",
	      near(r.ratio_low, 0.8628130957964548, 1e-9) &&
		      near(r.ratio_high, 0.9876109576649257, 1e-9));

	compare_groups(tidy, 3, one, 1, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("group of one: one run cannot tell", r.verdict == COMPARE_ONE_RUN);
	CHECK("group of one: ratio still shown", r.median_other == 120 && r.ratio > 1);
	CHECK("group of one: no interval",
	      isnan(r.ratio_low) && isnan(r.diff_high_pct) && isnan(r.resolution_pct));
	CHECK_STR("group of one: verdict name", compare_verdict_name(r.verdict),
		  "one run cannot tell");
	compare_groups(one, 1, one, 1, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("one against one: cannot tell", r.verdict == COMPARE_ONE_RUN);

	/* Missing (+++++ passed as NaN), zero, negative and infinite values
	 * are left out: the result is that of the present values alone. */
	compare_groups(holes, 8, spread, 3, COMPARE_HIGHER_IS_BETTER, &r);
	compare_groups(tidy, 3, spread, 3, COMPARE_HIGHER_IS_BETTER, &t);
	CHECK("missing values: counted out", r.n_base == 3);
	CHECK("missing values: same as without them",
	      r.verdict == t.verdict && r.ratio == t.ratio &&
		      r.ratio_low == t.ratio_low && r.df == t.df &&
		      r.median_base == 100);
	compare_groups(holes, 1, spread, 3, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("only missing values: no figures",
	      r.verdict == COMPARE_NO_FIGURES && r.n_base == 0 &&
		      isnan(r.median_base) && isnan(r.ratio) &&
		      r.median_other == 92);
	compare_groups(NULL, 0, NULL, 0, COMPARE_HIGHER_IS_BETTER, &r);
	CHECK("empty groups: no figures", r.verdict == COMPARE_NO_FIGURES);
	CHECK_STR("no figures: name", compare_verdict_name(r.verdict), "no figures");
	CHECK_STR("faster: name", compare_verdict_name(COMPARE_FASTER), "faster");
	CHECK_STR("slower: name", compare_verdict_name(COMPARE_SLOWER), "slower");
}

int main(void)
{
	test_t_quantile();
	test_t_cdf();
	test_welch_textbook();
	test_groups_known();
	test_groups_edges();
	return check_done();
}
