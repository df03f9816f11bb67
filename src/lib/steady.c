/* SPDX-License-Identifier: MIT */
/*
 * steady.c - the SNIA steady-state rule (steady.h): the window's mean,
 * range and least-squares slope against the round number, and a --steady
 * test's record of its rounds.
 */
#include <math.h>

#include "steady.h"

void steady_check(const double *rounds, size_t n, const struct steady_rule *rule,
		  struct steady_result *out)
{
	size_t w = rule->window;
	const double *y;
	double sum = 0.0, lo = INFINITY, hi = -INFINITY, sxy = 0.0, sxx = 0.0;
	double xbar = 0.5 * (double)(w - 1);

	*out = (struct steady_result){ .settled = false, .mean = NAN,
				       .range = NAN, .slope = NAN,
				       .change = NAN };
	if (w < 2 || n < w)
		return;
	out->first = n - w;
	y = rounds + out->first;
	for (size_t i = 0; i < w; i++) {
		if (!isfinite(y[i]))
			return;
		sum += y[i];
		lo = fmin(lo, y[i]);
		hi = fmax(hi, y[i]);
	}
	out->mean = sum / (double)w;
	if (!(out->mean > 0.0))
		return;
	/* Least squares against x = 0..w-1: slope = sum (x - xbar) y / sum (x - xbar)^2. */
	for (size_t i = 0; i < w; i++) {
		double dx = (double)i - xbar;

		sxy += dx * y[i];
		sxx += dx * dx;
	}
	out->slope = sxy / sxx;
	out->range = (hi - lo) / out->mean;
	out->change = fabs(out->slope) * (double)(w - 1) / out->mean;
	out->settled = out->range <= rule->range_limit &&
		       out->change <= rule->slope_limit;
}

size_t steady_first(const double *rounds, size_t n,
		    const struct steady_rule *rule, struct steady_result *out)
{
	for (size_t m = rule->window; m <= n; m++) {
		steady_check(rounds, m, rule, out);
		if (out->settled)
			return m;
	}
	steady_check(rounds, n, rule, out);
	return 0;
}

/* REC's rule over its last window, into REC and *R. */
static void record_rule(struct steady_record *rec, double fresh,
			struct steady_result *r)
{
	static const struct steady_rule snia = STEADY_SNIA;

	steady_check(rec->rate, rec->n, &snia, r);
	rec->window_first = rec->n >= snia.window ? r->first : 0;
	rec->mean = r->mean;
	rec->range = r->range;
	rec->change = r->change;
	rec->ratio = fresh > 0 && isfinite(fresh) && isfinite(r->mean)
			     ? r->mean / fresh
			     : NAN;
}

void steady_record_rule(struct steady_record *rec, double fresh)
{
	struct steady_result r;

	record_rule(rec, fresh, &r);
}

bool steady_record_add(struct steady_record *rec, double v, double fresh,
		       size_t max_rounds)
{
	struct steady_result r;

	rec->rate[rec->n++] = v;
	record_rule(rec, fresh, &r);
	if (r.settled)
		rec->end = STEADY_SETTLED;
	else if (rec->n >= max_rounds || rec->n >= STEADY_MAX_ROUNDS)
		rec->end = STEADY_UNSETTLED;
	else
		return false;
	return true;
}
