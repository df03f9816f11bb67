/* SPDX-License-Identifier: MIT */
/*
 * test_run.c - the driver with null phases that do no I/O: timing, the
 * +++++ threshold, rates summed over copies, latency merged, skipped
 * phases left blank, errors passed up, prepare run once per copy.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "run/run.h"
#include "lib/stats.h"
#include "lib/timer.h"

static _Atomic int prepared;

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static int count_prepare(struct phase_ctx *ctx)
{
	(void)ctx;
	prepared++;
	return 0;
}

/* 60 operations of 10 ms each: 0.6 s, 100 ops/s per copy. */
static int slow_run(struct phase_ctx *ctx)
{
	for (int i = 0; i < 60; i++) {
		sleep_ms(10);
		stats_add(&ctx->lat, 10000000u + (uint64_t)ctx->copy * 1000000u);
		ctx->ops++;
	}
	return 0;
}

static int fast_run(struct phase_ctx *ctx)
{
	ctx->bytes = 1024 * 1024;
	stats_add(&ctx->lat, 5000);
	return 0;
}

static int failing_run(struct phase_ctx *ctx)
{
	if (ctx->copy == 1)
		return phase_fail(ctx, "/x/f000", "write", 28);
	return 0;
}

/* Copy 1 fails after 50 ms; copy 0 would go on for 5 s unless told to stop. */
static int late_failing_run(struct phase_ctx *ctx)
{
	if (ctx->copy == 1) {
		sleep_ms(50);
		return phase_fail(ctx, "/x/c1.f000", "write", 5);
	}
	for (int i = 0; i < 500; i++) {
		if (phase_interrupted(ctx))
			return -1;
		sleep_ms(10);
		ctx->ops++;
	}
	return 0;
}

static const struct phase_info slow_seeks = {
	.id = PHASE_SEEKS, .name = "null seeks", .unit = UNIT_SEEKS_S,
	.size = SIZE_SEEKS, .prepare = count_prepare, .run = slow_run,
};
static const struct phase_info fast_write = {
	.id = PHASE_WRITE, .name = "null write", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .run = fast_run,
};
static const struct phase_info fast_putc = {
	.id = PHASE_PUTC, .name = "null putc", .unit = UNIT_KIB_S,
	.size = SIZE_PERCHAR, .run = fast_run,
};
static const struct phase_info failing_read = {
	.id = PHASE_READ, .name = "null read", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .run = failing_run,
};
static const struct phase_info late_failing_write = {
	.id = PHASE_WRITE, .name = "null write", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .run = late_failing_run,
};

/* The plan step that runs INFO. */
#define STEP(row) { .info = &(row), .name = (row).name }

static void base_config(struct config *cfg, unsigned copies)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->io.size_mib = 1;
	cfg->io.chunk_bytes = 8192;
	cfg->io.seeks = 10;
	cfg->io.seekers = 1;
	cfg->concurrency = copies;
	cfg->perchar_mib = 0; /* per-char phases skipped */
	snprintf(cfg->machine, sizeof(cfg->machine), "nullbox");
}

