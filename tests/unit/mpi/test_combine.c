/* SPDX-License-Identifier: MIT */
/*
 * test_combine.c - tests of src/mpi/combine.c, the arithmetic behind
 * clyde-mpi's one result, without MPI: aggregate bandwidth over the first
 * start to the last end, CPU per rank over that window, the latency
 * maximum and the histograms merged as a reduction would (against one
 * histogram of every value, and against stats_merge), each disk counted
 * once, and a whole run of three ranks.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mpi/combine.h"

#define S_NS 1000000000ULL
#define MS_NS 1000000ULL
#define US_NS 1000ULL

static bool near(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fabs(want) + 1e-9;
}

static struct phase_result part(uint64_t start_ns, uint64_t elapsed_ns,
				uint64_t bytes, uint64_t ops, uint64_t cpu_ns)
{
	struct phase_result p = { .state = FIGURE_VALUE, .start_ns = start_ns,
				  .elapsed_ns = elapsed_ns, .bytes = bytes,
				  .ops = ops, .cpu_ns = cpu_ns };

	p.rate = (double)bytes / 1024.0 / ((double)elapsed_ns / 1e9);
	return p;
}

static const char *const one_host[] = { "a", "a", "a" };
static const char *const no_disk[] = { "", "", "" };

static void test_window(void)
{
	/* Starts 1.0, 1.1, 1.0 s; ends 3.0, 3.5, 2.0 s: a 2.5 s window. */
	struct phase_result p[3] = {
		part(1 * S_NS, 2 * S_NS, 200 * MIB, 25600, 1 * S_NS),
		part(1100 * MS_NS, 2400 * MS_NS, 100 * MIB, 12800, S_NS / 2),
		part(1 * S_NS, 1 * S_NS, 50 * MIB, 6400, 1500 * MS_NS),
	};
	const struct phase_result *parts[3] = { &p[0], &p[1], &p[2] };
	static struct latency_stats none;
	struct phase_result out;
	double sum_of_rates = p[0].rate + p[1].rate + p[2].rate;

	combine_phase(parts, 3, UNIT_KIB_S, &none, one_host, no_disk, &out);
	CHECK_U64("combine: window from first start to last end", out.elapsed_ns,
		  2500 * MS_NS);
	CHECK_U64("combine: start is the first rank's", out.start_ns, 1 * S_NS);
	CHECK("combine: aggregate KiB/s = all bytes / the job's window",
	      near(out.rate, 350.0 * 1024.0 / 2.5));
	CHECK("combine: aggregate below the sum of the ranks' rates",
	      out.rate < sum_of_rates);
	CHECK_U64("combine: bytes summed", out.bytes, 350 * MIB);
	CHECK_U64("combine: ops summed", out.ops, 44800);
	CHECK_U64("combine: CPU seconds summed", out.cpu_ns, 3 * S_NS);
	CHECK("combine: %CP = CPU over window per rank (40)",
	      near(out.cpu_pct, 3.0 / (2.5 * 3) * 100.0));
	CHECK("combine: over 0.5 s is a value", out.state == FIGURE_VALUE);

	/* Files per second count operations, not bytes. */
	combine_phase(parts, 3, UNIT_FILES_S, &none, one_host, no_disk, &out);
	CHECK("combine: files/s = all ops / window", near(out.rate, 44800 / 2.5));

	/* One rank alone: its own window, its own figures. */
	combine_phase(parts, 1, UNIT_KIB_S, &none, one_host, no_disk, &out);
	CHECK("combine: one rank keeps its rate", near(out.rate, p[0].rate));
	CHECK("combine: one rank keeps its CPU", near(out.cpu_pct, 50.0));

	/* A short window prints +++++, as a short phase does. */
	p[0].elapsed_ns = p[1].elapsed_ns = p[2].elapsed_ns = 300 * MS_NS;
	p[1].start_ns = p[0].start_ns;
	combine_phase(parts, 3, UNIT_KIB_S, &none, one_host, no_disk, &out);
	CHECK("combine: window under 0.5 s is too fast",
	      out.state == FIGURE_TOO_FAST);

	/* Ranks that did not run a test are left out; none: not run. */
	p[1].state = FIGURE_NONE;
	combine_phase(parts, 3, UNIT_KIB_S, &none, one_host, no_disk, &out);
	CHECK_U64("combine: a rank that did not run adds nothing", out.bytes,
		  250 * MIB);
	CHECK("combine: its CPU share is not counted",
	      near(out.cpu_pct, 2.5 / (0.3 * 2) * 100.0));
	p[0].state = p[2].state = FIGURE_NONE;
	combine_phase(parts, 3, UNIT_KIB_S, &none, one_host, no_disk, &out);
	CHECK("combine: nobody ran it: not run", out.state == FIGURE_NONE &&
						 out.rate == 0.0);
}

