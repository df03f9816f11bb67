/* SPDX-License-Identifier: MIT */
/*
 * mark_read_json.c - `clyde mark`'s JSON back into struct mark_results
 * (mark_read.h): the documents of a text split one after another, each
 * parsed by json_read.c and walked key by key as fmt_mark_json writes
 * them, with json_field.h's paths in the errors.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/json_drive.h"
#include "core/shape.h"
#include "read/json_field.h"
#include "read/json_probe.h"
#include "read/json_provenance.h"
#include "read/json_results.h"
#include "read/json_series.h"
#include "mark_read_internal.h"

/* The figures of a run, the score or the layout (fmt_mark.c's json_figures). */
static int read_figures(const struct json_where *w, const struct json_value *o,
			struct mark_figures *f)
{
	const struct {
		const char *key;
		double *v;
	} d[] = { { "mb_per_s", &f->mb_per_s }, { "iops", &f->iops },
		  { "mean_us", &f->mean_us } };
	bool known;

	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		if (json_field_number(w, o, d[i].key, true, d[i].v, &known) != 0)
			return -1;
		if (!known)
			*d[i].v = NAN;
		else if (*d[i].v < 0)
			return json_field_fail(w, d[i].key, "negative");
	}
	if (json_field_u64(w, o, "ios", false, &f->ios) != 0 ||
	    json_field_u64(w, o, "bytes", false, &f->bytes) != 0 ||
	    json_field_ns(w, o, "elapsed_s", 1e9, &f->elapsed_ns, &known) != 0 ||
	    json_field_ns(w, o, "cpu_s", 1e9, &f->cpu_ns, &known) != 0 ||
	    json_series_read(w, o, &f->series) != 0)
		return -1;
	shape_find(&f->series, false); /* the verdicts, made again */
	return 0;
}

/* name, op, pattern, block_bytes, depth, threads: which test it is. */
static int read_which(const struct json_where *w, const struct json_value *o,
		      struct mark_result *t)
{
	static const char *const ops[] = { "read", "write" };
	static const char *const patterns[] = { "random", "sequential" };
	char name[MARK_NAME_MAX + 8], why[120];
	int op, pattern;

	if (json_field_text(w, o, "name", false, name, sizeof(name)) != 0 ||
	    json_field_choice(w, o, "op", false, ops, 2, &op) != 0 ||
	    json_field_choice(w, o, "pattern", false, patterns, 2, &pattern) != 0 ||
	    json_field_u32(w, o, "block_bytes", false, &t->test.block_bytes) != 0 ||
	    json_field_u32(w, o, "depth", false, &t->test.depth) != 0 ||
	    json_field_u32(w, o, "threads", false, &t->test.threads) != 0)
		return -1;
	t->writes = op == 1;
	t->test.sequential = pattern == 1;
	t->test.dirs = t->writes ? MARK_WRITE : MARK_READ;
	if (mark_check_test(&t->test, name, why, sizeof(why)) != 0)
		return json_field_fail(w, "name", "%s", why);
	return 0;
}

static int read_test(const struct json_where *w, const struct json_value *o,
		     struct mark_result *t)
{
	const struct json_value *runs;
	uint64_t pct;
	bool known;

	memset(t, 0, sizeof(*t));
	if (o->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	if (read_which(w, o, t) != 0 || read_figures(w, o, &t->score) != 0 ||
	    json_field_latency(w, o, &t->lat) != 0 ||
	    json_results_device(w, o, &t->dev) != 0 ||
	    json_probe_read(w, o, &t->probe) != 0 ||
	    json_field_uint(w, o, "disk_percent", true, 100, &pct, &known) != 0 ||
	    json_drive_steady(w, o, &t->steady) != 0 ||
	    json_field_member(w, o, "runs", false, &runs) != 0)
		return -1;
	t->disk_pct = known ? (int)pct : -1;
	if (runs->type != JSON_ARRAY)
		return json_field_fail(w, "runs", "not an array");
	if (runs->length > MARK_MAX_RUNS)
		return json_field_fail(w, "runs", "%zu runs, at most %d", runs->length,
				       MARK_MAX_RUNS);
	for (size_t r = 0; r < runs->length; r++) {
		struct json_where c = json_field_child(w, "runs", (long)r);

		if (runs->items[r].type != JSON_OBJECT)
			return json_field_fail(&c, "", "not an object");
		if (read_figures(&c, &runs->items[r], &t->run[r]) != 0)
			return -1;
	}
	t->n_runs = runs->length;
	return 0;
}

static int read_config(const struct json_where *top, const struct json_value *o,
		       struct mark_results *m)
{
	const struct json_value *c;
	struct json_where w = json_field_child(top, "config", -1);
	char seed[24];
	bool b, known;
	int probe = 0;

