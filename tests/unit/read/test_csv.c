/* SPDX-License-Identifier: MIT */
/*
 * test_csv.c - the CSV reader and headers: every example line of doc/formats.md,
 * round trips through each writer, malformed lines with their reasons.
 * `test_csv --emit-198 FILE` writes clyde 1.98 lines for tests/cli.
 */
#include <stdlib.h>

#include "check.h"
#include "golden.h"
#include "read/csv.h"
#include "format/fmt.h"

static char *csv(const struct run_results *r, enum csv_format format)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	fmt_csv_line(mem, r, format);
	fclose(mem);
	text[strcspn(text, "\n")] = '\0';
	return text;
}

static void check_phase(const char *line_name, const struct run_results *r,
			enum phase_id p, enum figure_state state, double rate,
			double cpu, uint64_t lat_ns)
{
	char label[128];

	snprintf(label, sizeof(label), "%s phase %d", line_name, (int)p);
	CHECK(label, r->phase[p].state == state &&
			     (state != FIGURE_VALUE || (r->phase[p].rate == rate &&
							r->phase[p].cpu_pct == cpu)) &&
			     r->phase[p].lat.max_ns == lat_ns);
}

#define US(x) ((uint64_t)(x) * 1000)
#define MS(x) ((uint64_t)(x) * 1000000)

/* Parse LINE, check it gives 1, and that writing it back in FORMAT gives WANT. */
static struct run_results parse_back(const char *name, const char *line,
				     enum csv_format format, const char *want)
{
	struct run_results r;
	struct parse_error err = { "" };
	char label[128];
	int rc = csv_parse_line(line, &r, &err);
	char *again;

	snprintf(label, sizeof(label), "%s parses", name);
	if (rc != 1)
		printf("# %s: %s\n", name, err.msg);
	CHECK(label, rc == 1);
	if (rc != 1)
		memset(&r, 0, sizeof(r));
	again = csv(&r, format);
	snprintf(label, sizeof(label), "%s written back", name);
	CHECK_STR(label, again, want ? want : line);
	free(again);
	return r;
}

