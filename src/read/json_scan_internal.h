/* SPDX-License-Identifier: MIT */
/*
 * json_scan_internal.h - the cursor of the strict JSON reader and the
 * tokens read at it (json_scan.c), which json_read.c builds the tree
 * from. Not part of the public API: json_read.h is.
 */
#ifndef JSON_SCAN_INTERNAL_H
#define JSON_SCAN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "json_read.h"

/* Where one parse is in its text, how deep, and its first error. */
struct json_scan {
	const unsigned char *s;
	size_t len, pos;
	unsigned depth, max_depth;
	struct json_error *err;
	bool failed;
};

/* The byte at the cursor, or -1 at the end. */
static inline int json_scan_peek(const struct json_scan *p)
{
	return p->pos < p->len ? p->s[p->pos] : -1;
}

/* Past JSON's whitespace: space, tab, line feed, carriage return. */
static inline void json_scan_space(struct json_scan *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
				   p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

static inline bool json_scan_digit(int c)
{
	return c >= '0' && c <= '9';
}

/*
 * Record the error at byte AT (its line and column, the message) unless
 * one is recorded already; p->failed says there is one.
 */
void json_scan_fail(struct json_scan *p, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "unexpected 'x', expected WANTED", naming the byte at the cursor. */
void json_scan_unexpected(struct json_scan *p, const char *wanted);

/*
 * The string at the cursor (on its opening quote), decoded into a
 * malloc'd NUL-terminated text of *length bytes; the cursor ends past its
 * closing quote. NULL after json_scan_fail.
 */
char *json_scan_string(struct json_scan *p, size_t *length);

/*
 * The number at the cursor (on its '-' or first digit) into *V (type,
 * number, exact, uint). 0, or -1 after json_scan_fail.
 */
int json_scan_number(struct json_scan *p, struct json_value *v);

/* The literal WORD (true, false, null) at the cursor as a value of TYPE. */
int json_scan_word(struct json_scan *p, const char *word, enum json_type type,
		   struct json_value *v);

#endif
