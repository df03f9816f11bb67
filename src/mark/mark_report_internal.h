/* SPDX-License-Identifier: MIT */
/*
 * mark_report_internal.h - what the renderers of mark results share: the
 * grid of rows, column labels and each cell's figures (mark_grid.c), and
 * the renderers mark_report.c chooses from (mark_report_text.c,
 * mark_report_html.c). Not part of the public API.
 */
#ifndef MARK_REPORT_INTERNAL_H
#define MARK_REPORT_INTERNAL_H

#include "mark_report.h"

/* One row of the comparison: a test in one direction. */
struct mark_row {
	struct mark_test test; /* dirs: this direction */
	bool writes;
};

/* The figures of a cell, in row order. */
enum mark_metric { MARK_MBS, MARK_IOPS, MARK_MEAN_US, MARK_P99_US, MARK_MAX_US,
		   MARK_METRICS };

/* What every renderer starts from; mark_grid_init fills it. */
struct mark_grid {
	const struct mark_results *runs;
	size_t n;            /* columns */
	struct mark_row *rows; /* reads first, then writes; in first-seen order */
	size_t n_rows, n_reads;
	char (*labels)[MACHINE_MAX + 96]; /* one per column */
	bool *twin;          /* a column labelled as another, told by "#N" */
};

/* GRID for RUNS[0..n): 0, or -1 when memory ran out. */
int mark_grid_init(struct mark_grid *grid, const struct mark_results *runs,
		   size_t n);
void mark_grid_free(struct mark_grid *grid);

/* Run COL's result for ROW, or NULL when that run has no such test. */
const struct mark_result *mark_grid_cell(const struct mark_grid *grid,
					 size_t col, size_t row);

/*
 * Cell (COL, ROW)'s figure M as text ("532.932", "508.2", "1104.64"), or
 * "-" when the test is not in that run or was not measured. Returns BUF.
 */
const char *mark_grid_text(const struct mark_grid *grid, size_t col, size_t row,
			   enum mark_metric m, char *buf, size_t len);

/* Cell (COL, ROW)'s MB/s, or a negative number when there is none. */
double mark_grid_mbs(const struct mark_grid *grid, size_t col, size_t row);

/* "clyde mark: 2 marks side by side", no newline. */
void mark_grid_title(FILE *out, const struct mark_grid *grid);

/* "MB/s", "IOPS", "mean µs", "p99 µs", "max µs". */
extern const char *const mark_metric_names[MARK_METRICS];

/* The note under every title: what MB/s and the latencies are. */
extern const char mark_units_note[];

/* Colour-blind-friendly hues (Okabe-Ito): runs' bars, tests' lines. */
#define MARK_COLOURS 8
extern const char *const mark_colours[MARK_COLOURS];

/*
 * What the marks of GRID say about the drive as it is used
 * (mark_report_steady.c): each mark's --steady rounds and its words, the
 * FITRIM before it and its file's removal. As text (under the grid; in a
 * fenced block with MARKDOWN), as HTML (a chart of each mark's rounds,
 * the words in a list), and as SVG (the charts from Y on, their height
 * mark_report_drive_svg_height's). Nothing for marks without them.
 */
void mark_report_drive_text(FILE *out, const struct mark_grid *grid,
			    bool markdown);
void mark_report_drive_html(FILE *out, const struct mark_grid *grid);
int mark_report_drive_svg_height(const struct mark_grid *grid);
void mark_report_drive_svg(FILE *out, const struct mark_grid *grid, int y);

/* TEXT with Markdown's special characters escaped, so a name stays a name. */
void mark_md_text(FILE *out, const char *text);

/* The renderers (GRID complete). */
void mark_render_text(FILE *out, const struct mark_grid *grid);
void mark_render_markdown(FILE *out, const struct mark_grid *grid);
void mark_render_html(FILE *out, const struct mark_grid *grid);
void mark_render_svg(FILE *out, const struct mark_grid *grid);

#endif