int main(void)
{
	char dir[] = "/tmp/clyde-test-run.XXXXXX";
	struct config cfg;
	struct run_results res;
	struct phase_error err;

	static struct run_target target;

	if (!mkdtemp(dir))
		return 2;
	snprintf(target.workdir, sizeof(target.workdir), "%s", dir);
	target.dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	target.parent_fd = -1;

	const struct plan_step one[] = { STEP(fast_putc), STEP(fast_write), STEP(slow_seeks) };
	base_config(&cfg, 1);
	int st = run_phases(&cfg, &target, one, 3, NULL, &res, &err);
	CHECK("null run: status 0", st == 0);
	CHECK("null run: skipped per-char is blank", res.phase[PHASE_PUTC].state == FIGURE_NONE);
	CHECK("null run: fast phase is +++++", res.phase[PHASE_WRITE].state == FIGURE_TOO_FAST);
	CHECK("null run: slow phase has a value", res.phase[PHASE_SEEKS].state == FIGURE_VALUE);
	CHECK("null run: elapsed about 0.6 s",
	      res.phase[PHASE_SEEKS].elapsed_ns >= 600000000u &&
	      res.phase[PHASE_SEEKS].elapsed_ns < 1500000000u);
	CHECK("null run: rate about 100 ops/s",
	      res.phase[PHASE_SEEKS].rate > 40 && res.phase[PHASE_SEEKS].rate <= 100.0);
	CHECK("null run: sleeping costs little CPU", res.phase[PHASE_SEEKS].cpu_pct < 20);
	CHECK_U64("null run: 60 latencies", res.phase[PHASE_SEEKS].lat.count, 60);
	CHECK_U64("null run: max latency", res.phase[PHASE_SEEKS].lat.max_ns, 10000000u);
	CHECK_U64("null run: ops", res.phase[PHASE_SEEKS].ops, 60);
	CHECK("null run: block rate from bytes in KiB/s",
	      res.phase[PHASE_WRITE].rate > 1024.0);
	CHECK_STR("null run: program", res.program, "clyde");
	CHECK_STR("null run: machine", res.machine, "nullbox");
	CHECK("null run: prepare once", prepared == 1);

	/* Three copies at once: rates add up, the latency is the maximum. */
	prepared = 0;
	base_config(&cfg, 3);
	st = run_phases(&cfg, &target, one, 3, NULL, &res, &err);
	CHECK("3 copies: status 0", st == 0);
	CHECK("3 copies: prepare once per copy", prepared == 3);
	CHECK("3 copies: run together, not one after another",
	      res.phase[PHASE_SEEKS].elapsed_ns < 1500000000u);
	CHECK("3 copies: rates summed",
	      res.phase[PHASE_SEEKS].rate > 150 && res.phase[PHASE_SEEKS].rate <= 300.0);
	CHECK_U64("3 copies: all latencies merged", res.phase[PHASE_SEEKS].lat.count, 180);
	CHECK_U64("3 copies: max latency of the slowest copy",
		  res.phase[PHASE_SEEKS].lat.max_ns, 12000000u);
	CHECK("3 copies: concurrency recorded", res.concurrency == 3);

	/* A failing copy stops the run with its error. */
	const struct plan_step bad[] = { STEP(fast_write), STEP(failing_read), STEP(slow_seeks) };
	prepared = 0;
	base_config(&cfg, 2);
	st = run_phases(&cfg, &target, bad, 3, NULL, &res, &err);
	CHECK("failure: I/O status 3", st == 3);
	CHECK_STR("failure: path", err.path, "/x/f000");
	CHECK_STR("failure: operation", err.op, "write");
	CHECK("failure: errno", err.errnum == 28);
	CHECK("failure: later phases not run", prepared == 0);

	/* The other copies stop at once, and the error shown is the failing
	 * copy's, not the "stopped" of copy 0 that comes first in order. */
	const struct plan_step late[] = { STEP(late_failing_write) };
	base_config(&cfg, 2);
	uint64_t t0 = timer_now_ns();
	st = run_phases(&cfg, &target, late, 1, NULL, &res, &err);
	CHECK("copy failure: I/O status 3", st == 3);
	CHECK_STR("copy failure: the failing copy's path", err.path, "/x/c1.f000");
	CHECK_STR("copy failure: its operation", err.op, "write");
	CHECK("copy failure: its errno", err.errnum == 5);
	CHECK("copy failure: the other copy stopped within a second",
	      timer_now_ns() - t0 < 1000000000u);

	/* No I/O size: every I/O phase stays blank. */
	base_config(&cfg, 1);
	cfg.io.size_mib = 0;
	st = run_phases(&cfg, &target, one, 3, NULL, &res, &err);
	CHECK("-s 0: status 0", st == 0);
	CHECK("-s 0: I/O phases blank",
	      res.phase[PHASE_WRITE].state == FIGURE_NONE &&
	      res.phase[PHASE_SEEKS].state == FIGURE_NONE);

	rmdir(dir);
	return check_done();
}
