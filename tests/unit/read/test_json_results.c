/* SPDX-License-Identifier: MIT */
/*
 * test_json_results.c - tests of src/read/json_results.c: runs rendered by
 * the json format read back field by field (one object, and an array with -x),
 * every golden JSON file read back and rendered again to the same tree, and
 * malformed documents refused with the JSON path of what is wrong.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "golden.h"
#include "format/format.h"
#include "read/json_results.h"
#include "sample_prov.h"
#include "core/verdict.h"

#define GOLDEN_JSON "tests/golden/json"

static char *render(const struct run_results *runs, size_t n, bool array)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	format_render(mem, format_default(FORMAT_JSON), runs, n,
		      &(struct render_opts){ .json_array = array });
	fclose(mem);
	return text;
}

static struct latency_summary latency(uint64_t base_ns)
{
	return (struct latency_summary){ 1000 + base_ns, base_ns, 90 * base_ns,
					 3 * base_ns,     2 * base_ns, 40 * base_ns,
					 70 * base_ns };
}

/*
 * A live run with its figures as a measurement leaves them: rates and CPU
 * shares of any digits (a third, a seventh), times and latencies in
 * nanoseconds. The JSON must carry each exactly, so that a comparison made
 * from it is the run's own. VARIANT changes the values and the I/O mode.
 */
static void sample_run(struct run_results *r, int variant)
{
	memset(r, 0, sizeof(*r));
	strcpy(r->program, "clyde");
	strcpy(r->version, CLYDE_VERSION);
	snprintf(r->machine, sizeof(r->machine), "rig \"%d\" \xc3\xa9\t\\", variant);
	snprintf(r->seed, sizeof(r->seed), "%d", 1234567 + variant);
	strcpy(r->dir, "/mnt/test dir");
	r->concurrency = 2 + (uint32_t)variant;
	r->io = (struct io_params){ 2048, 65536, 4096, 3 };
	r->files = (struct file_params){ 8, -2, 0, 4, 4096 };
	r->perchar_mib = 16;
	r->mode = (struct io_mode){ variant == 0, variant == 1, true, variant == 1,
				    variant ? CHAR_IO_SYSCALL : CHAR_IO_STDIO,
				    variant == 0 ? 4096 : 0 };
	r->verify = variant == 1;
	r->random_time_s = 7;
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_result *p = &r->phase[i];

		p->state = i == PHASE_GETC ? FIGURE_TOO_FAST
			   : i == PHASE_RAN_DELETE ? FIGURE_NONE : FIGURE_VALUE;
		if (p->state == FIGURE_NONE)
			continue;
		p->rate = 1000.125 * (i + 1) + variant + 1.0 / 3;
		p->cpu_pct = 10.5 + i + 1.0 / 7;
		p->lat = latency(1000 + (uint64_t)i * 7 + (uint64_t)variant);
		p->elapsed_ns = (uint64_t)(i + 1) * 1234567891u;
		p->cpu_ns = (uint64_t)(i + 1) * 567123u;
		p->bytes = (uint64_t)(i + 1) << 30;
		p->read_bytes = (uint64_t)i << 29;
		p->ops = 131072u + (uint64_t)i;
		if (i != PHASE_SEQ_CREATE) /* one phase with the device unknown */
			p->dev = (struct device_io){ true, 4096u * (uint64_t)i,
						     8192u * (uint64_t)i };
	}
	r->n_random = variant == 1 ? 0 : 3;
	for (size_t i = 0; i < r->n_random; i++) {
		struct random_result *t = &r->random[i];

		t->writes = i == 2;
		t->depth = 1u << (2 * i);
		t->threads = (uint32_t)i + 1;
		t->engine = (enum engine_kind)(ENGINE_IO_URING + i); /* each name */
		t->ops = 25000 + i;
		t->elapsed_ns = 5000001000u;
		t->cpu_ns = 250000000u;
		t->iops = 25000.0 / 5.000001 + (double)i;
		t->mib_per_s = t->iops * 4096 / 1048576;
		t->cpu_pct = 100.0 * 0.25 / 5.000001;
		t->lat = latency(85000 + i);
		t->dev = (struct device_io){ true, t->writes ? 0 : t->ops * 4096,
					     t->writes ? t->ops * 4096 : 0 };
	}
	strcpy(r->env.kernel, "Linux 6.1.0-13-amd64");
	strcpy(r->env.fs_type, "ext4");
	strcpy(r->env.device, variant ? "" : "vda");
	strcpy(r->env.scheduler, variant ? "" : "mq-deadline");
	r->env.rotational = variant ? -1 : 1;
	r->env.ram_mib = variant ? 0 : 24104;
	r->env.cpus = 2;
	/* Variant: small pages, their pieces unknown (not root). */
	r->env.buffers = variant ? (struct buffer_layout){ 2u << 20, BUFFER_PAGES_SMALL, -1 }
				 : (struct buffer_layout){ 8u << 20, BUFFER_PAGES_THP, 0.5 };
	sample_prov(r, variant);
	verdict_compute(r);
}

