/* SPDX-License-Identifier: MIT */
/*
 * test_report_compare.c - `clyde report --compare`'s comparison of classic
 * runs (report_compare.c, report_compare_runs.c) and its words
 * (fmt_compare.c, fmt_compare_notes.c): the groups, labels and baseline,
 * which way each figure is better and which family it is in, +++++ and
 * missing figures left out, the verdicts on hand-made groups (faster,
 * slower, the same within the threshold, cannot tell with what these runs
 * detect, one run), zero spread, one run a side, --threshold, groups that
 * measured different things, figures the page cache served, drift, odd
 * runs named, what differs between the groups, and the errors. Formats
 * and marks are in test_compare_render.c.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "compare_runs.h"
#include "format/fmt_present.h"
#include "report/fmt_compare.h"

/* Figure KIND of PHASE in C, or SIZE_MAX. */
static size_t figure(const struct comparison *c, enum cmp_kind kind, int phase)
{
	for (size_t f = 0; f < c->n_figures; f++)
		if (c->figure[f].kind == kind && c->figure[f].phase == phase)
			return f;
	return SIZE_MAX;
}

static const struct judge_result *result(const struct comparison *c,
					 enum cmp_kind kind, int phase,
					 size_t group)
{
	size_t f = figure(c, kind, phase);

	return f == SIZE_MAX ? NULL : report_compare_result(c, f, group);
}

/* Figure KIND of PHASE's verdict for GROUP, in words. */
static const char *verdict(const struct comparison *c, enum cmp_kind kind,
			   int phase, size_t group, char *buf, size_t len)
{
	size_t f = figure(c, kind, phase);

	return f == SIZE_MAX ? "" : fmt_compare_verdict(c, f, group, buf, len);
}

/* Whether some note of KIND on group K holds TEXT. */
static bool has_note(const struct comparison *c, size_t k,
		     enum fmt_note_kind kind, const char *text)
{
	size_t n;
	struct fmt_note *notes = fmt_compare_notes(c, k, &n);
	bool found = false;

	for (size_t i = 0; i < n && !found; i++) {
		found = notes[i].kind == kind && strstr(notes[i].text, text);
		if (getenv("SHOW_NOTES"))
			printf("# note %d: %s\n", notes[i].kind, notes[i].text);
	}
	free(notes);
	return found;
}

