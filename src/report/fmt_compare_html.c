/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare_html.c - `clyde report --compare --format html`: one page
 * with the title and preamble, then for each group against the baseline
 * what differs and the warnings, a table of every figure (the values the
 * verdict is about, the estimate with its interval, the method, the
 * verdict coloured by its tone) and the notes under it; the report's
 * facts at the end.
 */
#include "fmt_compare.h"

#include <stdlib.h>

#include "format/fmt_html.h"
#include "format/fmt_present.h"
#include "format/fmt_text.h"

static const char html_compare_style[] =
	"td.better{background:hsl(120,60%,80%)}\n"
	"td.worse{background:hsl(0,75%,82%)}\n"
	"td.same{background:hsl(210,60%,88%)}\n"
	"td.unclear{color:#555}\n"
	"td.cache{background:hsl(45,90%,78%)}\n"
	"p.warning{border-left:4px solid #c00;padding-left:.5em;font-weight:bold}\n"
	"ul.notes li{margin:.2em 0}\n"
	"p.preamble{max-width:60em}\n";

static void html_notes(FILE *out, const struct fmt_note *notes, size_t n,
		       bool before)
{
	bool open = false;

	for (size_t i = 0; i < n; i++) {
		if (fmt_note_before(notes[i].kind) != before)
			continue;
		if (notes[i].kind == NOTE_WARNING || notes[i].kind == NOTE_DIFFERS) {
			fprintf(out, "<p%s>", notes[i].kind == NOTE_WARNING
						      ? " class=\"warning\"" : "");
			present_markup_text(out, notes[i].text);
			fputs("</p>\n", out);
			continue;
		}
		if (!open)
			fputs("<ul class=\"notes\">\n", out);
		open = true;
		fputs("<li>", out);
		present_markup_text(out, notes[i].text);
		fputs("</li>\n", out);
	}
	if (open)
		fputs("</ul>\n", out);
}

static void html_row(FILE *out, const struct comparison *c, size_t f, size_t k)
{
	const struct cmp_figure *fig = &c->figure[f];
	const struct judge_result *r = report_compare_result(c, f, k);
	char text[PRESENT_TEXT_MAX];

	fputs("<tr><th>", out);
	present_markup_text(out, fig->name);
	fputs("</th><td class=\"what\">", out);
	present_markup_text(out, fig->measure);
	fprintf(out, "%s</td>", fig->better == COMPARE_LOWER_IS_BETTER
					? " (lower is better)" : "");
	fputs("<td class=\"n\">", out);
	present_markup_text(out, fmt_compare_value(fig, fmt_compare_shown(c, f, k, true),
						   text, sizeof(text)));
	fputs("</td><td class=\"n\">", out);
	present_markup_text(out, fmt_compare_value(fig, fmt_compare_shown(c, f, k, false),
						   text, sizeof(text)));
	fprintf(out, "</td><td class=\"n\">%s</td>",
		fmt_compare_difference(r, text, sizeof(text)));
	fprintf(out, "<td>%s</td>", fmt_compare_method(r, text, sizeof(text)));
	fprintf(out, "<td class=\"%s\">",
		fmt_compare_tone_name(fmt_compare_tone(c, f, k)));
	present_markup_text(out, fmt_compare_verdict(c, f, k, text, sizeof(text)));
	fputs("</td></tr>\n", out);
}

static void html_compare_group(FILE *out, const struct comparison *c, size_t k)
{
	char heading[2 * FMT_NAME_MAX];
	size_t n;
	struct fmt_note *notes = fmt_compare_notes(c, k, &n);

	fputs("<h2>", out);
	present_markup_text(out, fmt_compare_heading(c, k, heading, sizeof(heading)));
	fputs("</h2>\n", out);
	html_notes(out, notes, n, true);
	fputs("<table>\n<thead><tr><th>Test</th><th>Figure</th><th>A</th>"
	      "<th>B</th><th>B against A [interval]</th><th>Method</th>"
	      "<th>Verdict</th></tr></thead>\n<tbody>\n", out);
	fmt_compare_rows(out, c, k, html_row);
	fputs("</tbody>\n</table>\n", out);
	html_notes(out, notes, n, false);
	free(notes);
}

void fmt_compare_html(FILE *out, const struct comparison *c)
{
	char text[FMT_COMPARE_PREAMBLE_MAX];

	fmt_html_begin(out, "Comparison of disk benchmark runs",
		       html_compare_style);
	fputs("<p>", out);
	present_markup_text(out, fmt_compare_title(c, text, sizeof(text)));
	fputs("</p>\n<p class=\"preamble\">", out);
	present_markup_text(out, fmt_compare_preamble(c, text, sizeof(text)));
	fputs("</p>\n", out);
	for (size_t k = 0; k < c->n_groups; k++)
		if (k != c->baseline)
			html_compare_group(out, c, k);
	fmt_html_facts(out, c->facts);
	fputs("</body>\n</html>\n", out);
}
