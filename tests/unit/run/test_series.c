/* SPDX-License-Identifier: MIT */
/*
 * test_series.c - each test over time. The recorder on a meter the test
 * feeds at clock times it chooses: points per interval, intervals that
 * double as points fill (a phase of hours keeps at most SERIES_MAX_POINTS),
 * merged to seconds at the end, gaps, the tail, the 99th percentile of
 * each interval. Then the driver with null phases whose rate the test
 * controls: a step down after a volume and a stall, named by the verdicts.
 */
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "core/verdict.h"
#include "lib/timer.h"
#include "run/run.h"
#include "run/run_series.h"

#define MS 1000000ULL
#define S 1000000000ULL

/* N operations of BYTES each at latency NS. */
static void ops(struct meter *m, unsigned n, uint64_t bytes, uint64_t ns)
{
	for (unsigned i = 0; i < n; i++)
		meter_add(m, i, bytes, ns);
}

static void test_recorder(void)
{
	struct series_rec *rec = series_rec_new();
	struct phase_series *s = calloc(1, sizeof(*s));
	const uint64_t t0 = 1000 * S;
	struct meter *m;

	CHECK("recorder: made", rec && s);
	if (!rec || !s)
		return;
	m = series_rec_meter(rec);

	/* Two seconds, 100 operations of 1 MiB a tick; the second second
	 * twice as fast, and after 1.5 s one slow operation of 200 a tick,
	 * three on every other. */
	series_rec_start(rec, t0);
	for (uint64_t t = 1; t <= 32; t++) {
		unsigned slow = t <= 24 ? 0 : t % 2 ? 3 : 1;

		ops(m, (t > 16 ? 200 : 100) - slow, 1 << 20, 100000);
		ops(m, slow, 1 << 20, 20 * MS);
		series_rec_tick(rec, t0 + t * SERIES_TICK_NS);
	}
	series_rec_finish(rec, t0 + 2 * S, s);
	CHECK_U64("2 s: 32 points of a tick", s->n, 32);
	CHECK_U64("2 s: interval", s->interval_ns, SERIES_TICK_NS);
	CHECK("2 s: the rate of the first second",
	      fabs(s->point[3].bytes_s - 100.0 * 16 * (1 << 20)) < 1e3 &&
		      fabs(s->point[3].ops_s - 1600) < 1e-3);
	CHECK("2 s: twice that in the second", fabs(s->point[20].ops_s - 3200) < 1e-3);
	CHECK("2 s: p99 of a quiet interval about 100 us",
	      s->point[10].p99_us > 90 && s->point[10].p99_us < 115);
	CHECK("2 s: p99 where 1 in 200 is slow is still fast",
	      s->point[25].p99_us < 115);
	CHECK("2 s: p99 where 3 in 200 are slow is slow",
	      s->point[26].p99_us > 18000 && s->point[26].p99_us < 22000);
	CHECK("2 s: no gap, no tail", s->n_gaps == 0 && s->tail_s == 0);

	/* An hour at a tick a second: bounded, merged to a minute or so. */
	series_rec_start(rec, t0);
	for (uint64_t t = 1; t <= 3600; t++) {
		ops(m, 10, 4096, 1000);
		series_rec_tick(rec, t0 + t * S);
	}
	series_rec_finish(rec, t0 + 3600 * S, s);
	CHECK("an hour: at most SERIES_MAX_POINTS", s->n <= SERIES_MAX_POINTS && s->n >= 32);
	CHECK("an hour: intervals of a minute or more",
	      s->interval_ns >= 56 * S && s->interval_ns % SERIES_TICK_NS == 0);
	CHECK("an hour: the rate kept", fabs(s->point[5].ops_s - 10) < 0.01 &&
					     fabs(s->point[s->n - 1].ops_s - 10) < 0.5);

	/* Ten seconds with nothing done from 3 to 4.5 s, and the last 2 s. */
	series_rec_start(rec, t0);
	for (uint64_t t = 1; t <= 160; t++) {
		uint64_t at = t * SERIES_TICK_NS;

		if ((at <= 3 * S || at > 4500 * MS) && at <= 8 * S)
			ops(m, 5, 8192, 1000);
		series_rec_tick(rec, t0 + at);
	}
	series_rec_finish(rec, t0 + 10 * S, s);
	CHECK("10 s: merged to 250 ms, 40 points", s->n == 40 && s->interval_ns == 250 * MS);
	CHECK("10 s: one gap of 1.5 s from 3 s",
	      s->n_gaps == 1 && fabs(s->gap[0].at_s - 3.0) < 0.07 &&
		      fabs(s->gap[0].len_s - 1.5) < 0.07);
	CHECK("10 s: a tail of 2 s", fabs(s->tail_s - 2.0) < 0.07);
	CHECK("10 s: nothing in the gap", s->point[14].ops_s == 0 && s->point[14].p99_us < 0);

	/* A tick late by three intervals spreads what it saw. */
	series_rec_start(rec, t0);
	ops(m, 40, 1000, 1000);
	series_rec_tick(rec, t0 + 4 * SERIES_TICK_NS);
	series_rec_finish(rec, t0 + 4 * SERIES_TICK_NS, s);
	CHECK("late tick: four points", s->n == 4);
	CHECK("late tick: shared evenly", fabs(s->point[0].ops_s - s->point[3].ops_s) < 1e-3);
	/*
	 * The window ends at 2 s, but a tick at 2.1 s saw the I/Os still out
	 * reaped: no stall of minus a tenth of a second (once read as 2^64 ns).
	 */
	series_rec_start(rec, t0);
	for (uint64_t t = 1; t <= 34; t++) {
		ops(m, 10, 4096, 1000);
		series_rec_tick(rec, t0 + t * SERIES_TICK_NS);
	}
	ops(m, 3, 4096, 1000);
	series_rec_finish(rec, t0 + 2 * S, s);
	CHECK("a tick past the window's end: no gap, no tail",
	      s->n_gaps == 0 && s->tail_s == 0 && s->span_ns == 2 * S);
	/* Nothing from 1 s, a tick at 2.5 s past the end at 2 s: 1 s, not 1.5. */
	series_rec_start(rec, t0);
	for (uint64_t t = 1; t <= 16; t++) {
		ops(m, 10, 4096, 1000);
		series_rec_tick(rec, t0 + t * SERIES_TICK_NS);
	}
	ops(m, 10, 4096, 1000);
	series_rec_tick(rec, t0 + 2500 * MS);
	series_rec_finish(rec, t0 + 2 * S, s);
	CHECK("a gap a tick past the window saw ends with the window",
	      s->n_gaps == 1 && fabs(s->gap[0].at_s - 1.0) < 1e-3 &&
		      fabs(s->gap[0].len_s - 1.0) < 1e-3);
	series_rec_start(rec, t0);
	series_rec_finish(rec, t0, s);
	CHECK("no time: no series", s->n == 0);
	series_rec_free(rec);
	free(s);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* 1 MiB a millisecond for 0.8 s, then 1 MiB every 20 ms for 1.2 s. */
static int stepping_run(struct phase_ctx *ctx)
{
	uint64_t start = timer_now_ns(), t0 = start;

	while (timer_now_ns() - start < 2 * S) {
		sleep_ms(timer_now_ns() - start < 800 * MS ? 1 : 20);
		phase_count_chunk(ctx, &t0, 1 << 20, 0);
	}
	return 0;
}

/* 1 MiB every 10 ms for 2.6 s, with nothing from 0.8 s to 2 s. */
static int stalling_run(struct phase_ctx *ctx)
{
	uint64_t start = timer_now_ns(), t0 = start;
	bool stalled = false;

	while (timer_now_ns() - start < 2600 * MS) {
		if (!stalled && timer_now_ns() - start > 800 * MS) {
			sleep_ms(1200);
			stalled = true;
		}
		sleep_ms(10);
		phase_count_chunk(ctx, &t0, 1 << 20, 0);
	}
	return 0;
}

static const struct phase_info stepping_write = {
	.id = PHASE_WRITE, .name = "stepping write", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .run = stepping_run,
};
static const struct phase_info stalling_read = {
	.id = PHASE_READ, .name = "stalling read", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .run = stalling_run,
};

static void test_driver(void)
{
	char dir[] = "/tmp/clyde-test-series.XXXXXX";
	const struct plan_step steps[] = {
		{ .info = &stepping_write, .name = stepping_write.name },
		{ .info = &stalling_read, .name = stalling_read.name },
	};
	static struct run_target target;
	static struct run_results res;
	struct phase_error err;
	struct config cfg;
	const struct phase_series *w = &res.phase[PHASE_WRITE].series;
	const struct phase_series *r = &res.phase[PHASE_READ].series;

	if (!mkdtemp(dir)) {
		CHECK("driver: a temporary directory", false);
		return;
	}
	snprintf(target.workdir, sizeof(target.workdir), "%s", dir);
	target.dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	target.parent_fd = -1;
	memset(&cfg, 0, sizeof(cfg));
	cfg.io.size_mib = 1;
	cfg.io.chunk_bytes = 8192;
	cfg.concurrency = 1;
	CHECK("driver: runs", run_phases(&cfg, &target, steps, 2, NULL, &res, &err) == 0);
	verdict_compute(&res);
	CHECK("driver: the write phase recorded, at most 1/4 s a point",
	      w->n >= 8 && w->interval_ns <= 250 * MS);
	CHECK("driver: its step down named", w->n_shapes >= 1 &&
						  w->shape[0].kind == SHAPE_STEP_DOWN);
	printf("# step: %.0f MiB/s to %.0f MiB/s after %.0f MiB at %.2f s\n",
	       w->shape[0].before / 1048576, w->shape[0].after / 1048576,
	       w->shape[0].at_bytes / 1048576, w->shape[0].at_s);
	CHECK("driver: after about 0.8 s", w->shape[0].at_s > 0.5 && w->shape[0].at_s < 1.2);
	CHECK("driver: at least 5 times slower",
	      w->shape[0].after * 5 <= w->shape[0].before);
	CHECK("driver: the read's stall of 1.2 s", r->n_gaps == 1 &&
						       fabs(r->gap[0].len_s - 1.2) < 0.3 &&
						       fabs(r->gap[0].at_s - 0.8) < 0.3);
	CHECK("driver: named as a stall", r->n_shapes >= 1 &&
					       r->shape[r->n_shapes - 1].kind == SHAPE_STALL);
	close(target.dir_fd);
	rmdir(dir);
}

int main(void)
{
	test_recorder();
	test_driver();
	return check_done();
}
