/* SPDX-License-Identifier: MIT */
/*
 * test_judge.c - tests of src/lib/judge.c, the family verdicts: Welch's
 * interval at the family's level and the detectable difference against
 * python3 + scipy 1.10 (on the logs: t.ppf(1 - 0.05/(2m), df), se and df
 * as in test_compare.c; q = t.ppf(1 - 0.05/(2m), df), MDE =
 * expm1(log1p(0.03) + se (q + norm.ppf(0.8) sqrt(1 + q^2 / (2 df))))),
 * the Hodges-Lehmann ratio on test_rank.c's groups
 * (exponentiated, tenfold smaller), which method is used when, the three
 * verdicts and "cannot tell", zero spread, one run, missing values, lower-
 * is-better figures, swapped groups, odd runs and drift.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "lib/judge.h"

static const struct judge_options defaults = { JUDGE_ALPHA, JUDGE_THRESHOLD };

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

static int judge(const double *base, size_t nb, const double *other, size_t no,
		 enum compare_better better, size_t family, struct judge_result *r)
{
	struct judge_pair p = { base, nb, other, no, better };

	return judge_pair(&p, family, &defaults, r);
}

/*
 * scipy, base [100, 104, 98, 101, 97] against [110, 108, 113, 109, 111]:
 * family of 12: 1.1021948248945466 [1.0368105343222866,
 * 1.171702439171684], MDE 11.542522210187785%.
 */
