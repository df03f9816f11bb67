/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_svg.c - `clyde report --compare --format svg`: one image
 * with the preamble and each pair's notes, and a horizontal bar chart per
 * figure: a bar per group at its median, a line over its spread (its
 * lowest to its highest run), the values beside it and under each other
 * group's bar the estimate, method and verdict against the baseline. Rates
 * come first, CPU and latencies in a second block; a long comparison is
 * folded into two columns. Every width follows from the texts it holds,
 * and each chart has one unit, on its axis and in its values (a latency
 * chart picks µs, ms or s from its largest value).
 */
#include "fmt_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_present.h"
#include "format/fmt_text.h"
#include "format/svg.h"
#include "lib/utf8.h"

#define PLOT_PX 300       /* the longest bar */
#define CAP_PX 4          /* half the height of a spread line's end */
#define ROW_PX 22         /* a bar's row */
#define CHART_TITLE_PX 26
#define CHART_AXIS_PX 26
#define CHART_GAP_PX 14
#define BLOCK_PX 28       /* a block's heading */
#define FOLD_PX 1200      /* charts taller than this fold into two columns */
#define TITLE_CHAR_PX 9   /* a character of a chart's title (15px bold) */
#define LABEL_MAX_PX 240  /* longer labels wrap */

struct frame {
	FILE *out;
	const struct comparison *c;
	size_t label_cols;  /* characters a label line holds */
	int label_px;       /* the labels' column */
	int x0;             /* the bars' start, from a column's left */
};

/* One unit for a chart: latencies in µs, ms or s by the largest value. */
struct unit {
	double per;         /* values are divided by it */
	const char *name;   /* "µs", or NULL: the figure's own measure */
};

static struct unit unit_of(const struct comparison *c, size_t fi)
{
	double max = 0;

	if (!c->figure[fi].latency)
		return (struct unit){ 1.0, NULL };
	for (size_t k = 0; k < c->n_groups; k++) {
		const struct cmp_spread *sp = report_compare_spread(c, fi, k);

		if (sp->n && sp->max > max)
			max = sp->max;
	}
	if (max < 1e6)
		return (struct unit){ 1e3, "\xc2\xb5s" };
	if (max < 1e9)
		return (struct unit){ 1e6, "ms" };
	return (struct unit){ 1e9, "s" };
}

/* V (in the figure's own terms) as text in unit U. */
static const char *value_text(const struct comparison *c, size_t fi,
			      struct unit u, double v, char *buf, size_t len)
{
	double x = v / u.per;

	if (!u.name || !isfinite(v))
		return fmt_compare_value(&c->figure[fi], v, buf, len);
	snprintf(buf, len, x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : "%.2f", x);
	return buf;
}

/* Group K's texts right of its bar ("180.5 (178.0 to 183.0)") and under it. */
struct row_text {
	char value[3 * PRESENT_TEXT_MAX + 16];
	char verdict[3 * PRESENT_TEXT_MAX + 16];
};

static void row_texts(const struct comparison *c, size_t fi, size_t k,
		      struct row_text *t)
{
	const struct cmp_spread *sp = report_compare_spread(c, fi, k);
	struct unit u = unit_of(c, fi);
	char med[PRESENT_TEXT_MAX], lo[PRESENT_TEXT_MAX], hi[PRESENT_TEXT_MAX];
	char diff[PRESENT_TEXT_MAX], method[PRESENT_TEXT_MAX];
	char word[PRESENT_TEXT_MAX];

	value_text(c, fi, u, sp->median, med, sizeof(med));
	if (sp->n > 1)
		snprintf(t->value, sizeof(t->value), "%s (%s to %s)", med,
			 value_text(c, fi, u, sp->min, lo, sizeof(lo)),
			 value_text(c, fi, u, sp->max, hi, sizeof(hi)));
	else
		snprintf(t->value, sizeof(t->value), "%s", sp->n ? med : "no value");
	t->verdict[0] = '\0';
	if (k == c->baseline)
		return;
	fmt_compare_difference(report_compare_result(c, fi, k), diff, sizeof(diff));
	fmt_compare_method(report_compare_result(c, fi, k), method, sizeof(method));
	fmt_compare_verdict(c, fi, k, word, sizeof(word));
	snprintf(t->verdict, sizeof(t->verdict), "%s%s%s%s%s", diff,
		 method[0] ? " " : "", method, diff[0] ? ": " : "", word);
}

/* Group K's second label line: "5 runs" or "5 runs, the baseline". */
static const char *runs_line(const struct comparison *c, size_t k, char *buf,
			     size_t len)
{
	fmt_compare_runs(c, k, buf, len);
	if (k == c->baseline)
		fmt_join(buf, len, ", ", "the baseline");
	return buf;
}

