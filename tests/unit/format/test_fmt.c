/* SPDX-License-Identifier: MIT */
/*
 * test_fmt.c - golden tests of the formatters: every bonnie++ 2.00a fixture
 * re-rendered from its CSV line in every layout, bonnie++'s own examples,
 * and hand-built edge cases. CLYDE_GOLDEN_UPDATE=1 rewrites tests/golden.
 */
#include <dirent.h>
#include <inttypes.h>
#include <stdlib.h>

#include "check.h"
#include "golden.h"
#include "read/csv.h"
#include "format/fmt.h"
#include "format/fmt_text.h"
#include "format/format.h"
#include "core/verdict.h"

#define FIXTURES "tests/golden/fixtures"
#define GOLDEN "tests/golden"
#define MAX_RUNS 8

/*
 * Fixtures whose 2.00a text shows garbage file-test rates (the CSV's real
 * ones go in tests/golden/NAME.table200 instead), and fixtures whose chunk
 * size the CSV does not carry (bonnie++ never fills field 6), restored from
 * the command line so the text can match byte for byte.
 */
static const char *const garbage_rates[] = { "files-sized", "full-1g-n4" };
static const struct {
	const char *name;
	uint64_t chunk_bytes;
} chunk_from_cmd[] = { { "chunk64k", 65536 } };

/* RUNS in the --table layout NAME ("1.03"), as the format table renders it. */
static char *table(const char *name, const struct run_results *runs, size_t n,
		   bool wide)
{
	const struct format_info *f = format_by_name(FORMAT_TABLE, name);
	struct render_opts opts = { .wide_names = wide };
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (n > 0)
		format_render(mem, f, runs, n, &opts);
	fclose(mem);
	return text;
}

static char *csv(enum csv_format format, const struct run_results *runs,
		 size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	for (size_t i = 0; i < n; i++)
		fmt_csv_line(mem, &runs[i], format);
	fclose(mem);
	return text;
}

/* The footer of R, its verdicts computed first as every producer does. */
static char *footer(const struct run_results *r)
{
	static struct run_results done;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	done = *r;
	verdict_compute(&done);
	fmt_footer(mem, &done);
	fclose(mem);
	return text;
}

static bool listed(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

/* The text table of a fixture: stdout before the CSV, or stderr's from "Version" (-q). */
static char *fixture_text(const char *name, const char *out)
{
	char path[256];
	char *err, *start, *text;
	const char *csv_at = strstr(out, "1.98,");

	if (csv_at != out && strncmp(out, "format_version", 14) != 0)
		return strndup(out, (size_t)(csv_at - out));
	snprintf(path, sizeof(path), FIXTURES "/%s.stderr", name);
	err = golden_read(path);
	start = err ? strstr(err, "Version ") : NULL;
	text = start ? strdup(start) : NULL;
	free(err);
	return text;
}

/* Render RUNS in every other layout and compare with tests/golden/NAME.*. */
static void check_layouts(const char *name, const struct run_results *runs,
			  size_t n)
{
	static const struct {
		const char *ext;
		bool is_table;
		const char *table;
		enum csv_format csv;
	} layouts[] = {
		{ "table103", true, "1.03", CSV_103 },
		{ "table196", true, "1.96", CSV_103 },
		{ "csv103", false, NULL, CSV_103 },
		{ "csv196", false, NULL, CSV_196 },
		{ "csv197", false, NULL, CSV_197 },
	};
	char label[160], path[256];
	char *t196, *t197;

	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		char *got = layouts[i].is_table
				    ? table(layouts[i].table, runs, n, false)
				    : csv(layouts[i].csv, runs, n);

		snprintf(label, sizeof(label), "golden %s.%s", name,
			 layouts[i].ext);
		snprintf(path, sizeof(path), GOLDEN "/%s.%s", name,
			 layouts[i].ext);
		golden_check(label, path, got);
		free(got);
	}
	/* 1.97's table is 1.96's: the Version cell comes from the results. */
	t196 = table("1.96", runs, n, false);
	t197 = table("1.97", runs, n, false);
	snprintf(label, sizeof(label), "golden %s table197 = table196", name);
	golden_check_text(label, t197, t196);
	free(t196);
	free(t197);
}

