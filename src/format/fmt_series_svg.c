/* SPDX-License-Identifier: MIT */
/*
 * fmt_series_svg.c - each test over time as small charts (fmt_series_svg.h),
 * for the SVG image and the HTML page alike: every mark carries its own
 * presentation attributes, so a chart needs no style sheet, and the same
 * run has the same colour as in the bar charts (svg_colour). Where a
 * --probe ran beside a test, its longest wait of each interval is drawn on
 * the same time axis, in milliseconds on a scale of its own at the right.
 */
#include "fmt_series_svg.h"

#include <math.h>
#include <string.h>

#include "fmt_present.h"
#include "fmt_why.h"
#include "run_source.h"
#include "svg.h"

#define PANELS (PHASE_COUNT + MAX_RANDOM_TESTS)
#define PANEL_W 330
#define PANEL_H 200
#define PANEL_GAP 12
#define X0 56           /* the plot's left edge in a panel */
#define X1 (PANEL_W - 14)
#define X1_WAITS (PANEL_W - 40) /* room for the waits' scale at the right */
#define Y0 30
#define Y1 (PANEL_H - 38)
#define KEY_PX 18       /* a run's line in the key */
#define MIB_D 1048576.0

/* One chart: a test some run recorded, its largest rate and time. */
struct panel {
	char name[48];
	bool bytes;
	double max_rate; /* MiB/s for bytes, else operations/s */
	double max_s;
	double max_wait_ms; /* the probe's longest, 0: no probe's points */
};

struct survey {
	struct panel p[PANELS];
	size_t n;        /* panels */
	size_t lines;    /* what the verdicts say, every run's */
	size_t keyed;    /* runs with a series, in the key */
};

static double shown(const struct series_point *p, bool bytes)
{
	return bytes ? p->bytes_s / MIB_D : p->ops_s;
}

/* Whether T has a probe's waits over time to draw. */
static bool waited(const struct why_test *t)
{
	return t->probe->n > 0 && t->probe->interval_ns > 0;
}

/* The probe's kinds of waits beside T: reads, then writes; NULL for a
 * kind that did not run. */
static const struct probe_waits *waits_of(const struct why_test *t, int kind)
{
	const struct probe_waits *w = kind ? &t->probe->write : &t->probe->read;

	return w->lat.count ? w : NULL;
}

/* T's probe's points into P's scale: its longest wait, its time. */
static void survey_waits(struct panel *p, const struct why_test *t)
{
	const struct probe_result *pr = t->probe;
	uint32_t n = pr->n < PROBE_POINTS ? pr->n : PROBE_POINTS;

	for (int kind = 0; kind < 2; kind++)
		for (uint32_t j = 0; j < n && waits_of(t, kind); j++)
			if (waits_of(t, kind)->max_ms[j] > p->max_wait_ms)
				p->max_wait_ms = waits_of(t, kind)->max_ms[j];
	if ((double)n * (double)pr->interval_ns / 1e9 > p->max_s)
		p->max_s = (double)n * (double)pr->interval_ns / 1e9;
}

static struct panel *panel_of(struct survey *s, const struct why_test *t)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->p[i].name, t->name) == 0)
			return &s->p[i];
	if (s->n == PANELS)
		return NULL;
	memset(&s->p[s->n], 0, sizeof(s->p[s->n]));
	snprintf(s->p[s->n].name, sizeof(s->p[s->n].name), "%s", t->name);
	s->p[s->n].bytes = t->bytes;
	return &s->p[s->n++];
}

static void survey(struct run_source *src, struct survey *s)
{
	const struct run_results *r;
	char line[WHY_LINE_MAX];
	struct why_test t;
	bool shape, any;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		any = false;
		for (size_t k = 0; fmt_why_test(r, k, &t); k++) {
			struct panel *p;

			if ((t.series->n == 0 && !waited(&t)) || !(p = panel_of(s, &t)))
				continue;
			any = true;
			for (uint32_t j = 0; j < t.series->n && j < SERIES_MAX_POINTS; j++)
				if (shown(&t.series->point[j], t.bytes) > p->max_rate)
					p->max_rate = shown(&t.series->point[j], t.bytes);
			if ((double)t.series->span_ns / 1e9 > p->max_s)
				p->max_s = (double)t.series->span_ns / 1e9;
			if (waited(&t))
				survey_waits(p, &t);
		}
		s->keyed += any;
		for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++)
			s->lines++;
	}
}