static int row_px(const struct frame *f, size_t k)
{
	char runs[64];
	int label = (int)(svg_lines(f->c->label[k], f->label_cols) +
			  svg_lines(runs_line(f->c, k, runs, sizeof(runs)),
				    f->label_cols)) * SVG_LINE_PX;
	int bar = ROW_PX + (k == f->c->baseline ? 0 : SVG_LINE_PX);

	return (label > bar ? label : bar) + 4;
}

static bool any_value(const struct comparison *c, size_t fi)
{
	for (size_t k = 0; k < c->n_groups; k++)
		if (report_compare_spread(c, fi, k)->n > 0)
			return true;
	return false;
}

/* Whether figure FI is charted: some group it is compared with has a row. */
static bool charted(const struct comparison *c, size_t fi)
{
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline && fmt_compare_row(c, fi, k))
			return true;
	return false;
}

/* "Block write: MiB/s (higher is better)". */
static void chart_title(const struct comparison *c, size_t fi, char *buf,
			size_t len)
{
	const struct cmp_figure *fig = &c->figure[fi];
	struct unit u = unit_of(c, fi);

	snprintf(buf, len, "%s: %s%s%s (%s is better)", fig->name, fig->measure,
		 u.name ? ", " : "", u.name ? u.name : "",
		 fig->better == COMPARE_LOWER_IS_BETTER ? "lower" : "higher");
}

static int chart_px(const struct frame *f, size_t fi)
{
	int h = CHART_TITLE_PX + CHART_AXIS_PX + CHART_GAP_PX;

	for (size_t k = 0; any_value(f->c, fi) && k < f->c->n_groups; k++)
		h += row_px(f, k);
	return any_value(f->c, fi) ? h : CHART_TITLE_PX + SVG_LINE_PX + CHART_GAP_PX;
}

/* The width chart FI needs, from its column's left. */
static int chart_width(const struct frame *f, size_t fi)
{
	char title[256];
	struct row_text t;
	int w;

	chart_title(f->c, fi, title, sizeof(title));
	w = SVG_MARGIN + (int)utf8_cols(title) * TITLE_CHAR_PX;
	for (size_t k = 0; k < f->c->n_groups; k++) {
		int v, d;

		row_texts(f->c, fi, k, &t);
		v = f->x0 + PLOT_PX + 6 + (int)utf8_cols(t.value) * SVG_CHAR_PX;
		d = f->x0 + (int)utf8_cols(t.verdict) * SVG_CHAR_PX;
		w = v > w ? v : w;
		w = d > w ? d : w;
	}
	return w + SVG_MARGIN;
}

/* Group K's row of chart FI at (LEFT, Y) on a scale of PX_PER. */
static void chart_row(const struct frame *f, size_t fi, size_t k, int left,
		      int y, double px_per)
{
	const struct comparison *c = f->c;
	const struct cmp_spread *sp = report_compare_spread(c, fi, k);
	int x0 = left + f->x0, mid = y + 1 + SVG_BAR / 2;
	char runs[64];
	struct row_text t;
	double w, lo, hi;

	svg_text(f->out, "name", x0 - 6, y + 12, c->label[k], f->label_cols,
		 c->label[k]);
	svg_text(f->out, "desc", x0 - 6,
		 y + 12 + (int)svg_lines(c->label[k], f->label_cols) * SVG_LINE_PX,
		 runs_line(c, k, runs, sizeof(runs)), f->label_cols, NULL);
	row_texts(c, fi, k, &t);
	w = sp->n ? sp->median * px_per : 0;
	lo = x0 + (sp->n ? sp->min * px_per : 0);
	hi = x0 + (sp->n ? sp->max * px_per : 0);
	if (sp->n) {
		fprintf(f->out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"", x0, y + 1, w > 0 && w < 1 ? 1.0 : w, SVG_BAR);
		svg_colour(f->out, k);
		fputs("\" fill-opacity=\"0.8\"/>\n", f->out);
	}
	if (sp->n > 1)
		fprintf(f->out, "<path class=\"spread\" fill=\"none\" d=\"M%.1f "
			"%d V%d M%.1f %d H%.1f M%.1f %d V%d\"/>\n", lo,
			mid - CAP_PX, mid + CAP_PX, lo, mid, hi, hi, mid - CAP_PX,
			mid + CAP_PX);
	fprintf(f->out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">",
		(hi > x0 + w ? hi : x0 + w) + 6, y + 12);
	present_markup_text(f->out, t.value);
	fputs("</text>\n", f->out);
	if (t.verdict[0]) {
		fprintf(f->out, "<text class=\"%s\" x=\"%d\" y=\"%d\">",
			fmt_compare_tone_name(fmt_compare_tone(c, fi, k)), x0,
			y + 12 + SVG_LINE_PX + 4);
		present_markup_text(f->out, t.verdict);
		fputs("</text>\n", f->out);
	}
}

