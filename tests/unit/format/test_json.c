/* SPDX-License-Identifier: MIT */
/*
 * test_json.c - golden and unit tests of clyde's extra outputs: the JSON
 * document (checked by python3's strict parser when it is installed), the
 * random-I/O table and the truth warning. CLYDE_GOLDEN_UPDATE=1 rewrites
 * tests/golden/json and tests/golden/random.
 */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "golden.h"
#include "read/csv.h"
#include "format/fmt.h"
#include "format/format.h"
#include "sample_prov.h"
#include "core/verdict.h"
#include "lib/steady.h"

#define FIXTURES "tests/golden/fixtures"
#define GOLDEN "tests/golden"

/* A machine name with everything JSON must escape, UTF-8, and a stray byte. */
#define NASTY_MACHINE "box \"q\" back\\slash\ttab\001ctl\nnl \xc3\xa9 \xe6\x97\xa5 \xff!"
#define NASTY_ESCAPED "\"box \\\"q\\\" back\\\\slash\\ttab\\u0001ctl\\nnl \\u00e9 \\u65e5 \\ufffd!\""

/*
 * python3's strict view of a JSON file: no NaN/Infinity constants, UTF-8,
 * twelve phases with the same keys each. Prints each run's machine name as
 * ASCII-escaped JSON, one per line.
 */
static const char validator[] =
	"import json,sys\n"
	"def bad(c): sys.exit('constant ' + c)\n"
	"d = json.load(open(sys.argv[1], encoding='utf-8'), parse_constant=bad)\n"
	"runs = d if isinstance(d, list) else [d]\n"
	"keys = None\n"
	"for r in runs:\n"
	"    assert len(r['phases']) == 12, 'phases'\n"
	"    for p in r['phases']:\n"
	"        keys = keys or set(p)\n"
	"        assert set(p) == keys, p['name']\n"
	"    print(json.dumps(r['machine']))\n";

enum output { OUT_JSON, OUT_JSON_ARRAY, OUT_RANDOM, OUT_TRUTH };

static char *render(enum output what, const struct run_results *runs, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (what == OUT_JSON || what == OUT_JSON_ARRAY)
		format_render(mem, format_default(FORMAT_JSON), runs, n,
			      &(struct render_opts){
				      .json_array = what == OUT_JSON_ARRAY });
	else if (what == OUT_RANDOM)
		fmt_random_table(mem, runs);
	else {
		static struct run_results done; /* verdicts computed, as a producer does */

		done = runs[0];
		verdict_compute(&done);
		fmt_truth_warning(mem, &done);
	}
	fclose(mem);
	return text;
}

static bool have_python3(void)
{
	return system("command -v python3 >/dev/null 2>&1") == 0;
}

/*
 * Write JSON to a temporary file and run the validator on it; check that it
 * passes and, when MACHINES is not NULL, that it printed exactly that.
 */
/* Whether TEXT holds a nan or inf as printf writes them, outside words. */
static bool printf_nan_or_inf(const char *text)
{
	for (const char *p = text; *p; p++)
		if ((strncmp(p, "nan", 3) == 0 || strncmp(p, "inf", 3) == 0) &&
		    (p == text || p[-1] == ' ' || p[-1] == '-') &&
		    !(p[3] >= 'a' && p[3] <= 'z'))
			return true;
	return false;
}

