/* SPDX-License-Identifier: MIT */
/*
 * report_compare.c - what every comparison does, whatever its input
 * (report_compare_internal.h): which way each kind of figure is better
 * and which family it belongs to (said here once), the values kept in run
 * order, the baseline, each group's spread, the verdicts of each family
 * by judge_pair, and what differs between each group and the baseline.
 */
#include "report_compare_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_text.h"

/* Each kind of figure: what it is called, which way is better, its family. */
static const struct {
	const char *measure; /* "%s" is the rate's unit */
	enum compare_better better;
	bool latency;
	enum cmp_family family;
	bool counted;
} kinds[] = {
	[CMP_RATE] = { "%s", COMPARE_HIGHER_IS_BETTER, false, CMP_RATES, true },
	[CMP_CPU] = { "CPU %% per %s", COMPARE_LOWER_IS_BETTER, false, CMP_COSTS,
		      true },
	[CMP_LAT_MAX] = { "max latency", COMPARE_LOWER_IS_BETTER, true, CMP_COSTS,
			  true },
	[CMP_LAT_P99] = { "p99 latency", COMPARE_LOWER_IS_BETTER, true, CMP_COSTS,
			  true },
	[CMP_RAND_IOPS] = { "IOPS", COMPARE_HIGHER_IS_BETTER, false, CMP_RATES,
			    true },
	[CMP_RAND_P99] = { "p99 latency", COMPARE_LOWER_IS_BETTER, true,
			   CMP_COSTS, true },
	[CMP_MARK_MBS] = { "MB/s", COMPARE_HIGHER_IS_BETTER, false, CMP_RATES,
			   true },
	/* IOPS = MB/s x 10^6 / block: the same ratio, not a second verdict. */
	[CMP_MARK_IOPS] = { "IOPS", COMPARE_HIGHER_IS_BETTER, false, CMP_RATES,
			    false },
	[CMP_MARK_MEAN] = { "mean latency", COMPARE_LOWER_IS_BETTER, true,
			    CMP_COSTS, true },
	/* "%s" is the probe's kind: "read", "write". */
	[CMP_FEEL_P50] = { "p50 probe %s", COMPARE_LOWER_IS_BETTER, true,
			   CMP_FEEL, true },
	[CMP_FEEL_P99] = { "p99 probe %s", COMPARE_LOWER_IS_BETTER, true,
			   CMP_FEEL, true },
	[CMP_FEEL_MAX] = { "max probe %s", COMPARE_LOWER_IS_BETTER, true,
			   CMP_FEEL, true },
};

#define SEEN_VALUES 4 /* distinct values of an attribute a group lists */

/* One attribute over one group's runs. */
struct cmp_seen {
	char value[SEEN_VALUES][RUN_ATTR_TEXT_MAX]; /* distinct, "" unrecorded */
	size_t n;       /* distinct values listed */
	bool more;      /* more than SEEN_VALUES */
	bool any;       /* some run applied the attribute */
};

double report_compare_level(const struct comparison *c, enum cmp_family fam)
{
	size_t m = c->family[fam] ? c->family[fam] : 1;

	return 1.0 - c->alpha / (double)m;
}

/* The build's own memory (not the comparison's). */
static void build_free(struct cmp_build *b)
{
	free(b->start);
	free(b->capacity);
	free(b->names);
	free(b->seen);
	free(b->attrs);
	memset(b, 0, sizeof(*b));
}

int cmp_build_begin(struct cmp_build *b, struct comparison *c, size_t n_groups,
		    const size_t *capacity, size_t max_figures, size_t n_attrs)
{
	size_t cells = max_figures * n_groups;

	memset(b, 0, sizeof(*b));
	memset(c, 0, sizeof(*c));
	b->c = c;
	b->max_figures = max_figures;
	b->n_attrs = n_attrs;
	c->n_groups = n_groups;
	b->start = calloc(n_groups + 1, sizeof(*b->start));
	b->capacity = calloc(n_groups + 1, sizeof(*b->capacity));
	b->names = calloc(n_groups + 1, sizeof(*b->names));
	b->seen = calloc(n_groups * n_attrs + 1, sizeof(*b->seen));
	b->attrs = calloc(n_attrs + 1, sizeof(*b->attrs));
	c->label = calloc(n_groups + 1, sizeof(*c->label));
	c->runs = calloc(n_groups + 1, sizeof(*c->runs));
	c->figure = calloc(max_figures + 1, sizeof(*c->figure));
	c->spread = calloc(cells + 1, sizeof(*c->spread));
	c->result = calloc(cells + 1, sizeof(*c->result));
	c->versus = calloc(n_groups + 1, sizeof(*c->versus));
	if (!b->start || !b->capacity || !b->names || !b->seen || !b->attrs ||
	    !c->label ||
	    !c->runs || !c->figure || !c->spread || !c->result || !c->versus) {
		cmp_build_abandon(b);
		return -1;
	}
	for (size_t k = 0; k < n_groups; k++) {
		b->start[k] = b->total_runs;
		b->capacity[k] = capacity[k];
		b->total_runs += capacity[k];
	}
	c->values = malloc((max_figures * b->total_runs + 1) * sizeof(*c->values));
	if (!c->values) {
		cmp_build_abandon(b);
		return -1;
	}
	return 0;
}

