/* SPDX-License-Identifier: MIT */
/*
 * mark_report_text.c - mark results beside each other as plain text (a
 * numbered legend of the columns, then five lines per test and direction)
 * and as a GitHub-flavoured Markdown table; pure functions of the grid
 * (mark_report_internal.h).
 */
#include <string.h>

#include "fmt_mark.h"
#include "mark_report_internal.h"
#include "format/fmt_cells.h"
#include "lib/utf8.h"

#define TEXT_COL 13   /* each run's column, right-aligned */
#define TEXT_METRIC 9 /* "mean µs" and a space */
#define TEXT_WRAP 76

/* TEXT word-wrapped at TEXT_WRAP columns. */
static void wrap(FILE *out, const char *text)
{
	size_t col = 0;

	while (*text) {
		size_t word = strcspn(text, " ");
		char buf[64];

		snprintf(buf, sizeof(buf), "%.*s", (int)word, text);
		if (col && col + 1 + utf8_cols(buf) > TEXT_WRAP) {
			fputc('\n', out);
			col = 0;
		} else if (col) {
			fputc(' ', out);
			col++;
		}
		fputs(buf, out);
		col += utf8_cols(buf);
		text += word + (text[word] == ' ');
	}
	fputc('\n', out);
}

/* The longest test name of the grid, for the first column. */
static size_t name_width(const struct mark_grid *g)
{
	size_t w = 8;

	for (size_t r = 0; r < g->n_rows; r++) {
		char name[MARK_NAME_MAX];
		size_t len = strlen(mark_test_name(&g->rows[r].test, name, sizeof(name)));

		w = len > w ? len : w;
	}
	return w;
}

static void text_part(FILE *out, const struct mark_grid *g, size_t from,
		      size_t to, const char *head, size_t width)
{
	char name[MARK_NAME_MAX], cell[40], num[24];

	if (from == to)
		return;
	fprintf(out, "\n%-*s", (int)(width + 4 + TEXT_METRIC), head);
	for (size_t c = 0; c < g->n; c++) {
		snprintf(num, sizeof(num), "[%zu]", c + 1);
		fprintf(out, "%*s", TEXT_COL, num);
	}
	fputc('\n', out);
	for (size_t r = from; r < to; r++) {
		mark_test_name(&g->rows[r].test, name, sizeof(name));
		for (int m = 0; m < MARK_METRICS; m++) {
			const char *metric = mark_metric_names[m];

			fprintf(out, "  %-*s  %s", (int)width, m == 0 ? name : "", metric);
			fprintf(out, "%*s", (int)(TEXT_METRIC - utf8_cols(metric)), "");
			for (size_t c = 0; c < g->n; c++)
				fprintf(out, "%*s", TEXT_COL,
					mark_grid_text(g, c, r, (enum mark_metric)m, cell,
						       sizeof(cell)));
			fputc('\n', out);
		}
	}
}

void mark_render_text(FILE *out, const struct mark_grid *g)
{
	size_t width = name_width(g);

	mark_grid_title(out, g);
	fputc('\n', out);
	wrap(out, mark_units_note);
	fputc('\n', out);
	for (size_t c = 0; c < g->n; c++) {
		char shown[FMT_VISIBLE_MAX];

		fprintf(out, "  [%zu] %s\n", c + 1,
			fmt_visible(g->labels[c], shown, sizeof(shown)));
	}
	text_part(out, g, 0, g->n_reads, "[Read]", width);
	text_part(out, g, g->n_reads, g->n_rows, "[Write]", width);
	mark_report_drive_text(out, g, false);
	for (size_t c = 0; c < g->n; c++) {
		char line[FMT_MARK_FEEL_MAX];

		for (size_t k = 0; fmt_mark_feel_line(&g->runs[c], k, line,
						      sizeof(line)); k++)
			fprintf(out, "Feel [%zu]: %s\n", c + 1, line);
	}
}

static void md_part(FILE *out, const struct mark_grid *g, size_t from,
		    size_t to, const char *head)
{
	char name[MARK_NAME_MAX], cell[40];

	if (from == to)
		return;
	fprintf(out, "| **%s** | |", head);
	for (size_t c = 0; c < g->n; c++)
		fputs(" |", out);
	fputc('\n', out);
	for (size_t r = from; r < to; r++) {
		mark_test_name(&g->rows[r].test, name, sizeof(name));
		for (int m = 0; m < MARK_METRICS; m++) {
			fprintf(out, "| %s | %s |", m == 0 ? name : "", mark_metric_names[m]);
			for (size_t c = 0; c < g->n; c++)
				fprintf(out, " %s |", mark_grid_text(g, c, r, (enum mark_metric)m,
								    cell, sizeof(cell)));
			fputc('\n', out);
		}
	}
}

void mark_render_markdown(FILE *out, const struct mark_grid *g)
{
	fputs("## ", out);
	mark_grid_title(out, g);
	fprintf(out, "\n\n%s\n\n| Test | Figure |", mark_units_note);
	for (size_t c = 0; c < g->n; c++) {
		fputc(' ', out);
		mark_md_text(out, g->labels[c]);
		fputs(" |", out);
	}
	fputs("\n| :--- | :--- |", out);
	for (size_t c = 0; c < g->n; c++)
		fputs(" ---: |", out);
	fputc('\n', out);
	md_part(out, g, 0, g->n_reads, "\\[Read\\]");
	md_part(out, g, g->n_reads, g->n_rows, "\\[Write\\]");
	mark_report_drive_text(out, g, true);
	for (size_t c = 0, any = 0; c < g->n; c++) {
		char line[FMT_MARK_FEEL_MAX];

		for (size_t k = 0; fmt_mark_feel_line(&g->runs[c], k, line,
						      sizeof(line)); k++) {
			if (!any++)
				fputs("\n**How the machine felt** (--probe: what "
				      "a 4 KiB read every 10 ms, and with writes "
				      "a write and its fsync every 100 ms, "
				      "waited):\n\n", out);
			fprintf(out, "- \\[%zu\\] ", c + 1);
			mark_md_text(out, line);
			fputc('\n', out);
		}
	}
}
