/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_md.c - `clyde report --compare --format markdown`: the
 * method, then for each group against the baseline a Markdown table of
 * every figure with both medians, the difference and its 95% interval,
 * and the verdict; the report's caption and notes at the end.
 */
#include "fmt_compare.h"

#include "format/fmt_present.h"
#include "format/run_facts.h"

/* One group against the baseline as a Markdown table. */
static void md_compare_group(FILE *out, const struct comparison *c, size_t k)
{
	size_t b = c->baseline;
	char diff_missing[FACTS_NOTE_MAX];

	fputs("\n### B: ", out);
	present_markdown_text(out, c->label[k]);
	fprintf(out, " (%zu run%s) against A: ", c->runs[k],
		c->runs[k] == 1 ? "" : "s");
	present_markdown_text(out, c->label[b]);
	fprintf(out, " (%zu run%s)\n\n| Test | Figure | Median A | Median B | "
		"B against A [95%% interval] | Verdict |\n", c->runs[b],
		c->runs[b] == 1 ? "" : "s");
	fputs("| :--- | :--- | ---: | ---: | ---: | :--- |\n", out);
	for (size_t f = 0; f < c->n_figures; f++) {
		const struct cmp_figure *fig = &c->figure[f];
		const struct compare_result *r = &c->result[f * c->n_groups + k];
		char a[PRESENT_TEXT_MAX], bv[PRESENT_TEXT_MAX];
		char diff[PRESENT_TEXT_MAX], verdict[PRESENT_TEXT_MAX];

		if (!fmt_compare_row(c, f, k))
			continue;
		fprintf(out, "| %s | %s%s | %s | %s | %s | %s |\n", fig->name,
			fig->measure,
			fig->better == COMPARE_LOWER_IS_BETTER
				? " (lower is better)" : "",
			fmt_compare_value(fig, c->spread[f * c->n_groups + b].median,
					  a, sizeof(a)),
			fmt_compare_value(fig, c->spread[f * c->n_groups + k].median,
					  bv, sizeof(bv)),
			fmt_compare_difference(r, diff, sizeof(diff)),
			fmt_compare_verdict(r, verdict, sizeof(verdict)));
	}
	if (fmt_compare_missing(c, k, diff_missing, sizeof(diff_missing))[0]) {
		fputs("\nLeft out as missing (+++++, not run or not recorded): ",
		      out);
		present_markdown_text(out, diff_missing);
		fputs(".\n", out);
	}
}

void fmt_compare_markdown(FILE *out, const struct comparison *c)
{
	fprintf(out, "**Comparison** of %zu groups of runs; the baseline is ",
		c->n_groups);
	present_markdown_text(out, c->label[c->baseline]);
	fputs(".\n\n", out);
	present_markdown_text(out, fmt_compare_method);
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
