/* SPDX-License-Identifier: MIT */
/*
 * fmt_cells.c - the fixed-width cells of the text tables (fmt_cells.h):
 * rates, CPU and latency as bonnie++ pads them, row labels, and text cut
 * to a width between UTF-8 characters.
 */
#include "fmt_cells.h"

#include <inttypes.h>

#include "fmt_text.h"
#include "lib/utf8.h"

void fmt_spaces(FILE *out, size_t count)
{
	while (count-- > 0)
		fputc(' ', out);
}

void fmt_put_cut(FILE *out, const char *text, size_t cols)
{
	size_t have = utf8_cols(text);

	/* Whole characters while they fit; never split a UTF-8 sequence. */
	fwrite(text, 1, utf8_cut_cols(text, cols), out);
	fmt_spaces(out, have < cols ? cols - have : 0);
}

size_t fmt_label_need(const char *name, const char *spec)
{
	return utf8_cols(name) + 1 + utf8_cols(spec);
}

void fmt_row_label(FILE *out, const char *name, const char *spec,
		   size_t width)
{
	size_t spec_cols = utf8_cols(spec);

	if (spec_cols >= width) {
		fputs(spec, out);
		return;
	}
	fmt_put_cut(out, name, width - 1 - spec_cols);
	fputc(' ', out);
	fputs(spec, out);
}

void fmt_stat_cell(FILE *out, const struct phase_result *p)
{
	if (p->state == FIGURE_TOO_FAST)
		fputs(" +++++", out);
	else if (p->state == FIGURE_VALUE)
		fprintf(out, " %5" PRId64, fmt_whole(p->rate));
	else
		fmt_spaces(out, 6);
}

/* 2.00a's text scaling of KiB/s: "2126k", "50.6m", " 327m", " 1.5g". */
void fmt_stat_cell_scaled(FILE *out, const struct phase_result *p)
{
	int64_t kib = fmt_whole(p->rate);

	if (p->state != FIGURE_VALUE) {
		fmt_stat_cell(out, p);
	} else if (kib < 10000) {
		fprintf(out, " %4" PRId64 "k", kib);
	} else if (kib / 1024 < 1000) {
		double mib = (double)kib / 1024.0;

		if (mib < 100.0)
			fprintf(out, " %4.1fm", mib);
		else
			fprintf(out, " %4" PRId64 "m", (int64_t)(mib + 0.5));
	} else {
		fprintf(out, " %4.1fg", (double)kib / (1024.0 * 1024.0));
	}
}

void fmt_seek_cell(FILE *out, const struct phase_result *p)
{
	if (p->state != FIGURE_VALUE)
		fmt_stat_cell(out, p);
	else if (p->rate >= 1000.0)
		fprintf(out, " %5.0f", p->rate);
	else
		fprintf(out, " %5.1f", p->rate > 0 ? p->rate : 0.0);
}

void fmt_cpu_cell(FILE *out, const struct phase_result *p)
{
	if (p->state == FIGURE_TOO_FAST)
		fputs(" +++", out);
	else if (p->state == FIGURE_VALUE)
		fprintf(out, " %3" PRId64, fmt_whole(p->cpu_pct));
	else
		fmt_spaces(out, 4);
}

void fmt_latency_cell(FILE *out, const struct phase_result *p)
{
	char text[LATENCY_TEXT_MAX];

	fprintf(out, " %9s",
		p->state == FIGURE_NONE ? "" : fmt_latency(p->lat.max_ns, text));
}
