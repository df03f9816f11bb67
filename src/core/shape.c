/* SPDX-License-Identifier: MIT */
/*
 * shape.c - naming a test's shape over time (shape.h): the best split of
 * its points into two levels against a straight line through them, least
 * squares both, and the gaps and tail the recorder kept.
 */
#include "shape.h"

#include <string.h>

/* The points the levels are fitted to: their indexes and values. */
struct fit {
	uint32_t n;
	uint32_t at[SERIES_MAX_POINTS];
	double v[SERIES_MAX_POINTS];
};

/* Whether over half of point I's interval lies inside a gap or the tail. */
static bool mostly_idle(const struct phase_series *s, uint32_t i)
{
	double len = (double)s->interval_ns / 1e9, a = i * len, b = a + len;
	double span = (double)s->span_ns / 1e9, idle = 0;

	if (b > span || i + 1 == s->n)
		b = span; /* the last point ends with the series */
	if (b <= a)
		return true;
	for (uint32_t g = 0; g < s->n_gaps && g < SERIES_MAX_GAPS; g++) {
		double x = s->gap[g].at_s, y = x + s->gap[g].len_s;

		if (y > a && x < b)
			idle += (y < b ? y : b) - (x > a ? x : a);
	}
	if (s->tail_s > 0 && span - s->tail_s < b)
		idle += b - (span - s->tail_s > a ? span - s->tail_s : a);
	return idle * 2 > b - a;
}

static void collect(const struct phase_series *s, bool bytes, struct fit *f)
{
	f->n = 0;
	for (uint32_t i = 0; i < s->n && i < SERIES_MAX_POINTS; i++) {
		if (mostly_idle(s, i))
			continue;
		f->at[f->n] = i;
		f->v[f->n++] = bytes ? s->point[i].bytes_s : s->point[i].ops_s;
	}
}

/* Sum of squares of V[a..b) around their mean, and the mean. */
static double sse(const double *v, uint32_t a, uint32_t b, double *mean)
{
	double m = 0, e = 0;

	for (uint32_t i = a; i < b; i++)
		m += v[i];
	m /= (double)(b - a);
	for (uint32_t i = a; i < b; i++)
		e += (v[i] - m) * (v[i] - m);
	*mean = m;
	return e;
}

/* Least squares line through (at, v): residual sum of squares, ends. */
static double line(const struct fit *f, double *first, double *last)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, n = f->n, a, b, e = 0;

	for (uint32_t i = 0; i < f->n; i++) {
		sx += f->at[i];
		sy += f->v[i];
		sxx += (double)f->at[i] * f->at[i];
		sxy += f->at[i] * f->v[i];
	}
	b = n * sxx - sx * sx != 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0;
	a = (sy - b * sx) / n;
	for (uint32_t i = 0; i < f->n; i++) {
		double d = f->v[i] - (a + b * f->at[i]);

		e += d * d;
	}
	*first = a + b * f->at[0];
	*last = a + b * f->at[f->n - 1];
	return e;
}

static void add(struct phase_series *s, struct series_shape sh)
{
	if (s->n_shapes < SERIES_MAX_SHAPES)
		s->shape[s->n_shapes++] = sh;
}

/* The best split of F into two levels, and how well each model fits. */
struct levels {
	double split;     /* residual sum of squares of the two levels */
	double m1, m2;    /* the levels */
	uint32_t k;       /* the fitted point between them, left out */
	double line;      /* residual sum of squares of a straight line */
	double first, last; /* the line's ends */
};

static bool best_split(const struct fit *f, struct levels *lv)
{
	bool found = false;

	lv->line = line(f, &lv->first, &lv->last);
	/* Split at fitted point k: [0, k) then (k, n), point k left out. */
	for (uint32_t k = SHAPE_MIN_SIDE; k + SHAPE_MIN_SIDE < f->n; k++) {
		double a, b, e = sse(f->v, 0, k, &a) + sse(f->v, k + 1, f->n, &b);

		if (!found || e < lv->split) {
			*lv = (struct levels){ e, a, b, k, lv->line, lv->first, lv->last };
			found = true;
		}
	}
	return found;
}

/* A step: two levels that fit far better than a line, far enough apart. */
static bool step(struct phase_series *s, const struct fit *f, const struct levels *lv,
		 bool bytes, double total)
{
	double interval = (double)s->interval_ns / 1e9, done = 0;
	uint32_t at = f->at[lv->k];

	if (lv->split > (1 - SHAPE_STEP_EXPLAINS) * total || lv->split * 2 > lv->line ||
	    (lv->m2 > (1 - SHAPE_MIN_CHANGE) * lv->m1 &&
	     lv->m1 > (1 - SHAPE_MIN_CHANGE) * lv->m2))
		return false;
	for (uint32_t i = 0; i < at && i < s->n; i++)
		done += (double)s->point[i].bytes_s * interval;
	done += (double)s->point[at].bytes_s * interval / 2;
	add(s, (struct series_shape){
		.kind = lv->m2 < lv->m1 ? SHAPE_STEP_DOWN : SHAPE_STEP_UP,
		.at_s = (float)((at + 0.5) * interval),
		.before = lv->m1, .after = lv->m2, .at_bytes = bytes ? done : 0 });
	return true;
}

/*
 * A decline: a line down that explains most of it, far enough, where two
 * levels would not do much better (a step too small to name is no decline).
 */
static void decline(struct phase_series *s, const struct levels *lv, double total)
{
	if (lv->first > 0 && lv->last <= (1 - SHAPE_MIN_CHANGE) * lv->first &&
	    lv->line <= (1 - SHAPE_LINE_EXPLAINS) * total && lv->split * 2 > lv->line)
		add(s, (struct series_shape){
			.kind = SHAPE_DECLINE, .at_s = 0,
			.len_s = (float)((double)s->span_ns / 1e9),
			.before = lv->first, .after = lv->last < 0 ? 0 : lv->last });
}

void shape_find(struct phase_series *s, bool bytes)
{
	struct fit f;
	struct levels lv = { 0 };
	double mean, total;

	s->n_shapes = 0;
	memset(s->shape, 0, sizeof(s->shape));
	collect(s, bytes, &f);
	if (f.n >= SHAPE_MIN_POINTS && s->interval_ns > 0 &&
	    (total = sse(f.v, 0, f.n, &mean)) > 0 && best_split(&f, &lv) &&
	    !step(s, &f, &lv, bytes, total))
		decline(s, &lv, total);
	for (uint32_t g = 0; g < s->n_gaps && g < SERIES_MAX_GAPS; g++)
		add(s, (struct series_shape){ .kind = SHAPE_STALL,
					      .at_s = s->gap[g].at_s,
					      .len_s = s->gap[g].len_s });
	if (s->tail_s * 1e9 >= SERIES_GAP_MIN_NS)
		add(s, (struct series_shape){
			.kind = SHAPE_TAIL, .len_s = s->tail_s,
			.at_s = (float)((double)s->span_ns / 1e9 - s->tail_s) });
}
