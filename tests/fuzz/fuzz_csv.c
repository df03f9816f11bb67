/* SPDX-License-Identifier: MIT */
/*
 * fuzz_csv.c - fuzz harness for the CSV reader with a round-trip oracle: a
 * line csv_parse_line accepts must re-serialise with fmt_csv_line in every
 * CSV format to a line that parses again to the same figures (as far as
 * that format carries them), and a second round trip must change nothing.
 */
#define FUZZ_NAME "csv"
#include "fuzz.h"

#include <inttypes.h>

#include "read/csv.h"
#include "format/fmt.h"
#include "format/fmt_text.h"
#include "lib/utf8.h"

static const struct {
	enum csv_format format;
	const char *id;
	size_t fields;
} formats[] = {
	{ CSV_103, "1.03", 27 },
	{ CSV_196, "1.96", 48 },
	{ CSV_197, "1.97", 48 },
	{ CSV_198, "1.98", 50 },
};

/* R as one line of format F (malloc'd), checked for shape. */
static char *serialise(const struct run_results *r, size_t f)
{
	char *text = NULL;
	size_t len = 0, commas = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		abort();
	fmt_csv_line(out, r, formats[f].format);
	if (fclose(out) != 0)
		abort();
	FUZZ_CHECK(len > 0 && text[len - 1] == '\n' &&
			   strchr(text, '\n') == text + len - 1,
		   "%s line is not one line: '%s'", formats[f].id, text);
	FUZZ_CHECK(fuzz_utf8_ok(text, len), "%s line is not UTF-8",
		   formats[f].id);
	for (size_t i = 0; i < len; i++)
		commas += text[i] == ',';
	FUZZ_CHECK(commas + 1 == formats[f].fields,
		   "%s line has %zu fields: '%s'", formats[f].id, commas + 1,
		   text);
	return text;
}

/* What fmt_latency keeps of NS: whole us, ms above 99999 us, s above 99999 ms. */
static uint64_t latency_kept(uint64_t ns)
{
	uint64_t us = ns / 1000;

	if (us > UINT64_C(99999999))
		return us / 1000000 * UINT64_C(1000000000);
	if (us > UINT64_C(99999))
		return us / 1000 * UINT64_C(1000000);
	return us * 1000;
}

static double distance(double a, double b)
{
	return a > b ? a - b : b - a;
}

/*
 * TEXT as a CSV text field writes it unchanged: no comma, no control and no
 * character the writer names ("[U+0098]").
 */
static bool plain_text(const char *text)
{
	for (size_t n = strlen(text); *text;) {
		size_t k = utf8_printable_at(text, n);

		if (k == 0 || *text == ',')
			return false;
		text += k;
		n -= k;
	}
	return true;
}

/* B's text field read back from A's: the same, or made plain where A's was not. */
static bool same_text(const char *a, const char *b)
{
	return strcmp(a, b) == 0 || (!plain_text(a) && plain_text(b));
}

