/* SPDX-License-Identifier: MIT */
/*
 * csv_field.c - the CSV reader's field parsers: numbers, sizes, chunk
 * sizes, latencies, rate/CPU pairs and texts, each validated, each failure
 * a short reason that names the field as the line numbers it.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "csv.h"
#include "csv_internal.h"
#include "format/fmt_text.h"
#include "lib/utf8.h"

int csv_fail(struct parse_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

/* "field 11 (put_block): WHY: '12a'", numbered as in the line as written. */
int csv_field_fail(const struct line *l, int idx, const char *why)
{
	const struct field *f = &l->f[idx];
	int shown = l->shifted && idx > 5 ? idx - 1 : idx;
	int len = (int)utf8_cut_bytes(f->text, f->len, 40);

	return csv_fail(l->err, "field %d (%s): %s: '%.*s%s'", shown,
		    (size_t)idx < l->n_names ? l->names[idx] : "?", why, len,
		    f->text, f->len > 40 ? "..." : "");
}

bool csv_is(const struct field *f, const char *text)
{
	return f->len == strlen(text) && memcmp(f->text, text, f->len) == 0;
}

bool csv_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Decimal digits only into *v: 0, -1 not a number, -2 too large. */
int csv_digits(const char *s, size_t len, uint64_t *v)
{
	uint64_t value = 0;

	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!csv_is_digit(s[i]))
			return -1;
		if (value > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -2;
		value = value * 10 + (uint64_t)(s[i] - '0');
	}
	*v = value;
	return 0;
}

static int number_fail(const struct line *l, int idx, int status)
{
	const struct field *f = &l->f[idx];

	if (status == -2)
		return csv_field_fail(l, idx, "number too large");
	if (f->len > 1 && f->text[0] == '-' && csv_is_digit(f->text[1]))
		return csv_field_fail(l, idx, "negative number");
	return csv_field_fail(l, idx, "not a number");
}

/* An integer field in [min, max]. */
int csv_get_u64(const struct line *l, int idx, uint64_t min, uint64_t max,
		   uint64_t *v)
{
	int status = csv_digits(l->f[idx].text, l->f[idx].len, v);

	if (status != 0)
		return number_fail(l, idx, status);
	if (*v < min || *v > max)
		return csv_field_fail(l, idx, "out of range");
	return 0;
}

/*
 * Figures are doubles, and every writer prints them back as whole numbers
 * or with one decimal: past 2^53 a double no longer holds each integer, so
 * "18446744073709551615" would print as ...616 and not read back. Such a
 * rate (8 ZiB/s) or CPU figure is refused as too large.
 */
#define FIGURE_MAX 9007199254740992.0 /* 2^53 */

/* "123", or with DECIMAL also "236.8" (seek rates), into *v (<= FIGURE_MAX). */
static int get_number(const struct line *l, int idx, bool decimal, double *v)
{
	const struct field *f = &l->f[idx];
	const char *dot = decimal ? memchr(f->text, '.', f->len) : NULL;
	size_t int_len = dot ? (size_t)(dot - f->text) : f->len;
	size_t frac_len = dot ? f->len - int_len - 1 : 0;
	uint64_t whole, frac = 0;
	double scale = 1.0;
	int status = csv_digits(f->text, int_len, &whole);

	if (status == 0 && dot)
		status = frac_len == 0 || frac_len > 9
				 ? -1
				 : csv_digits(dot + 1, frac_len, &frac);
	if (status != 0)
		return number_fail(l, idx, status);
	for (size_t i = 0; i < frac_len; i++)
		scale *= 10.0;
	if (whole > (uint64_t)FIGURE_MAX ||
	    (double)whole + (double)frac / scale > FIGURE_MAX)
		return number_fail(l, idx, -2);
	*v = (double)whole + (double)frac / scale;
	return 0;
}

/* "64M", "2G" (MiB, GiB) into MiB; "" is 0. */
int csv_size_value(const char *s, size_t len, uint64_t *mib)
{
	uint64_t value;
	char unit;

	if (len == 0) {
		*mib = 0;
		return 0;
	}
	unit = s[len - 1];
	if (len < 2 || csv_digits(s, len - 1, &value) != 0 || value == 0)
		return -1;
	if (unit == 'M' || unit == 'm')
		*mib = value;
	else if ((unit == 'G' || unit == 'g') && value <= UINT64_MAX / 1024 / MIB)
		*mib = value * 1024;
	else
		return -1;
	return 0;
}

