/* SPDX-License-Identifier: MIT */
/*
 * fuzz_json.c - fuzz harness for the JSON reader and clyde's JSON results
 * reader. Oracles: a text json_parse accepts writes back (json_write) as
 * UTF-8 that parses to an equal tree and writes identically again; a
 * refusal has a reason and a position inside the text; a tree that
 * json_results_from_tree accepts renders as the json format to a document that
 * reads back and renders byte-identically.
 */
#define FUZZ_NAME "json"
#include "fuzz.h"

#include "format/fmt.h"
#include "format/format.h"
#include "read/json_read.h"
#include "read/json_results.h"

static char *written(const struct json_value *v, size_t *len)
{
	char *text = NULL;
	FILE *mem = open_memstream(&text, len);

	if (!mem)
		abort();
	json_write(mem, v);
	if (fclose(mem) != 0)
		abort();
	return text;
}

static char *rendered(const struct run_results *runs, size_t n, bool array)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		abort();
	format_render(mem, format_default(FORMAT_JSON), runs, n,
		      &(struct render_opts){ .json_array = array });
	if (fclose(mem) != 0)
		abort();
	return text;
}

/* A refusal: a reason in UTF-8 and a position inside the text. */
static void check_refusal(const uint8_t *data, size_t size,
			  const struct json_error *err)
{
	size_t lines = 1, n = strnlen(err->msg, sizeof(err->msg));

	FUZZ_CHECK(n > 0 && n < sizeof(err->msg), "no reason given");
	FUZZ_CHECK(fuzz_utf8_ok(err->msg, n), "reason '%s' is not UTF-8", err->msg);
	FUZZ_CHECK(err->offset <= size, "offset %zu past %zu bytes", err->offset, size);
	for (size_t i = 0; i < err->offset && i < size; i++)
		lines += data[i] == '\n';
	FUZZ_CHECK(err->line == lines && err->column >= 1,
		   "position %zu:%zu for offset %zu (%zu lines)", err->line,
		   err->column, err->offset, lines);
}

/* What parsed writes back, reads back equal, and writes the same again. */
static void check_round_trip(const struct json_value *doc)
{
	struct json_error err;
	size_t len, len2;
	char *one = written(doc, &len), *two;
	struct json_value *again;

	FUZZ_CHECK(fuzz_utf8_ok(one, len), "written text is not UTF-8");
	again = json_parse(one, len, NULL, &err);
	FUZZ_CHECK(again != NULL, "written text '%.200s' does not parse: %zu:%zu %s",
		   one, err.line, err.column, err.msg);
	FUZZ_CHECK(json_equal(doc, again), "written text '%.200s' reads back different",
		   one);
	two = written(again, &len2);
	FUZZ_CHECK(len == len2 && memcmp(one, two, len) == 0,
		   "second write differs:\n'%.200s'\n'%.200s'", one, two);
	json_free(again);
	free(one);
	free(two);
}

/* Runs read from a tree render, read back, and render the same again. */
static void check_results(const struct json_value *doc)
{
	struct run_results *runs = NULL, *back = NULL;
	struct parse_error err = { "" };
	size_t n = 0, m = 0;
	bool array = doc->type == JSON_ARRAY;
	char *one, *two;

	if (json_results_from_tree(doc, &runs, &n, &err) != 0) {
		size_t len = strnlen(err.msg, sizeof(err.msg));

		FUZZ_CHECK(runs == NULL && n == 0, "failure left runs behind");
		FUZZ_CHECK(len > 0 && len < sizeof(err.msg), "no reason given");
		FUZZ_CHECK(fuzz_utf8_ok(err.msg, len), "reason '%s' not UTF-8", err.msg);
		return;
	}
	one = rendered(runs, n, array);
	FUZZ_CHECK(json_results_read(one, strlen(one), &back, &m, &err) == 0,
		   "the json output does not read back: %s\n%.400s", err.msg, one);
	FUZZ_CHECK(m == n, "%zu runs became %zu", n, m);
	two = rendered(back, m, array);
	FUZZ_CHECK(strcmp(one, two) == 0, "second render differs:\n%s\n%s", one, two);
	free(one);
	free(two);
	free(runs);
	free(back);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_error err;
	/* Limits the fuzzer can reach: 16 levels, 64 KiB. */
	struct json_limits limits = { 65536, 16 };
	struct json_value *doc = json_parse((const char *)data, size, &limits, &err);

	if (!doc) {
		check_refusal(data, size, &err);
		return 0;
	}
	check_round_trip(doc);
	check_results(doc);
	json_free(doc);
	return 0;
}
