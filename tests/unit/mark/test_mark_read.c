/* SPDX-License-Identifier: MIT */
/*
 * test_mark_read.c - mark_read.c and mark_read_json.c: every golden output
 * of clyde mark (tests/golden/mark) reads back to results that fmt_mark
 * writes again byte for byte, CSV and JSON agree, several marks in one
 * input come apart where they should, and bad input is refused with its
 * place named.
 */
#include <math.h>

#include "mark/fmt_mark.h"
#include "golden.h"
#include "mark/mark_read.h"

#define GOLDEN "tests/golden/mark"

static const char *const bases[] = { "default", "tests-best", "steady" };

static char *golden_text(const char *base, const char *ext)
{
	char path[128];

	snprintf(path, sizeof(path), GOLDEN "/%s.%s", base, ext);
	char *file = golden_read(path);
	char *text = golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION);

	free(file);
	return text;
}

/* Every line of TEXT into SET; the count of lines refused. */
static int csv_read(struct mark_set *set, const char *text, char *why, size_t len)
{
	int bad = 0;

	while (*text) {
		size_t n = strcspn(text, "\n");
		struct parse_error err = { "" };

		if (mark_csv_line(set, text, n + (text[n] == '\n'), &err) < 0) {
			if (!bad++)
				snprintf(why, len, "%s", err.msg);
		}
		text += n + (text[n] == '\n');
	}
	return bad;
}

static char *render_csv(const struct mark_results *m, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	for (size_t i = 0; i < n; i++) {
		fmt_mark_csv_header(mem);
		fmt_mark_csv(mem, &m[i]);
	}
	fclose(mem);
	return text;
}

static char *render_json(const struct mark_results *m)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	fmt_mark_json(mem, m);
	fclose(mem);
	return text;
}

/* What the CSV holds of a test, the same from either reader. */
static bool same_score(const struct mark_result *a, const struct mark_result *b)
{
	return a->writes == b->writes && memcmp(&a->test, &b->test, sizeof(a->test)) == 0 &&
	       fabs(a->score.mb_per_s - b->score.mb_per_s) < 0.0005 &&
	       fabs(a->score.iops - b->score.iops) < 0.05 &&
	       fabs(a->score.mean_us - b->score.mean_us) < 0.005 &&
	       llabs((long long)a->lat.p99_ns - (long long)b->lat.p99_ns) <= 5 &&
	       llabs((long long)a->lat.max_ns - (long long)b->lat.max_ns) <= 5 &&
	       a->dev.known == b->dev.known && a->n_runs == b->n_runs;
}

static void test_round_trip(const char *base)
{
	char name[128], why[160] = "";
	char *csv = golden_text(base, "csv"), *json = golden_text(base, "json");
	struct mark_set from_csv = { 0 }, from_json = { 0 };
	struct parse_error err = { "" };

	snprintf(name, sizeof(name), "%s.csv reads as one mark", base);
	CHECK(name, csv && csv_read(&from_csv, csv, why, sizeof(why)) == 0 &&
			    from_csv.n == 1);
	if (why[0])
		printf("# %s\n", why);
	snprintf(name, sizeof(name), "%s.json reads as one mark", base);
	CHECK(name, json && mark_json_read(&from_json, json, strlen(json), &err) == 0 &&
			    from_json.n == 1);
	if (err.msg[0])
		printf("# %s\n", err.msg);
	if (from_csv.n != 1 || from_json.n != 1)
		goto out;
	char *again = render_csv(from_csv.v, 1);
	snprintf(name, sizeof(name), "%s.csv written again is the same", base);
	golden_check_text(name, again, csv);
	free(again);
	again = render_json(from_json.v);
	snprintf(name, sizeof(name), "%s.json written again is the same", base);
	golden_check_text(name, again, json);
	free(again);
	bool same = from_csv.v->n == from_json.v->n &&
		    strcmp(from_csv.v->machine, from_json.v->machine) == 0 &&
		    strcmp(from_csv.v->profile, from_json.v->profile) == 0 &&
		    /* the CSV names no score for a --tests list: mean */
		    (from_csv.v->score == from_json.v->score || !from_json.v->profile[0]) &&
		    from_csv.v->engine == from_json.v->engine &&
		    from_csv.v->runs == from_json.v->runs;
	for (size_t i = 0; same && i < from_csv.v->n; i++)
		same = same_score(&from_csv.v->tests[i], &from_json.v->tests[i]);
	snprintf(name, sizeof(name), "%s: CSV and JSON read to the same figures", base);
	CHECK(name, same);
out:
	mark_set_free(&from_csv);
	mark_set_free(&from_json);
	free(csv);
	free(json);
}

