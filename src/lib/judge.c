/* SPDX-License-Identifier: MIT */
/*
 * judge.c - the family verdicts of judge.h: each pair's interval at the
 * family's level by Hodges-Lehmann or Welch on the logarithms, the verdict
 * against the threshold, the detectable difference, and each group's odd
 * runs and drift.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* Robust standard deviations per MAD for normal data: 1 / 0.6745. */
#define MAD_TO_SD 1.482602218505602

/* A figure that can be compared: finite and positive (so it has a log). */
static bool usable(double v)
{
	return isfinite(v) && v > 0.0;
}

/* The logarithms of VALUES' usable entries, NaN in place of the others. */
static double *logs_in_order(const double *values, size_t n, size_t *count)
{
	double *l = malloc((n ? n : 1) * sizeof(*l));

	*count = 0;
	for (size_t i = 0; l && i < n; i++) {
		l[i] = usable(values[i]) ? log(values[i]) : NAN;
		*count += usable(values[i]);
	}
	return l;
}

/* The finite entries of L[0..n), in order, at the front of DST. */
static size_t packed(const double *l, size_t n, double *dst)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(l[i]))
			dst[m++] = l[i];
	return m;
}

/*
 * The score that 0.5% of groups of N normal runs exceed somewhere: the
 * 99.5th percentile of max |x - median| / (1.4826 MAD) over 200,000
 * simulated groups of each size (numpy), raised to the next size's value
 * where that was higher (with an even count, the median of two middle
 * values makes the MAD smaller), so that it never rises with N.
 */
static double odd_cutoff(size_t n)
{
	static const double cut[] = { 233, 26, 26, 13.4, 13.4, 9.9, 9.9, 8.3,
				      8.3, 7.5, 7.5, 6.8, 6.8, 6.4, 6.4, 6.1, 6.1 };

	return n - 3 < sizeof(cut) / sizeof(cut[0]) ? cut[n - 3] : 5.8;
}

/* Whether a run D (log distance) and SCORE from its group of N is odd. */
static bool is_odd(double d, double score, size_t n)
{
	return (score > odd_cutoff(n) && fabs(d) > log1p(JUDGE_ODD_MIN)) ||
	       (score > JUDGE_ODD_BLATANT_SCORE &&
		fabs(d) > log1p(JUDGE_ODD_BLATANT));
}

/* The odd runs of the logs L[0..n) (NaN: missing) with median MED. */
static void find_odd(const double *l, size_t n, double med, double *work,
		     struct judge_group *g)
{
	size_t m = 0;
	double sd;

	g->n_odd = 0;
	if (g->n < 3)
		return;
	for (size_t i = 0; i < n; i++)
		if (isfinite(l[i]))
			work[m++] = fabs(l[i] - med);
	sd = MAD_TO_SD * rank_median(work, m);
	for (size_t i = 0; i < n; i++) {
		double d = l[i] - med, score;
		struct judge_odd odd;
		size_t at;

		if (!isfinite(l[i]) || d == 0.0)
			continue;
		score = sd > 0.0 ? fabs(d) / sd : INFINITY;
		if (!is_odd(d, score, g->n))
			continue;
		odd = (struct judge_odd){ .run = i, .ratio = exp(d), .score = score };
		/* Keep the oddest first: insert by distance. */
		at = g->n_odd < JUDGE_ODD_MAX ? g->n_odd : JUDGE_ODD_MAX;
		while (at > 0 && fabs(log(g->odd[at - 1].ratio)) < fabs(d)) {
			if (at < JUDGE_ODD_MAX)
				g->odd[at] = g->odd[at - 1];
			at--;
		}
		if (at < JUDGE_ODD_MAX)
			g->odd[at] = odd;
		g->n_odd++;
	}
}

/* The drift of the logs L[0..n): Mann-Kendall within LEVEL, change past T. */
static int find_drift(const double *l, size_t n, double level, double threshold,
		      struct judge_drift *d)
{
	memset(d, 0, sizeof(*d));
	d->level = level;
	if (rank_trend(l, n, &d->trend) != 0)
		return -1;
	d->change = expm1(d->trend.slope * (double)(d->trend.last - d->trend.first));
	d->found = d->trend.n >= 3 && d->trend.p <= level &&
		   fabs(d->trend.slope) * (double)(d->trend.last - d->trend.first) >
			   log1p(threshold);
	return 0;
}

