/* SPDX-License-Identifier: MIT */
/*
 * mark_report_html.c - mark results beside each other as one
 * self-contained HTML page (a table: a column per run, five rows per test
 * and direction) and as one SVG image of grouped horizontal bars of MB/s,
 * a bar per run in each test's group; pure functions of the grid
 * (mark_report_internal.h).
 */
#include <string.h>

#include "fmt_mark.h"
#include "format/fmt_present.h"
#include "mark_report_internal.h"
#include "lib/utf8.h"

static void html_part(FILE *out, const struct mark_grid *g, size_t from,
		      size_t to, const char *head)
{
	char name[MARK_NAME_MAX], cell[40];

	if (from == to)
		return;
	fprintf(out, "<tr class=\"part\"><th colspan=\"%zu\">%s</th></tr>\n", g->n + 2,
		head);
	for (size_t r = from; r < to; r++) {
		mark_test_name(&g->rows[r].test, name, sizeof(name));
		for (int m = 0; m < MARK_METRICS; m++) {
			fputs("<tr>", out);
			if (m == 0)
				fprintf(out, "<th rowspan=\"%d\">%s</th>", MARK_METRICS, name);
			fprintf(out, "<td>%s</td>", mark_metric_names[m]);
			for (size_t c = 0; c < g->n; c++)
				fprintf(out, "<td class=\"n\">%s</td>",
					mark_grid_text(g, c, r, (enum mark_metric)m, cell,
						       sizeof(cell)));
			fputs("</tr>\n", out);
		}
	}
}

/* The Feel lines of every mark, when --probe ran beside its tests. */
static void html_feel(FILE *out, const struct mark_grid *g)
{
	bool any = false;

	for (size_t c = 0; c < g->n; c++) {
		char line[FMT_MARK_FEEL_MAX];

		for (size_t k = 0; fmt_mark_feel_line(&g->runs[c], k, line,
						      sizeof(line)); k++) {
			if (!any)
				fputs("<h2>How the machine felt</h2>\n<p>What a 4 KiB "
				      "read every 10 ms, and with writes a write and "
				      "its fsync every 100 ms, waited beside each test "
				      "(--probe).</p>\n<ul>\n", out);
			any = true;
			fprintf(out, "<li>[%zu] ", c + 1);
			present_markup_text(out, line);
			fputs("</li>\n", out);
		}
	}
	if (any)
		fputs("</ul>\n", out);
}

