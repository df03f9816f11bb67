/* SPDX-License-Identifier: MIT */
/*
 * fmt_html.c - `clyde report --format html`: one self-contained HTML5 page
 * (inline CSS, no scripts, nothing fetched) with a table for the I/O tests
 * and one for the file tests, a latency row under each run, and every
 * column shaded from worst (red) to best (green) as bon_csv2html does.
 */
#include <string.h>

#include "fmt.h"
#include "fmt_html.h"
#include "fmt_internal.h"
#include "fmt_feel.h"
#include "fmt_present.h"
#include "fmt_series_svg.h"
#include "fmt_text.h"
#include "run_facts.h"
#include "run_source.h"

/* What every part of the page reads. */
struct html_page {
	FILE *out;
	struct run_source *src;
	struct fmt_usage use;
	const struct run_facts *facts; /* clyde report's, or NULL */
	bool tagged;                   /* a Setup column tells runs apart */
};

static const char html_style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;"
	"background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}\n"
	/* A table wider than the page scrolls in its own box. */
	"table{border-collapse:collapse;display:block;overflow-x:auto;"
	"max-width:max-content}\n"
	"th,td{border:1px solid #aaa;padding:.25em .55em}\n"
	"thead th{background:#e6e6e6}\n"
	"tbody th{text-align:left;background:#f6f6f6;max-width:28em;"
	"overflow-wrap:break-word}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums;"
	"white-space:nowrap}\n"
	"td.fast{text-align:center;font-style:italic;color:#555;"
	"font-size:.85em}\n"
	"tr.lat td{font-size:.85em;color:#333}\n"
	"td.what{color:#555;white-space:nowrap}\n"
	"td.setup{color:#333;font-size:.9em;max-width:22em}\n"
	"p.key span{display:inline-block;padding:0 .6em;margin:0 .1em}\n";

/* Worst (0) red through yellow to best (1) green, light enough for text. */
static void html_shade(FILE *out, const struct present_scale *s, double v)
{
	if (present_scale_on(s))
		fprintf(out, " style=\"background:hsl(%d,75%%,78%%)\"",
			(int)(present_scale_pos(s, v) * 120.0 + 0.5));
}

/* The three shading scales of one test column over the rows of a part. */
struct html_column {
	enum phase_id phase;
	struct present_scale rate, cpu, lat;
};

static double cpu_per_rate(const struct phase_result *ph, enum phase_id p)
{
	return ph->cpu_pct / present_value(ph, p);
}

static void column_init(struct html_column *c, enum phase_id p)
{
	c->phase = p;
	present_scale_init(&c->rate, true);
	present_scale_init(&c->cpu, false);
	present_scale_init(&c->lat, false);
}

/* Run R's figures into column C's scales. */
static void column_add(struct html_column *c, const struct run_results *r)
{
	const struct phase_result *ph = &r->phase[c->phase];
	enum phase_id p = c->phase;

	if (ph->state == FIGURE_NONE)
		return;
	if (ph->lat.max_ns != 0)
		present_scale_add(&c->lat, (double)ph->lat.max_ns);
	if (ph->state != FIGURE_VALUE || present_value(ph, p) <= 0)
		return;
	present_scale_add(&c->rate, present_value(ph, p));
	present_scale_add(&c->cpu, cpu_per_rate(ph, p));
}

static void html_figure(FILE *out, const struct run_results *r,
			const struct html_column *c)
{
	const struct phase_result *ph = &r->phase[c->phase];
	char text[PRESENT_TEXT_MAX];

	if (ph->state == FIGURE_NONE) {
		fputs("<td colspan=\"2\"></td>", out);
		return;
	}
	if (ph->state == FIGURE_TOO_FAST) {
		fputs("<td colspan=\"2\" class=\"fast\" title=\"+++++: the test "
		      "took under 0.5 s\">too fast to measure</td>", out);
		return;
	}
	fputs("<td class=\"n\"", out);
	if (present_value(ph, c->phase) > 0)
		html_shade(out, &c->rate, present_value(ph, c->phase));
	fprintf(out, ">%s</td>", present_rate(ph, c->phase, text, sizeof(text)));
	fputs("<td class=\"n\"", out);
	if (present_value(ph, c->phase) > 0)
		html_shade(out, &c->cpu, cpu_per_rate(ph, c->phase));
	fprintf(out, ">%s</td>", present_cpu(ph, text, sizeof(text)));
}

static void html_latency(FILE *out, const struct run_results *r,
			 const struct html_column *c)
{
	const struct phase_result *ph = &r->phase[c->phase];
	char text[PRESENT_TEXT_MAX];

	fputs("<td colspan=\"2\" class=\"n\"", out);
	if (ph->state == FIGURE_NONE || ph->lat.max_ns == 0) {
		fputs("></td>", out);
		return;
	}
	html_shade(out, &c->lat, (double)ph->lat.max_ns);
	fprintf(out, ">%s</td>",
		present_latency(ph->lat.max_ns, text, sizeof(text)));
}

static bool row_has_latency(const struct run_results *r,
			    const struct html_column *cols, size_t n_cols)
{
	for (size_t k = 0; k < n_cols; k++) {
		const struct phase_result *ph = &r->phase[cols[k].phase];

		if (ph->state != FIGURE_NONE && ph->lat.max_ns != 0)
			return true;
	}
	return false;
}

