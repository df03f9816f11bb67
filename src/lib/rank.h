/* SPDX-License-Identifier: MIT */
/*
 * rank.h - statistics that use only the order of the values, so one wild
 * value moves them no more than any other: the Mann-Whitney distribution,
 * the Hodges-Lehmann shift between two groups with its rank interval, and
 * the Mann-Kendall trend test with Sen's slope. Pure functions: no I/O, no
 * globals, thread-safe.
 */
#ifndef RANK_H
#define RANK_H

#include <stdbool.h>
#include <stddef.h>

/* Exact Mann-Whitney sums up to this many pairs (na * nb), normal past it. */
#define RANK_MW_EXACT_PAIRS 2500u
/* Exact Mann-Kendall distribution up to this many values without ties. */
#define RANK_MK_EXACT_MAX 40u

/*
 * P(U <= u) for the Mann-Whitney count U (the pairs (x, y) with y < x, no
 * ties) of groups of NA and NB values under the null hypothesis that both
 * come from one continuous distribution. Exact (from the number of ways
 * each U arises) when na * nb <= RANK_MW_EXACT_PAIRS, else the normal
 * approximation with a continuity correction. 0 for u < 0; NaN when a
 * group is empty.
 */
double rank_mw_cdf(double u, size_t na, size_t nb);

/*
 * How many of the na * nb pairwise differences the rank interval leaves
 * out at each end for a miss chance of at most TAIL on each side: the
 * largest k with P(U <= k - 1) <= TAIL. 0 when even the widest interval
 * (the smallest and largest difference, k = 1) misses more often, i.e.
 * when the groups are too small for that level.
 */
size_t rank_mw_critical(size_t na, size_t nb, double tail);

/*
 * The Hodges-Lehmann shift of Y against X: the median of the na * nb
 * differences y[j] - x[i], with the distribution-free interval between
 * the k-th smallest and the k-th largest of them (k of rank_mw_critical),
 * which covers the true shift with chance at least 1 - 2 * tail_achieved
 * when the groups differ only by a shift.
 */
struct rank_shift {
	double shift;         /* median of the differences */
	double low, high;     /* the interval */
	size_t k;             /* differences left out at each end */
	double tail_achieved; /* P(U <= k - 1): the true miss chance per side */
};

/*
 * The shift of Y[0..ny) against X[0..nx) (finite values, any order) with
 * an interval missing at most TAIL per side. Returns 0; 1 when the groups
 * are too small for TAIL (rank_mw_critical is 0; *out untouched); -1 when
 * out of memory (it sorts na * nb differences).
 */
int rank_shift(const double *x, size_t nx, const double *y, size_t ny,
	       double tail, struct rank_shift *out);

/*
 * The Mann-Kendall trend test on a series in the order it was measured:
 * S = sum over i < j of sign(y[j] - y[i]), with its two-sided p-value
 * (exact for up to RANK_MK_EXACT_MAX values without ties, from the number
 * of permutations with each count of inversions; otherwise the normal
 * approximation with the variance corrected for ties and a continuity
 * correction), and Sen's slope: the median of (y[j] - y[i]) / (j - i) over
 * the pairs, per step of position.
 */
struct rank_trend {
	size_t n;      /* values in the test */
	double s;      /* Mann-Kendall S */
	double p;      /* two-sided p-value; 1 under 3 values */
	bool exact;    /* p from the exact distribution */
	double slope;  /* Sen's slope per position; 0 under 2 values */
	size_t first, last; /* positions of the first and last value tested */
};

/*
 * The trend of Y[0..n), position = index; values that are not finite
 * (missing runs) are left out but keep the positions of the others.
 * Returns 0, or -1 when out of memory (Sen's slope sorts n(n-1)/2 slopes).
 */
int rank_trend(const double *y, size_t n, struct rank_trend *out);

/* The median of X[0..n) (n >= 1), which it sorts in place. */
double rank_median(double *x, size_t n);

#endif