size_t cmp_build_figure(struct cmp_build *b, enum cmp_kind kind,
			const char *name, const char *unit, int phase,
			bool writes)
{
	struct comparison *c = b->c;
	size_t i = c->n_figures++;
	struct cmp_figure *f = &c->figure[i];

	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->measure, sizeof(f->measure), kinds[kind].measure, unit);
	f->kind = kind;
	f->better = kinds[kind].better;
	f->latency = kinds[kind].latency;
	f->family = kinds[kind].family;
	f->counted = kinds[kind].counted;
	f->phase = phase;
	f->writes = writes;
	for (size_t k = 0; k < c->n_groups; k++)
		c->spread[i * c->n_groups + k] = (struct cmp_spread){
			.first = i * b->total_runs + b->start[k],
		};
	return i;
}

void cmp_build_feel(struct cmp_build *b, const char *name, int phase,
		    bool writes, bool random, unsigned kind)
{
	for (int k = CMP_FEEL_P50; k <= CMP_FEEL_MAX; k++) {
		size_t f = cmp_build_figure(b, (enum cmp_kind)k, name,
					    kind == PROBE_WRITE ? "write" : "read",
					    phase, writes);

		b->c->figure[f].random = random;
		b->c->figure[f].probe = kind;
	}
}

double cmp_feel_value(const struct probe_result *p, const struct cmp_figure *f)
{
	const struct probe_waits *w = f->probe == PROBE_WRITE ? &p->write : &p->read;

	if (w->lat.count == 0)
		return NAN;
	return (double)(f->kind == CMP_FEEL_P50   ? w->lat.p50_ns
			: f->kind == CMP_FEEL_P99 ? w->lat.p99_ns
						  : w->lat.max_ns);
}

void cmp_build_value(struct cmp_build *b, size_t f, size_t k, double v,
		     bool cached)
{
	struct cmp_spread *sp = &b->c->spread[f * b->c->n_groups + k];

	if (sp->count >= b->capacity[k])
		return;
	b->c->values[sp->first + sp->count++] = v;
	sp->cached += cached && isfinite(v) && v > 0;
}

void cmp_build_attr(struct cmp_build *b, size_t k, size_t a, const char *value)
{
	struct cmp_seen *s = &b->seen[k * b->n_attrs + a];

	s->any = true;
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->value[i], value) == 0)
			return;
	if (s->n == SEEN_VALUES) {
		s->more = true;
		return;
	}
	snprintf(s->value[s->n++], RUN_ATTR_TEXT_MAX, "%s", value);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* SP's usable values counted, with their median, lowest and highest. */
static void spread_of(const double *values, struct cmp_spread *sp,
		      double *work)
{
	size_t m = 0, zero = 0;

	for (size_t i = 0; i < sp->count; i++) {
		double v = values[sp->first + i];

		if (isfinite(v) && v > 0)
			work[m++] = v;
		else
			zero += v == 0;
	}
	qsort(work, m, sizeof(*work), by_value);
	sp->n = m;
	sp->zero = zero;
	sp->missing = sp->count - m - zero;
	sp->median = sp->min = sp->max = NAN;
	if (m) {
		sp->min = work[0];
		sp->max = work[m - 1];
		sp->median = m % 2 ? work[m / 2] : (work[m / 2 - 1] + work[m / 2]) / 2;
	}
}

/* Group K's values of attribute A as one text: "v1 or v2"; whether mixed. */
static bool seen_text(const struct cmp_seen *s, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < s->n; i++)
		fmt_join(buf, len, " or ", s->value[i][0] ? s->value[i]
							: "not recorded");
	if (s->more)
		fmt_join(buf, len, " or ", "...");
	if (s->n == 1 && !s->value[0][0])
		buf[0] = '\0';
	return s->n > 1;
}

