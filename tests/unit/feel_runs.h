/* SPDX-License-Identifier: MIT */
/*
 * feel_runs.h - for the tests of --probe's figures in every format: a
 * probe's waits set by hand, and the two runs of the golden set "feel"
 * (tests/golden/report/feel.*). Header-only, tests only.
 */
#ifndef FEEL_RUNS_H
#define FEEL_RUNS_H

#include "core/verdict.h"
#include "golden.h"

#define FEEL_US 1000ULL

/* One kind's waits: N of them, p50/p99/max in µs, the counts over 100 ms
 * and 1 s, and the first points over time from POINTS_MS (-1: none). */
static inline void feel_waits(struct probe_waits *w, uint64_t n, uint64_t p50_us,
			      uint64_t p99_us, uint64_t max_us, uint64_t over_100ms,
			      uint64_t over_1s, const float *points_ms, size_t n_points)
{
	memset(w, 0, sizeof(*w));
	w->lat = (struct latency_summary){ .count = n, .min_ns = p50_us * FEEL_US / 2,
					   .mean_ns = p50_us * FEEL_US * 2,
					   .p50_ns = p50_us * FEEL_US,
					   .p99_ns = p99_us * FEEL_US,
					   .p999_ns = max_us * FEEL_US,
					   .max_ns = max_us * FEEL_US };
	w->over_100ms = over_100ms;
	w->over_1s = over_1s;
	for (size_t i = 0; i < PROBE_POINTS; i++)
		w->max_ms[i] = i < n_points ? points_ms[i] : -1.0f;
}

/*
 * The golden set "feel": a laptop under mq-deadline, whose probe read
 * (O_DIRECT) and wrote beside block write and read and a random-read
 * test, a stall of 1.6 s among the writes; the same laptop under none,
 * reads only, evicted (no O_DIRECT), and no probe beside its block read.
 */
static inline size_t feel_runs(struct run_results *runs)
{
	static const float wr_reads[] = { 0.2f, 45.1f, 310.4f, 12.0f };
	static const float wr_writes[] = { 4.1f, -1.0f, 1612.5f, 8.0f };
	static const float rd_reads[] = { 0.1f, 2.5f, 9.0f, 0.3f };
	static const float none_reads[] = { 0.3f, 88.0f, 140.2f, 61.0f };

	for (int k = 0; k < 2; k++) {
		struct run_results *r = &runs[k];

		*r = golden_blank_run(k ? "laptop [scheduler=none]"
					: "laptop [scheduler=mq-deadline]", 1024, 0);
		r->perchar_mib = 0;
		golden_set(r, PHASE_WRITE, FIGURE_VALUE, 250000.0 - 40000 * k, 20, 90000);
		golden_set(r, PHASE_READ, FIGURE_VALUE, 480000.0, 15, 20000);
		golden_set(r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, 0);
		r->probe = k ? PROBE_READ : PROBE_READ | PROBE_WRITE;
	}
	struct probe_result *p = &runs[0].phase[PHASE_WRITE].probe;
	p->direct = true;
	p->n = 4;
	p->interval_ns = 62500000;
	feel_waits(&p->read, 380, 180, 45000, 310400, 3, 0, wr_reads, 4);
	feel_waits(&p->write, 38, 4100, 350000, 1612500, 2, 1, wr_writes, 4);
	p = &runs[0].phase[PHASE_READ].probe;
	p->direct = true;
	p->n = 4;
	p->interval_ns = 62500000;
	feel_waits(&p->read, 200, 120, 2500, 9000, 0, 0, rd_reads, 4);
	runs[0].n_random = 1;
	runs[0].random[0] = (struct random_result){
		.writes = false, .depth = 1, .threads = 1, .ops = 5000,
		.elapsed_ns = 5000000000ULL, .iops = 1000, .mib_per_s = 1000.0 / 256,
		.cpu_pct = 3, .lat = { .count = 5000, .p50_ns = 900000,
				       .p99_ns = 3000000, .max_ns = 8000000 },
	};
	p = &runs[0].random[0].probe;
	p->direct = true;
	feel_waits(&p->read, 480, 950, 4100, 7700, 0, 0, NULL, 0);
	p = &runs[1].phase[PHASE_WRITE].probe;
	p->direct = false;
	p->n = 4;
	p->interval_ns = 62500000;
	feel_waits(&p->read, 310, 310, 88000, 140200, 1, 0, none_reads, 4);
	/* Final, as a run that ended: its verdicts made. */
	verdict_compute(&runs[0]);
	verdict_compute(&runs[1]);
	return 2;
}

#endif