/* Pack each histogram, add them up as MPI_SUM/MIN/MAX would, unpack. */
static void reduce(const struct latency_stats *in, size_t n,
		   struct latency_stats *out)
{
	static uint64_t sums[COMBINE_LAT_SUMS], part_sums[COMBINE_LAT_SUMS];
	uint64_t min = UINT64_MAX, max = 0;

	memset(sums, 0, sizeof(sums));
	for (size_t i = 0; i < n; i++) {
		uint64_t lo, hi;

		combine_lat_pack(&in[i], part_sums, &lo, &hi);
		for (size_t k = 0; k < COMBINE_LAT_SUMS; k++)
			sums[k] += part_sums[k];
		min = lo < min ? lo : min;
		max = hi > max ? hi : max;
	}
	combine_lat_unpack(sums, min, max, out);
}

static void test_latency(void)
{
	static struct latency_stats rank[3], all, merged, reduced;
	struct latency_summary want, got;
	struct phase_result p[3] = {
		part(0, S_NS, MIB, 128, 0), part(0, S_NS, MIB, 128, 0),
		part(0, S_NS, MIB, 128, 0),
	};
	const struct phase_result *parts[3] = { &p[0], &p[1], &p[2] };
	struct phase_result out;

	for (int i = 0; i < 990; i++) {
		stats_add(&rank[0], 100 * US_NS + (uint64_t)i);
		stats_add(&all, 100 * US_NS + (uint64_t)i);
	}
	for (int i = 0; i < 9; i++) {
		stats_add(&rank[1], 5 * MS_NS);
		stats_add(&all, 5 * MS_NS);
	}
	stats_add(&rank[2], 50 * MS_NS);
	stats_add(&all, 50 * MS_NS);
	reduce(rank, 3, &reduced);
	merged = rank[0];
	stats_merge(&merged, &rank[1]);
	stats_merge(&merged, &rank[2]);
	CHECK("combine: reduced histogram = stats_merge's",
	      memcmp(&reduced, &merged, sizeof(merged)) == 0);
	stats_summarise(&all, &want);
	stats_summarise(&reduced, &got);
	CHECK_U64("combine: merged count", got.count, 1000);
	CHECK_U64("combine: merged p50 = one histogram's", got.p50_ns, want.p50_ns);
	CHECK_U64("combine: merged p99 = one histogram's", got.p99_ns, want.p99_ns);
	CHECK_U64("combine: merged p99.9 (a rank's 5 ms)", got.p999_ns, want.p999_ns);
	CHECK_U64("combine: merged min", got.min_ns, 100 * US_NS);
	CHECK_U64("combine: merged max = the largest rank's", got.max_ns,
		  50 * MS_NS);

	combine_phase(parts, 3, UNIT_KIB_S, &reduced, one_host, no_disk, &out);
	CHECK_U64("combine: phase latency max = max over ranks", out.lat.max_ns,
		  50 * MS_NS);
	CHECK_U64("combine: phase latency p99 from the merge", out.lat.p99_ns,
		  want.p99_ns);

	/* A rank that recorded nothing does not pull the minimum to 0. */
	stats_init(&rank[1]);
	reduce(rank, 3, &reduced);
	CHECK_U64("combine: empty rank leaves min alone", reduced.min_ns,
		  100 * US_NS);
	stats_init(&rank[0]);
	stats_init(&rank[2]);
	reduce(rank, 3, &reduced);
	CHECK("combine: all empty gives an empty histogram",
	      reduced.count == 0 && reduced.min_ns == 0 && reduced.max_ns == 0);

	/* Bucket sums past 32 bits saturate, as stats_merge's do. */
	static uint64_t sums[COMBINE_LAT_SUMS];
	sums[0] = 5000000000ULL;
	sums[2] = 5000000000ULL;
	combine_lat_unpack(sums, 1, 1, &reduced);
	CHECK("combine: bucket saturates at 2^32-1", reduced.bucket[0] == UINT32_MAX);
}

