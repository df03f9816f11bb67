/* SPDX-License-Identifier: MIT */
/*
 * fmt_svg.c - `clyde report --format svg`: one self-contained SVG image with
 * a horizontal bar chart per test (a bar per run, labelled with its name,
 * its sizes and copies and what tells it apart, wrapped rather than cut;
 * its value and CPU; a scale with grid lines; a title with the unit),
 * stacked so that a browser or an image viewer shows it without help.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt.h"
#include "fmt_internal.h"
#include "fmt_feel.h"
#include "fmt_present.h"
#include "fmt_series_svg.h"
#include "fmt_text.h"
#include "run_facts.h"
#include "run_source.h"
#include "svg.h"
#include "lib/utf8.h"

/* Geometry shared by every chart: where the bars start, how wide it all is. */
struct svg_frame {
	FILE *out;
	struct run_source *src;
	const struct run_facts *facts;
	int label_px;  /* room for the labels, right-aligned at x0 - 6 */
	int x0;        /* where bars start */
	int width;
	size_t cols;   /* characters a label line holds */
	size_t longest;/* the longest name, in columns */
	struct fmt_usage use;
	double max[PHASE_COUNT]; /* the largest value of each test */
	bool bars[PHASE_COUNT];  /* some run has a value to draw */
	int io_px, file_px;      /* the rows of an I/O chart, of a file chart */
};

/* R's second label line: "256 MiB, 2 copies, direct I/O". */
static const char *describe(const struct svg_frame *f,
			    const struct run_results *r, bool io, char *buf,
			    size_t len)
{
	char tag[FACTS_CAPTION_MAX];

	if (io)
		present_io(r, buf, len);
	else
		present_files(r, buf, len);
	fmt_join(buf, len, ", ",
		 run_facts_tag(f->facts, r, true, tag, sizeof(tag)));
	return buf;
}

/* Pixels R's row takes: a bar, and a line for each further label line. */
static int row_px(const struct svg_frame *f, const struct run_results *r,
		  bool io)
{
	char desc[FMT_NAME_MAX];
	size_t lines = svg_lines(r->machine, f->cols) +
		       svg_lines(describe(f, r, io, desc, sizeof(desc)), f->cols);

	return SVG_PITCH + (int)(lines - 1) * SVG_LINE_PX;
}

/* Run R's row of a chart of PHASE at Y: label, then bar or why not. */
static void svg_row(const struct svg_frame *f, const struct run_results *r,
		    size_t i, enum phase_id phase, double axis_max, int y)
{
	const struct phase_result *ph = &r->phase[phase];
	char rate[PRESENT_TEXT_MAX], cpu[PRESENT_TEXT_MAX], desc[FMT_NAME_MAX];
	size_t name_lines = svg_lines(r->machine, f->cols);
	double w;

	svg_text(f->out, "name", f->x0 - 6, y + 12, r->machine, f->cols,
		 r->machine);
	svg_text(f->out, "desc", f->x0 - 6,
		 y + 12 + (int)name_lines * SVG_LINE_PX,
		 describe(f, r, phase <= PHASE_IO_LAST, desc, sizeof(desc)),
		 f->cols, NULL);
	if (ph->state != FIGURE_VALUE) {
		fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">%s"
			"</text>\n", f->x0 + 6, y + 12,
			ph->state == FIGURE_NONE ? "not run"
						 : "too fast to measure (+++++)");
		return;
	}
	w = present_value(ph, phase) / axis_max * SVG_PLOT_PX;
	fprintf(f->out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
		"fill=\"", f->x0, y + 1, w > 0 && w < 1 ? 1.0 : w, SVG_BAR);
	svg_colour(f->out, run_facts_group(f->facts, i));
	fputs("\"/>\n", f->out);
	fprintf(f->out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">%s "
		"<tspan class=\"cpu\">(%s%% CPU)</tspan></text>\n",
		f->x0 + (w < 1 ? 1.0 : w) + 5, y + 12,
		present_rate(ph, phase, rate, sizeof(rate)),
		present_cpu(ph, cpu, sizeof(cpu)));
}

/* Height of the chart of PHASE: its rows, or one line when none has a bar. */
static int chart_px(const struct svg_frame *f, enum phase_id phase)
{
	if (!f->bars[phase])
		return SVG_TITLE_PX + SVG_LINE_PX + SVG_GAP;
	return SVG_TITLE_PX + (phase <= PHASE_IO_LAST ? f->io_px : f->file_px) +
	       SVG_AXIS_PX + SVG_GAP;
}