static void test_reference_198(void)
{
	struct run_results r;

	r = parse_back("9.1 512M", "1.98,2.00a,testhost,1,1796210787,512M,,8192,5,2126,99,335052,83,+++++,+++,3246,99,+++++,+++,+++++,+++,64,,,,,47306,98,+++++,+++,100761,92,25654,97,+++++,+++,98670,91,4132us,319us,156us,4354us,159us,5187us,2912us,756us,14475us,12437us,566us,3603us", CSV_198, NULL);
	CHECK_STR("9.1 512M program", r.program, "bonnie++");
	CHECK_STR("9.1 512M version", r.version, "2.00a");
	CHECK_STR("9.1 512M format", r.format_id, "1.98");
	CHECK_STR("9.1 512M machine", r.machine, "testhost");
	CHECK_STR("9.1 512M seed", r.seed, "1796210787");
	CHECK_U64("9.1 512M concurrency", r.concurrency, 1);
	CHECK_U64("9.1 512M size", r.io.size_mib, 512);
	CHECK_U64("9.1 512M chunk", r.io.chunk_bytes, 8192);
	CHECK_U64("9.1 512M seeks", r.io.seeks, 8192);
	CHECK_U64("9.1 512M seekers", r.io.seekers, 5);
	CHECK_U64("9.1 512M files", r.files.count_k, 64);
	CHECK_U64("9.1 512M dirs", r.files.dirs, 1);
	check_phase("9.1 512M", &r, PHASE_PUTC, FIGURE_VALUE, 2126, 99, US(4132));
	check_phase("9.1 512M", &r, PHASE_WRITE, FIGURE_VALUE, 335052, 83, US(319));
	check_phase("9.1 512M", &r, PHASE_REWRITE, FIGURE_TOO_FAST, 0, 0, US(156));
	check_phase("9.1 512M", &r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, US(5187));
	check_phase("9.1 512M", &r, PHASE_SEQ_CREATE, FIGURE_VALUE, 47306, 98, US(2912));
	check_phase("9.1 512M", &r, PHASE_SEQ_DELETE, FIGURE_VALUE, 100761, 92, US(14475));
	check_phase("9.1 512M", &r, PHASE_RAN_DELETE, FIGURE_VALUE, 98670, 91, US(3603));

	r = parse_back("9.1 seekers", "1.98,2.00a,testhost,1,1,64M,,100,3,,,+++++,+++,+++++,+++,,,+++++,+++,+++++,+++,1,1000,100,,4,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,194us,120us,,99us,32us,580us,111us,380us,681us,66us,895us", CSV_198, NULL);
	CHECK_U64("9.1 seekers seeks", r.io.seeks, 100);
	CHECK_U64("9.1 seekers seekers", r.io.seekers, 3);
	CHECK_U64("9.1 seekers max", (uint64_t)r.files.max_bytes, 1000);
	CHECK_U64("9.1 seekers min", (uint64_t)r.files.min_bytes, 100);
	CHECK_U64("9.1 seekers dirs from field 25", r.files.dirs, 4);
	check_phase("9.1 seekers", &r, PHASE_PUTC, FIGURE_NONE, 0, 0, 0);
	check_phase("9.1 seekers", &r, PHASE_GETC, FIGURE_NONE, 0, 0, 0);
	check_phase("9.1 seekers", &r, PHASE_RAN_DELETE, FIGURE_TOO_FAST, 0, 0, US(895));

	r = parse_back("9.1 -s 0", "1.98,2.00a,testhost,1,12345,,,,,,,,,,,,,,,,,2,,,,,1221,67,+++++,+++,+++++,+++,1122,66,+++++,+++,+++++,+++,,,,,,,2768us,232us,7984us,7194us,61us,8728us", CSV_198, NULL);
	CHECK_U64("9.1 -s 0 size", r.io.size_mib, 0);
	CHECK_U64("9.1 -s 0 files", r.files.count_k, 2);
	check_phase("9.1 -s 0", &r, PHASE_WRITE, FIGURE_NONE, 0, 0, 0);
	check_phase("9.1 -s 0", &r, PHASE_RAN_CREATE, FIGURE_VALUE, 1122, 66, US(7194));

	r = parse_back("9.1 link", "1.98,2.00a,h,1,7,,,,,,,,,,,,,,,,,1,link,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,190us,64us,302us,376us,6us,247us", CSV_198, NULL);
	CHECK("9.1 link max", r.files.max_bytes == FILES_HARD_LINKS);

	r = parse_back("9.1 -c 2", "1.98,2.00a,averyveryverylongmachinename,2,1796211522,64M,,8192,10,2023,99,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,4324us,126us,132us,2914us,108us,8135us,,,,,,", CSV_198, NULL);
	CHECK_U64("9.1 -c 2 concurrency", r.concurrency, 2);
	CHECK_U64("9.1 -c 2 seekers", r.io.seekers, 10);
	CHECK_STR("9.1 -c 2 machine not cut", r.machine, "averyveryverylongmachinename");
	CHECK_U64("9.1 -c 2 no files", r.files.count_k, 0);

	r = parse_back("9.1 WSL", "1.98,2.00a,ANDREW-PC,1,1731170067,63G,,8192,5,6,6,51776,6,22717,6,6,7,40308,4,8475,109,16,,,,,793,6,1765,7,1574,7,827,6,1945,8,1416,6,1445ms,17524us,9356us,1284ms,5950us,408ms,15088us,15053us,18784us,11317us,3377us,12653us", CSV_198, NULL);
	CHECK_U64("9.1 WSL size", r.io.size_mib, 63 * 1024);
	check_phase("9.1 WSL", &r, PHASE_PUTC, FIGURE_VALUE, 6, 6, MS(1445));
	check_phase("9.1 WSL", &r, PHASE_SEEKS, FIGURE_VALUE, 8475, 109, MS(408));
	check_phase("9.1 WSL", &r, PHASE_SEQ_CREATE, FIGURE_VALUE, 793, 6, US(15088));
}

