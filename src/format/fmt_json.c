/* SPDX-License-Identifier: MIT */
/*
 * fmt_json.c - the --json document: one object per run with how and when
 * it ran, its configuration, environment and provenance, every phase's
 * figures and measurements, and the random-I/O tests (the provenance
 * object is fmt_json_prov.c's, the values json_out.c's); and the members
 * clyde mark's JSON shares with it (fmt_json.h), a test's --probe object
 * among them.
 *
 * Every key is always present, so consumers need no existence checks; what
 * was not measured or is not known is null. The keys and their meanings
 * are documented in the man page (JSON, under OUTPUT), the one place a
 * reader looks; a change here changes it there.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "engine/engine.h"
#include "fmt.h"
#include "fmt_json.h"
#include "json_out.h"
#include "fmt_text.h"
#include "run/phase_info.h"
#include "run/probe.h"

/*
 * The latency object: the whole summary when operations were counted, only
 * max when that is all there is (a CSV line), null when neither.
 */
void fmt_json_latency(FILE *out, const struct latency_summary *lat)
{
	const struct {
		const char *key;
		uint64_t ns;
	} f[] = { { "min", lat->min_ns },   { "mean", lat->mean_ns },
		  { "p50", lat->p50_ns },   { "p99", lat->p99_ns },
		  { "p999", lat->p999_ns }, { "max", lat->max_ns } };
	bool full = lat->count != 0;

	if (!full && lat->max_ns == 0) {
		fputs("null", out);
		return;
	}
	fputs("{\"count\": ", out);
	json_out_u64_or_null(out, full, lat->count);
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		fprintf(out, ", \"%s\": ", f[i].key);
		if (full || strcmp(f[i].key, "max") == 0)
			json_out_us(out, f[i].ns);
		else
			fputs("null", out);
	}
	fputc('}', out);
}

/* A test's "probe" object (fmt_json.h). */
bool fmt_json_probe_ran(const struct probe_result *p)
{
	return p->read.lat.count != 0 || p->write.lat.count != 0;
}

/* One kind's waits, null when it did not run; N points over time. */
static void put_waits(FILE *out, const struct probe_waits *w, uint32_t n)
{
	if (w->lat.count == 0) {
		fputs("null", out);
		return;
	}
	fputs("{\"latency_us\": ", out);
	fmt_json_latency(out, &w->lat);
	fprintf(out, ", \"over_100ms\": %" PRIu64 ", \"over_1s\": %" PRIu64
		     ",\n       \"max_ms\": [", w->over_100ms, w->over_1s);
	for (uint32_t i = 0; i < n && i < PROBE_POINTS; i++) {
		fputs(i ? ", " : "", out);
		json_out_double_or_null(out, w->max_ms[i] >= 0.0f, w->max_ms[i], 3);
	}
	fputs("]}", out);
}

void fmt_json_probe(FILE *out, const struct probe_result *p)
{
	if (!fmt_json_probe_ran(p)) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"method\": \"%s\", \"interval_s\": ",
		p->direct ? "direct" : "evicted");
	json_out_seconds_or_null(out, p->n != 0, p->interval_ns);
	fputs(",\n      \"reads\": ", out);
	put_waits(out, &p->read, p->n);
	fputs(",\n      \"writes\": ", out);
	put_waits(out, &p->write, p->n);
	fputc('}', out);
}

void fmt_json_device(FILE *out, const struct device_io *dev)
{
	if (!dev->known) {
		fputs("null", out);
		return;
	}
	fputs("{\"read_bytes\": ", out);
	json_out_u64(out, dev->read_bytes);
	fputs(", \"write_bytes\": ", out);
	json_out_u64(out, dev->write_bytes);
	fputc('}', out);
}

/*
 * When a rank's test began, in seconds after the first rank's (WHOLE, the
 * combined figures): how far apart the barrier let the ranks start.
 */
static void put_start(FILE *out, bool measured, uint64_t start_ns,
		      uint64_t whole_ns)
{
	fputs(", \"start_s\": ", out);
	json_out_seconds_or_null(out, measured && start_ns >= whole_ns,
			    start_ns - whole_ns);
}

