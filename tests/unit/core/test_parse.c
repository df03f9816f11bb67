/* SPDX-License-Identifier: MIT */
/*
 * test_parse.c - table-driven tests of src/core/parse.c: every unit kind and
 * suffix, overflow boundaries, the -s/-n colon forms with empty fields,
 * depth lists, bad input with its exact message, and *out left untouched.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/parse.h"

#define SENTINEL 0x5eed5eed5eedULL

static char name_buf[256];

/* A test name quoting the input, e.g. "size MIB \"12q\"". */
static const char *name_of(const char *what, const char *text)
{
	snprintf(name_buf, sizeof(name_buf), "%s \"%s\"", what,
		 text ? text : "(null)");
	return name_buf;
}

struct size_case {
	const char *text;
	enum unit_kind kind;
	uint64_t want;   /* when err is NULL */
	const char *err; /* expected message, NULL = must succeed */
};

static const struct size_case size_cases[] = {
	/* UNIT_MIB: bare = MiB, k m g t */
	{ "0", UNIT_MIB, 0, NULL },
	{ "1", UNIT_MIB, 1, NULL },
	{ "300", UNIT_MIB, 300, NULL },
	{ "007", UNIT_MIB, 7, NULL },
	{ "512m", UNIT_MIB, 512, NULL },
	{ "512M", UNIT_MIB, 512, NULL },
	{ "1g", UNIT_MIB, 1024, NULL },
	{ "48G", UNIT_MIB, 49152, NULL },
	{ "1t", UNIT_MIB, 1048576, NULL },
	{ "2T", UNIT_MIB, 2097152, NULL },
	{ "1024k", UNIT_MIB, 1, NULL },
	{ "2048K", UNIT_MIB, 2, NULL },
	{ "0k", UNIT_MIB, 0, NULL },
	{ "1536k", UNIT_MIB, 0, "not a whole number of MiB" },
	{ "100k", UNIT_MIB, 0, "not a whole number of MiB" },
	{ "1b", UNIT_MIB, 0, "unknown size suffix 'b'" },
	{ "9223372036854775807", UNIT_MIB, INT64_MAX, NULL },
	{ "9223372036854775808", UNIT_MIB, 0, "too large" },
	{ "18446744073709551616", UNIT_MIB, 0, "too large" },
	{ "8589934591t", UNIT_MIB, 9007199253692416ULL, NULL },
	{ "8796093022207t", UNIT_MIB, 9223372036853727232ULL, NULL },
	{ "8796093022208t", UNIT_MIB, 0, "too large" },
	{ "9007199254740991g", UNIT_MIB, 9223372036854774784ULL, NULL },
	{ "9007199254740992g", UNIT_MIB, 0, "too large" },
	/* (2^44 + 1) x 2^20 wraps to 2^20 in 64 bits: must not slip through */
	{ "17592186044417t", UNIT_MIB, 0, "too large" },
	/* k divides: a digit string past INT64_MAX can still be a fine size */
	{ "9223372036854775808k", UNIT_MIB, 9007199254740992ULL, NULL },
	{ "18446744073709550592k", UNIT_MIB, 18014398509481983ULL, NULL },
	{ "18446744073709551615k", UNIT_MIB, 0, "not a whole number of MiB" },
	{ "18446744073709551616k", UNIT_MIB, 0, "too large" },

	/* UNIT_BYTES: bare = bytes, k m g */
	{ "0", UNIT_BYTES, 0, NULL },
	{ "512", UNIT_BYTES, 512, NULL },
	{ "4k", UNIT_BYTES, 4096, NULL },
	{ "64K", UNIT_BYTES, 65536, NULL },
	{ "1m", UNIT_BYTES, 1048576, NULL },
	{ "3M", UNIT_BYTES, 3145728, NULL },
	{ "1g", UNIT_BYTES, 1073741824, NULL },
	{ "2G", UNIT_BYTES, 2147483648ULL, NULL },
	{ "1t", UNIT_BYTES, 0, "unknown size suffix 't'" },
	{ "9223372036854775807", UNIT_BYTES, INT64_MAX, NULL },
	{ "9223372036854775808", UNIT_BYTES, 0, "too large" },
	{ "99999999999999999999999", UNIT_BYTES, 0, "too large" },
	{ "9007199254740991k", UNIT_BYTES, 9223372036854774784ULL, NULL },
	{ "9007199254740992k", UNIT_BYTES, 0, "too large" },
	{ "8796093022207m", UNIT_BYTES, 9223372036853727232ULL, NULL },
	{ "8796093022208m", UNIT_BYTES, 0, "too large" },
	{ "8589934591g", UNIT_BYTES, 9223372035781033984ULL, NULL },
	{ "8589934592g", UNIT_BYTES, 0, "too large" },
	{ "17179869185g", UNIT_BYTES, 0, "too large" }, /* wraps to 2^30 */
	{ "8589934591t", UNIT_BYTES, 0, "unknown size suffix 't'" },

	/* UNIT_SEEKS: bare, k = x1024 */
	{ "8192", UNIT_SEEKS, 8192, NULL },
	{ "8k", UNIT_SEEKS, 8192, NULL },
	{ "16K", UNIT_SEEKS, 16384, NULL },
	{ "1m", UNIT_SEEKS, 0, "unknown suffix 'm'" },
	{ "9007199254740991k", UNIT_SEEKS, 9223372036854774784ULL, NULL },
	{ "9007199254740992k", UNIT_SEEKS, 0, "too large" },

	/* UNIT_KFILES: bare = units of 1024 files, m = x1024 */
	{ "16", UNIT_KFILES, 16, NULL },
	{ "1m", UNIT_KFILES, 1024, NULL },
	{ "2M", UNIT_KFILES, 2048, NULL },
	{ "16k", UNIT_KFILES, 0, "unknown suffix 'k'" },
	{ "9007199254740991m", UNIT_KFILES, 9223372036854774784ULL, NULL },
	{ "9007199254740992m", UNIT_KFILES, 0, "too large" },

	/* UNIT_COUNT: bare, k = x1024 */
	{ "1", UNIT_COUNT, 1, NULL },
	{ "2k", UNIT_COUNT, 2048, NULL },
	{ "3K", UNIT_COUNT, 3072, NULL },
	{ "1g", UNIT_COUNT, 0, "unknown suffix 'g'" },

	/* bad input, the same for every kind */
	{ "", UNIT_MIB, 0, "empty value" },
	{ "", UNIT_COUNT, 0, "empty value" },
	{ ":", UNIT_MIB, 0, "not a number" },
	{ "12q", UNIT_MIB, 0, "unknown size suffix 'q'" },
	{ "12Q", UNIT_BYTES, 0, "unknown size suffix 'Q'" },
	{ "12qq", UNIT_COUNT, 0, "unknown suffix 'qq'" },
	{ "1.5g", UNIT_MIB, 0, "fractions are not allowed" },
	{ "1,5g", UNIT_MIB, 0, "fractions are not allowed" },
	{ "1.", UNIT_BYTES, 0, "fractions are not allowed" },
	{ ".5", UNIT_MIB, 0, "not a number" },
	{ "-5", UNIT_MIB, 0, "negative values are not allowed" },
	{ "-0", UNIT_BYTES, 0, "negative values are not allowed" },
	{ "+5", UNIT_MIB, 0, "a '+' sign is not allowed" },
	{ " 5", UNIT_MIB, 0, "spaces are not allowed" },
	{ "5 ", UNIT_MIB, 0, "spaces are not allowed" },
	{ "5 k", UNIT_BYTES, 0, "spaces are not allowed" },
	{ "5\t", UNIT_SEEKS, 0, "spaces are not allowed" },
	{ "0x10", UNIT_MIB, 0, "hexadecimal numbers are not allowed" },
	{ "0X1f", UNIT_BYTES, 0, "hexadecimal numbers are not allowed" },
	{ "5kk", UNIT_MIB, 0, "unknown size suffix 'kk'" },
	{ "5kb", UNIT_BYTES, 0, "unknown size suffix 'kb'" },
	{ "1e6", UNIT_BYTES, 0, "unknown size suffix 'e6'" },
	{ "k", UNIT_MIB, 0, "not a number" },
	{ "abc", UNIT_COUNT, 0, "not a number" },
	{ "1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", UNIT_MIB, 0,
	  "unknown size suffix 'xxxxxxxxxxxxxxxxxxxxxxxx'" },
};