/* Chart FI in the column from LEFT, from Y; returns the y below it. */
static int chart(const struct frame *f, size_t fi, int left, int y)
{
	const struct comparison *c = f->c;
	struct unit u = unit_of(c, fi);
	double max = 0, axis_max, step;
	int top = y + CHART_TITLE_PX, rows = 0;
	char title[256];

	chart_title(c, fi, title, sizeof(title));
	fprintf(f->out, "<g>\n<text class=\"title\" x=\"%d\" y=\"%d\">",
		left + SVG_MARGIN, y + 18);
	present_markup_text(f->out, title);
	fputs("</text>\n", f->out);
	if (!any_value(c, fi)) {
		fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">No group "
			"has a value.</text>\n</g>\n", left + SVG_MARGIN, top + 8);
		return y + chart_px(f, fi);
	}
	for (size_t k = 0; k < c->n_groups; k++) {
		const struct cmp_spread *sp = report_compare_spread(c, fi, k);

		max = sp->n && sp->max / u.per > max ? sp->max / u.per : max;
		rows += row_px(f, k);
	}
	svg_scale(max, &axis_max, &step);
	svg_axis_ticks(f->out, left + f->x0, top - 4, top + rows, axis_max, step,
		       PLOT_PX);
	fprintf(f->out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"/>\n", left + f->x0, top - 4, left + f->x0, top + rows);
	for (size_t k = 0; k < c->n_groups; k++) {
		chart_row(f, fi, k, left, top, PLOT_PX / axis_max / u.per);
		top += row_px(f, k);
	}
	fputs("</g>\n", f->out);
	return y + chart_px(f, fi);
}

/* The charts in order: rates, then CPU and latencies; *n of them. */
static size_t *chart_order(const struct comparison *c, size_t *n)
{
	size_t *order = malloc((c->n_figures + 1) * sizeof(*order));

	*n = 0;
	for (int fam = 0; order && fam < CMP_FAMILIES; fam++)
		for (size_t fi = 0; fi < c->n_figures; fi++)
			if (c->figure[fi].family == (enum cmp_family)fam &&
			    charted(c, fi))
				order[(*n)++] = fi;
	return order;
}

/* The charts' layout: where the second column starts, widths, height. */
struct layout {
	size_t fold;       /* the first chart of the second column (n: none) */
	int width[2];      /* each column's */
	int height;        /* the taller column's, block headings included */
};

/* Column height of ORDER[from..to), with a heading where a block starts. */
static int column_px(const struct frame *f, const size_t *order, size_t from,
		     size_t to)
{
	int h = 0;

	for (size_t i = from; i < to; i++) {
		bool starts = i == from || f->c->figure[order[i]].family !=
						   f->c->figure[order[i - 1]].family;

		h += chart_px(f, order[i]) + (starts ? BLOCK_PX : 0);
	}
	return h;
}

