/* SPDX-License-Identifier: MIT */
/*
 * fmt_ranks.c - clyde-mpi's ranks under the tables: for each test, the
 * slowest and the fastest rank beside the median of the ranks' own rates,
 * how much each did when a --deadline stopped it, and a straggler named
 * when it is far behind the median. Reads only the run's rank reports.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "run/phase_info.h"

/* A rank is a straggler below this share of the ranks' median rate: half,
 * far enough from the median that the noise of a shared machine (ranks
 * within 10% of each other) does not name one. */
#define STRAGGLER_SHARE 0.5

/* One test's figures on every rank. */
struct spread {
	const char *name;     /* the test's name */
	enum phase_unit unit;
	size_t slow, fast;    /* the ranks with the lowest and highest rate */
	double median;
	bool cut;             /* a deadline stopped it */
	uint64_t least, most; /* under a deadline: the bytes (or operations)
			       * the ranks did, least and most */
};

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median_of(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* RATE in the unit a reader takes in: MiB/s for bytes. */
static void put_rate(FILE *out, double rate, enum phase_unit unit)
{
	if (unit == UNIT_KIB_S)
		fprintf(out, "%.1f MiB/s", rate / 1024.0);
	else
		fprintf(out, "%.1f %s", rate, phase_unit_name(unit));
}

/* A host name as the terminal may show it: letters, digits, '.', '-', '_'. */
static void put_host(FILE *out, const char *host)
{
	for (const char *c = host; *c; c++) {
		bool plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			     (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' ||
			     *c == '_';

		fputc(plain ? *c : '?', out);
	}
}

/* Test K (a phase id, or PHASE_COUNT + a random-I/O test) on rank I. */
static const struct phase_result *part(const struct run_results *r, size_t i,
				       int k, struct phase_result *scratch)
{
	const struct run_results *res = &r->ranks.rank[i].res;
	const struct random_result *t;

	if (k < PHASE_COUNT)
		return &res->phase[k];
	t = &res->random[k - PHASE_COUNT];
	memset(scratch, 0, sizeof(*scratch));
	scratch->state = t->ops ? FIGURE_VALUE : FIGURE_NONE;
	scratch->rate = t->iops;
	scratch->ops = t->ops;
	return scratch;
}

/* Test K's spread over the ranks into *S; false when it did not run. */
static bool spread_of(const struct run_results *r, int k, double *rates,
		      struct spread *s)
{
	struct phase_result scratch;
	size_t n = r->ranks.n;

	memset(s, 0, sizeof(*s));
	s->least = UINT64_MAX;
	for (size_t i = 0; i < n; i++) {
		const struct phase_result *p = part(r, i, k, &scratch);
		uint64_t did = k < PHASE_COUNT && phase_table[k].unit == UNIT_KIB_S
				       ? p->bytes : p->ops;

		if (p->state == FIGURE_NONE)
			return false;
		rates[i] = p->rate;
		if (p->rate < rates[s->slow])
			s->slow = i;
		if (p->rate > rates[s->fast])
			s->fast = i;
		s->cut |= p->cut;
		s->least = did < s->least ? did : s->least;
		s->most = did > s->most ? did : s->most;
	}
	s->median = median_of(rates, n); /* sorts RATES: the ranks are found */
	s->unit = k < PHASE_COUNT ? phase_table[k].unit : UNIT_IOPS;
	return true;
}

/* "random reads, Q1T1": a random-I/O test's name, as the driver gives it. */
static void random_name(const struct random_result *t, char *buf, size_t len)
{
	snprintf(buf, len, "random %s, Q%" PRIu32 "T%" PRIu32,
		 t->writes ? "writes" : "reads", t->depth, t->threads);
}

void fmt_rank_spread(FILE *out, const struct run_results *r)
{
	size_t n = r->ranks.n;
	double *rates;
	char name[48];

	if (n < 2 || !(rates = calloc(n, sizeof(*rates))))
		return;
	fprintf(out, "Ranks: the slowest and the fastest of %zu, and the median of "
		"their rates\n", n);
	for (int k = 0; k < PHASE_COUNT + (int)r->n_random; k++) {
		struct phase_result scratch;
		struct spread s;
		double slow, fast;

		if (!spread_of(r, k, rates, &s))
			continue;
		if (k < PHASE_COUNT) {
			s.name = phase_table[k].name;
		} else {
			random_name(&r->random[k - PHASE_COUNT], name, sizeof(name));
			s.name = name;
		}
		slow = part(r, s.slow, k, &scratch)->rate;
		fast = part(r, s.fast, k, &scratch)->rate;
		fprintf(out, "  %-24s rank %" PRIu32 " ", s.name,
			r->ranks.rank[s.slow].rank);
		put_rate(out, slow, s.unit);
		fprintf(out, ", rank %" PRIu32 " ", r->ranks.rank[s.fast].rank);
		put_rate(out, fast, s.unit);
		fputs(", median ", out);
		put_rate(out, s.median, s.unit);
		if (s.cut && s.unit == UNIT_KIB_S)
			fprintf(out, "; stonewalled: each did %.1f to %.1f MiB",
				(double)s.least / MIB, (double)s.most / MIB);
		else if (s.cut)
			fprintf(out, "; stonewalled: each did %" PRIu64 " to %" PRIu64
				" %s", s.least, s.most,
				s.unit == UNIT_SEEKS_S ? "seeks" : "operations");
		fputc('\n', out);
		if (slow < STRAGGLER_SHARE * s.median) {
			fprintf(out, "clyde: straggler: rank %" PRIu32 " (",
				r->ranks.rank[s.slow].rank);
			put_host(out, r->ranks.rank[s.slow].host);
			fprintf(out, ") ran %s at %.0f%% of the ranks' median (", s.name,
				100.0 * slow / s.median);
			put_rate(out, slow, s.unit);
			fputs(" against ", out);
			put_rate(out, s.median, s.unit);
			fputs(")\n", out);
		}
	}
	free(rates);
}
