/* SPDX-License-Identifier: MIT */
/*
 * json_scan.c - the tokens of the strict JSON reader (json_read.h):
 * strings with their escapes and UTF-8 checked, numbers as RFC 8259 spells
 * them, the words true, false and null, and errors placed by line and
 * column. The tree of arrays and objects is json_read.c's.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json_scan_internal.h"
#include "lib/utf8.h"

/* The first error is the one to report; later ones are its consequences. */
void json_scan_fail(struct json_scan *p, size_t at, const char *fmt, ...)
{
	struct json_error *e = p->err;
	va_list ap;

	if (p->failed)
		return;
	p->failed = true;
	e->offset = at;
	e->line = 1;
	e->column = 1;
	for (size_t i = 0; i < at && i < p->len; i++) {
		if (p->s[i] == '\n') {
			e->line++;
			e->column = 1;
		} else {
			e->column++;
		}
	}
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
}

void json_scan_unexpected(struct json_scan *p, const char *wanted)
{
	int c = json_scan_peek(p);

	if (c < 0)
		json_scan_fail(p, p->pos, "unexpected end of input, expected %s",
			       wanted);
	else if (c >= 0x21 && c < 0x7f)
		json_scan_fail(p, p->pos, "unexpected '%c', expected %s", c, wanted);
	else
		json_scan_fail(p, p->pos, "unexpected byte 0x%02x, expected %s",
			       c, wanted);
}

/* A growing byte buffer for decoded strings. */
struct buf {
	char *data;
	size_t len, cap;
};

static bool buf_add(struct buf *b, const void *bytes, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 32;
		char *bigger;

		while (cap < b->len + n + 1)
			cap *= 2;
		bigger = realloc(b->data, cap);
		if (!bigger)
			return false;
		b->data = bigger;
		b->cap = cap;
	}
	memcpy(b->data + b->len, bytes, n);
	b->len += n;
	b->data[b->len] = '\0';
	return true;
}

/* Code point CP (at most U+10FFFF, not a surrogate) as UTF-8 into OUT; returns its length. */
static size_t utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Four hex digits at the cursor (just after "\u") into *cp; -1 if not. */
static int hex4(struct json_scan *p, uint32_t *cp)
{
	*cp = 0;
	for (int i = 0; i < 4; i++) {
		int c = json_scan_peek(p);
		uint32_t digit;

		if (c >= '0' && c <= '9')
			digit = (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			digit = (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			digit = (uint32_t)(c - 'A' + 10);
		else {
			json_scan_fail(p, p->pos, "\\u needs four hex digits");
			return -1;
		}
		*cp = *cp << 4 | digit;
		p->pos++;
	}
	return 0;
}

/*
 * The escape after a backslash (the cursor is on the letter) into B, in the
 * string that starts at STRING.
 */
static int parse_escape(struct json_scan *p, struct buf *b, size_t string)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	size_t start = p->pos - 1;
	int c = json_scan_peek(p);
	const char *hit = c > 0 ? strchr(from, c) : NULL;
	uint32_t cp, low;
	char utf8[4];

	if (c < 0) {
		json_scan_fail(p, string, "unterminated string");
		return -1;
	}
	if (hit) {
		p->pos++;
		return buf_add(b, &to[hit - from], 1) ? 0 : -2;
	}
	if (c != 'u') {
		json_scan_fail(p, start, "bad escape in string");
		return -1;
	}
	p->pos++;
	if (hex4(p, &cp) != 0)
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff) {
		json_scan_fail(p, start, "lone low surrogate \\u%04" PRIx32, cp);
		return -1;
	}
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (p->pos + 1 >= p->len || p->s[p->pos] != '\\' ||
		    p->s[p->pos + 1] != 'u') {
			json_scan_fail(p, start, "lone high surrogate \\u%04"
				       PRIx32, cp);
			return -1;
		}
		p->pos += 2;
		if (hex4(p, &low) != 0)
			return -1;
		if (low < 0xdc00 || low > 0xdfff) {
			json_scan_fail(p, start, "high surrogate \\u%04" PRIx32
				       " not followed by a low one", cp);
			return -1;
		}
		cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
	}
	return buf_add(b, utf8, utf8_encode(cp, utf8)) ? 0 : -2;
}