static struct layout lay_out(const struct frame *f, const size_t *order,
			     size_t n)
{
	struct layout l = { .fold = n };
	int total = column_px(f, order, 0, n);

	if (total > FOLD_PX && n > 1) {
		int best = total;

		/* The fold that makes the taller column the shortest. */
		for (size_t at = 1; at < n; at++) {
			int a = column_px(f, order, 0, at);
			int b = column_px(f, order, at, n);
			int tall = a > b ? a : b;

			if (tall < best) {
				best = tall;
				l.fold = at;
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		int w = chart_width(f, order[i]);
		int *col = &l.width[i >= l.fold];

		*col = w > *col ? w : *col;
	}
	l.height = l.fold < n ? column_px(f, order, 0, l.fold) : total;
	if (l.fold < n) {
		int b = column_px(f, order, l.fold, n);

		l.height = b > l.height ? b : l.height;
	}
	return l;
}

/* The label column's width from the longest label or runs line. */
static void frame_survey(struct frame *f)
{
	size_t longest = 0;

	for (size_t k = 0; k < f->c->n_groups; k++) {
		char runs[64];
		size_t w = utf8_cols(runs_line(f->c, k, runs, sizeof(runs)));

		w = utf8_cols(f->c->label[k]) > w ? utf8_cols(f->c->label[k]) : w;
		longest = w > longest ? w : longest;
	}
	f->label_px = (int)longest * SVG_CHAR_PX + 12;
	if (f->label_px > LABEL_MAX_PX)
		f->label_px = LABEL_MAX_PX;
	f->label_cols = (size_t)(f->label_px - 12) / SVG_CHAR_PX;
	f->x0 = SVG_MARGIN + f->label_px;
}

/* The notes of every pair that go BEFORE the charts or after; their height. */
static int pair_notes(const struct frame *f, bool before, int y, size_t cols,
		      bool draw)
{
	const struct comparison *c = f->c;
	int h = 0;

	for (size_t k = 0; k < c->n_groups; k++) {
		char heading[2 * FMT_NAME_MAX];
		size_t n;
		struct fmt_note *notes;

		size_t here = 0;

		if (k == c->baseline || !(notes = fmt_compare_notes(c, k, &n)))
			continue;
		for (size_t i = 0; i < n; i++)
			here += fmt_note_before(notes[i].kind) == before;
		if (here == 0) {
			free(notes);
			continue;
		}
		fmt_compare_heading(c, k, heading, sizeof(heading));
		if (draw)
			svg_text(f->out, "head", SVG_MARGIN, y + h + 12, heading,
				 cols, NULL);
		h += (int)svg_lines(heading, cols) * SVG_LINE_PX + 4;
		for (size_t i = 0; i < n; i++) {
			if (fmt_note_before(notes[i].kind) != before)
				continue;
			if (draw)
				svg_text(f->out, notes[i].kind == NOTE_WARNING
							 ? "warning" : "fact",
					 SVG_MARGIN, y + h + 12, notes[i].text,
					 cols, NULL);
			h += (int)svg_lines(notes[i].text, cols) * SVG_LINE_PX +
			     SVG_NOTE_GAP;
		}
		h += SVG_LINE_PX / 2;
		free(notes);
	}
	return h;
}

static const char compare_style[] =
	"<style>\n"
	".head{font-weight:bold;fill:#222}\n"
	".block{font-size:14px;font-weight:bold;fill:#444}\n"
	".warning{fill:#b00;font-weight:bold}\n"
	".better{fill:#1a7f37}.worse{fill:#c00}.same{fill:#0b5cad}\n"
	".unclear{fill:#555}.cache{fill:#a15c00}\n"
	"</style>\n";

/* The charts of ORDER[0..n) as L lays them out, from Y. */
static void charts(const struct frame *f, const size_t *order, size_t n,
		   const struct layout *l, int y)
{
	int at[2] = { y, y };

	for (size_t i = 0; i < n; i++) {
		int col = i >= l->fold;
		int left = col ? l->width[0] : 0;
		bool starts = i == 0 || i == l->fold ||
			      f->c->figure[order[i]].family !=
				      f->c->figure[order[i - 1]].family;

		if (starts) {
			fprintf(f->out, "<text class=\"block\" x=\"%d\" y=\"%d\">%s"
				"</text>\n", left + SVG_MARGIN, at[col] + 18,
				f->c->figure[order[i]].family == CMP_RATES
					? "Rates"
				: f->c->figure[order[i]].family == CMP_COSTS
					? "CPU and latency"
					: "How the machine felt (--probe)");
			at[col] += BLOCK_PX;
		}
		at[col] = chart(f, order[i], left, at[col]);
	}
}

void fmt_compare_svg(FILE *out, const struct comparison *c)
{
	struct frame f = { .out = out, .c = c };
	char title[FMT_NAME_MAX + 128], preamble[FMT_COMPARE_PREAMBLE_MAX];
	size_t n, cols, pre_lines;
	size_t *order = chart_order(c, &n);
	struct layout l;
	int width, height, y;

	if (!order)
		return;
	frame_survey(&f);
	l = lay_out(&f, order, n);
	width = l.width[0] + l.width[1];
	width = width < 640 ? 640 : width;
	cols = (size_t)(width - 2 * SVG_MARGIN) / SVG_CHAR_PX;
	fmt_compare_title(c, title, sizeof(title));
	fmt_compare_preamble(c, preamble, sizeof(preamble));
	pre_lines = svg_lines(preamble, cols);
	height = SVG_HEAD_PX + (int)pre_lines * SVG_LINE_PX + SVG_GAP / 2 +
		 pair_notes(&f, true, 0, cols, false) + l.height +
		 pair_notes(&f, false, 0, cols, false) +
		 svg_facts_height(c->facts, cols) + SVG_MARGIN;
	svg_begin(out, width, height, title,
		  "Bars: each group's median; black lines: its range, from its "
		  "lowest to its highest run.");
	fputs(compare_style, out);
	y = SVG_HEAD_PX;
	svg_text(out, "fact", SVG_MARGIN, y, preamble, cols, NULL);
	y += (int)pre_lines * SVG_LINE_PX + SVG_GAP / 2;
	y += pair_notes(&f, true, y, cols, true);
	charts(&f, order, n, &l, y);
	y += l.height;
	y += pair_notes(&f, false, y, cols, true);
	svg_facts(out, c->facts, y + SVG_LINE_PX / 2, cols);
	fputs("</svg>\n", out);
	free(order);
}
