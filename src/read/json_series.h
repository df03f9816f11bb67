/* SPDX-License-Identifier: MIT */
/*
 * json_series.h - a test's "series" and "limits" in clyde's JSON (and
 * clyde mark's) back into the results: the series is measurement, read
 * whole; its shapes and the limits are verdicts, checked for their form
 * and made again by verdict_compute from what the run holds, so that a
 * run read back says what it said when it ran. json_series.c.
 */
#ifndef JSON_SERIES_H
#define JSON_SERIES_H

#include "json_field.h"

/*
 * OBJ's "series" into *s: absent (JSON of an older clyde) or null leaves
 * it empty (n 0); else interval_s, span_s, tail_s, points (at most
 * SERIES_MAX_POINTS triples of bytes/s, operations/s and p99 in
 * microseconds or null), gaps (at most SERIES_MAX_GAPS pairs) and shapes,
 * whose kinds must be clyde's. 0, or -1 with *w->err.
 */
int json_series_read(const struct json_where *w, const struct json_value *obj,
		     struct phase_series *s);

/*
 * OBJ's "limits": absent, null, or an object whose "verdict" is one of
 * clyde's (cpu, interface, cipher, cache, memory, device, unknown). 0, or
 * -1 with *w->err.
 */
int json_limits_check(const struct json_where *w, const struct json_value *obj);

#endif