static const char *const kind_names[] = {
	[UNIT_MIB] = "MIB", [UNIT_BYTES] = "BYTES", [UNIT_SEEKS] = "SEEKS",
	[UNIT_KFILES] = "KFILES", [UNIT_COUNT] = "COUNT",
};

static void test_parse_size(void)
{
	size_t i;

	for (i = 0; i < sizeof(size_cases) / sizeof(size_cases[0]); i++) {
		const struct size_case *c = &size_cases[i];
		struct parse_error err = { "" };
		uint64_t out = SENTINEL;
		char what[32];
		int rc;

		snprintf(what, sizeof(what), "size %s", kind_names[c->kind]);
		rc = parse_size(c->text, c->kind, &out, &err);
		if (!c->err) {
			CHECK(name_of(what, c->text), rc == 0);
			CHECK_U64(name_of(what, c->text), out, c->want);
		} else {
			CHECK(name_of(what, c->text), rc == -1);
			CHECK_STR(name_of(what, c->text), err.msg, c->err);
			CHECK_U64(name_of("untouched", c->text), out, SENTINEL);
		}
	}
}

static void test_parse_size_odd_calls(void)
{
	struct parse_error err = { "" };
	uint64_t out = SENTINEL;

	CHECK("size NULL text fails",
	      parse_size(NULL, UNIT_MIB, &out, &err) == -1 && out == SENTINEL);
	CHECK_STR("size NULL text message", err.msg, "empty value");
	CHECK("size bad kind fails",
	      parse_size("1", (enum unit_kind)99, &out, &err) == -1 &&
		      out == SENTINEL);
	CHECK("size NULL err is allowed",
	      parse_size("12q", UNIT_MIB, &out, NULL) == -1 &&
		      out == SENTINEL);
}

