/* SPDX-License-Identifier: MIT */
/*
 * parse.c - strict parsers for the numbers on clyde's command line (sizes
 * with suffixes, the -s and -n colon forms, ranges, depth lists) and the
 * chunk-size printer that shares their suffix table. Pure: no output, no exit.
 */
#include "parse.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "lib/utf8.h"

/* User text quoted in an error is cut to this many bytes. */
#define QUOTE_MAX 24

/*
 * A suffix scales by a power of 1024 relative to the unit of its kind:
 * shift 2 = x1024^2, shift -1 = /1024 (UNIT_MIB's 'k', which must divide
 * evenly). Letter '\0' is the bare number. Entries are in increasing shift
 * order, which format_bytes_short relies on.
 */
struct suffix {
	char letter;
	int shift;
};

#define MAX_SUFFIXES 5

struct unit_table {
	bool is_size; /* errors say "size suffix" rather than "suffix" */
	size_t n;
	struct suffix suffixes[MAX_SUFFIXES];
};

static const struct unit_table unit_tables[] = {
	[UNIT_MIB] = { true, 5,
		       { { '\0', 0 }, { 'k', -1 }, { 'm', 0 }, { 'g', 1 },
			 { 't', 2 } } },
	[UNIT_BYTES] = { true, 4,
			 { { '\0', 0 }, { 'k', 1 }, { 'm', 2 }, { 'g', 3 } } },
	[UNIT_SEEKS] = { false, 2, { { '\0', 0 }, { 'k', 1 } } },
	[UNIT_KFILES] = { false, 2, { { '\0', 0 }, { 'm', 1 } } },
	[UNIT_COUNT] = { false, 2, { { '\0', 0 }, { 'k', 1 } } },
};

#define N_UNIT_KINDS (sizeof(unit_tables) / sizeof(unit_tables[0]))

/* A piece of the caller's text: one colon field or one list item. */
struct span {
	const char *p;
	size_t len;
};

