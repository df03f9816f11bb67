/* SPDX-License-Identifier: MIT */
/*
 * test_json_read.c - tests of src/read/json_read.c and json_scan.c:
 * valid documents and the tree they give (escapes, surrogate pairs, raw
 * UTF-8, exact and inexact numbers), bad input of every kind with the
 * line and column reported (truncated, trailing garbage, bad escapes,
 * lone surrogates, overlong UTF-8, huge numbers, deep nesting, duplicate
 * keys, the limits), and the writer's round trip.
 */
#include <stdlib.h>

#include "check.h"
#include "read/json_read.h"

static char name_buf[200];

/* "WHAT: TEXT" with TEXT's control and non-ASCII bytes as \xNN, one line. */
static const char *named(const char *what, const char *text)
{
	size_t n = (size_t)snprintf(name_buf, sizeof(name_buf), "%s: ", what);

	for (const unsigned char *c = (const unsigned char *)text;
	     *c && n + 5 < sizeof(name_buf) && n < 80; c++)
		n += (size_t)snprintf(name_buf + n, sizeof(name_buf) - n,
				      *c < 0x20 || *c >= 0x7f ? "\\x%02x" : "%c", *c);
	return name_buf;
}

static struct json_value *parse(const char *text, struct json_error *err)
{
	return json_parse(text, strlen(text), NULL, err);
}

/* TEXT written back by json_write (malloc'd). */
static char *written(const struct json_value *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	json_write(mem, v);
	fclose(mem);
	return text;
}

/* TEXT parses, writes back as WANT (compact form), and that reads back equal. */
static void check_round(const char *text, const char *want)
{
	struct json_error err;
	struct json_value *v = parse(text, &err), *again;
	char *out;

	CHECK(named("parses", text), v != NULL);
	if (!v) {
		printf("# %zu:%zu %s\n", err.line, err.column, err.msg);
		return;
	}
	out = written(v);
	CHECK_STR(named("writes back", text), out, want);
	again = parse(out, &err);
	CHECK(named("reads back equal", text), again && json_equal(v, again));
	json_free(again);
	json_free(v);
	free(out);
}

/* TEXT[0..len) fails at LINE:COLUMN with a message containing WHY. */
static void check_bad_n(const char *text, size_t len, size_t line,
			size_t column, const char *why)
{
	struct json_error err;
	struct json_value *v = json_parse(text, len, NULL, &err);

	CHECK(named("refused", text), v == NULL);
	json_free(v);
	if (v)
		return;
	if (err.line != line || err.column != column || !strstr(err.msg, why))
		printf("# got %zu:%zu \"%s\"\n", err.line, err.column, err.msg);
	CHECK(named("position", text), err.line == line && err.column == column);
	CHECK(named(why, text), strstr(err.msg, why) != NULL);
}

static void check_bad(const char *text, size_t line, size_t column,
		      const char *why)
{
	check_bad_n(text, strlen(text), line, column, why);
}