static void check_valid_json(const char *name, const char *json,
			     const char *machines)
{
	char path[] = "/tmp/clyde-json-XXXXXX", script[] = "/tmp/clyde-jsonpy-XXXXXX";
	char cmd[256], label[160];
	char *printed = NULL;
	size_t len = 0;
	int fd, fd_py, c, status = -1;
	FILE *p, *mem;

	if (!have_python3()) {
		check_skip(name, "no python3");
		if (machines) {
			snprintf(label, sizeof(label), "%s: machine names", name);
			check_skip(label, "no python3");
		}
		return;
	}
	fd = mkstemp(path);
	fd_py = mkstemp(script);
	if (fd < 0 || fd_py < 0 ||
	    write(fd, json, strlen(json)) != (ssize_t)strlen(json) ||
	    write(fd_py, validator, sizeof(validator) - 1) !=
		    (ssize_t)(sizeof(validator) - 1)) {
		CHECK(name, !"cannot write temporary files");
		goto done;
	}
	snprintf(cmd, sizeof(cmd), "python3 %s %s", script, path);
	mem = open_memstream(&printed, &len);
	p = popen(cmd, "r");
	while (p && (c = fgetc(p)) != EOF)
		fputc(c, mem);
	if (p)
		status = pclose(p);
	fclose(mem);
	CHECK(name, status == 0);
	if (machines) {
		snprintf(label, sizeof(label), "%s: machine names", name);
		CHECK_STR(label, printed, machines);
	}
done:
	free(printed);
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	if (fd_py >= 0) {
		close(fd_py);
		unlink(script);
	}
}

static struct latency_summary lat(uint64_t count, uint64_t min_ns,
				  uint64_t mean_ns, uint64_t p50_ns,
				  uint64_t p99_ns, uint64_t p999_ns,
				  uint64_t max_ns)
{
	return (struct latency_summary){ count, min_ns, max_ns, mean_ns,
					 p50_ns, p99_ns, p999_ns };
}

static void set_phase(struct run_results *r, enum phase_id id,
		      enum figure_state state, double rate, double cpu,
		      uint64_t elapsed_ns, uint64_t bytes, uint64_t read_bytes,
		      uint64_t ops)
{
	struct phase_result *p = &r->phase[id];

	p->state = state;
	p->rate = rate;
	p->cpu_pct = cpu;
	p->elapsed_ns = elapsed_ns;
	p->cpu_ns = elapsed_ns / 2;
	p->bytes = bytes;
	p->read_bytes = read_bytes;
	p->ops = ops;
	p->lat = lat(ops, 1200, 3400, 3100, 10500, 120700, 151000 + ops);
	p->dev = (struct device_io){ true, read_bytes, bytes - read_bytes };
}

static void set_random(struct random_result *t, bool writes, uint32_t depth,
		       uint64_t ops, uint64_t elapsed_ns, struct latency_summary l)
{
	t->writes = writes;
	t->depth = depth;
	t->threads = depth > 8 ? 4 : 1;
	t->engine = ENGINE_IO_URING;
	t->ops = ops;
	t->elapsed_ns = elapsed_ns;
	t->cpu_ns = elapsed_ns / 10;
	t->iops = elapsed_ns ? (double)ops * 1e9 / (double)elapsed_ns : 0;
	t->mib_per_s = t->iops * RANDOM_BLOCK_BYTES / (double)MIB;
	t->cpu_pct = 10.0;
	t->lat = l;
	t->dev = (struct device_io){ true, writes ? 0 : ops * RANDOM_BLOCK_BYTES,
				     writes ? ops * RANDOM_BLOCK_BYTES : 0 };
}

/*
 * N points of INTERVAL_MS each: the first K at RATE bytes/s, the rest at
 * LATER, OPS_EACH bytes an operation (0: RATE and LATER are operations/s),
 * p99 growing from 100 us; idle points 0 with a null p99.
 */
static void set_series(struct phase_series *s, uint32_t n, uint32_t interval_ms,
		       uint32_t k, float rate, float later, float ops_each)
{
	s->n = n;
	s->interval_ns = (uint64_t)interval_ms * 1000000;
	s->span_ns = n * s->interval_ns - s->interval_ns / 4;
	for (uint32_t i = 0; i < n; i++) {
		float v = (i < k ? rate : later) * (1.0f + (float)(i % 3) / 50.0f);

		s->point[i] = (struct series_point){
			.bytes_s = ops_each ? v : 0, .ops_s = ops_each ? v / ops_each : v,
			.p99_us = v > 0 ? 100.0f + (float)i * 12.5f : -1 };
	}
}