void mark_render_html(FILE *out, const struct mark_grid *g)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<title>", out);
	mark_grid_title(out, g);
	fputs("</title>\n<style>\n"
	      "body { font-family: sans-serif; margin: 1.5em; }\n"
	      "table { border-collapse: collapse; display: block; overflow-x: auto;"
	      " max-width: max-content; }\n"
	      "th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; }\n"
	      "thead th { background: #f4f4f4; }\n"
	      "tr.part th { background: #e8e8e8; text-align: left; }\n"
	      "tbody th { text-align: left; font-weight: normal; white-space: nowrap; }\n"
	      "td.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
	      "</style>\n</head>\n<body>\n<h1>", out);
	mark_grid_title(out, g);
	fputs("</h1>\n<p>", out);
	present_markup_text(out, mark_units_note);
	fputs("</p>\n<table>\n<thead><tr><th>Test</th><th>Figure</th>", out);
	for (size_t c = 0; c < g->n; c++) {
		fputs("<th>", out);
		present_markup_text(out, g->labels[c]);
		fputs("</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	html_part(out, g, 0, g->n_reads, "[Read]");
	html_part(out, g, g->n_reads, g->n_rows, "[Write]");
	fputs("</tbody>\n</table>\n", out);
	mark_report_drive_html(out, g);
	html_feel(out, g);
	fputs("</body>\n</html>\n", out);
}

#define SVG_MARGIN 16
#define SVG_LABEL_PX 150 /* test names, right-aligned left of the bars */
#define SVG_PLOT_PX 480  /* the longest bar */
#define SVG_VALUE_PX 100 /* room right of a bar for its value */
#define SVG_WIDTH (2 * SVG_MARGIN + SVG_LABEL_PX + SVG_PLOT_PX + SVG_VALUE_PX)
#define SVG_HEAD_PX 56   /* the title and the note */
#define SVG_LEGEND_PX 18 /* per run */
#define SVG_PART_PX 30   /* "[Read] MB/s" above a part */
#define SVG_PITCH 16     /* px per bar */
#define SVG_BAR 12
#define SVG_GAP 10       /* between tests */
#define SVG_LEGEND_COLS 96

/* LABEL escaped, cut to SVG_LEGEND_COLS characters with an ellipsis. */
static void svg_label(FILE *out, const char *label)
{
	char cut[MACHINE_MAX + 96];
	size_t i;

	if (utf8_cols(label) <= SVG_LEGEND_COLS) {
		present_markup_text(out, label);
		return;
	}
	i = utf8_cut_cols(label, SVG_LEGEND_COLS - 1);
	memcpy(cut, label, i);
	cut[i] = '\0';
	present_markup_text(out, cut);
	fputs("\xe2\x80\xa6", out);
}

static int part_height(const struct mark_grid *g, size_t rows)
{
	return rows ? SVG_PART_PX + (int)rows * ((int)g->n * SVG_PITCH + SVG_GAP) : 0;
}

/* One part's groups of bars from Y; returns the y after them. */
static int svg_part(FILE *out, const struct mark_grid *g, size_t from, size_t to,
		    const char *head, double max, int y)
{
	const int x0 = SVG_MARGIN + SVG_LABEL_PX;
	char name[MARK_NAME_MAX], cell[40];

	if (from == to)
		return y;
	fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"part\">%s MB/s</text>\n",
		SVG_MARGIN, y + 20, head);
	y += SVG_PART_PX;
	for (size_t r = from; r < to; r++) {
		int mid = y + (int)g->n * SVG_PITCH / 2 + 4;

		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
			x0 - 8, mid, mark_test_name(&g->rows[r].test, name, sizeof(name)));
		for (size_t c = 0; c < g->n; c++, y += SVG_PITCH) {
			double v = mark_grid_mbs(g, c, r);
			int len = v > 0 ? (int)(v / max * SVG_PLOT_PX + 0.5) : 0;

			if (v > 0 && len < 1)
				len = 1;
			if (v >= 0)
				fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					     "fill=\"%s\"/>\n", x0, y, len, SVG_BAR,
					mark_colours[c % MARK_COLOURS]);
			fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"v\">%s</text>\n",
				x0 + len + 4, y + SVG_BAR - 2,
				mark_grid_text(g, c, r, MARK_MBS, cell, sizeof(cell)));
		}
		y += SVG_GAP;
	}
	return y;
}

void mark_render_svg(FILE *out, const struct mark_grid *g)
{
	int height = SVG_HEAD_PX + (int)g->n * SVG_LEGEND_PX +
		     part_height(g, g->n_reads) + part_height(g, g->n_rows - g->n_reads) +
		     mark_report_drive_svg_height(g) + SVG_MARGIN;
	double max = 0;
	int y = SVG_HEAD_PX;

	for (size_t r = 0; r < g->n_rows; r++)
		for (size_t c = 0; c < g->n; c++)
			max = mark_grid_mbs(g, c, r) > max ? mark_grid_mbs(g, c, r) : max;
	if (max <= 0)
		max = 1;
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		     "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		     "<style>svg { max-width: 100%%; height: auto; } "
		     ".t { font-size: 16px; font-weight: bold; } .part { font-weight: "
		     "bold; } .v { fill: #333; }</style>\n"
		     "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
		     "<text x=\"%d\" y=\"26\" class=\"t\">", SVG_WIDTH, height, SVG_WIDTH,
		height, SVG_MARGIN);
	mark_grid_title(out, g);
	fprintf(out, "</text>\n<text x=\"%d\" y=\"46\">", SVG_MARGIN);
	fputs("MB/s: 10^6 bytes a second, a bar per run; longer is faster", out);
	fputs("</text>\n", out);
	for (size_t c = 0; c < g->n; c++, y += SVG_LEGEND_PX) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			     "<text x=\"%d\" y=\"%d\">", SVG_MARGIN, y + 2,
			mark_colours[c % MARK_COLOURS],
			SVG_MARGIN + 18, y + 12);
		svg_label(out, g->labels[c]);
		fputs("</text>\n", out);
	}
	y = svg_part(out, g, 0, g->n_reads, "[Read]", max, y);
	y = svg_part(out, g, g->n_reads, g->n_rows, "[Write]", max, y);
	mark_report_drive_svg(out, g, y);
	fputs("</svg>\n", out);
}
