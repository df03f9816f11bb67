/* SPDX-License-Identifier: MIT */
/*
 * fuzz_parse.c - fuzz harness for the number parsers of parse.h. Input
 * "PRtext": digit P picks the parser (0-4 parse_size with that unit kind,
 * 5 parse_int_range over range R, 6 -s, 7 -n, 8 the depth list). Oracles:
 * values in range, success prints back to the same value, failure leaves
 * *out alone and gives a reason.
 */
#define FUZZ_NAME "parse"
#include "fuzz.h"

#include <inttypes.h>

#include "core/parse.h"
#include "run/barrier.h"

#define SENTINEL UINT64_C(0x5eed5eed5eed5eed)

/* The text may not be empty when the error is, and must be valid UTF-8 when the input was. */
static void check_error(const struct parse_error *err, const char *text)
{
	size_t len = strnlen(err->msg, sizeof(err->msg));

	FUZZ_CHECK(len > 0 && len < sizeof(err->msg), "no reason for '%s'",
		   text);
	FUZZ_CHECK(!fuzz_utf8_ok(text, strlen(text)) ||
			   fuzz_utf8_ok(err->msg, len),
		   "reason '%s' is not UTF-8", err->msg);
}

static bool has_suffix_letter(const char *text)
{
	size_t n = strlen(text);

	return n > 0 && !(text[n - 1] >= '0' && text[n - 1] <= '9');
}

static void fuzz_size(const char *text, enum unit_kind kind)
{
	struct parse_error err = { "" };
	uint64_t v = SENTINEL, again = SENTINEL;
	char buf[64];

	if (parse_size(text, kind, &v, &err) != 0) {
		FUZZ_CHECK(v == SENTINEL, "'%s' failed but wrote %" PRIu64, text,
			   v);
		check_error(&err, text);
		return;
	}
	FUZZ_CHECK(v <= (uint64_t)INT64_MAX, "'%s' gave %" PRIu64, text, v);
	/* Only digits and at most one trailing suffix letter got through. */
	FUZZ_CHECK(text[0] >= '0' && text[0] <= '9' &&
			   strspn(text, "0123456789") + has_suffix_letter(text) ==
				   strlen(text),
		   "'%s' accepted", text);
	/* The bare number in the kind's own unit means the same. */
	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	FUZZ_CHECK(parse_size(buf, kind, &again, &err) == 0 && again == v,
		   "'%s' = %" PRIu64 " but '%s' = %" PRIu64, text, v, buf,
		   again);
	/* The chunk-size printer shares the suffix table: it must read back. */
	if (kind == UNIT_BYTES) {
		format_bytes_short(v, buf, sizeof(buf));
		again = SENTINEL;
		FUZZ_CHECK(parse_size(buf, kind, &again, &err) == 0 && again == v,
			   "%" PRIu64 " prints as '%s', which reads %" PRIu64, v,
			   buf, again);
	}
}

static void fuzz_int(const char *text, uint8_t pick)
{
	static const int64_t ranges[][2] = {
		{ 0, 1000000 },		   /* -x */
		{ 1, MAX_CONCURRENCY },	   /* -c */
		{ -1, BARRIER_MAX_PROCS },	   /* -p */
		{ 0, INT64_MAX },	   /* -z */
		{ 1, 3600 },		   /* --random-time */
		{ INT64_MIN, INT64_MAX },  /* the whole type */
		{ INT64_MIN, -5 },	   /* negative only */
		{ 7, 3 },		   /* empty */
	};
	const int64_t *r =
		ranges[(uint8_t)(pick - '0') % (sizeof(ranges) / sizeof(ranges[0]))];
	struct parse_error err = { "" };
	int64_t v = INT64_C(0x5eed), again = 0;
	char buf[32];

	if (parse_int_range(text, r[0], r[1], &v, &err) != 0) {
		FUZZ_CHECK(v == 0x5eed, "'%s' failed but wrote %" PRId64, text,
			   v);
		check_error(&err, text);
		return;
	}
	FUZZ_CHECK(v >= r[0] && v <= r[1],
		   "'%s' gave %" PRId64 " outside %" PRId64 "..%" PRId64, text, v,
		   r[0], r[1]);
	FUZZ_CHECK(strspn(text + (text[0] == '-'), "0123456789") ==
			   strlen(text + (text[0] == '-')),
		   "'%s' accepted", text);
	snprintf(buf, sizeof(buf), "%" PRId64, v);
	FUZZ_CHECK(parse_int_range(buf, r[0], r[1], &again, &err) == 0 &&
			   again == v,
		   "'%s' = %" PRId64 " but '%s' does not read back", text, v,
		   buf);
}

/* Field I (0-based) of a colon form, or "" past the end (malloc'd). */
static char *colon_field(const char *text, size_t i)
{
	const char *p = text;

	while (i-- > 0) {
		p = strchr(p, ':');
		if (!p)
			return fuzz_string(NULL, 0);
		p++;
	}
	return fuzz_string((const uint8_t *)p, strcspn(p, ":"));
}

