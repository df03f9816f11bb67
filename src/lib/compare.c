/* SPDX-License-Identifier: MIT */
/*
 * compare.c - the statistics of clyde report --compare: Welch's t interval
 * on log figures, the Student t distribution it needs (the regularized
 * incomplete beta function by its continued fraction, the quantile by
 * bisection) and the normal distribution. Why Welch on logarithms: see
 * compare.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

#define CF_MAX_TERMS 400
#define CF_EPSILON 1e-15
#define CF_TINY 1e-300
/* Past this many degrees of freedom t is the normal distribution to 1e-7. */
#define DF_CAP 1e7

/*
 * The continued fraction of the incomplete beta function (Abramowitz and
 * Stegun 26.5.8), evaluated by the modified Lentz method: each step
 * multiplies the running value by a correction that tends to 1.
 */
static double beta_fraction(double a, double b, double x)
{
	double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0), value;

	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1.0 / d;
	value = d;
	for (int m = 1; m <= CF_MAX_TERMS; m++) {
		double two_m = 2.0 * m;
		/* Even term d_2m, then odd term d_2m+1. */
		double coef[2] = {
			m * (b - m) * x / ((a + two_m - 1.0) * (a + two_m)),
			-(a + m) * (a + b + m) * x / ((a + two_m) * (a + two_m + 1.0)),
		};
		double step = 1.0;

		for (int k = 0; k < 2; k++) {
			d = 1.0 + coef[k] * d;
			if (fabs(d) < CF_TINY)
				d = CF_TINY;
			c = 1.0 + coef[k] / c;
			if (fabs(c) < CF_TINY)
				c = CF_TINY;
			d = 1.0 / d;
			step = d * c;
			value *= step;
		}
		if (fabs(step - 1.0) < CF_EPSILON)
			break;
	}
	return value;
}

/*
 * The regularized incomplete beta function I_x(a, b), 0 <= x <= 1. The
 * fraction converges fast for x below the mean (a + 1) / (a + b + 2); above
 * it, use I_x(a, b) = 1 - I_{1-x}(b, a).
 */
static double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * beta_fraction(a, b, x) / a;
	return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

/* P(|T| > t) / 2 for t >= 0: the upper tail. */
static double t_upper_tail(double t, double df)
{
	return 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

double compare_t_cdf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0.0))
		return NAN;
	if (df > DF_CAP)
		df = DF_CAP;
	if (isinf(t))
		return t > 0 ? 1.0 : 0.0;
	tail = t_upper_tail(fabs(t), df);
	return t >= 0 ? 1.0 - tail : tail;
}

double compare_t_quantile(double p, double df)
{
	double tail, lo = 0.0, hi = 1.0;

	if (!(p > 0.0 && p < 1.0) || !(df > 0.0))
		return NAN;
	if (df > DF_CAP)
		df = DF_CAP;
	if (p == 0.5)
		return 0.0;
	tail = p > 0.5 ? 1.0 - p : p;
	/* The upper tail falls as t grows: bracket, then halve. */
	while (t_upper_tail(hi, df) > tail) {
		lo = hi;
		hi *= 2.0;
		if (hi > 1e300)
			return p > 0.5 ? INFINITY : -INFINITY;
	}
	for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		double mid = 0.5 * (lo + hi);

		if (t_upper_tail(mid, df) > tail)
			lo = mid;
		else
			hi = mid;
	}
	return p > 0.5 ? 0.5 * (lo + hi) : -0.5 * (lo + hi);
}

double compare_normal_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

/*
 * The normal quantile: a start within 0.003 (Abramowitz and Stegun
 * 26.2.23, a rational function of sqrt(-2 ln q) on the smaller tail q),
 * then Newton's steps on that tail, which erfc gives to full precision
 * far out where 1 - P would have lost its digits.
 */
double compare_normal_quantile(double p)
{
	double q, t, z;

	if (!(p > 0.0 && p < 1.0))
		return NAN;
	if (p == 0.5)
		return 0.0;
	q = p < 0.5 ? p : 1.0 - p;
	t = sqrt(-2.0 * log(q));
	z = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
		    (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	for (int i = 0; i < 4; i++) {
		double density = exp(-0.5 * z * z) / sqrt(2.0 * M_PI);

		z += (0.5 * erfc(z / M_SQRT2) - q) / density;
	}
	return p < 0.5 ? -z : z;
}

/* Mean and sample variance (n - 1), two-pass; a constant group is exactly 0. */
static void mean_var(const double *x, size_t n, double *mean, double *var)
{
	double sum = 0.0, ss = 0.0;
	bool constant = true;

	for (size_t i = 0; i < n; i++) {
		sum += x[i];
		constant = constant && x[i] == x[0];
	}
	if (constant) {
		*mean = x[0];
		*var = 0.0;
		return;
	}
	*mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - *mean) * (x[i] - *mean);
	*var = ss / (double)(n - 1);
}

