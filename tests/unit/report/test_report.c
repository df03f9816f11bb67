/* SPDX-License-Identifier: MIT */
/*
 * test_report.c - `clyde report`'s formats against the golden files in
 * tests/golden/report (from the 2.00a fixtures' CSV lines, hand-made runs,
 * a --summary set, and runs with series and limits for the pages that draw
 * and say them), the summary statistics, escaping, and well-formed
 * HTML/SVG. CLYDE_GOLDEN_UPDATE=1 rewrites the golden files.
 */
#include <dirent.h>
#include <stdlib.h>

#include "check.h"
#include "feel_runs.h"
#include "golden.h"
#include "markup.h"
#include "read/csv.h"
#include "format/fmt.h"
#include "format/fmt_present.h"
#include "format/format.h"
#include "report/report.h"
#include "report_text.h"
#include "report/run_store.h"
#include "report/summary.h"
#include "core/verdict.h"
#include "platform/provenance_read.h"

#define FIXTURES "tests/golden/fixtures"
#define GOLDEN "tests/golden/report"
#define MAX_RUNS 64

/* The golden file extension of report format NAME: "text-1.03" -> "text103". */
static const char *ext_of(const char *name, char *buf, size_t len)
{
	size_t used = 0;

	if (strcmp(name, "markdown") == 0)
		name = "md";
	for (; *name && used + 1 < len; name++)
		if (*name != '-' && *name != '.')
			buf[used++] = *name;
	buf[used] = '\0';
	return buf;
}

/* RUNS as `clyde report --format NAME [--summary]` prints them. */
static char *render_report(const char *name, const struct run_results *runs,
			   size_t n, bool summary)
{
	struct report_options o = { .format = format_by_report_name(name),
				    .summary = summary };

	return report_text("report_render", &o, runs, n);
}

static char *render(const char *name, const struct run_results *runs, size_t n)
{
	return render_report(name, runs, n, false);
}
/* Every format of RUNS against tests/golden/report/SET.EXT. */
static void check_set(const char *set, const struct run_results *runs, size_t n,
		      bool summary)
{
	for (size_t f = 0; f < format_count; f++) {
		const char *name = format_table[f].report_name;
		char label[128], path[256], ext[32];
		char *got = render_report(name, runs, n, summary);

		snprintf(label, sizeof(label), "report %s %s", set, name);
		snprintf(path, sizeof(path), GOLDEN "/%s.%s", set,
			 ext_of(name, ext, sizeof(ext)));
		golden_check(label, path, got);
		check_markup(label, name, got);
		free(got);
	}
}

