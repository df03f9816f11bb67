/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what every fuzz harness shares: the libFuzzer entry points (also
 * called by replay.c in builds without libFuzzer), FUZZ_CHECK for oracles,
 * a NUL-terminated copy of the input and a UTF-8 validity test. Test-only.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each harness defines both: set-up once, then one input (always returns 0). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef FUZZ_NAME
#error "define FUZZ_NAME (the harness name) before including fuzz.h"
#endif

static void fuzz_fail(const char *file, int line, const char *cond,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * An oracle failed: say so in the "FAIL NAME: why" form tests/run.sh counts
 * and abort, which libFuzzer reports as a crash with the input saved.
 */
static void fuzz_fail(const char *file, int line, const char *cond,
		      const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL fuzz %s: %s (%s:%d): ", FUZZ_NAME, cond, file,
		line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

#define FUZZ_CHECK(cond, ...)                                                  \
	do {                                                                   \
		if (!(cond))                                                   \
			fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);     \
	} while (0)

/* DATA[0..size) as a malloc'd C string (its first NUL ends it); never NULL. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * Whether S[0..len) is well-formed UTF-8: no stray continuation bytes, no
 * overlong forms, surrogates or code points past U+10FFFF.
 */
static inline bool fuzz_utf8_ok(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		unsigned char c = s[i];
		size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2
				  : c >= 0xE0 && c <= 0xEF	   ? 3
				  : c >= 0xF0 && c <= 0xF4	   ? 4
								   : 0;

		if (n == 0 || i + n > len)
			return false;
		for (size_t k = 1; k < n; k++)
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
		if ((c == 0xE0 && s[i + 1] < 0xA0) ||
		    (c == 0xED && s[i + 1] > 0x9F) ||
		    (c == 0xF0 && s[i + 1] < 0x90) ||
		    (c == 0xF4 && s[i + 1] > 0x8F))
			return false;
		i += n;
	}
	return true;
}

#endif