static void test_reference_19x_103(void)
{
	struct run_results r;

	r = parse_back("9.2 -c 3", "1.97,1.97,testhost,3,5,64M,4k,,,+++++,+++,+++++,+++,,,+++++,+++,+++++,+++,2,100,10,,4,2693,96,+++++,+++,+++++,+++,2934,97,+++++,+++,+++++,+++,,1004us,94us,,103us,3514us,693us,68us,567us,598us,105us,371us", CSV_197, NULL);
	CHECK_STR("9.2 -c 3 format", r.format_id, "1.97");
	CHECK_U64("9.2 -c 3 chunk", r.io.chunk_bytes, 4096);
	CHECK_U64("9.2 -c 3 concurrency", r.concurrency, 3);
	CHECK_U64("9.2 -c 3 dirs from field 23", r.files.dirs, 4);
	CHECK_U64("9.2 -c 3 min", (uint64_t)r.files.min_bytes, 10);
	check_phase("9.2 -c 3", &r, PHASE_SEQ_CREATE, FIGURE_VALUE, 2693, 96, US(693));
	check_phase("9.2 -c 3", &r, PHASE_SEEKS, FIGURE_TOO_FAST, 0, 0, US(3514));

	r = parse_back("9.2 64M", "1.97,1.97,testhost,1,5,64M,,2590,99,+++++,+++,+++++,+++,4607,99,+++++,+++,+++++,+++,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,4211us,123us,139us,2269us,612us,5333us,603us,121us,303us,1330us,94us,113us", CSV_197, NULL);
	check_phase("9.2 64M", &r, PHASE_GETC, FIGURE_VALUE, 4607, 99, US(2269));

	r = parse_back("9.3 ism.comme.ca", "1.96,1.96,ism.comme.ca,1,1307255609,2G,,,,75460,10,81179,11,,,3460452,94,236.8,6,,,,,,,,,,,,,,,,,,,1366ms,1345ms,,56us,569ms,,,,,,", CSV_196, NULL);
	CHECK_STR("9.3 ism format", r.format_id, "1.96");
	CHECK_U64("9.3 ism size", r.io.size_mib, 2048);
	check_phase("9.3 ism", &r, PHASE_PUTC, FIGURE_NONE, 0, 0, 0);
	check_phase("9.3 ism", &r, PHASE_WRITE, FIGURE_VALUE, 75460, 10, MS(1366));
	check_phase("9.3 ism", &r, PHASE_REWRITE, FIGURE_VALUE, 81179, 11, MS(1345));
	check_phase("9.3 ism", &r, PHASE_READ, FIGURE_VALUE, 3460452, 94, US(56));
	check_phase("9.3 ism", &r, PHASE_SEEKS, FIGURE_VALUE, 236.8, 6, MS(569));
	CHECK_U64("9.3 ism no files", r.files.count_k, 0);

	r = parse_back("9.3 32M", "1.96,1.96,h,1,3,32M,,2443,99,+++++,+++,+++++,+++,3096,99,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,4279us,92us,72us,2819us,77us,7845us,,,,,,", CSV_196, NULL);
	check_phase("9.3 32M", &r, PHASE_PUTC, FIGURE_VALUE, 2443, 99, US(4279));

	/* The 47-field 1.96 "-s 0" line reads right and is written with 48 fields. */
	r = parse_back("9.3 47 fields", "1.96,1.96,h,1,3,,,,,,,,,,,,,,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,474us,71us,316us,1250us,10us,63us", CSV_196,
		       "1.96,1.96,h,1,3,,,,,,,,,,,,,,,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,474us,71us,316us,1250us,10us,63us");
	CHECK_U64("9.3 47 fields size", r.io.size_mib, 0);
	CHECK_U64("9.3 47 fields files", r.files.count_k, 1);
	check_phase("9.3 47 fields", &r, PHASE_SEQ_CREATE, FIGURE_TOO_FAST, 0, 0, US(474));
	check_phase("9.3 47 fields", &r, PHASE_RAN_DELETE, FIGURE_TOO_FAST, 0, 0, US(63));

	r = parse_back("9.4 ubuntu", "ubuntu,2G,25694,86,34366,20,12165,5,14105,61,26306,4,84.4,0,16,1083,82,+++++,+++,28930,83,1258,91,+++++,+++,3121,78", CSV_103, NULL);
	CHECK_STR("9.4 ubuntu format", r.format_id, "1.03");
	CHECK_STR("9.4 ubuntu version", r.version, "1.03");
	CHECK_STR("9.4 ubuntu machine", r.machine, "ubuntu");
	CHECK_U64("9.4 ubuntu size", r.io.size_mib, 2048);
	check_phase("9.4 ubuntu", &r, PHASE_SEEKS, FIGURE_VALUE, 84.4, 0, 0);
	check_phase("9.4 ubuntu", &r, PHASE_RAN_DELETE, FIGURE_VALUE, 3121, 78, 0);

	r = parse_back("9.4 1.03e", "testhost,1G,125734,98,1087263,99,+++++,+++,261979,99,+++++,+++,+++++,+++,16:1000:100/2,11029,99,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++", CSV_103, NULL);
	CHECK_U64("9.4 1.03e max", (uint64_t)r.files.max_bytes, 1000);
	CHECK_U64("9.4 1.03e min", (uint64_t)r.files.min_bytes, 100);
	CHECK_U64("9.4 1.03e dirs", r.files.dirs, 2);
	check_phase("9.4 1.03e", &r, PHASE_WRITE, FIGURE_VALUE, 1087263, 99, 0);

	r = parse_back("9.4 chunk", "averyveryverylongmachinename,256M:4k,,,457106,98,+++++,+++,,,+++++,+++,+++++,+++,,,,,,,,,,,,,", CSV_103, NULL);
	CHECK_U64("9.4 chunk size", r.io.size_mib, 256);
	CHECK_U64("9.4 chunk chunk", r.io.chunk_bytes, 4096);

	r = parse_back("9.4 link", "h,,,,,,,,,,,,,,4:link,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++", CSV_103, NULL);
	CHECK_U64("9.4 link files", r.files.count_k, 4);
	CHECK("9.4 link max", r.files.max_bytes == FILES_HARD_LINKS);
}

