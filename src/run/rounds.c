/* SPDX-License-Identifier: MIT */
/*
 * rounds.c - a --steady test's rounds (rounds.h): each round's figure
 * into its record under lib/steady.h's rule, and the next round's name.
 */
#include "rounds.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/steady.h"

/* "RND4K Q3T1 write, round N of at most M", then what the last gave. */
static void name_next(struct rounds *r, const char *unit)
{
	int at = snprintf(r->name, sizeof(r->name), "%s, round %zu of at most %"
			  PRIu32, r->test, r->rec.n + 1, r->max);

	if (r->rec.n == 0 || at < 0 || (size_t)at >= sizeof(r->name))
		return;
	at += snprintf(r->name + at, sizeof(r->name) - (size_t)at, ": last %.1f %s",
		       r->rec.rate[r->rec.n - 1], unit);
	if (isfinite(r->rec.range) && (size_t)at < sizeof(r->name))
		snprintf(r->name + at, sizeof(r->name) - (size_t)at,
			 ", range %.0f%%, change %.0f%%", r->rec.range * 100,
			 r->rec.change * 100);
}

void rounds_init(struct rounds *r, const char *test, uint32_t round_s,
		 uint32_t max)
{
	memset(r, 0, sizeof(*r));
	r->rec.end = STEADY_UNSETTLED;
	r->rec.round_s = round_s;
	r->rec.mean = r->rec.range = r->rec.change = r->rec.ratio = NAN;
	r->max = max < STEADY_MAX_ROUNDS ? max : STEADY_MAX_ROUNDS;
	snprintf(r->test, sizeof(r->test), "%s", test);
	name_next(r, "");
}

double rounds_figure(const struct phase_info *info, const struct phase_result *p)
{
	double s = (double)p->elapsed_ns / 1e9;

	if (!(s > 0))
		return NAN;
	return info->unit == UNIT_IOPS ? (double)p->ops / s
				       : (double)p->bytes / s / 1e6;
}

void rounds_add(struct rounds *r, const struct phase_info *info,
		const struct phase_result *p)
{
	if (r->over)
		return;
	r->rec.written_bytes += p->bytes - p->read_bytes;
	r->over = steady_record_add(&r->rec, rounds_figure(info, p), NAN,
				    r->max);
	name_next(r, info->unit == UNIT_IOPS ? "IOPS" : "MB/s");
}

void rounds_write_cap(struct rounds *r)
{
	r->over = true;
	r->rec.end = STEADY_WRITE_CAP;
}
