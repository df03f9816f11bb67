/* SPDX-License-Identifier: MIT */
/*
 * rounds.h - --steady's rounds in a plan (clyde mark's tests, clyde's
 * --random-io tests): a test run again and again, each round's figure
 * added to its record (results.h) under the SNIA rule (lib/steady.h),
 * the steps left passed over once the rounds are over, and the round
 * steps named for the progress line with the figure and the rule's two
 * numbers as they go. Nothing here prints.
 */
#ifndef ROUNDS_H
#define ROUNDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "phase_info.h"
#include "results.h"

/* One test's rounds. Every round step of the test names `name` and skips
 * on `over`. */
struct rounds {
	struct steady_record rec;
	bool over;         /* settled, the most rounds ran, or --max-write */
	uint32_t max;      /* the most rounds */
	char test[48];     /* "RND4K Q3T1 write", "random writes, Q1T1" */
	char name[160];    /* the next round's step name */
};

/* R for the test named TEST, rounds of ROUND_S seconds, at most MAX. */
void rounds_init(struct rounds *r, const char *test, uint32_t round_s,
		 uint32_t max);

/*
 * The figure a round of INFO's row gives from its result *P: I/Os per
 * second for a row counted in IOPS, else MB/s (10^6 bytes a second).
 */
double rounds_figure(const struct phase_info *info, const struct phase_result *p);

/*
 * Round result *P (of a step of INFO's row) added to R: its figure, the
 * bytes it wrote, the rule again (its ratio is left NaN: the one who
 * knows the fresh figure calls steady_record_rule); the next round's name
 * ("RND4K Q3T1 write, round 8 of at most 25: last 61.2 MB/s, range 31%,
 * change 12%"), and r->over once the rounds are over.
 */
void rounds_add(struct rounds *r, const struct phase_info *info,
		const struct phase_result *p);

/* R's rounds stopped by --max-write before the next step. */
void rounds_write_cap(struct rounds *r);

#endif