/* A phase's object; WHOLE, for a rank's phase, is the combined one;
 * DEADLINE: the run had one, so whether the phase was cut is said. */
static void put_phase(FILE *out, enum phase_id id, const struct phase_result *p,
		      const struct phase_result *whole, bool deadline)
{
	static const char *const states[] = { [FIGURE_NONE] = "not_run",
					      [FIGURE_TOO_FAST] = "too_fast",
					      [FIGURE_VALUE] = "ok" };
	bool ran = p->state == FIGURE_VALUE || p->state == FIGURE_TOO_FAST;
	bool measured = ran && p->elapsed_ns != 0;
	/* A CSV line's +++++ hides the rate; a live run's struct holds it. */
	bool figures = p->state == FIGURE_VALUE || measured;

	fputs("    {\"name\": ", out);
	json_out_string(out, phase_table[id].name);
	fprintf(out, ", \"key\": \"%s\", \"state\": \"%s\", \"unit\": \"%s\",",
		phase_table[id].key, ran ? states[p->state] : states[FIGURE_NONE],
		phase_unit_name(phase_table[id].unit));
	fputs("\n     \"rate\": ", out);
	json_out_exact_or_null(out, figures, p->rate);
	fputs(", \"cpu_percent\": ", out);
	json_out_exact_or_null(out, figures, p->cpu_pct);
	fputs(", \"elapsed_s\": ", out);
	json_out_seconds_or_null(out, measured, p->elapsed_ns);
	if (whole)
		put_start(out, measured, p->start_ns, whole->start_ns);
	fputs(", \"cpu_s\": ", out);
	json_out_seconds_or_null(out, measured, p->cpu_ns);
	fputs(", \"cpu_wait_s\": ", out);
	json_out_seconds_or_null(out, measured, p->wait_ns);
	fputs(",\n     \"bytes\": ", out);
	json_out_u64_or_null(out, measured, p->bytes);
	fputs(", \"read_bytes\": ", out);
	json_out_u64_or_null(out, measured, p->read_bytes);
	fputs(", \"ops\": ", out);
	json_out_u64_or_null(out, measured, p->ops);
	if (deadline && phase_table[id].deadline) {
		fputs(", \"stonewalled\": ", out);
		json_out_bool_or_null(out, measured, p->cut);
	}
	fputs(",\n     \"latency_us\": ", out);
	if (ran)
		fmt_json_latency(out, &p->lat);
	else
		fputs("null", out);
	fputs(",\n     \"device\": ", out);
	if (ran)
		fmt_json_device(out, &p->dev);
	else
		fputs("null", out);
	fputs(",\n     \"limits\": ", out);
	fmt_json_limit(out, &p->limit);
	fputs(",\n     \"series\": ", out);
	fmt_json_series(out, &p->series, phase_table[id].unit == UNIT_KIB_S);
	fputs(",\n     \"probe\": ", out);
	fmt_json_probe(out, &p->probe);
	fputc('}', out);
}

static void put_random(FILE *out, const struct random_result *t,
		       const struct random_result *whole)
{
	bool ran = t->ops != 0 && t->elapsed_ns != 0;

	fprintf(out, "    {\"op\": \"%s\", \"depth\": %" PRIu32 ", \"threads\": ",
		t->writes ? "write" : "read", t->depth);
	json_out_u64_or_null(out, t->threads != 0, t->threads);
	fputs(", \"engine\": ", out);
	if (t->engine != ENGINE_AUTO)
		json_out_string(out, engine_name(t->engine));
	else
		fputs("null", out);
	fprintf(out, ", \"block_bytes\": %u,", RANDOM_BLOCK_BYTES);
	fputs("\n     \"iops\": ", out);
	json_out_exact_or_null(out, ran, t->iops);
	fputs(", \"mib_per_s\": ", out);
	json_out_exact_or_null(out, ran, t->mib_per_s);
	fputs(", \"cpu_percent\": ", out);
	json_out_exact_or_null(out, ran, t->cpu_pct);
	fputs(", \"elapsed_s\": ", out);
	json_out_seconds_or_null(out, ran, t->elapsed_ns);
	if (whole)
		put_start(out, ran, t->start_ns, whole->start_ns);
	fputs(", \"cpu_s\": ", out);
	json_out_seconds_or_null(out, ran, t->cpu_ns);
	fputs(", \"cpu_wait_s\": ", out);
	json_out_seconds_or_null(out, ran, t->wait_ns);
	fputs(", \"ops\": ", out);
	json_out_u64(out, t->ops);
	fputs(",\n     \"latency_us\": ", out);
	fmt_json_latency(out, &t->lat);
	fputs(",\n     \"device\": ", out);
	fmt_json_device(out, &t->dev);
	fputs(",\n     \"limits\": ", out);
	fmt_json_limit(out, &t->limit);
	fputs(",\n     \"series\": ", out);
	fmt_json_series(out, &t->series, false);
	fputs(",\n     \"probe\": ", out);
	fmt_json_probe(out, &t->probe);
	fputs(",\n     \"steady\": ", out);
	fmt_json_steady(out, &t->steady);
	fputc('}', out);
}

