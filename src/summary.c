/* SPDX-License-Identifier: MIT */
/*
 * summary.c - min/median/max rows per machine name for `clyde report
 * --summary`: grouping in first-appearance order, the statistics of each
 * figure over the runs that measured it, and notes on what was left out.
 */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "utf8.h"
#include "verdict.h"

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

static bool same_name(const struct run_results *a, const struct run_results *b)
{
	return strcmp(a->machine, b->machine) == 0;
}

/* Scratch space for one group: its members, and one figure's values. */
struct group {
	const struct run_results **member;
	size_t count;
	double *rate, *cpu, *lat;
};

/* One test of the three rows ROWS from the group's runs. */
static void summarise_phase(const struct group *g, enum phase_id p,
			    struct run_results rows[STAT_COUNT], FILE *notes)
{
	size_t values = 0, fast = 0, lats = 0;
	double rate[3], cpu[3], lat[3];

	for (size_t i = 0; i < g->count; i++) {
		const struct phase_result *ph = &g->member[i]->phase[p];

		if (ph->state == FIGURE_VALUE) {
			g->rate[values] = ph->rate;
			g->cpu[values++] = ph->cpu_pct;
		}
		fast += ph->state == FIGURE_TOO_FAST;
		if (ph->state != FIGURE_NONE && ph->lat.max_ns != 0)
			g->lat[lats++] = (double)ph->lat.max_ns;
	}
	if (values)
		summary_stats(g->rate, values, rate), summary_stats(g->cpu, values, cpu);
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
	if (values && fast && notes)
		fprintf(notes, "clyde: report: note: %s: %s was too fast to "
			"measure (+++++) in %zu of %zu runs; its min/median/max "
			"use the other %zu\n", g->member[0]->machine,
			phase_table[p].name, fast, values + fast, values);
}

static bool same_sizes(const struct run_results *a, const struct run_results *b)
{
	return (!fmt_has_io(a) || !fmt_has_io(b) ||
		(a->io.size_mib == b->io.size_mib &&
		 fmt_io_chunk(a) == fmt_io_chunk(b) &&
		 fmt_concurrency(a) == fmt_concurrency(b))) &&
	       (!fmt_has_files(a) || !fmt_has_files(b) ||
		memcmp(&a->files, &b->files, sizeof(a->files)) == 0);
}

/* The three rows of group GROUP (see group_of), written to ROWS. */
static void summarise(const struct run_results *runs, size_t n,
		      const size_t *group_of, size_t group, struct group *g,
		      struct run_results rows[STAT_COUNT], FILE *notes)
{
	const struct run_results *first = NULL, *io = NULL, *files = NULL;
	bool differ = false;

	g->count = 0;
	for (size_t i = 0; i < n; i++) {
		if (group_of[i] != group)
			continue;
		g->member[g->count++] = &runs[i];
		if (!first)
			first = &runs[i];
		differ |= !same_sizes(first, &runs[i]);
		if (!io && fmt_has_io(&runs[i]))
			io = &runs[i];
		if (!files && fmt_has_files(&runs[i]))
			files = &runs[i];
	}
	for (int s = 0; s < STAT_COUNT; s++) {
		struct run_results *r = &rows[s];
		/* Cut the name so that " (median)" always fits, between characters. */
		int keep = (int)utf8_cut_bytes(first->machine,
					       strlen(first->machine),
					       MACHINE_MAX - 1 -
						       strlen(" (median)"));

		*r = *first;
		/* A summary is no run: nothing measured live comes along. */
		r->seed[0] = '\0';
		r->dir[0] = '\0';
		r->n_random = 0;
		memset(&r->env, 0, sizeof(r->env));
		r->env.rotational = -1;
		r->started[0] = '\0';
		r->command_line[0] = '\0';
		r->prov_known = false;
		provenance_clear(&r->prov);
		snprintf(r->machine, sizeof(r->machine), "%.*s (%s)", keep,
			 first->machine, stat_names[s]);
		r->io = io ? io->io : (struct io_params){ 0 };
		r->files = files ? files->files : (struct file_params){ 0 };
		if (io)
			r->concurrency = io->concurrency;
	}
	if (differ && notes)
		fprintf(notes, "clyde: report: note: %s: the runs differ in test "
			"size, chunk, copies or file tests; the summary rows "
			"show the first run's\n", first->machine);
	for (int p = 0; p < PHASE_COUNT; p++)
		summarise_phase(g, (enum phase_id)p, rows, notes);
	for (int s = 0; s < STAT_COUNT; s++)
		verdict_compute(&rows[s]);
}

/*
 * Number the machine names in first-appearance order: GROUP_OF[i] is run
 * i's, SIZE[g] how many runs group g has and LAST[g] its last run. Costs
 * n x groups name comparisons. Returns the number of groups.
 */
static size_t number_groups(const struct run_results *runs, size_t n,
			    size_t *group_of, size_t *size, size_t *last,
			    size_t *leader)
{
	size_t groups = 0;

	for (size_t i = 0; i < n; i++) {
		size_t g = 0;

		while (g < groups && !same_name(&runs[leader[g]], &runs[i]))
			g++;
		if (g == groups) {
			leader[groups++] = i;
			size[g] = 0;
		}
		group_of[i] = g;
		size[g]++;
		last[g] = i;
	}
	return groups;
}

int summary_add(const struct run_results *runs, size_t n,
		struct run_results **out, size_t *out_n, FILE *notes)
{
	size_t *index = malloc((4 * n + 1) * sizeof(size_t));
	size_t *group_of = index, *size = index + n, *last = index + 2 * n;
	size_t groups, extra = 0, used = 0;
	struct group g = { 0 };
	struct run_results *all = NULL;

	*out = NULL;
	*out_n = 0;
	if (!index)
		return -1;
	groups = number_groups(runs, n, group_of, size, last, index + 3 * n);
	for (size_t k = 0; k < groups; k++)
		extra += size[k] >= 2 ? STAT_COUNT : 0;
	all = malloc((n + extra + 1) * sizeof(*all));
	g.member = malloc((n + 1) * sizeof(*g.member));
	g.rate = malloc((n + 1) * sizeof(double));
	g.cpu = malloc((n + 1) * sizeof(double));
	g.lat = malloc((n + 1) * sizeof(double));
	if (!all || !g.member || !g.rate || !g.cpu || !g.lat) {
		free(all);
		all = NULL;
	}
	for (size_t i = 0; all && i < n; i++) {
		size_t k = group_of[i];

		all[used++] = runs[i];
		if (last[k] == i && size[k] >= 2) {
			summarise(runs, n, group_of, k, &g, &all[used], notes);
			used += STAT_COUNT;
		}
	}
	free(index);
	free(g.member);
	free(g.rate);
	free(g.cpu);
	free(g.lat);
	*out = all;
	*out_n = all ? used : 0;
	return all ? 0 : -1;
}