/* "512", "4k", "1m": a power of two in 256 .. 1 MiB. */
int csv_chunk_value(const char *s, size_t len, uint64_t *bytes)
{
	uint64_t value, scale = 1;

	if (len > 1 && (s[len - 1] == 'k' || s[len - 1] == 'K'))
		scale = KIB;
	else if (len > 1 && (s[len - 1] == 'm' || s[len - 1] == 'M'))
		scale = MIB;
	if (csv_digits(s, scale == 1 ? len : len - 1, &value) != 0 ||
	    value > MIB / scale)
		return -1;
	value *= scale;
	if (value < 256 || (value & (value - 1)) != 0)
		return -1;
	*bytes = value;
	return 0;
}

int csv_parse_latency(const char *text, uint64_t *ns)
{
	size_t len = strlen(text), digits = 0;
	uint64_t value, unit;

	while (digits < len && csv_is_digit(text[digits]))
		digits++;
	if (len == 0) {
		*ns = 0;
		return 0;
	}
	if (strcmp(text + digits, "us") == 0)
		unit = 1000;
	else if (strcmp(text + digits, "ms") == 0)
		unit = 1000000;
	else if (strcmp(text + digits, "s") == 0)
		unit = 1000000000;
	else
		return -1;
	if (csv_digits(text, digits, &value) != 0 || value > UINT64_MAX / unit)
		return -1;
	*ns = value * unit;
	return 0;
}

/* One rate field and its CPU field: both empty, "+++++" with "+++", or two numbers. */
static int get_figure(const struct line *l, int idx, bool decimal,
		      struct phase_result *p)
{
	const struct field *rate = &l->f[idx], *cpu = &l->f[idx + 1];

	if (csv_is(rate, "+++"))
		return csv_field_fail(l, idx, "'+++' belongs in a cpu field");
	if (csv_is(cpu, "+++++"))
		return csv_field_fail(l, idx + 1, "'+++++' belongs in a rate field");
	if (rate->len == 0) {
		p->state = FIGURE_NONE;
		return cpu->len ? csv_field_fail(l, idx + 1, "cpu without a rate")
				: 0;
	}
	if (csv_is(rate, "+++++")) {
		p->state = FIGURE_TOO_FAST;
		return csv_is(cpu, "+++") ? 0
				      : csv_field_fail(l, idx + 1,
						   "expected '+++' after '+++++'");
	}
	if (get_number(l, idx, decimal, &p->rate) != 0)
		return -1;
	if (csv_is(cpu, "+++"))
		return csv_field_fail(l, idx + 1, "'+++' needs '+++++' as the rate");
	if (cpu->len == 0)
		return csv_field_fail(l, idx + 1, "missing cpu for a rate");
	if (get_number(l, idx + 1, false, &p->cpu_pct) != 0)
		return -1;
	p->state = FIGURE_VALUE;
	return 0;
}

static int get_latency(const struct line *l, int idx, struct phase_result *p)
{
	const struct field *f = &l->f[idx];
	char text[LATENCY_TEXT_MAX];

	if (f->len == 0)
		return 0;
	if (f->len >= sizeof(text))
		return csv_field_fail(l, idx, "bad latency");
	memcpy(text, f->text, f->len);
	text[f->len] = '\0';
	if (csv_parse_latency(text, &p->lat.max_ns) != 0)
		return csv_field_fail(l, idx, "bad latency");
	if (p->state == FIGURE_NONE)
		return csv_field_fail(l, idx, "latency for a test without a result");
	return 0;
}

bool csv_all_empty(const struct line *l, int first, int last)
{
	for (int i = first; i <= last; i++)
		if (l->f[i].len != 0)
			return false;
	return true;
}

/* Fields FIRST..LAST must be empty when the test part they belong to was not run. */
int csv_require_empty(const struct line *l, int first, int last,
			 const char *why)
{
	for (int i = first; i <= last; i++)
		if (l->f[i].len != 0)
			return csv_field_fail(l, i, why);
	return 0;
}

int csv_get_figures(const struct line *l, int first, int latency,
		       enum phase_id phase, struct run_results *out)
{
	for (int i = 0; i < 6; i++) {
		struct phase_result *p = &out->phase[phase + i];

		if (get_figure(l, first + 2 * i, phase + i == PHASE_SEEKS, p))
			return -1;
		if (latency >= 0 && get_latency(l, latency + i, p) != 0)
			return -1;
	}
	return 0;
}

size_t csv_formula_guard(const char *text, size_t len)
{
	return len >= 2 && text[0] == '\'' && strchr(CSV_FORMULA_CHARS, text[1]) ? 1 : 0;
}

int csv_copy_text(const struct line *l, int idx, char *dst, size_t size,
		     bool need)
{
	const struct field *f = &l->f[idx];
	size_t skip = csv_formula_guard(f->text, f->len);

	if (need && f->len == 0)
		return csv_field_fail(l, idx, "empty");
	if (f->len - skip >= size)
		return csv_field_fail(l, idx, "too long");
	memcpy(dst, f->text + skip, f->len - skip);
	dst[f->len - skip] = '\0';
	return 0;
}