/*
 * A live run: 1 GiB, -n 16, every phase measured (per-char input and
 * sequential stat too fast, random stat and delete not run, a NaN rate and
 * an infinite CPU figure), four random-I/O tests, a device.
 */
static struct run_results full_run(void)
{
	const uint64_t size = GIB, ms = 1000000;
	struct run_results r;

	memset(&r, 0, sizeof(r));
	strcpy(r.program, "clyde");
	strcpy(r.version, GOLDEN_RUN_VERSION);
	strcpy(r.machine, NASTY_MACHINE);
	strcpy(r.seed, "1796214881");
	strcpy(r.dir, "/mnt/test dir");
	r.concurrency = 1;
	r.io = (struct io_params){ 1024, 8192, 8192, 5 };
	r.files = (struct file_params){ 16, 0, 0, 1, 8192 };
	r.perchar_mib = 1024;
	r.mode = (struct io_mode){ true, false, false, false, CHAR_IO_STDIO, 4096 };
	r.verify = true;
	r.random_time_s = 5;
	set_phase(&r, PHASE_PUTC, FIGURE_VALUE, 2920.4, 99.2, 359 * 1000 * ms, size, 0, 131072);
	set_phase(&r, PHASE_WRITE, FIGURE_VALUE, 345395.1, 89.0, 3036 * ms, size, 0, 131072);
	set_phase(&r, PHASE_REWRITE, FIGURE_VALUE, 1593207.25, 47.5, 1316 * ms, 2 * size, size, 262144);
	set_phase(&r, PHASE_GETC, FIGURE_TOO_FAST, 4666.0, 99.9, 400 * ms, size, size, 131072);
	set_phase(&r, PHASE_READ, FIGURE_VALUE, 2000000.0, 12.0, 524 * ms, size, size, 131072);
	set_phase(&r, PHASE_SEEKS, FIGURE_VALUE, 206.5, 0.0, 39670 * ms, 9011 * 8192, 8192 * 8192, 8192);
	set_phase(&r, PHASE_SEQ_CREATE, FIGURE_VALUE, 4529.0, 99.0, 3618 * ms, 0, 0, 16384);
	set_phase(&r, PHASE_SEQ_STAT, FIGURE_TOO_FAST, 250000.0, 100.0, 65 * ms, 0, 0, 16384);
	set_phase(&r, PHASE_SEQ_DELETE, FIGURE_VALUE, NAN, INFINITY, 700 * ms, 0, 0, 16384);
	set_phase(&r, PHASE_RAN_CREATE, FIGURE_VALUE, 6748.0, -INFINITY, 2428 * ms, 0, 0, 16384);
	r.phase[PHASE_SEQ_CREATE].dev.known = false;
	r.n_random = 4;
	set_random(&r.random[0], false, 1, 25615, 5 * 1000 * ms,
		   lat(25615, 85000, 195000, 180000, 450000, 1200000, 3510000));
	set_random(&r.random[1], false, 32, 206150, 5 * 1000 * ms,
		   lat(206150, 90000, 776000, 702000, 2100000, 4050000, 9870000));
	set_random(&r.random[2], true, 1, 15100, 5 * 1000 * ms,
		   lat(15100, 950, 331000, 95300, 999499, 999500, 2310000000));
	set_random(&r.random[3], true, 32, 140000, 5 * 1000 * ms,
		   lat(140000, 850, 9995, 99949, 99950, 1000000, 123456789012));
	/* Block output falls to a fifth after 0.5 GiB; seeks stall for 2.5 s;
	 * random writes Q32 end with 1.2 s of fsync. */
	set_series(&r.phase[PHASE_WRITE].series, 24, 125, 4, 1.2e9f, 1.9e8f, 8192);
	set_series(&r.phase[PHASE_SEEKS].series, 40, 1000, 40, 206.5f * 8192, 0, 8192);
	r.phase[PHASE_SEEKS].series.point[12] = r.phase[PHASE_SEEKS].series.point[13] =
		(struct series_point){ 0, 0, -1 };
	r.phase[PHASE_SEEKS].series.n_gaps = 1;
	r.phase[PHASE_SEEKS].series.gap[0] = (struct series_gap){ 11.75f, 2.5f };
	set_series(&r.random[3].series, 20, 250, 15, 28000, 0, 0);
	r.random[3].series.tail_s = 1.25f;
	/* --steady on the writes at depth 1: settled at round 7. */
	static const double rounds[] = { 3020, 2500, 2100, 2050, 2080, 2060, 2070 };
	r.random[2].steady.end = STEADY_UNSETTLED;
	for (size_t i = 0; i < 7 && !steady_record_add(&r.random[2].steady, rounds[i],
						      r.random[2].iops, 25); i++)
		;
	steady_record_rule(&r.random[2].steady, r.random[2].iops);
	r.random[2].steady.round_s = 5;
	r.random[2].steady.written_bytes = 7 * 5 * 2200 * 4096ull;
	r.removal = (struct removal_figure){ true, size, 2300000000, 0 };
	r.trim = (struct trim_figure){ true, 7 * size, 450000000 };
	strcpy(r.env.kernel, "Linux 6.1.0-13-amd64");
	strcpy(r.env.fs_type, "ext4");
	strcpy(r.env.device, "nvme0n1");
	strcpy(r.env.scheduler, "none");
	r.env.rotational = 0;
	r.env.ram_mib = 24104;
	r.env.cpus = 2;
	r.env.buffers = (struct buffer_layout){ 8u << 20, BUFFER_PAGES_THP, 0.5 };
	sample_prov(&r, 0);
	return r;
}

