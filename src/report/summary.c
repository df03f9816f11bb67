/* SPDX-License-Identifier: MIT */
/*
 * summary.c - min/median/max rows for `clyde report --summary`: the
 * statistics of each figure over the runs of a group that measured it,
 * and the notes on what each group pooled and what it left out.
 */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "run/phase_info.h"
#include "report_groups.h"
#include "format/fmt_text.h"
#include "lib/utf8.h"
#include "core/verdict.h"
#include "platform/provenance_read.h"

enum { STAT_MIN, STAT_MEDIAN, STAT_MAX, STAT_COUNT };

static const char *const stat_names[STAT_COUNT] = { "min", "median", "max" };

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void summary_stats(double *v, size_t n, double out[3])
{
	qsort(v, n, sizeof(v[0]), cmp_double);
	out[STAT_MIN] = v[0];
	out[STAT_MAX] = v[n - 1];
	out[STAT_MEDIAN] = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* One group being summarised: its runs, scratch for one figure's values. */
struct group {
	struct run_store *s;
	const uint32_t *run;
	size_t count;
	const char *machine;
	double *rate, *cpu, *lat;
};

/* Test P of the three rows ROWS from the group's runs. */
static int summarise_phase(const struct group *g, enum phase_id p,
			   struct run_results rows[STAT_COUNT],
			   struct run_facts *f)
{
	size_t values = 0, fast = 0, lats = 0;
	double rate[3], cpu[3], lat[3];

	for (size_t i = 0; i < g->count; i++) {
		struct phase_result ph;

		run_store_phase(g->s, g->run[i], p, &ph);
		if (ph.state == FIGURE_VALUE) {
			g->rate[values] = ph.rate;
			g->cpu[values++] = ph.cpu_pct;
		}
		fast += ph.state == FIGURE_TOO_FAST;
		if (ph.state != FIGURE_NONE && ph.lat.max_ns != 0)
			g->lat[lats++] = (double)ph.lat.max_ns;
	}
	if (values) {
		summary_stats(g->rate, values, rate);
		summary_stats(g->cpu, values, cpu);
	}
	if (lats)
		summary_stats(g->lat, lats, lat);
	for (int s = 0; s < STAT_COUNT; s++) {
		struct phase_result *out = &rows[s].phase[p];

		memset(out, 0, sizeof(*out));
		out->state = values ? FIGURE_VALUE
			     : fast ? FIGURE_TOO_FAST : FIGURE_NONE;
		if (values) {
			out->rate = rate[s];
			out->cpu_pct = cpu[s];
		}
		if (lats && out->state != FIGURE_NONE)
			out->lat.max_ns = (uint64_t)(lat[s] + 0.5);
	}
	if (values && fast)
		return report_facts_note(
			f, "%s: %s was too fast to measure (+++++) in %zu of "
			"%zu runs; its min, median and max use the other %zu",
			g->machine, phase_table[p].name, fast, values + fast,
			values);
	return 0;
}

/* "clyde 0.1.0, 2G, buffered I/O": the test attributes R was run with. */
static void describe(const struct run_results *r, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t a = 0; a < run_attr_count; a++) {
		char value[RUN_ATTR_TEXT_MAX];

		if (!run_attrs[a].test)
			continue;
		run_attrs[a].read(r, value);
		if (!value[0] ||
		    (run_attrs[a].usual && strcmp(value, run_attrs[a].usual) == 0))
			continue;
		fmt_join(buf, len, ", ", value);
	}
}

/*
 * The three rows of a group from a copy of its first run: no measurement
 * of a single run comes along, nor the environment when the runs' differ.
 */
static void rows_from(const struct run_results *first, bool one_setup,
		      struct run_results rows[STAT_COUNT])
{
	/* Cut the name so that " (median)" always fits, between characters. */
	int keep = (int)utf8_cut_bytes(first->machine, strlen(first->machine),
				       MACHINE_MAX - 1 - strlen(" (median)"));