/* A clyde run using every feature a CSV line can carry. */
static struct run_results rich_run(const char *machine)
{
	static const enum figure_state states[PHASE_COUNT] = {
		FIGURE_VALUE, FIGURE_TOO_FAST, FIGURE_VALUE, FIGURE_NONE,
		FIGURE_VALUE, FIGURE_VALUE, FIGURE_VALUE, FIGURE_TOO_FAST,
		FIGURE_VALUE, FIGURE_VALUE, FIGURE_TOO_FAST, FIGURE_VALUE,
	};
	struct run_results r = golden_blank_run(machine, 0, 0);

	strcpy(r.seed, "777");
	r.concurrency = 3;
	r.io = (struct io_params){ 2048, 4096, 16384, 7 };
	r.files = (struct file_params){ 2, 4096, 1024, 4, 8192 };
	for (int p = 0; p < PHASE_COUNT; p++) {
		r.phase[p].state = states[p];
		r.phase[p].rate = p == PHASE_SEEKS ? 236.8 : 3000000000.0 / (p + 1);
		r.phase[p].cpu_pct = 10 * p + 1;
		r.phase[p].lat.max_ns = states[p] == FIGURE_NONE ? 0 : MS(p + 1);
	}
	r.phase[PHASE_READ].rate = 2147483648.0;
	return r;
}

static uint64_t count_fields(const char *line)
{
	uint64_t n = 1;

	for (; *line; line++)
		n += *line == ',';
	return n;
}

static void check_same_figures(const char *name, const struct run_results *a,
			       const struct run_results *b, bool latency)
{
	char label[192];

	for (int p = 0; p < PHASE_COUNT; p++)
		check_phase(name, b, (enum phase_id)p, a->phase[p].state,
			    (double)(int64_t)a->phase[p].rate +
				    (p == PHASE_SEEKS ? 0.8 : 0),
			    a->phase[p].cpu_pct,
			    latency ? a->phase[p].lat.max_ns : 0);
	snprintf(label, sizeof(label), "%s parameters", name);
	CHECK(label, b->io.size_mib == a->io.size_mib &&
			     b->io.chunk_bytes == a->io.chunk_bytes &&
			     b->files.count_k == a->files.count_k &&
			     b->files.max_bytes == a->files.max_bytes &&
			     b->files.min_bytes == a->files.min_bytes &&
			     b->files.dirs == a->files.dirs &&
			     strcmp(a->machine, b->machine) == 0);
}

/* A comma or control byte in a name would shift every later field. */
static void test_unsafe_text(void)
{
	struct run_results a = rich_run("rack 3, slot\t2"), b;
	struct parse_error err;
	char *line = csv(&a, CSV_198);

	CHECK("comma in a machine name", strstr(line, ",rack 3_ slot_2,") != NULL);
	CHECK("comma in a machine name parses", csv_parse_line(line, &b, &err) == 1 &&
						      strcmp(b.machine, "rack 3_ slot_2") == 0);
	free(line);

	/* A name a spreadsheet would run as a formula: written after a ',
	 * read back without it, in every layout. */
	static const char *const formulas[] = { "=HYPERLINK(\"http://x\";\"y\")",
						"+1", "-2", "@SUM(A1)" };
	for (size_t i = 0; i < sizeof(formulas) / sizeof(formulas[0]); i++) {
		for (int f = CSV_103; f <= CSV_198; f++) {
			char name[96], quoted[64];

			a = rich_run(formulas[i]);
			line = csv(&a, (enum csv_format)f);
			snprintf(quoted, sizeof(quoted), "'%s", formulas[i]);
			snprintf(name, sizeof(name), "formula %s, layout %d: quoted", formulas[i], f);
			CHECK(name, strstr(line, quoted) != NULL);
			snprintf(name, sizeof(name), "formula %s, layout %d: read back", formulas[i], f);
			CHECK(name, csv_parse_line(line, &b, &err) == 1 &&
				    strcmp(b.machine, formulas[i]) == 0);
			free(line);
		}
	}
	a = rich_run("'plain");
	line = csv(&a, CSV_198);
	CHECK("a name that starts with ' (no formula) kept as it is",
	      csv_parse_line(line, &b, &err) == 1 && strcmp(b.machine, "'plain") == 0);
	free(line);

	/*
	 * Text that grows where its characters are named (U+0098 is written
	 * "[U+0098]"), as long as the reader keeps, and a version from JSON
	 * with characters the version field does not take: every layout's
	 * line reads back, and reads back the same the second time.
	 */
	static const char *const versions[] = { "1.0 beta+git", "", "-rc1" };
	for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
		for (int f = CSV_103; f <= CSV_198; f++) {
			char name[96], *again;
			struct run_results c;

			a = rich_run("#");
			while (strlen(a.machine) + 2 < sizeof(a.machine))
				strcat(a.machine, "\xc2\x98");
			strcpy(a.seed, "");
			while (strlen(a.seed) + 2 < sizeof(a.seed))
				strcat(a.seed, "\xe2\x80\xae");
			snprintf(a.version, sizeof(a.version), "%s", versions[v]);
			if (v == 2)
				strcpy(a.program, "bonnie++");
			line = csv(&a, (enum csv_format)f);
			snprintf(name, sizeof(name), "named text, version '%s', layout %d: read back",
				 versions[v], f);
			CHECK(name, csv_parse_line(line, &b, &err) == 1 &&
				    strstr(b.machine, "[U+0098]") && !strstr(b.machine, "\xc2\x98"));
			snprintf(name, sizeof(name), "named text, version '%s', layout %d: seed named",
				 versions[v], f);
			if (f != CSV_103) /* a 1.03 line has no seed */
				CHECK(name, strstr(b.seed, "[U+202E]") &&
					    !strstr(b.seed, "\xe2\x80\xae"));
			snprintf(name, sizeof(name), "named text, version '%s', layout %d: version",
				 versions[v], f);
			CHECK_STR(name, b.version,
				  f == CSV_103 ? "1.03" /* the reader's, for the layout */
				  : v == 0     ? "1.0_beta_git"
				  : v == 1     ? "unknown"
					       : "-rc1");
			again = csv(&b, (enum csv_format)f);
			snprintf(name, sizeof(name), "named text, version '%s', layout %d: second trip",
				 versions[v], f);
			CHECK(name, csv_parse_line(again, &c, &err) == 1);
			free(line);
			line = csv(&c, (enum csv_format)f);
			CHECK_STR(name, line, again);
			free(line);
			free(again);
		}
	}
}

