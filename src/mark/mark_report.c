/* SPDX-License-Identifier: MIT */
/*
 * mark_report.c - `clyde report` on clyde mark's results (mark_report.h):
 * the choice of renderer by format name, mark's own CSV and JSON. The
 * grid the other renderers draw from is mark_grid.c's; report_input.c
 * sets mark input apart and reads it (mark_read.h).
 */
#include "mark_report.h"

#include <string.h>

#include "fmt_mark.h"
#include "mark_report_internal.h"

/* Mark's own CSV, each mark after its header, and JSON as one array. */
static void render_csv(FILE *out, const struct mark_results *runs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fmt_mark_csv_header(out);
		fmt_mark_csv(out, &runs[i]);
	}
}

static void render_json(FILE *out, const struct mark_results *runs, size_t n)
{
	fputs("[", out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs(",", out);
		fmt_mark_json(out, &runs[i]);
	}
	fputs("]\n", out);
}

int mark_report_render(FILE *out, const char *format_name,
		       const struct mark_results *runs, size_t n)
{
	static const struct {
		const char *name;
		void (*render)(FILE *, const struct mark_grid *);
	} pages[] = { { "markdown", mark_render_markdown },
		      { "html", mark_render_html },
		      { "svg", mark_render_svg } };
	void (*render)(FILE *, const struct mark_grid *) = NULL;
	struct mark_grid grid;

	if (strncmp(format_name, "csv-", 4) == 0) {
		render_csv(out, runs, n);
		return 0;
	}
	if (strcmp(format_name, "json") == 0) {
		render_json(out, runs, n);
		return 0;
	}
	if (strncmp(format_name, "text-", 5) == 0 || strcmp(format_name, "text") == 0)
		render = mark_render_text;
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		if (strcmp(format_name, pages[i].name) == 0)
			render = pages[i].render;
	if (!render)
		return -1;
	if (mark_grid_init(&grid, runs, n) != 0)
		return -2;
	render(out, &grid);
	mark_grid_free(&grid);
	return 0;
}
