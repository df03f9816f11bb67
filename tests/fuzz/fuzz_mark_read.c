/* SPDX-License-Identifier: MIT */
/*
 * fuzz_mark_read.c - fuzz harness for the readers of clyde mark's results
 * (mark_csv_line, mark_json_read) and what `clyde report` renders of them
 * (mark_report_render). The first byte picks the reader: even CSV lines,
 * odd JSON; the rest is the input. Oracles: a refused line leaves the set
 * as it was and has a reason (UTF-8 when the input was); every test read
 * is one clyde mark can run, no mark has a test direction twice; what was
 * read writes back (fmt_mark_csv / fmt_mark_json) to text that reads to as
 * many marks and writes again byte for byte; every rendering is valid
 * UTF-8, HTML and SVG balanced with entities escaped, Markdown rows as
 * wide as their header.
 */
#define FUZZ_NAME "mark_read"
#include "fuzz.h"

#include "mark/fmt_mark.h"
#include "mark/mark_read.h"
#include "mark/mark_report.h"
#include "markup_check.h"

static char *render(const char *format, const struct mark_results *runs, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		abort();
	FUZZ_CHECK(mark_report_render(mem, format, runs, n) == 0, "%s refused", format);
	fclose(mem);
	return text;
}

/* Pipes of a Markdown row, not counting escaped ones. */
static size_t md_cells(const char *p, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		if (p[i] == '\\')
			i++;
		else if (p[i] == '|')
			n++;
	}
	return n;
}

static void check_renders(const struct mark_set *set)
{
	static const char *const formats[] = { "text-1.03", "markdown", "html", "svg" };
	char why[160] = "";

	for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		char *text = render(formats[f], set->v, set->n);
		size_t want = 0;

		FUZZ_CHECK(fuzz_utf8_ok(text, strlen(text)), "%s: not UTF-8", formats[f]);
		if (f >= 2)
			FUZZ_CHECK(markup_well_formed(text, f == 2, why, sizeof(why)), "%s: %s",
				   formats[f], why);
		for (const char *p = text; f == 1 && *p;) {
			size_t len = strcspn(p, "\n");

			if (p[0] == '|' && want == 0)
				want = md_cells(p, len);
			else if (p[0] == '|')
				FUZZ_CHECK(md_cells(p, len) == want, "markdown row '%.*s'",
					   (int)len, p);
			p += len + (p[len] == '\n');
		}
		free(text);
	}
}

static void check_marks(const struct mark_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct mark_results *m = &set->v[i];

		FUZZ_CHECK(m->n <= 2 * MARK_MAX_TESTS, "%zu tests", m->n);
		for (size_t k = 0; k < m->n; k++) {
			const struct mark_test *t = &m->tests[k].test;

			FUZZ_CHECK(t->block_bytes >= MARK_MIN_BLOCK &&
					   t->block_bytes <= MARK_MAX_BLOCK &&
					   !(t->block_bytes & (t->block_bytes - 1)) &&
					   t->depth >= 1 && t->depth <= 1024 && t->threads >= 1 &&
					   t->threads <= MAX_RANDOM_THREADS,
				   "test %zu of mark %zu out of range", k, i);
			FUZZ_CHECK(m->tests[k].n_runs <= MARK_MAX_RUNS, "%zu runs",
				   m->tests[k].n_runs);
		}
	}
}

/* SET written as FORMAT, read back, written again: the same text. */
static void round_trip(const struct mark_set *set, const char *format, bool csv)
{
	struct mark_set back = { 0 };
	struct parse_error err = { "" };
	char *text = render(format, set->v, set->n), *again;

	if (csv) {
		for (const char *p = text; *p; p += strcspn(p, "\n") + 1)
			FUZZ_CHECK(mark_csv_line(&back, p, strcspn(p, "\n") + 1, &err) >= 0,
				   "CSV written does not read: %s: '%.*s'", err.msg,
				   (int)strcspn(p, "\n"), p);
	} else {
		char why[160] = "";

		FUZZ_CHECK(json_valid(text, why, sizeof(why)), "json: %s", why);
		FUZZ_CHECK(mark_json_read(&back, text, strlen(text), &err) == 0,
			   "JSON written does not read: %s", err.msg);
	}
	FUZZ_CHECK(back.n == set->n, "%zu marks read back as %zu", set->n, back.n);
	again = render(format, back.v, back.n);
	FUZZ_CHECK(strcmp(text, again) == 0, "%s written again differs", format);
	free(again);
	free(text);
	mark_set_free(&back);
}

static void read_csv(struct mark_set *set, const char *text, size_t size)
{
	for (size_t at = 0; at < size;) {
		const char *end = memchr(text + at, '\n', size - at);
		size_t len = end ? (size_t)(end - (text + at)) + 1 : size - at;
		struct parse_error err = { "" };
		size_t n = set->n, tests = n ? set->v[n - 1].n : 0;

		if (mark_csv_line(set, text + at, len, &err) < 0) {
			size_t why = strnlen(err.msg, sizeof(err.msg));

			FUZZ_CHECK(why > 0 && why < sizeof(err.msg), "no reason");
			FUZZ_CHECK(!fuzz_utf8_ok(text + at, len) || fuzz_utf8_ok(err.msg, why),
				   "reason '%s' is not UTF-8", err.msg);
			FUZZ_CHECK(set->n == n && (!n || set->v[n - 1].n == tests),
				   "a refused line changed the marks");
		}
		at += len;
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	bool csv = size > 0 && data[0] % 2 == 0;
	const char *text = size > 0 ? (const char *)data + 1 : "";

	if (size > 0)
		size--;
	if (size > 256 * 1024)
		return 0;
	if (csv)
		read_csv(&set, text, size);
	else if (mark_json_read(&set, text, size, &err) != 0)
		FUZZ_CHECK(err.msg[0], "JSON refused without a reason");
	check_marks(&set);
	if (set.n > 0) {
		check_renders(&set);
		round_trip(&set, "json", false);
		if (csv)
			round_trip(&set, "csv-1.98", true);
	}
	mark_set_free(&set);
	return 0;
}
