/* SPDX-License-Identifier: MIT */
/*
 * csv_read.c - the CSV reader: one line of bonnie++ 1.03, 1.93c/1.96 (also
 * the 47-field "-s 0" line), 1.97, 1.98 or clyde into struct run_results,
 * every field validated, with a short reason for whatever does not fit.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "csv.h"
#include "fmt_internal.h"
#include "utf8.h"
#include "verdict.h"

#define CSV_FIELDS_MAX 52

struct field {
	const char *text;
	size_t len;
};

/* Where each part of a line sits (indexes into the 48/50/27 fields); -1 = absent. */
struct layout {
	enum csv_format format;
	int machine, concurrency, seed, size, chunk, seeks, seekers;
	int io_figures, files, max, min, dirs_named, dirs, file_figures;
	int io_latency, file_latency;
};

static const struct layout layout_198 = {
	CSV_198, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22, 23, 24, 25, 26, 38, 44,
};
static const struct layout layout_19x = {
	CSV_197, 2, 3, 4, 5, 6, -1, -1, 7, 19, 20, 21, 22, 23, 24, 36, 42,
};
static const struct layout layout_103 = {
	CSV_103, 0, -1, -1, 1, -1, -1, -1, 2, 14, -1, -1, -1, -1, 15, -1, -1,
};

struct line {
	struct field f[CSV_FIELDS_MAX];
	size_t count;
	const struct layout *lay;
	const char *const *names;
	size_t n_names;
	bool shifted; /* a 47-field 1.96 line, widened to 48 at index 5 */
	struct parse_error *err;
};

