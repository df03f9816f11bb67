/* SPDX-License-Identifier: MIT */
/*
 * json_series.c - a test's series and limits from clyde's JSON
 * (json_series.h), as format/fmt_json_why.c writes them.
 */
#include "json_series.h"

#include <math.h>
#include <string.h>

/* A number of an array item (KEY[INDEX]) as a float; NULLABLE: null -> -1. */
static int item_float(const struct json_where *w, const char *key, long index,
		      const struct json_value *v, bool nullable, float *out)
{
	struct json_where c = json_field_child(w, key, index);

	if (nullable && v->type == JSON_NULL) {
		*out = -1;
		return 0;
	}
	if (v->type != JSON_NUMBER || !isfinite(v->number) || v->number < 0 ||
	    v->number > 3.4e38)
		return json_field_fail(&c, "", "not a number from 0 up");
	*out = (float)v->number;
	return 0;
}

/* The array at KEY of at most MAX arrays of WIDTH items each. */
static int rows(const struct json_where *w, const struct json_value *obj,
		const char *key, size_t max, size_t width,
		const struct json_value **out)
{
	if (json_field_member(w, obj, key, false, out) != 0)
		return -1;
	if ((*out)->type != JSON_ARRAY)
		return json_field_fail(w, key, "not an array");
	if ((*out)->length > max)
		return json_field_fail(w, key, "%zu items, at most %zu", (*out)->length, max);
	for (size_t i = 0; i < (*out)->length; i++)
		if ((*out)->items[i].type != JSON_ARRAY ||
		    (*out)->items[i].length != width) {
			struct json_where c = json_field_child(w, key, (long)i);

			return json_field_fail(&c, "", "not %zu numbers", width);
		}
	return 0;
}

/* Seconds at KEY into nanoseconds, from 0 to a year. */
static int seconds(const struct json_where *w, const struct json_value *obj,
		   const char *key, uint64_t *ns)
{
	double x;
	bool known;

	if (json_field_number(w, obj, key, false, &x, &known) != 0)
		return -1;
	if (!(x >= 0 && x < 3.2e7))
		return json_field_fail(w, key, "not from 0 to a year");
	*ns = (uint64_t)(x * 1e9 + 0.5);
	return 0;
}

static int read_shapes(const struct json_where *w, const struct json_value *o)
{
	static const char *const kinds[] = { "step_down", "step_up", "decline",
					     "stall", "tail" };
	const struct json_value *list;
	int kind;

	if (json_field_member(w, o, "shapes", false, &list) != 0)
		return -1;
	if (list->type != JSON_ARRAY || list->length > SERIES_MAX_SHAPES)
		return json_field_fail(w, "shapes", "not an array of at most %d",
				       SERIES_MAX_SHAPES);
	for (size_t i = 0; i < list->length; i++) {
		struct json_where c = json_field_child(w, "shapes", (long)i);

		if (list->items[i].type != JSON_OBJECT)
			return json_field_fail(&c, "", "not an object");
		if (json_field_choice(&c, &list->items[i], "kind", false, kinds,
				      5, &kind) != 0)
			return -1;
	}
	return 0;
}

int json_series_read(const struct json_where *w, const struct json_value *obj,
		     struct phase_series *s)
{
	const struct json_value *o = NULL, *points, *gaps;
	struct json_where c = json_field_child(w, "series", -1);
	float tail;

	memset(s, 0, sizeof(*s));
	if (json_get(obj, "series") &&
	    json_field_object(w, obj, "series", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (seconds(&c, o, "interval_s", &s->interval_ns) != 0 ||
	    seconds(&c, o, "span_s", &s->span_ns) != 0 ||
	    json_field_member(&c, o, "tail_s", false, &points) != 0 ||
	    item_float(&c, "tail_s", -1, points, false, &tail) != 0 ||
	    rows(&c, o, "points", SERIES_MAX_POINTS, 3, &points) != 0 ||
	    rows(&c, o, "gaps", SERIES_MAX_GAPS, 2, &gaps) != 0 ||
	    read_shapes(&c, o) != 0)
		return -1;
	if (s->interval_ns == 0 || points->length == 0)
		return json_field_fail(&c, "", "no interval or no points");
	s->tail_s = tail;
	for (size_t i = 0; i < points->length; i++) {
		const struct json_value *p = points->items[i].items;
		struct series_point *to = &s->point[i];

		if (item_float(&c, "points", (long)i, &p[0], false, &to->bytes_s) != 0 ||
		    item_float(&c, "points", (long)i, &p[1], false, &to->ops_s) != 0 ||
		    item_float(&c, "points", (long)i, &p[2], true, &to->p99_us) != 0)
			return -1;
	}
	for (size_t i = 0; i < gaps->length; i++) {
		const struct json_value *g = gaps->items[i].items;

		if (item_float(&c, "gaps", (long)i, &g[0], false, &s->gap[i].at_s) != 0 ||
		    item_float(&c, "gaps", (long)i, &g[1], false, &s->gap[i].len_s) != 0)
			return -1;
	}
	s->n = (uint32_t)points->length;
	s->n_gaps = (uint32_t)gaps->length;
	return 0;
}

int json_limits_check(const struct json_where *w, const struct json_value *obj)
{
	static const char *const verdicts[] = { "unknown", "cpu", "interface", "cipher",
						"cache", "memory", "device" };
	const struct json_value *o = NULL;
	struct json_where c = json_field_child(w, "limits", -1);
	int verdict;

	if (json_get(obj, "limits") &&
	    json_field_object(w, obj, "limits", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	return json_field_choice(&c, o, "verdict", false, verdicts, 7, &verdict);
}