/* The random-I/O table's edge cases: huge IOPS, unmeasured rows, writes listed first. */
static struct run_results edge_run(void)
{
	struct run_results r = full_run();

	r.n_random = 5;
	set_random(&r.random[0], true, 4294967295u, 50000000, 5000000000,
		   lat(5, 1, 4, 5, 994, 995, 999));
	set_random(&r.random[1], false, 1, 0, 5000000000, lat(0, 0, 0, 0, 0, 0, 0));
	set_random(&r.random[2], false, 8, 100, 0, lat(100, 1, 2, 3, 4, 5, 6));
	set_random(&r.random[3], false, 16, 1000, 1000000000, lat(0, 0, 0, 0, 0, 0, 0));
	set_random(&r.random[4], false, 64, 1000, 1000000000,
		   lat(1000, 1000, 2000, 3000, 4000, 5000, UINT64_MAX));
	r.random[4].iops = NAN;
	r.random[4].mib_per_s = -1;
	r.random[2].threads = 0; /* JSON from before the engines: depth N */
	r.random[2].engine = ENGINE_AUTO;
	return r;
}

static void test_random_table(void)
{
	struct run_results r = full_run();
	char *got = render(OUT_RANDOM, &r, 1);

	golden_check("random table full", GOLDEN "/random/full.txt", got);
	free(got);
	r = edge_run();
	got = render(OUT_RANDOM, &r, 1);
	golden_check("random table edge cases", GOLDEN "/random/edge.txt", got);
	CHECK("random table: 10-digit IOPS keep the columns",
	      strstr(got, "\nwrite, Q4294967295T4       10000000   39062.5 "));
	CHECK("random table: no ops prints dashes",
	      strstr(got, "\nread, Q1T1                        -         -         -         -         -         -         -\n"));
	CHECK("random table: unknown threads keep the old words",
	      strstr(got, "\nread, depth 8 "));
	free(got);
	r.n_random = 0;
	got = render(OUT_RANDOM, &r, 1);
	CHECK_STR("random table: nothing without tests", got, "");
	free(got);
}

/* READ phase figures for the truth check: LOGICAL bytes read, DISK from the device. */
static void reads(struct run_results *r, enum phase_id id, uint64_t logical,
		  uint64_t disk, bool known)
{
	r->phase[id].state = FIGURE_VALUE;
	r->phase[id].read_bytes = logical;
	r->phase[id].dev = (struct device_io){ known, disk, 0 };
}

