/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.c - `clyde report --compare` as text (every text-* format):
 * for each group against the baseline, a table of every figure with both
 * medians, the difference and its 95% interval, and the verdict; and the
 * words on the method that every format prints beside its comparison.
 */
#include <string.h>

#include "fmt.h"
#include "fmt_internal.h"
#include "fmt_present.h"
#include "report_compare.h"
#include "utf8.h"

const char fmt_compare_method[] =
	"Each group against the baseline: the median of each, and the "
	"difference of the group means (geometric: Welch's t on the "
	"logarithms of the figures) with its 95% confidence interval. "
	"\"faster\" means better: a higher rate, less CPU per unit of rate, "
	"a lower latency. \"no clear difference\" says how large a difference "
	"these runs could have seen; with 3 to 10 runs a group, only "
	"differences about that large show. +++++ and missing figures are "
	"left out.";

bool fmt_compare_row(const struct comparison *c, size_t f, size_t k)
{
	const struct cmp_spread *a = &c->spread[f * c->n_groups + c->baseline];
	const struct cmp_spread *b = &c->spread[f * c->n_groups + k];

	return a->n > 0 || b->n > 0;
}

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

static void text_group(FILE *out, const struct comparison *c, size_t k)
{
	size_t b = c->baseline;

	fprintf(out, "\nB: %s (%zu run%s) against A: %s (%zu run%s), the "
		"baseline\n", c->label[k], c->runs[k], c->runs[k] == 1 ? "" : "s",
		c->label[b], c->runs[b], c->runs[b] == 1 ? "" : "s");
	cell(out, "Test", 22);
	cell(out, "Figure", 18);
	rcell(out, "Median A", 10);
	rcell(out, "Median B", 10);
	cell(out, "B against A [95% interval]", 28);
	fputs("Verdict\n", out);
	for (size_t f = 0; f < c->n_figures; f++) {
		const struct cmp_figure *fig = &c->figure[f];
		const struct compare_result *r = &c->result[f * c->n_groups + k];
		char text[PRESENT_TEXT_MAX];

		if (!fmt_compare_row(c, f, k))
			continue;
		cell(out, fig->name, 22);
		cell(out, fig->measure, 18);
		rcell(out, present_cmp_value(fig, c->spread[f * c->n_groups + b].median,
					     text, sizeof(text)), 10);
		rcell(out, present_cmp_value(fig, c->spread[f * c->n_groups + k].median,
					     text, sizeof(text)), 10);
		cell(out, present_cmp_difference(r, text, sizeof(text)), 28);
		fputs(present_cmp_verdict(r, text, sizeof(text)), out);
		if (fig->better == COMPARE_LOWER_IS_BETTER)
			fputs(" (lower is better)", out);
		fputc('\n', out);
	}
}

void fmt_compare_text(FILE *out, const struct comparison *c)
{
	fprintf(out, "Comparison of %zu groups of runs; the baseline is %s.\n",
		c->n_groups, c->label[c->baseline]);
	fprintf(out, "%s\n", fmt_compare_method);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			text_group(out, c, k);
}
