/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_md.c - `clyde report --compare --format markdown`: the title
 * and preamble, then for each group against the baseline what differs and
 * the warnings, a Markdown table of every figure (the values the verdict
 * is about, the estimate with its interval, the method, the verdict) and
 * the notes under it as a list; the report's caption and notes at the end.
 */
#include "fmt_compare.h"

#include <stdlib.h>

#include "format/fmt_present.h"
#include "format/fmt_text.h"
#include "format/run_facts.h"

static void md_notes(FILE *out, const struct fmt_note *notes, size_t n,
		     bool before)
{
	bool first = true;

	for (size_t i = 0; i < n; i++) {
		if (fmt_note_before(notes[i].kind) != before)
			continue;
		fputs(first ? "\n- " : "- ", out);
		if (notes[i].kind == NOTE_WARNING)
			fputs("**", out);
		present_markdown_text(out, notes[i].text);
		fputs(notes[i].kind == NOTE_WARNING ? "**\n" : "\n", out);
		first = false;
	}
}

static void md_row(FILE *out, const struct comparison *c, size_t f, size_t k)
{
	const struct cmp_figure *fig = &c->figure[f];
	const struct judge_result *r = report_compare_result(c, f, k);
	char a[PRESENT_TEXT_MAX], b[PRESENT_TEXT_MAX], diff[PRESENT_TEXT_MAX];
	char method[PRESENT_TEXT_MAX], verdict[PRESENT_TEXT_MAX];

	fputs("| ", out);
	present_markdown_text(out, fig->name);
	fputs(" | ", out);
	present_markdown_text(out, fig->measure);
	fprintf(out, "%s | %s | %s | %s | %s | ",
		fig->better == COMPARE_LOWER_IS_BETTER ? " (lower is better)" : "",
		fmt_compare_value(fig, fmt_compare_shown(c, f, k, true), a, sizeof(a)),
		fmt_compare_value(fig, fmt_compare_shown(c, f, k, false), b, sizeof(b)),
		fmt_compare_difference(r, diff, sizeof(diff)),
		fmt_compare_method(r, method, sizeof(method)));
	present_markdown_text(out, fmt_compare_verdict(c, f, k, verdict,
						       sizeof(verdict)));
	fputs(" |\n", out);
}

/* One group against the baseline: notes, a Markdown table, notes. */
static void md_compare_group(FILE *out, const struct comparison *c, size_t k)
{
	char heading[2 * FMT_NAME_MAX];
	size_t n;
	struct fmt_note *notes = fmt_compare_notes(c, k, &n);

	fputs("\n### ", out);
	present_markdown_text(out, fmt_compare_heading(c, k, heading, sizeof(heading)));
	fputc('\n', out);
	md_notes(out, notes, n, true);
	fputs("\n| Test | Figure | A | B | B against A [interval] | Method | "
	      "Verdict |\n| :--- | :--- | ---: | ---: | ---: | :--- | :--- |\n",
	      out);
	fmt_compare_rows(out, c, k, md_row);
	md_notes(out, notes, n, false);
	free(notes);
}

void fmt_compare_markdown(FILE *out, const struct comparison *c)
{
	char text[FMT_COMPARE_PREAMBLE_MAX];

	fputs("**", out);
	present_markdown_text(out, fmt_compare_title(c, text, sizeof(text)));
	fputs("**\n\n", out);
	present_markdown_text(out, fmt_compare_preamble(c, text, sizeof(text)));
	fputc('\n', out);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			md_compare_group(out, c, k);
	if (c->facts && c->facts->caption[0]) {
		fputs("\nEvery run: ", out);
		present_markdown_text(out, c->facts->caption);
		fputs(".\n", out);
	}
	for (size_t i = 0; c->facts && i < c->facts->n_notes; i++) {
		fputs(i ? "- " : "\n- ", out);
		present_markdown_text(out, c->facts->notes[i]);
		fputc('\n', out);
	}
}
