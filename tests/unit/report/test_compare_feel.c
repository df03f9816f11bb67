/* SPDX-License-Identifier: MIT */
/*
 * test_compare_feel.c - `clyde report --compare` on --probe's waits: a
 * scheduler that keeps the probe's p99 ten times lower is "faster" there,
 * an equal median is "the same", the waits are a third family of their own
 * (lower is better) that leaves the rates' family alone, the preamble says
 * so, the rows are named by test and probe, the waits beside a random-I/O
 * test and a clyde mark's tests are compared too, and runs without a
 * probe add no such figure.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "compare_runs.h"
#include "feel_runs.h"
#include "report/fmt_compare.h"

#define RUNS 6

/* The feel figure KIND of probe kind PROBE beside PHASE (RANDOM: a random
 * test of that depth) in C, or SIZE_MAX. */
static size_t feel(const struct comparison *c, enum cmp_kind kind, int phase,
		   bool random, unsigned probe)
{
	for (size_t f = 0; f < c->n_figures; f++)
		if (c->figure[f].kind == kind && c->figure[f].phase == phase &&
		    c->figure[f].random == random && c->figure[f].probe == probe)
			return f;
	return SIZE_MAX;
}

/* Run I of a group whose probe waited P99_MS at the 99th percentile. */
static struct run_results probed_run(const char *name, size_t i, double p99_ms)
{
	struct run_results r = compare_run(name, false, 200 + (double)(i % 3), 0, 40,
					   9000 + 10.0 * (double)i);
	double wobble = 1.0 + 0.01 * (double)(i % 3);

	feel_waits(&r.phase[PHASE_WRITE].probe.read, 500, 1000 + i % 2, (uint64_t)(p99_ms * 1000 * wobble),
		   (uint64_t)(p99_ms * 2000 * wobble), 5, 0, NULL, 0);
	feel_waits(&r.random[0].probe.read, 400, 900, (uint64_t)(p99_ms * 500 * wobble),
		   (uint64_t)(p99_ms * 1000 * wobble), 0, 0, NULL, 0);
	r.probe = PROBE_READ;
	return r;
}

static void test_classic(void)
{
	static struct run_results runs[2 * RUNS];
	struct compared x;
	char text[FMT_COMPARE_PREAMBLE_MAX];
	size_t f;

	for (size_t i = 0; i < RUNS; i++) {
		runs[2 * i] = probed_run("laptop [scheduler=none]", i, 200);
		runs[2 * i + 1] = probed_run("laptop [scheduler=mq-deadline]", i, 20);
	}
	CHECK("feel: compared", compare_of(runs, 2 * RUNS, NULL, 0, &x) == 0);
	f = feel(&x.c, CMP_FEEL_P99, PHASE_WRITE, false, PROBE_READ);
	CHECK("feel: a p99 figure beside block write",
	      f != SIZE_MAX && x.c.figure[f].family == CMP_FEEL &&
	      x.c.figure[f].better == COMPARE_LOWER_IS_BETTER &&
	      x.c.figure[f].latency);
	CHECK_STR("feel: named by the test", f != SIZE_MAX ? x.c.figure[f].name : "",
		  "Block write");
	CHECK_STR("feel: and by the probe", f != SIZE_MAX ? x.c.figure[f].measure : "",
		  "p99 probe read");
	const struct judge_result *r = f != SIZE_MAX ?
		report_compare_result(&x.c, f, 1) : NULL;
	CHECK("feel: ten times shorter waits are faster",
	      r && r->verdict == JUDGE_FASTER && r->ratio < 0.2 &&
	      strcmp(fmt_compare_verdict(&x.c, f, 1, text, sizeof(text)), "faster") == 0);
	f = feel(&x.c, CMP_FEEL_P50, PHASE_WRITE, false, PROBE_READ);
	r = f != SIZE_MAX ? report_compare_result(&x.c, f, 1) : NULL;
	CHECK("feel: an equal median is the same", r && r->verdict == JUDGE_SAME);
	CHECK("feel: the max too",
	      feel(&x.c, CMP_FEEL_MAX, PHASE_WRITE, false, PROBE_READ) != SIZE_MAX);
	CHECK("feel: no writes' figures where no probe wrote",
	      feel(&x.c, CMP_FEEL_P99, PHASE_WRITE, false, PROBE_WRITE) == SIZE_MAX);
	f = feel(&x.c, CMP_FEEL_P99, 4, true, PROBE_READ);
	r = f != SIZE_MAX ? report_compare_result(&x.c, f, 1) : NULL;
	CHECK("feel: beside a random-I/O test too", r && r->verdict == JUDGE_FASTER &&
	      strcmp(x.c.figure[f].name, "Random reads, depth 4") == 0);
	printf("# families: %zu rates, %zu costs, %zu feel\n", x.c.family[CMP_RATES],
	       x.c.family[CMP_COSTS], x.c.family[CMP_FEEL]);
	CHECK("feel: a family of its own, six figures",
	      x.c.family[CMP_FEEL] == 6);
	CHECK("feel: the rates' family is left alone", x.c.family[CMP_RATES] == 2);
	CHECK("feel: the preamble says the third family",
	      strstr(fmt_compare_preamble(&x.c, text, sizeof(text)),
		     "are a third family (6) with the same promise: each interval a ") &&
	      strstr(text, "lower is better"));
	compared_free(&x);

	/* Without a probe: none of it. */
	for (size_t i = 0; i < 2 * RUNS; i++) {
		memset(&runs[i].phase[PHASE_WRITE].probe, 0, sizeof(struct probe_result));
		memset(&runs[i].random[0].probe, 0, sizeof(runs[i].random[0].probe));
		runs[i].probe = 0;
	}
	CHECK("no probe: compared", compare_of(runs, 2 * RUNS, NULL, 0, &x) == 0);
	bool any = false;
	for (size_t k = 0; k < x.c.n_figures; k++)
		any |= x.c.figure[k].family == CMP_FEEL;
	CHECK("no probe: no feel figure, no third family", !any &&
	      !strstr(fmt_compare_preamble(&x.c, text, sizeof(text)), "third family"));
	compared_free(&x);
}

