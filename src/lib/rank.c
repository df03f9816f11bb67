/* SPDX-License-Identifier: MIT */
/*
 * rank.c - rank statistics (rank.h): the exact Mann-Whitney distribution
 * from the Gaussian binomial coefficient, the Hodges-Lehmann shift and its
 * interval from the sorted pairwise differences, the Mann-Kendall test
 * from the number of permutations with each count of inversions, and
 * Sen's slope.
 */
#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "rank.h"

#define MW_DEGREES (RANK_MW_EXACT_PAIRS / 2 + 1)
#define MK_PAIRS (RANK_MK_EXACT_MAX * (RANK_MK_EXACT_MAX - 1) / 2)

static int by_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

double rank_median(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), by_value);
	return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/*
 * C[0..top]: how many of the C(na + nb, na) equally likely orders of the
 * two groups give U = u, for u up to TOP. They are the coefficients of the
 * Gaussian binomial [na + nb, na] = prod over i = 1..na of
 * (1 - q^(nb + i)) / (1 - q^i); each factor is a subtraction at a stride
 * and a running sum at a stride, and coefficients past TOP never flow back
 * below it, so the product can be cut there.
 */
static void mw_counts(size_t na, size_t nb, size_t top, double *c)
{
	c[0] = 1.0;
	for (size_t d = 1; d <= top; d++)
		c[d] = 0.0;
	for (size_t i = 1; i <= na; i++) {
		for (size_t d = top; d >= nb + i && d <= top; d--)
			c[d] -= c[d - nb - i];
		for (size_t d = i; d <= top; d++)
			c[d] += c[d - i];
	}
}

/* log C(na + nb, na): the number of orders of the two groups. */
static double log_orders(size_t na, size_t nb)
{
	return lgamma((double)(na + nb + 1)) - lgamma((double)(na + 1)) -
	       lgamma((double)(nb + 1));
}

static double mw_normal_sd(size_t na, size_t nb)
{
	return sqrt((double)na * (double)nb * (double)(na + nb + 1) / 12.0);
}

double rank_mw_cdf(double u, size_t na, size_t nb)
{
	double c[MW_DEGREES], pairs = (double)na * (double)nb, sum = 0.0;
	size_t top;

	if (na == 0 || nb == 0 || isnan(u))
		return NAN;
	u = floor(u);
	if (u < 0)
		return 0.0;
	if (u >= pairs)
		return 1.0;
	if (na * nb > RANK_MW_EXACT_PAIRS)
		return compare_normal_cdf((u + 0.5 - pairs / 2.0) /
					  mw_normal_sd(na, nb));
	/* U is symmetric about na * nb / 2: count the shorter tail. */
	if (u > pairs / 2.0)
		return 1.0 - rank_mw_cdf(pairs - u - 1.0, na, nb);
	top = (size_t)u;
	mw_counts(na < nb ? na : nb, na < nb ? nb : na, top, c);
	for (size_t d = 0; d <= top; d++)
		sum += c[d];
	return exp(log(sum) - log_orders(na, nb));
}

size_t rank_mw_critical(size_t na, size_t nb, double tail)
{
	double c[MW_DEGREES], pairs = (double)na * (double)nb, sum = 0.0, total;
	size_t top, k = 0;

	if (na == 0 || nb == 0 || !(tail > 0.0))
		return 0;
	if (na * nb > RANK_MW_EXACT_PAIRS) {
		double z = compare_normal_quantile(tail < 0.5 ? tail : 0.5);
		double kk = floor(pairs / 2.0 + 0.5 + z * mw_normal_sd(na, nb));

		return kk < 0 ? 0 : (size_t)kk;
	}
	top = na * nb / 2;
	mw_counts(na < nb ? na : nb, na < nb ? nb : na, top, c);
	total = exp(log_orders(na, nb));
	for (size_t d = 0; d <= top; d++) {
		sum += c[d];
		/* A relative slack of 1e-12 keeps exact ties on the level's side. */
		if (sum > tail * total * (1.0 + 1e-12))
			break;
		k = d + 1;
	}
	return k;
}

