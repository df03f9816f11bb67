/* SPDX-License-Identifier: MIT */
/*
 * utf8.c - UTF-8 sequence checks, character counts and safe cuts (utf8.h).
 */
#include "utf8.h"

#include <string.h>

static bool is_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

size_t utf8_seq_len(const unsigned char *s, size_t len)
{
	size_t need;
	unsigned char lo = 0x80, hi = 0xBF; /* range of the second byte */

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		need = 2;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		need = 3;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		need = 4;
	else
		return 0;
	/* The second byte rules out overlong forms, surrogates, > U+10FFFF. */
	if (s[0] == 0xE0)
		lo = 0xA0;
	else if (s[0] == 0xED)
		hi = 0x9F;
	else if (s[0] == 0xF0)
		lo = 0x90;
	else if (s[0] == 0xF4)
		hi = 0x8F;
	if (len < need || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < need; i++)
		if (!is_cont(s[i]))
			return 0;
	return need;
}

bool utf8_valid(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq_len(s + i, len - i);

		if (n == 0)
			return false;
		i += n;
	}
	return true;
}

size_t utf8_cols(const char *text)
{
	size_t cols = 0;

	for (; *text; text++)
		cols += !is_cont((unsigned char)*text);
	return cols;
}

size_t utf8_cut_bytes(const char *text, size_t len, size_t max)
{
	size_t cut;

	if (len <= max)
		return len;
	/* Back up over continuation bytes to the start of the cut character. */
	for (cut = max; cut > 0 && is_cont((unsigned char)text[cut]); cut--)
		;
	return cut;
}

size_t utf8_cut_cols(const char *text, size_t cols)
{
	size_t i = 0;

	for (size_t used = 0; text[i] && used < cols; used++)
		do
			i++;
		while (is_cont((unsigned char)text[i]));
	return i;
}

size_t utf8_line_bytes(const char *text, size_t cols, const char **next)
{
	size_t fit = utf8_cut_cols(text, cols > 0 ? cols : 1), end = fit;

	if (text[fit] == '\0') {
		*next = text + fit;
		return fit;
	}
	while (end > 0 && text[end] != ' ')
		end--;
	if (end == 0)
		end = fit;
	*next = text + end + (text[end] == ' ');
	return end;
}
