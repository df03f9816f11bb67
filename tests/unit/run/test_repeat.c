/* SPDX-License-Identifier: MIT */
/*
 * test_repeat.c - tests of src/run/repeat.c, -x auto's stopping rule: on runs
 * with figures set by hand (the repeated interval at 1 - 0.05/8 for at
 * most 10 runs, the planned looks, drift, +++++ and missing figures, the
 * random-I/O tests, what it says), then on runs the driver makes with a
 * null phase whose rate the test sets for each run, in the loop cmd_classic.c
 * runs, and each run's seed. The half-widths are scipy's
 * (test_sequential.c).
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "run/repeat.h"
#include "run/run.h"
#include "lib/timer.h"

/* N runs whose block output took VALUES (0: +++++) and seeks 500/s. */
static void make_runs(struct run_results *runs, const double *values, size_t n)
{
	memset(runs, 0, n * sizeof(*runs));
	for (size_t i = 0; i < n; i++) {
		runs[i].phase[PHASE_WRITE].state = values[i] > 0 ? FIGURE_VALUE
								 : FIGURE_TOO_FAST;
		runs[i].phase[PHASE_WRITE].rate = values[i] > 0 ? values[i] : 9e9;
		runs[i].phase[PHASE_SEEKS].state = FIGURE_VALUE;
		runs[i].phase[PHASE_SEEKS].rate = 500;
	}
}

/* What repeat_say writes for RUNS[0..n) of at most MAX. */
static char *said(const struct run_results *runs, size_t n, size_t max)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	repeat_say(mem, runs, n, max);
	fclose(mem);
	return text;
}

/* repeat_say's words for RUNS[0..n) of at most 10 are exactly WANT. */
static void check_said(const char *name, const struct run_results *runs,
		       size_t n, const char *want)
{
	char *text = said(runs, n, REPEAT_AUTO_MAX);

	CHECK_STR(name, text, want);
	free(text);
}

static void test_rule(void)
{
	static struct run_results runs[20];
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	const double same[] = { 100, 100, 100 };
	/* Half-widths at 1 - 0.05/8: 7.54%, then 2.86%: settled at the fourth run. */
	const double narrowing[] = { 100, 101, 99, 100, 100.5, 99.5, 100, 100.2,
				     99.8, 100, 100, 100 };
	const double alternating[] = { 100, 130, 100, 130, 100, 130, 100, 130, 100, 130 };
	size_t n;

	make_runs(runs, same, 3);
	CHECK("rule: two runs are never enough", !repeat_done(runs, 2, 10));
	CHECK("rule: three identical runs are", repeat_done(runs, 3, 10));
	n = repeat_figures(runs, 3, 10, figs);
	CHECK("rule: the rates measured, in table order",
	      n == 2 && strcmp(figs[0].name, "block output") == 0 &&
		      strcmp(figs[1].name, "seeks") == 0 &&
		      figs[0].rule.measured == 3 && figs[0].rule.half_width == 0);

	make_runs(runs, narrowing, 12);
	n = repeat_figures(runs, 3, 10, figs);
	CHECK("rule: 100, 101, 99 is +/-7.54% at 1 - 0.05/8",
	      n == 2 && fabs(figs[0].rule.half_width - 0.0754) < 0.0001 &&
		      fabs(figs[0].rule.level - (1 - 0.05 / 8)) < 1e-12 &&
		      !figs[0].rule.settled && figs[1].rule.settled);
	CHECK("rule: not done at 3 runs", !repeat_done(runs, 3, 10));
	CHECK("rule: done at 4 runs, +/-2.86%", repeat_done(runs, 4, 10) &&
		      repeat_figures(runs, 4, 10, figs) == 2 &&
		      fabs(figs[0].rule.half_width - 0.0286) < 0.0001);
	CHECK("rule: MAX stops it first", repeat_done(runs, 3, 3));
	/* At most 20 runs, the looks past 10 are 13, 17 and 20. */
	CHECK("rule: settled, but run 11 is no look",
	      repeat_done(runs, 10, 20) && !repeat_done(runs, 11, 20) &&
		      repeat_done(runs, 12, 12));

	make_runs(runs, alternating, 10);
	CHECK("rule: 100/130 never settles before MAX",
	      !repeat_done(runs, 3, 10) && !repeat_done(runs, 9, 10) &&
		      repeat_done(runs, 10, 10));
	check_said("say: one line per noisy rate", runs, 10,
		   "clyde: -x auto: block output still noisy after 10 runs: 95% "
		   "confidence interval +/-16.8% of the mean, not within 3%\n");

	make_runs(runs, same, 3);
	check_said("say: every rate settled", runs, 3,
		   "clyde: -x auto: every rate settled in 3 runs (95% confidence "
		   "interval within 3% of the mean)\n");
}

