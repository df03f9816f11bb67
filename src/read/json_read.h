/* SPDX-License-Identifier: MIT */
/*
 * json_read.h - a small, strict, bounded JSON reader (RFC 8259): text in,
 * a tree of values out, or an error with its line and column. Nothing is
 * accepted that the RFC does not allow (no comments, trailing commas, NaN,
 * single quotes, byte order mark, invalid UTF-8, lone surrogates), and
 * duplicate keys in one object are refused as ambiguous. Never prints,
 * never exits; reads no globals, so any thread may parse its own text.
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json_member;

/*
 * One value. length is the string's byte count (without the terminating
 * NUL the reader adds; \u0000 may put NULs inside), the array's item count
 * or the object's member count. A number is always in `number`; when it is
 * integral and exactly known as a uint64 (a plain integer literal up to
 * UINT64_MAX, or a fraction/exponent form whose value is an integer from 0
 * to 2^53), exact is true and `uint` holds it.
 */
struct json_value {
	enum json_type type;
	bool exact;
	size_t length;
	union {
		struct {
			double number;
			uint64_t uint;
		};
		char *string;                /* UTF-8, NUL-terminated */
		struct json_value *items;    /* array, in document order */
		struct json_member *members; /* object, in document order */
	};
};

struct json_member {
	char *key; /* UTF-8, NUL-terminated; key_length bytes */
	size_t key_length;
	struct json_value value;
};

/*
 * Limits on what one parse accepts. The tree takes at most about 40 bytes
 * per input byte, so max_bytes also bounds memory.
 */
struct json_limits {
	size_t max_bytes;   /* the whole text */
	unsigned max_depth; /* nested arrays and objects; 1 = scalars and flat */
};
#define JSON_DEFAULT_MAX_BYTES ((size_t)8 * 1024 * 1024)
#define JSON_DEFAULT_MAX_DEPTH 64u
#define JSON_NUMBER_MAX_CHARS 512 /* a longer number literal is refused */

/* Where and why a parse failed. line and column count from 1, the column in bytes. */
struct json_error {
	size_t line, column;
	size_t offset; /* bytes from the start */
	char msg[120]; /* "unterminated string", without the position */
};

/*
 * Parse TEXT[0..len) (it need not be NUL-terminated) as one JSON text:
 * exactly one value, with only whitespace around it. LIMITS may be NULL for
 * the defaults. Returns the root of a malloc'd tree that the caller frees
 * with json_free, or NULL with *err filled (bad syntax, a limit, no memory).
 */
struct json_value *json_parse(const char *text, size_t len,
			      const struct json_limits *limits,
			      struct json_error *err);

/* Free a tree json_parse returned (NULL is fine). */
void json_free(struct json_value *root);

/* OBJECT's member named KEY (compared bytewise), or NULL; NULL if OBJECT is not an object. */
const struct json_value *json_get(const struct json_value *object,
				  const char *key);

/*
 * Write V as compact JSON text: no spaces, members and items in their
 * order, strings with only the escapes JSON requires, exact numbers as
 * integers, others with 17 significant digits (which read back to the same
 * double). What json_write writes, json_parse reads back to an equal tree.
 */
void json_write(FILE *out, const struct json_value *v);

/* Whether A and B are the same tree: types, numbers, bytes, order. */
bool json_equal(const struct json_value *a, const struct json_value *b);

#endif
