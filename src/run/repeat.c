/* SPDX-License-Identifier: MIT */
/*
 * repeat.c - -x auto's stopping rule (repeat.h): the rates of the runs so
 * far, how settled each is (compare.c's interval on their logarithms),
 * whether to run again, and what to say about the rates still noisy.
 */
#include "repeat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "lib/compare.h"
#include "phase_info.h"

/* The values one figure took, NaN where a run did not measure it. */
static void settle(struct repeat_figure *f, const double *values, size_t n)
{
	f->measured = 0;
	for (size_t i = 0; i < n; i++)
		f->measured += isfinite(values[i]) && values[i] > 0;
	f->settled = compare_settled(values, n, COMPARE_AUTO_TOLERANCE,
				     &f->half_width);
}

/* Run R's IOPS of random-I/O test K, NaN when it did not run. */
static double random_iops(const struct run_results *r, size_t k)
{
	const struct random_result *t = &r->random[k];

	return k < r->n_random && t->ops != 0 && t->elapsed_ns != 0 ? t->iops
								     : NAN;
}

size_t repeat_figures(const struct run_results *runs, size_t n,
		      struct repeat_figure *figs)
{
	double values[REPEAT_AUTO_LIMIT];
	size_t count = 0, n_random = n ? runs[0].n_random : 0;

	if (n > REPEAT_AUTO_LIMIT)
		n = REPEAT_AUTO_LIMIT; /* more runs than -x auto makes */
	for (int id = 0; id < PHASE_COUNT; id++) {
		bool any = false;

		for (size_t i = 0; i < n; i++) {
			const struct phase_result *p = &runs[i].phase[id];

			values[i] = p->state == FIGURE_VALUE ? p->rate : NAN;
			any |= p->state == FIGURE_VALUE;
		}
		if (!any)
			continue;
		snprintf(figs[count].name, sizeof(figs[count].name), "%s",
			 phase_table[id].name);
		settle(&figs[count++], values, n);
	}
	for (size_t k = 0; k < n_random && k < MAX_RANDOM_TESTS; k++) {
		const struct random_result *t = &runs[0].random[k];

		for (size_t i = 0; i < n; i++)
			values[i] = random_iops(&runs[i], k);
		snprintf(figs[count].name, sizeof(figs[count].name),
			 "random %s, depth %" PRIu32, t->writes ? "writes" : "reads",
			 t->depth);
		settle(&figs[count++], values, n);
	}
	return count;
}

bool repeat_done(const struct run_results *runs, size_t n, size_t max)
{
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	size_t count;

	if (n >= max)
		return true;
	if (n < REPEAT_AUTO_MIN)
		return false;
	count = repeat_figures(runs, n, figs);
	for (size_t i = 0; i < count; i++)
		if (!figs[i].settled)
			return false;
	return true;
}

void repeat_say(FILE *out, const struct run_results *runs, size_t n)
{
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	size_t count = repeat_figures(runs, n, figs), noisy = 0;
	int goal = (int)lround(COMPARE_AUTO_TOLERANCE * 100);

	for (size_t i = 0; i < count; i++) {
		const struct repeat_figure *f = &figs[i];

		if (f->settled)
			continue;
		noisy++;
		if (f->measured < 2)
			fprintf(out, "clyde: -x auto: %s still noisy after %zu runs: "
				"measured in %zu of them, +++++ in the others\n",
				f->name, n, f->measured);
		else
			fprintf(out, "clyde: -x auto: %s still noisy after %zu runs: "
				"95%% confidence interval +/-%.1f%% of the mean, "
				"not within %d%%\n", f->name, n,
				f->half_width * 100, goal);
	}
	if (count == 0)
		fprintf(out, "clyde: -x auto: no rate was measured in %zu runs "
			"(every test too fast or not run)\n", n);
	else if (noisy == 0)
		fprintf(out, "clyde: -x auto: every rate settled in %zu runs "
			"(95%% confidence interval within %d%% of the mean)\n",
			n, goal);
}
