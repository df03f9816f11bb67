/* SPDX-License-Identifier: MIT */
/*
 * repeat.c - -x auto's stopping rule (repeat.h): the rates of the runs so
 * far, the rule's findings on each (lib/sequential.c: the repeated
 * interval on their logarithms, drift), whether to run again, and what to
 * say about the rates that drifted or are still noisy; each run's seed.
 */
#include "repeat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "phase_info.h"

uint64_t repeat_seed(const struct config *cfg, size_t n)
{
	return cfg->repeat_auto && !cfg->random_file ? cfg->seed + n : cfg->seed;
}

/* Run R's IOPS of random-I/O test K, NaN when it did not run. */
static double random_iops(const struct run_results *r, size_t k)
{
	const struct random_result *t = &r->random[k];

	return k < r->n_random && t->ops != 0 && t->elapsed_ns != 0 ? t->iops
								     : NAN;
}

/*
 * Figure slot K of RUNS[0..n): the classic tests in table order, then the
 * random-I/O tests. Fills VALUES[0..n) (NaN where a run has none) and
 * NAME, and returns whether the slot is a figure: a classic test counts
 * when some run measured it.
 */
static bool figure_values(const struct run_results *runs, size_t n, size_t k,
			  double *values, char *name, size_t len)
{
	bool any = false;

	if (k < PHASE_COUNT) {
		for (size_t i = 0; i < n; i++) {
			const struct phase_result *p = &runs[i].phase[k];

			values[i] = p->state == FIGURE_VALUE ? p->rate : NAN;
			any |= p->state == FIGURE_VALUE;
		}
		snprintf(name, len, "%s", phase_table[k].name);
		return any;
	}
	k -= PHASE_COUNT;
	if (n == 0 || k >= runs[0].n_random || k >= MAX_RANDOM_TESTS)
		return false;
	for (size_t i = 0; i < n; i++)
		values[i] = random_iops(&runs[i], k);
	snprintf(name, len, "random %s, depth %" PRIu32,
		 runs[0].random[k].writes ? "writes" : "reads",
		 runs[0].random[k].depth);
	return true;
}

size_t repeat_figures(const struct run_results *runs, size_t n, size_t max,
		      struct repeat_figure *figs)
{
	double values[REPEAT_AUTO_LIMIT];
	size_t count = 0, f = 0;

	if (n > REPEAT_AUTO_LIMIT)
		n = REPEAT_AUTO_LIMIT; /* more runs than -x auto makes */
	/* First how many figures (drift's share of alpha), then each. */
	for (size_t k = 0; k < REPEAT_MAX_FIGURES; k++)
		count += figure_values(runs, n, k, values, figs[count].name,
				       sizeof(figs->name));
	for (size_t k = 0; k < REPEAT_MAX_FIGURES; k++) {
		struct sequential_figure *rule = &figs[f].rule;

		if (!figure_values(runs, n, k, values, figs[f].name,
				   sizeof(figs->name)))
			continue;
		f++;
		if (sequential_check(values, n, max, count, SEQUENTIAL_TOLERANCE,
				     rule) != 0)
			/* Out of memory: nothing is known of this figure. */
			rule->settled = rule->drift.found = false;
	}
	return count;
}

bool repeat_done(const struct run_results *runs, size_t n, size_t max)
{
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	size_t count;
	bool settled = true;

	if (n >= max)
		return true;
	if (!sequential_is_look(n, max))
		return false;
	count = repeat_figures(runs, n, max, figs);
	for (size_t i = 0; i < count; i++) {
		if (figs[i].rule.drift.found)
			return true;
		settled = settled && figs[i].rule.settled;
	}
	return settled;
}

/* The suffix that makes N an ordinal: "st" (1st, 21st), "th" (11th), ... */
static const char *ordinal(size_t n)
{
	if (n % 100 / 10 == 1)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* The line for figure F, which drifted. */
static void say_drift(FILE *out, const struct repeat_figure *f)
{
	const struct judge_drift *d = &f->rule.drift;
	size_t last = d->trend.last + 1;

	fprintf(out, "clyde: -x auto: %s drifted: it %s %.0f%% from the %zu%s "
		"run to the %zu%s (Mann-Kendall p = %.2g); the disk or the "
		"machine changed during the runs\n", f->name,
		d->change > 0 ? "rose" : "fell", fabs(d->change) * 100,
		d->trend.first + 1, ordinal(d->trend.first + 1), last,
		ordinal(last), d->trend.p);
}

void repeat_say(FILE *out, const struct run_results *runs, size_t n,
		size_t max)
{
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	size_t count = repeat_figures(runs, n, max, figs), told = 0;
	int goal = (int)lround(SEQUENTIAL_TOLERANCE * 100);

	for (size_t i = 0; i < count; i++)
		if (figs[i].rule.drift.found) {
			say_drift(out, &figs[i]);
			told++;
		}
	for (size_t i = 0; i < count; i++) {
		const struct sequential_figure *f = &figs[i].rule;

		if (f->settled || f->drift.found)
			continue;
		told++;
		if (f->measured < 2)
			fprintf(out, "clyde: -x auto: %s still noisy after %zu runs: "
				"measured in %zu of them, +++++ in the others\n",
				figs[i].name, n, f->measured);
		else
			fprintf(out, "clyde: -x auto: %s still noisy after %zu runs: "
				"95%% confidence interval +/-%.1f%% of the mean, "
				"not within %d%%\n", figs[i].name, n,
				f->half_width * 100, goal);
	}
	if (count == 0)
		fprintf(out, "clyde: -x auto: no rate was measured in %zu runs "
			"(every test too fast or not run)\n", n);
	else if (told == 0)
		fprintf(out, "clyde: -x auto: every rate settled in %zu runs "
			"(95%% confidence interval within %d%% of the mean)\n",
			n, goal);
}
