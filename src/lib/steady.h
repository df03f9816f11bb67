/* SPDX-License-Identifier: MIT */
/*
 * steady.h - the steady-state rule of the SNIA Solid State Storage
 * Performance Test Specification, for `clyde mark --steady`: over the last
 * W rounds (a measurement window of 5), the range of the figures within
 * 20% of their mean, and the change of a least-squares line across them
 * (its slope times W - 1) within 10% of the mean. The slope rule catches a
 * figure still falling steadily by less than the range allows; and a
 * --steady test's record of its rounds (results.h) kept by the rule. Pure
 * functions: no I/O, no globals, thread-safe.
 */
#ifndef STEADY_H
#define STEADY_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

#define STEADY_WINDOW 5        /* rounds in the measurement window */
#define STEADY_RANGE 0.20      /* max - min within 20% of the mean */
#define STEADY_SLOPE 0.10      /* |slope| * (W - 1) within 10% of the mean */

struct steady_rule {
	size_t window;      /* W >= 2 */
	double range_limit; /* fractions of the window's mean */
	double slope_limit;
};

/* The SNIA rule: a struct steady_rule initializer. */
#define STEADY_SNIA { STEADY_WINDOW, STEADY_RANGE, STEADY_SLOPE }

/* The rule on one window, with both of its numbers. */
struct steady_result {
	bool settled;       /* both within their limits */
	size_t first;       /* the window: rounds first..first + W - 1 */
	double mean;
	double range;       /* (max - min) / mean over the window */
	double slope;       /* least-squares slope per round, in units */
	double change;      /* |slope| * (W - 1) / mean */
};

/*
 * The rule over the last rule->window of ROUNDS[0..n) (figures in round
 * order). Not settled, with NaN numbers, when there are fewer rounds than
 * the window or a figure in it is not finite, or its mean is not
 * positive.
 */
void steady_check(const double *rounds, size_t n, const struct steady_rule *rule,
		  struct steady_result *out);

/*
 * The first round count at which the rule holds: the smallest m with
 * steady_check(rounds, m) settled, with that check in *out; 0 (and the
 * check of all N rounds in *out) when it never holds.
 */
size_t steady_first(const double *rounds, size_t n,
		    const struct steady_rule *rule, struct steady_result *out);

/*
 * A --steady test's record (results.h): the rule's numbers over the last
 * window of REC's rounds into rec->window_first, mean, range and change
 * (NaN with fewer rounds than the window), and rec->ratio, the mean over
 * FRESH (NaN when FRESH is not a positive figure). Readers call it too.
 */
void steady_record_rule(struct steady_record *rec, double fresh);

/*
 * Round figure V added to REC (which has fewer than STEADY_MAX_ROUNDS) and
 * the rule worked out again; whether the rounds are over: the rule held
 * (rec->end STEADY_SETTLED) or MAX_ROUNDS have run (STEADY_UNSETTLED).
 */
bool steady_record_add(struct steady_record *rec, double v, double fresh,
		       size_t max_rounds);

#endif