static void test_groups_and_verdicts(void)
{
	struct run_results runs[16];
	size_t n = compare_runs(runs);
	struct compared x;
	const struct judge_result *r;
	char text[PRESENT_TEXT_MAX];
	size_t f;

	CHECK("compare", compare_of(runs, n, NULL, 0, &x) == 0);
	CHECK("three groups, the first the baseline",
	      x.c.n_groups == 3 && x.c.baseline == 0 && x.c.runs[0] == 5 &&
		      x.c.runs[1] == 4 && x.c.runs[2] == 1);
	CHECK("groups of one name told apart by their mode",
	      strcmp(x.c.label[0], "disk [buffered I/O]") == 0 &&
		      strcmp(x.c.label[1], "disk [direct I/O]") == 0 &&
		      strcmp(x.c.label[2], "nvme") == 0);
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("direct writes slower, beyond the threshold",
	      r && r->verdict == JUDGE_SLOWER && r->high_pct < -3);
	CHECK("...in those words",
	      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text, sizeof(text)),
		     "slower") == 0);
	r = result(&x.c, CMP_CPU, PHASE_WRITE, 1);
	CHECK("less CPU per MiB/s is better",
	      r && x.c.figure[figure(&x.c, CMP_CPU, PHASE_WRITE)].better ==
			   COMPARE_LOWER_IS_BETTER &&
		      r->verdict == JUDGE_FASTER && r->diff_pct < 0 &&
		      strcmp(verdict(&x.c, CMP_CPU, PHASE_WRITE, 1, text,
				     sizeof(text)), "less CPU") == 0);
	r = result(&x.c, CMP_LAT_MAX, PHASE_WRITE, 1);
	CHECK("a lower latency is better: faster", r && r->verdict == JUDGE_FASTER);
	CHECK("rates and costs are families of their own",
	      x.c.figure[figure(&x.c, CMP_RATE, PHASE_WRITE)].family == CMP_RATES &&
		      x.c.figure[figure(&x.c, CMP_RAND_IOPS, 4)].family == CMP_RATES &&
		      x.c.figure[figure(&x.c, CMP_LAT_MAX, PHASE_WRITE)].family ==
			      CMP_COSTS);
	printf("# families: %zu rates, %zu costs\n", x.c.family[CMP_RATES],
	       x.c.family[CMP_COSTS]);
	CHECK("each family counts the pairs that can carry a verdict",
	      x.c.family[CMP_RATES] == 3 && x.c.family[CMP_COSTS] == 4);
	CHECK("a family's level: 1 - 5% / m",
	      fabs(report_compare_level(&x.c, CMP_RATES) - (1 - 0.05 / 3)) < 1e-12);
	r = result(&x.c, CMP_RATE, PHASE_READ, 1);
	CHECK("reads alike, few runs: cannot tell, with what these runs detect",
	      r && r->verdict == JUDGE_CANNOT_TELL &&
		      strncmp(verdict(&x.c, CMP_RATE, PHASE_READ, 1, text,
				      sizeof(text)), "cannot tell (reliably detects ",
			      30) == 0 && strstr(text, "% or more)"));
	f = figure(&x.c, CMP_RATE, PHASE_READ);
	CHECK("+++++ left out of the baseline's reads",
	      f != SIZE_MAX && x.c.spread[f * 3].n == 4 &&
		      x.c.spread[f * 3].missing == 1 &&
		      x.c.spread[f * 3].median == 505 && r->base.n == 4 &&
		      r->base.missing == 1);
	CHECK("...and said",
	      has_note(&x.c, 1, NOTE_MISSING, "Block read in 1 of A's 5 runs"));
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 2);
	CHECK("a group of one run cannot tell",
	      r && r->verdict == JUDGE_ONE_RUN && isfinite(r->diff_pct) &&
		      !isfinite(r->low_pct) &&
		      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 2, text,
				     sizeof(text)), "cannot tell from one run") == 0);
	f = figure(&x.c, CMP_RATE, PHASE_SEEKS);
	CHECK("seeks +++++ in every run: a figure without a row",
	      f != SIZE_MAX && !fmt_compare_row(&x.c, f, 1) &&
		      !fmt_compare_row(&x.c, f, 2));
	r = result(&x.c, CMP_RAND_IOPS, 4, 2);
	CHECK("random reads missing from nvme: no figures",
	      r && r->verdict == JUDGE_NO_FIGURES);
	CHECK("what differs: the mode, said first",
	      has_note(&x.c, 1, NOTE_DIFFERS, "What differs: mode: buffered I/O (A) "
					      "against direct I/O (B)"));
	CHECK("...with a warning on what buffered figures include",
	      has_note(&x.c, 1, NOTE_WARNING, "did their I/O in different ways"));
	compared_free(&x);

	CHECK("--baseline by machine name",
	      compare_of(runs, n, "nvme", 0, &x) == 0 && x.c.baseline == 2);
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 0);
	CHECK("against a baseline of one run nothing can be told",
	      r && r->verdict == JUDGE_ONE_RUN);
	compared_free(&x);
	CHECK("--baseline by a group's label",
	      compare_of(runs, n, "disk [direct I/O]", 0, &x) == 0 &&
		      x.c.baseline == 1);
	compared_free(&x);
	CHECK("--baseline naming no group",
	      compare_of(runs, n, "hdd", 0, &x) == -2 &&
		      strstr(x.err.msg, "'hdd'") != NULL);
	compared_free(&x);
}

static void test_one_group(void)
{
	struct run_results runs[3];
	struct compared x;

	for (int i = 0; i < 3; i++)
		runs[i] = compare_run("only", false, 100 + i, 300, 10, 0);
	CHECK("one group cannot be compared",
	      compare_of(runs, 3, NULL, 0, &x) == -2 &&
		      strstr(x.err.msg, "two groups") != NULL);
	compared_free(&x);
}

/* N runs of A then N of B, B's block writes FACTOR times A's (A's WRITE[i]). */
static size_t pair(struct run_results *runs, size_t n, const double *write,
		   const double *write_b)
{
	for (size_t i = 0; i < n; i++) {
		runs[i] = compare_run("a", false, write[i], 300, 10, 0);
		runs[n + i] = compare_run("b", false, write_b[i], 300, 10, 0);
	}
	return 2 * n;
}

