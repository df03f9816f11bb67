/* SPDX-License-Identifier: MIT */
/*
 * report_compare_marks.c - the comparison of clyde mark results
 * (report_compare_marks): marks grouped by machine name and the settings
 * that shape what a test measures, each test and direction's MB/s, IOPS
 * and mean latency run by run, reads the page cache served, and each
 * mark's settings and machine as attributes.
 */
#include "report_compare_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine_name.h"
#include "format/fmt_text.h"

/* A mark's setting as a phrase ("size 1 GiB") into BUF. */
static void read_program(const struct mark_results *m, char *buf)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "clyde mark %s", m->version);
}

static bool same_test(const struct mark_test *a, const struct mark_test *b)
{
	return a->sequential == b->sequential && a->block_bytes == b->block_bytes &&
	       a->depth == b->depth && a->threads == b->threads;
}

static void read_tests(const struct mark_results *m, char *buf)
{
	if (m->profile[0]) {
		snprintf(buf, RUN_ATTR_TEXT_MAX, "profile %s", m->profile);
		return;
	}
	snprintf(buf, RUN_ATTR_TEXT_MAX, "tests");
	for (size_t i = 0; i < m->n; i++) {
		char name[MARK_NAME_MAX];
		bool again = false;

		for (size_t j = 0; j < i && !again; j++)
			again = same_test(&m->tests[j].test, &m->tests[i].test);
		if (!again)
			fmt_join(buf, RUN_ATTR_TEXT_MAX, i ? ", " : " ",
				 mark_test_name(&m->tests[i].test, name, sizeof(name)));
	}
}

static void read_size(const struct mark_results *m, char *buf)
{
	char words[FMT_TEXT_MAX];

	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s file",
		 fmt_bytes_words(m->size_mib * MIB, words, sizeof(words)));
}

static void read_time(const struct mark_results *m, char *buf)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu32 " s a run", m->time_s);
}

static void read_engine(const struct mark_results *m, char *buf)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "engine %s", engine_name(m->engine));
}

static void read_runs(const struct mark_results *m, char *buf)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu32 " runs a test", m->runs);
}

/* A mark's own attributes; TEST ones tell groups of one name apart. */
static const struct {
	const char *name;
	bool test;
	enum run_attr_weight weight;
	void (*read)(const struct mark_results *m, char *buf);
} mark_attrs[] = {
	{ "program", true, WEIGHT_SETTING, read_program },
	{ "tests", true, WEIGHT_SETTING, read_tests },
	{ "size", true, WEIGHT_WORKLOAD, read_size },
	{ "time", true, WEIGHT_SETTING, read_time },
	{ "engine", true, WEIGHT_SETTING, read_engine },
	{ "runs", false, WEIGHT_SETTING, read_runs },
};

#define MARK_ATTRS (sizeof(mark_attrs) / sizeof(mark_attrs[0]))

/* Whether marks A and B belong in one group: one name, every test attribute. */
static bool same_group(const struct mark_results *a, const struct mark_results *b)
{
	char x[RUN_ATTR_TEXT_MAX], y[RUN_ATTR_TEXT_MAX];

	if (strcmp(a->machine, b->machine) != 0)
		return false;
	for (size_t i = 0; i < MARK_ATTRS; i++) {
		if (!mark_attrs[i].test)
			continue;
		mark_attrs[i].read(a, x);
		mark_attrs[i].read(b, y);
		if (strcmp(x, y) != 0)
			return false;
	}
	return true;
}

/* The runs of test result R that were measured (a CSV mark has none). */
static size_t measured_runs(const struct mark_result *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_runs && i < MARK_MAX_RUNS; i++)
		n += r->run[i].elapsed_ns > 0;
	return n;
}

/* The values a mark gives each figure: its most measured runs of a test, at least 1. */
static size_t mark_runs(const struct mark_results *m)
{
	size_t most = 1;

	for (size_t i = 0; i < m->n; i++)
		most = measured_runs(&m->tests[i]) > most ? measured_runs(&m->tests[i])
							  : most;
	return most;
}

/* A group's label: its name, and the test attributes other groups of it differ in. */
static char *group_label(const struct mark_results *marks, size_t n,
			 const size_t *group, size_t first)
{
	char label[FMT_NAME_MAX], tag[FMT_NAME_MAX] = "";
	const struct mark_results *m = &marks[first];

	snprintf(label, sizeof(label), "%s", m->machine);
	for (size_t a = 0; a < MARK_ATTRS; a++) {
		char mine[RUN_ATTR_TEXT_MAX], other[RUN_ATTR_TEXT_MAX];
		bool differs = false;

		if (!mark_attrs[a].test)
			continue;
		mark_attrs[a].read(m, mine);
		for (size_t i = 0; i < n && !differs; i++) {
			if (group[i] == group[first] ||
			    strcmp(marks[i].machine, m->machine) != 0)
				continue;
			mark_attrs[a].read(&marks[i], other);
			differs = strcmp(mine, other) != 0;
		}
		if (differs)
			fmt_join(tag, sizeof(tag), ", ", mine);
	}
	if (tag[0]) {
		fmt_join(label, sizeof(label), " [", tag);
		fmt_join(label, sizeof(label), "", "]");
	}
	return strdup(label);
}

