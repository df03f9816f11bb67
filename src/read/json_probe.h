/* SPDX-License-Identifier: MIT */
/*
 * json_probe.h - a test's "probe" object (format/fmt_json.c) read
 * back into a struct probe_result, for clyde's JSON and clyde mark's.
 */
#ifndef JSON_PROBE_H
#define JSON_PROBE_H

#include "json_field.h"
#include "json_read.h"
#include "results.h"

/*
 * OBJ's member "probe" into *out: all zero (no probe) when it is null or
 * absent (JSON written before --probe). 0, or -1 with the reason in
 * *w->err.
 */
int json_probe_read(const struct json_where *w, const struct json_value *obj,
		    struct probe_result *out);

#endif
