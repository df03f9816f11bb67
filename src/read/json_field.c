/* SPDX-License-Identifier: MIT */
/*
 * json_field.c - JSON object members into C fields with their JSON path in
 * errors (json_field.h).
 */
#include "json_field.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine_name.h"
#include "lib/utf8.h"

/* "PATH.KEY: WHY" into the error; returns -1. */
int json_field_fail(const struct json_where *w, const char *key,
		    const char *fmt, ...)
{
	char why[JSON_WHERE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	int n;

	if (!w->path[0] && !key[0])
		n = snprintf(w->err->msg, sizeof(w->err->msg), "%s", why);
	else
		n = snprintf(w->err->msg, sizeof(w->err->msg), "%s%s%s: %s",
			     w->path, w->path[0] && key[0] ? "." : "", key, why);
	if (n < 0)
		w->err->msg[0] = '\0';
	return -1;
}

/*
 * W's child: the object at KEY (or, with INDEX >= 0, at KEY[INDEX]). Paths
 * are short (fmt_json nests four deep); a longer one would only be cut.
 */
struct json_where json_field_child(const struct json_where *w, const char *key,
				   long index)
{
	struct json_where c = { "", w->err };
	const char *dot = w->path[0] && key[0] ? "." : "";
	int n;

	if (index >= 0)
		n = snprintf(c.path, sizeof(c.path), "%s%s%s[%ld]", w->path,
			     dot, key, index);
	else
		n = snprintf(c.path, sizeof(c.path), "%s%s%s", w->path, dot, key);
	if (n < 0)
		c.path[0] = '\0';
	return c;
}

/* OBJ's member KEY, or an error naming it: absent, or null when not allowed. */
int json_field_member(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const struct json_value **out)
{
	*out = json_get(obj, key);
	if (!*out)
		return json_field_fail(w, key, "missing");
	if ((*out)->type == JSON_NULL && !nullable)
		return json_field_fail(w, key, "null");
	return 0;
}

/* An object at KEY; *out NULL when it is null and NULLABLE. */
int json_field_object(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const struct json_value **out)
{
	if (json_field_member(w, obj, key, nullable, out) != 0)
		return -1;
	if ((*out)->type == JSON_NULL) {
		*out = NULL;
		return 0;
	}
	if ((*out)->type != JSON_OBJECT)
		return json_field_fail(w, key, "not an object");
	return 0;
}

/*
 * A string at KEY into OUT[0..size), "" for null when NULLABLE; cut at a
 * UTF-8 boundary to fit. A NUL inside (\u0000) would silently shorten it:
 * refused.
 */
int json_field_text(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, char *out, size_t size)
{
	const struct json_value *v;
	size_t n;

	if (json_field_member(w, obj, key, nullable, &v) != 0)
		return -1;
	out[0] = '\0';
	if (v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_STRING)
		return json_field_fail(w, key, "not a string");
	if (memchr(v->string, '\0', v->length))
		return json_field_fail(w, key, "contains a NUL character");
	n = utf8_cut_bytes(v->string, v->length, size - 1);
	memcpy(out, v->string, n);
	out[n] = '\0';
	return 0;
}

/* The word TEXT at KEY is none of those it may be: -1. */
static int unknown_value(const struct json_where *w, const char *key,
			 const char *text)
{
	return json_field_fail(w, key, "unknown value \"%.*s\"",
			       (int)utf8_cut_bytes(text, strlen(text), 20), text);
}

/* A string at KEY that must be one of CHOICES[0..n): its index, -1 for null. */
int json_field_choice(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable,
		      const char *const *choices, int n, int *out)
{
	char text[32];

	if (json_field_text(w, obj, key, nullable, text, sizeof(text)) != 0)
		return -1;
	*out = -1;
	if (json_get(obj, key)->type == JSON_NULL)
		return 0;
	for (int i = 0; i < n; i++)
		if (strcmp(text, choices[i]) == 0)
			*out = i;
	if (*out < 0)
		return unknown_value(w, key, text);
	return 0;
}

/* An engine's name at KEY (engine_from_name's words); ENGINE_AUTO for null. */
int json_field_engine(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable, enum engine_kind *out)
{
	char text[32];

	if (json_field_text(w, obj, key, nullable, text, sizeof(text)) != 0)
		return -1;
	*out = ENGINE_AUTO;
	if (json_get(obj, key)->type == JSON_NULL ||
	    engine_from_name(text, out) == 0)
		return 0;
	return unknown_value(w, key, text);
}

/* A number at KEY; *known false (and *out 0) for null when NULLABLE. */
int json_field_number(const struct json_where *w, const struct json_value *obj,
		      const char *key, bool nullable, double *out, bool *known)
{
	const struct json_value *v;

	if (json_field_member(w, obj, key, nullable, &v) != 0)
		return -1;
	*out = 0;
	*known = v->type == JSON_NUMBER;
	if (v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_NUMBER)
		return json_field_fail(w, key, "not a number");
	*out = v->number;
	return 0;
}

/* A non-negative integer at KEY, at most MAX; 0 and *known false for null. */
int json_field_uint(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, uint64_t max, uint64_t *out,
		    bool *known)
{
	const struct json_value *v;
	double x;

	if (json_field_number(w, obj, key, nullable, &x, known) != 0)
		return -1;
	*out = 0;
	if (!*known)
		return 0;
	v = json_get(obj, key);
	if (!v->exact)
		return json_field_fail(w, key,
				       x < 0 ? "negative" : "not a whole number");
	if (v->uint > max)
		return json_field_fail(w, key, "over %" PRIu64, max);
	*out = v->uint;
	return 0;
}

int json_field_u64(const struct json_where *w, const struct json_value *obj,
		   const char *key, bool nullable, uint64_t *out)
{
	bool known;

	return json_field_uint(w, obj, key, nullable, UINT64_MAX, out, &known);
}

int json_field_u32(const struct json_where *w, const struct json_value *obj,
		   const char *key, bool nullable, uint32_t *out)
{
	uint64_t v;
	bool known;

	if (json_field_uint(w, obj, key, nullable, UINT32_MAX, &v, &known) != 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* A signed integer (files.max_bytes: -1 hard links, -2 symlinks). */
int json_field_i64(const struct json_where *w, const struct json_value *obj,
		   const char *key, int64_t *out)
{
	const struct json_value *v;
	double x;
	bool known;

	if (json_field_number(w, obj, key, false, &x, &known) != 0)
		return -1;
	v = json_get(obj, key);
	if (v->exact && v->uint <= INT64_MAX)
		*out = (int64_t)v->uint;
	else if (!v->exact && x < 0 && x >= -9007199254740992.0 &&
		 x == (double)(int64_t)x)
		*out = (int64_t)x;
	else
		return json_field_fail(w, key, "not a whole number in range");
	return 0;
}

int json_field_bool(const struct json_where *w, const struct json_value *obj,
		    const char *key, bool nullable, bool *out, bool *known)
{
	const struct json_value *v;

	if (json_field_member(w, obj, key, nullable, &v) != 0)
		return -1;
	*known = v->type != JSON_NULL;
	*out = v->type == JSON_TRUE;
	if (*known && v->type != JSON_TRUE && v->type != JSON_FALSE)
		return json_field_fail(w, key, "not true or false");
	return 0;
}

int json_field_ns(const struct json_where *w, const struct json_value *obj,
		  const char *key, double scale, uint64_t *out, bool *known)
{
	double x;

	*out = 0;
	if (json_field_number(w, obj, key, true, &x, known) != 0)
		return -1;
	if (x < 0.0)
		return json_field_fail(w, key, "negative");
	x = x * scale + 0.5;
	/*
	 * fmt_json prints nanoseconds divided by 1e3 or 1e9: reading that back
	 * may land a rounding step past UINT64_MAX, which is still the maximum.
	 */
	if (x >= 18446744073709551616.0 * (1 + 1e-12))
		return json_field_fail(w, key, "too large");
	*out = x >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)x;
	return 0;
}

int json_field_latency(const struct json_where *w, const struct json_value *obj,
		       struct latency_summary *lat)
{
	const struct json_value *l;
	const struct {
		const char *key;
		uint64_t *ns;
	} f[] = { { "min", &lat->min_ns },   { "mean", &lat->mean_ns },
		  { "p50", &lat->p50_ns },   { "p99", &lat->p99_ns },
		  { "p999", &lat->p999_ns }, { "max", &lat->max_ns } };
	struct json_where c = json_field_child(w, "latency_us", -1);
	bool known;

	memset(lat, 0, sizeof(*lat));
	if (json_field_object(w, obj, "latency_us", true, &l) != 0)
		return -1;
	if (!l)
		return 0;
	if (json_field_u64(&c, l, "count", true, &lat->count) != 0)
		return -1;
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (json_field_ns(&c, l, f[i].key, 1e3, f[i].ns, &known) != 0)
			return -1;
	return 0;
}
