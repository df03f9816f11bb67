/* SPDX-License-Identifier: MIT */
/*
 * fmt_md.c - `clyde report --format markdown`: GitHub-flavoured Markdown
 * tables for blog posts, one row per run: the I/O tests, the file tests and
 * the maximum latencies, units in the headers, machine names escaped.
 */
#include <string.h>

#include "fmt.h"
#include "fmt_internal.h"
#include "fmt_present.h"

/* Whether a block was printed (blocks are separated by an empty line) and
 * what the notes under the tables must explain. */
struct md_seen {
	bool started, too_fast, not_run;
};

static void md_block(FILE *out, struct md_seen *seen)
{
	if (seen->started)
		fputc('\n', out);
	seen->started = true;
}

/* TEXT with Markdown's special characters escaped, so a name stays a name,
 * and bidi controls by name. */
static void md_text(FILE *out, const char *text)
{
	for (; *text; text++) {
		size_t bidi = present_bidi(out, text, true);

		if (bidi) {
			text += bidi - 1;
			continue;
		}
		if (strchr("\\`*_[]<>|#~&!", *text))
			fputc('\\', out);
		fputc(*text, out);
	}
}

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
static void md_part(FILE *out, const struct run_results *runs, size_t n,
		    enum phase_id first, enum phase_id last, const char *title,
		    const char *what, bool (*has)(const struct run_results *),
		    const char *(*describe)(const struct run_results *, char *,
					    size_t),
		    struct md_seen *seen)
{
	size_t cols = 0;

	for (int p = first; p <= (int)last; p++)
		cols += present_used(runs, n, (enum phase_id)p);
	if (cols == 0)
		return;
	md_block(out, seen);
	fprintf(out, "%s\n\n| Machine | %s |", title, what);
	for (int p = first; p <= (int)last; p++) {
		const struct phase_info *t = &phase_table[p];

		if (present_used(runs, n, (enum phase_id)p))
			fprintf(out, " %s (CPU %%) |", t->column);
	}
	fputc('\n', out);
	md_rule(out, 2, cols);
	for (size_t i = 0; i < n; i++) {
		char text[FMT_TEXT_MAX];

		if (!has(&runs[i]))
			continue;
		fputs("| ", out);
		md_text(out, runs[i].machine);
		fprintf(out, " | %s |", describe(&runs[i], text, sizeof(text)));
		for (int p = first; p <= (int)last; p++)
			if (present_used(runs, n, (enum phase_id)p))
				md_figure(out, &runs[i], (enum phase_id)p, seen);
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

static void md_latency(FILE *out, const struct run_results *runs, size_t n,
		       struct md_seen *seen)
{
	size_t cols = 0;

	for (int p = 0; p < PHASE_COUNT; p++)
		cols += present_has_latency(runs, n, (enum phase_id)p);
	if (cols == 0)
		return;
	md_block(out, seen);
	fputs("**Latency**: the slowest single operation of each test\n\n"
	      "| Machine |", out);
	for (int p = 0; p < PHASE_COUNT; p++)
		if (present_has_latency(runs, n, (enum phase_id)p))
			fprintf(out, " %s |", phase_table[p].title);
	fputc('\n', out);
	md_rule(out, 1, cols);
	for (size_t i = 0; i < n; i++) {
		if (!run_has_latency(&runs[i]))
			continue;
		fputs("| ", out);
		md_text(out, runs[i].machine);
		fputs(" |", out);
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &runs[i].phase[p];
			char text[PRESENT_TEXT_MAX];

			if (!present_has_latency(runs, n, (enum phase_id)p))
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

void fmt_markdown(FILE *out, const struct run_results *runs, size_t n)
{
	struct md_seen seen = { false, false, false };

	md_part(out, runs, n, PHASE_PUTC, PHASE_SEEKS,
		"**Sequential I/O**: MiB/s (1 MiB = 1024 KiB) and seeks/s, "
		"with CPU % in parentheses", "Test size", fmt_has_io,
		present_io, &seen);
	md_part(out, runs, n, PHASE_SEQ_CREATE, PHASE_RAN_DELETE,
		"**File tests**: files/s, with CPU % in parentheses", "Files",
		fmt_has_files, present_files, &seen);
	md_latency(out, runs, n, &seen);
	if (seen.too_fast || seen.not_run)
		md_block(out, &seen);
	if (seen.too_fast)
		fputs("+++++: too fast to measure (the test took under 0.5 s; "
		      "a larger -s or -n would measure it).\n", out);
	if (seen.not_run)
		fputs("An empty cell: the test did not run.\n", out);
}
