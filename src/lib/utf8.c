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

unsigned long utf8_code_point(const unsigned char *s, size_t n)
{
	static const unsigned char lead_bits[] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
	unsigned long cp = s[0] & lead_bits[n];

	for (size_t i = 1; i < n; i++)
		cp = (cp << 6) | (s[i] & 0x3F);
	return cp;
}

bool utf8_is_bidi_control(unsigned long cp)
{
	return cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

size_t utf8_bidi_at(const char *text, unsigned long *cp)
{
	const unsigned char *s = (const unsigned char *)text;
	/* Every bidi control is 2 or 3 bytes; a NUL stops the sequence. */
	size_t avail = s[0] && s[1] ? (s[2] ? 3 : 2) : 1;
	size_t n = utf8_seq_len(s, avail);

	if (n < 2)
		return 0;
	*cp = utf8_code_point(s, n);
	return utf8_is_bidi_control(*cp) ? n : 0;
}

size_t utf8_printable_at(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n = utf8_seq_len(s, len);

	if (n == 0)
		return 0;
	unsigned long cp = utf8_code_point(s, n);
	if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || utf8_is_bidi_control(cp))
		return 0;
	return n;
}