/* "1.5k", "250", "0.25": a tick label. */
static void tick_text(double v, double step, char *buf, size_t len)
{
	if (v >= 10000)
		snprintf(buf, len, "%gk", v / 1000);
	else if (step >= 1)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%g", v);
}

/* The scale of a chart: where x or y lands; w for the probe's waits. */
struct scale {
	double x_max, y_max, w_max;
	int x1;         /* the plot's right edge */
};

/* The probe's scale at the right of panel P: ticks and the line at 100 ms. */
static void frame_waits(FILE *out, const struct scale *s, double w_step)
{
	char text[32];

	for (int k = 0; k * w_step <= s->w_max * (1 + 1e-9); k++) {
		double y = Y1 - k * w_step / s->w_max * (Y1 - Y0);

		tick_text(k * w_step, w_step, text, sizeof(text));
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"#888\"/><text x=\"%d\" y=\"%.1f\" font-size=\"10\" "
			"fill=\"#555\">%s</text>\n",
			s->x1, y, s->x1 + 4, y, s->x1 + 6, y + 3.5, text);
	}
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n",
		s->x1, Y0, s->x1, Y1);
	if (s->w_max >= 100.0)
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"#d55e00\" stroke-dasharray=\"2 3\"><title>a wait of 100 ms, "
			"one a person notices</title></line>\n",
			X0, Y1 - 100.0 / s->w_max * (Y1 - Y0), s->x1,
			Y1 - 100.0 / s->w_max * (Y1 - Y0));
}

/* The frame, title, grid and ticks of panel P. */
static void frame(FILE *out, const struct panel *p, const struct scale *s,
		  double y_step, double x_step, double w_step)
{
	char text[32];
	double y_max = s->y_max, x_max = s->x_max;
	int x1 = s->x1;

	fprintf(out, "<rect x=\"0.5\" y=\"0.5\" width=\"%d\" height=\"%d\" fill=\"#fff\" "
		"stroke=\"#ccc\"/>\n<text x=\"8\" y=\"19\" font-size=\"13\" "
		"font-weight=\"bold\" fill=\"#222\">", PANEL_W - 1, PANEL_H - 1);
	present_markup_text(out, p->name);
	fprintf(out, " <tspan font-weight=\"normal\" fill=\"#555\">%s%s%s</tspan></text>\n",
		p->max_rate > 0 ? (p->bytes ? "MiB/s" : "per second") : "",
		p->max_rate > 0 && p->max_wait_ms > 0 ? ", " : "",
		p->max_wait_ms > 0 ? "○ probe's waits, ms" : "");
	for (int k = 0; p->max_rate > 0 && k * y_step <= y_max * (1 + 1e-9); k++) {
		double y = Y1 - k * y_step / y_max * (Y1 - Y0);

		tick_text(k * y_step, y_step, text, sizeof(text));
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"#e4e4e4\"/><text x=\"%d\" y=\"%.1f\" font-size=\"10\" "
			"text-anchor=\"end\" fill=\"#555\">%s</text>\n",
			X0, y, x1, y, X0 - 4, y + 3.5, text);
	}
	for (int k = 0; k * x_step <= x_max * (1 + 1e-9); k++) {
		double x = X0 + k * x_step / x_max * (x1 - X0);

		tick_text(k * x_step, x_step, text, sizeof(text));
		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#888\"/><text x=\"%.1f\" y=\"%d\" font-size=\"10\" "
			"text-anchor=\"middle\" fill=\"#555\">%s</text>\n",
			x, Y1, x, Y1 + 4, x, Y1 + 15, text);
	}
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>"
		"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n"
		"<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" "
		"fill=\"#555\">seconds from the start</text>\n",
		X0, Y0, X0, Y1, X0, Y1, x1, Y1, (X0 + x1) / 2, PANEL_H - 8);
	if (p->max_wait_ms > 0)
		frame_waits(out, s, w_step);
}

