/* SPDX-License-Identifier: MIT */
/*
 * test_compare_render.c - `clyde report --compare` in every format that
 * shows it, against the golden files tests/golden/report/compare.* (classic
 * runs) and compare-marks.* (clyde mark results), CLYDE_GOLDEN_UPDATE=1
 * rewriting them: the preamble with each family's size and level, the
 * verdicts, notes and figures in each format, every text-* format the
 * same, well-formed HTML and SVG, an SVG whose charts fit their texts and
 * keep one unit an axis; and the comparison of marks: each test and
 * direction, run by run, IOPS with the verdict of MB/s and not counted
 * twice, a mark read from CSV as one value.
 */
#include <math.h>
#include <stdlib.h>

#include "compare_runs.h"
#include "markup.h"
#include "report_text.h"
#include "format/fmt_present.h"
#include "mark/mark_read.h"
#include "report/fmt_compare.h"
#include "run/phase_info.h"

#define GOLDEN "tests/golden/report"

static const struct {
	const char *format, *ext;
} golden[] = {
	{ "text-1.03", "text" }, { "markdown", "md" },
	{ "html", "html" },      { "svg", "svg" },
};

/* RUNS as `clyde report --compare --format NAME` prints them. */
static char *render(const char *name, const struct run_results *runs, size_t n)
{
	struct report_options o = { .format = format_by_report_name(name),
				    .compare = true };

	return report_text("report_render --compare", &o, runs, n);
}

/* The width and height an SVG says it has. */
static void svg_size(const char *svg, int *w, int *h)
{
	const char *at = svg ? strstr(svg, "<svg ") : NULL;

	*w = *h = 0;
	if (at)
		sscanf(at, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		       "height=\"%d\"", w, h);
}

/* The largest x of a text in SVG, plus its length at 7 px a character. */
static int svg_text_right(const char *svg)
{
	int right = 0;

	for (const char *p = svg; p && (p = strstr(p, "<text ")) != NULL; p++) {
		const char *x = strstr(p, " x=\""), *end = strstr(p, "</text>");
		const char *gt = strchr(p, '>');
		double at;

		if (!x || !end || !gt || x > gt || sscanf(x, " x=\"%lf\"", &at) != 1)
			continue;
		/* Right-aligned labels and centred ticks end left of x. */
		if (strstr(p, "class=\"name\"") == p + 6 ||
		    strstr(p, "class=\"desc\"") == p + 6 ||
		    strstr(p, "class=\"tick\"") == p + 6)
			continue;
		if (strstr(p, "<tspan") && strstr(p, "<tspan") < end)
			continue; /* wrapped to the width already */
		int len = 0;

		for (const char *c = gt + 1; c < end; c++)
			len += (*c & 0xc0) != 0x80 && *c != '&' ? 1 : 0;
		if ((int)at + 7 * len > right)
			right = (int)at + 7 * len;
	}
	return right;
}

/* Whether a value beside a bar in SVG says UNIT (the axis says it once). */
static bool values_say(const char *svg, const char *unit)
{
	for (const char *p = svg; (p = strstr(p, "<text class=\"value\"")); p++) {
		const char *end = strstr(p, "</text>"), *u = strstr(p, unit);

		if (end && u && u < end)
			return true;
	}
	return false;
}

static void test_goldens(void)
{
	struct run_results runs[16];
	size_t n = compare_runs(runs);
	char *text = render("text-1.03", runs, n);
	int w, h;

	for (size_t g = 0; g < sizeof(golden) / sizeof(golden[0]); g++) {
		char label[64], path[128];
		char *got = render(golden[g].format, runs, n);

		snprintf(label, sizeof(label), "compare %s", golden[g].format);
		snprintf(path, sizeof(path), GOLDEN "/compare.%s", golden[g].ext);
		golden_check(label, path, got);
		check_markup(label, golden[g].format, got);
		snprintf(label, sizeof(label), "compare %s: the verdicts and notes",
			 golden[g].format);
		CHECK(label, got && strstr(got, "slower") && strstr(got, "less CPU") &&
				     strstr(got, "cannot tell (reliably detects ") &&
				     strstr(got, "cannot tell from one run") &&
				     strstr(got, "What differs: mode") &&
				     strstr(got, "one family") && strstr(got, "HL ") &&
				     strstr(got, "Welch "));
		if (strcmp(golden[g].format, "svg") == 0) {
			svg_size(got, &w, &h);
			printf("# compare svg: %d x %d px, texts end by %d\n", w, h,
			       svg_text_right(got));
			CHECK("compare svg: every text within the image",
			      w > 0 && svg_text_right(got) <= w);
			CHECK("compare svg: a latency axis in the unit of its values",
			      strstr(got, "max latency, ms (lower is better)") &&
				      strstr(got, "p99 latency, \xc2\xb5s (lower is "
						  "better)") &&
				      !values_say(got, "ms") &&
				      !values_say(got, "\xc2\xb5s"));
			CHECK("compare svg: rates first, CPU and latency after",
			      strstr(got, ">Rates<") && strstr(got, ">CPU and latency<") &&
				      strstr(got, ">Rates<") <
					      strstr(got, ">CPU and latency<"));
		}
		free(got);
	}
	for (size_t f = 0; f < format_count; f++) {
		char label[64];
		char *got;

		if (format_table[f].kind != FORMAT_TABLE)
			continue;
		got = render(format_table[f].report_name, runs, n);
		snprintf(label, sizeof(label), "compare %s is the text comparison",
			 format_table[f].report_name);
		CHECK(label, got && text && strcmp(got, text) == 0);
		free(got);
	}
	free(text);
	for (size_t f = 0; f < format_count; f++)
		if (format_table[f].kind == FORMAT_CSV ||
		    format_table[f].kind == FORMAT_JSON)
			CHECK("CSV and JSON cannot show a comparison",
			      format_table[f].compare == FORMAT_COMPARE_NONE);
}

