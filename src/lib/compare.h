/* SPDX-License-Identifier: MIT */
/*
 * compare.h - is one setup really faster than another, or is it noise?
 * Welch's t on the logarithms of two groups of figures gives the ratio of
 * their geometric means with a 95% confidence interval and a verdict, and
 * the Student t and normal distributions that this and the family
 * verdicts of judge.h need. Pure functions: no I/O, no globals,
 * thread-safe.
 *
 * Why Welch on logarithms, and not a bootstrap: clyde compares 3 to 10 runs
 * per group. A percentile bootstrap at such n has very few distinct
 * resamples (10 for n = 3) and its intervals are too narrow, because the
 * resampled spread is the plug-in (divide-by-n) spread with no allowance
 * for estimating it; Welch's t widens the interval through the Student t
 * quantile with the Welch-Satterthwaite degrees of freedom, which is what
 * an honest small-sample interval needs, and does not assume the two
 * setups are equally noisy (a disk and a page cache rarely are). The
 * logarithm because disk figures are positive and vary multiplicatively,
 * because people read ratios ("5% faster"), and because on the log scale
 * the answer does not depend on which group is the baseline: swapping them
 * inverts the ratio and its interval exactly.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdbool.h>
#include <stddef.h>

/* Which way is better for a figure: rates up, latency and CPU per unit down. */
enum compare_better { COMPARE_HIGHER_IS_BETTER, COMPARE_LOWER_IS_BETTER };

enum compare_verdict {
	COMPARE_NO_FIGURES,   /* a group has no usable value at all */
	COMPARE_ONE_RUN,      /* a group has one usable value: one run cannot tell */
	COMPARE_NO_DIFFERENCE,/* the 95% interval of the ratio contains 1 */
	COMPARE_FASTER,       /* the other group is better, beyond noise */
	COMPARE_SLOWER,       /* the other group is worse, beyond noise */
};

/*
 * Welch's two-sample t interval for mean(b) - mean(a) on values as given.
 * diff = mean(b) - mean(a); se its standard error; df the Welch-
 * Satterthwaite degrees of freedom (NaN when se is 0); t_crit the 97.5%
 * Student t quantile at df (0 when se is 0); the 95% interval is
 * diff +- t_crit * se.
 */
struct compare_welch {
	double diff, se, df, t_crit;
};

/*
 * The comparison of a group OTHER with a BASELINE group. Percentages are
 * relative differences of the geometric means, other against baseline, in
 * the figure's own direction (+5 = a 5% larger figure, which for latency is
 * worse: the verdict says which is better). Fields that cannot be known are
 * NaN: medians and ratios of an empty group, every interval of a group of
 * one.
 */
struct compare_result {
	enum compare_verdict verdict;
	size_t n_base, n_other;            /* usable values (finite, > 0) */
	double median_base, median_other;  /* of the usable values, as given */
	double ratio;                      /* geometric mean other / baseline */
	double ratio_low, ratio_high;      /* its 95% confidence interval */
	double diff_pct;                   /* (ratio - 1) * 100 */
	double diff_low_pct, diff_high_pct;/* the interval, in percent */
	/*
	 * How large a difference these runs could have seen: the smallest
	 * relative difference of the geometric means that would have been
	 * called faster or slower, (exp(t_crit * se) - 1) * 100, i.e. the
	 * interval's half-width on the log scale as a percentage. A "no clear
	 * difference" verdict means "any real difference is probably smaller
	 * than about this"; 0 when both groups are exactly constant.
	 */
	double resolution_pct;
	double df;                         /* Welch-Satterthwaite, NaN if none */
};

/*
 * Compare OTHER[0..n_other) with BASE[0..n_base) (each any n >= 0). Values
 * that are not finite or not positive (missing figures, +++++ that the
 * caller passes as NaN, zeros that cannot be logged) are left out and not
 * counted; callers may equally pass only the present values. Fills *out
 * completely; never fails.
 */
void compare_groups(const double *base, size_t n_base, const double *other,
		    size_t n_other, enum compare_better better,
		    struct compare_result *out);

/*
 * Welch's interval on A[0..na) and B[0..nb) as given (no logarithm, no
 * filtering; every value must be finite). Returns 0, or -1 when a group has
 * fewer than two values (out untouched).
 */
int compare_welch(const double *a, size_t na, const double *b, size_t nb,
		  struct compare_welch *out);

/* P(T <= t) for Student's t with DF > 0 degrees of freedom (any real DF). */
double compare_t_cdf(double t, double df);

/*
 * The quantile of Student's t: the t with P(T <= t) = P, for 0 < P < 1 and
 * DF > 0; NaN outside. Accurate to about 1e-10 relative.
 */
double compare_t_quantile(double p, double df);

/* P(Z <= z) for the standard normal distribution; NaN for NaN. */
double compare_normal_cdf(double z);

/*
 * The standard normal quantile: the z with P(Z <= z) = P, 0 < P < 1; NaN
 * outside. Accurate to about 1e-14 relative in either tail.
 */
double compare_normal_quantile(double p);

/* "faster", "slower", "no clear difference", "one run cannot tell", "no figures". */
const char *compare_verdict_name(enum compare_verdict verdict);

#endif