/* One test in one direction: a row of figures. */
struct mark_row {
	struct mark_test test;
	bool writes;
};

static const struct mark_result *result_of(const struct mark_results *m,
					   const struct mark_row *row);

/* Beside each row that --probe ran beside in some mark, its kinds' figures. */
static void feel_figures(const struct mark_results *marks, size_t n,
			 const struct mark_row *rows, size_t n_rows,
			 struct cmp_build *b)
{
	for (size_t j = 0; j < n_rows; j++) {
		char name[MARK_NAME_MAX + 8];
		unsigned kinds = 0;

		for (size_t i = 0; i < n; i++) {
			const struct mark_result *r = result_of(&marks[i], &rows[j]);

			kinds |= r && r->probe.read.lat.count ? PROBE_READ : 0u;
			kinds |= r && r->probe.write.lat.count ? PROBE_WRITE : 0u;
		}
		mark_test_name(&rows[j].test, name, MARK_NAME_MAX);
		fmt_join(name, sizeof(name), " ", rows[j].writes ? "write" : "read");
		for (unsigned kind = PROBE_READ; kind <= PROBE_WRITE; kind <<= 1)
			if (kinds & kind)
				cmp_build_feel(b, name, (int)j, rows[j].writes, false,
					       kind);
	}
}

/*
 * The rows: each test and direction, reads first, in the order the marks
 * first have them, into ROWS; three figures each, whose phase is the row.
 */
static void find_figures(const struct mark_results *marks, size_t n,
			 struct mark_row *rows, struct cmp_build *b)
{
	size_t n_rows = 0;

	for (int writes = 0; writes < 2; writes++)
		for (size_t i = 0; i < n; i++)
			for (size_t t = 0; t < marks[i].n; t++) {
				const struct mark_result *r = &marks[i].tests[t];
				char name[MARK_NAME_MAX + 8];
				bool seen = (int)r->writes != writes;

				for (size_t j = 0; j < n_rows && !seen; j++)
					seen = rows[j].writes == r->writes &&
					       same_test(&rows[j].test, &r->test);
				if (seen)
					continue;
				rows[n_rows] = (struct mark_row){ r->test, r->writes };
				mark_test_name(&r->test, name, MARK_NAME_MAX);
				fmt_join(name, sizeof(name), " ", writes ? "write" : "read");
				for (int k = CMP_MARK_MBS; k <= CMP_MARK_MEAN; k++)
					cmp_build_figure(b, (enum cmp_kind)k, name, "",
							 (int)n_rows, r->writes);
				n_rows++;
			}
	feel_figures(marks, n, rows, n_rows, b);
}

/* Mark M's result for ROW, or NULL. */
static const struct mark_result *result_of(const struct mark_results *m,
					   const struct mark_row *row)
{
	for (size_t t = 0; t < m->n; t++)
		if (m->tests[t].writes == row->writes &&
		    same_test(&m->tests[t].test, &row->test))
			return &m->tests[t];
	return NULL;
}

static double figure_of(const struct mark_figures *x, enum cmp_kind kind)
{
	if (x->elapsed_ns == 0 || x->ios == 0)
		return NAN;
	return kind == CMP_MARK_MBS ? x->mb_per_s
	       : kind == CMP_MARK_IOPS ? x->iops : x->mean_us * 1e3;
}

/* Mark M's values, run by run, into group K (RUNS of them a figure). */
static void add_mark(const struct mark_row *rows, const struct mark_results *m,
		     size_t k, struct cmp_build *b)
{
	size_t runs = mark_runs(m);

	for (size_t f = 0; f < b->c->n_figures; f++) {
		const struct cmp_figure *fig = &b->c->figure[f];
		const struct mark_result *r = result_of(m, &rows[fig->phase]);
		bool cached = r && !r->writes && r->disk_pct >= 0 && r->disk_pct < 50;
		size_t got = 0;

		/* The probe's waits over all the runs: one value a mark. */
		if (fig->family == CMP_FEEL) {
			cmp_build_value(b, f, k, r ? cmp_feel_value(&r->probe, fig)
						   : NAN, false);
			for (got = 1; got < runs; got++)
				cmp_build_value(b, f, k, NAN, false);
			continue;
		}
		for (size_t i = 0; r && i < r->n_runs && i < MARK_MAX_RUNS; i++)
			if (r->run[i].elapsed_ns > 0) {
				cmp_build_value(b, f, k, figure_of(&r->run[i], fig->kind),
						cached);
				got++;
			}
		/* A mark read from CSV keeps only its score: one value. */
		if (got == 0) {
			cmp_build_value(b, f, k, r ? figure_of(&r->score, fig->kind)
						   : NAN, cached);
			got++;
		}
		while (got++ < runs)
			cmp_build_value(b, f, k, NAN, false);
	}
}