static void check_truth(const char *name, const struct run_results *r,
			const char *want)
{
	char *got = render(OUT_TRUTH, r, 1);

	CHECK_STR(name, got, want);
	free(got);
}

static void test_truth_warning(void)
{
	const char *tail = " came from the disk, the page cache served the rest;"
			   " use -D or a larger -s\n";
	struct run_results r = full_run();
	char want[512];

	check_truth("truth: all from disk", &r, "");
	reads(&r, PHASE_READ, 1000, 30, true);
	snprintf(want, sizeof(want), "clyde: block input: 3%%%s", tail);
	check_truth("truth: one phase", &r, want);

	reads(&r, PHASE_REWRITE, GIB, 0, true);
	reads(&r, PHASE_SEEKS, 3, 1, true);                  /* 2 * 1 < 3: 33% */
	reads(&r, PHASE_GETC, 1000, 500, true);              /* exactly half: fine */
	r.random[1].dev.read_bytes = r.random[1].ops * 4096 / 50; /* depth 32: 2% */
	r.random[2].dev.read_bytes = 0;                      /* writes: ignored */
	snprintf(want, sizeof(want),
		 "clyde: 0%% of rewrite, 3%% of block input, 33%% of seeks and"
		 " 2%% of random reads Q32T4%s", tail);
	check_truth("truth: several phases", &r, want);

	r.env.device[0] = '\0';
	check_truth("truth: no device, nothing", &r, "");

	r = full_run();
	reads(&r, PHASE_READ, 1000, 0, false);
	r.random[0].dev = (struct device_io){ false, 0, 0 };
	check_truth("truth: unknown device counts ignored", &r, "");

	r = full_run();
	reads(&r, PHASE_READ, 1000, 2500, true);             /* readahead: 250% */
	reads(&r, PHASE_SEEKS, UINT64_MAX, UINT64_MAX / 2 - 1, true);
	snprintf(want, sizeof(want), "clyde: seeks: 49%%%s", tail);
	check_truth("truth: over 100% ignored, huge counts do not overflow", &r, want);

	r = full_run();
	reads(&r, PHASE_WRITE, 1000, 0, true);               /* not a read phase */
	r.phase[PHASE_WRITE].read_bytes = 1000;
	reads(&r, PHASE_GETC, 1000, 0, true);
	r.phase[PHASE_GETC].state = FIGURE_NONE;             /* not run */
	reads(&r, PHASE_REWRITE, 0, 0, true);                /* nothing read */
	r.random[1].ops = 0;
	check_truth("truth: writes, skipped and empty phases ignored", &r, "");
}

static void test_json_full(void)
{
	struct run_results runs[2] = { full_run(), full_run() };
	char *got;

	verdict_compute(&runs[0]); /* as the producer of a run does */
	got = render(OUT_JSON, runs, 1);

	golden_check("json full run", GOLDEN "/json/full.json", got);
	check_valid_json("json full run is valid", got, NASTY_ESCAPED "\n");
	CHECK("json: NaN rate is null",
	      strstr(got, "\"key\": \"seq_del\"") &&
		      strstr(strstr(got, "\"key\": \"seq_del\""),
			     "\"rate\": null, \"cpu_percent\": null"));
	CHECK("json: too_fast carries the measured rate",
	      strstr(got, "\"state\": \"too_fast\", \"unit\": \"files/s\",\n"
			  "     \"rate\": 250000, \"cpu_percent\": 100,"));
	CHECK("json: no nan or inf anywhere", !printf_nan_or_inf(got));
	CHECK("json: ends with a newline", got[strlen(got) - 1] == '\n');
	free(got);

	/* The second run: no device, an unknown rotational, no random tests. */
	strcpy(runs[1].machine, "plain");
	runs[1].env.device[0] = '\0';
	runs[1].env.scheduler[0] = '\0';
	runs[1].env.rotational = -1;
	runs[1].n_random = 0;
	sample_prov(&runs[1], 1);
	verdict_compute(&runs[1]);
	got = render(OUT_JSON_ARRAY, runs, 2);
	golden_check("json array of two runs", GOLDEN "/json/array.json", got);
	check_valid_json("json array is valid", got,
			 NASTY_ESCAPED "\n\"plain\"\n");
	CHECK("json: device null without one",
	      strstr(got, "\"device\": null, \"scheduler\": null,\n"
			  "                  \"rotational\": null"));
	CHECK("json: empty random_io, no ranks",
	      strstr(got, "\"random_io\": [],\n"
			  "  \"hosts\": null, \"ranks\": null\n}]\n"));
	free(got);

	got = render(OUT_JSON_ARRAY, runs, 0);
	CHECK_STR("json: empty array", got, "[]\n");
	check_valid_json("json empty array is valid", got, "");
	free(got);
}

