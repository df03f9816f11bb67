/* SPDX-License-Identifier: MIT */
/*
 * json_results.c - clyde's --json documents back into struct run_results:
 * walks the tree json_read.c builds, key by key as fmt_json.c writes them,
 * with the JSON path of whatever does not fit in the error.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json_results.h"
#include "phase_info.h"
#include "utf8.h"
#include "verdict.h"

#define PATH_MAX_CHARS 96

/* Where the walk is: the path of an object, to name its keys in errors. */
struct where {
	char path[PATH_MAX_CHARS]; /* "" at the top, "[1].phases[3]", ... */
	struct parse_error *err;
};

static int fail(const struct where *w, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "PATH.KEY: WHY" into the error; returns -1. */
static int fail(const struct where *w, const char *key, const char *fmt, ...)
{
	char why[PATH_MAX_CHARS];
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
static struct where child(const struct where *w, const char *key, long index)
{
	struct where c = { "", w->err };
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
static int member(const struct where *w, const struct json_value *obj,
		  const char *key, bool nullable, const struct json_value **out)
{
	*out = json_get(obj, key);
	if (!*out)
		return fail(w, key, "missing");
	if ((*out)->type == JSON_NULL && !nullable)
		return fail(w, key, "null");
	return 0;
}

/* An object at KEY; *out NULL when it is null and NULLABLE. */
static int want_object(const struct where *w, const struct json_value *obj,
		       const char *key, bool nullable,
		       const struct json_value **out)
{
	if (member(w, obj, key, nullable, out) != 0)
		return -1;
	if ((*out)->type == JSON_NULL) {
		*out = NULL;
		return 0;
	}
	return (*out)->type == JSON_OBJECT ? 0 : fail(w, key, "not an object");
}

/*
 * A string at KEY into OUT[0..size), "" for null when NULLABLE; cut at a
 * UTF-8 boundary to fit. A NUL inside (\u0000) would silently shorten it:
 * refused.
 */
static int want_text(const struct where *w, const struct json_value *obj,
		     const char *key, bool nullable, char *out, size_t size)
{
	const struct json_value *v;
	size_t n;

	if (member(w, obj, key, nullable, &v) != 0)
		return -1;
	out[0] = '\0';
	if (v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_STRING)
		return fail(w, key, "not a string");
	if (memchr(v->string, '\0', v->length))
		return fail(w, key, "contains a NUL character");
	n = utf8_cut_bytes(v->string, v->length, size - 1);
	memcpy(out, v->string, n);
	out[n] = '\0';
	return 0;
}

/* A string at KEY that must be one of CHOICES[0..n); its index in *out, -1 for null. */
static int want_choice(const struct where *w, const struct json_value *obj,
		       const char *key, bool nullable,
		       const char *const *choices, int n, int *out)
{
	char text[32];

	if (want_text(w, obj, key, nullable, text, sizeof(text)) != 0)
		return -1;
	*out = -1;
	if (json_get(obj, key)->type == JSON_NULL)
		return 0;
	for (int i = 0; i < n; i++)
		if (strcmp(text, choices[i]) == 0)
			*out = i;
	if (*out < 0)
		return fail(w, key, "unknown value \"%.*s\"",
			    (int)utf8_cut_bytes(text, strlen(text), 20), text);
	return 0;
}

/* A number at KEY; *known false (and *out 0) for null when NULLABLE. */
static int want_number(const struct where *w, const struct json_value *obj,
		       const char *key, bool nullable, double *out, bool *known)
{
	const struct json_value *v;

	if (member(w, obj, key, nullable, &v) != 0)
		return -1;
	*out = 0;
	*known = v->type == JSON_NUMBER;
	if (v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_NUMBER)
		return fail(w, key, "not a number");
	*out = v->number;
	return 0;
}

/* A non-negative integer at KEY, at most MAX; 0 and *known false for null. */
static int want_uint(const struct where *w, const struct json_value *obj,
		     const char *key, bool nullable, uint64_t max,
		     uint64_t *out, bool *known)
{
	const struct json_value *v;
	double x;

	if (want_number(w, obj, key, nullable, &x, known) != 0)
		return -1;
	*out = 0;
	if (!*known)
		return 0;
	v = json_get(obj, key);
	if (!v->exact)
		return fail(w, key, x < 0 ? "negative" : "not a whole number");
	if (v->uint > max)
		return fail(w, key, "over %" PRIu64, max);
	*out = v->uint;
	return 0;
}

static int want_u64(const struct where *w, const struct json_value *obj,
		    const char *key, bool nullable, uint64_t *out)
{
	bool known;

	return want_uint(w, obj, key, nullable, UINT64_MAX, out, &known);
}

static int want_u32(const struct where *w, const struct json_value *obj,
		    const char *key, bool nullable, uint32_t *out)
{
	uint64_t v;
	bool known;

	if (want_uint(w, obj, key, nullable, UINT32_MAX, &v, &known) != 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/*
 * A parameter a CSV source may not have recorded: null sets BIT in
 * *UNRECORDED (and leaves *out 0, which reads as the default).
 */
static int want_recorded(const struct where *w, const struct json_value *obj,
			 const char *key, uint64_t max, uint64_t *out,
			 unsigned bit, unsigned *unrecorded)
{
	bool known;

	if (want_uint(w, obj, key, true, max, out, &known) != 0)
		return -1;
	if (!known)
		*unrecorded |= bit;
	return 0;
}

/* A signed integer (files.max_bytes: -1 hard links, -2 symlinks). */
static int want_i64(const struct where *w, const struct json_value *obj,
		    const char *key, int64_t *out)
{
	const struct json_value *v;
	double x;
	bool known;

	if (want_number(w, obj, key, false, &x, &known) != 0)
		return -1;
	v = json_get(obj, key);
	if (v->exact && v->uint <= INT64_MAX)
		*out = (int64_t)v->uint;
	else if (!v->exact && x < 0 && x >= -9007199254740992.0 &&
		 x == (double)(int64_t)x)
		*out = (int64_t)x;
	else
		return fail(w, key, "not a whole number in range");
	return 0;
}

static int want_bool(const struct where *w, const struct json_value *obj,
		     const char *key, bool nullable, bool *out, bool *known)
{
	const struct json_value *v;

	if (member(w, obj, key, nullable, &v) != 0)
		return -1;
	*known = v->type != JSON_NULL;
	*out = v->type == JSON_TRUE;
	if (*known && v->type != JSON_TRUE && v->type != JSON_FALSE)
		return fail(w, key, "not true or false");
	return 0;
}

/* Seconds (SCALE 1e9) or microseconds (1e3) at KEY into whole nanoseconds. */
static int want_ns(const struct where *w, const struct json_value *obj,
		   const char *key, double scale, uint64_t *out, bool *known)
{
	double x;

	*out = 0;
	if (want_number(w, obj, key, true, &x, known) != 0)
		return -1;
	if (x < 0.0)
		return fail(w, key, "negative");
	x = x * scale + 0.5;
	/*
	 * fmt_json prints nanoseconds divided by 1e3 or 1e9: reading that back
	 * may land a rounding step past UINT64_MAX, which is still the maximum.
	 */
	if (x >= 18446744073709551616.0 * (1 + 1e-12))
		return fail(w, key, "too large");
	*out = x >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)x;
	return 0;
}

/* latency_us: null, or count and the six figures in microseconds. */
static int read_latency(const struct where *w, const struct json_value *obj,
			struct latency_summary *lat)
{
	const struct json_value *l;
	const struct {
		const char *key;
		uint64_t *ns;
	} f[] = { { "min", &lat->min_ns },   { "mean", &lat->mean_ns },
		  { "p50", &lat->p50_ns },   { "p99", &lat->p99_ns },
		  { "p999", &lat->p999_ns }, { "max", &lat->max_ns } };
	struct where c = child(w, "latency_us", -1);
	bool known;

	memset(lat, 0, sizeof(*lat));
	if (want_object(w, obj, "latency_us", true, &l) != 0)
		return -1;
	if (!l)
		return 0;
	if (want_u64(&c, l, "count", true, &lat->count) != 0)
		return -1;
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (want_ns(&c, l, f[i].key, 1e3, f[i].ns, &known) != 0)
			return -1;
	return 0;
}

/* device: null, or the bytes the block device moved. */
static int read_device(const struct where *w, const struct json_value *obj,
		       struct device_io *dev)
{
	const struct json_value *d;
	struct where c = child(w, "device", -1);

	memset(dev, 0, sizeof(*dev));
	if (want_object(w, obj, "device", true, &d) != 0)
		return -1;
	if (!d)
		return 0;
	dev->known = true;
	if (want_u64(&c, d, "read_bytes", false, &dev->read_bytes) != 0 ||
	    want_u64(&c, d, "write_bytes", false, &dev->write_bytes) != 0)
		return -1;
	return 0;
}

/* A figure that a run measured: null there means NaN (fmt_json's null for it). */
static int want_figure(const struct where *w, const struct json_value *obj,
		       const char *key, bool measured, double *out)
{
	bool known;

	if (want_number(w, obj, key, true, out, &known) != 0)
		return -1;
	if (!known && measured)
		*out = NAN;
	return 0;
}

static int read_phase(const struct where *w, const struct json_value *p,
		      struct run_results *r, bool seen[PHASE_COUNT])
{
	static const char *const states[] = { "not_run", "too_fast", "ok" };
	const char *keys[PHASE_COUNT];
	struct phase_result *ph;
	int id, state;
	bool known;

	if (p->type != JSON_OBJECT)
		return fail(w, "", "not an object");
	for (int i = 0; i < PHASE_COUNT; i++)
		keys[i] = phase_table[i].key;
	if (want_choice(w, p, "key", false, keys, PHASE_COUNT, &id) != 0)
		return -1;
	if (seen[id])
		return fail(w, "key", "\"%s\" given twice", keys[id]);
	seen[id] = true;
	ph = &r->phase[id];
	if (want_choice(w, p, "state", false, states, 3, &state) != 0)
		return -1;
	ph->state = state == 2 ? FIGURE_VALUE
		    : state == 1 ? FIGURE_TOO_FAST : FIGURE_NONE;
	if (want_figure(w, p, "rate", ph->state == FIGURE_VALUE, &ph->rate) != 0 ||
	    want_figure(w, p, "cpu_percent", ph->state == FIGURE_VALUE,
			&ph->cpu_pct) != 0 ||
	    want_ns(w, p, "elapsed_s", 1e9, &ph->elapsed_ns, &known) != 0 ||
	    want_ns(w, p, "cpu_s", 1e9, &ph->cpu_ns, &known) != 0 ||
	    want_u64(w, p, "bytes", true, &ph->bytes) != 0 ||
	    want_u64(w, p, "read_bytes", true, &ph->read_bytes) != 0 ||
	    want_u64(w, p, "ops", true, &ph->ops) != 0 ||
	    read_latency(w, p, &ph->lat) != 0 || read_device(w, p, &ph->dev) != 0)
		return -1;
	return 0;
}

static int read_random(const struct where *w, const struct json_value *t,
		       struct random_result *out)
{
	static const char *const ops[] = { "read", "write" };
	uint64_t block;
	bool ran;
	int op;

	if (t->type != JSON_OBJECT)
		return fail(w, "", "not an object");
	if (want_choice(w, t, "op", false, ops, 2, &op) != 0 ||
	    want_u32(w, t, "depth", false, &out->depth) != 0 ||
	    want_u64(w, t, "block_bytes", false, &block) != 0)
		return -1;
	if (block != RANDOM_BLOCK_BYTES)
		return fail(w, "block_bytes", "not %u", RANDOM_BLOCK_BYTES);
	out->writes = op == 1;
	if (want_ns(w, t, "elapsed_s", 1e9, &out->elapsed_ns, &ran) != 0 ||
	    want_figure(w, t, "iops", ran, &out->iops) != 0 ||
	    want_figure(w, t, "mib_per_s", ran, &out->mib_per_s) != 0 ||
	    want_figure(w, t, "cpu_percent", ran, &out->cpu_pct) != 0 ||
	    want_ns(w, t, "cpu_s", 1e9, &out->cpu_ns, &ran) != 0 ||
	    want_u64(w, t, "ops", false, &out->ops) != 0 ||
	    read_latency(w, t, &out->lat) != 0 || read_device(w, t, &out->dev) != 0)
		return -1;
	return 0;
}

static int read_config(const struct where *top, const struct json_value *run,
		       struct run_results *r)
{
	static const char *const char_ios[] = { "stdio", "syscall" };
	const struct json_value *c, *f;
	struct where w = child(top, "config", -1), wf = child(&w, "files", -1);
	bool known;
	int char_io;
	uint64_t conc;

	if (want_object(top, run, "config", false, &c) != 0 ||
	    want_text(&w, c, "directory", true, r->dir, sizeof(r->dir)) != 0 ||
	    want_u64(&w, c, "size_mib", false, &r->io.size_mib) != 0 ||
	    want_recorded(&w, c, "chunk_bytes", UINT64_MAX, &r->io.chunk_bytes,
			  UNRECORDED_CHUNK, &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "seeks", UINT64_MAX, &r->io.seeks,
			  UNRECORDED_SEEKS, &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "seekers", UINT64_MAX, &r->io.seekers,
			  UNRECORDED_SEEKERS, &r->unrecorded) != 0 ||
	    want_u64(&w, c, "perchar_mib", true, &r->perchar_mib) != 0 ||
	    want_object(&w, c, "files", false, &f) != 0 ||
	    want_u64(&wf, f, "count_k", false, &r->files.count_k) != 0 ||
	    want_i64(&wf, f, "max_bytes", &r->files.max_bytes) != 0 ||
	    want_i64(&wf, f, "min_bytes", &r->files.min_bytes) != 0 ||
	    want_u64(&wf, f, "dirs", false, &r->files.dirs) != 0 ||
	    want_recorded(&wf, f, "chunk_bytes", UINT64_MAX,
			  &r->files.chunk_bytes, UNRECORDED_FILE_CHUNK,
			  &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "concurrency", UINT32_MAX, &conc,
			  UNRECORDED_CONCURRENCY, &r->unrecorded) != 0 ||
	    want_bool(&w, c, "direct", true, &r->mode.direct, &known) != 0 ||
	    want_bool(&w, c, "sync_writes", true, &r->mode.sync_writes, &known) != 0 ||
	    want_bool(&w, c, "zeros", true, &r->mode.zeros, &known) != 0 ||
	    want_choice(&w, c, "char_io", true, char_ios, 2, &char_io) != 0 ||
	    want_u32(&w, c, "dio_align", true, &r->mode.dio_align) != 0 ||
	    want_bool(&w, c, "verify", true, &r->verify, &known) != 0 ||
	    want_u32(&w, c, "random_time_s", true, &r->random_time_s) != 0)
		return -1;
	r->mode.char_io = char_io == 1 ? CHAR_IO_SYSCALL : CHAR_IO_STDIO;
	r->concurrency = (uint32_t)conc;
	return 0;
}

static int read_environment(const struct where *top, const struct json_value *run,
			    struct run_env *e)
{
	const struct json_value *env;
	struct where w = child(top, "environment", -1);
	bool rotational, known;

	if (want_object(top, run, "environment", false, &env) != 0 ||
	    want_text(&w, env, "kernel", true, e->kernel, sizeof(e->kernel)) != 0 ||
	    want_text(&w, env, "filesystem", true, e->fs_type, sizeof(e->fs_type)) != 0 ||
	    want_text(&w, env, "device", true, e->device, sizeof(e->device)) != 0 ||
	    want_text(&w, env, "scheduler", true, e->scheduler, sizeof(e->scheduler)) != 0 ||
	    want_bool(&w, env, "rotational", true, &rotational, &known) != 0 ||
	    want_u64(&w, env, "ram_mib", true, &e->ram_mib) != 0 ||
	    want_u32(&w, env, "cpus", true, &e->cpus) != 0)
		return -1;
	e->rotational = known ? rotational : -1;
	return 0;
}

static int read_run(const struct where *w, const struct json_value *run,
		    struct run_results *r)
{
	const struct json_value *phases, *randoms;
	bool seen[PHASE_COUNT] = { false };
	char version[32];

	memset(r, 0, sizeof(*r));
	if (run->type != JSON_OBJECT)
		return fail(w, "", "not an object");
	if (want_text(w, run, "clyde_version", false, version, sizeof(version)) != 0 ||
	    want_text(w, run, "program", false, r->program, sizeof(r->program)) != 0 ||
	    want_text(w, run, "version", false, r->version, sizeof(r->version)) != 0 ||
	    want_text(w, run, "csv_format", true, r->format_id, sizeof(r->format_id)) != 0 ||
	    want_text(w, run, "machine", false, r->machine, sizeof(r->machine)) != 0 ||
	    want_text(w, run, "seed", true, r->seed, sizeof(r->seed)) != 0 ||
	    read_config(w, run, r) != 0 || read_environment(w, run, &r->env) != 0 ||
	    member(w, run, "phases", false, &phases) != 0 ||
	    member(w, run, "random_io", false, &randoms) != 0)
		return -1;
	if (phases->type != JSON_ARRAY)
		return fail(w, "phases", "not an array");
	if (phases->length != PHASE_COUNT)
		return fail(w, "phases", "%zu tests, not %d", phases->length,
			    PHASE_COUNT);
	for (size_t i = 0; i < phases->length; i++) {
		struct where c = child(w, "phases", (long)i);

		if (read_phase(&c, &phases->items[i], r, seen) != 0)
			return -1;
	}
	if (randoms->type != JSON_ARRAY)
		return fail(w, "random_io", "not an array");
	if (randoms->length > MAX_RANDOM_TESTS)
		return fail(w, "random_io", "%zu tests, at most %d",
			    randoms->length, MAX_RANDOM_TESTS);
	for (size_t i = 0; i < randoms->length; i++) {
		struct where c = child(w, "random_io", (long)i);

		if (read_random(&c, &randoms->items[i], &r->random[i]) != 0)
			return -1;
	}
	r->n_random = randoms->length;
	verdict_compute(r); /* as every producer of results does */
	return 0;
}

int json_results_from_tree(const struct json_value *doc,
			   struct run_results **runs, size_t *n,
			   struct parse_error *err)
{
	bool array = doc->type == JSON_ARRAY;
	size_t count = array ? doc->length : doc->type == JSON_NULL ? 0 : 1;
	struct where top = { "", err };

	*runs = NULL;
	*n = 0;
	if (!array && doc->type != JSON_OBJECT && doc->type != JSON_NULL)
		return fail(&top, "", "not a clyde run object or an array of them");
	if (count == 0)
		return 0;
	*runs = calloc(count, sizeof(**runs));
	if (!*runs)
		return fail(&top, "", "out of memory");
	for (size_t i = 0; i < count; i++) {
		struct where w = { "", err };

		if (array)
			snprintf(w.path, sizeof(w.path), "[%zu]", i);
		if (read_run(&w, array ? &doc->items[i] : doc, &(*runs)[i]) != 0) {
			free(*runs);
			*runs = NULL;
			return -1;
		}
	}
	*n = count;
	return 0;
}

int json_results_read(const char *text, size_t len, struct run_results **runs,
		      size_t *n, struct parse_error *err)
{
	struct json_error jerr;
	struct json_value *doc = json_parse(text, len, NULL, &jerr);
	int rc;

	*runs = NULL;
	*n = 0;
	if (!doc) {
		snprintf(err->msg, sizeof(err->msg), "line %zu, column %zu: %s",
			 jerr.line, jerr.column, jerr.msg);
		return -1;
	}
	rc = json_results_from_tree(doc, runs, n, err);
	json_free(doc);
	return rc;
}
