/* SPDX-License-Identifier: MIT */
/*
 * test_report_compare.c - `clyde report --compare`: the groups, labels and
 * baseline, which way each figure is better, +++++ and missing figures
 * left out, the verdicts on hand-made groups (faster, slower, no clear
 * difference with what could have been seen, one run cannot tell), the
 * errors, and every format that shows a comparison against the golden
 * files tests/golden/report/compare.* (CLYDE_GOLDEN_UPDATE=1 rewrites
 * them).
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "golden.h"
#include "markup.h"
#include "format/fmt.h"
#include "format/fmt_present.h"
#include "format/format.h"
#include "report/report.h"
#include "report/fmt_compare.h"
#include "report/report_compare.h"
#include "report_text.h"
#include "report/run_store.h"

#define GOLDEN "tests/golden/report"
#define KIB_PER_MIB 1024.0

/* A run of NAME with block write, block read, seeks and, with IOPS, random reads. */
static struct run_results run(const char *name, bool direct, double write_mib,
			      double read_mib, double cpu, double iops)
{
	struct run_results r = golden_blank_run(name, 1024, 0);

	r.perchar_mib = 0;
	r.mode.direct = direct;
	golden_set(&r, PHASE_WRITE, FIGURE_VALUE, write_mib * KIB_PER_MIB, cpu,
		   (uint64_t)(write_mib * 10000));
	if (read_mib > 0)
		golden_set(&r, PHASE_READ, FIGURE_VALUE, read_mib * KIB_PER_MIB, 50, 0);
	else
		golden_set(&r, PHASE_READ, FIGURE_TOO_FAST, 0, 0, 0);
	golden_set(&r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, 0);
	if (iops > 0) {
		r.n_random = 1;
		r.random[0] = (struct random_result){
			.writes = false, .depth = 4, .ops = 1000,
			.elapsed_ns = 1000000000, .iops = iops,
			.mib_per_s = iops / 256, .cpu_pct = 5,
			.lat = { .count = 1000, .p99_ns = (uint64_t)(4e9 / iops) },
		};
	}
	return r;
}

/*
 * disk x5 (buffered; one block read +++++), disk x4 with -D (slower
 * writes at less CPU, reads alike), nvme once.
 */
static size_t compare_runs(struct run_results *runs)
{
	static const double wr[5] = { 200, 204, 198, 202, 201 };
	static const double rd[5] = { 500, 520, 0, 480, 510 };
	static const double dwr[4] = { 180, 178, 183, 181 };
	static const double drd[4] = { 505, 495, 515, 500 };
	size_t n = 0;

	for (int i = 0; i < 5; i++)
		runs[n++] = run("disk", false, wr[i], rd[i], 40 + i, 9000 + 100 * i);
	for (int i = 0; i < 4; i++)
		runs[n++] = run("disk", true, dwr[i], drd[i], 10 + i, 9300 - 200 * i);
	runs[n++] = run("nvme", false, 900, 2000, 30, 0);
	return n;
}

static struct run_store *store_of(const struct run_results *runs, size_t n,
				  struct run_facts *facts)
{
	struct run_store *s = run_store_new();

	for (size_t i = 0; i < n; i++)
		CHECK("store add", run_store_add(s, &runs[i]) == 0);
	memset(facts, 0, sizeof(*facts));
	CHECK("facts", report_facts_compute(s, facts) == 0 &&
			       report_facts_done(facts) == 0);
	return s;
}

/* The index of the figure of KIND for PHASE, or SIZE_MAX. */
static size_t figure(const struct comparison *c, enum cmp_kind kind, int phase)
{
	for (size_t f = 0; f < c->n_figures; f++)
		if (c->figure[f].kind == kind && c->figure[f].phase == phase)
			return f;
	return SIZE_MAX;
}

static const struct compare_result *result(const struct comparison *c,
					   enum cmp_kind kind, int phase,
					   size_t group)
{
	size_t f = figure(c, kind, phase);

	return f == SIZE_MAX ? NULL : &c->result[f * c->n_groups + group];
}

