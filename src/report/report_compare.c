/* SPDX-License-Identifier: MIT */
/*
 * report_compare.c - the comparison of `clyde report --compare`
 * (report_compare.h): the groups and their labels, the baseline, the
 * figures the runs have (with which way is better for each, said here
 * once), each group's spread of each figure and its comparison with the
 * baseline by compare_groups.
 */
#include "report_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_text.h"
#include "format/fmt_present.h"
#include "run/phase_info.h"
#include "report_groups.h"

/* Each kind of figure: what it is called and which way is better. */
static const struct {
	const char *measure; /* "%s" is the rate's unit */
	enum compare_better better;
	bool latency;
} kinds[] = {
	[CMP_RATE] = { "%s", COMPARE_HIGHER_IS_BETTER, false },
	[CMP_CPU] = { "CPU %% per %s", COMPARE_LOWER_IS_BETTER, false },
	[CMP_LAT_MAX] = { "max latency", COMPARE_LOWER_IS_BETTER, true },
	[CMP_LAT_P99] = { "p99 latency", COMPARE_LOWER_IS_BETTER, true },
	[CMP_RAND_IOPS] = { "IOPS", COMPARE_HIGHER_IS_BETTER, false },
	[CMP_RAND_P99] = { "p99 latency", COMPARE_LOWER_IS_BETTER, true },
};

#define CMP_FIGURES_MAX (4 * PHASE_COUNT + 2 * 2 * MAX_RANDOM_TESTS)

const char *report_compare_verdict(const struct compare_result *r)
{
	return compare_verdict_name(r->verdict);
}

static void add_figure(struct comparison *c, enum cmp_kind kind, int phase,
		       bool writes, const char *name, const char *unit)
{
	struct cmp_figure *f = &c->figure[c->n_figures++];

	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->measure, sizeof(f->measure), kinds[kind].measure, unit);
	f->kind = kind;
	f->better = kinds[kind].better;
	f->latency = kinds[kind].latency;
	f->phase = phase;
	f->writes = writes;
}

/* What the runs have: tests with figures, latencies, percentiles, random tests. */
static void find_figures(struct run_store *s, struct comparison *c)
{
	bool used[PHASE_COUNT] = { false }, lat[PHASE_COUNT] = { false };
	bool p99[PHASE_COUNT] = { false };
	struct { bool writes; uint32_t depth; } rnd[2 * MAX_RANDOM_TESTS];
	size_t n_rnd = 0;
	const struct run_results *r;

	for (size_t i = 0; (r = run_store_get(s, i)) != NULL; i++) {
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &r->phase[p];

			used[p] |= ph->state != FIGURE_NONE;
			lat[p] |= ph->state != FIGURE_NONE && ph->lat.max_ns;
			p99[p] |= ph->state != FIGURE_NONE && ph->lat.count &&
				  ph->lat.p99_ns;
		}
		for (size_t k = 0; k < r->n_random && k < MAX_RANDOM_TESTS; k++) {
			size_t j = 0;

			while (j < n_rnd && (rnd[j].writes != r->random[k].writes ||
					     rnd[j].depth != r->random[k].depth))
				j++;
			if (j == n_rnd && n_rnd < 2 * MAX_RANDOM_TESTS) {
				rnd[n_rnd].writes = r->random[k].writes;
				rnd[n_rnd++].depth = r->random[k].depth;
			}
		}
	}
	for (int p = 0; p < PHASE_COUNT; p++) {
		const struct phase_info *t = &phase_table[p];
		const char *unit = present_unit_name(t->unit);

		if (used[p]) {
			add_figure(c, CMP_RATE, p, false, t->title, unit);
			add_figure(c, CMP_CPU, p, false, t->title, unit);
		}
		if (lat[p])
			add_figure(c, CMP_LAT_MAX, p, false, t->title, unit);
		if (p99[p])
			add_figure(c, CMP_LAT_P99, p, false, t->title, unit);
	}
	for (size_t j = 0; j < n_rnd; j++) {
		char name[64];

		snprintf(name, sizeof(name), "Random %s, depth %u",
			 rnd[j].writes ? "writes" : "reads", (unsigned)rnd[j].depth);
		add_figure(c, CMP_RAND_IOPS, (int)rnd[j].depth, rnd[j].writes,
			   name, "");
		add_figure(c, CMP_RAND_P99, (int)rnd[j].depth, rnd[j].writes,
			   name, "");
	}
}