static bool same_lat(const struct latency_summary *a, const struct latency_summary *b)
{
	return a->count == b->count && a->min_ns == b->min_ns &&
	       a->max_ns == b->max_ns && a->mean_ns == b->mean_ns &&
	       a->p50_ns == b->p50_ns && a->p99_ns == b->p99_ns &&
	       a->p999_ns == b->p999_ns;
}

static bool same_dev(const struct device_io *a, const struct device_io *b)
{
	return a->known == b->known && a->read_bytes == b->read_bytes &&
	       a->write_bytes == b->write_bytes;
}

/* Every field of B against A, one check per part, named with WHAT. */
static void check_same(const char *what, const struct run_results *a,
		       const struct run_results *b)
{
	char name[160];
	bool phases = true, randoms = a->n_random == b->n_random;

#define PART(label, cond)                                                      \
	do {                                                                   \
		snprintf(name, sizeof(name), "%s: %s", what, label);           \
		CHECK(name, cond);                                             \
	} while (0)
	PART("names", strcmp(a->program, b->program) == 0 &&
			      strcmp(a->version, b->version) == 0 &&
			      strcmp(a->format_id, b->format_id) == 0 &&
			      strcmp(a->machine, b->machine) == 0 &&
			      strcmp(a->seed, b->seed) == 0 &&
			      strcmp(a->dir, b->dir) == 0);
	PART("sizes", a->concurrency == b->concurrency &&
			      memcmp(&a->io, &b->io, sizeof(a->io)) == 0 &&
			      a->files.count_k == b->files.count_k &&
			      a->files.max_bytes == b->files.max_bytes &&
			      a->files.min_bytes == b->files.min_bytes &&
			      a->files.dirs == b->files.dirs &&
			      a->files.chunk_bytes == b->files.chunk_bytes &&
			      a->perchar_mib == b->perchar_mib);
	PART("mode", a->mode.direct == b->mode.direct &&
			     a->mode.sync_writes == b->mode.sync_writes &&
			     a->mode.zeros == b->mode.zeros &&
			     a->mode.pieces == b->mode.pieces &&
			     a->mode.char_io == b->mode.char_io &&
			     a->mode.dio_align == b->mode.dio_align &&
			     a->verify == b->verify &&
			     a->random_time_s == b->random_time_s);
	PART("environment", strcmp(a->env.kernel, b->env.kernel) == 0 &&
				    strcmp(a->env.fs_type, b->env.fs_type) == 0 &&
				    strcmp(a->env.device, b->env.device) == 0 &&
				    strcmp(a->env.scheduler, b->env.scheduler) == 0 &&
				    a->env.rotational == b->env.rotational &&
				    a->env.ram_mib == b->env.ram_mib &&
				    a->env.cpus == b->env.cpus &&
				    a->env.buffers.bytes == b->env.buffers.bytes &&
				    a->env.buffers.pages == b->env.buffers.pages &&
				    a->env.buffers.pieces_per_mib == b->env.buffers.pieces_per_mib);
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *p = &a->phase[i], *q = &b->phase[i];
		bool ok = p->state == q->state && p->rate == q->rate &&
			  p->cpu_pct == q->cpu_pct && p->elapsed_ns == q->elapsed_ns &&
			  p->cpu_ns == q->cpu_ns && p->bytes == q->bytes &&
			  p->read_bytes == q->read_bytes && p->ops == q->ops &&
			  same_lat(&p->lat, &q->lat) && same_dev(&p->dev, &q->dev);

		if (!ok)
			printf("# %s: phase %d differs\n", what, i);
		phases = phases && ok;
	}
	PART("phases", phases);
	PART("provenance", strcmp(a->started, b->started) == 0 &&
				   strcmp(a->command_line, b->command_line) == 0 &&
				   a->prov_known == b->prov_known &&
				   memcmp(&a->prov, &b->prov, sizeof(a->prov)) == 0);
	for (size_t i = 0; randoms && i < a->n_random; i++) {
		const struct random_result *s = &a->random[i], *t = &b->random[i];

		randoms = s->writes == t->writes && s->depth == t->depth &&
			  s->threads == t->threads && s->engine == t->engine &&
			  s->ops == t->ops && s->elapsed_ns == t->elapsed_ns &&
			  s->cpu_ns == t->cpu_ns && s->iops == t->iops &&
			  s->mib_per_s == t->mib_per_s && s->cpu_pct == t->cpu_pct &&
			  same_lat(&s->lat, &t->lat) && same_dev(&s->dev, &t->dev);
	}
	PART("random tests", randoms);
	PART("verdicts", a->advice.any == b->advice.any && a->advice.s == b->advice.s &&
				 a->advice.io.size_mib == b->advice.io.size_mib &&
				 a->n_truth == b->n_truth &&
				 memcmp(a->truth, b->truth, a->n_truth * sizeof(a->truth[0])) == 0);
