/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_notes.c - the notes on a pair of groups that every format
 * prints with its verdicts (fmt_compare_notes): what differs between the
 * groups, the warnings when they measured different things or pool runs
 * that differ, the figures the page cache served, drift, odd runs and
 * what was left out as missing.
 */
#include "fmt_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_text.h"

/* The notes being written for one pair. */
struct notes {
	const struct comparison *c;
	size_t k;
	struct fmt_note *v;
	size_t n, cap;
};

/* A new note of KIND, its text empty; NULL when the room ran out. */
static char *note(struct notes *ns, enum fmt_note_kind kind)
{
	if (ns->n == ns->cap)
		return NULL;
	ns->v[ns->n].kind = kind;
	ns->v[ns->n].text[0] = '\0';
	return ns->v[ns->n++].text;
}

/* "Block write (MiB/s)": figure F's name with its measure. */
static const char *figure_words(const struct cmp_figure *f, char *buf,
				size_t len)
{
	snprintf(buf, len, "%s (%s)", f->name, f->measure);
	return buf;
}

/* One side of a difference: "buffered I/O (A)", "6.1 or 6.2 (B, its runs differ)". */
static void side(char *buf, size_t len, const char *value, bool mixed,
		 char letter)
{
	char part[CMP_VALUE_MAX + 48];

	snprintf(part, sizeof(part), "%s (%c%s)", value[0] ? value : "not recorded",
		 letter, mixed ? ", its runs differ" : "");
	fmt_join(buf, len, "", part);
}

/* "mode: buffered I/O (A) against direct I/O (B)". */
static void difference_words(const struct cmp_difference *d, char *buf,
			     size_t len)
{
	buf[0] = '\0';
	/* "scheduler none" names itself; "direct I/O" needs "mode: ". */
	if (!strstr(d->a, d->name) && !strstr(d->b, d->name)) {
		fmt_join(buf, len, "", d->name);
		fmt_join(buf, len, "", ": ");
	}
	side(buf, len, d->a, d->a_mixed, 'A');
	fmt_join(buf, len, "", " against ");
	side(buf, len, d->b, d->b_mixed, 'B');
}

static void what_differs(struct notes *ns)
{
	const struct cmp_versus *v = &ns->c->versus[ns->k];
	char *text = note(ns, NOTE_DIFFERS);

	if (!text)
		return;
	if (v->n_diff == 0) {
		snprintf(text, FMT_COMPARE_NOTE_MAX, "What differs: nothing the "
			 "runs recorded, but their names.");
		return;
	}
	snprintf(text, FMT_COMPARE_NOTE_MAX, "What differs: ");
	for (size_t i = 0; i < v->n_diff; i++) {
		char part[3 * CMP_VALUE_MAX];

		difference_words(&v->diff[i], part, sizeof(part));
		fmt_join(text, FMT_COMPARE_NOTE_MAX, i ? "; " : "", part);
	}
	fmt_join(text, FMT_COMPARE_NOTE_MAX, "", ".");
}

/* The differences of WEIGHT (not within a group), joined into BUF. */
static void differences_of(const struct cmp_versus *v,
			   enum run_attr_weight weight, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < v->n_diff; i++) {
		char part[3 * CMP_VALUE_MAX];

		if (v->diff[i].weight != weight || v->diff[i].a_mixed ||
		    v->diff[i].b_mixed)
			continue;
		difference_words(&v->diff[i], part, sizeof(part));
		fmt_join(buf, len, "; ", part);
	}
}