/* What differs between group K and the baseline, attribute by attribute. */
static void versus_of(const struct cmp_build *b, size_t k)
{
	struct comparison *c = b->c;
	struct cmp_versus *v = &c->versus[k];

	memset(v, 0, sizeof(*v));
	for (size_t a = 0; a < b->n_attrs && v->n_diff < CMP_DIFF_MAX; a++) {
		const struct cmp_seen *sa = &b->seen[c->baseline * b->n_attrs + a];
		const struct cmp_seen *sb = &b->seen[k * b->n_attrs + a];
		struct cmp_difference *d = &v->diff[v->n_diff];

		if (!sa->any && !sb->any)
			continue;
		d->name = b->attrs[a].name;
		d->weight = b->attrs[a].weight;
		d->a_mixed = seen_text(sa, d->a, sizeof(d->a));
		d->b_mixed = seen_text(sb, d->b, sizeof(d->b));
		if (!d->a_mixed && !d->b_mixed && strcmp(d->a, d->b) == 0)
			continue;
		v->n_diff++;
		v->workload |= d->weight == WEIGHT_WORKLOAD && !d->a_mixed &&
			       !d->b_mixed && strcmp(d->a, d->b) != 0 &&
			       d->a[0] && d->b[0];
		v->method |= d->weight == WEIGHT_METHOD;
		v->mixed |= d->a_mixed || d->b_mixed;
	}
}

/* The baseline: the first group, or the first O names. -2 with *err. */
static int pick_baseline(struct cmp_build *b, const struct cmp_options *o,
			 struct parse_error *err)
{
	struct comparison *c = b->c;

	for (size_t k = 0; k < c->n_groups; k++)
		if (!o->baseline || strcmp(o->baseline, c->label[k]) == 0 ||
		    (b->names[k] && strcmp(o->baseline, b->names[k]) == 0)) {
			c->baseline = k;
			return 0;
		}
	snprintf(err->msg, sizeof(err->msg), "--baseline: no runs named '%.60s'",
		 o->baseline);
	return -2;
}

/* The pairs of one family, judged together: 0, or -1 without memory. */
static int judge_family_of(struct comparison *c, enum cmp_family fam)
{
	const struct judge_options opt = { c->alpha, c->threshold };
	size_t m = 0;

	for (size_t f = 0; f < c->n_figures; f++) {
		const struct cmp_figure *fig = &c->figure[f];

		for (size_t k = 0; k < c->n_groups; k++) {
			const struct cmp_spread *a =
				&c->spread[f * c->n_groups + c->baseline];
			const struct cmp_spread *s = &c->spread[f * c->n_groups + k];

			m += fig->family == fam && fig->counted && k != c->baseline &&
			     a->n >= 2 && s->n >= 2;
		}
	}
	c->family[fam] = m;
	for (size_t f = 0; f < c->n_figures; f++) {
		const struct cmp_figure *fig = &c->figure[f];
		const struct cmp_spread *a = &c->spread[f * c->n_groups + c->baseline];

		if (fig->family != fam)
			continue;
		for (size_t k = 0; k < c->n_groups; k++) {
			const struct cmp_spread *s = &c->spread[f * c->n_groups + k];
			struct judge_pair p = { c->values + a->first, a->count,
						c->values + s->first, s->count,
						fig->better };

			if (k != c->baseline &&
			    judge_pair(&p, m, &opt, &c->result[f * c->n_groups + k]) != 0)
				return -1;
		}
	}
	return 0;
}

int cmp_build_finish(struct cmp_build *b, const struct cmp_options *o,
		     struct parse_error *err)
{
	struct comparison *c = b->c;
	size_t largest = 0;
	double *work;
	int rc;

	c->alpha = JUDGE_ALPHA;
	c->threshold = o->threshold > 0 ? o->threshold : JUDGE_THRESHOLD;
	if ((rc = pick_baseline(b, o, err)) != 0) {
		cmp_build_abandon(b);
		return rc;
	}
	for (size_t k = 0; k < c->n_groups; k++)
		largest = b->capacity[k] > largest ? b->capacity[k] : largest;
	if (!(work = malloc((largest + 1) * sizeof(*work)))) {
		cmp_build_abandon(b);
		return -1;
	}
	for (size_t i = 0; i < c->n_figures * c->n_groups; i++)
		spread_of(c->values, &c->spread[i], work);
	free(work);
	for (int fam = 0; fam < CMP_FAMILIES && rc == 0; fam++)
		rc = judge_family_of(c, (enum cmp_family)fam);
	if (rc != 0) {
		cmp_build_abandon(b);
		return -1;
	}
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			versus_of(b, k);
	build_free(b);
	return 0;
}

void cmp_build_abandon(struct cmp_build *b)
{
	if (b->c)
		report_compare_free(b->c);
	build_free(b);
}

void report_compare_free(struct comparison *c)
{
	for (size_t k = 0; c->label && k < c->n_groups; k++)
		free(c->label[k]);
	free(c->label);
	free(c->runs);
	free(c->n_marks);
	free(c->figure);
	free(c->spread);
	free(c->result);
	free(c->versus);
	free(c->values);
	memset(c, 0, sizeof(*c));
}
