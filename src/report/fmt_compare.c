/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.c - `clyde report --compare` as text (every text-* format)
 * and as an HTML page: for each group against the baseline, a table of
 * every figure with both medians, the difference and its 95% interval,
 * and the verdict; and the words on the method that every format prints
 * beside its comparison. Markdown is in fmt_md.c, SVG in fmt_compare_svg.c.
 */
#include <string.h>

#include "format/fmt.h"
#include "format/fmt_cells.h"
#include "format/fmt_html.h"
#include "format/fmt_present.h"
#include "report_compare.h"
#include "format/run_facts.h"
#include "lib/utf8.h"

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

/* "Left out as missing: ..." of group K, wrapped; nothing when none. */
static void text_missing(FILE *out, const struct comparison *c, size_t k)
{
	char missing[FACTS_NOTE_MAX], line[FACTS_NOTE_MAX + 64];

	if (!present_cmp_missing(c, k, missing, sizeof(missing))[0])
		return;
	snprintf(line, sizeof(line), "Left out as missing (+++++, not run or "
		 "not recorded): %s.", missing);
	wrapped(out, line, 78);
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
	cell(out, "B against A [95% interval]", 26);
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
		cell(out, present_cmp_difference(r, text, sizeof(text)), 26);
		fprintf(out, "%s\n", present_cmp_verdict(r, text, sizeof(text)));
	}
	text_missing(out, c, k);
}

void fmt_compare_text(FILE *out, const struct comparison *c)
{
	fprintf(out, "Comparison of %zu groups of runs; the baseline is %s.\n",
		c->n_groups, c->label[c->baseline]);
	wrapped(out, fmt_compare_method, 78);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			text_group(out, c, k);
	if (c->facts) {
		fputc('\n', out);
		fmt_facts_text(out, c->facts);
	}
}

static const char html_compare_style[] =
	"td.faster{background:hsl(120,75%,78%)}\n"
	"td.slower{background:hsl(0,75%,78%)}\n"
	"td.unclear{color:#555}\n";

/* The class of a verdict's cell: green, red or grey. */
static const char *verdict_class(const struct compare_result *r)
{
	return r->verdict == COMPARE_FASTER   ? "faster"
	       : r->verdict == COMPARE_SLOWER ? "slower"
					      : "unclear";
}

/* "ssd (5 runs)", escaped. */
static void html_group(FILE *out, const struct comparison *c, size_t k)
{
	present_markup_text(out, c->label[k]);
	fprintf(out, " (%zu run%s)", c->runs[k], c->runs[k] == 1 ? "" : "s");
}

static void html_compare_group(FILE *out, const struct comparison *c, size_t k)
{
	size_t b = c->baseline;
	char missing[FACTS_NOTE_MAX];

	fputs("<h2>B: ", out);
	html_group(out, c, k);
	fputs(" against A: ", out);
	html_group(out, c, b);
	fputs("</h2>\n<table>\n<thead><tr><th>Test</th><th>Figure</th>"
	      "<th>Median A</th><th>Median B</th><th>B against A [95% "
	      "interval]</th><th>Verdict</th></tr></thead>\n<tbody>\n", out);
	for (size_t f = 0; f < c->n_figures; f++) {
		const struct cmp_figure *fig = &c->figure[f];
		const struct compare_result *r = &c->result[f * c->n_groups + k];
		char text[PRESENT_TEXT_MAX];

		if (!fmt_compare_row(c, f, k))
			continue;
		fputs("<tr><th>", out);
		present_markup_text(out, fig->name);
		fputs("</th><td class=\"what\">", out);
		present_markup_text(out, fig->measure);
		fprintf(out, "%s</td><td class=\"n\">%s</td>",
			fig->better == COMPARE_LOWER_IS_BETTER
				? " (lower is better)" : "",
			present_cmp_value(fig, c->spread[f * c->n_groups + b].median,
					  text, sizeof(text)));
		fprintf(out, "<td class=\"n\">%s</td>",
			present_cmp_value(fig, c->spread[f * c->n_groups + k].median,
					  text, sizeof(text)));
		fprintf(out, "<td class=\"n\">%s</td>",
			present_cmp_difference(r, text, sizeof(text)));
		fprintf(out, "<td class=\"%s\">%s</td></tr>\n",
			verdict_class(r),
			present_cmp_verdict(r, text, sizeof(text)));
	}
	fputs("</tbody>\n</table>\n", out);
	if (present_cmp_missing(c, k, missing, sizeof(missing))[0]) {
		fputs("<p>Left out as missing (+++++, not run or not "
		      "recorded): ", out);
		present_markup_text(out, missing);
		fputs(".</p>\n", out);
	}
}

void fmt_compare_html(FILE *out, const struct comparison *c)
{
	fmt_html_begin(out, "Comparison of disk benchmark runs",
		       html_compare_style);
	fprintf(out, "<p>%zu groups of runs; the baseline is ", c->n_groups);
	present_markup_text(out, c->label[c->baseline]);
	fputs(".</p>\n<p>", out);
	present_markup_text(out, fmt_compare_method);
	fputs("</p>\n", out);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			html_compare_group(out, c, k);
	fmt_html_facts(out, c->facts);
	fputs("</body>\n</html>\n", out);
}