/* How the copies and ranks worked together, when not each on its own
 * (results.h's struct job_mode). */
static void put_job(FILE *out, const struct job_mode *job)
{
	static const char *const layouts[] = { "own", "segmented", "strided" };

	if (job->layout == SHARE_OWN && !job->shared_dir && !job->reorder &&
	    !job->deadline_s)
		return;
	fprintf(out, ",\n             \"shared_file\": \"%s\", \"stripe_bytes\": ",
		layouts[job->layout]);
	json_out_u64_or_null(out, job->layout == SHARE_STRIDED, job->stripe_bytes);
	fputs(", \"shared_dir\": ", out);
	json_out_bool_or_null(out, true, job->shared_dir);
	fputs(", \"reorder_shift\": ", out);
	json_out_u64_or_null(out, job->reorder, job->reorder_shift);
	fputs(", \"deadline_s\": ", out);
	json_out_u64_or_null(out, job->deadline_s != 0, job->deadline_s);
}

static void put_config(FILE *out, const struct run_results *r, bool live)
{
	const struct io_mode *m = &r->mode;

	fputs("  \"config\": {\"directory\": ", out);
	if (live)
		json_out_text_or_null(out, r->dir);
	else
		fputs("null", out);
	/* What the source did not record is null, never a default. */
	fprintf(out, ", \"size_mib\": %" PRIu64 ", \"chunk_bytes\": ",
		r->io.size_mib);
	json_out_u64_or_null(out, !(r->unrecorded & UNRECORDED_CHUNK), fmt_io_chunk(r));
	fputs(", \"seeks\": ", out);
	json_out_u64_or_null(out, !(r->unrecorded & UNRECORDED_SEEKS), fmt_io_seeks(r));
	fputs(", \"seekers\": ", out);
	json_out_u64_or_null(out, !(r->unrecorded & UNRECORDED_SEEKERS),
			fmt_io_seekers(r));
	fputs(",\n", out);
	fputs("             \"perchar_mib\": ", out);
	json_out_u64_or_null(out, live, r->perchar_mib);
	fprintf(out, ", \"files\": {\"count_k\": %" PRIu64 ", \"max_bytes\": %" PRId64
		     ", \"min_bytes\": %" PRId64 ", \"dirs\": %" PRIu64
		     ", \"chunk_bytes\": ",
		r->files.count_k, r->files.max_bytes, r->files.min_bytes,
		r->files.dirs ? r->files.dirs : 1);
	json_out_u64_or_null(out, !(r->unrecorded & UNRECORDED_FILE_CHUNK),
			r->files.chunk_bytes ? r->files.chunk_bytes
					     : DEFAULT_FILE_CHUNK_BYTES);
	fputs("},\n             \"concurrency\": ", out);
	json_out_u64_or_null(out, !(r->unrecorded & UNRECORDED_CONCURRENCY),
			fmt_concurrency(r));
	fputs(", \"direct\": ", out);
	json_out_bool_or_null(out, live, m->direct);
	fputs(", \"sync_writes\": ", out);
	json_out_bool_or_null(out, live, m->sync_writes);
	fputs(", \"zeros\": ", out);
	json_out_bool_or_null(out, live, m->zeros);
	fputs(", \"pieces\": ", out);
	json_out_bool_or_null(out, live, m->pieces);
	fputs(", \"char_io\": ", out);
	if (live)
		fputs(m->char_io == CHAR_IO_SYSCALL ? "\"syscall\"" : "\"stdio\"",
		      out);
	else
		fputs("null", out);
	fputs(",\n             \"dio_align\": ", out);
	json_out_u64_or_null(out, live, m->dio_align);
	fputs(", \"verify\": ", out);
	json_out_bool_or_null(out, live, r->verify);
	fputs(", \"random_time_s\": ", out);
	json_out_u64_or_null(out, live, r->random_time_s);
	fputs(", \"probe\": ", out);
	json_out_text_or_null(out, live ? probe_name(r->probe) : "");
	put_job(out, &r->job);
	fputs("},\n", out);
}