struct int_case {
	const char *text;
	int64_t min, max;
	int64_t want;
	const char *err;
};

static const struct int_case int_cases[] = {
	{ "1", 1, 200, 1, NULL },
	{ "200", 1, 200, 200, NULL },
	{ "007", 0, 10, 7, NULL },
	{ "0", 1, 200, 0, "must be between 1 and 200" },
	{ "201", 1, 200, 0, "must be between 1 and 200" },
	{ "-1", 1, 200, 0, "negative values are not allowed" },
	{ "-1", -1, 100, -1, NULL },
	{ "-0", -1, 1, 0, NULL },
	{ "-2", -1, 100, 0, "must be between -1 and 100" },
	{ "-", -1, 100, 0, "not a number" },
	{ "--5", -10, 10, 0, "not a number" },
	{ "+5", 0, 10, 0, "a '+' sign is not allowed" },
	{ "5k", 0, 10000, 0, "no suffix is allowed here" },
	{ "1.5", 0, 10, 0, "fractions are not allowed" },
	{ "5-", 0, 10, 0, "not a number" },
	{ "", 0, 10, 0, "empty value" },
	{ "abc", 0, 10, 0, "not a number" },
	{ " 5", 0, 10, 0, "spaces are not allowed" },
	{ "5 ", 0, 10, 0, "spaces are not allowed" },
	{ "0x10", 0, 100, 0, "hexadecimal numbers are not allowed" },
	{ "9223372036854775807", 0, INT64_MAX, INT64_MAX, NULL },
	{ "9223372036854775808", 0, INT64_MAX, 0,
	  "must be between 0 and 9223372036854775807" },
	{ "-9223372036854775808", INT64_MIN, INT64_MAX, INT64_MIN, NULL },
	{ "-9223372036854775809", INT64_MIN, 0, 0,
	  "must be between -9223372036854775808 and 0" },
	{ "99999999999999999999999", 0, 100, 0, "must be between 0 and 100" },
	{ "5", 10, 1, 0, "empty range 10..1" },
};

static void test_parse_int_range(void)
{
	size_t i;

	for (i = 0; i < sizeof(int_cases) / sizeof(int_cases[0]); i++) {
		const struct int_case *c = &int_cases[i];
		struct parse_error err = { "" };
		int64_t out = (int64_t)SENTINEL;
		int rc = parse_int_range(c->text, c->min, c->max, &out, &err);

		if (!c->err) {
			CHECK(name_of("int", c->text), rc == 0);
			CHECK_U64(name_of("int", c->text), (uint64_t)out,
				  (uint64_t)c->want);
		} else {
			CHECK(name_of("int", c->text), rc == -1);
			CHECK_STR(name_of("int", c->text), err.msg, c->err);
			CHECK_U64(name_of("int untouched", c->text),
				  (uint64_t)out, SENTINEL);
		}
	}
}

struct s_case {
	const char *text;
	struct io_params want;
	const char *err;
};