	if (json_field_object(top, o, "config", false, &c) != 0 ||
	    json_field_text(&w, c, "directory", false, m->dir, sizeof(m->dir)) != 0 ||
	    json_field_uint(&w, c, "size_mib", false, UINT64_MAX / MIB, &m->size_mib,
			    &known) != 0 ||
	    json_field_u32(&w, c, "runs", false, &m->runs) != 0 ||
	    json_field_u32(&w, c, "time_s", false, &m->time_s) != 0 ||
	    json_field_bool(&w, c, "direct", false, &b, &known) != 0 ||
	    json_field_bool(&w, c, "zeros", false, &b, &known) != 0 ||
	    json_field_engine(&w, c, "engine", false, &m->engine) != 0 ||
	    json_field_u32(&w, c, "dio_align", false, &m->dio_align) != 0 ||
	    json_field_text(&w, c, "seed", false, seed, sizeof(seed)) != 0)
		return -1;
	/* Absent from JSON written before --probe. */
	if (json_get(c, "probe") &&
	    json_field_choice(&w, c, "probe", false, probe_names, 4, &probe) != 0)
		return -1;
	m->probe = (unsigned)probe;
	if (m->runs > MARK_MAX_RUNS)
		return json_field_fail(&w, "runs", "more than %d", MARK_MAX_RUNS);
	/* Marks written before --method ran for their time. */
	m->method = MARK_BY_TIME;
	if (json_get(c, "method")) {
		char method[8];

		if (json_field_text(&w, c, "method", false, method, sizeof(method)) != 0)
			return -1;
		if (mark_method_from_name(method, &m->method) != 0)
			return json_field_fail(&w, "method", "not size or time");
	}
	if (!seed[0] || strspn(seed, "0123456789") != strlen(seed) ||
	    strlen(seed) > 20 || (strlen(seed) == 20 && strcmp(seed, "18446744073709551615") > 0))
		return json_field_fail(&w, "seed", "not a whole number");
	m->seed = strtoull(seed, NULL, 10);
	return 0;
}

/* The top level's description of the mark. */
static int read_head(const struct json_where *w, const struct json_value *o,
		     struct mark_results *m)
{
	static const char *const scores[] = { "mean", "best" };
	struct json_origin origin = { m->started, sizeof(m->started), m->command_line,
				      sizeof(m->command_line), &m->prov_known, &m->prov };
	const struct json_value *layout;
	char kind[8], clyde[32];
	int score;

	if (!json_get(o, "kind"))
		return json_field_fail(w, "kind", "missing: not clyde mark's JSON");
	if (json_field_text(w, o, "kind", false, kind, sizeof(kind)) != 0)
		return -1;
	if (strcmp(kind, "mark") != 0)
		return json_field_fail(w, "kind", "not \"mark\"");
	if (json_field_text(w, o, "clyde_version", false, clyde, sizeof(clyde)) != 0 ||
	    json_field_text(w, o, "version", false, m->version, sizeof(m->version)) != 0 ||
	    json_field_text(w, o, "machine", false, m->machine, sizeof(m->machine)) != 0 ||
	    json_field_text(w, o, "profile", true, m->profile, sizeof(m->profile)) != 0 ||
	    json_field_choice(w, o, "score", false, scores, 2, &score) != 0 ||
	    read_config(w, o, m) != 0 || json_provenance_fields(w, o, &origin) != 0 ||
	    json_results_environment(w, o, &m->env) != 0 ||
	    json_results_vary(w, o, &m->vary) != 0 ||
	    json_drive_read(w, o, &m->removal, &m->trim) != 0 ||
	    json_field_object(w, o, "layout", false, &layout) != 0)
		return -1;
	m->score = score == 1 ? MARK_BEST : MARK_MEAN;
	struct json_where c = json_field_child(w, "layout", -1);

