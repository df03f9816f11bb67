/* SPDX-License-Identifier: MIT */
/*
 * hotpath.c - what clyde's bookkeeping costs per operation, for `make
 * bench`, measured on clyde's own code (linked against build/libclyde.a):
 *
 *   clock_ns     one timer_now_ns(), as the phases read it after each I/O
 *   record_ns    one timer_now_ns() + stats_add(): the latency recording
 *                each I/O pays
 *   tick_ns      one progress-line tick (formatting and writing the line
 *                to /dev/null), which the driver thread does 4 times a second
 *
 * `make bench` divides these by the time each phase spent per operation.
 * Output: one JSON object on stdout. Not part of clyde.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/progress.h"
#include "run/run.h"
#include "lib/stats.h"
#include "lib/timer.h"

#define OPS 20000000u
#define TICKS 200000u

static volatile uint64_t sink;

static double clock_cost(void)
{
	uint64_t sum = 0;
	uint64_t t0 = timer_now_ns();

	for (unsigned i = 0; i < OPS; i++)
		sum += timer_now_ns();
	uint64_t t1 = timer_now_ns();
	sink = sum;
	return (double)(t1 - t0) / OPS;
}

/* The loop of phase_block.c's write_run without the write. */
static double record_cost(void)
{
	static struct latency_stats lat;
	uint64_t t0 = timer_now_ns();
	uint64_t start = t0;

	stats_init(&lat);
	for (unsigned i = 0; i < OPS; i++) {
		uint64_t t1 = timer_now_ns();
		stats_add(&lat, t1 - t0);
		t0 = t1;
	}
	sink = lat.count;
	return (double)(timer_now_ns() - start) / OPS;
}

static double tick_cost(void)
{
	static struct config cfg;
	static struct run_plan plan;
	struct progress p;
	struct run_hooks hooks;
	FILE *out = fopen("/dev/null", "w");

	if (!out) {
		perror("hotpath: /dev/null");
		exit(1);
	}
	cfg.io.size_mib = 1024;
	cfg.io.chunk_bytes = 8192;
	cfg.io.seeks = 8192;
	cfg.io.seekers = 5;
	cfg.concurrency = 1;
	cfg.perchar_mib = 0;
	run_plan_init(&plan, &cfg);
	progress_init(&p, out, PROGRESS_LINE, &cfg, &plan);
	progress_hooks(&p, &hooks);
	const struct plan_step *step = &plan.steps[0];
	uint64_t total = cfg.io.size_mib * MIB;

	hooks.phase_start(hooks.arg, step);
	uint64_t t0 = timer_now_ns();
	for (unsigned i = 1; i <= TICKS; i++)
		hooks.phase_tick(hooks.arg, step, total / 2 / TICKS * i, total,
				 (uint64_t)i * 250000000u);
	uint64_t t1 = timer_now_ns();
	fclose(out);
	return (double)(t1 - t0) / TICKS;
}

int main(void)
{
	double clock_ns = clock_cost();
	double record_ns = record_cost();
	double tick_ns = tick_cost();

	printf("{\"clock_ns\": %.2f, \"record_ns\": %.2f, \"tick_ns\": %.1f}\n",
	       clock_ns, record_ns, tick_ns);
	return 0;
}