/*
 * How the large I/O buffers lay: the largest's bytes, the pages asked
 * for, the most pieces per MiB (null: not root); null when there were
 * none or B is NULL.
 */
static void put_buffers(FILE *out, const struct buffer_layout *b)
{
	static const char *const names[BUFFER_PAGES_COUNT] = BUFFER_PAGES_NAMES;

	if (!b || b->bytes == 0 || b->pages == BUFFER_PAGES_NONE) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"bytes\": %" PRIu64 ", \"pages\": \"%s\", \"pieces_per_mib\": ",
		b->bytes, names[b->pages]);
	json_out_double_or_null(out, b->pieces_per_mib >= 0, b->pieces_per_mib, 3);
	fputc('}', out);
}

static void put_environment(FILE *out, const struct run_env *e, bool live)
{
	fputs("  \"environment\": {\"kernel\": ", out);
	json_out_text_or_null(out, live ? e->kernel : "");
	fputs(", \"filesystem\": ", out);
	json_out_text_or_null(out, live ? e->fs_type : "");
	fputs(", \"device\": ", out);
	json_out_text_or_null(out, live ? e->device : "");
	fputs(", \"scheduler\": ", out);
	json_out_text_or_null(out, live ? e->scheduler : "");
	fputs(",\n                  \"rotational\": ", out);
	json_out_bool_or_null(out, live && (e->rotational == 0 || e->rotational == 1),
			 e->rotational == 1);
	fputs(", \"ram_mib\": ", out);
	json_out_u64_or_null(out, live && e->ram_mib != 0, e->ram_mib);
	fputs(", \"cpus\": ", out);
	json_out_u64_or_null(out, live && e->cpus != 0, e->cpus);
	fputs(",\n                  \"io_buffers\": ", out);
	put_buffers(out, live ? &e->buffers : NULL);
	fputs("},\n", out);
}

/*
 * The phases and random-I/O tests of R; WHOLE, when R is one rank's, is
 * the run that combines them.
 */
static void put_tests(FILE *out, const struct run_results *r,
		      const struct run_results *whole)
{
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random
							 : MAX_RANDOM_TESTS;
	bool first = true;

	fputs("  \"phases\": [\n", out);
	for (int i = 0; i < PHASE_COUNT; i++) {
		put_phase(out, (enum phase_id)i, &r->phase[i],
			  whole ? &whole->phase[i] : NULL, r->job.deadline_s != 0);
		fputs(i + 1 < PHASE_COUNT ? ",\n" : "\n", out);
	}
	fputs("  ],\n  \"random_io\": [", out);
	/* Reads first, then writes, as the random-I/O table. */
	for (int writes = 0; writes <= 1; writes++)
		for (size_t i = 0; i < n_random; i++) {
			if (r->random[i].writes != (writes == 1))
				continue;
			fputs(first ? "\n" : ",\n", out);
			put_random(out, &r->random[i],
				   whole ? &whole->random[i] : NULL);
			first = false;
		}
	fputs(first ? "]" : "\n  ]", out);
}

/* clyde-mpi: the hosts, and each rank with its own figures; null for a
 * single process. */
