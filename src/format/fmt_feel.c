/* SPDX-License-Identifier: MIT */
/*
 * fmt_feel.c - the probe's waits in words (fmt_feel.h): the tests a probe
 * ran beside, the Feel lines of clyde's text and clyde report's, and the
 * report's Markdown and HTML tables of them.
 */
#include "fmt_feel.h"

#include <inttypes.h>
#include <string.h>

#include "fmt_json.h"
#include "fmt_present.h"
#include "run/phase_info.h"
#include "run_source.h"

bool fmt_feel_test(const struct run_results *r, size_t i, struct feel_test *t)
{
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random
							 : MAX_RANDOM_TESTS;

	for (int p = 0; p < PHASE_COUNT; p++)
		if (fmt_json_probe_ran(&r->phase[p].probe) && i-- == 0) {
			snprintf(t->name, sizeof(t->name), "%s", phase_table[p].name);
			snprintf(t->title, sizeof(t->title), "%s", phase_table[p].title);
			t->probe = &r->phase[p].probe;
			return true;
		}
	for (size_t k = 0; k < n_random; k++) {
		const struct random_result *rt = &r->random[k];

		if (!fmt_json_probe_ran(&rt->probe) || i-- != 0)
			continue;
		/* Results from before the engines (threads unknown) keep
		 * their words, as the random-I/O table. */
		if (rt->threads)
			snprintf(t->name, sizeof(t->name), "random %s, Q%" PRIu32
				 "T%" PRIu32, rt->writes ? "writes" : "reads",
				 rt->depth, rt->threads);
		else
			snprintf(t->name, sizeof(t->name), "random %s, depth %"
				 PRIu32, rt->writes ? "writes" : "reads", rt->depth);
		snprintf(t->title, sizeof(t->title), "R%s", t->name + 1);
		t->probe = &rt->probe;
		return true;
	}
	return false;
}

const char *fmt_feel_waits(const struct probe_waits *w, char *buf, size_t len)
{
	char p50[32], p99[32], max[32];

	snprintf(buf, len, "p50 %s, p99 %s, max %s (%" PRIu64 " over 100 ms, %"
		 PRIu64 " over 1 s)",
		 present_latency(w->lat.p50_ns, p50, sizeof(p50)),
		 present_latency(w->lat.p99_ns, p99, sizeof(p99)),
		 present_latency(w->lat.max_ns, max, sizeof(max)),
		 w->over_100ms, w->over_1s);
	return buf;
}

const char *fmt_feel_text(const struct probe_result *p, char *buf, size_t len)
{
	char reads[FEEL_TEXT_MAX / 2], writes[FEEL_TEXT_MAX / 2];
	bool r = p->read.lat.count != 0, w = p->write.lat.count != 0;

	snprintf(buf, len, "%s%s%s%s%s", r ? "reads waited " : "",
		 r ? fmt_feel_waits(&p->read, reads, sizeof(reads)) : "",
		 r && w ? "; " : "", w ? "fsynced writes " : "",
		 w ? fmt_feel_waits(&p->write, writes, sizeof(writes)) : "");
	return buf;
}

/* R's lines, LABEL after "Feel". */
static void feel_lines(FILE *out, const struct run_results *r,
		       const char *label)
{
	struct feel_test t;
	char text[FEEL_TEXT_MAX];

	for (size_t i = 0; fmt_feel_test(r, i, &t); i++)
		fprintf(out, "Feel%s: %s: %s\n", label, t.name,
			fmt_feel_text(t.probe, text, sizeof(text)));
}

void fmt_feel(FILE *out, const struct run_results *r)
{
	feel_lines(out, r, "");
}

void fmt_feel_runs(FILE *out, struct run_source *src)
{
	const struct run_results *r;
	char label[MACHINE_MAX + 32];

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		snprintf(label, sizeof(label), " (run %zu, %s)", i + 1, r->machine);
		feel_lines(out, r, src->n == 1 ? "" : label);
	}
}

bool fmt_feel_any(struct run_source *src)
{
	const struct run_results *r;
	struct feel_test t;

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		if (fmt_feel_test(r, 0, &t))
			return true;
	return false;
}

/* What the tables' title says the probe did. */
static const char feel_about[] =
	"what an interactive program waited beside each test (--probe): a "
	"4 KiB read of an uncached block of a file of its own every 10 ms, "
	"and with writes a 4 KiB write and its fsync every 100 ms, each read "
	"with O_DIRECT where the filesystem takes it, else (\"evicted\") "
	"after the block was dropped from the page cache; lower is better";

/* The cells of one kind's waits between SEP and END: p50, p99, max, the
 * waits over 100 ms and over 1 s; empty ones when it did not run. */
static void cells(FILE *out, const struct probe_waits *w, const char *sep,
		  const char *end)
{
	const uint64_t ns[] = { w->lat.p50_ns, w->lat.p99_ns, w->lat.max_ns };
	char text[32];

	for (size_t i = 0; i < 3; i++)
		fprintf(out, "%s%s%s", sep, w->lat.count == 0 ? "" :
			present_latency(ns[i], text, sizeof(text)), end);
	for (int i = 0; i < 2; i++) {
		fputs(sep, out);
		if (w->lat.count)
			fprintf(out, "%" PRIu64, i ? w->over_1s : w->over_100ms);
		fputs(end, out);
	}
}

/* A row per run and test a probe ran beside: Markdown's, or HTML's. */
static void rows(FILE *out, struct run_source *src, bool html)
{
	const struct run_results *r;
	struct feel_test t;

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; fmt_feel_test(r, k, &t); k++) {
			fputs(html ? "<tr><th>" : "| ", out);
			if (html)
				present_markup_text(out, r->machine);
			else
				present_markdown_text(out, r->machine);
			fprintf(out, html ? "</th><td class=\"what\">%s%s</td>"
					  : " | %s%s |", t.title,
				t.probe->direct ? "" : " (evicted)");
			cells(out, &t.probe->read, html ? "<td>" : " ",
			      html ? "</td>" : " |");
			cells(out, &t.probe->write, html ? "<td>" : " ",
			      html ? "</td>" : " |");
			fputs(html ? "</tr>\n" : "\n", out);
		}
}

void fmt_feel_markdown(FILE *out, struct run_source *src)
{
	fprintf(out, "**How the machine felt**: %s.\n\n", feel_about);
	fputs("| Machine | Test | Reads p50 | p99 | max | >100 ms | >1 s | "
	      "Writes p50 | p99 | max | >100 ms | >1 s |\n"
	      "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n", out);
	rows(out, src, false);
}

void fmt_feel_html(FILE *out, struct run_source *src)
{
	fprintf(out, "<h2>How the machine felt</h2>\n<p>%s.</p>\n", feel_about);
	fputs("<table>\n<thead>\n<tr><th rowspan=\"2\">Machine</th><th "
	      "rowspan=\"2\">Test</th><th colspan=\"5\">Reads waited</th>"
	      "<th colspan=\"5\">Fsynced writes waited</th></tr>\n<tr>", out);
	for (int k = 0; k < 2; k++)
		fputs("<th>p50</th><th>p99</th><th>max</th><th>&gt;100 ms</th>"
		      "<th>&gt;1 s</th>", out);
	fputs("</tr>\n</thead>\n<tbody>\n", out);
	rows(out, src, true);
	fputs("</tbody>\n</table>\n", out);
}