char *json_scan_string(struct json_scan *p, size_t *length)
{
	struct buf b = { NULL, 0, 0 };
	size_t start = p->pos++;
	int rc = 0;

	if (!buf_add(&b, "", 0))
		rc = -2;
	while (rc == 0) {
		size_t run = p->pos, seq;

		/* Copy plain ASCII in one go. */
		while (p->pos < p->len && p->s[p->pos] >= 0x20 &&
		       p->s[p->pos] < 0x80 && p->s[p->pos] != '"' &&
		       p->s[p->pos] != '\\')
			p->pos++;
		if (p->pos > run && !buf_add(&b, p->s + run, p->pos - run)) {
			rc = -2;
			break;
		}
		if (p->pos >= p->len) {
			json_scan_fail(p, start, "unterminated string");
			rc = -1;
		} else if (p->s[p->pos] == '"') {
			p->pos++;
			break;
		} else if (p->s[p->pos] == '\\') {
			p->pos++;
			rc = parse_escape(p, &b, start);
		} else if (p->s[p->pos] < 0x20) {
			json_scan_fail(p, p->pos, "control character 0x%02x in "
				       "string", p->s[p->pos]);
			rc = -1;
		} else if ((seq = utf8_seq_len(p->s + p->pos, p->len - p->pos)) == 0) {
			json_scan_fail(p, p->pos, "invalid UTF-8 in string");
			rc = -1;
		} else {
			rc = buf_add(&b, p->s + p->pos, seq) ? 0 : -2;
			p->pos += seq;
		}
	}
	if (rc == -2)
		json_scan_fail(p, start, "out of memory");
	if (rc != 0) {
		free(b.data);
		return NULL;
	}
	*length = b.len;
	return b.data;
}

int json_scan_number(struct json_scan *p, struct json_value *v)
{
	size_t start = p->pos;
	bool integer = true;
	char text[JSON_NUMBER_MAX_CHARS + 1], *end;
	double value;

	if (json_scan_peek(p) == '-')
		p->pos++;
	if (json_scan_peek(p) == '0') {
		p->pos++;
		if (json_scan_digit(json_scan_peek(p))) {
			json_scan_fail(p, start, "leading zero in number");
			return -1;
		}
	} else if (json_scan_digit(json_scan_peek(p))) {
		while (json_scan_digit(json_scan_peek(p)))
			p->pos++;
	} else {
		json_scan_fail(p, p->pos, "digit expected in number");
		return -1;
	}
	if (json_scan_peek(p) == '.') {
		p->pos++;
		integer = false;
		if (!json_scan_digit(json_scan_peek(p))) {
			json_scan_fail(p, p->pos, "digit expected after '.'");
			return -1;
		}
		while (json_scan_digit(json_scan_peek(p)))
			p->pos++;
	}
	if (json_scan_peek(p) == 'e' || json_scan_peek(p) == 'E') {
		p->pos++;
		integer = false;
		if (json_scan_peek(p) == '+' || json_scan_peek(p) == '-')
			p->pos++;
		if (!json_scan_digit(json_scan_peek(p))) {
			json_scan_fail(p, p->pos, "digit expected in exponent");
			return -1;
		}
		while (json_scan_digit(json_scan_peek(p)))
			p->pos++;
	}
	if (p->pos - start > JSON_NUMBER_MAX_CHARS) {
		json_scan_fail(p, start, "number longer than %d characters",
			       JSON_NUMBER_MAX_CHARS);
		return -1;
	}
	/* strtod on a bounded copy: the text need not be NUL-terminated. */
	memcpy(text, p->s + start, p->pos - start);
	text[p->pos - start] = '\0';
	value = strtod(text, &end);
	if (*end != '\0' || isinf(value)) {
		json_scan_fail(p, start, "number out of range");
		return -1;
	}
	v->type = JSON_NUMBER;
	v->number = value;
	v->exact = false;
	v->uint = 0;
	if (integer && text[0] != '-') {
		uint64_t u = 0;
		bool fits = true;

		for (const char *d = text; *d && fits; d++) {
			unsigned digit = (unsigned)(*d - '0');

			fits = u <= (UINT64_MAX - digit) / 10;
			u = u * 10 + digit;
		}
		v->exact = fits;
		v->uint = fits ? u : 0;
	} else if (!integer && !signbit(value) && value <= 9007199254740992.0 &&
		   value == (double)(uint64_t)value) {
		v->exact = true;
		v->uint = (uint64_t)value;
	}
	return 0;
}

int json_scan_word(struct json_scan *p, const char *word, enum json_type type,
		   struct json_value *v)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0) {
		json_scan_unexpected(p, "a value");
		return -1;
	}
	p->pos += n;
	v->type = type;
	return 0;
}