/* Each mark's attributes: its own, then its machine's (as a run's). */
static int survey_attrs(const struct mark_results *marks, size_t n,
			const size_t *group, struct cmp_build *b)
{
	struct run_results *r = calloc(1, sizeof(*r)); /* large: not on a stack */

	if (!r)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t a = 0;
		char value[RUN_ATTR_TEXT_MAX];

		for (size_t j = 0; j < MARK_ATTRS; j++, a++) {
			mark_attrs[j].read(&marks[i], value);
			cmp_build_attr(b, group[i], a, value);
		}
		r->env = marks[i].env;
		r->prov_known = marks[i].prov_known;
		r->prov = marks[i].prov;
		for (size_t j = 0; j < run_attr_count; j++) {
			if (run_attrs[j].test)
				continue;
			if (run_attrs[j].read(r, value))
				cmp_build_attr(b, group[i], a, value);
			a++;
		}
	}
	free(r);
	return 0;
}

/* Group each mark (GROUP[i]); the count, and each group's first mark. */
static size_t group_marks(const struct mark_results *marks, size_t n,
			  size_t *group, size_t *first)
{
	size_t groups = 0;

	for (size_t i = 0; i < n; i++) {
		size_t g = 0;

		while (g < groups && !same_group(&marks[first[g]], &marks[i]))
			g++;
		if (g == groups)
			first[groups++] = i;
		group[i] = g;
	}
	return groups;
}

/* Labels, names, counts and attributes of the groups; 0 or -1. */
static int describe(const struct mark_results *marks, size_t n,
		    const size_t *group, const size_t *first,
		    struct cmp_build *b)
{
	struct comparison *c = b->c;
	size_t a = 0;

	if (!(c->n_marks = calloc(c->n_groups + 1, sizeof(*c->n_marks))))
		return -1;
	for (size_t k = 0; k < c->n_groups; k++) {
		b->names[k] = marks[first[k]].machine;
		if (!(c->label[k] = group_label(marks, n, group, first[k])))
			return -1;
	}
	for (size_t i = 0; i < n; i++) {
		c->n_marks[group[i]]++;
		c->runs[group[i]] += mark_runs(&marks[i]);
	}
	for (size_t j = 0; j < MARK_ATTRS; j++)
		b->attrs[a++] = (struct cmp_attr){ mark_attrs[j].name,
						   mark_attrs[j].weight };
	for (size_t j = 0; j < run_attr_count; j++)
		if (!run_attrs[j].test)
			b->attrs[a++] = (struct cmp_attr){ run_attrs[j].name,
							   run_attrs[j].weight };
	return survey_attrs(marks, n, group, b);
}

int report_compare_marks(const struct mark_results *marks, size_t n,
			 const struct cmp_options *o, struct comparison *c,
			 struct parse_error *err)
{
	size_t *group = calloc(n + 1, sizeof(*group));
	size_t *first = calloc(n + 1, sizeof(*first));
	size_t *capacity = calloc(n + 1, sizeof(*capacity));
	size_t groups, max_figures, tests = 0;
	struct mark_row *rows = NULL;
	struct cmp_build b;
	int rc = -1;

	memset(c, 0, sizeof(*c));
	if (!group || !first || !capacity)
		goto done;
	groups = group_marks(marks, n, group, first);
	if (groups < 2) {
		snprintf(err->msg, sizeof(err->msg), "--compare needs two groups "
			 "of marks or more (marks with two machine names or "
			 "settings); the input has one");
		rc = -2;
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		capacity[group[i]] += mark_runs(&marks[i]);
		tests += marks[i].n;
	}
	max_figures = (3 + 6) * tests; /* and a probe's two kinds' three */
	if (!(rows = calloc(tests + 1, sizeof(*rows))) ||
	    cmp_build_begin(&b, c, groups, capacity, max_figures,
			    MARK_ATTRS + run_attr_count) != 0)
		goto done;
	c->marks = true;
	if (describe(marks, n, group, first, &b) != 0) {
		cmp_build_abandon(&b);
		goto done;
	}
	find_figures(marks, n, rows, &b);
	for (size_t i = 0; i < n; i++)
		add_mark(rows, &marks[i], group[i], &b);
	rc = cmp_build_finish(&b, o, err);
done:
	free(rows);
	free(group);
	free(first);
	free(capacity);
	return rc;
}