/* One chart for PHASE over the runs that HAS; returns the y below it. */
static int svg_chart(const struct svg_frame *f, enum phase_id phase,
		     bool (*has)(const struct run_results *), int y)
{
	const struct phase_info *t = &phase_table[phase];
	const struct run_results *r;
	bool io = phase <= PHASE_IO_LAST;
	double axis_max, step;
	int top = y + SVG_TITLE_PX;

	svg_scale(f->max[phase], &axis_max, &step);
	fprintf(f->out, "<g>\n<title>%s, %s (higher is better)</title>\n"
		"<text class=\"title\" x=\"%d\" y=\"%d\">%s "
		"<tspan class=\"unit\">%s</tspan></text>\n",
		t->title, present_unit_name(t->unit), SVG_MARGIN, y + 20,
		t->title, present_unit_name(t->unit));
	if (!f->bars[phase]) {
		/* Nothing to draw: say why instead of an empty axis. */
		fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">Every "
			"run that did this test was too fast to measure "
			"(+++++): it took under 0.5 s; a larger -%c would "
			"measure it.</text>\n</g>\n", SVG_MARGIN, top + 10,
			io ? 's' : 'n');
		return y + chart_px(f, phase);
	}
	svg_axis(f->out, f->x0, top - 4, top + (io ? f->io_px : f->file_px),
		 true, axis_max, step);
	for (size_t i = 0; (r = run_at(f->src, i)) != NULL; i++) {
		if (!has(r))
			continue;
		svg_row(f, r, i, phase, axis_max, top);
		top += row_px(f, r, io);
	}
	fputs("</g>\n", f->out);
	return y + chart_px(f, phase);
}

/*
 * One pass over the runs: the longest name, each test's largest value;
 * then another for the label column's width and the rows' heights.
 */
static void svg_survey(struct svg_frame *f)
{
	const struct run_results *r;

	fmt_usage(f->src, &f->use);
	for (size_t i = 0; (r = run_at(f->src, i)) != NULL; i++) {
		if (utf8_cols(r->machine) > f->longest)
			f->longest = utf8_cols(r->machine);
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &r->phase[p];
			bool io = p <= PHASE_IO_LAST;

			if (ph->state != FIGURE_VALUE ||
			    !(io ? fmt_has_io(r) : fmt_has_files(r)))
				continue;
			f->bars[p] = true;
			if (present_value(ph, (enum phase_id)p) > f->max[p])
				f->max[p] = present_value(ph, (enum phase_id)p);
		}
	}
	f->label_px = (int)f->longest * SVG_CHAR_PX + 12;
	if (f->label_px < SVG_LABEL_MIN + 120)
		f->label_px = SVG_LABEL_MIN + 120; /* room for the sizes */
	if (f->label_px > SVG_LABEL_MAX)
		f->label_px = SVG_LABEL_MAX;
	f->cols = (size_t)(f->label_px - 12) / SVG_CHAR_PX;
	f->x0 = SVG_MARGIN + f->label_px;
	f->width = f->x0 + SVG_PLOT_PX + SVG_VALUE_PX + SVG_MARGIN;
	for (size_t i = 0; (r = run_at(f->src, i)) != NULL; i++) {
		if (fmt_has_io(r))
			f->io_px += row_px(f, r, true);
		if (fmt_has_files(r))
			f->file_px += row_px(f, r, false);
	}
}

void fmt_svg(FILE *out, struct run_source *src,
	     const struct run_facts *facts)
{
	struct svg_frame f = { .out = out, .src = src, .facts = facts };
	size_t fact_cols, n;
	int height = SVG_HEAD_PX;
	char title[160], count[128];

	svg_survey(&f);
	fact_cols = (size_t)(f.width - 2 * SVG_MARGIN) / SVG_CHAR_PX;
	for (int p = 0; p < PHASE_COUNT; p++)
		if (f.use.used[p])
			height += chart_px(&f, (enum phase_id)p);
	height += fmt_series_svg_height(src, f.width);
	height += fmt_feel_svg_height(src, f.width);
	height += svg_facts_height(facts, fact_cols);
	n = f.use.n;
	if (facts)
		run_facts_count(facts, count, sizeof(count));
	else
		snprintf(count, sizeof(count), "%zu run%s", n, n == 1 ? "" : "s");
	snprintf(title, sizeof(title), "Disk benchmark results: %s", count);
	svg_begin(out, f.width, height, title,
		  "Longer bars are faster. MiB/s = 1024 KiB/s; CPU in percent "
		  "of one core; +++++: the test took under 0.5 s.");
	height = SVG_HEAD_PX;
	for (int p = 0; p < PHASE_COUNT; p++) {
		bool io = p <= PHASE_IO_LAST;

		if (f.use.used[p])
			height = svg_chart(&f, (enum phase_id)p,
					   io ? fmt_has_io : fmt_has_files,
					   height);
	}
	height = fmt_series_svg(out, src, height, f.width);
	height = fmt_feel_svg(out, src, height, f.width);
	svg_facts(out, facts, height + SVG_LINE_PX / 2, fact_cols);
	fputs("</svg>\n", out);
}
