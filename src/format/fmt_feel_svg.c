/* SPDX-License-Identifier: MIT */
/*
 * fmt_feel_svg.c - how the machine felt, in clyde report's SVG
 * (fmt_feel.h): under the rate charts, a chart per test a probe ran
 * beside, one bar per run and kind of probe at its p99 wait on a common
 * scale in milliseconds, its p50, max and the waits over 100 ms and 1 s
 * on a line under it.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_feel.h"
#include "fmt_present.h"
#include "run_source.h"
#include "svg.h"

#define FEEL_TESTS_MAX 32  /* charts: distinct tests among the runs */
#define FEEL_LABEL_PX 180  /* the run names left of the bars */
#define FEEL_ROW_PX (SVG_PITCH + SVG_LINE_PX) /* a bar and its line */
#define FEEL_HEAD_PX (SVG_TITLE_PX + SVG_LINE_PX + 4) /* title and note */

/* The tests SRC's probes ran beside, by name, and each one's longest p99. */
struct feel_charts {
	size_t n;
	char name[FEEL_TESTS_MAX][FEEL_NAME_MAX];
	double max_ms[FEEL_TESTS_MAX];
	int rows[FEEL_TESTS_MAX];    /* bars, each with its line */
	int lines[FEEL_TESTS_MAX];   /* further lines of the runs' names */
};

static size_t cols(void)
{
	return (FEEL_LABEL_PX - 12) / SVG_CHAR_PX;
}

/* The label of run R's bar of one kind: its name, ", writes" for writes. */
static const char *label_of(const struct run_results *r, bool writes,
			    char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", r->machine, writes ? ", writes" : "");
	return buf;
}

/* Test T's chart, made if there is room; FEEL_TESTS_MAX when there is not. */
static size_t chart_of(struct feel_charts *c, const char *name)
{
	size_t k = 0;

	while (k < c->n && strcmp(c->name[k], name) != 0)
		k++;
	if (k == c->n && c->n < FEEL_TESTS_MAX)
		snprintf(c->name[c->n++], FEEL_NAME_MAX, "%s", name);
	return k < c->n ? k : FEEL_TESTS_MAX;
}

static void survey(struct run_source *src, struct feel_charts *c)
{
	const struct run_results *r;
	struct feel_test t;

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t j = 0; fmt_feel_test(r, j, &t); j++) {
			const struct probe_waits *w[] = { &t.probe->read,
							  &t.probe->write };
			size_t k = chart_of(c, t.title);
			char label[MACHINE_MAX + 16];

			for (int m = 0; k < FEEL_TESTS_MAX && m < 2; m++) {
				double ms = (double)w[m]->lat.p99_ns / 1e6;

				if (w[m]->lat.count == 0)
					continue;
				c->rows[k]++;
				c->lines[k] += (int)svg_lines(label_of(r, m == 1, label,
								       sizeof(label)),
							      cols()) - 1;
				if (ms > c->max_ms[k])
					c->max_ms[k] = ms;
			}
		}
}

static int chart_px(const struct feel_charts *c, size_t k)
{
	return SVG_TITLE_PX + c->rows[k] * FEEL_ROW_PX +
	       c->lines[k] * SVG_LINE_PX + SVG_AXIS_PX + SVG_GAP;
}

int fmt_feel_svg_height(struct run_source *src, int width)
{
	struct feel_charts c;
	int h = 0;

	(void)width;
	survey(src, &c);
	for (size_t k = 0; k < c.n; k++)
		h += chart_px(&c, k);
	return h ? h + FEEL_HEAD_PX : 0;
}

/* Run I's bar for KIND of probe P at Y; returns the y below it. */
static int bar(FILE *out, const struct run_results *r, size_t i,
	       const struct probe_waits *w, bool writes, int x0,
	       double axis_max, int y)
{
	char label[MACHINE_MAX + 16], p50[32], p99[32], max[32];
	double len = (double)w->lat.p99_ns / 1e6 / axis_max * SVG_PLOT_PX;
	size_t lines;

	lines = svg_lines(label_of(r, writes, label, sizeof(label)), cols());
	svg_text(out, "name", x0 - 6, y + 12, label, cols(), r->machine);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
		"fill=\"", x0, y + 1, len > 0 && len < 1 ? 1.0 : len, SVG_BAR);
	svg_colour(out, i);
	fprintf(out, "\"%s/>\n", writes ? " fill-opacity=\"0.55\"" : "");
	fprintf(out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">%s</text>\n",
		x0 + (len < 1 ? 1.0 : len) + 5, y + 12,
		present_latency(w->lat.p99_ns, p99, sizeof(p99)));
	fprintf(out, "<text class=\"cpu\" x=\"%d\" y=\"%d\">p50 %s, max %s; %" PRIu64 " over 100 ms, %" PRIu64
		" over 1 s%s</text>\n", x0 + 4, y + 12 + SVG_LINE_PX,
		present_latency(w->lat.p50_ns, p50, sizeof(p50)),
		present_latency(w->lat.max_ns, max, sizeof(max)), w->over_100ms,
		w->over_1s, writes ? " (4 KiB write and fsync)" : "");
	return y + FEEL_ROW_PX + (int)(lines - 1) * SVG_LINE_PX;
}

/* Chart K: every run's bars for its test. Returns the y below it. */
static int chart(FILE *out, struct run_source *src, const struct feel_charts *c,
		 size_t k, int y)
{
	const struct run_results *r;
	struct feel_test t;
	int x0 = SVG_MARGIN + FEEL_LABEL_PX, top = y + SVG_TITLE_PX;
	double axis_max, step;

	svg_scale(c->max_ms[k], &axis_max, &step);
	fprintf(out, "<g>\n<title>%s: the probe's p99 wait (lower is better)"
		"</title>\n<text class=\"title\" x=\"%d\" y=\"%d\">%s <tspan "
		"class=\"unit\">p99 wait, ms</tspan></text>\n", c->name[k],
		SVG_MARGIN, y + 20, c->name[k]);
	svg_axis(out, x0, top - 4, top + c->rows[k] * FEEL_ROW_PX +
		 c->lines[k] * SVG_LINE_PX, true, axis_max, step);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t j = 0; fmt_feel_test(r, j, &t); j++) {
			if (strcmp(t.title, c->name[k]) != 0)
				continue;
			if (t.probe->read.lat.count)
				top = bar(out, r, i, &t.probe->read, false, x0,
					  axis_max, top);
			if (t.probe->write.lat.count)
				top = bar(out, r, i, &t.probe->write, true, x0,
					  axis_max, top);
		}
	fputs("</g>\n", out);
	return y + chart_px(c, k);
}

int fmt_feel_svg(FILE *out, struct run_source *src, int y, int width)
{
	struct feel_charts c;

	(void)width;
	survey(src, &c);
	if (c.n == 0)
		return y;
	fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\">How the machine "
		"felt (--probe)</text>\n<text class=\"note\" x=\"%d\" y=\"%d\">"
		"What a 4 KiB read every 10 ms, and a 4 KiB write with fsync every "
		"100 ms, waited beside each test: the bar is the p99 wait; "
		"shorter is better.</text>\n", SVG_MARGIN, y + 20, SVG_MARGIN,
		y + 20 + SVG_LINE_PX + 4);
	y += FEEL_HEAD_PX;
	for (size_t k = 0; k < c.n; k++)
		y = chart(out, src, &c, k, y);
	return y;
}
