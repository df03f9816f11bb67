/* SPDX-License-Identifier: MIT */
/*
 * json_results.c - clyde's --json documents back into struct run_results:
 * walks the tree json_read.c builds, key by key as fmt_json.c writes them,
 * with the JSON path of whatever does not fit in the error (json_field.h).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_drive.h"
#include "json_field.h"
#include "json_probe.h"
#include "json_provenance.h"
#include "json_results.h"
#include "json_series.h"
#include "run/phase_info.h"
#include "run/probe.h"
#include "core/verdict.h"

/*
 * A parameter a CSV source may not have recorded: null sets BIT in
 * *UNRECORDED (and leaves *out 0, which reads as the default).
 */
static int want_recorded(const struct json_where *w,
			 const struct json_value *obj, const char *key,
			 uint64_t max, uint64_t *out, unsigned bit,
			 unsigned *unrecorded)
{
	bool known;

	if (json_field_uint(w, obj, key, true, max, out, &known) != 0)
		return -1;
	if (!known)
		*unrecorded |= bit;
	return 0;
}

/* Seconds at KEY that JSON of an older clyde lacks (then 0). */
static int optional_ns(const struct json_where *w, const struct json_value *obj,
		       const char *key, uint64_t *out)
{
	bool known;

	*out = 0;
	return json_get(obj, key) ? json_field_ns(w, obj, key, 1e9, out, &known) : 0;
}

/* device: null, or the bytes the block device moved. */
static int read_device(const struct json_where *w,
		       const struct json_value *obj, struct device_io *dev)
{
	const struct json_value *d;
	struct json_where c = json_field_child(w, "device", -1);

	memset(dev, 0, sizeof(*dev));
	if (json_field_object(w, obj, "device", true, &d) != 0)
		return -1;
	if (!d)
		return 0;
	dev->known = true;
	if (json_field_u64(&c, d, "read_bytes", false, &dev->read_bytes) != 0 ||
	    json_field_u64(&c, d, "write_bytes", false, &dev->write_bytes) != 0)
		return -1;
	return 0;
}

/* A figure that a run measured: null there means NaN (fmt_json's null for it). */
static int want_figure(const struct json_where *w,
		       const struct json_value *obj, const char *key,
		       bool measured, double *out)
{
	bool known;

	if (json_field_number(w, obj, key, true, out, &known) != 0)
		return -1;
	if (!known && measured)
		*out = NAN;
	return 0;
}

static int read_phase(const struct json_where *w, const struct json_value *p,
		      struct run_results *r, bool seen[PHASE_COUNT])
{
	static const char *const states[] = { "not_run", "too_fast", "ok" };
	const char *keys[PHASE_COUNT];
	struct phase_result *ph;
	int id, state;
	bool known;

	if (p->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	for (int i = 0; i < PHASE_COUNT; i++)
		keys[i] = phase_table[i].key;
	if (json_field_choice(w, p, "key", false, keys, PHASE_COUNT, &id) != 0)
		return -1;
	if (seen[id])
		return json_field_fail(w, "key", "\"%s\" given twice", keys[id]);
	seen[id] = true;
	ph = &r->phase[id];
	if (json_field_choice(w, p, "state", false, states, 3, &state) != 0)
		return -1;
	ph->state = state == 2 ? FIGURE_VALUE
		    : state == 1 ? FIGURE_TOO_FAST : FIGURE_NONE;
	if (want_figure(w, p, "rate", ph->state == FIGURE_VALUE, &ph->rate) != 0 ||
	    want_figure(w, p, "cpu_percent", ph->state == FIGURE_VALUE,
			&ph->cpu_pct) != 0 ||
	    json_field_ns(w, p, "elapsed_s", 1e9, &ph->elapsed_ns, &known) != 0 ||
	    json_field_ns(w, p, "cpu_s", 1e9, &ph->cpu_ns, &known) != 0 ||
	    optional_ns(w, p, "cpu_wait_s", &ph->wait_ns) != 0 ||
	    json_field_u64(w, p, "bytes", true, &ph->bytes) != 0 ||
	    json_field_u64(w, p, "read_bytes", true, &ph->read_bytes) != 0 ||
	    json_field_u64(w, p, "ops", true, &ph->ops) != 0 ||
	    json_field_latency(w, p, &ph->lat) != 0 || read_device(w, p, &ph->dev) != 0 ||
	    json_series_read(w, p, &ph->series) != 0 || json_limits_check(w, p) != 0 ||
	    json_probe_read(w, p, &ph->probe) != 0)
		return -1;
	return 0;
}

/*
 * A random-I/O test's threads and engine: absent from JSON written before
 * clyde had engines (threads 0 and engine auto then mean unknown), and
 * null when unknown.
 */
static int read_random_engine(const struct json_where *w, const struct json_value *t,
			      struct random_result *out)
{
	out->threads = 0;
	out->engine = ENGINE_AUTO;
	if (json_get(t, "threads") &&
	    json_field_u32(w, t, "threads", true, &out->threads) != 0)
		return -1;
	if (json_get(t, "engine") &&
	    json_field_engine(w, t, "engine", true, &out->engine) != 0)
		return -1;
	return 0;
}

static int read_random(const struct json_where *w, const struct json_value *t,
		       struct random_result *out)
{
	static const char *const ops[] = { "read", "write" };
	uint64_t block;
	bool ran;
	int op;

