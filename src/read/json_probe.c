/* SPDX-License-Identifier: MIT */
/*
 * json_probe.c - the "probe" object of a test back into a struct
 * probe_result (json_probe.h): its method, its interval, and for reads
 * and writes the waits' summary, counts and points over time.
 */
#include "json_probe.h"

#include <string.h>

/* KEY ("reads", "writes"): null, or one kind's waits and *n points. */
static int read_waits(const struct json_where *w, const struct json_value *obj,
		      const char *key, struct probe_waits *out, uint32_t *n)
{
	const struct json_value *o, *pts;
	struct json_where c = json_field_child(w, key, -1);

	for (uint32_t i = 0; i < PROBE_POINTS; i++)
		out->max_ms[i] = -1.0f;
	if (json_field_object(w, obj, key, true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (json_field_latency(&c, o, &out->lat) != 0 ||
	    json_field_u64(&c, o, "over_100ms", false, &out->over_100ms) != 0 ||
	    json_field_u64(&c, o, "over_1s", false, &out->over_1s) != 0 ||
	    json_field_member(&c, o, "max_ms", false, &pts) != 0)
		return -1;
	if (out->lat.count == 0)
		return json_field_fail(&c, "latency_us", "no waits");
	if (pts->type != JSON_ARRAY || pts->length > PROBE_POINTS)
		return json_field_fail(&c, "max_ms", "not an array of at most %d "
				       "numbers", PROBE_POINTS);
	for (size_t i = 0; i < pts->length; i++) {
		const struct json_value *v = &pts->items[i];

		if (v->type == JSON_NUMBER && v->number >= 0.0)
			out->max_ms[i] = (float)v->number;
		else if (v->type != JSON_NULL)
			return json_field_fail(&c, "max_ms", "[%zu]: not a "
					       "wait in ms or null", i);
	}
	if (pts->length > *n)
		*n = (uint32_t)pts->length;
	return 0;
}

int json_probe_read(const struct json_where *w, const struct json_value *obj,
		    struct probe_result *out)
{
	static const char *const methods[] = { "evicted", "direct" };
	const struct json_value *p;
	struct json_where c = json_field_child(w, "probe", -1);
	bool known;
	int method;

	memset(out, 0, sizeof(*out));
	if (!json_get(obj, "probe")) /* written before --probe was */
		return 0;
	if (json_field_object(w, obj, "probe", true, &p) != 0)
		return -1;
	if (!p)
		return 0;
	if (json_field_choice(&c, p, "method", false, methods, 2, &method) != 0 ||
	    json_field_ns(&c, p, "interval_s", 1e9, &out->interval_ns,
			    &known) != 0 ||
	    read_waits(&c, p, "reads", &out->read, &out->n) != 0 ||
	    read_waits(&c, p, "writes", &out->write, &out->n) != 0)
		return -1;
	out->direct = method == 1;
	if (out->n && !known)
		return json_field_fail(&c, "interval_s", "null beside points");
	return 0;
}
