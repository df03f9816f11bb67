/* SPDX-License-Identifier: MIT */
/*
 * json_field.h - one member of a JSON object (a json_read.h tree) into a C
 * field, checked: its type, its range, whether it may be null, with the
 * JSON path of whatever does not fit in the error ("[1].phases[3].rate:
 * not a number"). The readers of clyde's JSON (json_results.c,
 * json_provenance.c) are built from these. Never prints; thread-safe.
 *
 * Each json_field_* function reads OBJ's member KEY (OBJ an object) and
 * returns 0, or -1 with the reason in *w->err. A missing member is an
 * error; null is one only when NULLABLE is false, and reads as the field's
 * "unknown" (said per function).
 */
#ifndef JSON_FIELD_H
#define JSON_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json_read.h"
#include "results.h"
#include "core/parse.h"

#define JSON_WHERE_MAX 96

/* Where a reader is: the path of an object, to name its keys in errors. */
struct json_where {
	char path[JSON_WHERE_MAX]; /* "" at the top, "[1].phases[3]", ... */
	struct parse_error *err;
};

/* "PATH.KEY: WHY" (KEY may be "") into *w->err; returns -1. */
int json_field_fail(const struct json_where *w, const char *key,
		    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * W's child: the object at KEY (or, with INDEX >= 0, at KEY[INDEX]). A path
 * longer than JSON_WHERE_MAX is cut.
 */
struct json_where json_field_child(const struct json_where *w, const char *key,
				   long index);

/* The member itself into *out: an error when absent, or null and not NULLABLE. */
int json_field_member(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const struct json_value **out);

/* An object; *out NULL for null. */
int json_field_object(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const struct json_value **out);

/*
 * A string into OUT[0..size), "" for null, cut at a UTF-8 boundary to fit.
 * A NUL inside (\u0000) would silently shorten it: refused.
 */
int json_field_text(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, char *out, size_t size);

/* A string that must be one of CHOICES[0..n): its index in *out, -1 for null. */
int json_field_choice(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const char *const *choices, int n, int *out);

/* An engine's name (engine_name.h's words); ENGINE_AUTO for null. */
int json_field_engine(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable, enum engine_kind *out);

/* A number; *known false (and *out 0) for null. */
int json_field_number(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable, double *out, bool *known);

/*
 * Seconds (SCALE 1e9) or microseconds (1e3) at KEY into whole nanoseconds
 * (a rounding step past UINT64_MAX reads as UINT64_MAX); *known false (and
 * *out 0) for null; negative refused.
 */
int json_field_ns(const struct json_where *w, const struct json_value *obj,
		  const char *key, double scale, uint64_t *out, bool *known);

/* A whole number from 0 to MAX; *known false (and *out 0) for null. */
int json_field_uint(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, uint64_t max,
		    uint64_t *out, bool *known);

/* json_field_uint to UINT64_MAX and UINT32_MAX; null reads as 0. */
int json_field_u64(const struct json_where *w, const struct json_value *obj,
		   const char *key, bool nullable, uint64_t *out);
int json_field_u32(const struct json_where *w, const struct json_value *obj,
		   const char *key, bool nullable, uint32_t *out);

/* A whole number, negative ones to -2^53; never null. */
int json_field_i64(const struct json_where *w, const struct json_value *obj,
		   const char *key, int64_t *out);

/* true or false; *known false (and *out false) for null. */
int json_field_bool(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, bool *out, bool *known);

/*
 * A time in seconds (SCALE 1e9) or microseconds (1e3) into whole
 * nanoseconds; *known false (and *out 0) for null.
 */
int json_field_ns(const struct json_where *w, const struct json_value *obj,
		  const char *key, double scale, uint64_t *out, bool *known);

/*
 * The "latency_us" member (OBJ's; KEY is always that): count and the six
 * figures in microseconds into *LAT; null reads as all 0.
 */
int json_field_latency(const struct json_where *w, const struct json_value *obj,
		       struct latency_summary *lat);

#endif