/* How many columns of charts an SVG has: distinct x of its chart titles. */
static int chart_columns(const char *svg)
{
	int xs[2], n = 0;

	for (const char *p = svg; p && (p = strstr(p, "<text class=\"title\" x=\""));
	     p++) {
		int x = atoi(p + strlen("<text class=\"title\" x=\""));
		bool seen = false;

		if (strstr(p, "font-size=\"18\"") == strchr(p, '>') - 16)
			continue; /* the image's own title */
		for (int i = 0; i < n; i++)
			seen |= xs[i] == x;
		if (!seen && n < 2)
			xs[n++] = x;
		else if (!seen)
			return 3;
	}
	return n;
}

/* A long comparison folds: its SVG is wider than tall enough to read. */
static void test_svg_folds(void)
{
	struct run_results runs[8];
	int w, h;
	char *svg;

	for (int i = 0; i < 8; i++) {
		runs[i] = compare_run(i < 4 ? "a" : "b", false, 100 + i, 300 + i,
				      10, 1000 + i);
		for (int p = 0; p < PHASE_COUNT; p++)
			if (p != PHASE_SEEKS && phase_table[p].unit == UNIT_KIB_S)
				golden_set(&runs[i], (enum phase_id)p, FIGURE_VALUE,
					   100000 + 1000 * i, 20, 5000000 + i);
		runs[i].phase[PHASE_READ].lat.count = 10;
		runs[i].phase[PHASE_READ].lat.p99_ns = 800000 + 1000 * (uint64_t)i;
	}
	svg = render("svg", runs, 8);
	if (getenv("COMPARE_SVG_OUT")) {
		FILE *f = fopen(getenv("COMPARE_SVG_OUT"), "w");

		if (f) {
			fputs(svg, f);
			fclose(f);
		}
	}
	svg_size(svg, &w, &h);
	printf("# a long comparison: %d x %d px\n", w, h);
	CHECK("a long comparison folds into two columns, each text within",
	      chart_columns(svg) == 2 && h < w + 400 && svg_text_right(svg) <= w);
	check_markup("compare svg, folded", "svg", svg);
	free(svg);
}

static struct mark_set marks;

/* tests/golden/mark/BASE.json into MARKS. */
static void load(const char *base)
{
	char path[128];
	struct parse_error err = { "" };
	char *file, *text;

	snprintf(path, sizeof(path), "tests/golden/mark/%s.json", base);
	file = golden_read(path);
	text = golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION);
	CHECK(path, text && mark_json_read(&marks, text, strlen(text), &err) == 0);
	free(file);
	free(text);
}

/* MARKS[0..n) compared in FORMAT, as a string. */
static char *render_marks(const char *format, const struct comparison *c)
{
	const struct format_info *f = format_by_report_name(format);
	void (*const renderers[])(FILE *, const struct comparison *) = {
		[FORMAT_COMPARE_TEXT] = fmt_compare_text,
		[FORMAT_COMPARE_MARKDOWN] = fmt_compare_markdown,
		[FORMAT_COMPARE_HTML] = fmt_compare_html,
		[FORMAT_COMPARE_SVG] = fmt_compare_svg,
	};
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	renderers[f->compare](mem, c);
	fclose(mem);
	return text;
}

