/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_svg.c - `clyde report --compare --format svg`: one SVG image
 * with a horizontal bar chart per figure, a bar per group of runs at its
 * median with an error bar over its spread (its slowest to its fastest
 * run), and beside it the median, the range and the verdict against the
 * baseline; the method under the title, the report's facts at the foot.
 */
#include "fmt_compare.h"

#include <math.h>
#include <string.h>

#include "format/fmt_present.h"
#include "format/fmt_text.h"
#include "format/svg.h"
#include "lib/utf8.h"

#define CMP_VALUE_PX 330 /* room right of a bar for its value and verdict */
#define CMP_CAP 4        /* half the height of an error bar's end */

struct cmp_frame {
	FILE *out;
	const struct comparison *c;
	int x0, width;
	size_t cols;     /* characters a label line holds */
	int rows_px;     /* every group's row, in each chart */
};

/* Group K's second label line: "5 runs" or "5 runs, the baseline". */
static const char *runs_text(const struct comparison *c, size_t k, char *buf,
			     size_t len)
{
	snprintf(buf, len, "%zu run%s%s", c->runs[k], c->runs[k] == 1 ? "" : "s",
		 k == c->baseline ? ", the baseline" : "");
	return buf;
}

static int row_px(const struct cmp_frame *f, size_t k)
{
	size_t lines = svg_lines(f->c->label[k], f->cols) + 1;

	return SVG_PITCH + (int)(lines - 1) * SVG_LINE_PX;
}

/* What a chart's axis counts: milliseconds for latencies, else the figure. */
static double axis_value(const struct cmp_figure *fig, double v)
{
	return fig->latency ? v / 1e6 : v;
}

/* Group K's value, range and verdict right of its bar, from X. */
static void row_texts(const struct cmp_frame *f, size_t fi, size_t k,
		      double x, int y)
{
	const struct comparison *c = f->c;
	const struct cmp_figure *fig = &c->figure[fi];
	const struct cmp_spread *sp = &c->spread[fi * c->n_groups + k];
	const struct compare_result *r = &c->result[fi * c->n_groups + k];
	char med[PRESENT_TEXT_MAX], lo[PRESENT_TEXT_MAX], hi[PRESENT_TEXT_MAX];
	char diff[PRESENT_TEXT_MAX], verdict[PRESENT_TEXT_MAX];

	fprintf(f->out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">%s", x, y,
		fmt_compare_value(fig, sp->median, med, sizeof(med)));
	if (sp->n > 1)
		fprintf(f->out, " <tspan class=\"cpu\">(%s to %s)</tspan>",
			fmt_compare_value(fig, sp->min, lo, sizeof(lo)),
			fmt_compare_value(fig, sp->max, hi, sizeof(hi)));
	fputs("</text>\n", f->out);
	if (k == c->baseline)
		return;
	fmt_compare_difference(r, diff, sizeof(diff));
	fprintf(f->out, "<text class=\"cpu\" x=\"%.1f\" y=\"%d\">", x,
		y + SVG_LINE_PX);
	present_markup_text(f->out, diff);
	fprintf(f->out, "%s%s</text>\n", diff[0] ? ": " : "",
		fmt_compare_verdict(r, verdict, sizeof(verdict)));
}

/* Group K's row of figure FI at Y: label, bar at the median, error bar. */
static void cmp_row(const struct cmp_frame *f, size_t fi, size_t k,
		    double axis_max, int y)
{
	const struct comparison *c = f->c;
	const struct cmp_figure *fig = &c->figure[fi];
	const struct cmp_spread *sp = &c->spread[fi * c->n_groups + k];
	size_t name_lines = svg_lines(c->label[k], f->cols);
	char runs[64];
	double scale = SVG_PLOT_PX / axis_max, w, lo, hi;
	int mid = y + 1 + SVG_BAR / 2;

	svg_text(f->out, "name", f->x0 - 6, y + 12, c->label[k], f->cols,
		 c->label[k]);
	svg_text(f->out, "desc", f->x0 - 6, y + 12 + (int)name_lines * SVG_LINE_PX,
		 runs_text(c, k, runs, sizeof(runs)), f->cols, NULL);
	if (sp->n == 0) {
		fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">no "
			"value in any of its runs (too fast to measure, or not "
			"run or recorded)</text>\n", f->x0 + 6, y + 12);
		return;
	}
	w = axis_value(fig, sp->median) * scale;
	fprintf(f->out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
		"fill=\"", f->x0, y + 1, w > 0 && w < 1 ? 1.0 : w, SVG_BAR);
	svg_colour(f->out, k);
	fputs("\" fill-opacity=\"0.8\"/>\n", f->out);
	lo = f->x0 + axis_value(fig, sp->min) * scale;
	hi = f->x0 + axis_value(fig, sp->max) * scale;
	if (sp->n > 1)
		fprintf(f->out, "<path class=\"spread\" fill=\"none\" d=\"M%.1f "
			"%d V%d M%.1f %d H%.1f M%.1f %d V%d\"/>\n", lo,
			mid - CMP_CAP, mid + CMP_CAP, lo, mid, hi, hi,
			mid - CMP_CAP, mid + CMP_CAP);
	row_texts(f, fi, k, (hi > f->x0 + w ? hi : f->x0 + w) + 6, y + 12);
}