#undef PART
}

static void test_round_trip(void)
{
	struct run_results runs[2], *back = NULL;
	struct parse_error err = { "" };
	size_t n = 99;
	char *text;

	sample_run(&runs[0], 0);
	sample_run(&runs[1], 1);
	text = render(runs, 1, false);
	CHECK("one run reads back", json_results_read(text, strlen(text), &back, &n, &err) == 0 && n == 1);
	if (back) {
		check_same("one run", &runs[0], &back[0]);
		CHECK("one run: the truth check's findings recomputed",
		      back[0].n_truth == 4 && back[0].truth[2].id == PHASE_READ);
	}
	free(back);
	free(text);

	text = render(runs, 2, true);
	back = NULL;
	CHECK("array reads back", json_results_read(text, strlen(text), &back, &n, &err) == 0 && n == 2);
	if (back && n == 2) {
		check_same("array run 0", &runs[0], &back[0]);
		check_same("array run 1", &runs[1], &back[1]);
	}
	free(back);
	free(text);

	/* A NaN rate and an infinite CPU figure print null and read as NaN. */
	runs[0].phase[PHASE_READ].rate = NAN;
	runs[0].phase[PHASE_READ].cpu_pct = INFINITY;
	text = render(runs, 1, false);
	CHECK("NaN figures read back",
	      json_results_read(text, strlen(text), &back, &n, &err) == 0 &&
		      isnan(back[0].phase[PHASE_READ].rate) &&
		      isnan(back[0].phase[PHASE_READ].cpu_pct) &&
		      back[0].phase[PHASE_WRITE].rate == runs[0].phase[PHASE_WRITE].rate);
	free(back);
	free(text);

	/* Nothing: "null" (the json format of no run) and "[]". */
	CHECK("null is no run", json_results_read("null\n", 5, &back, &n, &err) == 0 &&
					n == 0 && back == NULL);
	CHECK("[] is no run", json_results_read("[]", 2, &back, &n, &err) == 0 && n == 0);
}