/* One table for the tests FIRST..LAST that some run has, rows for the runs that HAS. */
static void html_part(const struct html_page *pg,
		      enum phase_id first, enum phase_id last,
		      const char *title, const char *what,
		      bool (*has)(const struct run_results *),
		      const char *(*describe)(const struct run_results *,
					      char *, size_t))
{
	struct html_column cols[PHASE_COUNT];
	struct run_source *src = pg->src;
	const struct run_results *r;
	FILE *out = pg->out;
	size_t n_cols = 0;

	for (int p = first; p <= (int)last; p++)
		if (pg->use.used[p])
			column_init(&cols[n_cols++], (enum phase_id)p);
	if (n_cols == 0)
		return;
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; k < n_cols && has(r); k++)
			column_add(&cols[k], r);
	fprintf(out, "<h2>%s</h2>\n<table>\n<thead>\n<tr><th rowspan=\"2\">"
		"Machine</th>%s<th rowspan=\"2\">%s</th>", title,
		pg->tagged ? "<th rowspan=\"2\">Setup</th>" : "", what);
	for (size_t k = 0; k < n_cols; k++)
		fprintf(out, "<th colspan=\"2\">%s</th>",
			phase_table[cols[k].phase].title);
	fputs("</tr>\n<tr>", out);
	for (size_t k = 0; k < n_cols; k++)
		fprintf(out, "<th>%s</th><th>CPU %%</th>",
			present_unit_name(phase_table[cols[k].phase].unit));
	fputs("</tr>\n</thead>\n<tbody>\n", out);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		bool lat = row_has_latency(r, cols, n_cols);
		char text[FMT_TEXT_MAX], tag[FACTS_CAPTION_MAX];

		if (!has(r))
			continue;
		fprintf(out, "<tr><th%s>", lat ? " rowspan=\"2\"" : "");
		present_markup_text(out, r->machine);
		fputs("</th>", out);
		if (pg->tagged) {
			fprintf(out, "<td class=\"setup\"%s>",
				lat ? " rowspan=\"2\"" : "");
			present_markup_text(out, run_facts_tag(pg->facts, r,
							       true, tag,
							       sizeof(tag)));
			fputs("</td>", out);
		}
		fprintf(out, "<td class=\"what\">%s</td>",
			describe(r, text, sizeof(text)));
		for (size_t k = 0; k < n_cols; k++)
			html_figure(out, r, &cols[k]);
		fputs("</tr>\n", out);
		if (!lat)
			continue;
		fputs("<tr class=\"lat\"><td class=\"what\">latency (max)</td>",
		      out);
		for (size_t k = 0; k < n_cols; k++)
			html_latency(out, r, &cols[k]);
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

static void html_key(FILE *out)
{
	static const double stops[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
	struct present_scale s;

	present_scale_init(&s, true);
	present_scale_add(&s, 0.0);
	present_scale_add(&s, 1.0);
	fputs("<p class=\"key\">Each column is shaded from worst to best: "
	      "rates high = good, CPU % per unit of rate low = good, latency "
	      "low = good.<br>worst", out);
	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		fputs("<span", out);
		html_shade(out, &s, stops[i]);
		fputs(">&nbsp;</span>", out);
	}
	fputs("best</p>\n", out);
}

/* "13 runs", and the summary rows when there are some. */
static void html_count(const struct html_page *pg)
{
	const struct run_facts *f = pg->facts;
	char count[128];

	if (f)
		fputs(run_facts_count(f, count, sizeof(count)), pg->out);
	else
		fprintf(pg->out, "%zu run%s", pg->use.n,
			pg->use.n == 1 ? "" : "s");
}

void fmt_html_facts(FILE *out, const struct run_facts *f)
{
	if (!f || (!f->caption[0] && !f->n_notes))
		return;
	fputs("<h2>About these runs</h2>\n", out);
	if (f->caption[0]) {
		fputs("<p>Every run: ", out);
		present_markup_text(out, f->caption);
		fputs(".</p>\n", out);
	}
	if (!f->n_notes)
		return;
	fputs("<ul>\n", out);
	for (size_t i = 0; i < f->n_notes; i++) {
		fputs("<li>", out);
		present_markup_text(out, f->notes[i]);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}

void fmt_html_begin(FILE *out, const char *title, const char *style)
{
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n"
		"<meta name=\"generator\" content=\"clyde %s\">\n"
		"<title>%s</title>\n<style>\n%s%s</style>\n"
		"</head>\n<body>\n<h1>%s</h1>\n",
		CLYDE_VERSION, title, html_style, style, title);
}

void fmt_html(FILE *out, struct run_source *src,
	      const struct run_facts *facts)
{
	struct html_page pg = { .out = out, .src = src, .facts = facts,
				.tagged = run_facts_tagged(facts, true) };

	fmt_usage(src, &pg.use);
	fmt_html_begin(out, "Disk benchmark results", "");
	fputs("<p>", out);
	html_count(&pg);
	fputs(". Rates in MiB/s (1 MiB = 1024 KiB = 1048576 bytes), seeks/s "
	      "and files/s; CPU in percent of one core; latency is the "
	      "slowest single operation. \"Too fast to measure\" is "
	      "bonnie++'s +++++: the test took under 0.5 s.</p>\n", out);
	html_key(out);
	html_part(&pg, PHASE_PUTC, PHASE_SEEKS, "Sequential I/O", "Test size",
		  fmt_has_io, present_io);
	html_part(&pg, PHASE_SEQ_CREATE, PHASE_RAN_DELETE, "File tests",
		  "Files", fmt_has_files, present_files);
	fmt_series_html(out, src);
	if (fmt_feel_any(src))
		fmt_feel_html(out, src);
	fmt_html_facts(out, facts);
	fputs("</body>\n</html>\n", out);
}
