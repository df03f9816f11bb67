/* SPDX-License-Identifier: MIT */
/*
 * test_mark_report.c - mark results beside each other (mark_report.c):
 * text, Markdown, HTML and SVG golden-tested (tests/golden/mark_report)
 * from clyde mark's own golden JSON, the column labels (what differs,
 * twins numbered), the format names, mark's CSV and JSON written again
 * and read back, and the sniff of mark input.
 */
#include "golden.h"
#include "mark/mark_read.h"
#include "mark/mark_report.h"

#define GOLDEN "tests/golden/mark_report"

static struct mark_set set;

/* tests/golden/mark/BASE.json into SET. */
static void load(const char *base)
{
	char path[128];
	struct parse_error err = { "" };

	snprintf(path, sizeof(path), "tests/golden/mark/%s.json", base);
	char *file = golden_read(path);
	char *text = golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION);

	CHECK(path, text && mark_json_read(&set, text, strlen(text), &err) == 0);
	free(file);
	free(text);
}

static char *render(const char *format, const struct mark_results *runs, size_t n,
		    int *rc)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	*rc = mark_report_render(mem, format, runs, n);
	fclose(mem);
	return text;
}

static void golden_formats(const char *base, const struct mark_results *runs, size_t n)
{
	static const struct {
		const char *format, *ext;
	} f[] = { { "text-1.03", "txt" }, { "markdown", "md" }, { "html", "html" },
		  { "svg", "svg" } };

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		char path[128], name[128];
		int rc;
		char *text = render(f[i].format, runs, n, &rc);

		snprintf(path, sizeof(path), GOLDEN "/%s.%s", base, f[i].ext);
		snprintf(name, sizeof(name), "mark report %s: %s", base, f[i].format);
		CHECK(name, rc == 0);
		golden_check(name, path, text);
		free(text);
	}
}

/* The golden marks, another machine's with another engine and size, and a twin. */
static void test_golden(void)
{
	struct mark_results *r;

	load("default");
	load("tests-best");
	golden_formats("two-profiles", set.v, 2);
	load("default");
	load("default");
	r = &set.v[2];
	snprintf(r->machine, sizeof(r->machine), "<lab & \"rig\"> |*_\x01");
	r->engine = ENGINE_AIO;
	r->size_mib = 1024;
	for (size_t i = 0; i < r->n; i++) {
		r->tests[i].score.mb_per_s /= 2;
		r->tests[i].score.iops /= 2;
		r->tests[i].lat.p99_ns *= 2;
	}
	r->tests[3].n_runs = 0; /* a test not measured */
	golden_formats("three", set.v + 1, 3);
	int rc;
	char *text = render("text-1.96", set.v + 1, 3, &rc);

	CHECK("labels: the machine and what differs",
	      text && strstr(text, "[1] box \"7\" (tests, 64 MiB, io_uring, by time)\n") &&
		      strstr(text, "[3] box \"7\" (default, 64 MiB, io_uring, by size)\n") &&
		      strstr(text, "[2] <lab & \"rig\"> |*_  (default, 1024 MiB, aio, by size)\n"));
	CHECK("the unit is said", text && strstr(text, "MB/s: 10^6 bytes a second"));
	free(text);
	text = render("markdown", set.v, 1, &rc);
	CHECK("one run: the machine alone", text && strstr(text, "| box \"7\" |\n"));
	free(text);
	text = render("html", set.v, 4, &rc);
	CHECK("no --steady, no chart", text && !strstr(text, "<polyline"));
	CHECK("twins are numbered", text && strstr(text, "<th>box &quot;7&quot; (default, 64 MiB, io_uring, by size) #1</th>") &&
					    strstr(text, "io_uring, by size) #4</th>"));
	free(text);
}

static void test_formats(void)
{
	struct mark_set back = { 0 };
	struct parse_error err = { "" };
	int rc;
	char *text = render("csv-1.03", set.v, 2, &rc);

	CHECK("csv-*: mark's CSV, which reads back as the marks", rc == 0 && text);
	for (const char *p = text; p && *p; p += strcspn(p, "\n") + 1)
		if (mark_csv_line(&back, p, strcspn(p, "\n") + 1, &err) < 0)
			printf("# %s\n", err.msg);
	CHECK("csv-*: two marks back", back.n == 2 && back.v[0].n == 8 && back.v[1].n == 4);
	mark_set_free(&back);
	free(text);
	text = render("json", set.v, 3, &rc);
	CHECK("json: an array of marks, which reads back",
	      rc == 0 && text && text[0] == '[' &&
		      mark_json_read(&back, text, strlen(text), &err) == 0 && back.n == 3 &&
		      memcmp(&back.v[1], &set.v[1], sizeof(back.v[1])) == 0);
	mark_set_free(&back);
	free(text);
	text = render("yaml", set.v, 1, &rc);
	CHECK("an unknown format: -1, nothing written", rc == -1 && text && !*text);
	free(text);
}

/* A steady mark: its rounds in words under the grid, drawn on the pages. */
static void test_steady(void)
{
	struct mark_set one = { 0 };
	struct parse_error err = { "" };
	char *file = golden_read("tests/golden/mark/steady.json");
	char *text = golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION);
	int rc;

	CHECK("steady.json reads",
	      text && mark_json_read(&one, text, strlen(text), &err) == 0 && one.n == 1);
	free(file);
	free(text);
	if (one.n != 1)
		return;
	golden_formats("steady", one.v, 1);
	char *html = render("html", one.v, 1, &rc);
	CHECK("steady html: a line per test through its rounds, the window shaded",
	      html && strstr(html, "<polyline") &&
		      strstr(strstr(html, "<polyline") + 1, "<polyline") &&
		      strstr(html, "fill-opacity=\"0.12\"") &&
		      strstr(html, "settled at 54% of its fresh speed"));
	free(html);
	mark_set_free(&one);
}

int main(void)
{
	test_golden();
	test_steady();
	test_formats();
	mark_set_free(&set);
	return check_done();
}