static bool any_value(const struct comparison *c, size_t fi)
{
	for (size_t k = 0; k < c->n_groups; k++)
		if (c->spread[fi * c->n_groups + k].n > 0)
			return true;
	return false;
}

static int chart_px(const struct cmp_frame *f, size_t fi)
{
	if (!any_value(f->c, fi))
		return SVG_TITLE_PX + SVG_LINE_PX + SVG_GAP;
	return SVG_TITLE_PX + f->rows_px + SVG_AXIS_PX + SVG_GAP;
}

/* The chart of figure FI from Y; returns the y below it. */
static int cmp_chart(const struct cmp_frame *f, size_t fi, int y)
{
	const struct comparison *c = f->c;
	const struct cmp_figure *fig = &c->figure[fi];
	bool lower = fig->better == COMPARE_LOWER_IS_BETTER;
	double max = 0, axis_max, step;
	int top = y + SVG_TITLE_PX;

	for (size_t k = 0; k < c->n_groups; k++) {
		const struct cmp_spread *sp = &c->spread[fi * c->n_groups + k];

		if (sp->n && axis_value(fig, sp->max) > max)
			max = axis_value(fig, sp->max);
	}
	fputs("<g>\n<text class=\"title\" x=\"", f->out);
	fprintf(f->out, "%d\" y=\"%d\">", SVG_MARGIN, y + 20);
	present_markup_text(f->out, fig->name);
	fputs(" <tspan class=\"unit\">", f->out);
	present_markup_text(f->out, fig->measure);
	fprintf(f->out, "%s (%s is better)</tspan></text>\n",
		fig->latency ? ", ms" : "", lower ? "lower" : "higher");
	if (!any_value(c, fi)) {
		fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">No "
			"group has a value: every run was too fast to measure "
			"(+++++) or did not record it.</text>\n</g>\n",
			SVG_MARGIN, top + 10);
		return y + chart_px(f, fi);
	}
	svg_scale(max, &axis_max, &step);
	svg_axis(f->out, f->x0, top - 4, top + f->rows_px, true, axis_max, step);
	for (size_t k = 0; k < c->n_groups; k++) {
		cmp_row(f, fi, k, axis_max, top);
		top += row_px(f, k);
	}
	fputs("</g>\n", f->out);
	return y + chart_px(f, fi);
}

/* The label column's width from the longest label, and a chart's rows. */
static void cmp_survey(struct cmp_frame *f)
{
	size_t longest = 0;
	int label_px;

	for (size_t k = 0; k < f->c->n_groups; k++)
		if (utf8_cols(f->c->label[k]) > longest)
			longest = utf8_cols(f->c->label[k]);
	label_px = (int)longest * SVG_CHAR_PX + 12;
	if (label_px < SVG_LABEL_MIN + 100)
		label_px = SVG_LABEL_MIN + 100; /* room for "10 runs, the baseline" */
	if (label_px > SVG_LABEL_MAX)
		label_px = SVG_LABEL_MAX;
	f->cols = (size_t)(label_px - 12) / SVG_CHAR_PX;
	f->x0 = SVG_MARGIN + label_px;
	f->width = f->x0 + SVG_PLOT_PX + CMP_VALUE_PX + SVG_MARGIN;
	for (size_t k = 0; k < f->c->n_groups; k++)
		f->rows_px += row_px(f, k);
}

void fmt_compare_svg(FILE *out, const struct comparison *c)
{
	struct cmp_frame f = { .out = out, .c = c };
	size_t cols, method_lines;
	int height = SVG_HEAD_PX, y;
	char title[FMT_NAME_MAX + 64];

	cmp_survey(&f);
	cols = (size_t)(f.width - 2 * SVG_MARGIN) / SVG_CHAR_PX;
	method_lines = svg_lines(fmt_compare_method, cols);
	height += (int)method_lines * SVG_LINE_PX + SVG_GAP / 2;
	for (size_t fi = 0; fi < c->n_figures; fi++)
		height += chart_px(&f, fi);
	height += svg_facts_height(c->facts, cols);
	snprintf(title, sizeof(title), "Comparison of %zu groups of runs; the "
		 "baseline is %s", c->n_groups, c->label[c->baseline]);
	svg_begin(out, f.width, height, title,
		  "Bars: each group's median; black lines: its range, from its "
		  "lowest to its highest run.");
	y = SVG_HEAD_PX;
	svg_text(out, "fact", SVG_MARGIN, y, fmt_compare_method, cols, NULL);
	y += (int)method_lines * SVG_LINE_PX + SVG_GAP / 2;
	for (size_t fi = 0; fi < c->n_figures; fi++)
		y = cmp_chart(&f, fi, y);
	svg_facts(out, c->facts, y + SVG_LINE_PX / 2, cols);
	fputs("</svg>\n", out);
}