	if (t->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	if (json_field_choice(w, t, "op", false, ops, 2, &op) != 0 ||
	    json_field_u32(w, t, "depth", false, &out->depth) != 0 ||
	    json_field_u64(w, t, "block_bytes", false, &block) != 0)
		return -1;
	if (block != RANDOM_BLOCK_BYTES)
		return json_field_fail(w, "block_bytes", "not %u",
				       RANDOM_BLOCK_BYTES);
	out->writes = op == 1;
	if (json_field_ns(w, t, "elapsed_s", 1e9, &out->elapsed_ns, &ran) != 0 ||
	    want_figure(w, t, "iops", ran, &out->iops) != 0 ||
	    want_figure(w, t, "mib_per_s", ran, &out->mib_per_s) != 0 ||
	    want_figure(w, t, "cpu_percent", ran, &out->cpu_pct) != 0 ||
	    json_field_ns(w, t, "cpu_s", 1e9, &out->cpu_ns, &ran) != 0 ||
	    optional_ns(w, t, "cpu_wait_s", &out->wait_ns) != 0 ||
	    json_field_u64(w, t, "ops", false, &out->ops) != 0 ||
	    json_field_latency(w, t, &out->lat) != 0 || read_device(w, t, &out->dev) != 0 ||
	    json_drive_steady(w, t, &out->steady) != 0 ||
	    json_series_read(w, t, &out->series) != 0 || json_limits_check(w, t) != 0 ||
	    json_probe_read(w, t, &out->probe) != 0)
		return -1;
	return read_random_engine(w, t, out);
}

static int read_config(const struct json_where *top,
		       const struct json_value *run, struct run_results *r)
{
	static const char *const char_ios[] = { "stdio", "syscall" };
	const struct json_value *c, *f;
	int probe = 0;
	struct json_where w = json_field_child(top, "config", -1);
	struct json_where wf = json_field_child(&w, "files", -1);
	bool known;
	int char_io;
	uint64_t conc;

	if (json_field_object(top, run, "config", false, &c) != 0 ||
	    json_field_text(&w, c, "directory", true, r->dir,
			    sizeof(r->dir)) != 0 ||
	    json_field_u64(&w, c, "size_mib", false, &r->io.size_mib) != 0 ||
	    want_recorded(&w, c, "chunk_bytes", UINT64_MAX, &r->io.chunk_bytes,
			  UNRECORDED_CHUNK, &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "seeks", UINT64_MAX, &r->io.seeks,
			  UNRECORDED_SEEKS, &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "seekers", UINT64_MAX, &r->io.seekers,
			  UNRECORDED_SEEKERS, &r->unrecorded) != 0 ||
	    json_field_u64(&w, c, "perchar_mib", true, &r->perchar_mib) != 0 ||
	    json_field_object(&w, c, "files", false, &f) != 0 ||
	    json_field_u64(&wf, f, "count_k", false, &r->files.count_k) != 0 ||
	    json_field_i64(&wf, f, "max_bytes", &r->files.max_bytes) != 0 ||
	    json_field_i64(&wf, f, "min_bytes", &r->files.min_bytes) != 0 ||
	    json_field_u64(&wf, f, "dirs", false, &r->files.dirs) != 0 ||
	    want_recorded(&wf, f, "chunk_bytes", UINT64_MAX,
			  &r->files.chunk_bytes, UNRECORDED_FILE_CHUNK,
			  &r->unrecorded) != 0 ||
	    want_recorded(&w, c, "concurrency", UINT32_MAX, &conc,
			  UNRECORDED_CONCURRENCY, &r->unrecorded) != 0 ||
	    json_field_bool(&w, c, "direct", true, &r->mode.direct, &known) != 0 ||
	    json_field_bool(&w, c, "sync_writes", true, &r->mode.sync_writes,
			    &known) != 0 ||
	    json_field_bool(&w, c, "zeros", true, &r->mode.zeros, &known) != 0 ||
	    json_field_choice(&w, c, "char_io", true, char_ios, 2, &char_io) != 0 ||
	    json_field_u32(&w, c, "dio_align", true, &r->mode.dio_align) != 0 ||
	    json_field_bool(&w, c, "verify", true, &r->verify, &known) != 0 ||
	    json_field_u32(&w, c, "random_time_s", true, &r->random_time_s) != 0)
		return -1;
	r->mode.char_io = char_io == 1 ? CHAR_IO_SYSCALL : CHAR_IO_STDIO;
	r->concurrency = (uint32_t)conc;
	/* Absent from JSON written before --pieces, when clyde's own runs
	 * split a file past 1 GiB in 1 GiB pieces; null when not live. */
	if (!json_get(c, "pieces"))
		r->mode.pieces = !r->format_id[0] && r->io.size_mib * MIB > GIB;
	else if (json_field_bool(&w, c, "pieces", true, &r->mode.pieces, &known) != 0)
		return -1;
	/* Absent from JSON written before --probe; null when not live. */
	if (json_get(c, "probe") &&
	    json_field_choice(&w, c, "probe", true, probe_names, 4, &probe) != 0)
		return -1;
	r->probe = probe > 0 ? (unsigned)probe : 0;
	return 0;
}

/* The environment's "io_buffers" into *B: bytes 0 for null or absent. */
static int read_buffers(const struct json_where *top, const struct json_value *env,
			struct buffer_layout *b)
{
	static const char *const names[BUFFER_PAGES_COUNT] = BUFFER_PAGES_NAMES;
	const struct json_value *o;
	struct json_where w = json_field_child(top, "io_buffers", -1);
	int pages;
	bool known;

