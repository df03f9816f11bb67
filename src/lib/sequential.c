/* SPDX-License-Identifier: MIT */
/*
 * sequential.c - -x auto's statistics (sequential.h): the look schedule,
 * the repeated interval on the logarithms, and drift through judge.c's
 * group findings.
 */
#include <math.h>
#include <stdlib.h>

#include "sequential.h"

bool sequential_is_look(size_t n, size_t max)
{
	size_t look = SEQUENTIAL_EVERY_RUN;

	if (n < SEQUENTIAL_MIN_RUNS || n > max)
		return false;
	if (n <= SEQUENTIAL_EVERY_RUN || n == max)
		return true;
	while (look < n)
		look += (look + 3) / 4; /* 25% more, rounded up */
	return look == n;
}

size_t sequential_looks(size_t first, size_t max)
{
	size_t count = 0;

	for (size_t n = first; n <= max; n++)
		count += sequential_is_look(n, max);
	return count;
}

double sequential_half_width(const double *values, size_t n, double level)
{
	double sum = 0.0, ss = 0.0, mean, first = NAN;
	size_t m = 0;
	bool constant = true;

	for (size_t i = 0; i < n; i++)
		if (isfinite(values[i]) && values[i] > 0.0) {
			double l = log(values[i]);

			if (m == 0)
				first = l;
			constant = constant && l == first;
			sum += l;
			m++;
		}
	if (m < 2)
		return NAN;
	if (constant)
		return 0.0;
	mean = sum / (double)m;
	for (size_t i = 0; i < n; i++)
		if (isfinite(values[i]) && values[i] > 0.0)
			ss += (log(values[i]) - mean) * (log(values[i]) - mean);
	return expm1(compare_t_quantile(0.5 + 0.5 * level, (double)(m - 1)) *
		     sqrt(ss / (double)(m - 1) / (double)m));
}

int sequential_check(const double *values, size_t n, size_t max,
		     size_t figures, double tolerance,
		     struct sequential_figure *out)
{
	size_t looks = sequential_looks(SEQUENTIAL_MIN_RUNS, max);
	size_t drift_looks = sequential_looks(SEQUENTIAL_DRIFT_MIN, max);
	double drift_level = 0.0;
	struct judge_group g;

	out->level = 1.0 - SEQUENTIAL_ALPHA / (double)(looks ? looks : 1);
	out->half_width = sequential_half_width(values, n, out->level);
	out->settled = out->half_width <= tolerance;
	if (n >= SEQUENTIAL_DRIFT_MIN && sequential_is_look(n, max))
		drift_level = SEQUENTIAL_ALPHA /
			      (double)((figures ? figures : 1) * drift_looks);
	if (judge_group(values, n, drift_level, tolerance, &g) != 0)
		return -1;
	out->measured = g.n;
	out->drift = g.drift;
	/* Not a look that tests drift (a p-value can underflow to 0). */
	out->drift.found = g.drift.found && drift_level > 0.0;
	return 0;
}