/* A blank hand-made run: nothing ran, nothing is known. */
static void test_json_blank(void)
{
	struct run_results r;
	char *got;

	memset(&r, 0, sizeof(r));
	got = render(OUT_JSON, &r, 1);
	golden_check("json blank run", GOLDEN "/json/blank.json", got);
	check_valid_json("json blank run is valid", got, "\"\"\n");
	free(got);
}

/* Every 1.98 line of the bonnie++ fixtures, as read by the CSV reader. */
static void test_json_from_csv(void)
{
	DIR *dir = opendir(FIXTURES);
	struct dirent *e;
	struct run_results runs[64];
	size_t n = 0;
	char *got;

	while (dir && (e = readdir(dir)) != NULL) {
		char path[512], *text, *line, *save = NULL;

		if (!strstr(e->d_name, ".stdout"))
			continue;
		snprintf(path, sizeof(path), FIXTURES "/%s", e->d_name);
		text = golden_read(path);
		for (line = text ? strtok_r(text, "\n", &save) : NULL;
		     line && n < 64; line = strtok_r(NULL, "\n", &save)) {
			struct parse_error err = { "" };

			if (strncmp(line, "1.98,", 5) == 0 &&
			    csv_parse_line(line, &runs[n], &err) == 1)
				n++;
		}
		free(text);
	}
	if (dir)
		closedir(dir);
	CHECK("json: fixture CSV lines found", n >= 10);
	got = render(OUT_JSON_ARRAY, runs, n);
	check_valid_json("json of every fixture CSV line is valid", got, NULL);
	free(got);

	{
		struct parse_error err = { "" };
		const char *line =
			"1.98,2.00a,fixturebox,1,1796214881,1G,,8192,5,2920,99,345395,89,1593207,47,4666,99,+++++,+++,+++++,+++,4,,,,,4529,99,+++++,+++,+++++,+++,6748,99,+++++,+++,+++++,+++,4214us,29666us,92us,2698us,87us,6016us,641us,217us,238us,2381us,57us,60us";

		CHECK("json: full-1g-n4 line parses",
		      csv_parse_line(line, &runs[0], &err) == 1);
		got = render(OUT_JSON, runs, 1);
		golden_check("json from a 1.98 CSV line",
			     GOLDEN "/json/csv-full-1g-n4.json", got);
		check_valid_json("json from a 1.98 CSV line is valid", got,
				 "\"fixturebox\"\n");
		CHECK("json: CSV too_fast has no rate",
		      strstr(got, "\"key\": \"get_block\", \"state\": \"too_fast\", \"unit\": \"KiB/s\",\n"
				  "     \"rate\": null, \"cpu_percent\": null, \"elapsed_s\": null"));
		CHECK("json: CSV latency carries max only",
		      strstr(got, "\"latency_us\": {\"count\": null, \"min\": null, \"mean\": null,"
				  " \"p50\": null, \"p99\": null, \"p999\": null, \"max\": 29666}"));
		free(got);
	}
}

int main(void)
{
	test_random_table();
	test_truth_warning();
	test_json_full();
	test_json_blank();
	test_json_from_csv();
	return check_done();
}