/* The golden documents read back and render again to the same tree. */
static void test_golden(void)
{
	static const struct {
		const char *file;
		size_t runs;
		bool array;
	} files[] = {
		{ "full.json", 1, false },
		{ "array.json", 2, true },
		{ "blank.json", 1, false },
		{ "csv-full-1g-n4.json", 1, false },
		/* clyde report's: --probe's waits beside each test. */
		{ "../report/feel.json", 2, true },
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[256], name[160];
		char *file, *want, *again;
		struct run_results *runs = NULL;
		struct parse_error err = { "" };
		struct json_error jerr;
		struct json_value *a, *b;
		size_t n = 0;

		snprintf(path, sizeof(path), GOLDEN_JSON "/%s", files[i].file);
		file = golden_read(path);
		/* The file spells clyde's version as the mark; the reader sees this clyde's. */
		want = file ? golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION) : NULL;
		free(file);
		snprintf(name, sizeof(name), "golden %s reads", files[i].file);
		CHECK(name, want && json_results_read(want, strlen(want), &runs, &n, &err) == 0 &&
				    n == files[i].runs);
		if (err.msg[0])
			printf("# %s\n", err.msg);
		if (!runs) {
			free(want);
			continue;
		}
		again = render(runs, n, files[i].array);
		a = json_parse(want, strlen(want), NULL, &jerr);
		b = json_parse(again, strlen(again), NULL, &jerr);
		snprintf(name, sizeof(name), "golden %s renders again the same", files[i].file);
		CHECK(name, a && b && json_equal(a, b));
		json_free(a);
		json_free(b);
		free(again);
		free(want);
		free(runs);
	}
}

/* DOC with its first FROM replaced by TO (malloc'd); NULL if FROM is absent. */
static char *replaced(const char *doc, const char *from, const char *to)
{
	const char *at = strstr(doc, from);
	size_t head, len;
	char *out;

	if (!at)
		return NULL;
	head = (size_t)(at - doc);
	len = strlen(doc) - strlen(from) + strlen(to);
	out = malloc(len + 1);
	memcpy(out, doc, head);
	strcpy(out + head, to);
	strcat(out + head, at + strlen(from));
	return out;
}

/* DOC with FROM replaced by TO is refused with exactly WANT. */
static void check_refused(const char *doc, const char *from, const char *to,
			  const char *want)
{
	char *bad = replaced(doc, from, to);
	struct run_results *runs = (struct run_results *)&runs;
	struct parse_error err = { "" };
	size_t n = 7;
	char name[200];

	snprintf(name, sizeof(name), "refused: %s", want);
	if (!bad) {
		CHECK(name, !"the text to replace is not in the document");
		return;
	}
	CHECK(name, json_results_read(bad, strlen(bad), &runs, &n, &err) == -1 &&
			    runs == NULL && n == 0);
	CHECK_STR(name, err.msg, want);
	free(bad);
}

/* --probe's objects: refused, with their path, where they do not fit. */
static void test_probe_refused(void)
{
	char *file = golden_read(GOLDEN_JSON "/../report/feel.json");
	char *doc = file ? golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION) : NULL;

	free(file);
	if (!doc) {
		CHECK("feel.json is there", doc != NULL);
		return;
	}
	check_refused(doc, "\"method\": \"direct\"", "\"method\": \"mmap\"",
		      "[0].phases[1].probe.method: unknown value \"mmap\"");
	check_refused(doc, "\"over_1s\": 1,", "\"over_1s\": -1,",
		      "[0].phases[1].probe.writes.over_1s: negative");
	check_refused(doc, "\"max_ms\": [0.2,", "\"max_ms\": [\"x\",",
		      "[0].phases[1].probe.reads.max_ms: [0]: not a wait in ms or null");
	check_refused(doc, "\"interval_s\": 0.0625", "\"interval_s\": null",
		      "[0].phases[1].probe.interval_s: null beside points");
	check_refused(doc, "\"probe\": \"read+write\"", "\"probe\": \"both\"",
		      "[0].config.probe: unknown value \"both\"");
	free(doc);
}