/* Field I of TEXT read on its own with parse_size must give WANT (or be empty). */
static void same_field(const char *text, size_t i, enum unit_kind kind,
		       uint64_t def, uint64_t want)
{
	char *f = colon_field(text, i);
	uint64_t v = def;
	struct parse_error err;

	if (f[0])
		FUZZ_CHECK(parse_size(f, kind, &v, &err) == 0,
			   "'%s' accepted but field %zu '%s' is bad", text, i, f);
	FUZZ_CHECK(v == want, "'%s': field %zu gave %" PRIu64 ", alone %" PRIu64,
		   text, i, want, v);
	free(f);
}

static void fuzz_s(const char *text)
{
	static const struct io_params def = { 1111, 2222, 3333, 4444 };
	struct io_params io = def;
	struct parse_error err = { "" };

	if (parse_s_option(text, &io, &err) != 0) {
		FUZZ_CHECK(memcmp(&io, &def, sizeof(io)) == 0,
			   "'%s' failed but changed *out", text);
		check_error(&err, text);
		return;
	}
	same_field(text, 0, UNIT_MIB, def.size_mib, io.size_mib);
	same_field(text, 1, UNIT_BYTES, def.chunk_bytes, io.chunk_bytes);
	same_field(text, 2, UNIT_SEEKS, def.seeks, io.seeks);
	same_field(text, 3, UNIT_COUNT, def.seekers, io.seekers);
}

static void fuzz_n(const char *text)
{
	static const struct file_params def = { 11, 22, 33, 44, 55 };
	struct file_params fp = def;
	struct parse_error err = { "" };
	char *max;

	if (parse_n_option(text, &fp, &err) != 0) {
		FUZZ_CHECK(memcmp(&fp, &def, sizeof(fp)) == 0,
			   "'%s' failed but changed *out", text);
		check_error(&err, text);
		return;
	}
	same_field(text, 0, UNIT_KFILES, def.count_k, fp.count_k);
	max = colon_field(text, 1);
	if (strcmp(max, "-1") == 0)
		FUZZ_CHECK(fp.max_bytes == FILES_HARD_LINKS, "'%s'", text);
	else if (strcmp(max, "-2") == 0)
		FUZZ_CHECK(fp.max_bytes == FILES_SYMLINKS, "'%s'", text);
	else
		same_field(text, 1, UNIT_BYTES, (uint64_t)def.max_bytes,
			   (uint64_t)fp.max_bytes);
	free(max);
	FUZZ_CHECK(fp.max_bytes >= FILES_SYMLINKS, "'%s' max %" PRId64, text,
		   fp.max_bytes);
	same_field(text, 2, UNIT_BYTES, (uint64_t)def.min_bytes,
		   (uint64_t)fp.min_bytes);
	same_field(text, 3, UNIT_COUNT, def.dirs, fp.dirs);
	same_field(text, 4, UNIT_BYTES, def.chunk_bytes, fp.chunk_bytes);
}

static void fuzz_depths(const char *text)
{
	uint32_t depths[MAX_RANDOM_DEPTHS], again[MAX_RANDOM_DEPTHS];
	size_t n = 99, n2 = 0;
	struct parse_error err = { "" };
	char buf[MAX_RANDOM_DEPTHS * 8] = "";

	if (parse_depth_list(text, depths, &n, &err) != 0) {
		FUZZ_CHECK(n == 99, "'%s' failed but wrote a count", text);
		check_error(&err, text);
		return;
	}
	FUZZ_CHECK(n >= 1 && n <= MAX_RANDOM_DEPTHS, "'%s': %zu depths", text,
		   n);
	for (size_t i = 0; i < n; i++) {
		FUZZ_CHECK(depths[i] >= 1 && depths[i] <= 1024, "'%s': %" PRIu32,
			   text, depths[i]);
		for (size_t j = 0; j < i; j++)
			FUZZ_CHECK(depths[i] != depths[j], "'%s': twice", text);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%" PRIu32,
			 i ? "," : "", depths[i]);
	}
	FUZZ_CHECK(parse_depth_list(buf, again, &n2, &err) == 0 && n2 == n &&
			   memcmp(again, depths, n * sizeof(depths[0])) == 0,
		   "'%s' reads back as something else", buf);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size < 2)
		return 0;
	text = fuzz_string(data + 2, size - 2);
	switch ((uint8_t)(data[0] - '0') % 9) {
	case 0: case 1: case 2: case 3: case 4:
		fuzz_size(text, (enum unit_kind)((uint8_t)(data[0] - '0') % 9));
		break;
	case 5:
		fuzz_int(text, data[1]);
		break;
	case 6:
		fuzz_s(text);
		break;
	case 7:
		fuzz_n(text);
		break;
	default:
		fuzz_depths(text);
		break;
	}
	free(text);
	return 0;
}