static double px(const struct scale *s, double t)
{
	return X0 + (t > s->x_max ? s->x_max : t) / s->x_max * (s->x1 - X0);
}

static double py(const struct scale *s, double v)
{
	return Y1 - (v > s->y_max ? s->y_max : v) / s->y_max * (Y1 - Y0);
}

/* A mark's tooltip: the run and what the shape is. */
static void tooltip(FILE *out, const struct run_results *r, const char *name,
		    const struct series_shape *sh, bool bytes)
{
	char text[WHY_TEXT_MAX];

	fputs("<title>", out);
	present_markup_text(out, r->machine);
	fputs(": ", out);
	present_markup_text(out, name);
	fputc(' ', out);
	present_markup_text(out, fmt_why_shape(sh, bytes, text, sizeof(text)));
	fputs("</title>", out);
}

/*
 * Run R's shapes of test T on the chart: stretches shaded, moments dashed.
 * The tail is shaded whenever there is one, named or not: the final fsync
 * is where a write test's line falls to nothing.
 */
static void marks(FILE *out, const struct scale *s, const struct run_results *r,
		  size_t i, const struct why_test *t)
{
	const struct phase_series *se = t->series;
	struct series_shape tail = {
		.kind = SHAPE_TAIL, .len_s = se->tail_s,
		.at_s = (float)((double)se->span_ns / 1e9 - se->tail_s) };

	for (uint32_t k = 0; k <= se->n_shapes && k <= SERIES_MAX_SHAPES; k++) {
		const struct series_shape *sh = k < se->n_shapes ? &se->shape[k] : &tail;
		double x = px(s, sh->at_s), w = px(s, sh->at_s + sh->len_s) - x;

		if ((k < se->n_shapes && sh->kind == SHAPE_TAIL) ||
		    (k == se->n_shapes && !(se->tail_s > 0)))
			continue;

		if (sh->kind == SHAPE_STALL || sh->kind == SHAPE_TAIL) {
			fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
				"fill=\"%s\" fill-opacity=\"0.18\">", x, Y0, w < 1 ? 1 : w,
				Y1 - Y0, sh->kind == SHAPE_STALL ? "#d55e00" : "#777");
		} else if (sh->kind == SHAPE_DECLINE) {
			double b = t->bytes ? sh->before / MIB_D : sh->before;
			double a = t->bytes ? sh->after / MIB_D : sh->after;

			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				"stroke-width=\"2\" stroke-dasharray=\"6 4\" stroke=\"",
				px(s, 0), py(s, b), px(s, sh->len_s), py(s, a));
			svg_colour(out, i);
			fputs("\">", out);
		} else {
			fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
				"stroke-width=\"2\" stroke-dasharray=\"4 3\" stroke=\"",
				x, Y0, x, Y1);
			svg_colour(out, i);
			fputs("\">", out);
		}
		tooltip(out, r, t->name, sh, t->bytes);
		fputs(sh->kind == SHAPE_STALL || sh->kind == SHAPE_TAIL ? "</rect>\n"
									 : "</line>\n", out);
	}
}

/* Run R's line of test T (run I's colour); a dot for a single point. */
static void line(FILE *out, const struct scale *s, const struct run_results *r,
		 size_t i, const struct why_test *t)
{
	const struct phase_series *se = t->series;
	double interval = (double)se->interval_ns / 1e9, span = (double)se->span_ns / 1e9;
	uint32_t n = se->n < SERIES_MAX_POINTS ? se->n : SERIES_MAX_POINTS;

	if (n == 1) {
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"",
			px(s, span / 2), py(s, shown(&se->point[0], t->bytes)));
		svg_colour(out, i);
		fputs("\"><title>", out);
		present_markup_text(out, r->machine);
		fputs("</title></circle>\n", out);
		return;
	}
	fputs("<polyline fill=\"none\" stroke-width=\"1.6\" stroke-linejoin=\"round\" "
	      "stroke=\"", out);
	svg_colour(out, i);
	fputs("\" points=\"", out);
	for (uint32_t k = 0; k < n; k++) {
		double mid = k + 1 < n ? (k + 0.5) * interval : (k * interval + span) / 2;

		fprintf(out, "%s%.1f,%.1f", k ? " " : "", px(s, mid),
			py(s, shown(&se->point[k], t->bytes)));
	}
	fputs("\"><title>", out);
	present_markup_text(out, r->machine);
	fputs("</title></polyline>\n", out);
}