static void test_errors(void)
{
	struct run_results runs[2];
	char *one, *two;

	sample_run(&runs[0], 0);
	sample_run(&runs[1], 1);
	one = render(runs, 1, false);
	two = render(runs, 2, true);
	check_refused(one, "\"rate\": 1000.4583333333334", "\"rate\": \"fast\"",
		      "phases[0].rate: not a number");
	check_refused(one, "\"rate\": 4000.8333333333335",
		      "\"rate\": [4000.8333333333335]",
		      "phases[3].rate: not a number");
	check_refused(two, "\"machine\": \"rig \\\"1\\\"", "\"name\": \"rig \\\"1\\\"",
		      "[1].machine: missing");
	check_refused(two, "\"cpu_percent\": 10.642857142857142, \"elapsed_s\": 1.234567891",
		      "\"cpu_percent\": null, \"elapsed_s\": true",
		      "[0].phases[0].elapsed_s: not a number");
	check_refused(one, "\"state\": \"ok\"", "\"state\": \"fine\"",
		      "phases[0].state: unknown value \"fine\"");
	check_refused(one, "\"key\": \"putc\"", "\"key\": \"getc\"",
		      "phases[3].key: \"getc\" given twice");
	check_refused(one, "\"key\": \"putc\"", "\"key\": \"put_char\"",
		      "phases[0].key: unknown value \"put_char\"");
	check_refused(one, "\"size_mib\": 2048", "\"size_mib\": -1",
		      "config.size_mib: negative");
	check_refused(one, "\"size_mib\": 2048", "\"size_mib\": 1.5",
		      "config.size_mib: not a whole number");
	check_refused(one, "\"size_mib\": 2048", "\"size_mib\": 1e300",
		      "config.size_mib: not a whole number");
	check_refused(one, "\"count_k\": 8", "\"count_k\": null",
		      "config.files.count_k: null");
	check_refused(one, "\"max_bytes\": -2", "\"max_bytes\": -2.5",
		      "config.files.max_bytes: not a whole number in range");
	check_refused(one, "\"concurrency\": 2", "\"concurrency\": 4294967296",
		      "config.concurrency: over 4294967295");
	check_refused(one, "\"char_io\": \"stdio\"", "\"char_io\": \"mmap\"",
		      "config.char_io: unknown value \"mmap\"");
	check_refused(one, "\"config\": {", "\"config\": [], \"x\": {",
		      "config: not an object");
	check_refused(one, "\"rotational\": true", "\"rotational\": 1",
		      "environment.rotational: not true or false");
	check_refused(one, "\"kernel\": \"Linux", "\"kernel\": \"\\u0000Linux",
		      "environment.kernel: contains a NUL character");
	check_refused(one, "\"block_bytes\": 4096,\n", "\"block_bytes\": 512,\n",
		      "random_io[0].block_bytes: not 4096");
	check_refused(one, "\"op\": \"read\"", "\"op\": \"trim\"",
		      "random_io[0].op: unknown value \"trim\"");
	check_refused(one, "\"engine\": \"aio\"", "\"engine\": \"libaio\"",
		      "random_io[1].engine: unknown value \"libaio\"");
	check_refused(one, "\"latency_us\": {\"count\"", "\"latency_us\": {\"cnt\"",
		      "phases[0].latency_us.count: missing");
	check_refused(one, "\"min\": 1", "\"min\": -1",
		      "phases[0].latency_us.min: negative");
	check_refused(one, "\"elapsed_s\": 1.234567891", "\"elapsed_s\": 1e300",
		      "phases[0].elapsed_s: too large");
	check_refused(one, "\"device\": {\"read_bytes\": 0", "\"device\": {\"read_bytes\": true",
		      "phases[0].device.read_bytes: not a number");
	check_refused(one, "\"machine\": \"rig", "\"machine\": 7, \"m\": \"rig",
		      "machine: not a string");
	check_refused(one, "\"phases\": [\n", "\"phases\": [\n7,",
		      "phases: 13 tests, not 12");
	check_refused(one, "\"phases\": [\n", "\"phases\": {}, \"p\": [\n",
		      "phases: not an array");
	check_refused(one, "\"random_io\": [", "\"random_io\": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,",
		      "random_io: 17 tests, at most 16");
	check_refused(one, "\"random_io\": [", "\"random_io\": [1,",
		      "random_io[0]: not an object");
	check_refused(one, "\"started\": \"2024", "\"started\": 2024, \"s\": \"2024",
		      "started: not a string");
	check_refused(one, "\"provenance\": {", "\"provenance\": 3, \"p\": {",
		      "provenance: not an object");
	check_refused(one, "\"detail\": null, \"above\": null",
		      "\"detail\": null, \"above\": 0",
		      "provenance.stack[0].above: 0 is not an earlier layer");
	check_refused(one, "\"above\": 2, \"disk\": 0", "\"above\": 2, \"disk\": 1",
		      "provenance.stack[3].disk: 1 is not in disks");
	check_refused(one, "\"above\": 1, \"disk\": null", "\"above\": 1, \"disk\": 0",
		      "provenance.stack[2].disk: set on a partition layer");
	check_refused(one, "\"kind\": \"lvm\"", "\"kind\": \"zfs\"",
		      "provenance.stack[0].kind: unknown value \"zfs\"");
	check_refused(one, "\"stack\": [", "\"stack\": {}, \"s\": [",
		      "provenance.stack: not an array");
	check_refused(one, "\"stack\": [", "\"stack\": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
		      "1,1,1,1,1,1,1,1,1,1,1,1,1,1,", "provenance.stack: 34 items, at most 32");
	check_refused(one, "\"stack_truncated\": false", "\"stack_truncated\": null",
		      "provenance.stack_truncated: null");
	check_refused(one, "\"cpus\": 8", "\"cpus\": -8",
		      "provenance.machine.cpus: negative");
	check_refused(one, "\"read_ahead_kib\": 128",
		      "\"read_ahead_kib\": 9223372036854775808",
		      "provenance.disks[0].read_ahead_kib: over 9223372036854775807");
	check_refused(one, "\"used_bytes\": 120034123776", "\"used_bytes\": \"120034123776\"",
		      "provenance.filesystem.used_bytes: not a number");
	check_refused(one, "{", "42 ", "line 2, column 3: unexpected '\"', expected the end after the value");
	check_refused("{}", "{}", "42", "not a clyde run object or an array of them");
	check_refused("{}", "{}", "\"run\"", "not a clyde run object or an array of them");
	check_refused("{}", "{}", "{}", "clyde_version: missing");
	check_refused(two, "[{", "[42, {", "[0]: not an object");
	check_refused(one, "\"seed\"", "\"seed\" \"", "line 3, column 41: unexpected '\"', expected ':'");
	free(one);
	free(two);
}