/*
 * judge_group on VALUES[0..n) whose logs L are already taken (NaN where a
 * value is not usable), USABLE of them finite.
 */
static int group_of_logs(const double *values, const double *l, size_t n,
			 size_t usable, double level, double threshold,
			 struct judge_group *g)
{
	double *work = malloc((n ? n : 1) * sizeof(*work)), sum = 0.0;
	size_t m = 0;

	memset(g, 0, sizeof(*g));
	g->median = g->geomean = NAN;
	if (!work)
		return -1;
	g->n = usable;
	g->missing = n - usable;
	for (size_t i = 0; i < n; i++)
		if (isfinite(l[i])) {
			work[m++] = values[i];
			sum += l[i];
		}
	if (m) {
		g->geomean = exp(sum / (double)m);
		g->median = rank_median(work, m);
	}
	find_odd(l, n, log(g->median), work, g);
	free(work);
	return find_drift(l, n, level, threshold, &g->drift);
}

int judge_group(const double *values, size_t n, double level,
		double threshold, struct judge_group *out)
{
	size_t usable;
	double *l = logs_in_order(values, n, &usable);
	int rc;

	if (!l) {
		memset(out, 0, sizeof(*out));
		out->median = out->geomean = NAN;
		return -1;
	}
	rc = group_of_logs(values, l, n, usable, level, threshold, out);
	free(l);
	return rc;
}

size_t judge_family_size(const struct judge_pair *pairs, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		size_t a = 0, b = 0;

		for (size_t j = 0; j < pairs[i].n_base; j++)
			a += usable(pairs[i].base[j]);
		for (size_t j = 0; j < pairs[i].n_other; j++)
			b += usable(pairs[i].other[j]);
		m += a >= 2 && b >= 2;
	}
	return m;
}

/* Where the log interval [LOW, HIGH] lies against +/-THETA, for BETTER. */
static enum judge_verdict read_interval(double low, double high, double theta,
					enum compare_better better)
{
	bool up = better == COMPARE_HIGHER_IS_BETTER;

	if (low > theta)
		return up ? JUDGE_FASTER : JUDGE_SLOWER;
	if (high < -theta)
		return up ? JUDGE_SLOWER : JUDGE_FASTER;
	if (low >= -theta && high <= theta)
		return JUDGE_SAME;
	return JUDGE_CANNOT_TELL;
}

/*
 * Welch's interval at miss chance TAIL per side on the logs A, B: the
 * shift, interval and detectable difference (beyond THETA) on the log
 * scale. A true shift THETA + d is called with chance P(T' > q), T'
 * noncentral t with noncentrality d / se: T' - q is about normal with
 * mean d / se - q and variance 1 + q^2 / (2 df) (the spread of the
 * estimated se), so chance POWER needs d = se (q + z_power sqrt(1 + q^2 /
 * (2 df))).
 */
static void by_welch(const double *a, size_t na, const double *b, size_t nb,
		     double tail, double theta, struct judge_result *out,
		     double *shift, double *low, double *high, double *mde)
{
	struct compare_welch w;
	double q = 0.0, q_power = 0.0;

	compare_welch(a, na, b, nb, &w);
	if (w.se > 0.0) {
		q = compare_t_quantile(1.0 - tail, w.df);
		q_power = compare_normal_quantile(JUDGE_POWER) *
			  sqrt(1.0 + q * q / (2.0 * w.df));
	}
	out->method = JUDGE_WELCH;
	out->level = 1.0 - 2.0 * tail;
	out->df = w.df;
	*shift = w.diff;
	*low = w.diff - q * w.se;
	*high = w.diff + q * w.se;
	*mde = theta + (q + q_power) * w.se;
}

/*
 * The rank interval (S from rank_shift): its half-width stands for its
 * normal quantile at the achieved level times the shift's standard error,
 * from which the detectable difference follows as for Welch.
 */
