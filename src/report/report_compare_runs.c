/* SPDX-License-Identifier: MIT */
/*
 * report_compare_runs.c - the comparison of classic runs (report_compare):
 * the groups of the store and their labels, the figures the runs have,
 * each run's value of each figure with whether the page cache served it
 * (the truth check's finding), and each run's attributes.
 */
#include "report_compare_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_present.h"
#include "format/fmt_text.h"
#include "report_groups.h"
#include "run/phase_info.h"

/* A phase's rate, CPU and latencies, a random test's IOPS and p99, and
 * beside each, three figures of each kind of probe. */
#define CMP_FIGURES_MAX (4 * PHASE_COUNT + 2 * 2 * MAX_RANDOM_TESTS + \
			 6 * (PHASE_COUNT + 2 * MAX_RANDOM_TESTS))

/* The kinds of probe (PROBE_READ, PROBE_WRITE) that ran beside P. */
static unsigned probed(const struct probe_result *p)
{
	return (p->read.lat.count ? PROBE_READ : 0u) |
	       (p->write.lat.count ? PROBE_WRITE : 0u);
}

/* The feel figures of the kinds in KINDS beside test NAME. */
static void feel_figures(struct cmp_build *b, unsigned kinds, const char *name,
			 int phase, bool writes, bool random)
{
	for (unsigned kind = PROBE_READ; kind <= PROBE_WRITE; kind <<= 1)
		if (kinds & kind)
			cmp_build_feel(b, name, phase, writes, random, kind);
}

/* What the runs have: tests with figures, latencies, percentiles, random tests. */
static void find_figures(struct run_store *s, struct cmp_build *b)
{
	bool used[PHASE_COUNT] = { false }, lat[PHASE_COUNT] = { false };
	bool p99[PHASE_COUNT] = { false };
	unsigned feel[PHASE_COUNT] = { 0 };
	struct { bool writes; uint32_t depth; unsigned feel; } rnd[2 * MAX_RANDOM_TESTS];
	size_t n_rnd = 0;
	const struct run_results *r;

	for (size_t i = 0; (r = run_store_get(s, i)) != NULL; i++) {
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &r->phase[p];

			used[p] |= ph->state != FIGURE_NONE;
			lat[p] |= ph->state != FIGURE_NONE && ph->lat.max_ns;
			p99[p] |= ph->state != FIGURE_NONE && ph->lat.count &&
				  ph->lat.p99_ns;
			feel[p] |= probed(&ph->probe);
		}
		for (size_t k = 0; k < r->n_random && k < MAX_RANDOM_TESTS; k++) {
			size_t j = 0;

			while (j < n_rnd && (rnd[j].writes != r->random[k].writes ||
					     rnd[j].depth != r->random[k].depth))
				j++;
			if (j == n_rnd && n_rnd < 2 * MAX_RANDOM_TESTS) {
				rnd[n_rnd].writes = r->random[k].writes;
				rnd[n_rnd].feel = 0;
				rnd[n_rnd++].depth = r->random[k].depth;
			}
			if (j < n_rnd)
				rnd[j].feel |= probed(&r->random[k].probe);
		}
	}
	for (int p = 0; p < PHASE_COUNT; p++) {
		const struct phase_info *t = &phase_table[p];
		const char *unit = present_unit_name(t->unit);

		if (used[p]) {
			cmp_build_figure(b, CMP_RATE, t->title, unit, p, false);
			cmp_build_figure(b, CMP_CPU, t->title, unit, p, false);
		}
		if (lat[p])
			cmp_build_figure(b, CMP_LAT_MAX, t->title, unit, p, false);
		if (p99[p])
			cmp_build_figure(b, CMP_LAT_P99, t->title, unit, p, false);
		feel_figures(b, feel[p], t->title, p, false, false);
	}
	for (size_t j = 0; j < n_rnd; j++) {
		char name[64];

		snprintf(name, sizeof(name), "Random %s, depth %u",
			 rnd[j].writes ? "writes" : "reads", (unsigned)rnd[j].depth);
		cmp_build_figure(b, CMP_RAND_IOPS, name, "", (int)rnd[j].depth,
				 rnd[j].writes);
		cmp_build_figure(b, CMP_RAND_P99, name, "", (int)rnd[j].depth,
				 rnd[j].writes);
		feel_figures(b, rnd[j].feel, name, (int)rnd[j].depth,
			     rnd[j].writes, true);
	}
}

/* Whether the truth check found that the page cache served F in run R. */
static bool cached(const struct run_results *r, const struct cmp_figure *f)
{
	bool random = f->kind == CMP_RAND_IOPS || f->kind == CMP_RAND_P99;

	if (f->family == CMP_FEEL) /* the probe's own reads are uncached */
		return false;
	for (size_t i = 0; i < r->n_truth && i < MAX_TRUTH_HITS; i++) {
		const struct truth_hit *t = &r->truth[i];

		if (random ? t->id == PHASE_RANDOM && !f->writes &&
				     t->depth == (uint32_t)f->phase
			   : t->id == (enum phase_id)f->phase)
			return true;
	}
	return false;
}