/*
 * Run R's probe beside test T (run I's colour): the longest wait of each
 * interval, a ring for a read, a square for a write (an fsynced one).
 */
static void waits(FILE *out, const struct scale *s, const struct run_results *r,
		  size_t i, const struct why_test *t)
{
	const struct probe_result *pr = t->probe;
	double interval = (double)pr->interval_ns / 1e9;
	uint32_t n = pr->n < PROBE_POINTS ? pr->n : PROBE_POINTS;

	for (int kind = 0; kind < 2; kind++)
		for (uint32_t k = 0; k < n && waits_of(t, kind); k++) {
			double ms = waits_of(t, kind)->max_ms[k];
			double x = px(s, (k + 0.5) * interval);
			double y = Y1 - (ms > s->w_max ? s->w_max : ms) / s->w_max * (Y1 - Y0);

			if (ms < 0)
				continue;
			if (kind)
				fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"4\" "
					"height=\"4\" fill=\"#fff\" stroke=\"", x - 2, y - 2);
			else
				fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" "
					"fill=\"#fff\" stroke=\"", x, y);
			svg_colour(out, i);
			fputs("\"><title>", out);
			present_markup_text(out, r->machine);
			fprintf(out, ": the probe's %s waited up to %.1f ms</title></%s>\n",
				kind ? "write" : "read", ms, kind ? "rect" : "circle");
		}
}

/* Panel P's chart, in its own coordinates from (0, 0). */
static void chart(FILE *out, struct run_source *src, const struct panel *p)
{
	double y_step, x_step, w_step = 1;
	struct scale s = { .x1 = p->max_wait_ms > 0 ? X1_WAITS : X1, .w_max = 1 };
	const struct run_results *r;
	struct why_test t;

	svg_scale(p->max_rate > 0 ? p->max_rate : 1, &s.y_max, &y_step);
	svg_scale(p->max_s > 0 ? p->max_s : 1, &s.x_max, &x_step);
	if (p->max_wait_ms > 0)
		svg_scale(p->max_wait_ms, &s.w_max, &w_step);
	frame(out, p, &s, y_step, x_step, w_step);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; fmt_why_test(r, k, &t); k++) {
			if (strcmp(t.name, p->name) != 0)
				continue;
			if (t.series->n) {
				marks(out, &s, r, i, &t);
				line(out, &s, r, i, &t);
			}
			if (waited(&t))
				waits(out, &s, r, i, &t);
		}
}

static int columns(int width)
{
	int cols = (width - 2 * SVG_MARGIN + PANEL_GAP) / (PANEL_W + PANEL_GAP);

	return cols < 1 ? 1 : cols;
}

/* Characters a line of text holds across WIDTH. */
static size_t text_cols(int width)
{
	return (size_t)(width - 2 * SVG_MARGIN) / SVG_CHAR_PX;
}

/* Whether run R has a series to draw, so a place in the key. */
static bool keyed(const struct run_results *r)
{
	struct why_test t;

	for (size_t k = 0; fmt_why_test(r, k, &t); k++)
		if (t.series->n > 0 || waited(&t))
			return true;
	return false;
}

/* "run 2: NAME", the key's words for run I. */
static void key_text(const struct run_results *r, size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "run %zu: %s", i + 1, r->machine);
}

/* The key at Y (its first line's baseline) across WIDTH; the y below it. */
static int key(FILE *out, struct run_source *src, int y, int width, bool draw)
{
	const struct run_results *r;
	char text[MACHINE_MAX + 32];
	size_t cols = text_cols(width) - 4;

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		if (!keyed(r))
			continue;
		key_text(r, i, text, sizeof(text));
		if (draw) {
			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" "
				"fill=\"", SVG_MARGIN, y - 9);
			svg_colour(out, i);
			fputs("\"/>\n", out);
			svg_text(out, "fact", SVG_MARGIN + 20, y, text, cols, NULL);
		}
		y += (int)svg_lines(text, cols) * SVG_LINE_PX + KEY_PX - SVG_LINE_PX;
	}
	return y;
}