static void test_round_trips(void)
{
	static const char *const names[] = { "1.03", "1.96", "1.97", "1.98" };
	struct run_results a = rich_run("round trip box"), b, io_only, files_only;
	struct parse_error err;
	char label[128];

	for (int f = CSV_103; f <= CSV_198; f++) {
		char *line = csv(&a, (enum csv_format)f), *again;

		snprintf(label, sizeof(label), "round trip %s", names[f]);
		CHECK(label, csv_parse_line(line, &b, &err) == 1);
		check_same_figures(label, &a, &b, f != CSV_103);
		snprintf(label, sizeof(label), "round trip %s identity", names[f]);
		CHECK(label, f == CSV_103 ? strcmp(b.program, "bonnie++") == 0
				: strcmp(b.program, "clyde") == 0 &&
					  strcmp(b.version, GOLDEN_RUN_VERSION) == 0 &&
					  strcmp(b.seed, "777") == 0 &&
					  b.concurrency == 3);
		snprintf(label, sizeof(label), "round trip %s seeks/seekers", names[f]);
		CHECK(label, f == CSV_198 ? b.io.seeks == 16384 && b.io.seekers == 7
					  : b.io.seeks == DEFAULT_SEEKS &&
						    b.io.seekers == DEFAULT_SEEKERS);
		again = csv(&b, (enum csv_format)f);
		snprintf(label, sizeof(label), "round trip %s same line", names[f]);
		CHECK_STR(label, again, line);
		if (f == CSV_198)
			CHECK("round trip 1.98 version field",
			      strstr(line, "1.98,clyde-" GOLDEN_RUN_VERSION ",") == line);
		free(again);
		/* Without I/O tests and without file tests. */
		io_only = a;
		io_only.files.count_k = 0;
		files_only = a;
		files_only.io.size_mib = 0;
		for (int p = 0; p < PHASE_COUNT; p++)
			(p < PHASE_FILE_FIRST ? &files_only : &io_only)->phase[p] =
				(struct phase_result){ .state = FIGURE_NONE };
		free(line);
		line = csv(&io_only, (enum csv_format)f);
		snprintf(label, sizeof(label), "round trip %s -n 0", names[f]);
		CHECK(label, csv_parse_line(line, &b, &err) == 1 &&
				     b.files.count_k == 0 &&
				     b.phase[PHASE_READ].rate == 2147483648.0);
		free(line);
		line = csv(&files_only, (enum csv_format)f);
		snprintf(label, sizeof(label), "round trip %s -s 0", names[f]);
		CHECK(label, csv_parse_line(line, &b, &err) == 1 &&
				     b.io.size_mib == 0 && b.files.dirs == 4);
		snprintf(label, sizeof(label), "round trip %s -s 0 fields", names[f]);
		CHECK_U64(label, count_fields(line), f == CSV_103 ? 27 : f == CSV_198 ? 50 : 48);
		free(line);
	}
}

/* LINE with field IDX replaced by VALUE, in a static-free caller buffer. */
static void with_field(char *out, size_t size, const char *line, int idx,
		       const char *value)
{
	const char *start = line;
	size_t used = 0;

	for (int i = 0; i < idx && start; i++) {
		start = strchr(start, ',');
		start = start ? start + 1 : NULL;
	}
	if (!start) {
		snprintf(out, size, "%s", line);
		return;
	}
	used = (size_t)(start - line);
	snprintf(out, size, "%.*s%s%s", (int)used, line, value,
		 start + strcspn(start, ","));
}

