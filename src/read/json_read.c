/* SPDX-License-Identifier: MIT */
/*
 * json_read.c - the strict JSON reader (json_read.h): the tree of arrays
 * and objects, built by recursive descent bounded in depth and size, the
 * duplicate-key check, and freeing the tree. The tokens (strings, numbers,
 * words) are json_scan.c's; lookup, comparison and writing back are
 * json_tree.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "json_scan_internal.h"
#include "lib/grow.h"
#include "lib/utf8.h"

static int parse_value(struct json_scan *p, struct json_value *v);
static void free_value(struct json_value *v);

/*
 * Step into an array or object (the cursor on its '[' or '{'): -1 past the
 * depth limit, 1 when CLOSE ends it at once, 0 when items follow.
 */
static int enter(struct json_scan *p, int close)
{
	if (p->depth >= p->max_depth) {
		json_scan_fail(p, p->pos, "nested deeper than %u",
			       p->max_depth);
		return -1;
	}
	p->depth++;
	p->pos++;
	json_scan_space(p);
	if (json_scan_peek(p) != close)
		return 0;
	p->pos++;
	p->depth--;
	return 1;
}

/* After an item: 0 when a ',' says another follows, 1 when CLOSE ends it, -1 else. */
static int after_item(struct json_scan *p, int close, const char *wanted)
{
	json_scan_space(p);
	if (json_scan_peek(p) == ',') {
		p->pos++;
		json_scan_space(p);
		return 0;
	}
	if (json_scan_peek(p) == close) {
		p->pos++;
		p->depth--;
		return 1;
	}
	json_scan_unexpected(p, wanted);
	return -1;
}

static int parse_array(struct json_scan *p, struct json_value *v)
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
			json_scan_fail(p, p->pos, "out of memory");
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
static int check_duplicates(struct json_scan *p, const struct json_value *v,
			    size_t at)
{
	const struct json_member **sorted;
	int rc = 0;

	if (v->length < 2)
		return 0;
	sorted = malloc(v->length * sizeof(*sorted));
	if (!sorted) {
		json_scan_fail(p, at, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < v->length; i++)
		sorted[i] = &v->members[i];
	qsort(sorted, v->length, sizeof(*sorted), by_key);
	for (size_t i = 1; i < v->length && rc == 0; i++)
		if (by_key(&sorted[i - 1], &sorted[i]) == 0) {
			const char *key = sorted[i]->key;
			int shown = (int)utf8_cut_bytes(key, strlen(key), 60);

			json_scan_fail(p, at, "duplicate key \"%.*s\" in "
				       "object", shown, key);
			rc = -1;
		}
	free(sorted);
	return rc;
}

static int parse_object(struct json_scan *p, struct json_value *v)
{
	size_t cap = 0, start = p->pos;
	int rc;

	v->type = JSON_OBJECT;
	v->members = NULL;
	v->length = 0;
	rc = enter(p, '}');
	while (rc == 0) {
		struct json_member *m;

		if (json_scan_peek(p) != '"') {
			json_scan_unexpected(p, "a string key");
			return -1;
		}
		m = grow_array(v->members, v->length, &cap, sizeof(*m), 4);
		if (!m) {
			json_scan_fail(p, p->pos, "out of memory");
			return -1;
		}
		v->members = m;
		m = &v->members[v->length];
		m->value.type = JSON_NULL;
		m->key = json_scan_string(p, &m->key_length);
		if (!m->key)
			return -1;
		v->length++; /* owns the key now, for json_free on failure */
		json_scan_space(p);
		if (json_scan_peek(p) != ':') {
			json_scan_unexpected(p, "':'");
			return -1;
		}
		p->pos++;
		json_scan_space(p);
		if (parse_value(p, &m->value) != 0)
			return -1;
		rc = after_item(p, '}', "',' or '}'");
	}
	return rc < 0 ? -1 : check_duplicates(p, v, start);
}

/* One value at the cursor (no leading space). On failure *v is still freeable. */
static int parse_value(struct json_scan *p, struct json_value *v)
{
	int c = json_scan_peek(p);

	v->type = JSON_NULL;
	v->exact = false;
	v->length = 0;
	switch (c) {
	case '{':
		return parse_object(p, v);
	case '[':
		return parse_array(p, v);
	case '"':
		v->string = json_scan_string(p, &v->length);
		if (!v->string)
			return -1;
		v->type = JSON_STRING;
		return 0;
	case 't':
		return json_scan_word(p, "true", JSON_TRUE, v);
	case 'f':
		return json_scan_word(p, "false", JSON_FALSE, v);
	case 'n':
		return json_scan_word(p, "null", JSON_NULL, v);
	default:
		if (c == '-' || json_scan_digit(c))
			return json_scan_number(p, v);
		json_scan_unexpected(p, "a value");
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
	struct json_scan p = { (const unsigned char *)text, len, 0, 0, 0, err,
			       false };
	struct json_value *root;

	memset(err, 0, sizeof(*err));
	if (limits)
		lim = *limits;
	p.max_depth = lim.max_depth;
	if (len > lim.max_bytes) {
		p.len = 0;
		json_scan_fail(&p, 0, "input of %zu bytes is over the limit "
			       "of %zu", len, lim.max_bytes);
		return NULL;
	}
	root = malloc(sizeof(*root));
	if (!root) {
		json_scan_fail(&p, 0, "out of memory");
		return NULL;
	}
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		json_scan_fail(&p, 0, "byte order mark before the value");
		free(root);
		return NULL;
	}
	json_scan_space(&p);
	if (parse_value(&p, root) == 0) {
		json_scan_space(&p);
		if (p.pos < p.len)
			json_scan_unexpected(&p, "the end after the value");
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