/* Several marks in one input: where one ends and the next begins. */
static void test_several(void)
{
	char *a = golden_text("default", "json"), *b = golden_text("tests-best", "json");
	char *ca = golden_text("default", "csv"), *cb = golden_text("tests-best", "csv");
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	char *text = NULL, why[160];
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	fprintf(mem, "%s\n%s[%.*s, %s]\n[]", a, b, (int)strlen(a) - 1, a, b);
	fclose(mem);
	CHECK("JSON: an object, an object, an array of two, an empty array",
	      mark_json_read(&set, text, len, &err) == 0 && set.n == 4 &&
		      strcmp(set.v[1].profile, "") == 0 &&
		      strcmp(set.v[2].profile, "default") == 0 && set.v[3].n == 4);
	mark_set_free(&set);
	free(text);
	/* Two files one after another, the second with and without its header. */
	CHECK("CSV: two marks, each after its header",
	      csv_read(&set, ca, why, sizeof(why)) == 0 &&
		      csv_read(&set, cb, why, sizeof(why)) == 0 && set.n == 2 &&
		      set.v[0].n == 8 && set.v[1].n == 4);
	mark_set_free(&set);
	CHECK("CSV: the same mark twice, no header between, is two marks",
	      csv_read(&set, ca, why, sizeof(why)) == 0 &&
		      csv_read(&set, strchr(ca, '\n') + 1, why, sizeof(why)) == 0 &&
		      set.n == 2 && set.v[1].n == 8);
	mark_set_free(&set);
	CHECK("CSV: another profile without a header is another mark",
	      csv_read(&set, ca, why, sizeof(why)) == 0 &&
		      csv_read(&set, strchr(cb, '\n') + 1, why, sizeof(why)) == 0 &&
		      set.n == 2);
	CHECK("mark_csv_is_mark: header and data lines, not a classic line",
	      mark_csv_is_mark(ca, strlen(ca)) &&
		      mark_csv_is_mark(strchr(ca, '\n') + 1, 10) &&
		      !mark_csv_is_mark("1.98,2.00a,box,1,17", 19) &&
		      !mark_csv_is_mark("mark", 4));
	mark_set_free(&set);
	free(a);
	free(b);
	free(ca);
	free(cb);
}

#define LINE_HEAD "mark,clyde-1.0,box,default,"
#define GOOD_TAIL ",3,2,64,532.932,508.2,1104.64,1892.35,1912.00,,,io_uring"

static void bad_csv(const char *line, const char *why)
{
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	char name[200];
	int rc = mark_csv_line(&set, line, strlen(line), &err);

	snprintf(name, sizeof(name), "CSV refused (%s)", why);
	CHECK(name, rc == -1 && set.n == 0 && strstr(err.msg, why));
	if (rc != -1 || !strstr(err.msg, why))
		printf("# '%s': %d '%s'\n", line, rc, err.msg);
	mark_set_free(&set);
}