/* A before/after pair of marks: the after's reads 25% faster, writes alike. */
static void test_marks(void)
{
	struct mark_results *after;
	struct comparison c;
	struct parse_error err = { "" };
	const struct cmp_options o = { NULL, 0 };
	char text[PRESENT_TEXT_MAX];

	load("default");
	load("default");
	after = &marks.v[1];
	snprintf(after->machine, sizeof(after->machine), "after");
	for (size_t t = 0; t < after->n; t++)
		for (size_t i = 0; !after->tests[t].writes && i < after->tests[t].n_runs;
		     i++) {
			after->tests[t].run[i].mb_per_s *= 1.25;
			after->tests[t].run[i].iops *= 1.25;
			after->tests[t].run[i].mean_us /= 1.25;
		}
	CHECK("marks compare", report_compare_marks(marks.v, 2, &o, &c, &err) == 0);
	CHECK("two groups of one mark and 3 runs each",
	      c.marks && c.n_groups == 2 && c.n_marks[0] == 1 && c.n_marks[1] == 1 &&
		      c.runs[0] == 3 && c.runs[1] == 3);
	CHECK("each test and direction: MB/s, IOPS, mean latency",
	      c.n_figures == 3 * after->n && c.figure[0].kind == CMP_MARK_MBS &&
		      c.figure[1].kind == CMP_MARK_IOPS &&
		      c.figure[2].kind == CMP_MARK_MEAN &&
		      strcmp(c.figure[0].name, "SEQ1M Q8T1 read") == 0);
	CHECK("IOPS restate MB/s: counted once in the rates' family",
	      c.family[CMP_RATES] == after->n && c.family[CMP_COSTS] == after->n);
	CHECK("reads 25% faster, run by run",
	      report_compare_result(&c, 0, 1)->verdict == JUDGE_FASTER &&
		      fabs(report_compare_result(&c, 0, 1)->diff_pct - 25) < 1e-6 &&
		      report_compare_result(&c, 0, 1)->other.n == 3);
	CHECK("IOPS get the verdict of MB/s",
	      report_compare_result(&c, 1, 1)->verdict == JUDGE_FASTER);
	CHECK("a shorter mean latency is faster",
	      report_compare_result(&c, 2, 1)->verdict == JUDGE_FASTER);
	for (size_t f = 0; f < c.n_figures; f++)
		if (strcmp(c.figure[f].name, "RND4K Q32T1 write") == 0 &&
		    c.figure[f].kind == CMP_MARK_MBS)
			CHECK("steady writes alike: the same within ±3%",
			      strcmp(fmt_compare_verdict(&c, f, 1, text, sizeof(text)),
				     "the same within \xc2\xb1" "3%") == 0);
		else if (strcmp(c.figure[f].name, "SEQ1M Q1T1 write") == 0 &&
			 c.figure[f].kind == CMP_MARK_MBS)
			CHECK("noisy writes alike in 3 runs: cannot tell",
			      report_compare_result(&c, f, 1)->verdict ==
				      JUDGE_CANNOT_TELL);
	for (size_t g = 0; g < sizeof(golden) / sizeof(golden[0]); g++) {
		char label[64], path[128];
		char *got = render_marks(golden[g].format, &c);

		snprintf(label, sizeof(label), "compare marks %s", golden[g].format);
		snprintf(path, sizeof(path), GOLDEN "/compare-marks.%s",
			 golden[g].ext);
		golden_check(label, path, got);
		check_markup(label, golden[g].format, got);
		CHECK(label, got && strstr(got, "SEQ1M Q8T1 read") &&
				     strstr(got, "faster") && strstr(got, "1 mark, 3 runs"));
		free(got);
	}
	report_compare_free(&c);

	/* A mark read from CSV keeps only its scores: one value each. */
	for (size_t t = 0; t < after->n; t++)
		memset(after->tests[t].run, 0, sizeof(after->tests[t].run));
	CHECK("a CSV mark compares", report_compare_marks(marks.v, 2, &o, &c, &err) == 0);
	CHECK("...as one value a figure: cannot tell from one run",
	      c.runs[1] == 1 && report_compare_spread(&c, 0, 1)->count == 1 &&
		      report_compare_spread(&c, 0, 1)->missing == 0 &&
		      report_compare_result(&c, 0, 1)->verdict == JUDGE_ONE_RUN);
	report_compare_free(&c);
	CHECK("one group of marks cannot be compared",
	      report_compare_marks(marks.v, 1, &o, &c, &err) == -2 &&
		      strstr(err.msg, "two groups of marks"));
	mark_set_free(&marks);
}

int main(void)
{
	test_goldens();
	test_svg_folds();
	test_marks();
	return check_done();
}