/* The formats that say more than bonnie++'s of RUNS against SET.EXT. */
static void check_pages(const char *set, const struct run_results *runs, size_t n)
{
	static const char *const names[] = { "text-1.03", "markdown", "html", "svg", "json" };

	for (size_t f = 0; f < sizeof(names) / sizeof(names[0]); f++) {
		char label[128], path[256], ext[32];
		char *got = render_report(names[f], runs, n, false);

		snprintf(label, sizeof(label), "report %s %s", set, names[f]);
		snprintf(path, sizeof(path), GOLDEN "/%s.%s", set,
			 ext_of(names[f], ext, sizeof(ext)));
		golden_check(label, path, got);
		check_markup(label, names[f], got);
		free(got);
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every CSV line of every fixture, in file-name order: real 2.00a runs. */
static size_t fixture_runs(struct run_results *runs)
{
	DIR *dir = opendir(FIXTURES);
	char *names[64];
	size_t n_names = 0, n = 0;
	struct dirent *e;

	while (dir && (e = readdir(dir)) != NULL && n_names < 64) {
		size_t len = strlen(e->d_name);

		if (len > 7 && strcmp(e->d_name + len - 7, ".stdout") == 0)
			names[n_names++] = strdup(e->d_name);
	}
	if (dir)
		closedir(dir);
	qsort(names, n_names, sizeof(names[0]), by_name);
	for (size_t i = 0; i < n_names; i++) {
		char path[512], *text, *save = NULL;

		snprintf(path, sizeof(path), FIXTURES "/%s", names[i]);
		text = golden_read(path);
		for (char *line = text ? strtok_r(text, "\n", &save) : NULL;
		     line && n < MAX_RUNS; line = strtok_r(NULL, "\n", &save)) {
			struct parse_error err;

			if (strncmp(line, "1.98,", 5) == 0)
				CHECK("fixture line parses",
				      csv_parse_line(line, &runs[n++], &err) == 1);
		}
		free(text);
		free(names[i]);
	}
	return n;
}

static struct run_results blank(const char *machine, uint64_t size_mib,
				uint64_t files_k)
{
	struct run_results r = golden_blank_run(machine, size_mib, files_k);

	strcpy(r.format_id, "1.96");
	strcpy(r.seed, "7");
	return r;
}

static void set(struct run_results *r, enum phase_id p, enum figure_state s,
		double rate, double cpu, uint64_t lat_us)
{
	golden_set(r, p, s, rate, cpu, lat_us * 1000);
}

/* Runs that exercise every cell: names to escape, every state, every unit. */
static size_t hand_runs(struct run_results *runs)
{
	runs[0] = blank("Laptop AHCI DL X25-M v1.4 TRIMed <script>alert(\"x\")</script> & 'co'", 2048, 16);
	set(&runs[0], PHASE_PUTC, FIGURE_VALUE, 6, 6, 1445000);
	set(&runs[0], PHASE_WRITE, FIGURE_VALUE, 245000, 30, 120000);
	set(&runs[0], PHASE_REWRITE, FIGURE_VALUE, 98000, 12, 1366000);
	set(&runs[0], PHASE_GETC, FIGURE_VALUE, 8100, 97, 56);
	set(&runs[0], PHASE_READ, FIGURE_TOO_FAST, 0, 0, 159);
	set(&runs[0], PHASE_SEEKS, FIGURE_VALUE, 236.84, 6, 123456789);
	runs[0].files.max_bytes = 1000;
	runs[0].files.min_bytes = 100;
	runs[0].files.dirs = 2;
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		set(&runs[0], p, p % 2 ? FIGURE_TOO_FAST : FIGURE_VALUE, 11029, 99, 2912);
	runs[1] = blank("srv|rack_2 *x*", 0, 4);
	runs[1].files.max_bytes = FILES_HARD_LINKS;
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		set(&runs[1], p, FIGURE_VALUE, 1221 + 100 * p, 67, 7984);
	runs[2] = blank("nas", 512, 0);
	runs[2].concurrency = 2;
	runs[2].io.chunk_bytes = 4096;
	runs[2].perchar_mib = 0;
	for (int p = PHASE_WRITE; p <= PHASE_SEEKS; p++)
		if (p != PHASE_GETC)
			set(&runs[2], p, FIGURE_VALUE, 92464.0 * p, 50, 4532);
	set(&runs[2], PHASE_SEEKS, FIGURE_VALUE, 13193.4, 104, 7920);
	runs[3] = blank("ünïcode-box", 1024, 0);
	strcpy(runs[3].program, "bonnie++");
	strcpy(runs[3].version, "1.03e");
	for (int p = PHASE_PUTC; p <= PHASE_SEEKS; p++)
		set(&runs[3], p, FIGURE_VALUE, 100000.0 + 20000 * p, 20 + p, 0);
	return 4;
}

/*
 * Test P of R ran at MB_S for SECS seconds (READS: read), the disk moving
 * all of it, and over time: N points of INTERVAL_MS from LEVEL1 bytes/s to
 * LEVEL2 (a step at K, or a line when K is 0).
 */
static void timed(struct run_results *r, enum phase_id p, double mb_s, double secs,
		  bool reads, double cpu, uint32_t n, uint32_t interval_ms, uint32_t k,
		  double level1, double level2)
{
	struct phase_result *ph = &r->phase[p];
	struct phase_series *s = &ph->series;

	set(r, p, FIGURE_VALUE, mb_s * 1e6 / 1024, cpu, 2000);
	ph->elapsed_ns = (uint64_t)(secs * 1e9);
	ph->bytes = (uint64_t)(mb_s * secs * 1e6);
	ph->read_bytes = reads ? ph->bytes : 0;
	ph->dev = (struct device_io){ true, reads ? ph->bytes : 0, reads ? 0 : ph->bytes };
	s->n = n;
	s->interval_ns = (uint64_t)interval_ms * 1000000;
	s->span_ns = ph->elapsed_ns;
	for (uint32_t i = 0; i < n; i++) {
		double v = k ? (i < k ? level1 : i == k ? (level1 + level2) / 2 : level2)
			     : level1 + (level2 - level1) * i / (n - 1);

		v *= 1 + (double)((int)(i * 7 % 5) - 2) / 100;
		s->point[i] = (struct series_point){ (float)v, (float)(v / 8192),
						     (float)(150 + 10 * (i % 4)) };
	}
}

/*
 * Two live runs as their JSON holds them: "ssd" on SATA 6 Gb/s, whose
 * block output falls off its cache and whose block input stalls; "vm" on
 * virtio, its block output ending in 1.5 s of fsync and its block input
 * declining; each with its limits.
 */
static size_t series_runs(struct run_results *runs)
{
	runs[0] = blank("ssd", 4096, 0);
	runs[1] = blank("vm", 4096, 0);
	for (int i = 0; i < 2; i++) {
		struct provenance *p = &runs[i].prov;

		runs[i].perchar_mib = 0;
		runs[i].prov_known = true;
		provenance_clear(p);
		strcpy(p->fs.type, "ext4");
		p->n_layers = p->n_disks = 1;
		p->layers[0] = (struct prov_layer){ .kind = PROV_DISK, .above = -1, .disk = 0 };
		strcpy(p->layers[0].name, i ? "vda" : "sda");
		strcpy(p->disks[0].name, p->layers[0].name);
		strcpy(p->disks[0].link.kind, i ? "virtio" : "sata");
		strcpy(p->disks[0].link.name, i ? "virtio" : "SATA 6.0 Gb/s");
		p->disks[0].link.ceiling_mb_s = i ? 0 : 600;
		runs[i].env.cpus = 2;
		strcpy(runs[i].env.device, p->layers[0].name);
	}
	timed(&runs[0], PHASE_WRITE, 480, 8.0, false, 35, 32, 250, 8, 1.5e9, 3.0e8);
	timed(&runs[0], PHASE_READ, 520, 8.6, true, 20, 35, 250, 35, 5.4e8, 5.4e8);
	runs[0].phase[PHASE_READ].series.n_gaps = 1;
	runs[0].phase[PHASE_READ].series.gap[0] = (struct series_gap){ 4.0f, 1.25f };
	for (uint32_t i = 16; i < 21; i++)
		runs[0].phase[PHASE_READ].series.point[i] = (struct series_point){ 0, 0, -1 };
	timed(&runs[1], PHASE_WRITE, 300, 6.5, false, 40, 26, 250, 26, 4.0e8, 4.0e8);
	for (uint32_t i = 20; i < 26; i++)
		runs[1].phase[PHASE_WRITE].series.point[i] = (struct series_point){ 0, 0, -1 };
	runs[1].phase[PHASE_WRITE].series.tail_s = 1.5f;
	timed(&runs[1], PHASE_READ, 150, 30, true, 15, 30, 1000, 0, 2.0e8, 1.0e8);
	set(&runs[1], PHASE_PUTC, FIGURE_VALUE, 2900, 98.5, 40);
	for (int i = 0; i < 2; i++)
		verdict_compute(&runs[i]); /* as a JSON reader hands them over */
	return 2;
}

/* A --summary input: ssd x5 and hdd x4 interleaved, then nvme once. */
static size_t summary_runs(struct run_results *runs)
{
	static const double ssd[5] = { 410000, 398000, 425000, 401000, 415500 };
	static const double hdd[4] = { 180000, 150000, 170000, 160000 };
	static const char order[] = "sshsshshhn";
	size_t n_ssd = 0, n_hdd = 0;

	for (size_t n = 0; n < sizeof(order) - 1; n++) {
		struct run_results *r = &runs[n];

		if (order[n] == 's') {
			size_t i = n_ssd++;

			*r = blank("ssd", 4096, 0);
			r->perchar_mib = 0;
			set(r, PHASE_WRITE, FIGURE_VALUE, ssd[i], 40 + (double)i, 900 + 10 * i);
			set(r, PHASE_REWRITE, FIGURE_VALUE, ssd[i] / 2, 30 - (double)i, 1500);
			set(r, PHASE_READ, i == 1 || i == 3 ? FIGURE_TOO_FAST : FIGURE_VALUE,
			    ssd[i] * 3, 60, 200 + i);
			set(r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, 4000 - 100 * i);
		} else if (order[n] == 'h') {
			size_t i = n_hdd++;

			*r = blank("hdd", 2048, 1);
			for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
				set(r, p, FIGURE_VALUE, 1000 + 50 * (double)i + p, 9, 3000);
			set(r, PHASE_WRITE, FIGURE_VALUE, hdd[i], 10, 250000 + 10000 * (i % 2));
		} else {
			*r = blank("nvme", 8192, 0);
			set(r, PHASE_WRITE, FIGURE_VALUE, 2100000, 70, 80);
		}
	}
	return sizeof(order) - 1;
}

static const struct run_results *find(const struct run_results *runs, size_t n,
				      const char *machine)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(runs[i].machine, machine) == 0)
			return &runs[i];
	return NULL;
}

