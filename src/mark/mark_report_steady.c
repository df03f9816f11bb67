/* SPDX-License-Identifier: MIT */
/*
 * mark_report_steady.c - what marks say about the drive as it is used, in
 * the mark report (mark_report_internal.h): each mark's --steady rounds
 * in words and, on the pages, as a chart (a line per test through its
 * rounds, the window the rule held on shaded, the fresh figure dashed),
 * the FITRIM before it and its file's removal. Pure functions of the grid.
 */
#include <math.h>
#include <string.h>

#include "fmt_mark.h"
#include "format/fmt_drive.h"
#include "format/fmt_present.h"
#include "mark_report_internal.h"

#define CHART_W 640
#define CHART_TOP 30     /* the title */
#define CHART_PLOT_H 180
#define CHART_LEFT 60    /* the figures of the y axis */
#define CHART_RIGHT 16
#define CHART_BOTTOM 40  /* the rounds of the x axis and its name */
#define CHART_LEGEND 18  /* a line per test */
#define CHART_GAP 16     /* between charts */

static size_t steady_tests(const struct mark_results *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++)
		n += r->tests[i].steady.end != STEADY_OFF;
	return n;
}

static bool has_drive(const struct mark_results *r)
{
	return steady_tests(r) > 0 || r->removal.known || r->trim.done;
}

void mark_report_drive_text(FILE *out, const struct mark_grid *g, bool markdown)
{
	for (size_t c = 0; c < g->n; c++) {
		const struct mark_results *r = &g->runs[c];

		if (!has_drive(r))
			continue;
		if (markdown) {
			fprintf(out, "\n### [%zu] ", c + 1);
			mark_md_text(out, g->labels[c]);
			fputs("\n\n```text\n", out);
		} else {
			fprintf(out, "\n[%zu] %s\n", c + 1, g->labels[c]);
		}
		fmt_mark_drive(out, "  ", r);
		fmt_mark_steady(out, r);
		if (markdown)
			fputs("```\n", out);
	}
}

static int chart_height(const struct mark_results *r)
{
	size_t n = steady_tests(r);

	return n ? CHART_TOP + CHART_PLOT_H + CHART_BOTTOM +
			   (int)n * CHART_LEGEND + CHART_GAP
		 : 0;
}

/* The scale of a chart: rounds across, MB/s up. */
struct scale {
	int x0, y0;       /* the plot's top left */
	double w, h;      /* its size */
	size_t rounds;    /* the x axis: 1..rounds */
	double top;       /* the y axis: 0..top MB/s */
};

static double px(const struct scale *s, double round)
{
	return s->x0 + (s->rounds > 1 ? (round - 1) * s->w / (double)(s->rounds - 1)
				      : s->w / 2);
}

static double py(const struct scale *s, double v)
{
	return s->y0 + s->h - (v > 0 ? v / s->top * s->h : 0);
}

/* The frame, its figures and what the axes are. */
static void axes(FILE *out, const struct scale *s)
{
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" "
		     "fill=\"none\" stroke=\"#999\"/>\n", s->x0, s->y0, s->w, s->h);
	for (int i = 0; i <= 2; i++) {
		double v = s->top * i / 2;

		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" "
			     "class=\"v\">%.*f</text>\n", s->x0 - 6, py(s, v) + 4,
			s->top < 10 ? 1 : 0, v);
	}
	for (size_t r = 1; r <= s->rounds; r++) {
		if (r != 1 && r != s->rounds && r % 5 != 0)
			continue;
		if (r != s->rounds && r + 2 > s->rounds && r != 1)
			continue; /* would crowd the last one's figure */
		fprintf(out, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\" "
			     "class=\"v\">%zu</text>\n", px(s, (double)r),
			s->y0 + s->h + 16, r);
	}
	fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">round"
		     "</text>\n", s->x0 + s->w / 2, s->y0 + s->h + 32);
}

/* Test T's rounds in COLOUR: its window shaded, fresh dashed, the line. */
static void test_line(FILE *out, const struct scale *s, const struct mark_result *t,
		      const char *colour)
{
	const struct steady_record *rec = &t->steady;
	double half = s->rounds > 1 ? s->w / (double)(s->rounds - 1) / 2 : 0;

	if (rec->n >= 5) {
		double a = px(s, (double)rec->window_first + 1) - half;
		double b = px(s, (double)rec->n) + half;

		fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.0f\" "
			     "fill=\"%s\" fill-opacity=\"0.12\"/>\n",
			a < s->x0 ? s->x0 : a, s->y0,
			(b > s->x0 + s->w ? s->x0 + s->w : b) - (a < s->x0 ? s->x0 : a),
			s->h, colour);
	}
	if (t->n_runs > 0 && isfinite(t->score.mb_per_s))
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
			     "stroke=\"%s\" stroke-dasharray=\"6 4\"/>\n", s->x0,
			py(s, t->score.mb_per_s), s->x0 + s->w, py(s, t->score.mb_per_s),
			colour);
	fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
		     "points=\"", colour);
	for (size_t i = 0; i < rec->n; i++)
		if (isfinite(rec->rate[i]))
			fprintf(out, "%s%.1f,%.1f", i ? " " : "", px(s, (double)i + 1),
				py(s, rec->rate[i]));
	fputs("\"/>\n", out);
	for (size_t i = 0; i < rec->n; i++)
		if (isfinite(rec->rate[i]))
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" "
				     "fill=\"%s\"/>\n", px(s, (double)i + 1),
				py(s, rec->rate[i]), colour);
}

