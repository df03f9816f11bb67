/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_text.c - `clyde report --compare` as text (every text-*
 * format): the title and preamble, then for each group against the
 * baseline what differs, a table of every figure with the values the
 * verdict is about, the estimate with its interval, the method and the
 * verdict, and the notes on odd runs, drift, the page cache and what was
 * missing; the report's facts at the end.
 */
#include "fmt_compare.h"

#include <stdlib.h>

#include "format/fmt.h"
#include "format/fmt_cells.h"
#include "format/fmt_present.h"
#include "format/fmt_text.h"
#include "format/run_facts.h"
#include "lib/utf8.h"

#define TEXT_COLS 78

/* TEXT left-aligned in COLS columns (never cut), then a space. */
static void cell(FILE *out, const char *text, size_t cols)
{
	size_t w = utf8_cols(text);

	fputs(text, out);
	fmt_spaces(out, (w < cols ? cols - w : 0) + 1);
}

/* TEXT right-aligned in COLS columns, then a space. */
static void rcell(FILE *out, const char *text, size_t cols)
{
	size_t w = utf8_cols(text);

	fmt_spaces(out, w < cols ? cols - w : 0);
	fputs(text, out);
	fputc(' ', out);
}

/* TEXT wrapped into lines of at most COLS characters. */
static void wrapped(FILE *out, const char *text, size_t cols)
{
	while (*text) {
		const char *next;
		size_t len = utf8_line_bytes(text, cols, &next);

		fprintf(out, "%.*s\n", (int)len, text);
		text = next;
	}
}

/* The notes of NOTES[0..n) that go BEFORE the table, or after it. */
static void text_notes(FILE *out, const struct fmt_note *notes, size_t n,
		       bool before)
{
	for (size_t i = 0; i < n; i++)
		if (fmt_note_before(notes[i].kind) == before)
			wrapped(out, notes[i].text, TEXT_COLS);
}

static void text_row(FILE *out, const struct comparison *c, size_t f, size_t k)
{
	const struct cmp_figure *fig = &c->figure[f];
	const struct judge_result *r = report_compare_result(c, f, k);
	char text[PRESENT_TEXT_MAX];

	cell(out, fig->name, 22);
	cell(out, fig->measure, 15);
	rcell(out, fmt_compare_value(fig, fmt_compare_shown(c, f, k, true), text,
				     sizeof(text)), 9);
	rcell(out, fmt_compare_value(fig, fmt_compare_shown(c, f, k, false), text,
				     sizeof(text)), 9);
	cell(out, fmt_compare_difference(r, text, sizeof(text)), 24);
	cell(out, fmt_compare_method(r, text, sizeof(text)), 12);
	fprintf(out, "%s\n", fmt_compare_verdict(c, f, k, text, sizeof(text)));
}

static void text_group(FILE *out, const struct comparison *c, size_t k)
{
	char heading[2 * FMT_NAME_MAX];
	size_t n;
	struct fmt_note *notes = fmt_compare_notes(c, k, &n);

	fprintf(out, "\n%s\n", fmt_compare_heading(c, k, heading, sizeof(heading)));
	text_notes(out, notes, n, true);
	cell(out, "Test", 22);
	cell(out, "Figure", 15);
	rcell(out, "A", 9);
	rcell(out, "B", 9);
	cell(out, "B against A [interval]", 24);
	cell(out, "Method", 12);
	fputs("Verdict\n", out);
	fmt_compare_rows(out, c, k, text_row);
	text_notes(out, notes, n, false);
	free(notes);
}

void fmt_compare_text(FILE *out, const struct comparison *c)
{
	char text[FMT_COMPARE_PREAMBLE_MAX];

	fprintf(out, "%s\n", fmt_compare_title(c, text, sizeof(text)));
	wrapped(out, fmt_compare_preamble(c, text, sizeof(text)), TEXT_COLS);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			text_group(out, c, k);
	if (c->facts) {
		fputc('\n', out);
		fmt_facts_text(out, c->facts);
	}
}