int rank_shift(const double *x, size_t nx, const double *y, size_t ny,
	       double tail, struct rank_shift *out)
{
	size_t pairs = nx * ny, k = rank_mw_critical(nx, ny, tail), m = 0;
	double *d;

	if (k == 0)
		return 1;
	d = malloc(pairs * sizeof(*d));
	if (!d)
		return -1;
	for (size_t j = 0; j < ny; j++)
		for (size_t i = 0; i < nx; i++)
			d[m++] = y[j] - x[i];
	out->shift = rank_median(d, pairs); /* sorts d */
	out->low = d[k - 1];
	out->high = d[pairs - k];
	out->k = k;
	out->tail_achieved = rank_mw_cdf((double)k - 1.0, nx, ny);
	free(d);
	return 0;
}

/*
 * The exact two-sided p-value of Mann-Kendall's S for N values without
 * ties: S = pairs - 2 * inversions, and every permutation is equally
 * likely. I[j] counts the permutations of the first values with j
 * inversions; adding the m-th value adds 0 to m - 1 of them, a window sum
 * done on running totals.
 */
static double mk_exact_p(size_t n, double s)
{
	double count[MK_PAIRS + 1], tail = 0.0, all = 0.0;
	size_t pairs = n * (n - 1) / 2, most = (size_t)((double)pairs - fabs(s)) / 2;

	count[0] = 1.0;
	for (size_t j = 1; j <= pairs; j++)
		count[j] = 0.0;
	for (size_t m = 2; m <= n; m++) {
		size_t reach = m * (m - 1) / 2;

		for (size_t j = 1; j <= reach; j++)
			count[j] += count[j - 1];
		for (size_t j = reach; j >= m && j <= reach; j--)
			count[j] -= count[j - m];
	}
	for (size_t j = 0; j <= pairs; j++) {
		all += count[j];
		if (j <= most)
			tail += count[j];
	}
	return fmin(1.0, 2.0 * tail / all);
}

/* Y's finite values into V[0..*m) with their positions in POS. */
static size_t present(const double *y, size_t n, double *v, size_t *pos)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(y[i])) {
			v[m] = y[i];
			pos[m++] = i;
		}
	return m;
}

/* Sum over groups of equal values of t(t - 1)(2t + 5), of V sorted. */
static double tie_term(const double *sorted, size_t m)
{
	double sum = 0.0;

	for (size_t i = 0, j; i < m; i = j) {
		double t;

		for (j = i + 1; j < m && sorted[j] == sorted[i]; j++)
			;
		t = (double)(j - i);
		sum += t * (t - 1.0) * (2.0 * t + 5.0);
	}
	return sum;
}

int rank_trend(const double *y, size_t n, struct rank_trend *out)
{
	double *v = malloc((n ? n : 1) * sizeof(*v));
	size_t *pos = malloc((n ? n : 1) * sizeof(*pos));
	double *slopes = NULL, s = 0.0, ties, var;
	size_t m, k = 0;

	if (!v || !pos)
		goto fail;
	m = present(y, n, v, pos);
	*out = (struct rank_trend){ .n = m, .p = 1.0,
				    .first = m ? pos[0] : 0,
				    .last = m ? pos[m - 1] : 0 };
	if (m < 2)
		goto done;
	slopes = malloc(m * (m - 1) / 2 * sizeof(*slopes));
	if (!slopes)
		goto fail;
	for (size_t i = 0; i < m; i++)
		for (size_t j = i + 1; j < m; j++) {
			s += (v[j] > v[i]) - (v[j] < v[i]);
			slopes[k++] = (v[j] - v[i]) / (double)(pos[j] - pos[i]);
		}
	out->s = s;
	out->slope = rank_median(slopes, k);
	if (m < 3)
		goto done;
	qsort(v, m, sizeof(*v), by_value); /* v is free now: its ties */
	ties = tie_term(v, m);
	if (ties == 0.0 && m <= RANK_MK_EXACT_MAX) {
		out->exact = true;
		out->p = mk_exact_p(m, s);
		goto done;
	}
	var = ((double)m * (double)(m - 1) * (2.0 * (double)m + 5.0) - ties) / 18.0;
	if (var > 0.0 && fabs(s) > 0.0)
		out->p = fmin(1.0, 2.0 * compare_normal_cdf(-(fabs(s) - 1.0) /
							    sqrt(var)));
done:
	free(v);
	free(pos);
	free(slopes);
	return 0;
fail:
	free(v);
	free(pos);
	free(slopes);
	return -1;
}