/*
 * A rate that climbs run after run stops -x auto with drift, not at MAX;
 * the rise is Sen's (the median slope over the 6 runs between: 68%, where
 * the first and the seventh differ by 70%).
 */
static void test_drift(void)
{
	static struct run_results runs[REPEAT_AUTO_MAX];
	const double climbing[] = { 54, 60, 66, 71, 77, 84, 92, 95, 99, 104 };

	make_runs(runs, climbing, 10);
	CHECK("drift: not found before the seventh run",
	      !repeat_done(runs, 6, 10));
	CHECK("drift: stops at the seventh", repeat_done(runs, 7, 10));
	check_said("drift: says what rose and by how much", runs, 7,
		   "clyde: -x auto: block output drifted: it rose 68% from the 1st "
		   "run to the 7th (Mann-Kendall p = 0.0004); the disk or the "
		   "machine changed during the runs\n");
}

static void test_missing(void)
{
	static struct run_results runs[4];
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	const double once[] = { 0, 100, 0 };
	const double never[] = { 0, 0, 0 };

	make_runs(runs, once, 3);
	CHECK("+++++: measured once is not settled",
	      repeat_figures(runs, 3, 10, figs) == 2 && figs[0].rule.measured == 1 &&
		      isnan(figs[0].rule.half_width) && !figs[0].rule.settled &&
		      !repeat_done(runs, 3, 10));
	check_said("+++++: says how often it was measured", runs, 3,
		   "clyde: -x auto: block output still noisy after 3 runs: "
		   "measured in 1 of them, +++++ in the others\n");

	make_runs(runs, never, 3);
	CHECK("+++++ in every run: not a rate to wait for",
	      repeat_figures(runs, 3, 10, figs) == 1 && repeat_done(runs, 3, 10));
	for (int i = 0; i < 3; i++)
		runs[i].phase[PHASE_SEEKS].state = FIGURE_TOO_FAST;
	CHECK("no rate at all: done at three runs",
	      repeat_figures(runs, 3, 10, figs) == 0 && !repeat_done(runs, 2, 10) &&
		      repeat_done(runs, 3, 10));
	check_said("no rate at all: says so", runs, 3,
		   "clyde: -x auto: no rate was measured in 3 runs (every test too "
		   "fast or not run)\n");
}

static void test_random(void)
{
	static struct run_results runs[3];
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	const double same[] = { 100, 100, 100 };
	const double iops[] = { 2000, 2600, 2000 };

	make_runs(runs, same, 3);
	for (int i = 0; i < 3; i++) {
		runs[i].n_random = 2;
		runs[i].random[0] = (struct random_result){ .depth = 1, .ops = 5,
			.elapsed_ns = 1, .iops = 7000 };
		runs[i].random[1] = (struct random_result){ .writes = true,
			.depth = 32, .ops = 5, .elapsed_ns = 1, .iops = iops[i] };
	}
	CHECK("random: each test's IOPS is a rate",
	      repeat_figures(runs, 3, 10, figs) == 4 &&
		      strcmp(figs[2].name, "random reads, depth 1") == 0 &&
		      figs[2].rule.settled &&
		      strcmp(figs[3].name, "random writes, depth 32") == 0 &&
		      !figs[3].rule.settled);
	CHECK("random: a noisy one keeps it going", !repeat_done(runs, 3, 10));
	runs[1].random[1].iops = 2000;
	CHECK("random: settled", repeat_done(runs, 3, 10));
}

/* The null phase's rate in each run: ops per second of its own time. */
static double rate_of_run[REPEAT_AUTO_MAX];
static atomic_int run_index;

