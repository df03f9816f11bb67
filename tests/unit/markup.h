/* SPDX-License-Identifier: MIT */
/*
 * markup.h - the unit tests' check that HTML and SVG output is well formed
 * (tags closed in order, entities, no stray angle brackets), shared by the
 * report tests. Header-only.
 */
#ifndef MARKUP_H
#define MARKUP_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static inline bool bad(char *why, size_t len, const char *fmt, const char *what,
		size_t at)
{
	snprintf(why, len, fmt, what, at);
	return false;
}

/*
 * Well-formed markup: every element closed in order (HTML's void elements
 * excepted), every '&' an entity, no '<' or '>' outside tags.
 */
static inline bool well_formed(const char *text, bool html, char *why, size_t len)
{
	static const char *const voids[] = { "meta", "br", "link", "img", "hr" };
	char stack[64][16];
	size_t depth = 0;

	for (const char *p = text; *p; p++) {
		if (*p == '&') {
			size_t k = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz#0123456789");

			if (k == 0 || p[1 + k] != ';')
				return bad(why, len, "%sbare & at %zu", "", (size_t)(p - text));
			continue;
		}
		if (*p == '>')
			return bad(why, len, "%sstray > at %zu", "", (size_t)(p - text));
		if (*p != '<')
			continue;
		const char *end = strchr(p, '>');
		bool closing = p[1] == '/';
		char name[16];
		size_t nlen = strcspn(p + 1 + closing, " \t\n/>");
		bool is_void = false;

		if (!end || memchr(p + 1, '<', (size_t)(end - p - 1)))
			return bad(why, len, "%sbroken tag at %zu", "", (size_t)(p - text));
		if (p[1] == '!' || p[1] == '?') {
			p = end;
			continue;
		}
		snprintf(name, sizeof(name), "%.*s", (int)nlen, p + 1 + closing);
		for (size_t v = 0; html && v < sizeof(voids) / sizeof(voids[0]); v++)
			is_void |= strcmp(name, voids[v]) == 0;
		if (closing) {
			if (depth == 0 || strcmp(stack[depth - 1], name) != 0)
				return bad(why, len, "</%s> closes element %zu", name, depth);
			depth--;
		} else if (end[-1] != '/' && !is_void) {
			if (depth == 64)
				return bad(why, len, "%stoo deep at %zu", "", (size_t)(p - text));
			strcpy(stack[depth++], name);
		}
		p = end;
	}
	if (depth != 0)
		return bad(why, len, "<%s> never closed (%zu open)", stack[depth - 1], depth);
	return true;
}

/* Prints why NAME is not well formed, and checks it. */
static inline void check_markup(const char *name, const char *format,
				const char *text)
{
	char why[128] = "", label[160];
	bool html = strcmp(format, "html") == 0;

	if (!html && strcmp(format, "svg") != 0)
		return;
	snprintf(label, sizeof(label), "%s well-formed", name);
	if (!well_formed(text, html, why, sizeof(why)))
		printf("# %s: %s\n", label, why);
	CHECK(label, well_formed(text, html, why, sizeof(why)));
}

#endif