static void test_zero_spread_and_threshold(void)
{
	static const double a[4] = { 100000, 100000, 100000, 100000 };
	static const double b[4] = { 100010, 100010, 100010, 100010 };
	static const double c5[4] = { 105000, 105000, 105000, 105000 };
	struct run_results runs[8];
	struct compared x;
	const struct judge_result *r;
	char text[PRESENT_TEXT_MAX];

	pair(runs, 4, a, b);
	CHECK("zero spread compares", compare_of(runs, 8, NULL, 0, &x) == 0);
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("zero spread, 0.01% apart: the same within ±3%, not faster",
	      r && r->verdict == JUDGE_SAME &&
		      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text,
				     sizeof(text)),
			     "the same within \xc2\xb1" "3%") == 0);
	compared_free(&x);

	pair(runs, 4, a, c5);
	CHECK("5% apart compares", compare_of(runs, 8, NULL, 0, &x) == 0);
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("5% apart, no spread, threshold 3%: faster",
	      r && r->verdict == JUDGE_FASTER);
	compared_free(&x);
	CHECK("--threshold 10 compares", compare_of(runs, 8, NULL, 0.10, &x) == 0);
	r = result(&x.c, CMP_RATE, PHASE_WRITE, 1);
	CHECK("5% apart with --threshold 10: the same within ±10%",
	      r && r->verdict == JUDGE_SAME &&
		      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text,
				     sizeof(text)),
			     "the same within \xc2\xb1" "10%") == 0 &&
		      x.c.threshold == 0.10);
	compared_free(&x);
}

static void test_one_run_a_side(void)
{
	struct run_results runs[2] = {
		compare_run("a", false, 100, 300, 10, 0),
		compare_run("b", false, 200, 300, 10, 0),
	};
	struct compared x;
	char text[PRESENT_TEXT_MAX];

	CHECK("one run a side compares", compare_of(runs, 2, NULL, 0, &x) == 0);
	CHECK("one run a side: +100%, and no verdict",
	      result(&x.c, CMP_RATE, PHASE_WRITE, 1)->verdict == JUDGE_ONE_RUN &&
		      strcmp(fmt_compare_difference(result(&x.c, CMP_RATE,
							   PHASE_WRITE, 1),
						    text, sizeof(text)),
			     "+100%") == 0);
	CHECK("one run a side: no family to share an error rate",
	      x.c.family[CMP_RATES] == 0 && x.c.family[CMP_COSTS] == 0);
	compared_free(&x);
}

static void test_different_sizes(void)
{
	struct run_results runs[8];
	struct compared x;
	char text[PRESENT_TEXT_MAX];

	for (int i = 0; i < 4; i++) {
		runs[i] = compare_run("big", false, 100 + i, 300, 10, 0);
		runs[4 + i] = compare_run("small", false, 500 + i, 1500, 10, 0);
		runs[4 + i].io.size_mib = 16;
		runs[4 + i].perchar_mib = 0;
	}
	CHECK("1G against 16M compares", compare_of(runs, 8, NULL, 0, &x) == 0);
	CHECK("they measured different things", x.c.versus[1].workload);
	CHECK("+400% is not \"faster\" but higher: not the same test",
	      result(&x.c, CMP_RATE, PHASE_WRITE, 1)->verdict == JUDGE_FASTER &&
		      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text,
				     sizeof(text)), "higher: not the same test") == 0);
	CHECK("...and a warning names the size",
	      has_note(&x.c, 1, NOTE_WARNING, "measured different things: size: "
					      "1G (A) against 16M (B)"));
	CHECK("...whose tone is no better or worse",
	      fmt_compare_tone(&x.c, figure(&x.c, CMP_RATE, PHASE_WRITE), 1) ==
		      TONE_UNCLEAR);
	compared_free(&x);
}

static void test_page_cache(void)
{
	struct run_results runs[8];
	struct compared x;
	char text[PRESENT_TEXT_MAX];

	for (int i = 0; i < 4; i++) {
		runs[i] = compare_run("disk", false, 100 + i, 300 + i, 10, 0);
		runs[4 + i] = compare_run("cached", false, 100 + i, 3000 + i, 10, 0);
		runs[4 + i].n_truth = i < 3;
		runs[4 + i].truth[0] = (struct truth_hit){ .id = PHASE_READ, .pct = 5 };
	}
	CHECK("cache-served reads compare", compare_of(runs, 8, NULL, 0, &x) == 0);
	CHECK("the runs the page cache served are counted",
	      report_compare_spread(&x.c, figure(&x.c, CMP_RATE, PHASE_READ), 1)
			      ->cached == 3);
	CHECK("ten times the reads from the page cache: \"page cache\", not faster",
	      strcmp(verdict(&x.c, CMP_RATE, PHASE_READ, 1, text, sizeof(text)),
		     "page cache, not the disk") == 0 &&
		      fmt_compare_tone(&x.c, figure(&x.c, CMP_RATE, PHASE_READ), 1) ==
			      TONE_CACHE);
	CHECK("...its latency too",
	      strcmp(verdict(&x.c, CMP_LAT_MAX, PHASE_READ, 1, text, sizeof(text)),
		     "page cache, not the disk") == 0 ||
		      figure(&x.c, CMP_LAT_MAX, PHASE_READ) == SIZE_MAX);
	CHECK("writes are still the disk's",
	      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text, sizeof(text)),
		     "page cache, not the disk") != 0);
	CHECK("one note for the test, with the runs counted",
	      has_note(&x.c, 1, NOTE_CACHE, "Page cache: Block read: the device "
					    "read less than half of what clyde "
					    "read in 3 of B's 4 runs"));
	compared_free(&x);
}