/* clyde mark: each mark's waits over its runs are one value. */
static void test_marks(void)
{
	static struct mark_results marks[8];
	struct comparison c;
	struct parse_error err;
	const struct cmp_options o = { NULL, 0 };

	for (size_t i = 0; i < 8; i++) {
		struct mark_results *m = &marks[i];
		struct mark_result *t = &m->tests[0];
		double p99_ms = i % 2 ? 30 : 300;

		memset(m, 0, sizeof(*m));
		snprintf(m->machine, sizeof(m->machine), "ssd [scheduler=%s]",
			 i % 2 ? "mq-deadline" : "none");
		snprintf(m->version, sizeof(m->version), "9.9.9");
		m->runs = 2;
		m->time_s = 1;
		m->size_mib = 64;
		m->n = 1;
		t->test = (struct mark_test){ false, 4096, 32, 1, MARK_READ };
		t->n_runs = 2;
		for (size_t k = 0; k < 2; k++)
			t->run[k] = (struct mark_figures){
				.ios = 1000, .bytes = 4096000,
				.elapsed_ns = 1000000000, .cpu_ns = 1000000,
				.mb_per_s = 4.096, .iops = 1000, .mean_us = 500,
			};
		t->score = t->run[0];
		t->disk_pct = 100;
		feel_waits(&t->probe.read, 100, 500,
			   (uint64_t)(p99_ms * 1000 * (1 + 0.01 * (double)(i / 2))),
			   (uint64_t)(p99_ms * 1500), 1, 0, NULL, 0);
	}
	CHECK("marks: compared", report_compare_marks(marks, 8, &o, &c, &err) == 0);
	size_t f = feel(&c, CMP_FEEL_P99, 0, false, PROBE_READ);
	const struct judge_result *r = f != SIZE_MAX ? report_compare_result(&c, f, 1)
						     : NULL;
	CHECK("marks: the probe's p99 beside RND4K Q32T1 read", f != SIZE_MAX &&
	      strcmp(c.figure[f].name, "RND4K Q32T1 read") == 0);
	CHECK("marks: four values a group, one a mark, and a verdict",
	      r && r->base.n == 4 && r->other.n == 4 && r->verdict == JUDGE_FASTER);
	report_compare_free(&c);
}

int main(void)
{
	test_classic();
	test_marks();
	return check_done();
}