/* Figure F of run I: a value, or NaN when the run has none. */
static double value_of(struct run_store *s, size_t i, const struct cmp_figure *f)
{
	struct phase_result ph;
	const struct run_results *r;

	if (f->kind == CMP_RAND_IOPS || f->kind == CMP_RAND_P99) {
		r = run_store_get(s, i);
		for (size_t k = 0; k < r->n_random && k < MAX_RANDOM_TESTS; k++) {
			const struct random_result *t = &r->random[k];

			if (t->writes != f->writes || t->depth != (uint32_t)f->phase ||
			    t->ops == 0 || t->elapsed_ns == 0)
				continue;
			return f->kind == CMP_RAND_IOPS
				       ? t->iops
				       : t->lat.count ? (double)t->lat.p99_ns : NAN;
		}
		return NAN;
	}
	run_store_phase(s, i, (enum phase_id)f->phase, &ph);
	switch (f->kind) {
	case CMP_RATE:
		return ph.state == FIGURE_VALUE
			       ? present_value(&ph, (enum phase_id)f->phase) : NAN;
	case CMP_CPU:
		if (ph.state != FIGURE_VALUE ||
		    !(present_value(&ph, (enum phase_id)f->phase) > 0))
			return NAN;
		return ph.cpu_pct / present_value(&ph, (enum phase_id)f->phase);
	case CMP_LAT_MAX:
		return ph.state != FIGURE_NONE && ph.lat.max_ns
			       ? (double)ph.lat.max_ns : NAN;
	default:
		return ph.state != FIGURE_NONE && ph.lat.count && ph.lat.p99_ns
			       ? (double)ph.lat.p99_ns : NAN;
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The usable values (finite, > 0) of V[0..n) moved to its front, sorted, and their spread. */
static size_t spread_of(double *v, size_t n, struct cmp_spread *sp)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0)
			v[m++] = v[i];
	qsort(v, m, sizeof(*v), by_value);
	*sp = (struct cmp_spread){ .n = m, .missing = n - m, .median = NAN,
				   .min = NAN, .max = NAN };
	if (m) {
		sp->min = v[0];
		sp->max = v[m - 1];
		sp->median = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
	}
	return m;
}

/* Figure F over every group: spreads and the comparisons with the baseline. */
static void compare_figure(struct run_store *s, const struct report_groups *g,
			   struct comparison *c, size_t f, double *base,
			   double *other)
{
	const struct cmp_figure *fig = &c->figure[f];
	size_t b = c->baseline, nb, no;

	for (uint32_t i = 0; i < g->count[b]; i++)
		base[i] = value_of(s, g->run[g->start[b] + i], fig);
	nb = spread_of(base, g->count[b], &c->spread[f * c->n_groups + b]);
	for (size_t k = 0; k < c->n_groups; k++) {
		if (k == b)
			continue;
		for (uint32_t i = 0; i < g->count[k]; i++)
			other[i] = value_of(s, g->run[g->start[k] + i], fig);
		no = spread_of(other, g->count[k], &c->spread[f * c->n_groups + k]);
		compare_groups(base, nb, other, no, fig->better,
			       &c->result[f * c->n_groups + k]);
	}
}

/*
 * Group K's label: its name, and when another group has the same name,
 * the values of the test attributes that differ between groups.
 */