/* Entry values: the caller's defaults, with a size that shows it was kept. */
static const struct io_params s_entry = { 7, 8192, 8192, 5 };

static const struct s_case s_cases[] = {
	{ "1g", { 1024, 8192, 8192, 5 }, NULL },
	{ "0", { 0, 8192, 8192, 5 }, NULL },
	{ "1g:64k", { 1024, 65536, 8192, 5 }, NULL },
	{ "1g::100", { 1024, 8192, 100, 5 }, NULL },
	{ "1g:::10", { 1024, 8192, 8192, 10 }, NULL },
	{ "256M:64k:16k:8", { 256, 65536, 16384, 8 }, NULL },
	{ "1536k:1m:1:1k", { 0, 0, 0, 0 }, "not a whole number of MiB" },
	{ "2048k:1M:1:1K", { 2, 1048576, 1, 1024 }, NULL },
	{ "1g:", { 1024, 8192, 8192, 5 }, NULL },
	{ "1g:::", { 1024, 8192, 8192, 5 }, NULL },
	{ "1g::::", { 0, 0, 0, 0 }, "too many fields (at most 4)" },
	{ "1g:4k:1:2:3", { 0, 0, 0, 0 }, "too many fields (at most 4)" },
	{ "", { 0, 0, 0, 0 }, "empty value" },
	{ ":", { 0, 0, 0, 0 }, "missing size before ':'" },
	{ ":64k", { 0, 0, 0, 0 }, "missing size before ':'" },
	{ "12q", { 0, 0, 0, 0 }, "unknown size suffix 'q'" },
	{ "12q:4k", { 0, 0, 0, 0 }, "unknown size suffix 'q'" },
	{ "1g:64x", { 0, 0, 0, 0 }, "chunk size: unknown size suffix 'x'" },
	{ "1g:1.5k", { 0, 0, 0, 0 }, "chunk size: fractions are not allowed" },
	{ "1g:9223372036854775808", { 0, 0, 0, 0 }, "chunk size: too large" },
	{ "1g::1m", { 0, 0, 0, 0 }, "seeks: unknown suffix 'm'" },
	{ "1g:::-1", { 0, 0, 0, 0 },
	  "seekers: negative values are not allowed" },
	{ "1g:4k:100:5x", { 0, 0, 0, 0 }, "seekers: unknown suffix 'x'" },
};

static void test_parse_s_option(void)
{
	size_t i;

	for (i = 0; i < sizeof(s_cases) / sizeof(s_cases[0]); i++) {
		const struct s_case *c = &s_cases[i];
		struct parse_error err = { "" };
		struct io_params out = s_entry;
		int rc = parse_s_option(c->text, &out, &err);

		if (!c->err) {
			CHECK(name_of("-s", c->text),
			      rc == 0 && out.size_mib == c->want.size_mib &&
				      out.chunk_bytes == c->want.chunk_bytes &&
				      out.seeks == c->want.seeks &&
				      out.seekers == c->want.seekers);
		} else {
			CHECK(name_of("-s", c->text), rc == -1);
			CHECK_STR(name_of("-s", c->text), err.msg, c->err);
			CHECK(name_of("-s untouched", c->text),
			      memcmp(&out, &s_entry, sizeof(out)) == 0);
		}
	}
}

struct n_case {
	const char *text;
	struct file_params want;
	const char *err;
};

static const struct file_params n_entry = { 16, 7, 3, 1, 8192 };