int fmt_series_svg_height(struct run_source *src, int width)
{
	const struct run_results *r;
	struct survey s;
	char line[WHY_LINE_MAX];
	bool shape;
	int h = 0, cols = columns(width);

	survey(src, &s);
	if (s.n == 0 && s.lines == 0)
		return 0;
	if (s.n > 0)
		h += SVG_TITLE_PX + (int)((s.n + (size_t)cols - 1) / (size_t)cols) *
			(PANEL_H + PANEL_GAP) + key(NULL, src, 0, width, false);
	if (s.lines > 0)
		h += SVG_TITLE_PX;
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++)
			h += (int)svg_lines(line, text_cols(width) - 4) * SVG_LINE_PX +
			     SVG_NOTE_GAP;
	return h + SVG_GAP;
}

int fmt_series_svg(FILE *out, struct run_source *src, int y, int width)
{
	const struct run_results *r;
	struct survey s;
	char line[WHY_LINE_MAX], text[WHY_LINE_MAX + 32];
	bool shape;
	int cols = columns(width);

	survey(src, &s);
	if (s.n == 0 && s.lines == 0)
		return y;
	if (s.n > 0) {
		fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\">Each test over time</text>\n",
			SVG_MARGIN, y + 20);
		y += SVG_TITLE_PX;
		for (size_t i = 0; i < s.n; i++) {
			fprintf(out, "<g transform=\"translate(%d,%d)\">\n",
				SVG_MARGIN + (int)(i % (size_t)cols) * (PANEL_W + PANEL_GAP),
				y + (int)(i / (size_t)cols) * (PANEL_H + PANEL_GAP));
			chart(out, src, &s.p[i]);
			fputs("</g>\n", out);
		}
		y += (int)((s.n + (size_t)cols - 1) / (size_t)cols) * (PANEL_H + PANEL_GAP);
		y = key(out, src, y + 10, width, true) - 10;
	}
	if (s.lines > 0) {
		fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\">Why these figures</text>\n",
			SVG_MARGIN, y + 20);
		y += SVG_TITLE_PX;
	}
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++) {
			snprintf(text, sizeof(text), "run %zu: %s", i + 1, line);
			svg_text(out, "fact", SVG_MARGIN, y + 8, text, text_cols(width) - 4, NULL);
			y += (int)svg_lines(text, text_cols(width) - 4) * SVG_LINE_PX +
			     SVG_NOTE_GAP;
		}
	return y + SVG_GAP;
}

void fmt_series_html(FILE *out, struct run_source *src)
{
	const struct run_results *r;
	struct survey s;
	char line[WHY_LINE_MAX];
	bool shape;

	survey(src, &s);
	if (s.lines > 0) {
		fputs("<h2>Why these figures</h2>\n<ul>\n", out);
		for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
			for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++) {
				fprintf(out, "<li>%s", shape ? "Over time, " : "");
				if (s.keyed > 1 || src->n != 1) {
					fprintf(out, "run %zu (", i + 1);
					present_markup_text(out, r->machine);
					fputs("): ", out);
				}
				present_markup_text(out, line);
				fputs("</li>\n", out);
			}
		fputs("</ul>\n", out);
	}
	if (s.n == 0)
		return;
	fputs("<h2>Each test over time</h2>\n"
	      "<div style=\"display:flex;flex-wrap:wrap;gap:12px\">\n", out);
	for (size_t i = 0; i < s.n; i++) {
		fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
			"height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"system-ui, "
			"sans-serif\" font-size=\"12\" role=\"img\" aria-label=\"",
			PANEL_W, PANEL_H, PANEL_W, PANEL_H);
		present_markup_text(out, s.p[i].name);
		fputs(" over time\">\n", out);
		chart(out, src, &s.p[i]);
		fputs("</svg>\n", out);
	}
	fputs("</div>\n<ul style=\"list-style:none;padding:0\">\n", out);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		if (!keyed(r))
			continue;
		fputs("<li><span style=\"display:inline-block;width:14px;height:10px;"
		      "margin-right:6px;background:", out);
		svg_colour(out, i);
		fprintf(out, "\"></span>run %zu: ", i + 1);
		present_markup_text(out, r->machine);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}