/* About 0.6 s asleep, then as many ops as the rate asked for makes. */
static int paced_run(struct phase_ctx *ctx)
{
	struct timespec ts = { 0, 600 * 1000 * 1000L };
	uint64_t t0 = timer_now_ns();

	nanosleep(&ts, NULL);
	/* The window is the phase's own (phase.h's io_ns), so the rate is
	 * the one set however long the driver's bookkeeping takes around it
	 * on a loaded machine (a TSan suite beside another suite). */
	ctx->io_ns = timer_now_ns() - t0;
	ctx->ops = (uint64_t)(rate_of_run[run_index] * (double)ctx->io_ns / 1e9);
	return 0;
}

static const struct phase_info paced_seeks = {
	.id = PHASE_SEEKS, .name = "null seeks", .unit = UNIT_SEEKS_S,
	.size = SIZE_SEEKS, .run = paced_run,
};

/* cmd_classic.c's loop: run until repeat_done; returns the runs made. */
static size_t run_auto(const struct config *cfg, const struct run_target *target,
		       size_t max, struct run_results *runs)
{
	const struct plan_step steps[] = { { .info = &paced_seeks,
					     .name = paced_seeks.name } };
	struct phase_error err;
	size_t n = 0;

	while (!repeat_done(runs, n, max)) {
		run_index = (int)n;
		if (run_phases(cfg, target, steps, 1, NULL, &runs[n], &err) != 0)
			break;
		n++;
	}
	return n;
}

static void test_driven(void)
{
	char dir[] = "/tmp/clyde-test-repeat.XXXXXX";
	static struct run_target target;
	static struct run_results runs[REPEAT_AUTO_MAX];
	struct config cfg;
	size_t n;
	char *text;

	if (!mkdtemp(dir)) {
		CHECK("driven: a scratch directory", false);
		return;
	}
	snprintf(target.workdir, sizeof(target.workdir), "%s", dir);
	memset(&cfg, 0, sizeof(cfg));
	cfg.io = (struct io_params){ 1, 8192, 10, 1 };
	cfg.concurrency = 1;

	for (size_t i = 0; i < REPEAT_AUTO_MAX; i++)
		rate_of_run[i] = 1000;
	n = run_auto(&cfg, &target, REPEAT_AUTO_MAX, runs);
	CHECK("driven: a steady rate stops at three runs", n == 3);
	CHECK("driven: the rate is the one set",
	      runs[0].phase[PHASE_SEEKS].state == FIGURE_VALUE &&
		      fabs(runs[0].phase[PHASE_SEEKS].rate - 1000) < 30);

	for (size_t i = 0; i < REPEAT_AUTO_MAX; i++)
		rate_of_run[i] = i % 2 ? 1300 : 1000;
	n = run_auto(&cfg, &target, 4, runs);
	CHECK("driven: an alternating rate runs to MAX", n == 4);
	text = said(runs, n, 4);
	CHECK("driven: and is named as still noisy",
	      strncmp(text, "clyde: -x auto: seeks still noisy after 4 runs: "
			    "95% confidence interval +/-", 75) == 0);
	free(text);
	rmdir(dir);
}

/* -x auto gives each run its own seed; -x N and -Z keep theirs. */
static void test_seed(void)
{
	struct config cfg = { .seed = 1000, .repeat = 10, .repeat_auto = true };

	CHECK("seed: -x auto's first run has the seed given",
	      repeat_seed(&cfg, 0) == 1000);
	CHECK("seed: each later run its own", repeat_seed(&cfg, 1) == 1001 &&
						      repeat_seed(&cfg, 9) == 1009);
	cfg.repeat_auto = false;
	CHECK("seed: -x N keeps bonnie++'s one seed", repeat_seed(&cfg, 3) == 1000);
	cfg.repeat_auto = true;
	cfg.random_file = "numbers";
	CHECK("seed: with -Z the file's numbers", repeat_seed(&cfg, 3) == 1000);
}

int main(void)
{
	test_seed();
	test_rule();
	test_drift();
	test_missing();
	test_random();
	test_driven();
	return check_done();
}
