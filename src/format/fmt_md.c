/* SPDX-License-Identifier: MIT */
/*
 * fmt_md.c - `clyde report --format markdown`: GitHub-flavoured Markdown
 * tables for blog posts, one row per run: the I/O tests, the file tests and
 * the maximum latencies, units in the headers, machine names escaped.
 */
#include "fmt.h"
#include "fmt_internal.h"
#include "fmt_feel.h"
#include "fmt_present.h"
#include "fmt_why.h"
#include "fmt_text.h"
#include "run_facts.h"
#include "run_source.h"

/* Whether a block was printed (blocks are separated by an empty line),
 * what the notes under the tables must explain, and what the runs hold. */
struct md_seen {
	bool started, too_fast, not_run;
	struct fmt_usage use;
	const struct run_facts *facts; /* clyde report's, or NULL */
	bool tagged;                   /* a Setup column tells runs apart */
};

static void md_block(FILE *out, struct md_seen *seen)
{
	if (seen->started)
		fputc('\n', out);
	seen->started = true;
}

/* "| TAG |": the Setup cell of R, when the table has that column. */
static void md_setup(FILE *out, const struct md_seen *seen,
		     const struct run_results *r);

static void md_rule(FILE *out, size_t left, size_t right)
{
	fputc('|', out);
	while (left-- > 0)
		fputs(" :--- |", out);
	while (right-- > 0)
		fputs(" ---: |", out);
	fputc('\n', out);
}

/* "337.3 (89%)", "+++++" or "" for one test of one run. */
static void md_figure(FILE *out, const struct run_results *r,
		      enum phase_id p, struct md_seen *seen)
{
	const struct phase_result *ph = &r->phase[p];
	char rate[PRESENT_TEXT_MAX], cpu[PRESENT_TEXT_MAX];

	present_rate(ph, p, rate, sizeof(rate));
	if (ph->state == FIGURE_VALUE)
		fprintf(out, " %s (%s%%) |", rate,
			present_cpu(ph, cpu, sizeof(cpu)));
	else if (ph->state == FIGURE_TOO_FAST)
		fprintf(out, " %s |", rate);
	else
		fputs(" |", out);
	seen->too_fast |= ph->state == FIGURE_TOO_FAST;
	seen->not_run |= ph->state == FIGURE_NONE;
}

/*
 * One table of tests FIRST..LAST (those some run has) for the runs that
 * HAS: the machine, DESCRIBE's text, then a figure per test.
 */
static void md_part(FILE *out, struct run_source *src,
		    enum phase_id first, enum phase_id last, const char *title,
		    const char *what, bool (*has)(const struct run_results *),
		    const char *(*describe)(const struct run_results *, char *,
					    size_t),
		    struct md_seen *seen)
{
	const bool *used = seen->use.used;
	const struct run_results *r;
	size_t cols = 0;

	for (int p = first; p <= (int)last; p++)
		cols += used[p];
	if (cols == 0)
		return;
	md_block(out, seen);
	fprintf(out, "%s\n\n| Machine |%s %s |", title,
		seen->tagged ? " Setup |" : "", what);
	for (int p = first; p <= (int)last; p++) {
		const struct phase_info *t = &phase_table[p];

		if (used[p])
			fprintf(out, " %s (CPU %%) |", t->column);
	}
	fputc('\n', out);
	md_rule(out, 2 + seen->tagged, cols);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		char text[FMT_TEXT_MAX];

		if (!has(r))
			continue;
		fputs("| ", out);
		present_markdown_text(out, r->machine);
		fputs(" |", out);
		md_setup(out, seen, r);
		fprintf(out, " %s |", describe(r, text, sizeof(text)));
		for (int p = first; p <= (int)last; p++)
			if (used[p])
				md_figure(out, r, (enum phase_id)p, seen);
		fputc('\n', out);
	}
}

