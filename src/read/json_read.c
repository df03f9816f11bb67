/* SPDX-License-Identifier: MIT */
/*
 * json_read.c - the strict JSON reader: a recursive-descent parser bounded
 * in depth and size, UTF-8 and escape decoding, the duplicate-key check,
 * and freeing the tree. Lookup, comparison and writing back are in
 * json_tree.c.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/grow.h"
#include "json_read.h"
#include "lib/utf8.h"

struct parser {
	const unsigned char *s;
	size_t len, pos;
	unsigned depth, max_depth;
	struct json_error *err;
	bool failed;
};

/* Record the first error at byte AT; later ones are consequences. */
static void fail_at(struct parser *p, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void fail_at(struct parser *p, size_t at, const char *fmt, ...)
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

/* The byte at the cursor, or -1 at the end. */
static int peek(const struct parser *p)
{
	return p->pos < p->len ? p->s[p->pos] : -1;
}

static void skip_space(struct parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
				   p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

/* What to call the byte at the cursor in a message. */
static void fail_unexpected(struct parser *p, const char *wanted)
{
	int c = peek(p);

	if (c < 0)
		fail_at(p, p->pos, "unexpected end of input, expected %s", wanted);
	else if (c >= 0x21 && c < 0x7f)
		fail_at(p, p->pos, "unexpected '%c', expected %s", c, wanted);
	else
		fail_at(p, p->pos, "unexpected byte 0x%02x, expected %s", c, wanted);
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
static int hex4(struct parser *p, uint32_t *cp)
{
	*cp = 0;
	for (int i = 0; i < 4; i++) {
		int c = peek(p);
		uint32_t digit;

		if (c >= '0' && c <= '9')
			digit = (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			digit = (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			digit = (uint32_t)(c - 'A' + 10);
		else {
			fail_at(p, p->pos, "\\u needs four hex digits");
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
static int parse_escape(struct parser *p, struct buf *b, size_t string)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	size_t start = p->pos - 1;
	int c = peek(p);
	const char *hit = c > 0 ? strchr(from, c) : NULL;
	uint32_t cp, low;
	char utf8[4];

	if (c < 0) {
		fail_at(p, string, "unterminated string");
		return -1;
	}
	if (hit) {
		p->pos++;
		return buf_add(b, &to[hit - from], 1) ? 0 : -2;
	}
	if (c != 'u') {
		fail_at(p, start, "bad escape in string");
		return -1;
	}
	p->pos++;
	if (hex4(p, &cp) != 0)
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff) {
		fail_at(p, start, "lone low surrogate \\u%04" PRIx32, cp);
		return -1;
	}
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (p->pos + 1 >= p->len || p->s[p->pos] != '\\' ||
		    p->s[p->pos + 1] != 'u') {
			fail_at(p, start, "lone high surrogate \\u%04" PRIx32, cp);
			return -1;
		}
		p->pos += 2;
		if (hex4(p, &low) != 0)
			return -1;
		if (low < 0xdc00 || low > 0xdfff) {
			fail_at(p, start, "high surrogate \\u%04" PRIx32
				" not followed by a low one", cp);
			return -1;
		}
		cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
	}
	return buf_add(b, utf8, utf8_encode(cp, utf8)) ? 0 : -2;
}

/* A string; the cursor is on its opening quote. */
static char *parse_string(struct parser *p, size_t *length)
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
			fail_at(p, start, "unterminated string");
			rc = -1;
		} else if (p->s[p->pos] == '"') {
			p->pos++;
			break;
		} else if (p->s[p->pos] == '\\') {
			p->pos++;
			rc = parse_escape(p, &b, start);
		} else if (p->s[p->pos] < 0x20) {
			fail_at(p, p->pos, "control character 0x%02x in string",
				p->s[p->pos]);
			rc = -1;
		} else if ((seq = utf8_seq_len(p->s + p->pos, p->len - p->pos)) == 0) {
			fail_at(p, p->pos, "invalid UTF-8 in string");
			rc = -1;
		} else {
			rc = buf_add(&b, p->s + p->pos, seq) ? 0 : -2;
			p->pos += seq;
		}
	}
	if (rc == -2)
		fail_at(p, start, "out of memory");
	if (rc != 0) {
		free(b.data);
		return NULL;
	}
	*length = b.len;
	return b.data;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* A number; the cursor is on its '-' or first digit. */
static int parse_number(struct parser *p, struct json_value *v)
{
	size_t start = p->pos;
	bool integer = true;
	char text[JSON_NUMBER_MAX_CHARS + 1], *end;
	double value;

	if (peek(p) == '-')
		p->pos++;
	if (peek(p) == '0') {
		p->pos++;
		if (is_digit(peek(p))) {
			fail_at(p, start, "leading zero in number");
			return -1;
		}
	} else if (is_digit(peek(p))) {
		while (is_digit(peek(p)))
			p->pos++;
	} else {
		fail_at(p, p->pos, "digit expected in number");
		return -1;
	}
	if (peek(p) == '.') {
		p->pos++;
		integer = false;
		if (!is_digit(peek(p))) {
			fail_at(p, p->pos, "digit expected after '.'");
			return -1;
		}
		while (is_digit(peek(p)))
			p->pos++;
	}
	if (peek(p) == 'e' || peek(p) == 'E') {
		p->pos++;
		integer = false;
		if (peek(p) == '+' || peek(p) == '-')
			p->pos++;
		if (!is_digit(peek(p))) {
			fail_at(p, p->pos, "digit expected in exponent");
			return -1;
		}
		while (is_digit(peek(p)))
			p->pos++;
	}
	if (p->pos - start > JSON_NUMBER_MAX_CHARS) {
		fail_at(p, start, "number longer than %d characters",
			JSON_NUMBER_MAX_CHARS);
		return -1;
	}
	/* strtod on a bounded copy: the text need not be NUL-terminated. */
	memcpy(text, p->s + start, p->pos - start);
	text[p->pos - start] = '\0';
	value = strtod(text, &end);
	if (*end != '\0' || isinf(value)) {
		fail_at(p, start, "number out of range");
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

/* A literal word (true, false, null) at the cursor. */
static int parse_word(struct parser *p, const char *word, enum json_type type,
		      struct json_value *v)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0) {
		fail_unexpected(p, "a value");
		return -1;
	}
	p->pos += n;
	v->type = type;
	return 0;
}

static int parse_value(struct parser *p, struct json_value *v);
static void free_value(struct json_value *v);

/*
 * Step into an array or object (the cursor on its '[' or '{'): -1 past the
 * depth limit, 1 when CLOSE ends it at once, 0 when items follow.
 */
static int enter(struct parser *p, int close)
{
	if (p->depth >= p->max_depth) {
		fail_at(p, p->pos, "nested deeper than %u", p->max_depth);
		return -1;
	}
	p->depth++;
	p->pos++;
	skip_space(p);
	if (peek(p) != close)
		return 0;
	p->pos++;
	p->depth--;
	return 1;
}

/* After an item: 0 when a ',' says another follows, 1 when CLOSE ends it, -1 else. */
static int after_item(struct parser *p, int close, const char *wanted)
{
	skip_space(p);
	if (peek(p) == ',') {
		p->pos++;
		skip_space(p);
		return 0;
	}
	if (peek(p) == close) {
		p->pos++;
		p->depth--;
		return 1;
	}
	fail_unexpected(p, wanted);
	return -1;
}

static int parse_array(struct parser *p, struct json_value *v)
{
	size_t cap = 0;
	int rc;

	v->type = JSON_ARRAY;
	v->items = NULL;
	v->length = 0;
	rc = enter(p, ']');
	while (rc == 0) {
		struct json_value *items = grow_array(v->items, v->length, &cap,
						      sizeof(*items), 4);

		if (!items) {
			fail_at(p, p->pos, "out of memory");
			return -1;
		}
		v->items = items;
		/* Counted before it is parsed, so that a failure frees it. */
		v->items[v->length].type = JSON_NULL;
		if (parse_value(p, &v->items[v->length++]) != 0)
			return -1;
		rc = after_item(p, ']', "',' or ']'");
	}
	return rc < 0 ? -1 : 0;
}

static int by_key(const void *pa, const void *pb)
{
	const struct json_member *a = *(const struct json_member *const *)pa;
	const struct json_member *b = *(const struct json_member *const *)pb;
	size_t n = a->key_length < b->key_length ? a->key_length : b->key_length;
	int c = memcmp(a->key, b->key, n);

	if (c != 0)
		return c;
	return (a->key_length > b->key_length) - (a->key_length < b->key_length);
}

/* Refuse an object with a key twice: which value counts would be a guess. */
static int check_duplicates(struct parser *p, const struct json_value *v,
			    size_t at)
{
	const struct json_member **sorted;
	int rc = 0;

	if (v->length < 2)
		return 0;
	sorted = malloc(v->length * sizeof(*sorted));
	if (!sorted) {
		fail_at(p, at, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < v->length; i++)
		sorted[i] = &v->members[i];
	qsort(sorted, v->length, sizeof(*sorted), by_key);
	for (size_t i = 1; i < v->length && rc == 0; i++)
		if (by_key(&sorted[i - 1], &sorted[i]) == 0) {
			const char *key = sorted[i]->key;

			fail_at(p, at, "duplicate key \"%.*s\" in object",
				(int)utf8_cut_bytes(key, strlen(key), 60), key);
			rc = -1;
		}
	free(sorted);
	return rc;
}

static int parse_object(struct parser *p, struct json_value *v)
{
	size_t cap = 0, start = p->pos;
	int rc;

	v->type = JSON_OBJECT;
	v->members = NULL;
	v->length = 0;
	rc = enter(p, '}');
	while (rc == 0) {
		struct json_member *m;

		if (peek(p) != '"') {
			fail_unexpected(p, "a string key");
			return -1;
		}
		m = grow_array(v->members, v->length, &cap, sizeof(*m), 4);
		if (!m) {
			fail_at(p, p->pos, "out of memory");
			return -1;
		}
		v->members = m;
		m = &v->members[v->length];
		m->value.type = JSON_NULL;
		m->key = parse_string(p, &m->key_length);
		if (!m->key)
			return -1;
		v->length++; /* owns the key now, for json_free on failure */
		skip_space(p);
		if (peek(p) != ':') {
			fail_unexpected(p, "':'");
			return -1;
		}
		p->pos++;
		skip_space(p);
		if (parse_value(p, &m->value) != 0)
			return -1;
		rc = after_item(p, '}', "',' or '}'");
	}
	return rc < 0 ? -1 : check_duplicates(p, v, start);
}

/* One value at the cursor (no leading space). On failure *v is still freeable. */
static int parse_value(struct parser *p, struct json_value *v)
{
	int c = peek(p);

	v->type = JSON_NULL;
	v->exact = false;
	v->length = 0;
	switch (c) {
	case '{':
		return parse_object(p, v);
	case '[':
		return parse_array(p, v);
	case '"':
		v->string = parse_string(p, &v->length);
		if (!v->string)
			return -1;
		v->type = JSON_STRING;
		return 0;
	case 't':
		return parse_word(p, "true", JSON_TRUE, v);
	case 'f':
		return parse_word(p, "false", JSON_FALSE, v);
	case 'n':
		return parse_word(p, "null", JSON_NULL, v);
	default:
		if (c == '-' || is_digit(c))
			return parse_number(p, v);
		fail_unexpected(p, "a value");
		return -1;
	}
}

static void free_value(struct json_value *v)
{
	if (v->type == JSON_STRING) {
		free(v->string);
	} else if (v->type == JSON_ARRAY) {
		for (size_t i = 0; i < v->length; i++)
			free_value(&v->items[i]);
		free(v->items);
	} else if (v->type == JSON_OBJECT) {
		for (size_t i = 0; i < v->length; i++) {
			free(v->members[i].key);
			free_value(&v->members[i].value);
		}
		free(v->members);
	}
	v->type = JSON_NULL;
}

struct json_value *json_parse(const char *text, size_t len,
			      const struct json_limits *limits,
			      struct json_error *err)
{
	struct json_limits lim = { JSON_DEFAULT_MAX_BYTES, JSON_DEFAULT_MAX_DEPTH };
	struct parser p = { (const unsigned char *)text, len, 0, 0, 0, err, false };
	struct json_value *root;

	memset(err, 0, sizeof(*err));
	if (limits)
		lim = *limits;
	p.max_depth = lim.max_depth;
	if (len > lim.max_bytes) {
		p.len = 0;
		fail_at(&p, 0, "input of %zu bytes is over the limit of %zu",
			len, lim.max_bytes);
		return NULL;
	}
	root = malloc(sizeof(*root));
	if (!root) {
		fail_at(&p, 0, "out of memory");
		return NULL;
	}
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		fail_at(&p, 0, "byte order mark before the value");
		free(root);
		return NULL;
	}
	skip_space(&p);
	if (parse_value(&p, root) == 0) {
		skip_space(&p);
		if (p.pos < p.len)
			fail_unexpected(&p, "the end after the value");
	}
	if (p.failed) {
		free_value(root);
		free(root);
		return NULL;
	}
	return root;
}

void json_free(struct json_value *root)
{
	if (!root)
		return;
	free_value(root);
	free(root);
}