static void test_drift_and_odd_runs(void)
{
	static const double a[10] = { 100, 101, 99, 100, 102, 98, 100, 101, 99, 100 };
	static const double rise[10] = { 100, 106, 112, 118, 125, 131, 138, 150,
					 160, 170 };
	static const double odd[10] = { 110, 111, 109, 55, 110, 112, 110, 109,
					111, 110 };
	struct run_results runs[20];
	struct compared x;
	char text[PRESENT_TEXT_MAX];

	pair(runs, 10, a, rise);
	CHECK("a drifting group compares", compare_of(runs, 20, NULL, 0, &x) == 0);
	CHECK("B's block write drifted: cannot tell",
	      result(&x.c, CMP_RATE, PHASE_WRITE, 1)->drift &&
		      strcmp(verdict(&x.c, CMP_RATE, PHASE_WRITE, 1, text,
				     sizeof(text)), "cannot tell: drift") == 0);
	CHECK("...and said, with how far it rose",
	      has_note(&x.c, 1, NOTE_DRIFT, "Drift: B's Block write (MiB/s) rose "
					    "6") &&
		      has_note(&x.c, 1, NOTE_DRIFT, "from its first run to its "
						    "last (Mann-Kendall p = ") &&
		      has_note(&x.c, 1, NOTE_DRIFT, "the disk or the machine "
						    "changed during the runs"));
	CHECK("the steady baseline did not drift",
	      !result(&x.c, CMP_RATE, PHASE_WRITE, 1)->base.drift.found);
	compared_free(&x);

	pair(runs, 10, a, odd);
	CHECK("a group with a slow run compares",
	      compare_of(runs, 20, NULL, 0, &x) == 0);
	CHECK("the odd run is named",
	      has_note(&x.c, 1, NOTE_ODD, "Odd runs in Block write (MiB/s): run 4 "
					  "of B, 2.0x slower than B's median."));
	CHECK("one bad run in ten does not hide +10%",
	      result(&x.c, CMP_RATE, PHASE_WRITE, 1)->verdict == JUDGE_FASTER &&
		      result(&x.c, CMP_RATE, PHASE_WRITE, 1)->method ==
			      JUDGE_HODGES_LEHMANN);
	CHECK("beside an HL ratio the medians are shown",
	      fmt_compare_shown(&x.c, figure(&x.c, CMP_RATE, PHASE_WRITE), 1,
				false) == 110 &&
		      strncmp(fmt_compare_method(result(&x.c, CMP_RATE,
							PHASE_WRITE, 1),
						 text, sizeof(text)), "HL ", 3) == 0);
	compared_free(&x);
}

static void test_what_differs(void)
{
	struct run_results runs[6];
	struct compared x;

	for (int i = 0; i < 6; i++) {
		runs[i] = compare_run(i < 3 ? "a" : "b", false, 100 + i % 3, 300, 10, 0);
		snprintf(runs[i].env.scheduler, sizeof(runs[i].env.scheduler),
			 "%s", i < 3 ? "mq-deadline" : "none");
		snprintf(runs[i].env.kernel, sizeof(runs[i].env.kernel), "%s",
			 i == 5 ? "Linux 6.2" : "Linux 6.1");
	}
	CHECK("settings that differ compare", compare_of(runs, 6, NULL, 0, &x) == 0);
	CHECK("the scheduler is said, naming itself",
	      has_note(&x.c, 1, NOTE_DIFFERS, "scheduler mq-deadline (A) against "
					      "scheduler none (B)"));
	CHECK("a group that pools kernels says so",
	      has_note(&x.c, 1, NOTE_DIFFERS, "Linux 6.1 or Linux 6.2 (B, its runs "
					      "differ)") &&
		      has_note(&x.c, 1, NOTE_WARNING, "a group pools runs that "
						      "differ"));
	CHECK("settings are no warning of different things",
	      !x.c.versus[1].workload && !x.c.versus[1].method);
	compared_free(&x);
}

int main(void)
{
	test_groups_and_verdicts();
	test_one_group();
	test_zero_spread_and_threshold();
	test_one_run_a_side();
	test_different_sizes();
	test_page_cache();
	test_drift_and_odd_runs();
	test_what_differs();
	return check_done();
}