static void test_bad_csv(void)
{
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	const char *good = LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL;

	CHECK("CSV: a good line is taken",
	      mark_csv_line(&set, good, strlen(good), &err) == 1 && set.n == 1 &&
		      set.v[0].tests[0].lat.p99_ns == 1892350 &&
		      set.v[0].tests[0].score.elapsed_ns == 6000000000u);
	CHECK("CSV: a blank line is skipped", mark_csv_line(&set, " \r\n", 3, &err) == 0);
	CHECK("CSV: a line of 21 fields, from before --method, ran for its time",
	      set.v[0].method == MARK_BY_TIME);
	mark_set_free(&set);
	{
		const char *sized = LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL
				    ",size";
		CHECK("CSV: the method field",
		      mark_csv_line(&set, sized, strlen(sized), &err) == 1 && set.n == 1 &&
			      set.v[0].method == MARK_BY_SIZE);
		mark_set_free(&set);
	}
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL ",fast",
		"field 21 (method)");
	bad_csv("mark,clyde-1.0,box", "fewer fields");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL ",size,x",
		"more fields");
	bad_csv("mork,clyde-1.0,box,default,SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL,
		"field 0 (format)");
	bad_csv("mark,1.0,box,default,SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL,
		"field 1 (version)");
	bad_csv("mark,clyde-1.0,,default,SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL,
		"field 2 (machine): empty");
	bad_csv("mark,clyde-1.0,b\tx,default,SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL,
		"field 2 (machine): a control");
	bad_csv("mark,clyde-1.0,b\xff,default,SEQ1M Q8T1,read,sequential,1048576,8,1" GOOD_TAIL,
		"field 2 (machine): not UTF-8");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,11,2,64,1,1,1,1,1,,,io_uring",
		"field 10 (runs)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,both,sequential,1048576,8,1" GOOD_TAIL, "field 5 (op)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,linear,1048576,8,1" GOOD_TAIL, "field 6 (pattern)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,-1,8,1" GOOD_TAIL, "field 7 (block_bytes)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1000000,8,1" GOOD_TAIL, "power of two");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,0,1" GOOD_TAIL, "queue depth 0");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,999" GOOD_TAIL, "threads 999");
	bad_csv(LINE_HEAD "SEQ1M Q8T2,read,sequential,1048576,8,1" GOOD_TAIL, "not what its fields");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,1e3,1,1,1,1,,,io_uring",
		"field 13 (mb_per_s)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,1,,1,1,1,,,io_uring",
		"field 14 (iops)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,1,1,1,1,nan,,,io_uring",
		"field 17 (max_us)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,,,,,,12,,io_uring",
		"field 19 (device_write_bytes)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,,,,,,"
			  "99999999999999999999,1,io_uring", "field 18");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,3,2,64,,,,,,,,psync",
		"field 20 (engine)");
	bad_csv(LINE_HEAD "SEQ1M Q8T1,read,sequential,1048576,8,1,0,2,64,1,1,1,1,1,,,io_uring",
		"figures without runs");
}

static void bad_json(const char *text, const char *why)
{
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	char name[200];
	int rc = mark_json_read(&set, text, strlen(text), &err);

	snprintf(name, sizeof(name), "JSON refused (%s)", why);
	CHECK(name, rc == -1 && strstr(err.msg, why));
	if (rc != -1 || !strstr(err.msg, why))
		printf("# %d '%s'\n", rc, err.msg);
	mark_set_free(&set);
}

/* The golden default.json with FROM replaced by TO, refused for WHY. */
static void bad_edit(const char *from, const char *to, const char *why)
{
	char *json = golden_text("default", "json");
	char *bad = golden_replace(json, from, to);

	CHECK(from, json && strstr(json, from));
	bad_json(bad, why);
	free(bad);
	free(json);
}

