/* SPDX-License-Identifier: MIT */
/*
 * markup_check.h - syntax checks of formatter output for the report
 * harness: balanced HTML/SVG markup with well-formed entities and quoted
 * attributes, and strict JSON (RFC 8259). They judge syntax, not content.
 * Header-only, for tests only.
 */
#ifndef MARKUP_CHECK_H
#define MARKUP_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool check_why(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Put the reason in WHY; always false, for "return check_why(...)". */
static bool check_why(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return false;
}

/* "&amp;", "&#39;", "&#x1F;": a character reference at P, or 0. */
static size_t entity_len(const char *p)
{
	size_t k = 1;

	if (p[k] == '#') {
		k++;
		if (p[k] == 'x')
			k++;
		if (!strchr("0123456789abcdefABCDEF", p[k]) || !p[k])
			return 0;
		k += strspn(p + k, "0123456789abcdefABCDEF");
	} else {
		size_t n = strspn(p + k, "abcdefghijklmnopqrstuvwxyz");

		if (n == 0)
			return 0;
		k += n;
	}
	return p[k] == ';' ? k + 1 : 0;
}

/*
 * Whether TEXT is well-formed markup: every element closed in order (with
 * HTML, its void elements excepted), every '&' a character reference, no
 * '<' or '>' outside tags, attribute values quoted. Comments, <!DOCTYPE>
 * and <?xml?> are skipped. On false, WHY says where.
 */
static bool markup_well_formed(const char *text, bool html, char *why,
			       size_t len)
{
	static const char *const voids[] = { "meta", "br", "link", "img", "hr",
					     "col", "input", "wbr" };
	char stack[64][24];
	size_t depth = 0;

	for (const char *p = text; *p; p++) {
		size_t at = (size_t)(p - text);

		if (*p == '&') {
			if (!entity_len(p))
				return check_why(why, len, "bare & at %zu", at);
			continue;
		}
		if (*p == '>')
			return check_why(why, len, "stray > at %zu", at);
		if (*p != '<')
			continue;
		if (strncmp(p, "<!--", 4) == 0) {
			const char *end = strstr(p + 4, "-->");

			if (!end)
				return check_why(why, len, "open comment at %zu", at);
			p = end + 2;
			continue;
		}
		const char *end = strchr(p, '>');
		bool closing = p[1] == '/';
		size_t nlen = strcspn(p + 1 + closing, " \t\n/>");
		char name[24];
		bool is_void = false;
		char quote = 0;

		if (!end || memchr(p + 1, '<', (size_t)(end - p - 1)))
			return check_why(why, len, "broken tag at %zu", at);
		if (p[1] == '!' || p[1] == '?') {
			p = end;
			continue;
		}
		if (nlen == 0 || nlen >= sizeof(name))
			return check_why(why, len, "bad tag name at %zu", at);
		/* Attributes: name="value" pairs; no bare '&' or quote inside. */
		for (const char *q = p + 1 + closing + nlen; q < end; q++) {
			if (quote) {
				if (*q == quote)
					quote = 0;
				else if (*q == '&' && !entity_len(q))
					return check_why(why, len, "bare & in an "
							 "attribute at %zu",
							 (size_t)(q - text));
			} else if (*q == '"' || *q == '\'') {
				if (q[-1] != '=')
					return check_why(why, len, "stray quote at "
							 "%zu", (size_t)(q - text));
				quote = *q;
			} else if (*q == '=' && q[1] != '"' && q[1] != '\'') {
				return check_why(why, len, "unquoted attribute "
						 "at %zu", (size_t)(q - text));
			}
		}
		if (quote)
			return check_why(why, len, "open quote in tag at %zu", at);
		snprintf(name, sizeof(name), "%.*s", (int)nlen, p + 1 + closing);
		for (size_t v = 0; html && v < sizeof(voids) / sizeof(voids[0]); v++)
			is_void |= strcmp(name, voids[v]) == 0;
		if (closing) {
			if (depth == 0 || strcmp(stack[depth - 1], name) != 0)
				return check_why(why, len, "</%s> at %zu closes "
						 "<%s>", name, at,
						 depth ? stack[depth - 1] : "");
			depth--;
		} else if (end[-1] != '/' && !is_void) {
			if (depth == sizeof(stack) / sizeof(stack[0]))
				return check_why(why, len, "too deep at %zu", at);
			strcpy(stack[depth++], name);
		}
		p = end;
	}
	if (depth != 0)
		return check_why(why, len, "<%s> never closed", stack[depth - 1]);
	return true;
}