	memset(b, 0, sizeof(*b));
	if (!json_get(env, "io_buffers")) /* written before it was */
		return 0;
	if (json_field_object(top, env, "io_buffers", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (json_field_u64(&w, o, "bytes", false, &b->bytes) != 0 ||
	    json_field_choice(&w, o, "pages", false, names, BUFFER_PAGES_COUNT,
			      &pages) != 0 ||
	    json_field_number(&w, o, "pieces_per_mib", true, &b->pieces_per_mib,
			      &known) != 0)
		return -1;
	b->pages = (enum buffer_pages)pages;
	if (!known)
		b->pieces_per_mib = -1;
	return 0;
}

static int read_environment(const struct json_where *top,
			    const struct json_value *run, struct run_env *e)
{
	const struct json_value *env;
	struct json_where w = json_field_child(top, "environment", -1);
	bool rotational, known;

	if (json_field_object(top, run, "environment", false, &env) != 0 ||
	    json_field_text(&w, env, "kernel", true, e->kernel,
			    sizeof(e->kernel)) != 0 ||
	    json_field_text(&w, env, "filesystem", true, e->fs_type,
			    sizeof(e->fs_type)) != 0 ||
	    json_field_text(&w, env, "device", true, e->device,
			    sizeof(e->device)) != 0 ||
	    json_field_text(&w, env, "scheduler", true, e->scheduler,
			    sizeof(e->scheduler)) != 0 ||
	    json_field_bool(&w, env, "rotational", true, &rotational,
			    &known) != 0 ||
	    json_field_u64(&w, env, "ram_mib", true, &e->ram_mib) != 0 ||
	    json_field_u32(&w, env, "cpus", true, &e->cpus) != 0 ||
	    read_buffers(&w, env, &e->buffers) != 0)
		return -1;
	e->rotational = known ? rotational : -1;
	return 0;
}

/* The "vary" member into *V: not known when null or absent (older JSON). */
static int read_vary(const struct json_where *top, const struct json_value *run,
		     struct vary_tag *v)
{
	const struct json_value *o, *settings, *trim;
	struct json_where w = json_field_child(top, "vary", -1);
	struct json_where ws = json_field_child(&w, "settings", -1);

	memset(v, 0, sizeof(*v));
	if (!json_get(run, "vary")) /* written before --vary was */
		return 0;
	if (json_field_object(top, run, "vary", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (json_field_u32(&w, o, "setup", false, &v->setup) != 0 ||
	    json_field_u32(&w, o, "setups", false, &v->setups) != 0 ||
	    json_field_u32(&w, o, "round", false, &v->round) != 0 ||
	    json_field_u32(&w, o, "position", false, &v->position) != 0 ||
	    json_field_object(&w, o, "settings", false, &settings) != 0 ||
	    json_field_object(&w, o, "trim", true, &trim) != 0)
		return -1;
	if (settings->length > VARY_MAX_KEYS)
		return json_field_fail(&w, "settings", "%zu keys, at most %d",
				       settings->length, VARY_MAX_KEYS);
	for (size_t i = 0; i < settings->length; i++) {
		const char *key = settings->members[i].key;

		snprintf(v->setting[i].key, sizeof(v->setting[i].key), "%s", key);
		if (json_field_text(&ws, settings, key, false, v->setting[i].value,
				    sizeof(v->setting[i].value)) != 0)
			return -1;
	}
	v->n = settings->length;
	if (trim) {
		struct json_where wt = json_field_child(&w, "trim", -1);
		bool known;

		if (json_field_ns(&wt, trim, "seconds", 1e9, &v->trim_ns, &known) != 0 ||
		    json_field_u64(&wt, trim, "bytes", false, &v->trim_bytes) != 0)
			return -1;
		v->trimmed = true;
	}
	v->known = true;
	return 0;
}

static int read_run(const struct json_where *w, const struct json_value *run,
		    struct run_results *r)
{
	const struct json_value *phases, *randoms;
	bool seen[PHASE_COUNT] = { false };
	char version[32];

	memset(r, 0, sizeof(*r));
	if (run->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	if (json_field_text(w, run, "clyde_version", false, version,
			    sizeof(version)) != 0 ||
	    json_field_text(w, run, "program", false, r->program,
			    sizeof(r->program)) != 0 ||
	    json_field_text(w, run, "version", false, r->version,
			    sizeof(r->version)) != 0 ||
	    json_field_text(w, run, "csv_format", true, r->format_id,
			    sizeof(r->format_id)) != 0 ||
	    json_field_text(w, run, "machine", false, r->machine,
			    sizeof(r->machine)) != 0 ||
	    json_field_text(w, run, "seed", true, r->seed, sizeof(r->seed)) != 0 ||
	    read_config(w, run, r) != 0 || read_environment(w, run, &r->env) != 0 ||
	    json_provenance_read(w, run, r) != 0 || read_vary(w, run, &r->vary) != 0 ||
	    json_drive_read(w, run, &r->removal, &r->trim) != 0 ||
	    json_field_member(w, run, "phases", false, &phases) != 0 ||
	    json_field_member(w, run, "random_io", false, &randoms) != 0)
		return -1;
	if (phases->type != JSON_ARRAY)
		return json_field_fail(w, "phases", "not an array");
	if (phases->length != PHASE_COUNT)
		return json_field_fail(w, "phases", "%zu tests, not %d",
				       phases->length, PHASE_COUNT);
	for (size_t i = 0; i < phases->length; i++) {
		struct json_where c = json_field_child(w, "phases", (long)i);

		if (read_phase(&c, &phases->items[i], r, seen) != 0)
			return -1;
	}
	if (randoms->type != JSON_ARRAY)
		return json_field_fail(w, "random_io", "not an array");
	if (randoms->length > MAX_RANDOM_TESTS)
		return json_field_fail(w, "random_io", "%zu tests, at most %d",
				       randoms->length, MAX_RANDOM_TESTS);
	for (size_t i = 0; i < randoms->length; i++) {
		struct json_where c = json_field_child(w, "random_io", (long)i);

		if (read_random(&c, &randoms->items[i], &r->random[i]) != 0)
			return -1;
	}
	r->n_random = randoms->length;
	verdict_compute(r); /* last: the run is final */
	return 0;
}

int json_results_from_tree(const struct json_value *doc,
			   struct run_results **runs, size_t *n,
			   struct parse_error *err)
{
	bool array = doc->type == JSON_ARRAY;
	size_t count = array ? doc->length : doc->type == JSON_NULL ? 0 : 1;
	struct json_where top = { "", err };

	*runs = NULL;
	*n = 0;
	if (!array && doc->type != JSON_OBJECT && doc->type != JSON_NULL)
		return json_field_fail(&top, "",
				       "not a clyde run object or an array of them");
	if (count == 0)
		return 0;
	*runs = calloc(count, sizeof(**runs));
	if (!*runs)
		return json_field_fail(&top, "", "out of memory");
	for (size_t i = 0; i < count; i++) {
		struct json_where w = { "", err };

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

/* Public faces of the readers above, for clyde mark's JSON (mark_read.c). */
int json_results_device(const struct json_where *w,
			const struct json_value *obj, struct device_io *dev)
{
	return read_device(w, obj, dev);
}

int json_results_environment(const struct json_where *w,
			     const struct json_value *run, struct run_env *e)
{
	return read_environment(w, run, e);
}

int json_results_vary(const struct json_where *w, const struct json_value *run,
		      struct vary_tag *v)
{
	return read_vary(w, run, v);
}