	return read_figures(&c, layout, &m->layout);
}

int mark_json_object(const struct json_value *obj, const char *path,
		     struct mark_results *out, struct parse_error *err)
{
	struct json_where w = { "", err };
	const struct json_value *tests;

	snprintf(w.path, sizeof(w.path), "%s", path);
	memset(out, 0, sizeof(*out));
	if (obj->type != JSON_OBJECT)
		return json_field_fail(&w, "", "not a clyde mark object");
	if (read_head(&w, obj, out) != 0 ||
	    json_field_member(&w, obj, "tests", false, &tests) != 0)
		return -1;
	if (tests->type != JSON_ARRAY)
		return json_field_fail(&w, "tests", "not an array");
	if (tests->length > 2 * MARK_MAX_TESTS)
		return json_field_fail(&w, "tests", "%zu tests, at most %d",
				       tests->length, 2 * MARK_MAX_TESTS);
	for (size_t i = 0; i < tests->length; i++) {
		struct json_where c = json_field_child(&w, "tests", (long)i);

		if (read_test(&c, &tests->items[i], &out->tests[i]) != 0)
			return -1;
	}
	out->n = tests->length;
	return 0;
}

/*
 * Where the JSON value starting at TEXT[at] ends: after its closing
 * bracket, counted outside strings, or at the end of TEXT when it never
 * closes (json_parse then says what is wrong). A scalar ends at
 * whitespace or a bracket.
 */
static size_t value_end(const char *text, size_t len, size_t at)
{
	size_t depth = 0;
	bool in_string = false;

	if (text[at] != '{' && text[at] != '[') {
		while (at < len && !strchr(" \t\r\n{[", text[at]))
			at++;
		return at;
	}
	for (; at < len; at++) {
		char c = text[at];

		if (in_string) {
			if (c == '\\')
				at++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if ((c == '}' || c == ']') && --depth == 0) {
			return at + 1;
		}
	}
	return len;
}

/* One document (an object or an array of them) into SET. */
static int read_document(struct mark_set *set, const struct json_value *doc,
			 size_t number, struct parse_error *err)
{
	bool array = doc->type == JSON_ARRAY;
	size_t count = array ? doc->length : 1;

	for (size_t i = 0; i < count; i++) {
		char path[32] = "";
		struct mark_results *m = mark_set_add(set);

		if (!m) {
			snprintf(err->msg, sizeof(err->msg), "out of memory");
			return -1;
		}
		if (array)
			snprintf(path, sizeof(path), "[%zu]", i);
		if (mark_json_object(array ? &doc->items[i] : doc, path, m, err) != 0) {
			char why[sizeof(err->msg)];

			set->n--;
			memcpy(why, err->msg, sizeof(why));
			if (number > 1)
				snprintf(err->msg, sizeof(err->msg), "document %zu: %.120s",
					 number, why);
			return -1;
		}
	}
	return 0;
}

int mark_json_document(struct mark_set *set, const struct json_value *doc,
		       struct parse_error *err)
{
	return read_document(set, doc, 1, err);
}

int mark_json_read(struct mark_set *set, const char *text, size_t len,
		   struct parse_error *err)
{
	size_t at = 0, line = 1, col = 1, number = 0;

	for (;;) {
		struct json_error jerr;
		struct json_value *doc;
		size_t end;
		int rc;

		for (; at < len && strchr(" \t\r\n", text[at]) && text[at]; at++) {
			col = text[at] == '\n' ? 1 : col + 1;
			line += text[at] == '\n';
		}
		if (at == len)
			return number ? 0 : (snprintf(err->msg, sizeof(err->msg),
						      "no JSON document"), -1);
		end = value_end(text, len, at);
		number++;
		if (!(doc = json_parse(text + at, end - at, NULL, &jerr))) {
			snprintf(err->msg, sizeof(err->msg), "line %zu, column %zu: %s",
				 line + jerr.line - 1,
				 jerr.line == 1 ? col + jerr.column - 1 : jerr.column,
				 jerr.msg);
			return -1;
		}
		rc = read_document(set, doc, number, err);
		json_free(doc);
		if (rc != 0)
			return -1;
		for (; at < end; at++) {
			col = text[at] == '\n' ? 1 : col + 1;
			line += text[at] == '\n';
		}
	}
}
