/* SPDX-License-Identifier: MIT */
/*
 * json_drive.c - "trim", "removal" and "steady" read back (json_drive.h).
 */
#include "json_drive.h"

#include <math.h>
#include <string.h>

#include "json_field.h"

/* {"seconds": S, "bytes": B} at KEY into *NS and *BYTES; *DONE whether
 * there was one. */
static int read_timed(const struct json_where *top, const struct json_value *run,
		      const char *key, uint64_t *ns, uint64_t *bytes, bool *done)
{
	const struct json_value *o;
	struct json_where w = json_field_child(top, key, -1);
	bool known;

	*done = false;
	if (!json_get(run, key)) /* written before clyde had it */
		return 0;
	if (json_field_object(top, run, key, true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (json_field_ns(&w, o, "seconds", 1e9, ns, &known) != 0 ||
	    json_field_u64(&w, o, "bytes", false, bytes) != 0)
		return -1;
	*done = true;
	return 0;
}

int json_drive_read(const struct json_where *w, const struct json_value *run,
		    struct removal_figure *rm, struct trim_figure *trim)
{
	memset(rm, 0, sizeof(*rm));
	memset(trim, 0, sizeof(*trim));
	const struct json_value *o = json_get(run, "removal");
	struct json_where c = json_field_child(w, "removal", -1);

	if (read_timed(w, run, "trim", &trim->elapsed_ns, &trim->bytes,
		       &trim->done) != 0 ||
	    read_timed(w, run, "removal", &rm->elapsed_ns, &rm->bytes,
		       &rm->known) != 0)
		return -1;
	/* Absent from JSON written before clyde waited for the discards. */
	if (rm->known && json_get(o, "discarded_bytes") &&
	    json_field_u64(&c, o, "discarded_bytes", false, &rm->discarded_bytes) != 0)
		return -1;
	return 0;
}

/* A figure of the rule at KEY: a number, NaN for null; SCALE divides it. */
static int read_figure(const struct json_where *w, const struct json_value *o,
		       const char *key, double scale, double *out)
{
	bool known;

	if (json_field_number(w, o, key, true, out, &known) != 0)
		return -1;
	*out = known ? *out / scale : NAN;
	return 0;
}

/* The rounds' figures. */
static int read_rounds(const struct json_where *w, const struct json_value *o,
		       struct steady_record *rec)
{
	const struct json_value *a;

	if (json_field_member(w, o, "rounds", false, &a) != 0)
		return -1;
	if (a->type != JSON_ARRAY)
		return json_field_fail(w, "rounds", "not an array");
	if (a->length > STEADY_MAX_ROUNDS)
		return json_field_fail(w, "rounds", "%zu rounds, at most %d",
				       a->length, STEADY_MAX_ROUNDS);
	for (size_t i = 0; i < a->length; i++) {
		if (a->items[i].type == JSON_NULL)
			rec->rate[i] = NAN;
		else if (a->items[i].type == JSON_NUMBER && a->items[i].number >= 0)
			rec->rate[i] = a->items[i].number;
		else
			return json_field_fail(w, "rounds", "round %zu: not a figure",
					       i + 1);
	}
	rec->n = a->length;
	return 0;
}

int json_drive_steady(const struct json_where *top, const struct json_value *test,
		      struct steady_record *rec)
{
	static const char *const ends[] = { "settled", "max_rounds", "max_write" };
	const struct json_value *o;
	struct json_where w = json_field_child(top, "steady", -1);
	uint64_t first;
	bool known;
	int end;

	memset(rec, 0, sizeof(*rec));
	if (!json_get(test, "steady"))
		return 0;
	if (json_field_object(top, test, "steady", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (json_field_choice(&w, o, "end", false, ends, 3, &end) != 0 ||
	    json_field_u32(&w, o, "round_s", false, &rec->round_s) != 0 ||
	    json_field_u64(&w, o, "precondition_bytes", false,
			   &rec->precondition_bytes) != 0 ||
	    json_field_ns(&w, o, "precondition_s", 1e9, &rec->precondition_ns,
			    &known) != 0 ||
	    json_field_u64(&w, o, "written_bytes", false, &rec->written_bytes) != 0 ||
	    read_rounds(&w, o, rec) != 0 ||
	    json_field_uint(&w, o, "window_first", false, STEADY_MAX_ROUNDS, &first,
			    &known) != 0 ||
	    read_figure(&w, o, "mean", 1, &rec->mean) != 0 ||
	    read_figure(&w, o, "range_percent", 100, &rec->range) != 0 ||
	    read_figure(&w, o, "change_percent", 100, &rec->change) != 0 ||
	    read_figure(&w, o, "ratio", 1, &rec->ratio) != 0)
		return -1;
	if (rec->n > 0 && first >= rec->n)
		return json_field_fail(&w, "window_first", "past the last round");
	rec->window_first = (size_t)first;
	rec->end = (enum steady_end)(STEADY_SETTLED + end);
	return 0;
}