/* B (read back from format F) against A, the run it was written from. */
static void compare(const struct run_results *a, const struct run_results *b,
		    size_t f, const char *line)
{
	enum csv_format cf = formats[f].format;
	const char *id = formats[f].id;

	FUZZ_CHECK(strcmp(b->format_id, id) == 0, "%s line read as %s: '%s'",
		   id, b->format_id, line);
	/* A 1.03 line starts with the name: its leading '#' is written as '_'. */
	FUZZ_CHECK(same_text(a->machine, b->machine) ||
			   (cf == CSV_103 && a->machine[0] == '#' &&
			    b->machine[0] == '_' &&
			    strcmp(a->machine + 1, b->machine + 1) == 0),
		   "%s: machine '%s' became '%s'", id, a->machine, b->machine);
	FUZZ_CHECK(a->io.size_mib == b->io.size_mib,
		   "%s: size %" PRIu64 " became %" PRIu64 ": '%s'", id,
		   a->io.size_mib, b->io.size_mib, line);
	if (a->io.size_mib)
		FUZZ_CHECK(a->io.chunk_bytes == b->io.chunk_bytes,
			   "%s: chunk %" PRIu64 " became %" PRIu64, id,
			   a->io.chunk_bytes, b->io.chunk_bytes);
	if (a->io.size_mib && cf == CSV_198)
		FUZZ_CHECK(a->io.seeks == b->io.seeks &&
				   a->io.seekers == b->io.seekers,
			   "%s: seeks/seekers changed: '%s'", id, line);
	if (cf != CSV_103)
		FUZZ_CHECK(a->concurrency == b->concurrency &&
				   same_text(a->seed, b->seed) &&
				   strcmp(a->program, b->program) == 0 &&
				   strcmp(a->version, b->version) == 0,
			   "%s: concurrency, seed, program or version changed: "
			   "'%s'", id, line);
	FUZZ_CHECK(a->files.count_k == b->files.count_k,
		   "%s: file count changed: '%s'", id, line);
	if (a->files.count_k)
		FUZZ_CHECK(a->files.max_bytes == b->files.max_bytes &&
				   a->files.min_bytes == b->files.min_bytes &&
				   a->files.dirs == b->files.dirs,
			   "%s: file sizes or dirs changed: '%s'", id, line);
	for (int p = 0; p < PHASE_COUNT; p++) {
		const struct phase_result *pa = &a->phase[p], *pb = &b->phase[p];
		/* Seek rates print with one decimal, or none from 1000 on. */
		double tol = p != PHASE_SEEKS ? 0.0
			     : cf == CSV_103 || pa->rate < 1000.0 ? 0.05
								  : 0.5;

		FUZZ_CHECK(pa->state == pb->state, "%s: phase %d state %d -> %d: "
			   "'%s'", id, p, (int)pa->state, (int)pb->state, line);
		if (pa->state == FIGURE_VALUE) {
			FUZZ_CHECK(distance(pa->rate, pb->rate) <=
					   tol * (1 + 1e-9) + pa->rate * 1e-15,
				   "%s: phase %d rate %.17g -> %.17g: '%s'", id, p,
				   pa->rate, pb->rate, line);
			FUZZ_CHECK(pa->cpu_pct == pb->cpu_pct,
				   "%s: phase %d cpu %.17g -> %.17g", id, p,
				   pa->cpu_pct, pb->cpu_pct);
		}
		if (cf != CSV_103 && pa->state != FIGURE_NONE)
			FUZZ_CHECK(pb->lat.max_ns == latency_kept(pa->lat.max_ns),
				   "%s: phase %d latency %" PRIu64 " -> %" PRIu64,
				   id, p, pa->lat.max_ns, pb->lat.max_ns);
	}
}

/* Write A in format F, read it back, and again: the second trip is exact. */
static void round_trip(const struct run_results *a, size_t f)
{
	static struct run_results b, c;
	struct parse_error err = { "" };
	char *one = serialise(a, f), *two;
	int rc = csv_parse_line(one, &b, &err);

	FUZZ_CHECK(rc == 1, "%s line '%s' does not read back (rc %d): %s",
		   formats[f].id, one, rc, err.msg);
	compare(a, &b, f, one);
	two = serialise(&b, f);
	rc = csv_parse_line(two, &c, &err);
	FUZZ_CHECK(rc == 1, "second %s line '%s' does not read back: %s",
		   formats[f].id, two, err.msg);
	compare(&b, &c, f, two);
	free(one);
	one = serialise(&c, f);
	FUZZ_CHECK(strcmp(one, two) == 0, "%s lines differ on the second trip:"
		   "\n'%s'\n'%s'", formats[f].id, two, one);
	free(one);
	free(two);
}

/* A latency text alone: what reads must print and read back the same. */
static void latency_text(const char *text)
{
	char buf[LATENCY_TEXT_MAX];
	uint64_t ns, again;

	if (strlen(text) > 40 || csv_parse_latency(text, &ns) != 0)
		return;
	fmt_latency(ns, buf);
	FUZZ_CHECK(csv_parse_latency(buf, &again) == 0 &&
			   again == latency_kept(ns),
		   "latency '%s' = %" PRIu64 " ns prints as '%s'", text, ns, buf);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct run_results r;
	struct parse_error err = { "" };
	char *line = fuzz_string(data, size);
	int rc = csv_parse_line(line, &r, &err);

	if (rc < 0) {
		size_t n = strnlen(err.msg, sizeof(err.msg));

		FUZZ_CHECK(n > 0 && n < sizeof(err.msg), "no reason given");
		FUZZ_CHECK(!fuzz_utf8_ok(line, strlen(line)) ||
				   fuzz_utf8_ok(err.msg, n),
			   "reason '%s' is not UTF-8", err.msg);
	} else if (rc > 0) {
		for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++)
			round_trip(&r, f);
	} else {
		FUZZ_CHECK(rc == 0, "rc %d", rc);
	}
	latency_text(line);
	free(line);
	return 0;
}