static void warnings(struct notes *ns)
{
	const struct cmp_versus *v = &ns->c->versus[ns->k];
	char list[FMT_COMPARE_NOTE_MAX / 2], *text;

	differences_of(v, WEIGHT_WORKLOAD, list, sizeof(list));
	if (v->workload && (text = note(ns, NOTE_WARNING)))
		snprintf(text, FMT_COMPARE_NOTE_MAX, "Warning: A and B measured "
			 "different things: %s. Their figures are two different "
			 "tests, not a speed-up of one over the other: the "
			 "verdicts say only \"higher\" or \"lower\".", list);
	differences_of(v, WEIGHT_METHOD, list, sizeof(list));
	if (list[0] && (text = note(ns, NOTE_WARNING)))
		snprintf(text, FMT_COMPARE_NOTE_MAX, "Warning: A and B did their "
			 "I/O in different ways: %s. Buffered figures include the "
			 "work of the page cache: a difference is the I/O path's "
			 "as much as the disk's.", list);
	if (v->mixed && (text = note(ns, NOTE_WARNING)))
		snprintf(text, FMT_COMPARE_NOTE_MAX, "Warning: a group pools runs "
			 "that differ (\"its runs differ\" above): it may not "
			 "measure one speed; give such runs names of their own "
			 "(-m) to compare them.");
}

/* Figure F's runs the page cache served, in both groups. */
static void page_cache(struct notes *ns, size_t f)
{
	const struct comparison *c = ns->c;
	const struct cmp_spread *a = report_compare_spread(c, f, c->baseline);
	const struct cmp_spread *b = report_compare_spread(c, f, ns->k);
	char part[2][64] = { "", "" }, *text;

	/* One note a test: its rate, CPU and latencies share their runs. */
	for (size_t e = 0; e < f; e++)
		if (strcmp(c->figure[e].name, c->figure[f].name) == 0 &&
		    (report_compare_spread(c, e, c->baseline)->cached ||
		     report_compare_spread(c, e, ns->k)->cached))
			return;
	if ((!a->cached && !b->cached) || !(text = note(ns, NOTE_CACHE)))
		return;
	if (a->cached)
		snprintf(part[0], sizeof(part[0]), "%zu of A's %zu runs",
			 a->cached, a->n);
	if (b->cached)
		snprintf(part[1], sizeof(part[1]), "%zu of B's %zu runs",
			 b->cached, b->n);
	snprintf(text, FMT_COMPARE_NOTE_MAX, "Page cache: %s: the device read "
		 "less than half of what clyde read in %s%s%s, so these figures "
		 "are the page cache's, not the disk's, and the verdicts say "
		 "\"page cache\".", c->figure[f].name, part[0],
		 a->cached && b->cached ? " and " : "", part[1]);
}

/* "from its first run to its last", or "from run 2 to run 9". */
static void span_words(const struct rank_trend *t, size_t count, char *buf,
		       size_t len)
{
	if (t->first == 0 && t->last + 1 == count)
		snprintf(buf, len, "from its first run to its last");
	else
		snprintf(buf, len, "from run %zu to run %zu", t->first + 1,
			 t->last + 1);
}

static void drift(struct notes *ns, size_t f)
{
	const struct comparison *c = ns->c;
	const struct judge_result *r = report_compare_result(c, f, ns->k);
	const struct judge_group *g[2] = { &r->base, &r->other };
	const size_t group[2] = { c->baseline, ns->k };

	for (int s = 0; s < 2; s++) {
		const struct judge_drift *d = &g[s]->drift;
		char fig[160], span[64], *text;

		if (!d->found || !(text = note(ns, NOTE_DRIFT)))
			continue;
		span_words(&d->trend, report_compare_spread(c, f, group[s])->count,
			   span, sizeof(span));
		snprintf(text, FMT_COMPARE_NOTE_MAX, "Drift: %c's %s %s %.0f%% "
			 "%s (Mann-Kendall p = %.2g): the disk or the machine "
			 "changed during the runs, so the verdict is \"cannot "
			 "tell\".", s ? 'B' : 'A',
			 figure_words(&c->figure[f], fig, sizeof(fig)),
			 d->change > 0 ? "rose" : "fell", fabs(d->change) * 100.0,
			 span, d->trend.p);
	}
}

/* "run 4 of B, 2.1x slower than B's median" into BUF. */
static void odd_words(const struct judge_odd *o, char letter, char *buf,
		      size_t len)
{
	double x = o->ratio >= 1.0 ? o->ratio : 1.0 / o->ratio;
	const char *way = o->ratio >= 1.0 ? "faster" : "slower";

	if (x >= 1.5)
		snprintf(buf, len, "run %zu of %c, %.1fx %s than %c's median",
			 o->run + 1, letter, x, way, letter);
	else
		snprintf(buf, len, "run %zu of %c, %.0f%% %s than %c's median",
			 o->run + 1, letter, fabs(o->ratio - 1.0) * 100.0, way,
			 letter);
}