static void put_ranks(FILE *out, const struct run_results *r)
{
	const struct rank_set *set = &r->ranks;

	if (set->n == 0) {
		fputs(",\n  \"hosts\": null, \"ranks\": null\n}", out);
		return;
	}
	fputs(",\n  \"hosts\": [", out);
	for (size_t i = 0, shown = 0; i < set->n; i++) {
		size_t j = 0;

		while (j < i && strcmp(set->rank[j].host, set->rank[i].host) != 0)
			j++;
		if (j < i)
			continue;
		fputs(shown++ ? ", " : "", out);
		json_out_string(out, set->rank[i].host);
	}
	fputs("],\n  \"ranks\": [", out);
	for (size_t i = 0; i < set->n; i++) {
		const struct rank_report *k = &set->rank[i];

		fprintf(out, "%s\n  {\"rank\": %" PRIu32 ", \"host\": ",
			i ? "," : "", k->rank);
		json_out_string(out, k->host);
		fprintf(out, ", \"pid\": %" PRId64 ", \"directory\": ", k->pid);
		json_out_text_or_null(out, k->workdir);
		fprintf(out, ", \"copies\": %" PRIu32 ",\n   \"clock_offset_us\": ",
			fmt_concurrency(&k->res));
		json_out_double(out, (double)k->clock_offset_ns / 1e3, 3);
		fputs(", \"clock_error_us\": ", out);
		json_out_us(out, k->clock_error_ns);
		fputs(",\n", out);
		put_tests(out, &k->res, r);
		fputs("}", out);
	}
	fputs("\n  ]\n}", out);
}

/* The "vary" member: which setup of a --vary run this was, its round and
 * place in it, the setup's settings and the FITRIM before it. */
void fmt_json_vary(FILE *out, const struct vary_tag *v)
{
	if (!v->known) {
		fputs("  \"vary\": null,\n", out);
		return;
	}
	fprintf(out, "  \"vary\": {\"setup\": %" PRIu32 ", \"setups\": %" PRIu32
		", \"round\": %" PRIu32 ", \"position\": %" PRIu32
		", \"settings\": {", v->setup, v->setups, v->round, v->position);
	for (size_t i = 0; i < v->n; i++) {
		fputs(i ? ", " : "", out);
		json_out_string(out, v->setting[i].key);
		fputs(": ", out);
		json_out_string(out, v->setting[i].value);
	}
	fputs("},\n           \"trim\": ", out);
	if (v->trimmed) {
		fputs("{\"seconds\": ", out);
		json_out_seconds(out, v->trim_ns);
		fprintf(out, ", \"bytes\": %" PRIu64 "}", v->trim_bytes);
	} else {
		fputs("null", out);
	}
	fputs("},\n", out);
}

void fmt_json_origin(FILE *out, const char *started, const char *command_line)
{
	fputs("  \"started\": ", out);
	json_out_text_or_null(out, started);
	fputs(", \"command_line\": ", out);
	json_out_text_or_null(out, command_line);
	fputs(",\n", out);
}

void fmt_json_run(FILE *out, const struct run_results *r)
{
	bool live = r->format_id[0] == '\0';

	fputs("{\n  \"clyde_version\": \"" CLYDE_VERSION "\", \"program\": ", out);
	json_out_string(out, r->program[0] ? r->program : "clyde");
	fputs(", \"version\": ", out);
	json_out_string(out, r->version[0] ? r->version : CLYDE_VERSION);
	fputs(", \"csv_format\": ", out);
	json_out_text_or_null(out, r->format_id);
	fputs(",\n  \"machine\": ", out);
	json_out_string(out, r->machine);
	fputs(", \"seed\": ", out);
	json_out_text_or_null(out, r->seed);
	fputs(",\n", out);
	fmt_json_origin(out, r->started, r->command_line);
	fmt_json_vary(out, &r->vary);
	fmt_json_drive(out, &r->removal, &r->trim);
	put_config(out, r, live);
	put_environment(out, &r->env, live);
	fmt_json_provenance(out, r->prov_known, &r->prov);
	put_tests(out, r, NULL);
	put_ranks(out, r);
}

void fmt_json_environment(FILE *out, const struct run_env *env)
{
	put_environment(out, env, true);
}