static void set_error(struct parse_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_error(struct parse_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

/* Put "NAME: " in front of the reason in *err (its end may be cut). */
static void prefix_error(struct parse_error *err, const char *name)
{
	size_t cap;
	size_t name_len;
	size_t reason_len;

	if (!err || !name)
		return;
	cap = sizeof(err->msg) - 1;
	name_len = strlen(name);
	if (name_len + 2 > cap)
		return;
	reason_len = strnlen(err->msg, cap);
	if (reason_len > cap - name_len - 2)
		reason_len = cap - name_len - 2;
	memmove(err->msg + name_len + 2, err->msg, reason_len);
	memcpy(err->msg, name, name_len);
	err->msg[name_len] = ':';
	err->msg[name_len + 1] = ' ';
	err->msg[name_len + 2 + reason_len] = '\0';
}

/* Locale-free character classes: the C library's depend on setlocale. */
static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

static char to_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static bool is_letter(char c)
{
	c = to_lower(c);
	return c >= 'a' && c <= 'z';
}

/*
 * The checks every number shares, in the order that gives the most useful
 * message: empty, spaces, signs, hex, then "must start with a digit".
 * SIGN_OK lets a leading '-' through (parse_int_range with min < 0).
 */
static int check_shape(struct span s, bool sign_ok, struct parse_error *err)
{
	size_t i;
	size_t start = 0;

	if (s.len == 0) {
		set_error(err, "empty value");
		return -1;
	}
	for (i = 0; i < s.len; i++) {
		if (is_space(s.p[i])) {
			set_error(err, "spaces are not allowed");
			return -1;
		}
	}
	if (s.p[0] == '-') {
		if (!sign_ok) {
			set_error(err, "negative values are not allowed");
			return -1;
		}
		start = 1;
	} else if (s.p[0] == '+') {
		set_error(err, "a '+' sign is not allowed");
		return -1;
	}
	if (start >= s.len || !is_digit(s.p[start])) {
		set_error(err, "not a number");
		return -1;
	}
	if (s.p[start] == '0' && start + 1 < s.len &&
	    to_lower(s.p[start + 1]) == 'x') {
		set_error(err, "hexadecimal numbers are not allowed");
		return -1;
	}
	return 0;
}

/*
 * Read the leading decimal digits of S into *val. Sets *overflow instead of
 * wrapping when they exceed UINT64_MAX. Returns how many digits there were.
 */
static size_t scan_digits(struct span s, uint64_t *val, bool *overflow)
{
	size_t i = 0;
	uint64_t v = 0;

	*overflow = false;
	while (i < s.len && is_digit(s.p[i])) {
		uint64_t d = (uint64_t)(s.p[i] - '0');

		if (__builtin_mul_overflow(v, 10u, &v) ||
		    __builtin_add_overflow(v, d, &v))
			*overflow = true;
		i++;
	}
	*val = v;
	return i;
}

static const struct suffix *find_suffix(const struct unit_table *t, char c)
{
	size_t i;

	c = to_lower(c);
	for (i = 0; i < t->n; i++) {
		if (t->suffixes[i].letter != '\0' && t->suffixes[i].letter == c)
			return &t->suffixes[i];
	}
	return NULL;
}

static int scan_size(struct span s, enum unit_kind kind, uint64_t *out,
		     struct parse_error *err)
{
	const struct unit_table *t;
	const struct suffix *suf;
	struct span rest;
	uint64_t v;
	bool overflow;
	size_t n;
	int k;

	if ((unsigned)kind >= N_UNIT_KINDS) {
		set_error(err, "unknown unit kind %d", (int)kind);
		return -1;
	}
	t = &unit_tables[kind];
	suf = &t->suffixes[0]; /* the bare number */
	if (check_shape(s, false, err) < 0)
		return -1;
	n = scan_digits(s, &v, &overflow);
	rest.p = s.p + n;
	rest.len = s.len - n;
	if (rest.len > 0) {
		if (rest.p[0] == '.' || rest.p[0] == ',') {
			set_error(err, "fractions are not allowed");
			return -1;
		}
		suf = rest.len == 1 ? find_suffix(t, rest.p[0]) : NULL;
		if (!suf) {
			set_error(err, "unknown %ssuffix '%.*s'",
				  t->is_size ? "size " : "",
				  (int)utf8_cut_bytes(rest.p, rest.len, QUOTE_MAX),
				  rest.p);
			return -1;
		}
	}
	if (overflow) {
		set_error(err, "too large");
		return -1;
	}
	for (k = 0; k < suf->shift; k++) {
		if (__builtin_mul_overflow(v, 1024u, &v)) {
			set_error(err, "too large");
			return -1;
		}
	}
	for (k = 0; k > suf->shift; k--) {
		if (v % 1024u != 0) {
			set_error(err, "not a whole number of MiB");
			return -1;
		}
		v /= 1024u;
	}
	if (v > (uint64_t)INT64_MAX) {
		set_error(err, "too large");
		return -1;
	}
	*out = v;
	return 0;
}

int parse_size(const char *text, enum unit_kind kind, uint64_t *out,
	       struct parse_error *err)
{
	struct span s = { text ? text : "", text ? strlen(text) : 0 };

	return scan_size(s, kind, out, err);
}

static int scan_int(struct span s, int64_t min, int64_t max, int64_t *out,
		    struct parse_error *err)
{
	struct span digits = s;
	bool negative = s.len > 0 && s.p[0] == '-';
	bool overflow;
	uint64_t mag;
	size_t n;
	int64_t v;

	if (min > max) {
		set_error(err, "empty range %" PRId64 "..%" PRId64, min, max);
		return -1;
	}
	if (check_shape(s, min < 0, err) < 0)
		return -1;
	if (negative) {
		digits.p++;
		digits.len--;
	}
	n = scan_digits(digits, &mag, &overflow);
	if (n < digits.len) {
		char c = digits.p[n];

		if (c == '.' || c == ',')
			set_error(err, "fractions are not allowed");
		else if (is_letter(c))
			set_error(err, "no suffix is allowed here");
		else
			set_error(err, "not a number");
		return -1;
	}
	/* The magnitude of INT64_MIN is INT64_MAX + 1: compare, never negate it. */
	if (overflow || mag > (uint64_t)INT64_MAX + (negative ? 1u : 0u))
		goto out_of_range;
	if (!negative)
		v = (int64_t)mag;
	else if (mag == (uint64_t)INT64_MAX + 1u)
		v = INT64_MIN;
	else
		v = -(int64_t)mag;
	if (v < min || v > max)
		goto out_of_range;
	*out = v;
	return 0;

out_of_range:
	set_error(err, "must be between %" PRId64 " and %" PRId64, min, max);
	return -1;
}

int parse_int_range(const char *text, int64_t min, int64_t max, int64_t *out,
		    struct parse_error *err)
{
	struct span s = { text ? text : "", text ? strlen(text) : 0 };

	return scan_int(s, min, max, out, err);
}

/*
 * Cut TEXT at every SEP into fields[0..max_fields-1]. Returns the number of
 * fields in the text, which may be more than max_fields (those are not
 * stored): "a::b" has three, "" has one (empty) field.
 */
static size_t split(const char *text, char sep, struct span *fields,
		    size_t max_fields)
{
	const char *p = text;
	size_t n = 0;

	for (;;) {
		const char *end = strchr(p, sep);
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (n < max_fields) {
			fields[n].p = p;
			fields[n].len = len;
		}
		n++;
		if (!end)
			return n;
		p = end + 1;
	}
}

/* Split a colon form; the first field must be given, the rest may be empty. */
static int split_colon_form(const char *text, struct span *fields,
			    size_t max_fields, size_t *n, const char *first_name,
			    struct parse_error *err)
{
	if (!text || text[0] == '\0') {
		set_error(err, "empty value");
		return -1;
	}
	*n = split(text, ':', fields, max_fields);
	if (*n > max_fields) {
		set_error(err, "too many fields (at most %zu)", max_fields);
		return -1;
	}
	if (fields[0].len == 0) {
		set_error(err, "missing %s before ':'", first_name);
		return -1;
	}
	return 0;
}

/*
 * One optional field of a colon form: empty keeps *value, otherwise parse
 * it; errors name the field (the first field's, which is the option's main
 * value, are left unprefixed).
 */
static int scan_field(const struct span *fields, size_t n, size_t i,
		      const char *name, enum unit_kind kind, uint64_t *value,
		      struct parse_error *err)
{
	if (i >= n || fields[i].len == 0)
		return 0;
	if (scan_size(fields[i], kind, value, err) < 0) {
		if (i > 0)
			prefix_error(err, name);
		return -1;
	}
	return 0;
}

int parse_s_option(const char *text, struct io_params *out,
		   struct parse_error *err)
{
	struct span f[4];
	struct io_params io = *out;
	size_t n;

	if (split_colon_form(text, f, 4, &n, "size", err) < 0 ||
	    scan_field(f, n, 0, "size", UNIT_MIB, &io.size_mib, err) < 0 ||
	    scan_field(f, n, 1, "chunk size", UNIT_BYTES, &io.chunk_bytes,
		       err) < 0 ||
	    scan_field(f, n, 2, "seeks", UNIT_SEEKS, &io.seeks, err) < 0 ||
	    scan_field(f, n, 3, "seekers", UNIT_COUNT, &io.seekers, err) < 0)
		return -1;
	*out = io;
	return 0;
}

static bool span_is(struct span s, const char *word)
{
	return s.len == strlen(word) && memcmp(s.p, word, s.len) == 0;
}

/* -n max: a byte count, or exactly -1 (hard links) or -2 (symlinks). */
static int scan_max_field(const struct span *fields, size_t n, int64_t *max,
			  struct parse_error *err)
{
	uint64_t v;

	if (n < 2 || fields[1].len == 0)
		return 0;
	if (span_is(fields[1], "-1")) {
		*max = FILES_HARD_LINKS;
		return 0;
	}
	if (span_is(fields[1], "-2")) {
		*max = FILES_SYMLINKS;
		return 0;
	}
	if (fields[1].p[0] == '-') {
		set_error(err, "max size: only -1 (hard links) or -2 (symlinks) "
			       "may be negative");
		return -1;
	}
	if (scan_size(fields[1], UNIT_BYTES, &v, err) < 0) {
		prefix_error(err, "max size");
		return -1;
	}
	*max = (int64_t)v; /* scan_size caps at INT64_MAX */
	return 0;
}

int parse_n_option(const char *text, struct file_params *out,
		   struct parse_error *err)
{
	struct span f[5];
	struct file_params fp = *out;
	uint64_t min_bytes = 0;
	bool min_given;
	size_t n;

	if (split_colon_form(text, f, 5, &n, "file count", err) < 0 ||
	    scan_field(f, n, 0, "file count", UNIT_KFILES, &fp.count_k,
		       err) < 0 ||
	    scan_max_field(f, n, &fp.max_bytes, err) < 0 ||
	    scan_field(f, n, 2, "min size", UNIT_BYTES, &min_bytes, err) < 0 ||
	    scan_field(f, n, 3, "directories", UNIT_COUNT, &fp.dirs, err) < 0 ||
	    scan_field(f, n, 4, "chunk size", UNIT_BYTES, &fp.chunk_bytes,
		       err) < 0)
		return -1;
	min_given = n > 2 && f[2].len > 0;
	if (min_given)
		fp.min_bytes = (int64_t)min_bytes; /* capped at INT64_MAX */
	*out = fp;
	return 0;
}

int parse_depth_list(const char *text, uint32_t *depths, size_t *n,
		     struct parse_error *err)
{
	struct span items[MAX_RANDOM_DEPTHS];
	uint32_t got[MAX_RANDOM_DEPTHS];
	size_t count;
	size_t i;
	size_t j;

	if (!text || text[0] == '\0') {
		set_error(err, "empty value");
		return -1;
	}
	count = split(text, ',', items, MAX_RANDOM_DEPTHS);
	if (count > MAX_RANDOM_DEPTHS) {
		set_error(err, "too many depths (at most %u)",
			  (unsigned)MAX_RANDOM_DEPTHS);
		return -1;
	}
	for (i = 0; i < count; i++) {
		int64_t v;

		if (items[i].len == 0) {
			set_error(err, "empty item in the list");
			return -1;
		}
		if (scan_int(items[i], 1, 1024, &v, err) < 0) {
			char name[QUOTE_MAX + 16];

			snprintf(name, sizeof(name), "depth '%.*s'",
				 (int)utf8_cut_bytes(items[i].p, items[i].len,
						      QUOTE_MAX),
				 items[i].p);
			prefix_error(err, name);
			return -1;
		}
		got[i] = (uint32_t)v;
		for (j = 0; j < i; j++) {
			if (got[j] == got[i]) {
				set_error(err, "depth %" PRIu32 " given twice",
					  got[i]);
				return -1;
			}
		}
	}
	memcpy(depths, got, count * sizeof(got[0]));
	*n = count;
	return 0;
}

const char *format_bytes_short(uint64_t bytes, char *buf, size_t len)
{
	const struct unit_table *t = &unit_tables[UNIT_BYTES];
	size_t i = 0;

	/* Walk up the table while the next suffix is exactly x1024 more. */
	while (bytes != 0 && bytes % 1024u == 0 && i + 1 < t->n &&
	       t->suffixes[i + 1].shift == t->suffixes[i].shift + 1) {
		bytes /= 1024u;
		i++;
	}
	if (len > 0) {
		if (t->suffixes[i].letter != '\0')
			snprintf(buf, len, "%" PRIu64 "%c", bytes,
				 t->suffixes[i].letter);
		else
			snprintf(buf, len, "%" PRIu64, bytes);
	}
	return buf;
}