/* Figure F of run R: a value, or NaN when it has none. */
static double value_of(const struct run_results *r, const struct cmp_figure *f)
{
	const struct phase_result *ph;

	if (f->family == CMP_FEEL && !f->random)
		return cmp_feel_value(&r->phase[f->phase].probe, f);
	if (f->kind == CMP_RAND_IOPS || f->kind == CMP_RAND_P99 || f->random) {
		for (size_t k = 0; k < r->n_random && k < MAX_RANDOM_TESTS; k++) {
			const struct random_result *t = &r->random[k];

			if (t->writes != f->writes || t->depth != (uint32_t)f->phase ||
			    t->ops == 0 || t->elapsed_ns == 0)
				continue;
			if (f->random)
				return cmp_feel_value(&t->probe, f);
			return f->kind == CMP_RAND_IOPS
				       ? t->iops
				       : t->lat.count ? (double)t->lat.p99_ns : NAN;
		}
		return NAN;
	}
	ph = &r->phase[f->phase];
	switch (f->kind) {
	case CMP_RATE:
		return ph->state == FIGURE_VALUE
			       ? present_value(ph, (enum phase_id)f->phase) : NAN;
	case CMP_CPU:
		if (ph->state != FIGURE_VALUE ||
		    !(present_value(ph, (enum phase_id)f->phase) > 0))
			return NAN;
		return ph->cpu_pct / present_value(ph, (enum phase_id)f->phase);
	case CMP_LAT_MAX:
		return ph->state != FIGURE_NONE && ph->lat.max_ns
			       ? (double)ph->lat.max_ns : NAN;
	default:
		return ph->state != FIGURE_NONE && ph->lat.count && ph->lat.p99_ns
			       ? (double)ph->lat.p99_ns : NAN;
	}
}

/* Every figure of run I (of group K), in run order. */
static void add_run(struct run_store *s, struct cmp_build *b, size_t i,
		    size_t k)
{
	const struct run_results *r = run_store_get(s, i);

	for (size_t f = 0; f < b->c->n_figures; f++)
		cmp_build_value(b, f, k, value_of(r, &b->c->figure[f]),
				cached(r, &b->c->figure[f]));
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

/* Labels, names, run counts, and each setup's attributes by group. */
static int name_groups(struct run_store *s, const struct run_facts *facts,
		       const struct report_groups *g, struct cmp_build *b)
{
	struct comparison *c = b->c;
	uint32_t *per_name = calloc(run_store_names(s) + 1, sizeof(*per_name));

	if (!per_name)
		return -1;
	for (size_t k = 0; k < g->n; k++)
		per_name[run_store_name_id(s, g->run[g->start[k]])]++;
	for (size_t k = 0; k < g->n; k++) {
		uint32_t first = g->run[g->start[k]];
		uint32_t name = run_store_name_id(s, first);

		c->runs[k] = g->count[k];
		b->names[k] = run_store_name(s, name);
		if (!(c->label[k] = group_label(s, facts, first, per_name[name] > 1))) {
			free(per_name);
			return -1;
		}
	}
	free(per_name);
	return 0;
}

/* Each run's attributes (read from its setup, which runs share). */
static void survey_attrs(struct run_store *s, const struct report_groups *g,
			 struct cmp_build *b)
{
	for (size_t k = 0; k < g->n; k++) {
		uint32_t last = UINT32_MAX;

		for (uint32_t i = 0; i < g->count[k]; i++) {
			uint32_t setup = run_store_setup_id(s, g->run[g->start[k] + i]);
			const struct run_results *r;

			if (setup == last)
				continue;
			last = setup;
			r = run_store_setup(s, setup);
			for (size_t a = 0; a < run_attr_count; a++) {
				char value[RUN_ATTR_TEXT_MAX];

				if (run_attrs[a].read(r, value))
					cmp_build_attr(b, k, a, value);
			}
		}
	}
}

int report_compare(struct run_store *s, const struct run_facts *facts,
		   const struct cmp_options *o, struct comparison *c,
		   struct parse_error *err)
{
	struct report_groups g;
	struct cmp_build b;
	size_t *capacity;
	int rc;

	memset(c, 0, sizeof(*c));
	if (report_groups_build(s, false, &g) != 0)
		return -1;
	if (g.n < 2) {
		snprintf(err->msg, sizeof(err->msg), "--compare needs two groups "
			 "of runs or more (runs with two machine names); the "
			 "input has one");
		report_groups_free(&g);
		return -2;
	}
	if (!(capacity = calloc(g.n, sizeof(*capacity)))) {
		report_groups_free(&g);
		return -1;
	}
	for (size_t k = 0; k < g.n; k++)
		capacity[k] = g.count[k];
	rc = cmp_build_begin(&b, c, g.n, capacity, CMP_FIGURES_MAX,
			     run_attr_count);
	free(capacity);
	for (size_t a = 0; rc == 0 && a < run_attr_count; a++)
		b.attrs[a] = (struct cmp_attr){ run_attrs[a].name,
						run_attrs[a].weight };
	if (rc == 0 && name_groups(s, facts, &g, &b) != 0) {
		cmp_build_abandon(&b);
		rc = -1;
	}
	if (rc == 0) {
		c->facts = facts;
		find_figures(s, &b);
		for (size_t k = 0; k < g.n; k++)
			for (uint32_t i = 0; i < g.count[k]; i++)
				add_run(s, &b, g.run[g.start[k] + i], k);
		survey_attrs(s, &g, &b);
		rc = cmp_build_finish(&b, o, err);
	}
	report_groups_free(&g);
	return rc;
}