static int fail(struct parse_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

/* "field 11 (put_block): WHY: '12a'", numbered as in the line as written. */
static int field_fail(const struct line *l, int idx, const char *why)
{
	const struct field *f = &l->f[idx];
	int shown = l->shifted && idx > 5 ? idx - 1 : idx;
	int len = (int)utf8_cut_bytes(f->text, f->len, 40);

	return fail(l->err, "field %d (%s): %s: '%.*s%s'", shown,
		    (size_t)idx < l->n_names ? l->names[idx] : "?", why, len,
		    f->text, f->len > 40 ? "..." : "");
}

static bool is(const struct field *f, const char *text)
{
	return f->len == strlen(text) && memcmp(f->text, text, f->len) == 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Decimal digits only into *v: 0, -1 not a number, -2 too large. */
static int digits_u64(const char *s, size_t len, uint64_t *v)
{
	uint64_t value = 0;

	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!is_digit(s[i]))
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
		return field_fail(l, idx, "number too large");
	if (f->len > 1 && f->text[0] == '-' && is_digit(f->text[1]))
		return field_fail(l, idx, "negative number");
	return field_fail(l, idx, "not a number");
}

/* An integer field in [min, max]. */
static int get_u64(const struct line *l, int idx, uint64_t min, uint64_t max,
		   uint64_t *v)
{
	int status = digits_u64(l->f[idx].text, l->f[idx].len, v);

	if (status != 0)
		return number_fail(l, idx, status);
	if (*v < min || *v > max)
		return field_fail(l, idx, "out of range");
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
	int status = digits_u64(f->text, int_len, &whole);

	if (status == 0 && dot)
		status = frac_len == 0 || frac_len > 9
				 ? -1
				 : digits_u64(dot + 1, frac_len, &frac);
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
static int size_value(const char *s, size_t len, uint64_t *mib)
{
	uint64_t value;
	char unit;

	if (len == 0) {
		*mib = 0;
		return 0;
	}
	unit = s[len - 1];
	if (len < 2 || digits_u64(s, len - 1, &value) != 0 || value == 0)
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
static int chunk_value(const char *s, size_t len, uint64_t *bytes)
{
	uint64_t value, scale = 1;

	if (len > 1 && (s[len - 1] == 'k' || s[len - 1] == 'K'))
		scale = KIB;
	else if (len > 1 && (s[len - 1] == 'm' || s[len - 1] == 'M'))
		scale = MIB;
	if (digits_u64(s, scale == 1 ? len : len - 1, &value) != 0 ||
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

	while (digits < len && is_digit(text[digits]))
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
	if (digits_u64(text, digits, &value) != 0 || value > UINT64_MAX / unit)
		return -1;
	*ns = value * unit;
	return 0;
}

/* One rate field and its CPU field: both empty, "+++++" with "+++", or two numbers. */
static int get_figure(const struct line *l, int idx, bool decimal,
		      struct phase_result *p)
{
	const struct field *rate = &l->f[idx], *cpu = &l->f[idx + 1];

	if (is(rate, "+++"))
		return field_fail(l, idx, "'+++' belongs in a cpu field");
	if (is(cpu, "+++++"))
		return field_fail(l, idx + 1, "'+++++' belongs in a rate field");
	if (rate->len == 0) {
		p->state = FIGURE_NONE;
		return cpu->len ? field_fail(l, idx + 1, "cpu without a rate")
				: 0;
	}
	if (is(rate, "+++++")) {
		p->state = FIGURE_TOO_FAST;
		return is(cpu, "+++") ? 0
				      : field_fail(l, idx + 1,
						   "expected '+++' after '+++++'");
	}
	if (get_number(l, idx, decimal, &p->rate) != 0)
		return -1;
	if (is(cpu, "+++"))
		return field_fail(l, idx + 1, "'+++' needs '+++++' as the rate");
	if (cpu->len == 0)
		return field_fail(l, idx + 1, "missing cpu for a rate");
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
		return field_fail(l, idx, "bad latency");
	memcpy(text, f->text, f->len);
	text[f->len] = '\0';
	if (csv_parse_latency(text, &p->lat.max_ns) != 0)
		return field_fail(l, idx, "bad latency");
	if (p->state == FIGURE_NONE)
		return field_fail(l, idx, "latency for a test without a result");
	return 0;
}

static bool all_empty(const struct line *l, int first, int last)
{
	for (int i = first; i <= last; i++)
		if (l->f[i].len != 0)
			return false;
	return true;
}

/* Fields FIRST..LAST must be empty when the test part they belong to was not run. */
static int require_empty(const struct line *l, int first, int last,
			 const char *why)
{
	for (int i = first; i <= last; i++)
		if (l->f[i].len != 0)
			return field_fail(l, i, why);
	return 0;
}

static int get_figures(const struct line *l, int first, int latency,
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

static int copy_text(const struct line *l, int idx, char *dst, size_t size,
		     bool need)
{
	const struct field *f = &l->f[idx];

	if (need && f->len == 0)
		return field_fail(l, idx, "empty");
	if (f->len >= size)
		return field_fail(l, idx, "too long");
	memcpy(dst, f->text, f->len);
	dst[f->len] = '\0';
	return 0;
}

/* Field 1 of a versioned line: "2.00a", or "clyde-0.1.0" for clyde's own. */
static int get_program(const struct line *l, struct run_results *out)
{
	const struct field *f = &l->f[1];
	size_t skip = 0;

	strcpy(out->program, "bonnie++");
	if (f->len > 6 && memcmp(f->text, "clyde-", 6) == 0) {
		strcpy(out->program, "clyde");
		skip = 6;
	}
	/* The field ends at ',' or the NUL, neither in the set. */
	if (f->len == skip || f->len - skip >= sizeof(out->version) ||
	    strspn(f->text + skip, "0123456789abcdefghijklmnopqrstuvwxyz"
				   "ABCDEFGHIJKLMNOPQRSTUVWXYZ._-") <
		    f->len - skip)
		return field_fail(l, 1, "not a version");
	memcpy(out->version, f->text + skip, f->len - skip);
	out->version[f->len - skip] = '\0';
	return 0;
}

/* A max size: "" (0), "link", "symlink" or a byte count. */
static int max_value(const char *s, size_t len, int64_t *max)
{
	uint64_t v;

	if (len == 0)
		*max = 0;
	else if (len == 4 && memcmp(s, "link", 4) == 0)
		*max = FILES_HARD_LINKS;
	else if (len == 7 && memcmp(s, "symlink", 7) == 0)
		*max = FILES_SYMLINKS;
	else if (digits_u64(s, len, &v) == 0 && v >= 1 && v <= INT64_MAX)
		*max = (int64_t)v;
	else
		return -1;
	return 0;
}

/* max and min size fields; a min only beside a byte count, and not above it. */
static int get_sizes(const struct line *l, struct run_results *out)
{
	const struct layout *y = l->lay;
	struct file_params *fp = &out->files;
	uint64_t v;

	if (max_value(l->f[y->max].text, l->f[y->max].len, &fp->max_bytes))
		return field_fail(l, y->max, "not a size, link or symlink");
	if (l->f[y->min].len == 0)
		return 0;
	if (fp->max_bytes <= 0)
		return field_fail(l, y->min, "min size without a max size");
	if (get_u64(l, y->min, 0, (uint64_t)fp->max_bytes, &v) != 0)
		return -1;
	fp->min_bytes = (int64_t)v;
	return 0;
}

/*
 * bonnie++ writes the directory count into the field its header calls
 * file_chunk_size and leaves num_dirs empty. A line that follows the header
 * instead (dirs in num_dirs) is read that way, its next field as the chunk.
 */
static int get_dirs(const struct line *l, struct run_results *out)
{
	const struct layout *y = l->lay;
	struct file_params *fp = &out->files;

	if (l->f[y->dirs_named].len != 0) {
		if (get_u64(l, y->dirs_named, 1, UINT32_MAX, &fp->dirs) != 0)
			return -1;
		if (l->f[y->dirs].len != 0 &&
		    chunk_value(l->f[y->dirs].text, l->f[y->dirs].len,
				&fp->chunk_bytes) != 0)
			return field_fail(l, y->dirs, "not a chunk size");
		return 0;
	}
	if (l->f[y->dirs].len != 0)
		return get_u64(l, y->dirs, 1, UINT32_MAX, &fp->dirs);
	return 0;
}

static int parse_versioned(const struct line *l, struct run_results *out)
{
	const struct layout *y = l->lay;
	uint64_t v;

	memcpy(out->format_id, l->f[0].text, l->f[0].len); /* identify() knows it */
	if (get_program(l, out) != 0 ||
	    copy_text(l, y->machine, out->machine, sizeof(out->machine), true) ||
	    copy_text(l, y->seed, out->seed, sizeof(out->seed), false) ||
	    /* Every copy of every clyde-mpi rank: more than -c allows. */
	    get_u64(l, y->concurrency, 1, UINT32_MAX, &v) != 0)
		return -1;
	out->concurrency = (uint32_t)v;
	if (size_value(l->f[y->size].text, l->f[y->size].len, &out->io.size_mib))
		return field_fail(l, y->size, "not a size");
	if (out->io.size_mib == 0 &&
	    require_empty(l, y->chunk, y->io_figures + 11,
			  "value without a file size") != 0)
		return -1;
	if (l->f[y->chunk].len != 0 &&
	    chunk_value(l->f[y->chunk].text, l->f[y->chunk].len,
			&out->io.chunk_bytes) != 0)
		return field_fail(l, y->chunk, "not a chunk size");
	if (y->seeks >= 0 && l->f[y->seeks].len != 0 &&
	    get_u64(l, y->seeks, 1, INT64_MAX, &out->io.seeks) != 0)
		return -1;
	if (y->seekers >= 0 && l->f[y->seekers].len != 0 &&
	    get_u64(l, y->seekers, 1, UINT32_MAX, &out->io.seekers) != 0)
		return -1;
	if (l->f[y->files].len == 0)
		return require_empty(l, y->files + 1, y->file_figures + 11,
				     "value without a file count");
	if (get_u64(l, y->files, 1, INT64_MAX, &out->files.count_k) != 0 ||
	    get_sizes(l, out) != 0 || get_dirs(l, out) != 0)
		return -1;
	return 0;
}

/* 1.03's "16", "16:1000:100", "16:link", "16/4", "16:1000:100/2". */
static int parse_spec103(const struct line *l, struct file_params *fp)
{
	const struct field *f = &l->f[l->lay->files];
	const char *p = f->text, *end = f->text + f->len;
	const char *slash = memchr(p, '/', f->len);
	const char *stop = slash ? slash : end;
	const char *colon = memchr(p, ':', (size_t)(stop - p));
	uint64_t v;

	/* The same range as the num_files field of the later formats. */
	if (digits_u64(p, (size_t)((colon ? colon : stop) - p), &fp->count_k) ||
	    fp->count_k == 0 || fp->count_k > INT64_MAX)
		return field_fail(l, l->lay->files, "not a file spec");
	if (slash && (digits_u64(slash + 1, (size_t)(end - slash - 1),
				 &fp->dirs) != 0 || fp->dirs == 0 ||
		      fp->dirs > UINT32_MAX))
		return field_fail(l, l->lay->files, "not a file spec");
	if (!colon)
		return 0;
	p = colon + 1;
	colon = memchr(p, ':', (size_t)(stop - p));
	if (max_value(p, (size_t)((colon ? colon : stop) - p), &fp->max_bytes) ||
	    fp->max_bytes == 0 ||
	    (colon && (fp->max_bytes < 0 ||
		       digits_u64(colon + 1, (size_t)(stop - colon - 1), &v) ||
		       v > (uint64_t)fp->max_bytes)))
		return field_fail(l, l->lay->files, "not a file spec");
	fp->min_bytes = colon ? (int64_t)v : 0;
	return 0;
}

/* 1.03's size text, "2G" or "256M:4k" ("" for -s 0), into MiB and chunk bytes. */
static int size103_value(const struct field *f, uint64_t *mib, uint64_t *chunk)
{
	const char *colon = memchr(f->text, ':', f->len);
	size_t len = colon ? (size_t)(colon - f->text) : f->len;

	if (size_value(f->text, len, mib) != 0)
		return -1;
	if (!colon)
		return 0;
	return *mib ? chunk_value(colon + 1, f->len - len - 1, chunk) : -1;
}

static int parse_103(const struct line *l, struct run_results *out)
{
	strcpy(out->format_id, "1.03");
	strcpy(out->program, "bonnie++");
	strcpy(out->version, "1.03");
	if (copy_text(l, 0, out->machine, sizeof(out->machine), true) != 0)
		return -1;
	if (size103_value(&l->f[1], &out->io.size_mib, &out->io.chunk_bytes))
		return field_fail(l, 1, "not a size");
	if (out->io.size_mib == 0 &&
	    require_empty(l, 2, 13, "value without a file size") != 0)
		return -1;
	if (l->f[14].len == 0)
		return require_empty(l, 15, 26, "value without a file count");
	return parse_spec103(l, &out->files);
}

/* "1.99", "2.00a": what an unknown format id looks like, as opposed to a 1.03 name. */
static bool looks_like_version(const struct field *f)
{
	return f->len > 2 && is_digit(f->text[0]) &&
	       memchr(f->text, '.', f->len) != NULL &&
	       strspn(f->text, "0123456789.abcdefgh") >= f->len;
}

static int identify(struct line *l)
{
	const struct field *id = &l->f[0];
	bool known = is(id, "1.98") || is(id, "1.97") || is(id, "1.96") ||
		     is(id, "1.93c");
	uint64_t mib, chunk;
	size_t want;

	/* 1.03 has no format id; a machine named like one still has a size in field 1. */
	if (l->count == 27 &&
	    (!(known || looks_like_version(id)) ||
	     size103_value(&l->f[1], &mib, &chunk) == 0)) {
		l->lay = &layout_103;
		l->names = fmt_csv_field_names(CSV_103, &l->n_names);
		return 0;
	}
	if (is(id, "1.98"))
		want = 50, l->lay = &layout_198;
	else if (known)
		want = 48, l->lay = &layout_19x;
	else if (looks_like_version(id))
		return fail(l->err, "unknown format version '%.*s'",
			    (int)(id->len > 20 ? 20 : id->len), id->text);
	else
		return fail(l->err, "expected 27 fields for format 1.03, got %zu",
			    l->count);
	l->names = fmt_csv_field_names(l->lay->format, &l->n_names);
	/* 1.93c/1.96 "-s 0" lines lack one of their 14 empty I/O fields. */
	if (want == 48 && l->count == 47 && !is(id, "1.97") &&
	    all_empty(l, 5, 17)) {
		memmove(&l->f[6], &l->f[5], 42 * sizeof(l->f[0]));
		l->f[5].len = 0;
		l->count = 48;
		l->shifted = true;
	}
	if (l->count != want)
		return fail(l->err, "expected %zu fields for format %.*s, got %zu",
			    want, (int)id->len, id->text, l->count);
	return 0;
}

/* Byte checks: printable ASCII or well-formed UTF-8, nothing else. */
static int check_bytes(const unsigned char *s, size_t len,
		       struct parse_error *err)
{
	for (size_t i = 0; i < len;) {
		unsigned char c = s[i];
		size_t n = utf8_seq_len(s + i, len - i);

		if (c < 0x20 || c == 0x7f)
			return fail(err, "control character 0x%02x at byte %zu",
				    c, i + 1);
		if (n == 0)
			return fail(err, "binary byte 0x%02x at byte %zu", c,
				    i + 1);
		i += n;
	}
	return 0;
}

int csv_parse_line(const char *line, struct run_results *out,
		   struct parse_error *err)
{
	size_t len = strnlen(line, CSV_LINE_MAX + 3);
	struct line l = { .err = err };
	const char *start = line;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (len > 0 && line[len - 1] == '\r')
		len--;
	if (len > CSV_LINE_MAX)
		return fail(err, "line longer than %d bytes", CSV_LINE_MAX);
	/* A 1.03 line could start with a machine named "format_version". */
	if (strspn(line, " ") >= len || line[0] == '#' ||
	    strncmp(line, "format_version,bonnie_version,", 30) == 0 ||
	    strncmp(line, "name,file_size,", 15) == 0)
		return 0;
	if (check_bytes((const unsigned char *)line, len, err) != 0)
		return -1;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && line[i] != ',')
			continue;
		if (l.count < CSV_FIELDS_MAX)
			l.f[l.count] = (struct field){ start,
						       (size_t)(line + i - start) };
		l.count++;
		start = line + i + 1;
	}
	if (identify(&l) != 0)
		return -1;
	memset(out, 0, sizeof(*out));
	provenance_clear(&out->prov); /* a CSV line carries none */
	out->concurrency = 1;
	out->io = (struct io_params){ 0, DEFAULT_CHUNK_BYTES, DEFAULT_SEEKS,
				      DEFAULT_SEEKERS };
	out->files = (struct file_params){ 0, 0, 0, 1, DEFAULT_FILE_CHUNK_BYTES };
	if ((l.lay == &layout_103 ? parse_103(&l, out)
				  : parse_versioned(&l, out)) != 0 ||
	    get_figures(&l, l.lay->io_figures, l.lay->io_latency, PHASE_PUTC,
			out) != 0 ||
	    get_figures(&l, l.lay->file_figures, l.lay->file_latency,
			PHASE_SEQ_CREATE, out) != 0)
		return -1;
	verdict_compute(out);
	return 1;
}