static void test_welch(void)
{
	static const double base[] = { 100, 104, 98, 101, 97 };
	static const double other[] = { 110, 108, 113, 109, 111 };
	static const double few_a[] = { 100, 104, 98 }, few_b[] = { 101, 99, 106, 103 };
	struct judge_result r;

	CHECK("welch: computes", judge(base, 5, other, 5, COMPARE_HIGHER_IS_BETTER,
				       12, &r) == 0);
	CHECK("welch: 5 runs a side in a family of 12 is Welch",
	      r.method == JUDGE_WELCH && near(r.level, 1 - 0.05 / 12, 1e-15));
	CHECK("welch: the ratio of geometric means",
	      near(r.ratio, 1.1021948248945466, 1e-12) &&
		      near(r.diff_pct, 10.21948248945466, 1e-10));
	CHECK("welch: the interval at 1 - 0.05/12",
	      near(r.ratio_low, 1.0368105343222866, 1e-9) &&
		      near(r.ratio_high, 1.171702439171684, 1e-9) &&
		      near(r.low_pct, 3.68105343222866, 1e-7));
	CHECK("welch: degrees of freedom", near(r.df, 6.796151368929558, 1e-12));
	CHECK("welch: +3.7% to +17%: faster", r.verdict == JUDGE_FASTER &&
						      r.interval_verdict == JUDGE_FASTER);
	CHECK("welch: detectable difference", near(r.mde_pct, 11.542522210187785, 1e-9));
	CHECK("welch: groups", r.base.n == 5 && r.other.n == 5 && r.base.median == 100 &&
				       r.other.median == 110 && !r.drift);
	/* test_compare.c's grp2, 95%: [0.9554763364254606,
	 * 1.079751004730523]; MDE 12.364997247576559% (1 / C(7, 3) > 0.025:
	 * Welch). */
	judge(few_a, 3, few_b, 4, COMPARE_HIGHER_IS_BETTER, 1, &r);
	CHECK("welch: a family of one is a 95% interval",
	      r.method == JUDGE_WELCH && near(r.level, 0.95, 1e-15) &&
		      near(r.ratio_low, 0.9554763364254606, 1e-9) &&
		      near(r.ratio_high, 1.079751004730523, 1e-9) &&
		      near(r.mde_pct, 12.364997247576559, 1e-9));
	CHECK("welch: -4.5% to +8%: cannot tell", r.verdict == JUDGE_CANNOT_TELL);
	/* 5 a side at 95% are rank-based: k = 3, P(U <= 2) = 1/63. */
	judge(base, 5, other, 5, COMPARE_HIGHER_IS_BETTER, 1, &r);
	CHECK("method: 5 a side in a family of one is rank-based",
	      r.method == JUDGE_HODGES_LEHMANN && near(r.level, 1 - 2.0 / 63, 1e-12));
	judge(base, 5, other, 5, COMPARE_LOWER_IS_BETTER, 12, &r);
	CHECK("welch: 10% more latency is slower", r.verdict == JUDGE_SLOWER);
	judge(other, 5, base, 5, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("welch: swapped groups invert the ratio and the verdict",
	      r.verdict == JUDGE_SLOWER && near(r.ratio, 1 / 1.1021948248945466, 1e-12) &&
		      near(r.ratio_high, 1 / 1.0368105343222866, 1e-9) &&
		      near(r.ratio_low, 1 / 1.171702439171684, 1e-9));
	judge(other, 5, base, 5, COMPARE_LOWER_IS_BETTER, 12, &r);
	CHECK("welch: 10% less latency is faster", r.verdict == JUDGE_FASTER);
}

/*
 * exp(x / 10) against exp(y / 10) for test_rank.c's x and y: the shift
 * 0.09 with interval [0.06, 0.12] (k = 11), so the ratio exp(0.09) in
 * [exp(0.06), exp(0.12)]; MDE = expm1(log1p(0.03) + 0.03 (1 +
 * norm.ppf(0.8) / norm.ppf(1 - 0.020046620046620046))) =
 * 7.450327924528148%.
 */
static void test_hodges_lehmann(void)
{
	static const double base[] = { 2.7456010150169163, 2.6644562419294173,
		2.82921701435156, 2.718281828459045, 2.6379444593541526,
		2.7731947639642978, 2.801065834699079 };
	static const double other[] = { 2.9742740725630656, 3.064854203293002,
		2.8863709892679585, 3.158192909689767, 2.9446795510655246,
		3.0041660239464334, 3.0343583944356753, 2.9153794999769964 };
	static const double six_a[] = { 100, 101, 99, 100, 102, 98 };
	static const double six_b[] = { 120, 119, 121, 122, 118, 120 };
	struct judge_result r;

	judge(base, 7, other, 8, COMPARE_HIGHER_IS_BETTER, 1, &r);
	CHECK("hodges-lehmann: 7 against 8 at 95% is rank-based",
	      r.method == JUDGE_HODGES_LEHMANN && isnan(r.df));
	CHECK("hodges-lehmann: the ratio and its interval",
	      near(r.ratio, exp(0.09), 1e-9) && near(r.ratio_low, exp(0.06), 1e-9) &&
		      near(r.ratio_high, exp(0.12), 1e-9));
	CHECK("hodges-lehmann: the achieved level",
	      near(r.level, 1 - 2 * 0.020046620046620046, 1e-12));
	CHECK("hodges-lehmann: +6.2% at least: faster", r.verdict == JUDGE_FASTER);
	CHECK("hodges-lehmann: detectable difference",
	      near(r.mde_pct, 7.450327924528148, 1e-9));
	/* 1 / C(12, 6) = 1/924 is within 0.05/24 but not 0.05/48. */
	judge(six_a, 6, six_b, 6, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("method: 6 a side in a family of 12 is rank-based, the extremes",
	      r.method == JUDGE_HODGES_LEHMANN && near(r.level, 1 - 2.0 / 924, 1e-12) &&
		      near(r.ratio_low, 118.0 / 102, 1e-12) &&
		      near(r.ratio_high, 122.0 / 98, 1e-12));
	judge(six_a, 6, six_b, 6, COMPARE_HIGHER_IS_BETTER, 24, &r);
	CHECK("method: 6 a side in a family of 24 is Welch", r.method == JUDGE_WELCH);
}

static void test_verdicts(void)
{
	static const double a[] = { 100000, 100000, 100000, 100000, 100000 };
	static const double b[] = { 100010, 100010, 100010, 100010, 100010 };
	static const double c100[] = { 100, 100, 100 }, c110[] = { 110, 110, 110 };
	static const double c102[] = { 102, 102, 102 }, c97[] = { 97, 97, 97 };
	static const double tight_a[] = { 100, 100.5, 99.6, 100.2, 99.8, 100.1,
					   99.9, 100.3, 99.7, 100 };
	static const double tight_b[] = { 100.4, 100.2, 99.9, 100.6, 100.1, 100.3,
					   99.8, 100.5, 100, 100.2 };
	static const double wide_a[] = { 100, 130, 80 }, wide_b[] = { 105, 140, 85 };
	struct judge_result r;

	/* Zero spread: 0.01% is not a verdict, it is the same within 3%. */
	judge(a, 5, b, 5, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("zero spread: 100000 against 100010 is the same within 3%",
	      r.verdict == JUDGE_SAME && r.method == JUDGE_WELCH);
	CHECK("zero spread: a point interval at +0.01%",
	      near(r.diff_pct, 0.01, 1e-9) && r.ratio_low == r.ratio_high &&
		      r.ratio_low == r.ratio);
	CHECK("zero spread: detects anything past the threshold",
	      near(r.mde_pct, 3.0, 1e-12));
	judge(c100, 3, c110, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("zero spread: 10% is faster", r.verdict == JUDGE_FASTER);
	judge(c100, 3, c97, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("zero spread: -3% is outside 1/1.03: slower", r.verdict == JUDGE_SLOWER);
	judge(c100, 3, c102, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("zero spread: 2% is the same", r.verdict == JUDGE_SAME);
	/* Tight groups of 10: the interval lies well within +/-3%. */
	judge(tight_a, 10, tight_b, 10, COMPARE_HIGHER_IS_BETTER, 24, &r);
	CHECK("tight groups: the same within 3%",
	      r.verdict == JUDGE_SAME && r.method == JUDGE_HODGES_LEHMANN &&
		      r.low_pct > -3 && r.high_pct < 3);
	judge(wide_a, 3, wide_b, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("noisy groups: cannot tell, and say what they could detect",
	      r.verdict == JUDGE_CANNOT_TELL && r.mde_pct > 50 &&
		      r.low_pct < -3 && r.high_pct > 3);
}

static void test_few_runs(void)
{
	static const double tidy[] = { 100, 104, 98 }, one[] = { 120 };
	static const double holes[] = { NAN, 100, 0, 104, -3, INFINITY, 98, NAN };
	static const double spread[] = { 90, 95, 92 };
	struct judge_result r, t;

	judge(tidy, 3, one, 1, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("one run: cannot tell, the ratio still shown",
	      r.verdict == JUDGE_ONE_RUN && r.method == JUDGE_NO_METHOD &&
		      near(r.ratio, 120 / cbrt(100.0 * 104 * 98), 1e-12) &&
		      isnan(r.ratio_low) && isnan(r.mde_pct));
	judge(one, 1, one, 1, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("one run a side: cannot tell", r.verdict == JUDGE_ONE_RUN);
	judge(holes, 8, spread, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	judge(tidy, 3, spread, 3, COMPARE_HIGHER_IS_BETTER, 12, &t);
	CHECK("missing values: left out and counted",
	      r.base.n == 3 && r.base.missing == 5 && r.verdict == t.verdict &&
		      r.ratio == t.ratio && r.ratio_low == t.ratio_low &&
		      r.base.median == 100);
	judge(holes, 1, spread, 3, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("only missing values: no figures",
	      r.verdict == JUDGE_NO_FIGURES && r.base.n == 0 &&
		      isnan(r.base.median) && isnan(r.ratio) && r.other.median == 92);
	judge(NULL, 0, NULL, 0, COMPARE_HIGHER_IS_BETTER, 0, &r);
	CHECK("empty groups: no figures", r.verdict == JUDGE_NO_FIGURES);
}

/* scipy, [100, 104, 98] against [110, 108, 113] at 1 - 0.05/2:
 * [1.0124919750626136, 1.1867668037081232]. */
static void test_family(void)
{
	static const double a[] = { 100, 104, 98 };
	static const double b[] = { 110, 108, 113 };
	static const double one[] = { 5 };
	const struct judge_pair pairs[] = {
		{ a, 3, b, 3, COMPARE_HIGHER_IS_BETTER },
		{ a, 3, one, 1, COMPARE_HIGHER_IS_BETTER },
		{ b, 3, a, 3, COMPARE_LOWER_IS_BETTER },
		{ NULL, 0, a, 3, COMPARE_HIGHER_IS_BETTER },
	};
	struct judge_result r[4];

	CHECK("family: only pairs that can give a verdict count",
	      judge_family_size(pairs, 4) == 2);
	CHECK("family: judged", judge_family(pairs, 4, &defaults, r) == 0);
	CHECK("family: each at level 1 - 0.05/2",
	      near(r[0].level, 0.975, 1e-15) && near(r[2].level, 0.975, 1e-15) &&
		      near(r[0].ratio_low, 1.0124919750626136, 1e-9) &&
		      near(r[0].ratio_high, 1.1867668037081232, 1e-9));
	/* +1.2% at least: not beyond 3%, so cannot tell, either way round. */
	CHECK("family: verdicts", r[0].verdict == JUDGE_CANNOT_TELL &&
					  r[1].verdict == JUDGE_ONE_RUN &&
					  r[2].verdict == JUDGE_CANNOT_TELL &&
					  r[3].verdict == JUDGE_NO_FIGURES);
}

static void test_odd(void)
{
	static const double five[] = { 100, 101, 99, 100.5, 48 };
	static const double many[] = { 100, 101, 99, 40, 100, 102, 98, 45, 100, 101,
				       99, 50, 100, 100.5, 99.5, 55, 100, 101, 60, 99 };
	static const double calm[] = { 100, 103, 97, 101, 99, 104, 96 };
	struct judge_group g;

	CHECK("odd: computes", judge_group(five, 5, 0.05, 0.03, &g) == 0);
	CHECK("odd: run 5 of 5 is 2.1x slower than the median",
	      g.n_odd == 1 && g.odd[0].run == 4 && near(g.odd[0].ratio, 0.48, 1e-12) &&
		      g.odd[0].score > 26 && g.median == 100);
	judge_group(many, 20, 0.05, 0.03, &g);
	CHECK("odd: five odd runs, the four oddest kept, oddest first",
	      g.n_odd == 5 && g.odd[0].run == 3 && g.odd[1].run == 7 &&
		      g.odd[2].run == 11 && g.odd[3].run == 15);
	judge_group(calm, 7, 0.05, 0.03, &g);
	CHECK("odd: a calm group has none", g.n_odd == 0);
	CHECK("odd: fewer than three runs have none",
	      judge_group(five + 3, 2, 0.05, 0.03, &g) == 0 && g.n_odd == 0);
}

static void test_drift(void)
{
	double rising[10], slight[10], flat[10], calm[10];
	struct judge_result r;

	/* 100 rising to 150 over ten runs, with a wobble. */
	for (int i = 0; i < 10; i++) {
		rising[i] = 100 * pow(1.5, i / 9.0) * (i % 2 ? 1.004 : 0.996);
		slight[i] = 100 * (1 + 0.001 * i);
		flat[i] = 150 * (i % 2 ? 1.01 : 0.99);
		calm[i] = 100 * (i % 3 ? 1.01 : 0.99);
	}
	judge(calm, 10, rising, 10, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("drift: found in the other group",
	      r.drift && r.other.drift.found && !r.base.drift.found);
	CHECK("drift: rose about 50% from the first run to the last",
	      fabs(r.other.drift.change - 0.5) < 0.02 &&
		      r.other.drift.trend.first == 0 && r.other.drift.trend.last == 9);
	CHECK("drift: Mann-Kendall p within 0.05/24",
	      r.other.drift.trend.p <= 0.05 / 24 && near(r.other.drift.level, 0.05 / 24, 1e-12));
	CHECK("drift: makes the verdict cannot tell",
	      r.verdict == JUDGE_CANNOT_TELL && r.interval_verdict == JUDGE_FASTER);
	judge(calm, 10, flat, 10, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("drift: none in steady groups", !r.drift && r.verdict == JUDGE_FASTER);
	judge(calm, 10, slight, 10, COMPARE_HIGHER_IS_BETTER, 12, &r);
	CHECK("drift: a steady 0.9% rise is within the threshold",
	      r.other.drift.trend.p < 1e-5 && !r.other.drift.found && !r.drift);
}

int main(void)
{
	test_welch();
	test_hodges_lehmann();
	test_verdicts();
	test_few_runs();
	test_family();
	test_odd();
	test_drift();
	return check_done();
}