static void test_valid(void)
{
	check_round(" {\"a\" : [1, 2.5, -3, true, false, null, \"x\"], \"b\": {}} \r\n\t",
		    "{\"a\":[1,2.5,-3,true,false,null,\"x\"],\"b\":{}}");
	check_round("[]", "[]");
	check_round("\"\"", "\"\"");
	check_round("0", "0");
	check_round("-0", "-0");
	check_round("null", "null");
	check_round("[[[[]]]]", "[[[[]]]]");
	check_round("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\\"\\\\/\\u0008\\u000c\\u000a\\u000d\\u0009\"");
	check_round("\"\\u00e9\\u65E5\\ud83d\\ude00\"", "\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\"");
	check_round("\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"",
		    "\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"");
	check_round("\"a\\u0000b\"", "\"a\\u0000b\"");
	check_round("18446744073709551615", "18446744073709551615");
	check_round("18446744073709551616", "1.8446744073709552e+19");
	check_round("1.5e3", "1500");
	check_round("1E+2", "100");
	check_round("0.1", "0.10000000000000001");
	check_round("1e16", "10000000000000000.0");
	check_round("-0.0", "-0");
	check_round("1e-400", "0");
	check_round("[1e308, -1.7976931348623157e308]",
		    "[1e+308,-1.7976931348623157e+308]");
}

static void test_tree(void)
{
	const char *text = "{\"n\": 42, \"big\": 18446744073709551615, \"f\": 2.5,"
			   " \"neg\": -7, \"s\": \"a\\u0000b\", \"list\": [1, {\"x\": null}]}";
	struct json_error err;
	struct json_value *v = parse(text, &err);
	const struct json_value *n, *big, *f, *neg, *s, *list;

	CHECK("tree: parses", v && v->type == JSON_OBJECT && v->length == 6);
	if (!v)
		return;
	n = json_get(v, "n");
	big = json_get(v, "big");
	f = json_get(v, "f");
	neg = json_get(v, "neg");
	s = json_get(v, "s");
	list = json_get(v, "list");
	CHECK("tree: integer exact", n && n->exact && n->uint == 42 && n->number == 42);
	CHECK("tree: UINT64_MAX exact", big && big->exact && big->uint == UINT64_MAX);
	CHECK("tree: fraction not exact", f && !f->exact && f->number == 2.5);
	CHECK("tree: negative not exact", neg && !neg->exact && neg->number == -7);
	CHECK("tree: string with NUL keeps its length",
	      s && s->type == JSON_STRING && s->length == 3 &&
		      memcmp(s->string, "a\0b", 4) == 0);
	CHECK("tree: array", list && list->type == JSON_ARRAY && list->length == 2 &&
				     list->items[1].type == JSON_OBJECT);
	CHECK("tree: nested member null",
	      list && json_get(&list->items[1], "x") &&
		      json_get(&list->items[1], "x")->type == JSON_NULL);
	CHECK("tree: missing key", json_get(v, "nope") == NULL);
	CHECK("tree: get on a non-object", json_get(n, "x") == NULL && json_get(NULL, "x") == NULL);
	CHECK("tree: members in order", strcmp(v->members[0].key, "n") == 0 &&
						strcmp(v->members[5].key, "list") == 0);
	json_free(v);
	json_free(NULL);
}

static void test_bad(void)
{
	/* Truncated. */
	check_bad("", 1, 1, "unexpected end of input");
	check_bad("   \n ", 2, 2, "unexpected end of input");
	check_bad("[1, 2", 1, 6, "expected ',' or ']'");
	check_bad("{\"a\":", 1, 6, "expected a value");
	check_bad("{\"a\" 1}", 1, 6, "expected ':'");
	check_bad("\"abc", 1, 1, "unterminated string");
	check_bad("tru", 1, 1, "expected a value");
	check_bad("[\"a\\", 1, 2, "unterminated string");
	check_bad("\"\\u12", 1, 6, "four hex digits");
	/* Trailing garbage and stray commas. */
	check_bad("{} x", 1, 4, "expected the end");
	check_bad("1 2", 1, 3, "expected the end");
	check_bad("12abc", 1, 3, "expected the end");
	check_bad("[1,]", 1, 4, "expected a value");
	check_bad("{\"a\":1,}", 1, 8, "expected a string key");
	check_bad("{,}", 1, 2, "expected a string key");
	check_bad("[1 2]", 1, 4, "expected ',' or ']'");
	/* Not JSON at all. */
	check_bad("NaN", 1, 1, "unexpected 'N'");
	check_bad("[Infinity]", 1, 2, "unexpected 'I'");
	check_bad("'a'", 1, 1, "unexpected '''");
	check_bad("[1] // c", 1, 5, "expected the end");
	check_bad("{a: 1}", 1, 2, "expected a string key");
	check_bad("\xef\xbb\xbf{}", 1, 1, "byte order mark");
	check_bad("\x01", 1, 1, "unexpected byte 0x01");
	/* Escapes and surrogates. */
	check_bad("\"\\x\"", 1, 2, "bad escape");
	check_bad("\"\\U0041\"", 1, 2, "bad escape");
	check_bad("\"\\u00G0\"", 1, 6, "four hex digits");
	check_bad("\"ab\\ud800\"", 1, 4, "lone high surrogate");
	check_bad("\"\\ud800x\"", 1, 2, "lone high surrogate");
	check_bad("\"\\udc00\"", 1, 2, "lone low surrogate");
	check_bad("\"\\ud800\\u0041\"", 1, 2, "not followed by a low one");
	check_bad("\"\\ud800\\ud800\"", 1, 2, "not followed by a low one");
	/* Raw bytes: control characters and every kind of bad UTF-8. */
	check_bad("\"a\tb\"", 1, 3, "control character 0x09");
	check_bad("\"\nb\"", 1, 2, "control character 0x0a");
	check_bad("\"\xc0\xaf\"", 1, 2, "invalid UTF-8");         /* overlong '/' */
	check_bad("\"\xc1\xbf\"", 1, 2, "invalid UTF-8");         /* overlong */
	check_bad("\"\xe0\x80\xaf\"", 1, 2, "invalid UTF-8");     /* overlong 3 */
	check_bad("\"\xf0\x80\x80\xaf\"", 1, 2, "invalid UTF-8"); /* overlong 4 */
	check_bad("\"\xed\xa0\x80\"", 1, 2, "invalid UTF-8");     /* U+D800 */
	check_bad("\"\xf4\x90\x80\x80\"", 1, 2, "invalid UTF-8"); /* past U+10FFFF */
	check_bad("\"\xf5\x80\x80\x80\"", 1, 2, "invalid UTF-8");
	check_bad("\"\x80\"", 1, 2, "invalid UTF-8");             /* lone continuation */
	check_bad("\"\xc3\"", 1, 2, "invalid UTF-8");             /* cut short */
	check_bad("\"\xe6\x97\"", 1, 2, "invalid UTF-8");
	check_bad("\"\xff\"", 1, 2, "invalid UTF-8");
	/* Numbers. */
	check_bad("01", 1, 1, "leading zero");
	check_bad("-", 1, 2, "digit expected");
	check_bad("-a", 1, 2, "digit expected");
	check_bad("1.", 1, 3, "digit expected after '.'");
	check_bad("1.e5", 1, 3, "digit expected after '.'");
	check_bad(".5", 1, 1, "unexpected '.'");
	check_bad("+1", 1, 1, "unexpected '+'");
	check_bad("1e", 1, 3, "digit expected in exponent");
	check_bad("1e+", 1, 4, "digit expected in exponent");
	check_bad("1e999", 1, 1, "number out of range");
	check_bad("[0, -1e400]", 1, 5, "number out of range");
	check_bad("0x10", 1, 2, "expected the end");
	{
		char digits[JSON_NUMBER_MAX_CHARS + 2];

		memset(digits, '7', sizeof(digits) - 1);
		memcpy(digits, "0.", 2);
		digits[sizeof(digits) - 1] = '\0';
		check_bad(digits, 1, 1, "number longer than");
		digits[sizeof(digits) - 2] = '\0'; /* exactly the limit: fine */
		{
			struct json_error err;
			struct json_value *v = parse(digits, &err);

			CHECK("number: at the length limit parses",
			      v && v->type == JSON_NUMBER && !v->exact);
			json_free(v);
		}
	}
	/* Duplicate keys, also at depth, also after others. */
	check_bad("{\"a\": 1, \"b\": 2, \"a\": 3}", 1, 1, "duplicate key \"a\"");
	check_bad("[0, {\"k\": {\"x\":1, \"x\":1}}]", 1, 11, "duplicate key \"x\"");
	/* Positions after newlines: the column restarts. */
	check_bad("{\n  \"a\": tru\n}", 2, 8, "expected a value");
	check_bad("[\n1,\n\n  2,,]", 4, 5, "expected a value");
	/* NUL bytes in the text are not whitespace. */
	check_bad_n("[1]\0", 4, 1, 4, "unexpected byte 0x00");
}

static void test_limits(void)
{
	struct json_limits small = { 10, 3 };
	struct json_error err;
	struct json_value *v;
	char deep[2 * JSON_DEFAULT_MAX_DEPTH + 3];
	size_t d = JSON_DEFAULT_MAX_DEPTH;

	v = json_parse("[[[1]]]", 7, &small, &err);
	CHECK("limits: depth 3 of 3 parses", v != NULL);
	json_free(v);
	v = json_parse("[[[[1]]]]", 9, &small, &err);
	CHECK("limits: depth 4 of 3 refused", v == NULL && strstr(err.msg, "nested deeper than 3") &&
						      err.column == 4);
	v = json_parse("[1,2,3,4,5]", 11, &small, &err);
	CHECK("limits: 11 bytes of 10 refused",
	      v == NULL && strstr(err.msg, "over the limit of 10") && err.line == 1);
	v = json_parse("{\"a\":{}}", 8, &small, &err);
	CHECK("limits: objects count as depth", v != NULL);
	json_free(v);

	memset(deep, '[', d);
	memset(deep + d, ']', d);
	deep[2 * d] = '\0';
	v = parse(deep, &err);
	CHECK("limits: default depth parses", v != NULL);
	json_free(v);
	memset(deep, '[', d + 1);
	memset(deep + d + 1, ']', d + 1);
	deep[2 * d + 2] = '\0';
	v = parse(deep, &err);
	CHECK("limits: default depth + 1 refused", v == NULL && err.column == d + 1);
	/* Nesting far past the limit stops at the limit, not the stack. */
	{
		size_t n = 1000000;
		char *huge = malloc(n + 1);

		memset(huge, '[', n);
		huge[n] = '\0';
		v = json_parse(huge, n, NULL, &err);
		CHECK("limits: a million '[' refused", v == NULL && strstr(err.msg, "nested"));
		memset(huge, '{', n);
		v = json_parse(huge, n, NULL, &err);
		CHECK("limits: a million '{' refused", v == NULL && strstr(err.msg, "string key"));
		free(huge);
	}
	/* Text that is not NUL-terminated: only len bytes are read. */
	v = json_parse("[1]xxxx", 3, NULL, &err);
	CHECK("limits: only len bytes read", v && v->length == 1);
	json_free(v);
	v = json_parse("12345", 2, NULL, &err);
	CHECK("limits: number cut by len", v && v->exact && v->uint == 12);
	json_free(v);
}

/* A failure half-way through a big tree frees what was built (ASan checks). */
static void test_partial_trees(void)
{
	static const char *const bad[] = {
		"[1, [2, [3, \"x\", {\"a\": [4]}]], {\"b\": \"c\", \"d\": ",
		"{\"a\": [1, 2], \"b\": {\"c\": \"\\ud800\"}}",
		"[{\"a\": 1, \"a\": [1, 2, 3]}]",
		"{\"k\": \"v\", \"w\"",
	};
	struct json_error err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(named("partial tree freed", bad[i]), parse(bad[i], &err) == NULL);
}

int main(void)
{
	test_valid();
	test_tree();
	test_bad();
	test_limits();
	test_partial_trees();
	return check_done();
}