/* The summary rows of RUNS[0..n), through the store as report makes them. */
static void summary_of(const struct run_results *runs, size_t n,
		       struct summary *sm, struct run_facts *f)
{
	struct run_store *s = run_store_new();

	for (size_t i = 0; i < n; i++)
		CHECK("store add", run_store_add(s, &runs[i]) == 0);
	memset(f, 0, sizeof(*f));
	CHECK("summary_rows", summary_rows(s, f, sm) == 0);
	run_store_free(s);
}

static bool has_note(const struct run_facts *f, const char *text)
{
	for (size_t i = 0; i < f->n_notes; i++)
		if (strcmp(f->notes[i], text) == 0)
			return true;
	for (size_t i = 0; i < f->n_notes; i++)
		printf("# note: %s\n", f->notes[i]);
	return false;
}

static void test_summary(void)
{
	static struct run_results in[MAX_RUNS];
	struct summary sm;
	struct run_facts f;
	const struct run_results *r;
	size_t n = summary_runs(in);
	double v[4] = { 4, 1, 3, 2 }, odd[3] = { 5, 9, 1 }, s[3];

	summary_stats(v, 4, s);
	CHECK("stats even: min, mean of the middle two, max",
	      s[0] == 1 && s[1] == 2.5 && s[2] == 4);
	summary_stats(odd, 3, s);
	CHECK("stats odd: the middle value", s[0] == 1 && s[1] == 5 && s[2] == 9);
	summary_stats(odd, 1, s);
	CHECK("stats of one value", s[0] == 1 && s[1] == 1 && s[2] == 1);

	summary_of(in, n, &sm, &f);
	CHECK_U64("summary: 3 rows for each of 2 groups", sm.n_rows, 6);
	CHECK_U64("summary: 2 groups", f.summary_groups, 2);
	CHECK_STR("ssd rows first (its first run came first)", sm.rows[0].machine, "ssd (min)");
	CHECK_STR("then hdd", sm.rows[3].machine, "hdd (min)");
	r = find(sm.rows, sm.n_rows, "ssd (median)");
	CHECK("ssd median block write", r && r->phase[PHASE_WRITE].rate == 410000);
	CHECK("ssd median cpu on its own", r && r->phase[PHASE_WRITE].cpu_pct == 42);
	CHECK("ssd median latency", r && r->phase[PHASE_WRITE].lat.max_ns == 920000);
	CHECK("+++++ left out: median of 3 block reads",
	      r && r->phase[PHASE_READ].state == FIGURE_VALUE &&
		      r->phase[PHASE_READ].rate == 1246500);
	CHECK("all +++++ stays +++++", r && r->phase[PHASE_SEEKS].state == FIGURE_TOO_FAST);
	CHECK("latency of +++++ runs still summarised",
	      r && r->phase[PHASE_SEEKS].lat.max_ns == 3800000);
	CHECK("not run stays blank", r && r->phase[PHASE_PUTC].state == FIGURE_NONE);
	r = find(sm.rows, sm.n_rows, "ssd (min)");
	CHECK("ssd min", r && r->phase[PHASE_WRITE].rate == 398000 &&
				 r->phase[PHASE_WRITE].cpu_pct == 40 &&
				 r->phase[PHASE_READ].rate == 1230000 &&
				 r->seed[0] == '\0');
	r = find(sm.rows, sm.n_rows, "hdd (median)");
	CHECK("hdd even count: mean of the middle two",
	      r && r->phase[PHASE_WRITE].rate == 165000);
	CHECK("hdd file tests summarised", r && r->files.count_k == 1 &&
						   r->phase[PHASE_SEQ_CREATE].state == FIGURE_VALUE);
	r = find(sm.rows, sm.n_rows, "hdd (max)");
	CHECK("hdd max", r && r->phase[PHASE_WRITE].rate == 180000 &&
				 r->phase[PHASE_WRITE].lat.max_ns == 260000000);
	CHECK("a note says what each group pooled",
	      has_note(&f, "ssd: min, median and max of 5 runs (clyde " GOLDEN_RUN_VERSION ", 4G, no file tests)"));
	CHECK("note names the +++++ runs left out",
	      has_note(&f, "ssd: block input was too fast to measure (+++++) in 2 of 5 "
			   "runs; its min, median and max use the other 3"));
	for (size_t i = 0; i < f.n_notes; i++)
		CHECK("no note for a test +++++ in every run", !strstr(f.notes[i], "seeks was too fast"));
	summary_free(&sm);
	report_facts_free(&f);
	check_set("summary", in, n, true);
}

