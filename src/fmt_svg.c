/* SPDX-License-Identifier: MIT */
/*
 * fmt_svg.c - `clyde report --format svg`: one self-contained SVG image with
 * a horizontal bar chart per test (a bar per run, its name and value as
 * labels, a scale with grid lines, a title with the unit), stacked so that
 * a browser or an image viewer shows it without help.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt.h"
#include "fmt_internal.h"
#include "fmt_present.h"
#include "run_source.h"
#include "utf8.h"

#define SVG_MARGIN 16
#define SVG_CHAR_PX 7     /* a generous average width of a 12px character */
#define SVG_LABEL_MIN 60  /* px for the machine names */
#define SVG_LABEL_MAX 330
#define SVG_PLOT_PX 560   /* the longest bar */
#define SVG_VALUE_PX 130  /* room right of a bar for its value */
#define SVG_PITCH 22      /* px per bar */
#define SVG_BAR 15
#define SVG_TITLE_PX 30   /* a chart's title above its bars */
#define SVG_AXIS_PX 30    /* tick labels below them */
#define SVG_GAP 18        /* between charts */
#define SVG_HEAD_PX 62    /* the image title and its note */

/* Colour-blind-friendly hues (Okabe-Ito), one per run, the same in every chart. */
static const char *const palette[] = {
	"#0072b2", "#e69f00", "#009e73", "#cc79a7",
	"#56b4e9", "#d55e00", "#7f7f00", "#555555",
};

/*
 * Run I's colour: the palette, then hues a golden angle apart at the
 * palette's saturation and lightness, written as #rrggbb because SVG 1.1
 * viewers need not know hsl().
 */
static void svg_colour(FILE *out, size_t i)
{
	size_t n = sizeof(palette) / sizeof(palette[0]);
	double h = (double)((i - n) * 137 % 360) / 60.0, c = 0.5, l = 0.45;
	double x = h - 2.0 * (double)(int)(h / 2.0) - 1.0;
	double rgb[3] = { 0, 0, 0 };
	int sector = (int)h;

	if (i < n) {
		fputs(palette[i], out);
		return;
	}
	x = c * (1.0 - (x < 0 ? -x : x));
	rgb[(7 - sector) % 3] = x;        /* sectors 0..5: x goes to g r b g r b */
	rgb[(sector + 1) / 2 % 3] = c;    /* c goes to r g g b b r */
	fputc('#', out);
	for (int k = 0; k < 3; k++)
		fprintf(out, "%02x", (int)((rgb[k] + l - c / 2) * 255.0 + 0.5));
}

/* Geometry shared by every chart: where the bars start, how wide it all is. */
struct svg_frame {
	FILE *out;
	struct run_source *src;
	int label_px;  /* room for the names, right-aligned at x0 - 6 */
	int x0;        /* where bars start */
	int width;
	size_t name_cols; /* names longer than this are cut, with an ellipsis */
	size_t longest;   /* the longest name, in columns */
	struct fmt_usage use;
	double max[PHASE_COUNT]; /* the largest value of each test */
	bool bars[PHASE_COUNT];  /* some run has a value to draw */
};

/* NAME, escaped, cut to COLS characters with an ellipsis when longer. */
static void svg_name(FILE *out, const char *name, size_t cols)
{
	char cut[MACHINE_MAX];
	size_t i;

	if (utf8_cols(name) <= cols) {
		present_markup_text(out, name);
		return;
	}
	i = utf8_cut_cols(name, cols > 0 ? cols - 1 : 0);
	memcpy(cut, name, i);
	cut[i] = '\0';
	present_markup_text(out, cut);
	fputs("\xe2\x80\xa6", out);
}

/*
 * A step of 1, 2, 2.5 or 5 times a power of ten that splits MAX into at most
 * six intervals; the axis runs to the first multiple of it at or past MAX.
 */
static double nice_step(double max)
{
	static const double steps[] = { 1.0, 2.0, 2.5, 5.0 };
	double scale = 1.0;

	if (!(max > 0))
		return 1.0;
	while (max / scale > 60.0)
		scale *= 10.0;
	while (max / scale < 6.0)
		scale /= 10.0;
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (max / (steps[i] * scale) <= 6.0)
			return steps[i] * scale;
	return 10.0 * scale;
}

/* Decimals a tick of STEP needs: 0 for 50, 1 for 2.5 or 0.5, 2 for 0.25. */
static int step_decimals(double step)
{
	int d = 0;
	double x = step;

	while (d < 6) {
		double frac = x - (double)(int64_t)x;

		if (frac < 1e-6 || frac > 1 - 1e-6)
			break;
		x *= 10.0;
		d++;
	}
	return d;
}

/* The baseline, and the grid and ticks when SCALE (some bar is drawn). */
static void svg_axis(const struct svg_frame *f, int top, int bottom,
		     bool scale, double axis_max, double step)
{
	int decimals = step_decimals(step);

	for (int k = 0; scale && k * step <= axis_max * (1 + 1e-9); k++) {
		double v = k * step;
		double x = f->x0 + v / axis_max * SVG_PLOT_PX;

		fprintf(f->out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"/>\n", x, top, x, bottom);
		fprintf(f->out, "<text class=\"tick\" x=\"%.1f\" y=\"%d\">%.*f"
			"</text>\n", x, bottom + 14, decimals, v);
	}
	fprintf(f->out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"/>\n", f->x0, top, f->x0, bottom);
}