static void test_bad_json(void)
{
	char *json = golden_text("default", "json");
	char *two = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&two, &len);

	{
		struct json_error jerr;
		struct json_value *doc = json_parse(json, strlen(json), NULL, &jerr);
		struct mark_set set = { 0 };
		struct parse_error err = { "" };

		CHECK("mark_json_document: a parsed mark object",
		      doc && mark_json_document(&set, doc, &err) == 0 && set.n == 1 &&
			      set.v[0].n == 8);
		json_free(doc);
		doc = json_parse("[{\"kind\": \"run\"}]", 17, NULL, &jerr);
		CHECK("mark_json_document: refused with its path, nothing added",
		      doc && mark_json_document(&set, doc, &err) == -1 && set.n == 1 &&
			      strcmp(err.msg, "[0].kind: not \"mark\"") == 0);
		json_free(doc);
		mark_set_free(&set);
	}
	bad_json("", "no JSON document");
	bad_json(" \n ", "no JSON document");
	bad_json("{\"kind\": \"mark\"", "line 1, column 16");
	bad_json("[1]", "[0]: not a clyde mark object");
	bad_json("null", "not a clyde mark object");
	bad_json("{\"program\": \"clyde\"}", "kind: missing");
	bad_json("{\"kind\": \"run\"}", "kind: not \"mark\"");
	fprintf(mem, "%s  {\"kind\": tru}", json);
	fclose(mem);
	{
		char want[64];
		size_t lines = 0;

		for (const char *p = json; *p; p++)
			lines += *p == '\n';
		snprintf(want, sizeof(want), "line %zu, column 12", lines + 1);
		bad_json(two, want);
	}
	free(two);
	free(json);
	bad_edit("\"op\": \"read\"", "\"op\": \"trim\"", "tests[0].op");
	bad_edit("\"block_bytes\": 1048576", "\"block_bytes\": 1048577", "tests[0].name");
	bad_edit("\"depth\": 8", "\"depth\": 2000", "queue depth 2000");
	bad_edit("\"name\": \"SEQ1M Q8T1\"", "\"name\": \"SEQ1M Q9T1\"", "not what its fields");
	bad_edit("\"runs\": 3", "\"runs\": 11", "config.runs: more than 10");
	bad_edit("\"seed\": \"99\"", "\"seed\": \"9x\"", "config.seed");
	bad_edit("\"seed\": \"99\"", "\"seed\": \"18446744073709551616\"", "config.seed");
	bad_edit("\"engine\": \"io_uring\"", "\"engine\": \"spdk\"", "config.engine: unknown value \"spdk\"");
	bad_edit("\"score\": \"mean\"", "\"score\": \"median\"", "score");
	bad_edit("\"method\": \"size\"", "\"method\": \"fast\"", "config.method: not size or time");
	{
		char *json_golden = golden_text("default", "json");
		char *old = golden_replace(json_golden, "\"method\": \"size\", ", "");
		struct mark_set set = { 0 };
		struct parse_error err = { "" };

		CHECK("JSON: a mark from before --method ran for its time",
		      old && mark_json_read(&set, old, strlen(old), &err) == 0 && set.n == 1 &&
			      set.v[0].method == MARK_BY_TIME);
		mark_set_free(&set);
		free(old);
		free(json_golden);
	}
	bad_edit("\"environment\"", "\"environs\"", "environment: missing");
	bad_edit("\"layout\": {", "\"layout\": 1, \"x\": {", "layout");
	bad_edit("\"mb_per_s\": 532.9315495219423", "\"mb_per_s\": -1", "tests[0].mb_per_s: negative");
	bad_edit("\"disk_percent\": null", "\"disk_percent\": 101", "disk_percent");
	bad_edit("\"elapsed_s\": ", "\"elapsed_s\": -", "elapsed_s");
	bad_edit("\"runs\": [", "\"runs\": 1, \"r\": [", "tests[0].runs: not an array");
}

/* The golden steady.json with FROM replaced by TO, refused for WHY. */
static void bad_steady(const char *from, const char *to, const char *why)
{
	char *json = golden_text("steady", "json");
	char *bad = golden_replace(json, from, to);

	CHECK(from, json && strstr(json, from));
	bad_json(bad, why);
	free(bad);
	free(json);
}