/* bonnie++ 1.96's own rows, from the public ako line. */
static void test_text_196(void)
{
	struct run_results r;
	struct parse_error err;
	char *t;

	CHECK("ako line parses",
	      csv_parse_line("1.96,1.96,ako,1,1307255609,4018M,,,,56561,10,32386,12,,,88826,16,110.1,3,,,,,,,,,,,,,,,,,,,5549ms,228ms,,43102us,430ms,,,,,,",
			     &r, &err) == 1);
	t = render("text-1.96", &r, 1);
	CHECK("text-1.96 reproduces 1.96's row",
	      strstr(t, "\nako           4018M           56561  10 32386  12           88826  16 110.1   3\n"));
	CHECK("text-1.96 reproduces 1.96's latency row",
	      strstr(t, "\nLatency                        5549ms     228ms             43102us     430ms\n"));
	CHECK("text-1.96 header", strncmp(t, "Version  1.96       ------Sequential Output", 43) == 0);
	free(t);
}

/* One line through report --format NAME; the text (free it). */
static char *convert(const char *line, const char *name)
{
	struct run_results r;
	struct parse_error err;

	if (csv_parse_line(line, &r, &err) != 1) {
		printf("# %s: %s\n", line, err.msg);
		return strdup("");
	}
	return render(name, &r, 1);
}