/* One chart for PHASE over the runs that HAS; returns the y below it. */
static int svg_chart(const struct svg_frame *f, enum phase_id phase,
		     bool (*has)(const struct run_results *), int y)
{
	const struct phase_info *t = &phase_table[phase];
	const struct run_results *r;
	double max = f->max[phase], axis_max, step;
	size_t rows = phase <= PHASE_IO_LAST ? f->use.io_rows : f->use.file_rows;
	bool bars = f->bars[phase];
	int top, row = 0;

	step = nice_step(max);
	axis_max = step;
	while (axis_max < max * (1 - 1e-12))
		axis_max += step;
	fprintf(f->out, "<g>\n<title>%s, %s (higher is better)</title>\n"
		"<text class=\"title\" x=\"%d\" y=\"%d\">%s "
		"<tspan class=\"unit\">%s</tspan></text>\n",
		t->title, present_unit_name(t->unit), SVG_MARGIN, y + 20,
		t->title, present_unit_name(t->unit));
	top = y + SVG_TITLE_PX;
	svg_axis(f, top - 4, top + (int)rows * SVG_PITCH, bars, axis_max, step);
	for (size_t i = 0; (r = run_at(f->src, i)) != NULL; i++) {
		const struct phase_result *ph = &r->phase[phase];
		int by = top + row * SVG_PITCH;
		char rate[PRESENT_TEXT_MAX], cpu[PRESENT_TEXT_MAX];

		if (!has(r))
			continue;
		row++;
		fprintf(f->out, "<text class=\"name\" x=\"%d\" y=\"%d\"><title>",
			f->x0 - 6, by + 12);
		present_markup_text(f->out, r->machine);
		fputs("</title>", f->out);
		svg_name(f->out, r->machine, f->name_cols);
		fputs("</text>\n", f->out);
		if (ph->state == FIGURE_NONE) {
			fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">"
				"not run</text>\n", f->x0 + 6, by + 12);
			continue;
		}
		if (ph->state == FIGURE_TOO_FAST) {
			fprintf(f->out, "<text class=\"note\" x=\"%d\" y=\"%d\">"
				"too fast to measure (+++++)</text>\n",
				f->x0 + 6, by + 12);
			continue;
		}
		double w = present_value(ph, phase) / axis_max * SVG_PLOT_PX;

		fprintf(f->out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" "
			"height=\"%d\" fill=\"", f->x0, by + 1,
			w > 0 && w < 1 ? 1.0 : w, SVG_BAR);
		svg_colour(f->out, i);
		fputs("\"/>\n", f->out);
		fprintf(f->out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">%s "
			"<tspan class=\"cpu\">(%s%% CPU)</tspan></text>\n",
			f->x0 + (w < 1 ? 1.0 : w) + 5, by + 12,
			present_rate(ph, phase, rate, sizeof(rate)),
			present_cpu(ph, cpu, sizeof(cpu)));
	}
	fputs("</g>\n", f->out);
	return top + (int)rows * SVG_PITCH + SVG_AXIS_PX + SVG_GAP;
}

/* One pass over the runs: the longest name, each test's largest value. */
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
}

void fmt_svg(FILE *out, struct run_source *src)
{
	struct svg_frame f = { .out = out, .src = src };
	int height = SVG_HEAD_PX;
	size_t n;

	svg_survey(&f);
	n = f.use.n;
	f.label_px = (int)f.longest * SVG_CHAR_PX + 12;
	if (f.label_px < SVG_LABEL_MIN)
		f.label_px = SVG_LABEL_MIN;
	if (f.label_px > SVG_LABEL_MAX)
		f.label_px = SVG_LABEL_MAX;
	f.name_cols = (size_t)(f.label_px - 12) / SVG_CHAR_PX;
	f.x0 = SVG_MARGIN + f.label_px;
	f.width = f.x0 + SVG_PLOT_PX + SVG_VALUE_PX + SVG_MARGIN;
	for (int p = 0; p < PHASE_COUNT; p++) {
		bool io = p <= PHASE_IO_LAST;

		if (f.use.used[p])
			height += SVG_TITLE_PX + SVG_AXIS_PX + SVG_GAP +
				  (int)(io ? f.use.io_rows : f.use.file_rows) *
					  SVG_PITCH;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"system-ui, sans-serif\" font-size=\"12\">\n"
		"<style>\n"
		".title{font-size:15px;font-weight:bold;fill:#222}\n"
		".unit{font-weight:normal;fill:#555}\n"
		".name{text-anchor:end;fill:#222}\n"
		".value{fill:#222}.cpu{fill:#777;font-size:11px}\n"
		".note{fill:#777;font-style:italic}\n"
		".tick{text-anchor:middle;fill:#555;font-size:11px}\n"
		".grid{stroke:#ddd;stroke-width:1}\n"
		".axis{stroke:#888;stroke-width:1}\n"
		"</style>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
		"<text class=\"title\" x=\"%d\" y=\"26\" font-size=\"18\">"
		"Disk benchmark results: %zu run%s</text>\n"
		"<text class=\"note\" x=\"%d\" y=\"46\">Longer bars are faster. "
		"MiB/s = 1024 KiB/s; CPU in percent of one core; +++++: the "
		"test took under 0.5 s.</text>\n",
		f.width, height, f.width, height, SVG_MARGIN, n,
		n == 1 ? "" : "s", SVG_MARGIN);
	height = SVG_HEAD_PX;
	for (int p = 0; p < PHASE_COUNT; p++) {
		bool io = p <= PHASE_IO_LAST;

		if (f.use.used[p])
			height = svg_chart(&f, (enum phase_id)p,
					   io ? fmt_has_io : fmt_has_files,
					   height);
	}
	fputs("</svg>\n", out);
}
