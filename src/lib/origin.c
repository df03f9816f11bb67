/* SPDX-License-Identifier: MIT */
/*
 * origin.c - the start time and the command line of a run as text
 * (origin.h).
 */
#include "origin.h"

#include <stdbool.h>
#include <string.h>

int origin_time_utc(time_t t, char *out, size_t size)
{
	struct tm tm;

	if (size > 0)
		out[0] = '\0';
	if (!gmtime_r(&t, &tm) ||
	    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
		if (size > 0)
			out[0] = '\0';
		return -1;
	}
	return 0;
}

/* Whether WORD reads back from sh as itself without quotes. */
static bool plain_word(const char *word, bool first)
{
	static const char safe[] = "_./:,+@%^-";

	if (word[0] == '\0')
		return false;
	for (const char *p = word; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr(safe, c) ||
		    (c == '=' && !first))
			continue;
		return false;
	}
	return true;
}

/* Append TEXT[0..n) at OUT + *len, keeping room for the NUL; false if full. */
static bool append(char *out, size_t size, size_t *len, const char *text,
		   size_t n)
{
	if (n >= size - *len)
		return false;
	memcpy(out + *len, text, n);
	*len += n;
	out[*len] = '\0';
	return true;
}

int origin_command_line(int argc, char *const argv[], char *out, size_t size)
{
	size_t len = 0;
	bool fits = size > 0;

	if (size > 0)
		out[0] = '\0';
	for (int i = 0; i < argc && fits; i++) {
		const char *w = argv[i];

		if (i > 0)
			fits = append(out, size, &len, " ", 1);
		if (plain_word(w, i == 0)) {
			fits = fits && append(out, size, &len, w, strlen(w));
			continue;
		}
		fits = fits && append(out, size, &len, "'", 1);
		for (const char *p = w; *p && fits; p++)
			fits = *p == '\'' ? append(out, size, &len, "'\\''", 4)
					  : append(out, size, &len, p, 1);
		fits = fits && append(out, size, &len, "'", 1);
	}
	if (!fits && size > 0)
		out[0] = '\0';
	return fits ? 0 : -1;
}