/* Issue 13: what a layout does not record stays empty, and the size keeps its text. */
static void test_unrecorded(void)
{
	static const char l103[] = "box,8192M,25694,86,34366,20,12165,5,14105,61,26306,4,84.4,0,16,1083,82,+++++,+++,28930,83,1258,91,+++++,+++,3121,78";
	static const char l196[] = "1.96,1.96,ism,1,1307255609,2G,,,,75460,10,81179,11,,,3460452,94,236.8,6,,,,,,,,,,,,,,,,,,,1366ms,1345ms,,56us,569ms,,,,,,";
	static const char l198[] = "1.98,2.00a,h,1,7,64M,,100,3,,,1000,1,2000,2,,,3000,3,100.0,1,,,,,,,,,,,,,,,,,,,1us,2us,,3us,4us,,,,,,";
	char *t;

	t = convert(l103, "text-1.03");
	CHECK("1.03 size text 8192M stays in text", strstr(t, "\nbox           8192M 25694  86 "));
	free(t);
	t = convert(l103, "csv-1.03");
	CHECK("1.03 line round trips with 8192M", strncmp(t, l103, strlen(l103)) == 0);
	free(t);
	t = convert(l103, "csv-1.98");
	CHECK_STR("1.03 as 1.98: no concurrency, seek count or seekers invented",
		  t, "1.98,1.03,box,,,8192M,,,,25694,86,34366,20,12165,5,14105,61,26306,4,84.4,0,16,,,,,1083,82,+++++,+++,28930,83,1258,91,+++++,+++,3121,78,,,,,,,,,,,,\n");
	free(t);
	t = convert(l196, "csv-1.98");
	CHECK_STR("1.96 as 1.98: seek count and seekers stay empty", t,
		  "1.98,1.96,ism,1,1307255609,2G,,,,,,75460,10,81179,11,,,3460452,94,236.8,6,,,,,,,,,,,,,,,,,,,1366ms,1345ms,,56us,569ms,,,,,,\n");
	{
		char *again = convert(t, "csv-1.96");

		CHECK_STR("... and back to 1.96 unchanged", again, "1.96,1.96,ism,1,1307255609,2G,,,,75460,10,81179,11,,,3460452,94,236.8,6,,,,,,,,,,,,,,,,,,,1366ms,1345ms,,56us,569ms,,,,,,\n");
		free(again);
	}
	free(t);
	t = convert(l196, "json");
	CHECK("1.96 in JSON: seeks and seekers null", strstr(t, "\"seeks\": null, \"seekers\": null"));
	CHECK("1.96 in JSON: chunk recorded (empty = 8192)", strstr(t, "\"chunk_bytes\": 8192"));
	free(t);
	t = convert(l103, "json");
	CHECK("1.03 in JSON: concurrency null", strstr(t, "\"concurrency\": null"));
	free(t);
	t = convert(l198, "json");
	CHECK("bonnie++ 1.98 in JSON: chunk null (never written), seeks kept",
	      strstr(t, "\"chunk_bytes\": null, \"seeks\": 100, \"seekers\": 3"));
	CHECK("file chunk null", strstr(t, "\"dirs\": 1, \"chunk_bytes\": null}"));
	free(t);
	t = convert(l198, "csv-1.98");
	CHECK("bonnie++ 1.98 round trip", strncmp(t, l198, strlen(l198)) == 0);
	free(t);
}