static void test_bad_steady(void)
{
	struct mark_set set = { 0 };
	struct parse_error err = { "" };
	char *json = golden_text("steady", "json");
	char *old = golden_replace(json, "\"steady\": {\"end\"", "\"unsteady\": {\"end\"");

	CHECK("steady: JSON before --steady reads as no rounds",
	      old && mark_json_read(&set, old, strlen(old), &err) == 0 && set.n == 1 &&
		      set.v[0].tests[0].steady.end == STEADY_OFF);
	mark_set_free(&set);
	free(old);
	old = golden_replace(json, "\"removal\": {", "\"remove\": {");
	CHECK("removal: JSON before it reads as unknown",
	      old && mark_json_read(&set, old, strlen(old), &err) == 0 && set.n == 1 &&
		      !set.v[0].removal.known && set.v[0].trim.done);
	mark_set_free(&set);
	free(old);
	free(json);
	bad_steady("\"end\": \"settled\"", "\"end\": \"bored\"", "tests[0].steady.end");
	bad_steady("\"window_first\": 2", "\"window_first\": 7",
		   "tests[0].steady.window_first: past the last round");
	bad_steady("[30, 24,", "[30, -24,", "tests[0].steady.rounds: round 2: not a figure");
	bad_steady("\"round_s\": 10,", "\"round_s\": \"10\",", "tests[0].steady.round_s");
	bad_steady("\"removal\": {\"seconds\": 1.25", "\"removal\": {\"seconds\": -1",
		   "removal.seconds");
	bad_steady("\"trim\": {\"seconds\": 2.3, \"bytes\": 42949672960}",
		   "\"trim\": {\"seconds\": 2.3}", "trim.bytes: missing");
}

/*
 * A machine name with a comma, a C1 control and a formula's first character,
 * and one that its named characters make longer than the reader keeps: the
 * CSV line keeps its fields, names the control, quotes the formula, and reads
 * back to text that writes the same line again.
 */
static void test_unsafe_text(void)
{
	static const char *const names[] = { "=x\xc2\x98,y", NULL };
	char *csv = golden_text("default", "csv"), why[160] = "";
	struct mark_set set = { 0 };

	CHECK("unsafe text: the golden CSV reads", csv && csv_read(&set, csv, why, sizeof(why)) == 0 &&
							   set.n == 1);
	for (size_t i = 0; set.n == 1 && i < sizeof(names) / sizeof(names[0]); i++) {
		struct mark_results m = set.v[0];
		struct mark_set back = { 0 }, again = { 0 };
		char label[96];

		if (names[i]) {
			snprintf(m.machine, sizeof(m.machine), "%s", names[i]);
		} else {
			m.machine[0] = '\0';
			while (strlen(m.machine) + 2 < sizeof(m.machine))
				strcat(m.machine, "\xe2\x80\xae");
		}
		char *one = render_csv(&m, 1);
		snprintf(label, sizeof(label), "unsafe text %zu: the line reads back", i);
		CHECK(label, csv_read(&back, one, why, sizeof(why)) == 0 && back.n == 1);
		if (why[0])
			printf("# %s\n", why);
		if (back.n != 1) {
			free(one);
			continue;
		}
		snprintf(label, sizeof(label), "unsafe text %zu: what it read back", i);
		CHECK(label, names[i] ? strcmp(back.v[0].machine, "=x[U+0098]_y") == 0 &&
					       strstr(one, ",'=x[U+0098]_y,") != NULL
				      : strncmp(back.v[0].machine, "[U+202E]", 8) == 0);
		char *two = render_csv(back.v, 1);
		snprintf(label, sizeof(label), "unsafe text %zu: the second trip", i);
		CHECK(label, csv_read(&again, two, why, sizeof(why)) == 0 && again.n == 1);
		if (again.n == 1) {
			char *three = render_csv(again.v, 1);

			CHECK_STR(label, three, two);
			free(three);
		}
		free(one);
		free(two);
		mark_set_free(&back);
		mark_set_free(&again);
	}
	mark_set_free(&set);
	free(csv);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
		test_round_trip(bases[i]);
	test_several();
	test_unsafe_text();
	test_bad_csv();
	test_bad_json();
	test_bad_steady();
	return check_done();
}
