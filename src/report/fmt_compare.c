/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.c - `clyde report --compare` as text (every text-* format)
 * and as an HTML page: for each group against the baseline, a table of
 * every figure with both medians, the difference and its 95% interval,
 * and the verdict; the texts every format prints of a comparison (the
 * method, values, differences, verdicts, what was missing). Markdown is
 * in fmt_compare_md.c, SVG in fmt_compare_svg.c.
 */
#include "fmt_compare.h"

#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "format/fmt_cells.h"
#include "format/fmt_html.h"
#include "format/fmt_present.h"
#include "format/fmt_text.h"
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

const char *fmt_compare_value(const struct cmp_figure *f, double v, char *buf,
			      size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (f->latency)
		present_latency((uint64_t)(v + 0.5), buf, len);
	else if (f->kind == CMP_CPU || v < 0.95)
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, v >= 1000.0 ? "%.0f" : "%.1f", v);
	return buf;
}

/* A percentage to BUF+*used: "+5.9%", or "+27521%" from 100% on. */
static void put_pct(char *buf, size_t len, size_t *used, const char *before,
		    double pct)
{
	int n = snprintf(buf + *used, len - *used, "%s%+.*f%%", before,
			 fabs(pct) >= 100.0 ? 0 : 1, pct);

	if (n > 0)
		*used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

const char *fmt_compare_difference(const struct compare_result *r, char *buf,
				   size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	if (!isfinite(r->diff_pct))
		return buf;
	put_pct(buf, len, &used, "", r->diff_pct);
	if (isfinite(r->diff_low_pct)) {
		put_pct(buf, len, &used, " [", r->diff_low_pct);
		put_pct(buf, len, &used, ", ", r->diff_high_pct);
		snprintf(buf + used, len - used, "]");
	}
	return buf;
}

const char *fmt_compare_verdict(const struct compare_result *r, char *buf,
				size_t len)
{
	/* Past 100% a ± misleads (the interval is a ratio): say the factor. */
	if (r->verdict == COMPARE_NO_DIFFERENCE && isfinite(r->resolution_pct) &&
	    r->resolution_pct < 100.0)
		snprintf(buf, len, "no clear difference (could see \xc2\xb1%.1f%%)",
			 r->resolution_pct);
	else if (r->verdict == COMPARE_NO_DIFFERENCE &&
		 isfinite(r->resolution_pct))
		snprintf(buf, len, "no clear difference (could see only a "
			 "factor of %.1f)", 1.0 + r->resolution_pct / 100.0);
	else if (r->verdict == COMPARE_NO_FIGURES)
		snprintf(buf, len, "nothing to compare: a group has no value");
	else
		snprintf(buf, len, "%s", report_compare_verdict(r));
	return buf;
}

const char *fmt_compare_missing(const struct comparison *c, size_t k,
				char *buf, size_t len)
{
	static const char side[2] = { 'A', 'B' };
	size_t group[2] = { c->baseline, k };

	buf[0] = '\0';
	for (size_t f = 0; f < c->n_figures; f++) {
		if ((c->figure[f].kind != CMP_RATE &&
		     c->figure[f].kind != CMP_RAND_IOPS) ||
		    !fmt_compare_row(c, f, k))
			continue;
		for (int g = 0; g < 2; g++) {
			const struct cmp_spread *sp =
				&c->spread[f * c->n_groups + group[g]];
			char part[FACTS_NOTE_MAX / 4];

			if (!sp->missing)
				continue;
			if (sp->n == 0 && sp->missing == 1)
				snprintf(part, sizeof(part), "%s in %c's one run",
					 c->figure[f].name, side[g]);
			else
				snprintf(part, sizeof(part), "%s in %zu of %c's "
					 "%zu runs", c->figure[f].name,
					 sp->missing, side[g], sp->n + sp->missing);
			fmt_join(buf, len, "; ", part);
		}
	}
	return buf;
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

	if (!fmt_compare_missing(c, k, missing, sizeof(missing))[0])
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
		rcell(out, fmt_compare_value(fig, c->spread[f * c->n_groups + b].median,
					     text, sizeof(text)), 10);
		rcell(out, fmt_compare_value(fig, c->spread[f * c->n_groups + k].median,
					     text, sizeof(text)), 10);
		cell(out, fmt_compare_difference(r, text, sizeof(text)), 26);
		fprintf(out, "%s\n", fmt_compare_verdict(r, text, sizeof(text)));
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
			fmt_compare_value(fig, c->spread[f * c->n_groups + b].median,
					  text, sizeof(text)));
		fprintf(out, "<td class=\"n\">%s</td>",
			fmt_compare_value(fig, c->spread[f * c->n_groups + k].median,
					  text, sizeof(text)));
		fprintf(out, "<td class=\"n\">%s</td>",
			fmt_compare_difference(r, text, sizeof(text)));
		fprintf(out, "<td class=\"%s\">%s</td></tr>\n",
			verdict_class(r),
			fmt_compare_verdict(r, text, sizeof(text)));
	}
	fputs("</tbody>\n</table>\n", out);
	if (fmt_compare_missing(c, k, missing, sizeof(missing))[0]) {
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