static bool run_has_latency(const struct run_results *r)
{
	for (int p = 0; p < PHASE_COUNT; p++)
		if (r->phase[p].state != FIGURE_NONE && r->phase[p].lat.max_ns)
			return true;
	return false;
}

static void md_latency(FILE *out, struct run_source *src, struct md_seen *seen)
{
	const bool *latency = seen->use.latency;
	const struct run_results *r;
	size_t cols = 0;

	for (int p = 0; p < PHASE_COUNT; p++)
		cols += latency[p];
	if (cols == 0)
		return;
	md_block(out, seen);
	fprintf(out, "**Latency**: the slowest single operation of each test"
		"\n\n| Machine |%s", seen->tagged ? " Setup |" : "");
	for (int p = 0; p < PHASE_COUNT; p++)
		if (latency[p])
			fprintf(out, " %s |", phase_table[p].title);
	fputc('\n', out);
	md_rule(out, 1 + seen->tagged, cols);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		if (!run_has_latency(r))
			continue;
		fputs("| ", out);
		present_markdown_text(out, r->machine);
		fputs(" |", out);
		md_setup(out, seen, r);
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &r->phase[p];
			char text[PRESENT_TEXT_MAX];

			if (!latency[p])
				continue;
			fprintf(out, " %s |",
				ph->state == FIGURE_NONE
					? ""
					: present_latency(ph->lat.max_ns, text,
							  sizeof(text)));
		}
		fputc('\n', out);
	}
}

static void md_setup(FILE *out, const struct md_seen *seen,
		     const struct run_results *r)
{
	char tag[FACTS_CAPTION_MAX];

	if (!seen->tagged)
		return;
	fputc(' ', out);
	present_markdown_text(out, run_facts_tag(seen->facts, r, true, tag,
						 sizeof(tag)));
	fputs(" |", out);
}

/* How many runs, what they share, and the notes, after the tables. */
static void md_facts(FILE *out, struct md_seen *seen)
{
	const struct run_facts *f = seen->facts;
	char count[128];

	md_block(out, seen);
	fprintf(out, "**Runs**: %s", run_facts_count(f, count, sizeof(count)));
	if (f->caption[0]) {
		fputs(". Every run: ", out);
		present_markdown_text(out, f->caption);
	}
	fputs(".\n", out);
	if (f->n_notes)
		fputc('\n', out);
	for (size_t i = 0; i < f->n_notes; i++) {
		fputs("- ", out);
		present_markdown_text(out, f->notes[i]);
		fputs("\n", out);
	}
}

void fmt_markdown(FILE *out, struct run_source *src,
		  const struct run_facts *facts)
{
	struct md_seen seen = { .facts = facts,
				.tagged = run_facts_tagged(facts, true) };

	fmt_usage(src, &seen.use);
	md_part(out, src, PHASE_PUTC, PHASE_SEEKS,
		"**Sequential I/O**: MiB/s (1 MiB = 1024 KiB) and seeks/s, "
		"with CPU % in parentheses", "Test size", fmt_has_io,
		present_io, &seen);
	md_part(out, src, PHASE_SEQ_CREATE, PHASE_RAN_DELETE,
		"**File tests**: files/s, with CPU % in parentheses", "Files",
		fmt_has_files, present_files, &seen);
	md_latency(out, src, &seen);
	if (fmt_why_any(src)) {
		md_block(out, &seen);
		fmt_why_markdown(out, src);
	}
	if (fmt_feel_any(src)) {
		md_block(out, &seen);
		fmt_feel_markdown(out, src);
	}
	if (facts)
		md_facts(out, &seen);
	if (seen.too_fast || seen.not_run)
		md_block(out, &seen);
	if (seen.too_fast)
		fputs("+++++: too fast to measure (the test took under 0.5 s; "
		      "a larger -s or -n would measure it).\n", out);
	if (seen.not_run)
		fputs("An empty cell: the test did not run.\n", out);
}