static char *group_label(struct run_store *s, const struct run_facts *facts,
			 uint32_t first, bool shared)
{
	char label[FMT_NAME_MAX], tag[FACTS_CAPTION_MAX] = "";
	const struct run_results *r = run_store_get(s, first);

	snprintf(label, sizeof(label), "%s", r->machine);
	for (size_t a = 0; shared && a < run_attr_count; a++) {
		char value[RUN_ATTR_TEXT_MAX];

		if (facts->varies[a] && run_attrs[a].test &&
		    run_attrs[a].read(r, value) && value[0])
			fmt_join(tag, sizeof(tag), ", ", value);
	}
	if (tag[0]) {
		fmt_join(label, sizeof(label), " [", tag);
		fmt_join(label, sizeof(label), "", "]");
	}
	return strdup(label);
}

/* Labels, run counts and the baseline; -2 with *err when it is not there. */
static int name_groups(struct run_store *s, const struct run_facts *facts,
		       const struct report_groups *g, const char *baseline,
		       struct comparison *c, struct parse_error *err)
{
	uint32_t *per_name = calloc(run_store_names(s) + 1, sizeof(*per_name));

	if (!per_name)
		return -1;
	for (size_t k = 0; k < g->n; k++)
		per_name[run_store_name_id(s, g->run[g->start[k]])]++;
	c->baseline = SIZE_MAX;
	for (size_t k = 0; k < g->n; k++) {
		uint32_t first = g->run[g->start[k]];
		uint32_t name = run_store_name_id(s, first);

		c->runs[k] = g->count[k];
		if (!(c->label[k] = group_label(s, facts, first, per_name[name] > 1))) {
			free(per_name);
			return -1;
		}
		if (c->baseline == SIZE_MAX &&
		    (!baseline || strcmp(baseline, c->label[k]) == 0 ||
		     strcmp(baseline, run_store_name(s, name)) == 0))
			c->baseline = k;
	}
	free(per_name);
	if (c->baseline == SIZE_MAX) {
		snprintf(err->msg, sizeof(err->msg), "--baseline: no runs "
			 "named '%.60s'", baseline);
		return -2;
	}
	return 0;
}

int report_compare(struct run_store *s, const struct run_facts *facts,
		   const char *baseline, struct comparison *c,
		   struct parse_error *err)
{
	struct report_groups g;
	double *base = NULL, *other = NULL;
	size_t largest = 0;
	int rc;

	memset(c, 0, sizeof(*c));
	c->facts = facts;
	if (report_groups_build(s, false, &g) != 0)
		return -1;
	if (g.n < 2) {
		snprintf(err->msg, sizeof(err->msg), "--compare needs two groups "
			 "of runs or more (runs with two machine names); the "
			 "input has one");
		report_groups_free(&g);
		return -2;
	}
	for (size_t k = 0; k < g.n; k++)
		largest = g.count[k] > largest ? g.count[k] : largest;
	c->n_groups = g.n;
	c->label = calloc(g.n, sizeof(*c->label));
	c->runs = calloc(g.n, sizeof(*c->runs));
	c->figure = calloc(CMP_FIGURES_MAX, sizeof(*c->figure));
	c->spread = calloc(CMP_FIGURES_MAX * g.n, sizeof(*c->spread));
	c->result = calloc(CMP_FIGURES_MAX * g.n, sizeof(*c->result));
	base = malloc((largest + 1) * sizeof(*base));
	other = malloc((largest + 1) * sizeof(*other));
	rc = c->label && c->runs && c->figure && c->spread && c->result &&
			     base && other
		     ? name_groups(s, facts, &g, baseline, c, err)
		     : -1;
	if (rc == 0) {
		find_figures(s, c);
		for (size_t f = 0; f < c->n_figures; f++)
			compare_figure(s, &g, c, f, base, other);
	}
	free(base);
	free(other);
	report_groups_free(&g);
	if (rc != 0)
		report_compare_free(c);
	return rc;
}

void report_compare_free(struct comparison *c)
{
	for (size_t k = 0; c->label && k < c->n_groups; k++)
		free(c->label[k]);
	free(c->label);
	free(c->runs);
	free(c->figure);
	free(c->spread);
	free(c->result);
	memset(c, 0, sizeof(*c));
}
