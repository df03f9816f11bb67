/* SPDX-License-Identifier: MIT */
/*
 * fmt_random.c - the --random-io table clyde prints after its classic
 * tables: IOPS, MiB/s and latency percentiles per test, each named by its
 * QnTm (Q I/Os in flight in each of T threads).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "fmt.h"

#define RANDOM_LABEL_WIDTH 24 /* "Random I/O, 4 KiB blocks"; "write, depth 4294967295" fits */
#define RANDOM_CELL_MAX 32

/*
 * NS as 3 significant digits in the largest unit that keeps the value
 * under 1000 once rounded: "0.85us", "95.3us", "195us", "1.20ms", "2.31s".
 * Integer arithmetic throughout, so 999.5 us is "1.00ms", never "1000us".
 */
static const char *latency3(uint64_t ns, char buf[RANDOM_CELL_MAX])
{
	static const struct {
		uint64_t scale_ns;
		const char *unit;
	} units[] = { { 1000, "us" }, { 1000000, "ms" }, { 1000000000, "s" } };
	const size_t last = sizeof(units) / sizeof(units[0]) - 1;

	for (size_t i = 0; i <= last; i++) {
		uint64_t s = units[i].scale_ns, q;

		/* Values of 1000 units or more cannot fit; this also keeps ns * 100 in range. */
		if (ns / s >= 1000 && i < last)
			continue;
		if (ns / s < 1000) {
			q = (ns * 100 + s / 2) / s;
			if (q < 1000) {
				snprintf(buf, RANDOM_CELL_MAX, "%" PRIu64 ".%02" PRIu64 "%s",
					 q / 100, q % 100, units[i].unit);
				return buf;
			}
			q = (ns * 10 + s / 2) / s;
			if (q < 1000) {
				snprintf(buf, RANDOM_CELL_MAX, "%" PRIu64 ".%" PRIu64 "%s",
					 q / 10, q % 10, units[i].unit);
				return buf;
			}
		}
		q = ns / s + (ns % s >= s / 2);
		if (q < 1000 || i == last) {
			snprintf(buf, RANDOM_CELL_MAX, "%" PRIu64 "%s", q,
				 units[i].unit);
			return buf;
		}
	}
	return buf; /* not reached: the last unit always prints */
}

/* A finite, non-negative figure with DECIMALS places, else "-". */
static const char *figure(double value, int decimals, char buf[RANDOM_CELL_MAX])
{
	if (!isfinite(value) || value < 0 || value >= 1e15)
		snprintf(buf, RANDOM_CELL_MAX, "-");
	else
		snprintf(buf, RANDOM_CELL_MAX, "%.*f", decimals, value);
	return buf;
}

static void random_row(FILE *out, const struct random_result *t)
{
	char label[RANDOM_CELL_MAX], cell[RANDOM_CELL_MAX];
	const uint64_t lat[] = { t->lat.mean_ns, t->lat.p50_ns, t->lat.p99_ns,
				 t->lat.p999_ns, t->lat.max_ns };
	bool measured = t->elapsed_ns != 0 && t->ops != 0;

	/* Results from before the engines (threads unknown) keep their words. */
	if (t->threads)
		snprintf(label, sizeof(label), "%s, Q%" PRIu32 "T%" PRIu32,
			 t->writes ? "write" : "read", t->depth, t->threads);
	else
		snprintf(label, sizeof(label), "%s, depth %" PRIu32,
			 t->writes ? "write" : "read", t->depth);
	fprintf(out, "%-*s", RANDOM_LABEL_WIDTH, label);
	fprintf(out, " %10s", measured ? figure(t->iops, 0, cell) : "-");
	fprintf(out, " %9s", measured ? figure(t->mib_per_s, 1, cell) : "-");
	for (size_t i = 0; i < sizeof(lat) / sizeof(lat[0]); i++)
		fprintf(out, " %9s", measured && t->lat.count != 0
					     ? latency3(lat[i], cell)
					     : "-");
	fputc('\n', out);
}

void fmt_random_table(FILE *out, const struct run_results *r)
{
	size_t n = r->n_random < MAX_RANDOM_TESTS ? r->n_random
						  : MAX_RANDOM_TESTS;

	if (n == 0)
		return;
	fprintf(out, "%-*s %10s %9s %9s %9s %9s %9s %9s\n", RANDOM_LABEL_WIDTH,
		"Random I/O, 4 KiB blocks", "IOPS", "MiB/s", "mean", "p50",
		"p99", "p99.9", "max");
	/* Reads first, then writes; each group in the order the tests ran. */
	for (int writes = 0; writes <= 1; writes++)
		for (size_t i = 0; i < n; i++)
			if (r->random[i].writes == (writes == 1))
				random_row(out, &r->random[i]);
}