static const char good_198[] = "1.98,2.00a,testhost,1,1796210787,512M,,8192,5,2126,99,335052,83,+++++,+++,3246,99,+++++,+++,+++++,+++,64,,,,,47306,98,+++++,+++,100761,92,25654,97,+++++,+++,98670,91,4132us,319us,156us,4354us,159us,5187us,2912us,756us,14475us,12437us,566us,3603us";
static const char good_s0_198[] = "1.98,2.00a,testhost,1,12345,,,,,,,,,,,,,,,,,2,,,,,1221,67,+++++,+++,+++++,+++,1122,66,+++++,+++,+++++,+++,,,,,,,2768us,232us,7984us,7194us,61us,8728us";
static const char good_196[] = "1.96,1.96,h,1,3,32M,,2443,99,+++++,+++,+++++,+++,3096,99,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,4279us,92us,72us,2819us,77us,7845us,,,,,,";
static const char good_103[] = "testhost,1G,125734,98,1087263,99,+++++,+++,261979,99,+++++,+++,+++++,+++,16:1000:100/2,11029,99,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++";

static void expect_bad(const char *name, const char *line, const char *reason)
{
	struct run_results r;
	struct parse_error err = { "" };
	int rc = csv_parse_line(line, &r, &err);
	char label[160];

	snprintf(label, sizeof(label), "bad line %s", name);
	if (rc != -1 || !strstr(err.msg, reason))
		printf("# %s: rc %d, reason \"%s\", want \"%s\"\n", name, rc,
		       err.msg, reason);
	CHECK(label, rc == -1 && strstr(err.msg, reason) != NULL);
}

static void expect_bad_field(const char *name, const char *good, int idx,
			     const char *value, const char *reason)
{
	char line[1024];

	with_field(line, sizeof(line), good, idx, value);
	expect_bad(name, line, reason);
}