static const struct n_case n_cases[] = {
	{ "16", { 16, 7, 3, 1, 8192 }, NULL },
	{ "0", { 0, 7, 3, 1, 8192 }, NULL },
	{ "1m", { 1024, 7, 3, 1, 8192 }, NULL },
	{ "4:4k:1k", { 4, 4096, 1024, 1, 8192 }, NULL },
	{ "16::10", { 16, 7, 10, 1, 8192 }, NULL },
	{ "16:-1", { 16, FILES_HARD_LINKS, 3, 1, 8192 }, NULL },
	{ "16:-2:0:4", { 16, FILES_SYMLINKS, 0, 4, 8192 }, NULL },
	{ "16:0:0:2k:64k", { 16, 0, 0, 2048, 65536 }, NULL },
	{ "16:1M:1K:10:1m", { 16, 1048576, 1024, 10, 1048576 }, NULL },
	{ "16:::", { 16, 7, 3, 1, 8192 }, NULL },
	{ "16::::4k", { 16, 7, 3, 1, 4096 }, NULL },
	{ "16:9223372036854775807", { 16, INT64_MAX, 3, 1, 8192 }, NULL },
	{ "16:1:9223372036854775807", { 16, 1, INT64_MAX, 1, 8192 }, NULL },
	{ "16:4k", { 16, 4096, 3, 1, 8192 }, NULL },
	{ "16:4K:1K", { 16, 4096, 1024, 1, 8192 }, NULL },
	{ "16:-2", { 16, FILES_SYMLINKS, 3, 1, 8192 }, NULL },
	{ "1:-1:0", { 1, FILES_HARD_LINKS, 0, 1, 8192 }, NULL },
	{ "2M", { 2048, 7, 3, 1, 8192 }, NULL },
	{ "16:4k:1k:2k", { 16, 4096, 1024, 2048, 8192 }, NULL },
	{ "16:4k:1k:4:64k", { 16, 4096, 1024, 4, 65536 }, NULL },
	{ "16:4k:1k:4:", { 16, 4096, 1024, 4, 8192 }, NULL },
	{ "16:0:0:0", { 16, 0, 0, 0, 8192 }, NULL }, /* validate() refuses 0 dirs */
	{ "16:1g:1k:1:4k:", { 0 }, "too many fields (at most 5)" },
	{ "1g", { 0 }, "unknown suffix 'g'" },
	{ "16.5", { 0 }, "fractions are not allowed" },
	{ "16:-", { 0 },
	  "max size: only -1 (hard links) or -2 (symlinks) may be negative" },
	{ "16:--1", { 0 },
	  "max size: only -1 (hard links) or -2 (symlinks) may be negative" },
	{ "16:1e3", { 0 }, "max size: unknown size suffix 'e3'" },
	{ "16:4k:1k:-2", { 0 }, "directories: negative values are not allowed" },
	{ "", { 0 }, "empty value" },
	{ ":", { 0 }, "missing file count before ':'" },
	{ ":4k", { 0 }, "missing file count before ':'" },
	{ "16k", { 0 }, "unknown suffix 'k'" },
	{ "-16", { 0 }, "negative values are not allowed" },
	{ "16:-3", { 0 },
	  "max size: only -1 (hard links) or -2 (symlinks) may be negative" },
	{ "16:-1k", { 0 },
	  "max size: only -1 (hard links) or -2 (symlinks) may be negative" },
	{ "16:+1", { 0 }, "max size: a '+' sign is not allowed" },
	{ "16:1t", { 0 }, "max size: unknown size suffix 't'" },
	{ "16:9223372036854775808", { 0 }, "max size: too large" },
	{ "16:4k:-1", { 0 }, "min size: negative values are not allowed" },
	{ "16:4k:8589934592g", { 0 }, "min size: too large" },
	{ "16:4k:1k:0x10", { 0 },
	  "directories: hexadecimal numbers are not allowed" },
	{ "16:4k:1k: 1", { 0 }, "directories: spaces are not allowed" },
	{ "16:4k:1k:1:8x", { 0 }, "chunk size: unknown size suffix 'x'" },
};

static void test_parse_n_option(void)
{
	size_t i;

	for (i = 0; i < sizeof(n_cases) / sizeof(n_cases[0]); i++) {
		const struct n_case *c = &n_cases[i];
		struct parse_error err = { "" };
		struct file_params out = n_entry;
		int rc = parse_n_option(c->text, &out, &err);

		if (!c->err) {
			CHECK(name_of("-n", c->text),
			      rc == 0 && out.count_k == c->want.count_k &&
				      out.max_bytes == c->want.max_bytes &&
				      out.min_bytes == c->want.min_bytes &&
				      out.dirs == c->want.dirs &&
				      out.chunk_bytes == c->want.chunk_bytes);
		} else {
			CHECK(name_of("-n", c->text), rc == -1);
			CHECK_STR(name_of("-n", c->text), err.msg, c->err);
			CHECK(name_of("-n untouched", c->text),
			      memcmp(&out, &n_entry, sizeof(out)) == 0);
		}
	}
}

struct depth_case {
	const char *text;
	size_t n;
	uint32_t want[MAX_RANDOM_DEPTHS];
	const char *err;
};