/* "RND4K Q3T1 write: fresh 40.8, steady 26.3 MB/s (64%), settled in 9 rounds" */
static void legend(FILE *out, const struct mark_result *t)
{
	const struct steady_record *rec = &t->steady;
	char name[MARK_NAME_MAX];
	static const char *const ends[] = {
		[STEADY_SETTLED] = "settled in", [STEADY_UNSETTLED] = "not settled in",
		[STEADY_WRITE_CAP] = "stopped by --max-write after",
	};

	fprintf(out, "%s %s: fresh %.1f, steady %.1f MB/s",
		mark_test_name(&t->test, name, sizeof(name)),
		t->writes ? "write" : "read", t->score.mb_per_s, rec->mean);
	if (isfinite(rec->ratio))
		fprintf(out, " (%.0f%%)", rec->ratio * 100);
	fprintf(out, ", %s %zu rounds", ends[rec->end], rec->n);
}

/* The chart of R's rounds, LABEL its title, at (X, Y). */
static void chart(FILE *out, const struct mark_results *r, const char *label,
		  int x, int y)
{
	struct scale s = { x + CHART_LEFT, y + CHART_TOP,
			   CHART_W - CHART_LEFT - CHART_RIGHT, CHART_PLOT_H, 5, 0 };
	size_t k = 0;
	int ly = y + CHART_TOP + CHART_PLOT_H + CHART_BOTTOM;

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		for (size_t j = 0; j < t->steady.n; j++)
			s.top = t->steady.rate[j] > s.top ? t->steady.rate[j] : s.top;
		if (t->steady.end != STEADY_OFF && t->n_runs > 0 &&
		    t->score.mb_per_s > s.top)
			s.top = t->score.mb_per_s;
		s.rounds = t->steady.n > s.rounds ? t->steady.n : s.rounds;
	}
	s.top = s.top > 0 ? s.top * 1.1 : 1;
	fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"part\">", x, y + 16);
	present_markup_text(out, label);
	fputs(": each round's MB/s; shaded, the last five, which the rule "
	      "was checked on; dashed, the fresh figure</text>\n", out);
	axes(out, &s);
	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		if (t->steady.end == STEADY_OFF)
			continue;
		test_line(out, &s, t, mark_colours[k % MARK_COLOURS]);
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
			     "fill=\"%s\"/><text x=\"%d\" y=\"%d\">", x, ly + 2,
			mark_colours[k % MARK_COLOURS], x + 18, ly + 12);
		legend(out, t);
		fputs("</text>\n", out);
		ly += CHART_LEGEND;
		k++;
	}
}

void mark_report_drive_html(FILE *out, const struct mark_grid *g)
{
	char text[FMT_DRIVE_TEXT_MAX];

	for (size_t c = 0; c < g->n; c++) {
		const struct mark_results *r = &g->runs[c];
		int h = chart_height(r);

		if (!has_drive(r))
			continue;
		fputs("<h2>", out);
		present_markup_text(out, g->labels[c]);
		fputs(": the drive as it is used</h2>\n", out);
		if (h) {
			fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
				     "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
				     "font-family=\"sans-serif\" font-size=\"12\">\n"
				     "<style>.part { font-weight: bold; } .v { fill: #333; }"
				     "</style>\n", CHART_W, h, CHART_W, h);
			chart(out, r, "Steady state", 0, 0);
			fputs("</svg>\n", out);
		}
		fputs("<ul>\n", out);
		for (size_t i = 0; i < r->n; i++) {
			if (!fmt_mark_steady_words(text, sizeof(text), &r->tests[i])[0])
				continue;
			fputs("<li>", out);
			present_markup_text(out, text);
			fputs("</li>\n", out);
		}
		if (fmt_trim_text(text, sizeof(text), &r->trim)[0]) {
			fputs("<li>", out);
			present_markup_text(out, text);
			fputs("</li>\n", out);
		}
		if (fmt_removal_text(text, sizeof(text), &r->removal,
				     r->prov_known ? &r->prov : NULL)[0]) {
			fputs("<li>", out);
			present_markup_text(out, text);
			fputs("</li>\n", out);
		}
		fputs("</ul>\n", out);
	}
}

int mark_report_drive_svg_height(const struct mark_grid *g)
{
	int h = 0;

	for (size_t c = 0; c < g->n; c++)
		h += chart_height(&g->runs[c]);
	return h;
}

void mark_report_drive_svg(FILE *out, const struct mark_grid *g, int y)
{
	for (size_t c = 0; c < g->n; c++) {
		const struct mark_results *r = &g->runs[c];

		if (!chart_height(r))
			continue;
		chart(out, r, g->labels[c], 16, y);
		y += chart_height(r);
	}
}