static void test_devices(void)
{
	static struct latency_stats none;
	const char *const hosts[] = { "a", "a", "b" };
	const char *const disks[] = { "sda", "sda", "sda" };
	struct phase_result p[3] = {
		part(0, S_NS, MIB, 1, 0), part(0, S_NS, MIB, 1, 0),
		part(0, S_NS, MIB, 1, 0),
	};
	const struct phase_result *parts[3] = { &p[0], &p[1], &p[2] };
	struct phase_result out;

	p[0].dev = (struct device_io){ .known = true, .read_bytes = 10,
				       .write_bytes = 300 };
	p[1].dev = (struct device_io){ .known = true, .read_bytes = 20,
				       .write_bytes = 200 };
	p[2].dev = (struct device_io){ .known = true, .read_bytes = 5,
				       .write_bytes = 7 };
	combine_phase(parts, 3, UNIT_KIB_S, &none, hosts, disks, &out);
	CHECK("combine: one host's disk counted once, at its largest, plus "
	      "the other host's", out.dev.known && out.dev.read_bytes == 25 &&
				   out.dev.write_bytes == 307);
	p[0].dev.known = p[1].dev.known = p[2].dev.known = false;
	combine_phase(parts, 3, UNIT_KIB_S, &none, hosts, disks, &out);
	CHECK("combine: no device known: unknown", !out.dev.known);
}

/* Three ranks of a whole run: two with -c 2, one with -c 1. */
static void test_run(void)
{
	static struct rank_report reports[3];
	static struct latency_stats phase_lat[PHASE_COUNT];
	static struct latency_stats random_lat[MAX_RANDOM_TESTS];
	static struct run_results out;

	for (int i = 0; i < 3; i++) {
		struct run_results *r = &reports[i].res;

		reports[i].rank = (uint32_t)i;
		snprintf(reports[i].host, sizeof(reports[i].host), "%s",
			 i < 2 ? "node1" : "node2");
		snprintf(r->machine, sizeof(r->machine), "rank%d", i);
		r->concurrency = i < 2 ? 2 : 1;
		r->phase[PHASE_WRITE] = part(S_NS + (uint64_t)i * MS_NS, 2 * S_NS,
					     64 * MIB, 8192, S_NS);
		r->phase[PHASE_REWRITE] = part(4 * S_NS, S_NS / 5, 64 * MIB,
					       8192, S_NS / 10);
		r->n_random = 1;
		r->random[0] = (struct random_result){
			.writes = true, .depth = 4, .ops = 1000, .start_ns = 9 * S_NS,
			.elapsed_ns = S_NS, .cpu_ns = S_NS / 10,
		};
	}
	reports[2].res.random[0].elapsed_ns = 2 * S_NS;
	stats_add(&phase_lat[PHASE_WRITE], 3 * MS_NS);
	stats_add(&random_lat[0], 7 * MS_NS);
	CHECK("combine: run of three ranks",
	      combine_run(reports, 3, phase_lat, random_lat, &out) == 0);
	CHECK_STR("combine: rank 0's description", out.machine, "rank0");
	CHECK_U64("combine: concurrency = every rank's copies", out.concurrency, 5);
	CHECK("combine: the ranks are listed",
	      out.ranks.n == 3 && out.ranks.hosts == 2 && out.ranks.rank == reports);
	CHECK("combine: block output aggregate over 2.002 s",
	      near(out.phase[PHASE_WRITE].rate, 3 * 64.0 * 1024.0 / 2.002));
	CHECK_U64("combine: its latency from the merged histogram",
		  out.phase[PHASE_WRITE].lat.max_ns, 3 * MS_NS);
	CHECK("combine: other phases not run",
	      out.phase[PHASE_READ].state == FIGURE_NONE);
	CHECK("combine: random writes, IOPS over 2 s",
	      out.n_random == 1 && out.random[0].writes && out.random[0].depth == 4 &&
		      near(out.random[0].iops, 3000.0 / 2.0) &&
		      near(out.random[0].mib_per_s, 1500.0 * 4096.0 / (double)MIB));
	CHECK_U64("combine: random latency merged", out.random[0].lat.max_ns,
		  7 * MS_NS);
	CHECK("combine: rewrite's 0.2 s window is too fast",
	      out.phase[PHASE_REWRITE].state == FIGURE_TOO_FAST);
	CHECK("combine: the verdicts are computed (advice for rewrite)",
	      out.advice.any && out.advice.s);
	CHECK("combine: no ranks is an error", combine_run(reports, 0, phase_lat,
							  random_lat, &out) != 0);
}

int main(void)
{
	test_window();
	test_latency();
	test_devices();
	test_run();
	return check_done();
}
