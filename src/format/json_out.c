/* SPDX-License-Identifier: MIT */
/*
 * json_out.c - JSON values as text (json_out.h): strings escaped, numbers
 * without trailing zeros, times in seconds or microseconds, and null for
 * what is not known. Every JSON document clyde writes prints through it.
 */
#include "json_out.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/utf8.h"

/* Invalid UTF-8 as U+FFFD: the document stays valid whatever a name holds;
 * C1 and bidi controls as \u escapes. */
void json_out_string(FILE *out, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text);

	fputc('"', out);
	for (size_t i = 0; i < len;) {
		size_t seq;

		if (s[i] == '"' || s[i] == '\\') {
			fputc('\\', out);
			fputc(s[i++], out);
		} else if (s[i] == '\n' || s[i] == '\t') {
			fputs(s[i++] == '\n' ? "\\n" : "\\t", out);
		} else if (s[i] < 0x20 || s[i] == 0x7f) {
			fprintf(out, "\\u%04x", s[i++]);
		} else if (s[i] < 0x80) {
			fputc(s[i++], out);
		} else if ((seq = utf8_seq_len(s + i, len - i)) != 0) {
			/* The same text, but a terminal shown the document sees
			 * no C1 control or bidi control act (all in the BMP). */
			unsigned long cp = utf8_code_point(s + i, seq);

			if ((cp >= 0x80 && cp < 0xa0) || utf8_is_bidi_control(cp))
				fprintf(out, "\\u%04lx", cp);
			else
				fwrite(s + i, 1, seq, out);
			i += seq;
		} else {
			fputs("\\ufffd", out);
			i++;
		}
	}
	fputc('"', out);
}

void json_out_text_or_null(FILE *out, const char *text)
{
	if (text[0] == '\0')
		fputs("null", out);
	else
		json_out_string(out, text);
}

void json_out_double(FILE *out, double value, int decimals)
{
	char buf[64];
	size_t len;

	if (!isfinite(value)) {
		fputs("null", out);
		return;
	}
	if (value >= 1e15 || value <= -1e15) {
		fprintf(out, "%.17g", value);
		return;
	}
	len = (size_t)snprintf(buf, sizeof(buf), "%.*f", decimals, value);
	if (strchr(buf, '.')) {
		while (len > 0 && buf[len - 1] == '0')
			buf[--len] = '\0';
		if (len > 0 && buf[len - 1] == '.')
			buf[--len] = '\0';
	}
	fputs(strcmp(buf, "-0") == 0 ? "0" : buf, out);
}

void json_out_exact_or_null(FILE *out, bool known, double value)
{
	char buf[64];

	if (!known || !isfinite(value)) {
		fputs("null", out);
		return;
	}
	for (int decimals = 0; decimals <= 20; decimals++) {
		snprintf(buf, sizeof(buf), "%.*f", decimals, value);
		if (strtod(buf, NULL) == value) {
			fputs(strcmp(buf, "-0") == 0 ? "0" : buf, out);
			return;
		}
	}
	fprintf(out, "%.17g", value);
}

void json_out_float(FILE *out, float value)
{
	if (!isfinite(value))
		fputs("null", out);
	else
		fprintf(out, "%.9g", (double)value);
}

void json_out_u64(FILE *out, uint64_t value)
{
	fprintf(out, "%" PRIu64, value);
}

void json_out_seconds(FILE *out, uint64_t ns)
{
	json_out_double(out, (double)ns / 1e9, 9);
}

void json_out_us(FILE *out, uint64_t ns)
{
	json_out_double(out, (double)ns / 1e3, 3);
}

void json_out_bool_or_null(FILE *out, bool known, bool value)
{
	fputs(!known ? "null" : value ? "true" : "false", out);
}

void json_out_u64_or_null(FILE *out, bool known, uint64_t value)
{
	if (known)
		json_out_u64(out, value);
	else
		fputs("null", out);
}

void json_out_double_or_null(FILE *out, bool known, double value, int decimals)
{
	if (known)
		json_out_double(out, value, decimals);
	else
		fputs("null", out);
}

void json_out_seconds_or_null(FILE *out, bool known, uint64_t ns)
{
	if (known)
		json_out_seconds(out, ns);
	else
		fputs("null", out);
}