static void test_bad_lines(void)
{
	char line[1024], *big;
	struct run_results r;
	struct parse_error err;

	snprintf(line, sizeof(line), "%.*s", (int)(strrchr(good_198, ',') - good_198), good_198);
	expect_bad("49 fields", line, "expected 50 fields for format 1.98, got 49");
	snprintf(line, sizeof(line), "%s,", good_198);
	expect_bad("51 fields", line, "expected 50 fields for format 1.98, got 51");
	expect_bad_field("1.97 with 47 fields", "1.97,1.97,h,1,3,,,,,,,,,,,,,,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,474us,71us,316us,1250us,10us,63us", 0, "1.97", "expected 48 fields for format 1.97, got 47");
	snprintf(line, sizeof(line), "%.*s", (int)(strrchr(good_196, ',') - good_196), good_196);
	expect_bad("1.96 47 fields with I/O", line, "expected 48 fields for format 1.96, got 47");
	snprintf(line, sizeof(line), "%.*s", (int)(strrchr(good_103, ',') - good_103), good_103);
	expect_bad("1.03 26 fields", line, "expected 27 fields for format 1.03, got 26");
	expect_bad_field("unknown version", good_198, 0, "1.99", "unknown format version '1.99'");
	expect_bad("a lone word", "hello", "expected 27 fields for format 1.03, got 1");
	expect_bad_field("letters in a number", good_198, 11, "12a", "field 11 (put_block): not a number: '12a'");
	expect_bad_field("+++++ in a cpu field", good_198, 12, "+++++", "field 12 (put_block_cpu): '+++++' belongs in a rate field");
	expect_bad_field("+++ in a rate field", good_198, 11, "+++", "field 11 (put_block): '+++' belongs in a cpu field");
	expect_bad_field("+++++ with a number", good_198, 14, "83", "field 14 (rewrite_cpu): expected '+++' after '+++++'");
	expect_bad_field("number with +++", good_198, 12, "+++", "field 12 (put_block_cpu): '+++' needs '+++++'");
	expect_bad_field("cpu without rate", good_198, 9, "", "field 10 (putc_cpu): cpu without a rate");
	expect_bad_field("rate without cpu", good_198, 10, "", "field 10 (putc_cpu): missing cpu");
	expect_bad_field("latency 12xs", good_198, 39, "12xs", "field 39 (put_block_latency): bad latency: '12xs'");
	expect_bad_field("latency with a space", good_198, 38, "12 us", "bad latency");
	expect_bad_field("latency without digits", good_198, 44, "ms", "field 44 (seq_create_latency): bad latency");
	expect_bad_field("negative rate", good_198, 9, "-5", "field 9 (putc): negative number: '-5'");
	expect_bad_field("decimal outside seeks", good_198, 11, "12.5", "field 11 (put_block): not a number");
	expect_bad_field("seeks 1.2.3", good_196, 17, "1.2.3", "field 17 (seeks): not a number");
	expect_bad_field("rate too large", good_198, 9, "99999999999999999999999", "field 9 (putc): number too large");
	expect_bad_field("empty machine name", good_198, 2, "", "field 2 (name): empty");
	expect_bad_field("empty 1.03 machine", good_103, 0, "", "field 0 (name): empty");
	expect_bad_field("bad size", good_198, 5, "64X", "field 5 (file_size): not a size: '64X'");
	expect_bad_field("chunk not a power of two", good_198, 6, "1000", "field 6 (io_chunk_size): not a chunk size");
	expect_bad_field("concurrency 0", good_198, 3, "0", "field 3 (concurrency): out of range: '0'");
	expect_bad_field("concurrency 2^32", good_196, 3, "4294967296", "field 3 (concurrency): out of range");
	with_field(line, sizeof(line), good_196, 3, "4096");
	CHECK("concurrency 4096 (clyde-mpi's ranks x -c)",
	      csv_parse_line(line, &r, &err) == 1 && r.concurrency == 4096);
	expect_bad_field("bad version text", good_198, 1, "2.00a!", "field 1 (bonnie_version): not a version");
	expect_bad_field("result without a size", good_s0_198, 11, "5", "field 11 (put_block): value without a file size");
	expect_bad_field("latency without a result", good_s0_198, 38, "5us", "field 38 (putc_latency): latency for a test without a result");
	expect_bad_field("min without max", good_198, 23, "100", "field 23 (min_size): min size without a max size");
	with_field(line, sizeof(line), good_198, 22, "100");
	expect_bad_field("min above max", line, 23, "1000", "field 23 (min_size): out of range");
	expect_bad_field("file value without count", good_198, 21, "", "field 26 (seq_create): value without a file count: '47306'");
	expect_bad_field("file count 0", good_198, 21, "0", "field 21 (num_files): out of range");
	expect_bad_field("1.03 bad spec", good_103, 14, "16:abc", "field 14 (num_files): not a file spec");
	expect_bad_field("1.03 bad size", good_103, 1, "1X", "field 1 (file_size): not a size");
	expect_bad_field("47-field line numbering", "1.96,1.96,h,1,3,,,,,,,,,,,,,,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,474us,71us,316us,1250us,10us,63us", 23, "+++", "field 23 (seq_create): '+++' belongs in a cpu field");
	snprintf(line, sizeof(line), "%s", good_198);
	line[20] = '\0'; /* a NUL in the middle: the rest is not seen */
	expect_bad("NUL byte", line, "expected 50 fields for format 1.98, got 4");
	expect_bad_field("binary byte", good_198, 2, "test\xff", "binary byte 0xff");
	expect_bad_field("bad UTF-8", good_198, 2, "\xc3\x28", "binary byte 0xc3");
	expect_bad_field("control character", good_198, 2, "te\x01st", "control character 0x01");
	expect_bad_field("tab", good_198, 4, "1\t2", "control character 0x09");
	big = malloc(70 * 1024 + 1);
	memset(big, 'a', 70 * 1024);
	big[70 * 1024] = '\0';
	expect_bad("70 KB line", big, "line longer than 65536 bytes");
	free(big);

	CHECK("skip empty line", csv_parse_line("", &r, &err) == 0);
	CHECK("skip newline", csv_parse_line("\n", &r, &err) == 0);
	CHECK("skip comment", csv_parse_line("# run on monday\n", &r, &err) == 0);
	CHECK("skip 1.98 header", csv_parse_line("format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,putc\n", &r, &err) == 0);
	CHECK("skip 1.03 header", csv_parse_line("name,file_size,putc,putc_cpu,put_block\n", &r, &err) == 0);
	snprintf(line, sizeof(line), "%s\r\n", good_198);
	CHECK("CRLF line", csv_parse_line(line, &r, &err) == 1);
	with_field(line, sizeof(line), good_198, 2, "M\xc3\xbcnchen-\xe2\x82\xac");
	CHECK("UTF-8 machine name", csv_parse_line(line, &r, &err) == 1 &&
					    strcmp(r.machine, "M\xc3\xbcnchen-\xe2\x82\xac") == 0);
}

static void test_latency_parser(void)
{
	uint64_t ns = 1;

	CHECK("latency 56us", csv_parse_latency("56us", &ns) == 0 && ns == 56000);
	CHECK("latency 1366ms", csv_parse_latency("1366ms", &ns) == 0 && ns == MS(1366));
	CHECK("latency 123s", csv_parse_latency("123s", &ns) == 0 && ns == UINT64_C(123000000000));
	CHECK("latency empty", csv_parse_latency("", &ns) == 0 && ns == 0);
	CHECK("latency 12xs", csv_parse_latency("12xs", &ns) == -1);
	CHECK("latency us", csv_parse_latency("us", &ns) == -1);
	CHECK("latency -5us", csv_parse_latency("-5us", &ns) == -1);
	CHECK("latency 12", csv_parse_latency("12", &ns) == -1);
	CHECK("latency overflow", csv_parse_latency("18446744073709551615us", &ns) == -1);
	CHECK("latency 99999us round trip", csv_parse_latency("99999us", &ns) == 0 && ns == US(99999));
}

