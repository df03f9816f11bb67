/* SPDX-License-Identifier: MIT */
/*
 * fuzz_report.c - fuzz harness for the report formatters: every line the
 * CSV reader accepts becomes a run, optionally with the --summary rows, and
 * is rendered in every `clyde report` format, as JSON and as the run's own
 * tables and footer. Oracles: output is valid UTF-8; HTML and SVG are
 * balanced markup, Markdown tables keep their column count, JSON parses,
 * and the csv-1.98 lines read back.
 */
#define FUZZ_NAME "report"
#include "fuzz.h"

#include "read/csv.h"
#include "format/fmt.h"
#include "format/format.h"
#include "markup_check.h"
#include "report/report.h"

#define MAX_RUNS 24

/* Unescaped '|' in one Markdown line. */
static size_t md_pipes(const char *line, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '\\')
			i++;
		else if (line[i] == '|')
			n++;
	}
	return n;
}

/* Every row of a Markdown table has as many cells as its header. */
static void check_markdown(const char *text)
{
	size_t want = 0;

	for (const char *p = text; *p;) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len > 0 && p[0] == '|') {
			size_t got = md_pipes(p, len);

			if (want == 0)
				want = got;
			FUZZ_CHECK(got == want, "markdown row of %zu cells "
				   "under a header of %zu: '%.*s'", got, want,
				   (int)len, p);
		} else {
			want = 0;
		}
		p += len + (end != NULL);
	}
}

/* Each csv-1.98 line reads back; as many lines as runs. */
static void check_csv(const char *text, size_t n, const char *name)
{
	static struct run_results r;
	size_t lines = 0;
	char *copy = strdup(text), *save = NULL;

	if (!copy)
		abort();
	for (char *line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct parse_error err = { "" };

		FUZZ_CHECK(csv_parse_line(line, &r, &err) == 1,
			   "%s line '%s' does not read back: %s", name, line,
			   err.msg);
		lines++;
	}
	FUZZ_CHECK(lines == n, "%zu csv lines for %zu runs", lines, n);
	free(copy);
}

/* Render RUNS as `clyde report --format F [--summary]` does. */
static char *render(const struct format_info *f, const struct run_results *runs,
		    size_t n, bool as_array, bool summary)
{
	const struct render_opts opts = { .wide_names = true,
					  .json_array = as_array };
	struct report_options o = { .format = f, .summary = summary };
	struct run_source src;
	char *text = NULL;
	size_t len = 0, got = 0;
	FILE *out = open_memstream(&text, &len), *notes = fopen("/dev/null", "w");

	if (!out || !notes)
		abort();
	run_source_array(&src, runs, n);
	if (as_array || f->kind != FORMAT_JSON)
		FUZZ_CHECK(report_render(out, notes, &o, &src, &got) == 0 &&
				   got == n, "report_render failed");
	else
		format_render(out, f, runs, n, &opts);
	if (fclose(out) != 0)
		abort();
	fclose(notes);
	FUZZ_CHECK(strlen(text) == len, "a NUL byte in the output");
	FUZZ_CHECK(fuzz_utf8_ok(text, len), "%s: output is not UTF-8",
		   f->report_name);
	FUZZ_CHECK(len == 0 || text[len - 1] == '\n',
		   "%s: no newline at the end", f->report_name);
	return text;
}

/* clyde's own tables (bonnie++'s 19-column names) and footer of each run. */
static void check_tables(const struct run_results *runs, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		abort();
	struct run_source src;

	run_source_array(&src, runs, n);
	for (size_t f = 0; f < format_count; f++)
		if (format_table[f].kind == FORMAT_TABLE)
			fmt_table(out, format_table[f].layout, &src, false, NULL);
	for (size_t i = 0; i < n; i++)
		fmt_footer(out, &runs[i]);
	if (fclose(out) != 0)
		abort();
	FUZZ_CHECK(fuzz_utf8_ok(text, len), "tables: output is not UTF-8");
	free(text);
}

/*
 * `clyde report --compare` in every format that shows it: it renders, or
 * says why not (one group); well-formed, UTF-8, ending with a newline.
 */
static void check_compare(const struct run_results *runs, size_t n)
{
	for (size_t i = 0; i < format_count; i++) {
		const struct format_info *f = &format_table[i];
		struct report_options o = { .format = f, .compare = true };
		struct run_source src;
		char *text = NULL, why[160] = "";
		size_t len = 0, got = 0;
		FILE *out, *notes;
		int rc;

		if (!f->compare)
			continue;
		out = open_memstream(&text, &len);
		notes = fopen("/dev/null", "w");
		if (!out || !notes)
			abort();
		run_source_array(&src, runs, n);
		rc = report_render(out, notes, &o, &src, &got);
		if (fclose(out) != 0)
			abort();
		fclose(notes);
		FUZZ_CHECK((rc == 0 && len > 0 && text[len - 1] == '\n') ||
				   (rc == -2 && len == 0),
			   "%s --compare: %d, %zu bytes", f->report_name, rc, len);
		FUZZ_CHECK(strlen(text) == len && fuzz_utf8_ok(text, len),
			   "%s --compare: output is not UTF-8", f->report_name);
		if (f->kind == FORMAT_PAGE && f->report_name[0] != 'm')
			FUZZ_CHECK(markup_well_formed(text, f->report_name[0] == 'h',
						      why, sizeof(why)),
				   "%s --compare: %s", f->report_name, why);
		free(text);
	}
}

static void check_all(const struct run_results *runs, size_t n, bool as_array,
		      bool summary)
{
	char why[160];

	check_tables(runs, n);
	check_compare(runs, n);

	for (size_t i = 0; i < format_count; i++) {
		const struct format_info *f = &format_table[i];
		const char *name = f->report_name;
		char *text = render(f, runs, n, as_array, summary);

		why[0] = '\0';
		if (strcmp(name, "html") == 0 || strcmp(name, "svg") == 0)
			FUZZ_CHECK(markup_well_formed(text, name[0] == 'h', why,
						      sizeof(why)),
				   "%s: %s", name, why);
		else if (strcmp(name, "markdown") == 0)
			check_markdown(text);
		else if (f->kind == FORMAT_CSV && !summary)
			check_csv(text, n, name);
		else if (f->kind == FORMAT_JSON)
			FUZZ_CHECK(json_valid(text, why, sizeof(why)),
				   "json: %s", why);
		free(text);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Input: a flags byte (1: --summary, 2: JSON as an array), then CSV lines. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct run_results runs[MAX_RUNS];
	size_t n = 0;
	char *text, *save = NULL;
	bool summary, as_array;

	if (size < 1)
		return 0;
	summary = data[0] & 1;
	as_array = data[0] & 2;
	text = fuzz_string(data + 1, size - 1);
	for (char *line = strtok_r(text, "\n", &save); line && n < MAX_RUNS;
	     line = strtok_r(NULL, "\n", &save)) {
		struct parse_error err;

		if (csv_parse_line(line, &runs[n], &err) == 1)
			n++;
	}
	free(text);
	if (n == 0)
		return 0;
	check_all(runs, n, as_array, summary);
	return 0;
}