static const struct depth_case depth_cases[] = {
	{ "1", 1, { 1 }, NULL },
	{ "1,32", 2, { 1, 32 }, NULL },
	{ "32,1", 2, { 32, 1 }, NULL },
	{ "1024", 1, { 1024 }, NULL },
	{ "1,2,4,8,16,32,64,128", 8, { 1, 2, 4, 8, 16, 32, 64, 128 }, NULL },
	{ "1,2,3,4,5,6,7,8,9", 0, { 0 }, "too many depths (at most 8)" },
	{ "", 0, { 0 }, "empty value" },
	{ ",", 0, { 0 }, "empty item in the list" },
	{ "1,,2", 0, { 0 }, "empty item in the list" },
	{ "1,", 0, { 0 }, "empty item in the list" },
	{ "0", 0, { 0 }, "depth '0': must be between 1 and 1024" },
	{ "1,1025", 0, { 0 }, "depth '1025': must be between 1 and 1024" },
	{ "1,1", 0, { 0 }, "depth 1 given twice" },
	{ "4,8,4", 0, { 0 }, "depth 4 given twice" },
	{ "a", 0, { 0 }, "depth 'a': not a number" },
	{ "1, 2", 0, { 0 }, "depth ' 2': spaces are not allowed" },
	{ "-1", 0, { 0 }, "depth '-1': negative values are not allowed" },
	{ "4k", 0, { 0 }, "depth '4k': no suffix is allowed here" },
	{ "1:2", 0, { 0 }, "depth '1:2': not a number" },
};

static void test_parse_depth_list(void)
{
	size_t i;
	size_t j;

	for (i = 0; i < sizeof(depth_cases) / sizeof(depth_cases[0]); i++) {
		const struct depth_case *c = &depth_cases[i];
		struct parse_error err = { "" };
		uint32_t depths[MAX_RANDOM_DEPTHS];
		size_t n = 99;
		bool same = true;
		int rc;

		for (j = 0; j < MAX_RANDOM_DEPTHS; j++)
			depths[j] = 7777;
		rc = parse_depth_list(c->text, depths, &n, &err);
		if (!c->err) {
			for (j = 0; j < c->n; j++)
				same = same && depths[j] == c->want[j];
			CHECK(name_of("depths", c->text),
			      rc == 0 && n == c->n && same);
		} else {
			for (j = 0; j < MAX_RANDOM_DEPTHS; j++)
				same = same && depths[j] == 7777;
			CHECK(name_of("depths", c->text), rc == -1);
			CHECK_STR(name_of("depths", c->text), err.msg, c->err);
			CHECK(name_of("depths untouched", c->text),
			      same && n == 99);
		}
	}
}

struct fmt_case {
	uint64_t bytes;
	const char *want;
};

static const struct fmt_case fmt_cases[] = {
	{ 0, "0" },
	{ 1, "1" },
	{ 512, "512" },
	{ 1000, "1000" },
	{ 1024, "1k" },
	{ 1536, "1536" },
	{ 4096, "4k" },
	{ 65536, "64k" },
	{ 1048576, "1m" },
	{ 1572864, "1536k" },
	{ 1073741824, "1g" },
	{ 1099511627776ULL, "1024g" },
	{ 9223372036854775808ULL, "8589934592g" },
	{ UINT64_MAX, "18446744073709551615" },
};

static void test_format_bytes_short(void)
{
	char buf[32];
	char small[3];
	size_t i;

	for (i = 0; i < sizeof(fmt_cases) / sizeof(fmt_cases[0]); i++) {
		const struct fmt_case *c = &fmt_cases[i];
		uint64_t back = SENTINEL;
		const char *got = format_bytes_short(c->bytes, buf, sizeof(buf));

		CHECK(name_of("format returns buf", c->want), got == buf);
		CHECK_STR(name_of("format", c->want), got, c->want);
		/* What it prints, the UNIT_BYTES parser reads back. */
		if (c->bytes <= (uint64_t)INT64_MAX) {
			CHECK(name_of("format round trip", c->want),
			      parse_size(buf, UNIT_BYTES, &back, NULL) == 0 &&
				      back == c->bytes);
		}
	}
	CHECK_STR("format truncates to the buffer",
		  format_bytes_short(65536, small, sizeof(small)), "64");
	small[0] = 'z';
	CHECK("format with len 0 writes nothing",
	      format_bytes_short(4096, small, 0) == small && small[0] == 'z');
}

int main(void)
{
	test_parse_size();
	test_parse_size_odd_calls();
	test_parse_int_range();
	test_parse_s_option();
	test_parse_n_option();
	test_parse_depth_list();
	test_format_bytes_short();
	return check_done();
}