	for (int s = 0; s < STAT_COUNT; s++) {
		struct run_results *r = &rows[s];

		*r = *first;
		r->seed[0] = '\0';
		r->dir[0] = '\0';
		r->verify = false;
		r->random_time_s = 0;
		r->n_random = 0;
		r->started[0] = '\0';
		r->command_line[0] = '\0';
		r->prov_known = false;
		provenance_clear(&r->prov);
		if (!one_setup) {
			memset(&r->env, 0, sizeof(r->env));
			r->env.rotational = -1;
		}
		snprintf(r->machine, sizeof(r->machine), "%.*s (%s)", keep,
			 first->machine, stat_names[s]);
	}
}

static int summarise(struct group *g, bool one_setup,
		     struct run_results rows[STAT_COUNT],
		     struct run_facts *f)
{
	char what[FACTS_NOTE_MAX / 2];
	int rc;

	rows_from(run_store_get(g->s, g->run[0]), one_setup, rows);
	g->machine = run_store_name(g->s, run_store_name_id(g->s, g->run[0]));
	describe(&rows[0], what, sizeof(what));
	rc = report_facts_note(f, "%s: min, median and max of %zu runs (%s)",
			       g->machine, g->count, what);
	for (int p = 0; p < PHASE_COUNT && rc == 0; p++)
		rc = summarise_phase(g, (enum phase_id)p, rows, f);
	for (int s = 0; s < STAT_COUNT; s++)
		verdict_compute(&rows[s]);
	return rc;
}

/*
 * The groups of the rows about to be made (those of G with two runs or
 * more, STAT_COUNT rows each) after the runs' in f->group, when F has the
 * runs' (report_facts_compute). 0, or -1 when memory ran out.
 */
static int group_rows(const struct report_groups *g, struct run_facts *f)
{
	size_t n = f->n_group;
	uint32_t *v;

	if (!f->group || n != f->runs)
		return 0;
	for (size_t k = 0; k < g->n; k++)
		n += g->count[k] >= 2 ? STAT_COUNT : 0;
	if (!(v = realloc(f->group, (n + 1) * sizeof(*v))))
		return -1;
	f->group = v;
	for (size_t k = 0; k < g->n; k++)
		for (int s = 0; s < STAT_COUNT && g->count[k] >= 2; s++)
			v[f->n_group++] = (uint32_t)k;
	return 0;
}

int summary_rows(struct run_store *s, struct run_facts *f,
		 struct summary *out)
{
	struct report_groups g;
	struct group grp = { .s = s };
	size_t largest = 0, groups = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (report_groups_build(s, false, &g) != 0)
		return -1;
	for (size_t k = 0; k < g.n; k++) {
		groups += g.count[k] >= 2;
		if (g.count[k] > largest)
			largest = g.count[k];
	}
	out->rows = malloc((STAT_COUNT * groups + 1) * sizeof(*out->rows));
	grp.rate = malloc((largest + 1) * sizeof(double));
	grp.cpu = malloc((largest + 1) * sizeof(double));
	grp.lat = malloc((largest + 1) * sizeof(double));
	if (!out->rows || !grp.rate || !grp.cpu || !grp.lat)
		rc = -1;
	rc = rc ? rc : group_rows(&g, f);
	for (size_t k = 0; k < g.n && rc == 0; k++) {
		if (g.count[k] < 2)
			continue;
		grp.run = &g.run[g.start[k]];
		grp.count = g.count[k];
		rc = summarise(&grp, g.setups[k] == 1, &out->rows[out->n_rows], f);
		out->n_rows += STAT_COUNT;
	}
	f->summary_groups = groups;
	free(grp.rate);
	free(grp.cpu);
	free(grp.lat);
	report_groups_free(&g);
	if (rc != 0)
		summary_free(out);
	return rc;
}

void summary_free(struct summary *sm)
{
	free(sm->rows);
	sm->rows = NULL;
	sm->n_rows = 0;
}