/*
 * Lines for tests/cli/csv_bonnie_tools.sh: names short enough for
 * bon_csv2txt's labels; the fourth starts like a spreadsheet formula and
 * the fifth holds a bidi control, as clyde writes them (a ', a name).
 */
static int emit_198(const char *path)
{
	struct run_results runs[5] = { rich_run("qa1"), rich_run("qb2"), rich_run("qc3"),
				       rich_run("=qd4"), rich_run("qe5\xe2\x80\xae") };
	FILE *out = fopen(path, "w");

	if (!out)
		return 1;
	runs[1].io.size_mib = 0;
	runs[1].files.max_bytes = FILES_SYMLINKS;
	runs[1].files.min_bytes = 0;
	runs[2].files.count_k = 0;
	runs[2].io.chunk_bytes = 8192;
	for (int p = 0; p < PHASE_COUNT; p++)
		runs[p < PHASE_FILE_FIRST ? 1 : 2].phase[p].state = FIGURE_NONE;
	for (int i = 0; i < 5; i++)
		fmt_csv_line(out, &runs[i], CSV_198);
	return fclose(out) == 0 ? 0 : 1;
}

static char *header(enum csv_format format)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	fmt_csv_header(mem, format);
	fclose(mem);
	return text;
}

/* 2.00a's real header (repeat2) is 1.97's; clyde's 1.98 one names all 50 fields. */
static void test_headers(void)
{
	FILE *f = fopen("tests/golden/fixtures/repeat2.stdout", "r");
	char fixture[2048] = "";
	char *h198 = header(CSV_198), *h197 = header(CSV_197);
	char *h196 = header(CSV_196), *h103 = header(CSV_103);
	char want[2048];
	const char *at;

	if (f) {
		if (!fgets(fixture, sizeof(fixture), f))
			fixture[0] = '\0';
		fclose(f);
	}
	CHECK("header fixture", strncmp(fixture, "format_version,", 15) == 0);
	CHECK_STR("header 1.97 = bonnie++'s", h197, fixture);
	at = strstr(fixture, "io_chunk_size,");
	at = at ? at + strlen("io_chunk_size,") : fixture;
	snprintf(want, sizeof(want), "%.*sseek_count,seek_proc_count,%s",
		 (int)(at - fixture), fixture, at);
	CHECK_STR("header 1.98 with seek_count,seek_proc_count", h198, want);
	CHECK_STR("header 1.96 = 1.97's, with concurrency,seed", h196,
		   "format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,max_size,min_size,num_dirs,file_chunk_size,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu,putc_latency,put_block_latency,rewrite_latency,getc_latency,get_block_latency,seeks_latency,seq_create_latency,seq_stat_latency,seq_del_latency,ran_create_latency,ran_stat_latency,ran_del_latency\n");
	CHECK_STR("header 1.03", h103,
		   "name,file_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu\n");
	free(h198);
	free(h197);
	free(h196);
	free(h103);
}

/*
 * Every header names every field of the lines under it, whatever the run
 * left out: a CSV reader keys each value by the name above it.
 */
static void test_header_counts(void)
{
	static const char *const names[] = { "1.03", "1.96", "1.97", "1.98" };
	static const char *const shapes[] = { "full", "-s 0", "-n 0" };
	char label[96];

	for (int f = CSV_103; f <= CSV_198; f++) {
		char *h = header((enum csv_format)f);

		for (int s = 0; s < 3; s++) {
			struct run_results r = rich_run("counted");
			char *line;

			if (s == 1)
				r.io.size_mib = 0;
			if (s == 2)
				r.files.count_k = 0;
			for (int p = 0; p < PHASE_COUNT; p++)
				if ((s == 1 && p < PHASE_FILE_FIRST) ||
				    (s == 2 && p >= PHASE_FILE_FIRST))
					r.phase[p].state = FIGURE_NONE;
			line = csv(&r, (enum csv_format)f);
			snprintf(label, sizeof(label), "header %s names every field (%s)",
				 names[f], shapes[s]);
			CHECK_U64(label, count_fields(h), count_fields(line));
			free(line);
		}
		free(h);
	}
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--emit-198") == 0)
		return emit_198(argv[2]);
	test_reference_198();
	test_reference_19x_103();
	test_round_trips();
	test_unsafe_text();
	test_bad_lines();
	test_latency_parser();
	test_headers();
	test_header_counts();
	return check_done();
}