static void test_pieces(void)
{
	struct run_results runs[MAX_RUNS];
	char buf[PRESENT_TEXT_MAX];
	struct phase_result ph = { .state = FIGURE_VALUE, .rate = 6 };
	struct present_scale s;
	char *t;
	size_t n = hand_runs(runs);

	for (size_t i = 0; i < format_count; i++)
		CHECK("format names round trip",
		      format_by_report_name(format_table[i].report_name) == &format_table[i]);
	CHECK("unknown format", !format_by_report_name("text-1.99"));
	CHECK_STR("latency us", present_latency(56000, buf, sizeof(buf)), "56 \xc2\xb5s");
	CHECK_STR("latency ms", present_latency(8001000, buf, sizeof(buf)), "8.0 ms");
	CHECK_STR("latency 100 ms", present_latency(120000000, buf, sizeof(buf)), "120 ms");
	CHECK_STR("latency s", present_latency(1366000000, buf, sizeof(buf)), "1.37 s");
	CHECK_STR("slow per-char is not 0.0", present_rate(&ph, PHASE_PUTC, buf, sizeof(buf)), "0.006");
	ph.rate = 345395;
	CHECK_STR("MiB/s one decimal", present_rate(&ph, PHASE_WRITE, buf, sizeof(buf)), "337.3");
	ph.state = FIGURE_TOO_FAST;
	CHECK_STR("+++++ stays", present_rate(&ph, PHASE_WRITE, buf, sizeof(buf)), "+++++");
	present_scale_init(&s, true);
	present_scale_add(&s, 10);
	present_scale_add(&s, 100);
	CHECK("best is 1, worst 0", present_scale_pos(&s, 100) == 1 && present_scale_pos(&s, 10) == 0);
	present_scale_init(&s, false);
	present_scale_add(&s, 100);
	present_scale_add(&s, 110);
	CHECK("low is good; a 10% spread stays near the middle",
	      present_scale_pos(&s, 100) > 0.54 && present_scale_pos(&s, 100) < 0.56);

	for (int i = 0; i < 2; i++) {
		t = render(i ? "svg" : "html", runs, n);
		CHECK("no raw <script> from a machine name", !strstr(t, "<script"));
		free(t);
	}
	t = render("markdown", runs, n);
	CHECK("markdown escapes < | * _", strstr(t, "| srv\\|rack\\_2 \\*x\\* |") &&
						 strstr(t, "\\<script\\>"));
	for (const char *p = strstr(t, "<script"); p; p = strstr(p + 1, "<script"))
		CHECK("markdown: every < of a name escaped", p > t && p[-1] == '\\');
	CHECK("markdown shows +++++", strstr(t, "| +++++ |"));
	free(t);
	t = render("html", runs, n);
	CHECK("html escapes the name",
	      strstr(t, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"));
	CHECK("html: best block write green, worst red",
	      strstr(t, ">239.3</td>") && strstr(t, "hsl(0,75%,78%)\">90.3</td>") &&
		      strstr(t, "hsl(120,75%,78%)\">239.3</td>"));
	CHECK("html: too fast to measure, not 0", strstr(t, "too fast to measure"));
	CHECK("html: no external resources", !strstr(t, "http://") && !strstr(t, "https://") &&
						     !strstr(t, "<script"));
	free(t);
	t = render("svg", runs, n);
	CHECK("svg: +++++ is labelled, not a bar", strstr(t, "too fast to measure (+++++)"));
	CHECK("svg: escaped name", strstr(t, "&lt;script&gt;"));
	free(t);
	t = render("text-1.03", runs, n);
	CHECK("text-1.03 keeps the whole long name",
	      strstr(t, "\nLaptop AHCI DL X25-M v1.4 TRIMed <script>alert(\"x\")</script> & 'co'"));
	free(t);
}

/* --probe's figures: a Feel line per test in the text, the tables' and
 * CSV's figures as they were, the waits in every page. */
static void test_feel(const struct run_results *runs, size_t n)
{
	char *t = render("text-1.03", runs, n);
	char *md = render("markdown", runs, n);
	char *csv = render("csv-1.96", runs, n);
	char *plain = render("csv-1.96", runs, 1);
	char *svg = render("svg", runs, n);

	CHECK("feel: a Feel line per test a probe ran beside",
	      t && strstr(t, "\nFeel (run 1, laptop [scheduler=mq-deadline]): block "
			  "output: reads waited p50 180 \xc2\xb5s, p99 45.0 ms, max "
			  "310 ms (3 over 100 ms, 0 over 1 s); fsynced writes p50 4.1 "
			  "ms, p99 350 ms, max 1.61 s (2 over 100 ms, 1 over 1 s)\n") &&
	      strstr(t, "\nFeel (run 1, laptop [scheduler=mq-deadline]): random "
			"reads, Q1T1: reads waited p50 950 \xc2\xb5s") &&
	      strstr(t, "\nFeel (run 2, laptop [scheduler=none]): block output: "
			"reads waited p50 310 \xc2\xb5s, p99 88.0 ms, max 140 ms "
			"(1 over 100 ms, 0 over 1 s)\n"));
	CHECK("feel: no line where no probe ran",
	      t && !strstr(t, "(run 2, laptop [scheduler=none]): block input"));
	CHECK("feel: evicted reads said in the pages",
	      md && strstr(md, "| laptop \\[scheduler=none\\] | Block write "
			   "(evicted) | 310 \xc2\xb5s | 88.0 ms | 140 ms | 1 | 0 |"));
	CHECK("feel: bonnie++'s CSV has no probe in it",
	      csv && plain && strncmp(csv, plain, strlen(plain)) == 0 &&
	      !strstr(csv, "probe"));
	CHECK("feel: the probe's waits drawn over time, each at its interval's middle",
	      svg && strstr(svg, "Each test over time") &&
	      strstr(svg, "<rect x=\"200.2\" y=\"53.6\" width=\"4\" height=\"4\" "
			  "fill=\"#fff\" stroke=\"#0072b2\"><title>laptop "
			  "[scheduler=mq-deadline]: the probe's write waited up to "
			  "1612.5 ms</title>") &&
	      strstr(svg, "[scheduler=none]: the probe's read waited up to 140.2 ms"));
	CHECK("feel: no points for a kind of probe that did not run",
	      svg && !strstr(svg, "[scheduler=none]: the probe's write"));
	free(t);
	free(md);
	free(csv);
	free(plain);
	free(svg);
}

int main(void)
{
	static struct run_results runs[MAX_RUNS];
	size_t n = fixture_runs(runs);

	char why[128];

	CHECK("markup check catches crossed tags", !well_formed("<a><b></a></b>", false, why, sizeof(why)));
	CHECK("markup check catches a bare &", !well_formed("<a>x & y</a>", false, why, sizeof(why)));
	CHECK("markup check knows void elements", well_formed("<p><br><meta x=\"1\"></p>", true, why, sizeof(why)));
	CHECK("fixture lines found", n >= 12);
	check_set("fixtures", runs, n, false);
	n = hand_runs(runs);
	check_set("hand", runs, n, false);
	n = series_runs(runs);
	check_pages("series", runs, n);
	n = feel_runs(runs);
	check_set("feel", runs, n, false);
	test_feel(runs, n);
	test_summary();
	test_text_196();
	test_unrecorded();
	test_pieces();
	return check_done();
}