static void test_groups_and_verdicts(void)
{
	struct run_results runs[16];
	size_t n = compare_runs(runs);
	struct run_facts facts;
	struct run_store *s = store_of(runs, n, &facts);
	struct parse_error err = { "" };
	struct comparison c;
	const struct compare_result *r;
	size_t f;

	CHECK("compare", report_compare(s, &facts, NULL, &c, &err) == 0);
	CHECK("three groups, the first the baseline",
	      c.n_groups == 3 && c.baseline == 0 && c.runs[0] == 5 &&
		      c.runs[1] == 4 && c.runs[2] == 1);
	printf("# labels: '%s' '%s' '%s'\n", c.label[0], c.label[1], c.label[2]);
	CHECK("groups of one name told apart by their mode",
	      strcmp(c.label[0], "disk [buffered I/O]") == 0 &&
		      strcmp(c.label[1], "disk [direct I/O]") == 0 &&
		      strcmp(c.label[2], "nvme") == 0);
	r = result(&c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("direct writes slower, beyond noise",
	      r && r->verdict == COMPARE_SLOWER && r->diff_high_pct < 0);
	r = result(&c, CMP_CPU, PHASE_WRITE, 1);
	CHECK("less CPU per MiB/s is better: faster",
	      r && c.figure[figure(&c, CMP_CPU, PHASE_WRITE)].better ==
			   COMPARE_LOWER_IS_BETTER &&
		      r->verdict == COMPARE_FASTER && r->diff_pct < 0);
	r = result(&c, CMP_LAT_MAX, PHASE_WRITE, 1);
	CHECK("a lower latency is better: faster",
	      r && r->verdict == COMPARE_FASTER);
	r = result(&c, CMP_RATE, PHASE_READ, 1);
	CHECK("reads alike: no clear difference, saying what could be seen",
	      r && r->verdict == COMPARE_NO_DIFFERENCE && r->resolution_pct > 1 &&
		      r->resolution_pct < 20);
	f = figure(&c, CMP_RATE, PHASE_READ);
	CHECK("+++++ left out of the baseline's reads",
	      f != SIZE_MAX && c.spread[f * 3].n == 4 && c.spread[f * 3].missing == 1 &&
		      c.spread[f * 3].median == 505 && r->n_base == 4);
	r = result(&c, CMP_RATE, PHASE_WRITE, 2);
	CHECK("a group of one run cannot tell",
	      r && r->verdict == COMPARE_ONE_RUN && isfinite(r->diff_pct) &&
		      !isfinite(r->diff_low_pct));
	f = figure(&c, CMP_RATE, PHASE_SEEKS);
	CHECK("seeks +++++ in every run: a figure without a row",
	      f != SIZE_MAX && !fmt_compare_row(&c, f, 1) && !fmt_compare_row(&c, f, 2));
	r = result(&c, CMP_RAND_IOPS, 4, 1);
	CHECK("random reads' IOPS compared, higher is better",
	      r && r->n_base == 5 && r->n_other == 4 &&
		      c.figure[figure(&c, CMP_RAND_IOPS, 4)].better ==
			      COMPARE_HIGHER_IS_BETTER);
	r = result(&c, CMP_RAND_IOPS, 4, 2);
	CHECK("random reads missing from nvme: no figures",
	      r && r->verdict == COMPARE_NO_FIGURES);
	report_compare_free(&c);

	CHECK("--baseline by machine name",
	      report_compare(s, &facts, "nvme", &c, &err) == 0 && c.baseline == 2);
	r = result(&c, CMP_RATE, PHASE_WRITE, 0);
	CHECK("against a baseline of one run nothing can be told",
	      r && r->verdict == COMPARE_ONE_RUN);
	report_compare_free(&c);
	CHECK("--baseline by a group's label",
	      report_compare(s, &facts, "disk [direct I/O]", &c, &err) == 0 &&
		      c.baseline == 1);
	report_compare_free(&c);
	CHECK("--baseline naming no group",
	      report_compare(s, &facts, "hdd", &c, &err) == -2 &&
		      strstr(err.msg, "'hdd'") != NULL);
	report_facts_free(&facts);
	run_store_free(s);
}

static void test_one_group_and_identical(void)
{
	struct run_results runs[4];
	struct run_facts facts;
	struct run_store *s;
	struct parse_error err = { "" };
	struct comparison c;
	const struct compare_result *r;
	char text[PRESENT_TEXT_MAX];

	for (int i = 0; i < 3; i++)
		runs[i] = run("only", false, 100 + i, 300, 10, 0);
	s = store_of(runs, 3, &facts);
	CHECK("one group cannot be compared",
	      report_compare(s, &facts, NULL, &c, &err) == -2 &&
		      strstr(err.msg, "two groups") != NULL);
	report_facts_free(&facts);
	run_store_free(s);

	for (int i = 0; i < 4; i++)
		runs[i] = run(i < 2 ? "a" : "b", false, 100, 300, 10, 0);
	s = store_of(runs, 4, &facts);
	CHECK("identical groups compare",
	      report_compare(s, &facts, NULL, &c, &err) == 0);
	r = result(&c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("identical groups: no clear difference, could see 0%",
	      r && r->verdict == COMPARE_NO_DIFFERENCE &&
		      strcmp(fmt_compare_verdict(r, text, sizeof(text)),
			     "no clear difference (could see \xc2\xb1"
			     "0.0%)") == 0);
	report_compare_free(&c);
	report_facts_free(&facts);
	run_store_free(s);

	struct compare_result wide = { .verdict = COMPARE_NO_DIFFERENCE,
				       .resolution_pct = 789.6 };
	CHECK("what could be seen, from 100% on, as a factor",
	      strcmp(fmt_compare_verdict(&wide, text, sizeof(text)),
		     "no clear difference (could see only a factor of 8.9)") == 0);
}

/* RUNS as `clyde report --compare --format NAME` prints them. */
static char *render(const char *name, const struct run_results *runs, size_t n)
{
	struct report_options o = { .format = format_by_report_name(name),
				    .compare = true };

	return report_text("report_render --compare", &o, runs, n);
}

/* Every format that can show a comparison; the text ones print the same. */
static void test_goldens(void)
{
	static const struct {
		const char *format, *ext;
	} golden[] = {
		{ "text-1.03", "text" }, { "markdown", "md" },
		{ "html", "html" },      { "svg", "svg" },
	};
	struct run_results runs[16];
	size_t n = compare_runs(runs);
	char *text = render("text-1.03", runs, n);

	for (size_t g = 0; g < sizeof(golden) / sizeof(golden[0]); g++) {
		char label[64], path[128];
		char *got = render(golden[g].format, runs, n);

		snprintf(label, sizeof(label), "compare %s", golden[g].format);
		snprintf(path, sizeof(path), GOLDEN "/compare.%s", golden[g].ext);
		golden_check(label, path, got);
		check_markup(label, golden[g].format, got);
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

int main(void)
{
	test_groups_and_verdicts();
	test_one_group_and_identical();
	test_goldens();
	return check_done();
}