/* JSON written before clyde kept provenance reads, as unknown. */
static void test_without_provenance(void)
{
	struct run_results r, *back = NULL;
	struct parse_error err = { "" };
	size_t n = 0;
	char *text, *old, *older;

	sample_run(&r, 0);
	text = render(&r, 1, false);
	old = replaced(text, "  \"started\": \"2024-05-01T12:34:56Z\", \"command_line\": "
			     "\"/usr/sbin/clyde -d /mnt -s 1g -u root\",\n", "");
	r.started[0] = r.command_line[0] = '\0';
	r.prov_known = false;
	provenance_clear(&r.prov);
	free(text);
	text = render(&r, 1, false);
	older = replaced(text, "  \"provenance\": null,\n", "");
	free(text);
	text = older;
	older = text ? replaced(text, "  \"started\": null, \"command_line\": null,\n", "")
		     : NULL;
	CHECK("no provenance: the keys are gone",
	      old && older && !strstr(older, "\"started\"") &&
		      !strstr(older, "\"provenance\""));
	CHECK("no provenance: reads",
	      older && json_results_read(older, strlen(older), &back, &n, &err) == 0 &&
		      n == 1);
	if (back)
		check_same("no provenance", &r, back);
	free(back);
	back = NULL;
	CHECK("started and command line gone, provenance kept: reads",
	      old && json_results_read(old, strlen(old), &back, &n, &err) == 0 &&
		      n == 1 && back[0].prov_known && !back[0].started[0] &&
		      !back[0].command_line[0] &&
		      strcmp(back[0].prov.disks[0].model, "Samsung SSD 860 EVO 500GB") == 0);
	if (err.msg[0])
		printf("# %s\n", err.msg);
	free(back);
	free(text);
	free(old);
	free(older);
}

/*
 * JSON written before --pieces has no "pieces": clyde then split every file
 * past 1 GiB in 1 GiB pieces, so such a run reads as in pieces, and one of
 * 1 GiB or less, or read from a CSV line, as one file.
 */
