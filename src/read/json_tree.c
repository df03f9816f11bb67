/* SPDX-License-Identifier: MIT */
/*
 * json_tree.c - what a tree from json_parse offers besides parsing: a
 * member by key, comparison of two trees, and writing one back as compact
 * JSON, which lets the tests and the fuzzer check that what parses reads
 * back the same.
 */
#include <inttypes.h>
#include <string.h>

#include "json_read.h"

const struct json_value *json_get(const struct json_value *object,
				  const char *key)
{
	size_t n = strlen(key);

	if (!object || object->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < object->length; i++)
		if (object->members[i].key_length == n &&
		    memcmp(object->members[i].key, key, n) == 0)
			return &object->members[i].value;
	return NULL;
}

static void write_string(FILE *out, const char *s, size_t len)
{
	fputc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/*
 * An exact number as an integer; any other with 17 significant digits, and
 * a ".0" where that would look like a non-negative integer, so that it does
 * not read back as exact.
 */
static void write_number(FILE *out, const struct json_value *v)
{
	char text[40];

	if (v->exact) {
		fprintf(out, "%" PRIu64, v->uint);
		return;
	}
	snprintf(text, sizeof(text), "%.17g", v->number);
	fputs(text, out);
	if (text[0] != '-' && strspn(text, "0123456789") == strlen(text))
		fputs(".0", out);
}

void json_write(FILE *out, const struct json_value *v)
{
	switch (v->type) {
	case JSON_NULL:
		fputs("null", out);
		break;
	case JSON_FALSE:
		fputs("false", out);
		break;
	case JSON_TRUE:
		fputs("true", out);
		break;
	case JSON_NUMBER:
		write_number(out, v);
		break;
	case JSON_STRING:
		write_string(out, v->string, v->length);
		break;
	case JSON_ARRAY:
		fputc('[', out);
		for (size_t i = 0; i < v->length; i++) {
			if (i)
				fputc(',', out);
			json_write(out, &v->items[i]);
		}
		fputc(']', out);
		break;
	case JSON_OBJECT:
		fputc('{', out);
		for (size_t i = 0; i < v->length; i++) {
			if (i)
				fputc(',', out);
			write_string(out, v->members[i].key, v->members[i].key_length);
			fputc(':', out);
			json_write(out, &v->members[i].value);
		}
		fputc('}', out);
		break;
	}
}

bool json_equal(const struct json_value *a, const struct json_value *b)
{
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case JSON_NUMBER:
		return a->number == b->number && a->exact == b->exact &&
		       a->uint == b->uint;
	case JSON_STRING:
		return a->length == b->length &&
		       memcmp(a->string, b->string, a->length) == 0;
	case JSON_ARRAY:
		if (a->length != b->length)
			return false;
		for (size_t i = 0; i < a->length; i++)
			if (!json_equal(&a->items[i], &b->items[i]))
				return false;
		return true;
	case JSON_OBJECT:
		if (a->length != b->length)
			return false;
		for (size_t i = 0; i < a->length; i++) {
			const struct json_member *ma = &a->members[i], *mb = &b->members[i];

			if (ma->key_length != mb->key_length ||
			    memcmp(ma->key, mb->key, ma->key_length) != 0 ||
			    !json_equal(&ma->value, &mb->value))
				return false;
		}
		return true;
	default:
		return true;
	}
}