int compare_welch(const double *a, size_t na, const double *b, size_t nb,
		  struct compare_welch *out)
{
	double ma, va, mb, vb, qa, qb, se2;

	if (na < 2 || nb < 2)
		return -1;
	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	qa = va / (double)na;
	qb = vb / (double)nb;
	se2 = qa + qb;
	out->diff = mb - ma;
	out->se = sqrt(se2);
	if (se2 == 0.0) {
		out->df = NAN;
		out->t_crit = 0.0;
		return 0;
	}
	out->df = se2 * se2 /
		  (qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	out->t_crit = compare_t_quantile(0.975, out->df);
	return 0;
}

static int by_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/*
 * The usable values of X (finite, > 0) into a malloc'd array, sorted, with
 * their logarithms in a second one; *n their count. Returns -1 when out of
 * memory.
 */
static int usable(const double *x, size_t n, double **sorted, double **logs,
		  size_t *count)
{
	size_t m = 0;

	*sorted = malloc((n ? n : 1) * sizeof(double));
	*logs = malloc((n ? n : 1) * sizeof(double));
	if (!*sorted || !*logs) {
		free(*sorted);
		free(*logs);
		*sorted = *logs = NULL;
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && x[i] > 0.0)
			(*sorted)[m++] = x[i];
	qsort(*sorted, m, sizeof(double), by_value);
	for (size_t i = 0; i < m; i++)
		(*logs)[i] = log((*sorted)[i]);
	*count = m;
	return 0;
}

static double median(const double *sorted, size_t n)
{
	if (n == 0)
		return NAN;
	return n % 2 ? sorted[n / 2]
		     : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

static double log_mean(const double *logs, size_t n)
{
	double mean, var;

	mean_var(logs, n, &mean, &var);
	return mean;
}

/* Fill the interval fields of OUT from the log-scale Welch result W. */
static void set_interval(struct compare_result *out, const struct compare_welch *w,
			 enum compare_better better)
{
	double half = w->t_crit * w->se;
	double low = w->diff - half, high = w->diff + half;
	bool up = better == COMPARE_HIGHER_IS_BETTER;

	out->ratio_low = exp(low);
	out->ratio_high = exp(high);
	out->diff_low_pct = (out->ratio_low - 1.0) * 100.0;
	out->diff_high_pct = (out->ratio_high - 1.0) * 100.0;
	out->resolution_pct = expm1(half) * 100.0;
	out->df = w->df;
	/* With zero spread the interval is the point: any difference counts. */
	if (low > 0.0 || (half == 0.0 && w->diff > 0.0))
		out->verdict = up ? COMPARE_FASTER : COMPARE_SLOWER;
	else if (high < 0.0 || (half == 0.0 && w->diff < 0.0))
		out->verdict = up ? COMPARE_SLOWER : COMPARE_FASTER;
	else
		out->verdict = COMPARE_NO_DIFFERENCE;
}

void compare_groups(const double *base, size_t n_base, const double *other,
		    size_t n_other, enum compare_better better,
		    struct compare_result *out)
{
	double *sa = NULL, *la = NULL, *sb = NULL, *lb = NULL;
	struct compare_welch w;

	out->verdict = COMPARE_NO_FIGURES;
	out->n_base = out->n_other = 0;
	out->median_base = out->median_other = NAN;
	out->ratio = out->ratio_low = out->ratio_high = NAN;
	out->diff_pct = out->diff_low_pct = out->diff_high_pct = NAN;
	out->resolution_pct = out->df = NAN;
	if (usable(base, n_base, &sa, &la, &out->n_base) != 0 ||
	    usable(other, n_other, &sb, &lb, &out->n_other) != 0)
		goto done; /* out of memory: nothing can be said */
	out->median_base = median(sa, out->n_base);
	out->median_other = median(sb, out->n_other);
	if (out->n_base == 0 || out->n_other == 0)
		goto done;
	out->ratio = exp(log_mean(lb, out->n_other) - log_mean(la, out->n_base));
	out->diff_pct = (out->ratio - 1.0) * 100.0;
	out->verdict = COMPARE_ONE_RUN;
	if (compare_welch(la, out->n_base, lb, out->n_other, &w) == 0)
		set_interval(out, &w, better);
done:
	free(sa);
	free(la);
	free(sb);
	free(lb);
}

const char *compare_verdict_name(enum compare_verdict verdict)
{
	switch (verdict) {
	case COMPARE_FASTER:
		return "faster";
	case COMPARE_SLOWER:
		return "slower";
	case COMPARE_NO_DIFFERENCE:
		return "no clear difference";
	case COMPARE_ONE_RUN:
		return "one run cannot tell";
	case COMPARE_NO_FIGURES:
		break;
	}
	return "no figures";
}