/* JSON grammar, recursive descent; P advances past what was read. */
struct json_reader {
	const char *p;
	int depth;
};

static void json_space(struct json_reader *j)
{
	j->p += strspn(j->p, " \t\n\r");
}

static bool json_value(struct json_reader *j);

static bool json_string(struct json_reader *j)
{
	if (*j->p != '"')
		return false;
	for (j->p++; *j->p != '"'; j->p++) {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20)
			return false; /* also the end of the text */
		if (c != '\\')
			continue;
		j->p++;
		if (*j->p == 'u') {
			for (int k = 1; k <= 4; k++)
				if (!j->p[k] ||
				    !strchr("0123456789abcdefABCDEF", j->p[k]))
					return false;
			j->p += 4;
		} else if (!*j->p || !strchr("\"\\/bfnrt", *j->p)) {
			return false;
		}
	}
	j->p++;
	return true;
}

static bool json_digits(struct json_reader *j)
{
	size_t n = strspn(j->p, "0123456789");

	j->p += n;
	return n > 0;
}

static bool json_number(struct json_reader *j)
{
	if (*j->p == '-')
		j->p++;
	if (*j->p == '0')
		j->p++;
	else if (!json_digits(j))
		return false;
	if (*j->p == '.') {
		j->p++;
		if (!json_digits(j))
			return false;
	}
	if (*j->p == 'e' || *j->p == 'E') {
		j->p++;
		if (*j->p == '+' || *j->p == '-')
			j->p++;
		if (!json_digits(j))
			return false;
	}
	return true;
}

/* An object (CLOSE '}') or array (']') after its opening bracket. */
static bool json_container(struct json_reader *j, char close)
{
	if (++j->depth > 64)
		return false;
	j->p++;
	json_space(j);
	if (*j->p == close) {
		j->p++;
		j->depth--;
		return true;
	}
	for (;;) {
		if (close == '}') {
			if (!json_string(j))
				return false;
			json_space(j);
			if (*j->p++ != ':')
				return false;
		}
		if (!json_value(j))
			return false;
		json_space(j);
		if (*j->p == close)
			break;
		if (*j->p++ != ',')
			return false;
		json_space(j);
	}
	j->p++;
	j->depth--;
	return true;
}

static bool json_value(struct json_reader *j)
{
	json_space(j);
	switch (*j->p) {
	case '{':
		return json_container(j, '}');
	case '[':
		return json_container(j, ']');
	case '"':
		return json_string(j);
	case 't':
		return strncmp(j->p, "true", 4) == 0 && (j->p += 4);
	case 'f':
		return strncmp(j->p, "false", 5) == 0 && (j->p += 5);
	case 'n':
		return strncmp(j->p, "null", 4) == 0 && (j->p += 4);
	default:
		return json_number(j);
	}
}

/* Whether TEXT is exactly one JSON value (surrounding white space allowed). */
static bool json_valid(const char *text, char *why, size_t len)
{
	struct json_reader j = { text, 0 };

	if (!json_value(&j))
		return check_why(why, len, "syntax error at byte %zu",
				 (size_t)(j.p - text));
	json_space(&j);
	if (*j.p)
		return check_why(why, len, "text after the value at byte %zu",
				 (size_t)(j.p - text));
	return true;
}

#endif