static void test_fixture(const char *name)
{
	struct run_results runs[MAX_RUNS];
	char path[256], label[160];
	char *out, *line, *save = NULL, *want, *got;
	size_t n = 0;

	snprintf(path, sizeof(path), FIXTURES "/%s.stdout", name);
	out = golden_read(path);
	if (!out || !strstr(out, "1.98,"))
		goto done;
	want = fixture_text(name, out);
	for (line = strtok_r(out, "\n", &save); line && n < MAX_RUNS;
	     line = strtok_r(NULL, "\n", &save)) {
		struct parse_error err = { "" };
		char *again;

		if (strncmp(line, "1.98,", 5) != 0)
			continue;
		snprintf(label, sizeof(label), "fixture %s parses", name);
		CHECK(label, csv_parse_line(line, &runs[n], &err) == 1);
		again = csv(CSV_198, &runs[n], 1);
		again[strcspn(again, "\n")] = '\0';
		snprintf(label, sizeof(label), "fixture %s csv198 round trip",
			 name);
		golden_check_text(label, again, line);
		free(again);
		n++;
	}
	for (size_t i = 0; i < sizeof(chunk_from_cmd) / sizeof(chunk_from_cmd[0]); i++)
		if (strcmp(name, chunk_from_cmd[i].name) == 0)
			for (size_t r = 0; r < n; r++)
				runs[r].io.chunk_bytes = chunk_from_cmd[i].chunk_bytes;
	got = table("2.00", runs, n, false);
	snprintf(label, sizeof(label), "fixture %s table200", name);
	if (listed(name, garbage_rates, 2)) {
		snprintf(path, sizeof(path), GOLDEN "/%s.table200", name);
		golden_check(label, path, got);
		snprintf(label, sizeof(label),
			 "fixture %s: 2.00a's garbage rates not copied", name);
		CHECK(label, want && strcmp(want, got) != 0);
	} else if (want) {
		golden_check_text(label, got, want);
	}
	free(got);
	free(want);
	check_layouts(name, runs, n);
done:
	free(out);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_fixtures(void)
{
	DIR *dir = opendir(FIXTURES);
	char *names[64];
	size_t n = 0;
	struct dirent *e;

	CHECK("fixtures directory", dir != NULL);
	while (dir && (e = readdir(dir)) != NULL && n < 64) {
		size_t len = strlen(e->d_name);

		if (len > 7 && strcmp(e->d_name + len - 7, ".stdout") == 0)
			names[n++] = strndup(e->d_name, len - 7);
	}
	if (dir)
		closedir(dir);
	qsort(names, n, sizeof(names[0]), compare_names);
	CHECK("fixtures found", n >= 10);
	for (size_t i = 0; i < n; i++) {
		test_fixture(names[i]);
		free(names[i]);
	}
}

static struct run_results parse_or_die(const char *line)
{
	struct run_results r;
	struct parse_error err = { "" };

	if (csv_parse_line(line, &r, &err) != 1) {
		printf("FAIL parse: %s: %s\n", err.msg, line);
		exit(1);
	}
	return r;
}

/* Tables bonnie++ itself printed (doc/formats.md), fed in as CSV. */
static void test_reference_tables(void)
{
	struct run_results r;
	char *got;

	r = parse_or_die("1.97,1.97,testhost,1,5,64M,,2590,99,+++++,+++,+++++,+++,4607,99,+++++,+++,+++++,+++,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,4211us,123us,139us,2269us,612us,5333us,603us,121us,303us,1330us,94us,113us");
	got = table("1.97", &r, 1, false);
	golden_check_text("bonnie++ 1.97 table", got,
		   "Version  1.97       ------Sequential Output------ --Sequential Input- --Random-\n"
		   "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		   "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		   "testhost        64M  2590  99 +++++ +++ +++++ +++  4607  99 +++++ +++ +++++ +++\n"
		   "Latency              4211us     123us     139us    2269us     612us    5333us\n"
		   "Version  1.97       ------Sequential Create------ --------Random Create--------\n"
		   "testhost            -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
		   "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		   "                  1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n"
		   "Latency               603us     121us     303us    1330us      94us     113us\n");
	free(got);

	r = parse_or_die("testhost,1G,125734,98,1087263,99,+++++,+++,261979,99,+++++,+++,+++++,+++,16:1000:100/2,11029,99,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++");
	strcpy(r.version, "1.03e");
	got = table("1.03", &r, 1, false);
	golden_check_text("bonnie++ 1.03e table", got,
		   "Version 1.03e       ------Sequential Output------ --Sequential Input- --Random-\n"
		   "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		   "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		   "testhost         1G 125734  98 1087263  99 +++++ +++ 261979  99 +++++ +++ +++++ +++\n"
		   "                    ------Sequential Create------ --------Random Create--------\n"
		   "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
		   "files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		   "      16:1000:100/2 11029  99 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n");
	free(got);

	r = parse_or_die("marvin,2G,13035,33,7130,3,4800,2,9657,25,15041,4,206.5,0,16,18876,97,+++++,+++,15550,99,18906,99,+++++,+++,3895,26");
	got = table("1.03", &r, 1, false);
	golden_check_text("bonnie++ public 1.03 table", got,
		   "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
		   "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		   "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		   "marvin           2G 13035  33  7130   3  4800   2  9657  25 15041   4 206.5   0\n"
		   "                    ------Sequential Create------ --------Random Create--------\n"
		   "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
		   "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		   "                 16 18876  97 +++++ +++ 15550  99 18906  99 +++++ +++  3895  26\n");
	free(got);

	/* 8.1's run, with the real file rates of its CSV line (9.1) where 2.00a printed 65536. */
	r = parse_or_die("1.98,2.00a,testhost,1,1796210787,512M,,8192,5,2126,99,335052,83,+++++,+++,3246,99,+++++,+++,+++++,+++,64,,,,,47306,98,+++++,+++,100761,92,25654,97,+++++,+++,98670,91,4132us,319us,156us,4354us,159us,5187us,2912us,756us,14475us,12437us,566us,3603us");
	got = table("2.00", &r, 1, false);
	golden_check_text("bonnie++ 2.00a table, real file rates", got,
		   "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
		   "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		   "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		   "testhost       512M 2126k  99  327m  83 +++++ +++ 3246k  99 +++++ +++ +++++ +++\n"
		   "Latency              4132us     319us     156us    4354us     159us    5187us\n"
		   "Version 2.00a       ------Sequential Create------ --------Random Create--------\n"
		   "testhost            -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
		   "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		   "                 64 47306  98 +++++ +++ 100761  92 25654  97 +++++ +++ 98670  91\n"
		   "Latency              2912us     756us   14475us   12437us     566us    3603us\n");
	free(got);

	r = parse_or_die("1.98,2.00a,ANDREW-PC,1,1731170067,63G,,8192,5,6,6,51776,6,22717,6,6,7,40308,4,8475,109,16,,,,,793,6,1765,7,1574,7,827,6,1945,8,1416,6,1445ms,17524us,9356us,1284ms,5950us,408ms,15088us,15053us,18784us,11317us,3377us,12653us");
	got = table("2.00", &r, 1, false);
	CHECK("bonnie++ public WSL text row",
	      strstr(got, "\nANDREW-PC       63G    6k   6 50.6m   6 22.2m   6    6k   7 39.4m   4  8475 109\n"));
	CHECK("bonnie++ public WSL file rates are real",
	      strstr(got, "\n                 16   793   6  1765   7  1574   7   827   6  1945   8  1416   6\n"));
	free(got);

	r = parse_or_die("1.98,2.00a,averyveryverylongmachinename,2,1796211522,64M,,8192,10,2023,99,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,4324us,126us,132us,2914us,108us,8135us,,,,,,");
	got = table("2.00", &r, 1, false);
	CHECK("label averyver 64M::2::10",
	      strstr(got, "\naveryver 64M::2::10 2023k  99 +++++ +++"));
	CHECK("2.00a: no file part leaves an empty line",
	      strlen(got) > 3 && strcmp(got + strlen(got) - 3, "s\n\n") == 0);
	free(got);
}

static void test_latency_text(void)
{
	static const struct {
		uint64_t ns;
		const char *text;
	} cases[] = {
		{ 0, "" },
		{ 999, "0us" },
		{ 56000, "56us" },
		{ 99999999, "99999us" },
		{ 100000000, "100ms" },
		{ 1366999999, "1366ms" },
		{ UINT64_C(99999999999), "99999ms" },
		{ UINT64_C(100000000000), "100s" },
		{ UINT64_C(123000000000), "123s" },
		{ UINT64_MAX, "18446744073s" },
	};
	char buf[LATENCY_TEXT_MAX], label[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(label, sizeof(label), "fmt_latency %" PRIu64, cases[i].ns);
		CHECK_STR(label, fmt_latency(cases[i].ns, buf), cases[i].text);
	}
}

/* GOT contains NEEDLE; prints GOT when it does not. */
static void check_has(const char *name, const char *got, const char *needle)
{
	if (!strstr(got, needle))
		printf("# %s: no \"%s\" in:\n%s", name, needle, got);
	CHECK(name, strstr(got, needle) != NULL);
}

static void test_edge_cases(void)
{
	struct run_results r = golden_blank_run("bigbox", 2097152, 0), back;
	struct parse_error err;
	char *t;

	test_latency_text();
	/* 2 TiB at rates past 2^31 KiB/s: 64-bit all the way. */
	golden_set(&r, PHASE_WRITE, FIGURE_VALUE, 2147483648.0, 99, 1000);
	golden_set(&r, PHASE_READ, FIGURE_VALUE, 3e9, 100, 1000);
	golden_set(&r, PHASE_REWRITE, FIGURE_VALUE, 9999.9, 5, 1000);
	golden_set(&r, PHASE_GETC, FIGURE_VALUE, 10000, 5, 1000);
	golden_set(&r, PHASE_PUTC, FIGURE_VALUE, 1023999, 5, 1000);
	golden_set(&r, PHASE_SEEKS, FIGURE_VALUE, 999.9, 7, 1000);
	t = table("1.96", &r, 1, false);
	check_has("2 TiB table196 row", t,
		  "\nbigbox        2048G 1023999   5 2147483648  99  9999   5 10000   5 3000000000 100 999.9   7\n");
	free(t);
	t = table("2.00", &r, 1, false);
	check_has("2 TiB table200 k/m/g", t,
		  "\nbigbox        2048G 1000m   5 2048.0g  99 9999k   5  9.8m   5 2861.0g 100 999.9   7\n");
	free(t);
	t = csv(CSV_198, &r, 1);
	check_has("2 TiB csv198", t,
		  ",2048G,,8192,5,1023999,5,2147483648,99,9999,5,10000,5,3000000000,100,999.9,7,");
	CHECK("2 TiB csv198 parses", csv_parse_line(t, &back, &err) == 1);
	CHECK_U64("2 TiB size back", back.io.size_mib, 2097152);
	CHECK_U64("2^31 rate back", (uint64_t)back.phase[PHASE_WRITE].rate,
		  UINT64_C(2147483648));
	free(t);
	golden_set(&r, PHASE_SEEKS, FIGURE_VALUE, 1000.0, 7, 1000);
	t = table("1.03", &r, 1, false);
	check_has("seeks 1000 table", t, " 3000000000 100  1000   7\n");
	free(t);
	t = csv(CSV_197, &r, 1);
	check_has("seeks 1000 csv197", t, ",3000000000,100,1000,7,");
	free(t);
	t = csv(CSV_103, &r, 1);
	check_has("seeks 1000 csv103 keeps a decimal", t, ",1000.0,7,");
	free(t);

	/* Labels: the name is cut to 19 columns, or the column widens. */
	r = golden_blank_run("averyveryverylongmachinename", 64, 0);
	r.io.chunk_bytes = 4096;
	r.io.seeks = 100;
	r.io.seekers = 3;
	t = table("2.00", &r, 1, false);
	check_has("single-digit seekers kept", t, "\navery 64M:4k::100:3      ");
	free(t);
	t = table("2.00", &r, 1, true);
	check_has("wide label", t, "\naveryveryverylongmachinename 64M:4k::100:3      ");
	check_has("wide header", t, "\nName:Size etc" "                               /sec %CP");
	check_has("wide latency", t, "\nLatency                                      ");
	free(t);
	t = table("1.03", &r, 1, false);
	check_has("1.03 chunk label", t, "\naveryveryver 64M:4k      ");
	check_has("1.03 Size:chnk", t, "\nMachine   Size:chnk K/sec");
	free(t);
	r.io.chunk_bytes = MIB;
	t = table("1.03", &r, 1, false);
	check_has("1.03 1 MiB chunk", t, "\naveryvery 64M:1024k      ");
	free(t);
	t = table("1.96", &r, 1, false);
	check_has("1.96 1 MiB chunk", t, "\naveryveryver 64M:1m      ");
	free(t);
	t = csv(CSV_198, &r, 1);
	check_has("csv198 writes a chunk that is not 8192", t, ",64M,1m,100,3,");
	free(t);
	r = golden_blank_run("domU-12-31-39-174-0A-1B", 15 * 1024, 0);
	t = table("1.03", &r, 1, false);
	check_has("label domU-12-31-39-1 15G", t, "\ndomU-12-31-39-1 15G      ");
	free(t);
	r = golden_blank_run("dynamic-109.example.net", 20000, 0);
	t = table("1.96", &r, 1, false);
	check_has("label dynamic-109. 20000M", t, "\ndynamic-109. 20000M      ");
	free(t);
	r = golden_blank_run("x", 0, 0);
	CHECK("--table none is no format", !format_by_name(FORMAT_TABLE, "none"));
	t = table("2.00", &r, 0, false);
	CHECK_STR("no runs print nothing", t, "");
	free(t);
}

/* Three runs: I/O and files, files only (links, 4 dirs), I/O only (-c 2, 4k chunk). */
static void test_multi_run(void)
{
	static const char *const exts[] = { "table200", "table196", "table103" };
	struct run_results runs[3];
	char label[96], path[128];
	const char *want;
	char *t;

	runs[0] = golden_blank_run("Laptop AHCI DL X25-M v1.4 TRIMed", 2048, 16);
	golden_set(&runs[0], PHASE_PUTC, FIGURE_VALUE, 125734, 98, 8001000);
	golden_set(&runs[0], PHASE_WRITE, FIGURE_VALUE, 245000, 30, 120000000);
	golden_set(&runs[0], PHASE_REWRITE, FIGURE_VALUE, 98000.7, 12, 1366000000);
	golden_set(&runs[0], PHASE_GETC, FIGURE_VALUE, 8100, 97, 56000);
	golden_set(&runs[0], PHASE_READ, FIGURE_TOO_FAST, 0, 0, 159000);
	golden_set(&runs[0], PHASE_SEEKS, FIGURE_VALUE, 236.84, 6, 569000000);
	runs[0].files.max_bytes = 1000;
	runs[0].files.min_bytes = 100;
	runs[0].files.dirs = 2;
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		golden_set(&runs[0], p, p % 2 ? FIGURE_TOO_FAST : FIGURE_VALUE,
		    11029, 99, 2912000);
	runs[1] = golden_blank_run("srv", 0, 4);
	runs[1].files.max_bytes = FILES_HARD_LINKS;
	runs[1].files.dirs = 4;
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		golden_set(&runs[1], p, FIGURE_VALUE, 1221 + p, 67, 7984000);
	runs[2] = golden_blank_run("nas", 512, 0);
	runs[2].concurrency = 2;
	runs[2].io.chunk_bytes = 4096;
	for (int p = PHASE_WRITE; p <= PHASE_SEEKS; p++)
		golden_set(&runs[2], p, p == PHASE_GETC ? FIGURE_NONE : FIGURE_VALUE,
		    92464 * p, 50, 4532000);
	golden_set(&runs[2], PHASE_SEEKS, FIGURE_VALUE, 13193.4, 104, 7920000);
	for (int wide = 0; wide < 2; wide++) {
		for (int i = 0; i < 3; i++) {
			const char *f = i == 0 ? "2.00" : i == 1 ? "1.96" : "1.03";

			t = table(f, runs, 3, wide);
			snprintf(label, sizeof(label), "multi-run %s%s", exts[i],
				 wide ? " wide" : "");
			snprintf(path, sizeof(path), GOLDEN "/multi3%s.%s",
				 wide ? "-wide" : "", exts[i]);
			golden_check(label, path, t);
			free(t);
		}
	}
	/* Without any I/O part the table starts with the file header. */
	t = table("1.03", &runs[1], 1, false);
	want = "Version " GOLDEN_RUN_VERSION "       ------Sequential Create";
	CHECK("files only: 1.03 file header has Version",
	      strncmp(t, want, strlen(want)) == 0);
	free(t);
	t = table("2.00", &runs[2], 1, false);
	CHECK("I/O only: 2.00a ends with an empty line",
	      strcmp(t + strlen(t) - 3, "s\n\n") == 0);
	free(t);
	t = table("1.03", &runs[2], 1, false);
	CHECK("I/O only: 1.03 ends without an empty line",
	      strcmp(t + strlen(t) - 2, "\n\n") != 0);
	free(t);
}

static void test_footer(void)
{
	struct run_results r = golden_blank_run("box", 1024, 4);
	char *t;

	t = footer(&r);
	CHECK_STR("footer: mode line only", t,
		  "clyde " GOLDEN_RUN_VERSION ": buffered I/O, 8 KiB chunks, incompressible data, per-char via stdio, 1 copy\n");
	free(t);
	golden_set(&r, PHASE_REWRITE, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_REWRITE].elapsed_ns = 200000000;
	golden_set(&r, PHASE_READ, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_READ].elapsed_ns = 100000000;
	golden_set(&r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_SEEKS].elapsed_ns = 250000000;
	t = footer(&r);
	CHECK_STR("footer: too fast, -s and seeks from the times", t,
		  "clyde: too fast to measure (under 0.5 s, shown as +++++): rewrite, block input, seeks; a larger test would measure them: -s 8G::24k -n 4 (about 3 s at this run's rates)\n"
		  "clyde " GOLDEN_RUN_VERSION ": buffered I/O, 8 KiB chunks, incompressible data, per-char via stdio, 1 copy\n");
	free(t);
	golden_set(&r, PHASE_SEQ_STAT, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_SEQ_STAT].elapsed_ns = 100000000;
	r.files.dirs = 4;
	r.mode = (struct io_mode){ true, true, true, true, CHAR_IO_SYSCALL, 4096 };
	r.io.chunk_bytes = 512;
	r.concurrency = 4;
	t = footer(&r);
	CHECK_STR("footer: -n too, and every mode word", t,
		  "clyde: too fast to measure (under 0.5 s, shown as +++++): rewrite, block input, seeks, sequential stat; a larger test would measure them: -s 8G:512:24k -n 30:::4 -f 8G -c 4 (about 4 s at this run's rates)\n"
		  "clyde " GOLDEN_RUN_VERSION ": direct I/O, synchronous writes, 1 GiB pieces, 512 B chunks, zero-filled data, per-char via syscalls, 4 copies\n");
	free(t);
	r = golden_blank_run("box", 1024, 0);
	r.io.chunk_bytes = MIB;
	r.perchar_mib = 0;
	golden_set(&r, PHASE_WRITE, FIGURE_TOO_FAST, 0, 0, 1000); /* no time: read from CSV */
	t = footer(&r);
	CHECK_STR("footer: without times only the option", t,
		  "clyde: too fast to measure (under 0.5 s, shown as +++++): block output; a larger -s would measure them\n"
		  "clyde " GOLDEN_RUN_VERSION ": buffered I/O, 1 MiB chunks, incompressible data, no per-char tests, 1 copy\n");
	free(t);
	r = golden_blank_run("box", 1024, 0);
	r.perchar_mib = 3;
	golden_set(&r, PHASE_PUTC, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_PUTC].elapsed_ns = 300000000;
	t = footer(&r);
	check_has("footer: per-char limited by -f asks for -f", t,
		  "per-char output; a larger test would measure them: -s 1G -n 0 -f 8M (about 1 s at this run's rates)\n");
	free(t);
	/* The cost in the units a person plans by: block output 0.1 s of 1 GiB
	 * aimed at 0.75 s takes -s 8G, and rewrite's 500 s grows with it. */
	r = golden_blank_run("box", 1024, 0);
	r.perchar_mib = 0;
	golden_set(&r, PHASE_WRITE, FIGURE_TOO_FAST, 0, 0, 1000);
	r.phase[PHASE_WRITE].elapsed_ns = 100000000;
	golden_set(&r, PHASE_REWRITE, FIGURE_VALUE, 1000, 1, 1000);
	r.phase[PHASE_REWRITE].elapsed_ns = 500000000000;
	t = footer(&r);
	check_has("footer: the cost in hours and minutes", t,
		  "measure them: -s 8G -n 0 -f (about 1 h 7 min at this run's rates)\n");
	free(t);
	r.phase[PHASE_REWRITE].elapsed_ns = 50000000000;
	t = footer(&r);
	check_has("footer: the cost in minutes", t, "(about 7 min at this run's rates)\n");
	free(t);
}

int main(void)
{
	test_fixtures();
	test_reference_tables();
	test_edge_cases();
	test_multi_run();
	test_footer();
	return check_done();
}