/* The odd runs of a rate, both groups, in one note. */
static void odd_runs(struct notes *ns, size_t f)
{
	const struct comparison *c = ns->c;
	const struct judge_result *r = report_compare_result(c, f, ns->k);
	const struct judge_group *g[2] = { &r->base, &r->other };
	char fig[160], list[FMT_COMPARE_NOTE_MAX / 2] = "", *text;

	if (c->figure[f].family != CMP_RATES || !c->figure[f].counted)
		return;
	for (int s = 0; s < 2; s++) {
		for (size_t i = 0; i < g[s]->n_odd && i < JUDGE_ODD_MAX; i++) {
			char part[128];

			odd_words(&g[s]->odd[i], s ? 'B' : 'A', part, sizeof(part));
			fmt_join(list, sizeof(list), "; ", part);
		}
		if (g[s]->n_odd > JUDGE_ODD_MAX) {
			char more[64];

			snprintf(more, sizeof(more), "%zu more of %c",
				 g[s]->n_odd - JUDGE_ODD_MAX, s ? 'B' : 'A');
			fmt_join(list, sizeof(list), "; ", more);
		}
	}
	if (list[0] && (text = note(ns, NOTE_ODD)))
		snprintf(text, FMT_COMPARE_NOTE_MAX, "Odd runs in %s: %s.",
			 figure_words(&c->figure[f], fig, sizeof(fig)), list);
}

/*
 * The rates left out in some runs of either group: missing ones (ZERO
 * false), or ones measured as 0 (ZERO), a value no ratio can be taken of.
 */
static void left_out(struct notes *ns, bool zero)
{
	const struct comparison *c = ns->c;
	const size_t group[2] = { c->baseline, ns->k };
	char list[FMT_COMPARE_NOTE_MAX / 2] = "", *text;

	for (size_t f = 0; f < c->n_figures; f++) {
		if (c->figure[f].family != CMP_RATES || !c->figure[f].counted ||
		    !fmt_compare_row(c, f, ns->k))
			continue;
		for (int s = 0; s < 2; s++) {
			const struct cmp_spread *sp =
				report_compare_spread(c, f, group[s]);
			size_t some = zero ? sp->zero : sp->missing;
			char part[160];

			if (!some)
				continue;
			if (sp->count == 1)
				snprintf(part, sizeof(part), "%s in %c's one run",
					 c->figure[f].name, s ? 'B' : 'A');
			else
				snprintf(part, sizeof(part), "%s in %zu of %c's "
					 "%zu runs", c->figure[f].name, some,
					 s ? 'B' : 'A', sp->count);
			fmt_join(list, sizeof(list), "; ", part);
		}
	}
	if (list[0] && (text = note(ns, NOTE_MISSING)))
		snprintf(text, FMT_COMPARE_NOTE_MAX, "%s: %s.",
			 zero ? "Left out as 0 (measured, but no ratio can be "
				"taken of 0)"
			      : "Left out as missing (+++++, not run or not "
				"recorded)", list);
}

struct fmt_note *fmt_compare_notes(const struct comparison *c, size_t k,
				   size_t *n)
{
	struct notes ns = { .c = c, .k = k, .cap = 6 + 4 * c->n_figures };

	*n = 0;
	if (!(ns.v = malloc(ns.cap * sizeof(*ns.v))))
		return NULL;
	what_differs(&ns);
	warnings(&ns);
	for (size_t f = 0; f < c->n_figures; f++)
		page_cache(&ns, f);
	for (size_t f = 0; f < c->n_figures; f++)
		drift(&ns, f);
	for (size_t f = 0; f < c->n_figures; f++)
		odd_runs(&ns, f);
	left_out(&ns, false);
	left_out(&ns, true);
	*n = ns.n;
	return ns.v;
}