static void by_rank(const struct rank_shift *s, double theta,
		    struct judge_result *out, double *shift, double *low,
		    double *high, double *mde)
{
	double half = 0.5 * (s->high - s->low);
	double z = compare_normal_quantile(1.0 - s->tail_achieved);

	out->method = JUDGE_HODGES_LEHMANN;
	out->level = 1.0 - 2.0 * s->tail_achieved;
	*shift = s->shift;
	*low = s->low;
	*high = s->high;
	*mde = theta + half * (1.0 + compare_normal_quantile(JUDGE_POWER) / z);
}

static void set_unknown(struct judge_result *out)
{
	out->verdict = out->interval_verdict = JUDGE_NO_FIGURES;
	out->method = JUDGE_NO_METHOD;
	out->drift = false;
	out->level = out->ratio = out->ratio_low = out->ratio_high = NAN;
	out->diff_pct = out->low_pct = out->high_pct = NAN;
	out->df = out->mde_pct = NAN;
}

/* The verdict once both groups have two values or more. */
static int decide(const double *la, size_t na, const double *lb, size_t nb,
		  double tail, double theta, enum compare_better better,
		  struct judge_result *out)
{
	struct rank_shift rs;
	double shift, low, high, mde;
	int rc = rank_shift(la, na, lb, nb, tail, &rs);

	if (rc < 0)
		return -1;
	if (rc == 0)
		by_rank(&rs, theta, out, &shift, &low, &high, &mde);
	else
		by_welch(la, na, lb, nb, tail, theta, out, &shift, &low, &high,
			 &mde);
	out->ratio = exp(shift);
	out->ratio_low = exp(low);
	out->ratio_high = exp(high);
	out->diff_pct = expm1(shift) * 100.0;
	out->low_pct = expm1(low) * 100.0;
	out->high_pct = expm1(high) * 100.0;
	out->mde_pct = expm1(mde) * 100.0;
	out->interval_verdict = read_interval(low, high, theta, better);
	out->verdict = out->drift ? JUDGE_CANNOT_TELL : out->interval_verdict;
	return 0;
}

int judge_pair(const struct judge_pair *pair, size_t family,
	       const struct judge_options *opt, struct judge_result *out)
{
	double alpha = opt->alpha / (double)(family ? family : 1);
	double theta = log1p(opt->threshold), *la, *lb, *pa = NULL, *pb = NULL;
	size_t na, nb;
	int rc = -1;

	set_unknown(out);
	memset(&out->base, 0, sizeof(out->base));
	memset(&out->other, 0, sizeof(out->other));
	la = logs_in_order(pair->base, pair->n_base, &na);
	lb = logs_in_order(pair->other, pair->n_other, &nb);
	if (!la || !lb)
		goto done;
	if (group_of_logs(pair->base, la, pair->n_base, na, alpha / 2.0,
			  opt->threshold, &out->base) != 0 ||
	    group_of_logs(pair->other, lb, pair->n_other, nb, alpha / 2.0,
			  opt->threshold, &out->other) != 0)
		goto done;
	rc = 0;
	if (na == 0 || nb == 0)
		goto done;
	out->drift = out->base.drift.found || out->other.drift.found;
	out->ratio = out->other.geomean / out->base.geomean;
	out->diff_pct = (out->ratio - 1.0) * 100.0;
	out->verdict = out->interval_verdict = JUDGE_ONE_RUN;
	if (na < 2 || nb < 2)
		goto done;
	pa = malloc(na * sizeof(*pa));
	pb = malloc(nb * sizeof(*pb));
	if (!pa || !pb) {
		rc = -1;
		goto done;
	}
	packed(la, pair->n_base, pa);
	packed(lb, pair->n_other, pb);
	rc = decide(pa, na, pb, nb, alpha / 2.0, theta, pair->better, out);
done:
	if (rc != 0)
		set_unknown(out);
	free(la);
	free(lb);
	free(pa);
	free(pb);
	return rc;
}

int judge_family(const struct judge_pair *pairs, size_t n,
		 const struct judge_options *opt, struct judge_result *out)
{
	size_t family = judge_family_size(pairs, n);
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		rc |= judge_pair(&pairs[i], family, opt, &out[i]);
	return rc ? -1 : 0;
}