static void test_without_pieces(void)
{
	static const struct { uint64_t mib; const char *format; bool pieces; const char *name; } c[] = {
		{ 2048, "", true, "no pieces key: a 2 GiB clyde run was in pieces" },
		{ 1024, "", false, "no pieces key: a 1 GiB clyde run was one file" },
		{ 2048, "1.98", false, "no pieces key: a run from CSV is not said to be" },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct run_results r, *back = NULL;
		struct parse_error err = { "" };
		size_t n = 0;

		sample_run(&r, 0);
		r.io.size_mib = c[i].mib;
		snprintf(r.format_id, sizeof(r.format_id), "%s", c[i].format);
		char *text = render(&r, 1, false);
		char *old = text ? replaced(text, c[i].format[0] ? "\"pieces\": null, "
							    : "\"pieces\": false, ", "")
				 : NULL;
		CHECK(c[i].name, old && !strstr(old, "\"pieces\"") &&
				 json_results_read(old, strlen(old), &back, &n, &err) == 0 &&
				 n == 1 && back[0].mode.pieces == c[i].pieces);
		free(back);
		free(old);
		free(text);
	}
}

/* Unknown keys are for later versions: ignored. Long texts are cut whole. */
static void test_lenient(void)
{
	struct run_results r, *back = NULL;
	struct parse_error err = { "" };
	size_t n = 0;
	char *text, *more;

	sample_run(&r, 0);
	memset(r.machine, 'm', sizeof(r.machine) - 1);
	r.machine[sizeof(r.machine) - 1] = '\0';
	r.machine[sizeof(r.machine) - 2] = '\xff'; /* prints as \ufffd: 3 bytes */
	text = render(&r, 1, false);
	more = replaced(text, "\"environment\": {", "\"later\": {\"stack\": [1, {\"x\": null}]},\n  \"environment\": {\"disk_model\": \"X\", ");
	CHECK("unknown keys ignored",
	      more && json_results_read(more, strlen(more), &back, &n, &err) == 0 && n == 1);
	if (back) {
		size_t len = strlen(back[0].machine);

		CHECK("long machine name cut at a character",
		      len == sizeof(r.machine) - 2 &&
			      back[0].machine[len - 1] == 'm');
	}
	free(back);
	free(more);
	free(text);
}

/* A --vary run's tag reads back whole; a run without one reads as none. */
static void test_vary(void)
{
	struct run_results runs[2], *back = NULL;
	struct parse_error err = { "" };
	size_t n = 0;
	char *text;

	sample_run(&runs[0], 0);
	sample_run(&runs[1], 1);
	runs[0].vary = (struct vary_tag){ .known = true, .setup = 2, .setups = 4,
					  .round = 3, .position = 1, .n = 2,
					  .trimmed = true, .trim_bytes = 123456,
					  .trim_ns = 250000000 };
	snprintf(runs[0].vary.setting[0].key, 16, "scheduler");
	snprintf(runs[0].vary.setting[0].value, MACHINE_MAX, "none");
	snprintf(runs[0].vary.setting[1].key, 16, "trim");
	snprintf(runs[0].vary.setting[1].value, MACHINE_MAX, "before");
	text = render(runs, 2, true);
	CHECK("vary: a run without --vary says null", strstr(text, "\"vary\": null") != NULL);
	CHECK("vary: reads back",
	      json_results_read(text, strlen(text), &back, &n, &err) == 0 && n == 2);
	if (back && n == 2) {
		const struct vary_tag *v = &back[0].vary;

		CHECK("vary: setup, round and position",
		      v->known && v->setup == 2 && v->setups == 4 && v->round == 3 &&
			      v->position == 1);
		CHECK("vary: the settings, in order",
		      v->n == 2 && strcmp(v->setting[0].key, "scheduler") == 0 &&
			      strcmp(v->setting[0].value, "none") == 0 &&
			      strcmp(v->setting[1].key, "trim") == 0 &&
			      strcmp(v->setting[1].value, "before") == 0);
		CHECK("vary: the FITRIM's time and bytes",
		      v->trimmed && v->trim_ns == 250000000 && v->trim_bytes == 123456);
		CHECK("vary: null reads as no tag", !back[1].vary.known);
	}
	free(back);
	free(text);
}

int main(void)
{
	test_round_trip();
	test_vary();
	test_golden();
	test_probe_refused();
	test_without_pieces();
	test_errors();
	test_without_provenance();
	test_lenient();
	return check_done();
}
