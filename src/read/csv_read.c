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
#include "csv_internal.h"
#include "format/fmt.h"
#include "lib/utf8.h"
#include "core/verdict.h"
#include "platform/provenance_read.h"

static const struct layout layout_198 = {
	CSV_198, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22, 23, 24, 25, 26, 38, 44,
};
static const struct layout layout_19x = {
	CSV_197, 2, 3, 4, 5, 6, -1, -1, 7, 19, 20, 21, 22, 23, 24, 36, 42,
};
static const struct layout layout_103 = {
	CSV_103, 0, -1, -1, 1, -1, -1, -1, 2, 14, -1, -1, -1, -1, 15, -1, -1,
};

/*
 * Field 1 of a versioned line: "2.00a", or "clyde-0.1.0" for clyde's own;
 * a version that starts like a formula comes after a ' (csv_formula_guard).
 */
static int get_program(const struct line *l, struct run_results *out)
{
	const struct field *f = &l->f[1];
	size_t skip = csv_formula_guard(f->text, f->len);

	strcpy(out->program, "bonnie++");
	if (!skip && f->len > 6 && memcmp(f->text, "clyde-", 6) == 0) {
		strcpy(out->program, "clyde");
		skip = 6;
	}
	/* The field ends at ',' or the NUL, neither in the set. */
	if (f->len == skip || f->len - skip >= sizeof(out->version) ||
	    strspn(f->text + skip, CSV_VERSION_CHARS) < f->len - skip)
		return csv_field_fail(l, 1, "not a version");
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
	else if (csv_digits(s, len, &v) == 0 && v >= 1 && v <= INT64_MAX)
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
		return csv_field_fail(l, y->max, "not a size, link or symlink");
	if (l->f[y->min].len == 0)
		return 0;
	if (fp->max_bytes <= 0)
		return csv_field_fail(l, y->min, "min size without a max size");
	if (csv_get_u64(l, y->min, 0, (uint64_t)fp->max_bytes, &v) != 0)
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
		if (csv_get_u64(l, y->dirs_named, 1, UINT32_MAX, &fp->dirs) != 0)
			return -1;
		if (l->f[y->dirs].len != 0 &&
		    csv_chunk_value(l->f[y->dirs].text, l->f[y->dirs].len,
				&fp->chunk_bytes) != 0)
			return csv_field_fail(l, y->dirs, "not a chunk size");
		if (l->f[y->dirs].len != 0)
			out->unrecorded &= ~UNRECORDED_FILE_CHUNK;
		return 0;
	}
	if (l->f[y->dirs].len != 0)
		return csv_get_u64(l, y->dirs, 1, UINT32_MAX, &fp->dirs);
	return 0;
}

/* Field IDX's text into out->size_text when it fits (it is only kept, never needed). */
static void keep_size_text(const struct field *f, size_t len,
			   struct run_results *out)
{
	if (len < sizeof(out->size_text)) {
		memcpy(out->size_text, f->text, len);
		out->size_text[len] = '\0';
	}
}

/* The concurrency, or UNRECORDED_CONCURRENCY for an empty field (a 1.03 line converted). */
static int get_concurrency(const struct line *l, struct run_results *out)
{
	uint64_t v;

	if (l->f[l->lay->concurrency].len == 0) {
		out->unrecorded |= UNRECORDED_CONCURRENCY;
		return 0;
	}
	/* Every copy of every clyde-mpi rank: more than -c allows. */
	if (csv_get_u64(l, l->lay->concurrency, 1, UINT32_MAX, &v) != 0)
		return -1;
	out->concurrency = (uint32_t)v;
	return 0;
}

/*
 * Chunk, seeks and seekers. Empty means the default where the layout
 * writes the field only when it differs (the chunk of 1.9x and of clyde's
 * 1.98 lines), and "not recorded" where the writer never fills it
 * (bonnie++'s 1.98 chunk) or the layout has no such field (1.9x seeks).
 */
static int get_io_params(const struct line *l, struct run_results *out)
{
	const struct layout *y = l->lay;
	bool bonnie = strcmp(out->program, "bonnie++") == 0;

	if (l->f[y->chunk].len != 0 &&
	    csv_chunk_value(l->f[y->chunk].text, l->f[y->chunk].len,
			    &out->io.chunk_bytes) != 0)
		return csv_field_fail(l, y->chunk, "not a chunk size");
	if (l->f[y->chunk].len == 0 && y->format == CSV_198 && bonnie)
		out->unrecorded |= UNRECORDED_CHUNK;
	if (y->seeks < 0 || l->f[y->seeks].len == 0)
		out->unrecorded |= UNRECORDED_SEEKS;
	else if (csv_get_u64(l, y->seeks, 1, INT64_MAX, &out->io.seeks) != 0)
		return -1;
	if (y->seekers < 0 || l->f[y->seekers].len == 0)
		out->unrecorded |= UNRECORDED_SEEKERS;
	else if (csv_get_u64(l, y->seekers, 1, UINT32_MAX, &out->io.seekers) != 0)
		return -1;
	return 0;
}

static int parse_versioned(const struct line *l, struct run_results *out)
{
	const struct layout *y = l->lay;

	memcpy(out->format_id, l->f[0].text, l->f[0].len); /* identify() knows it */
	if (get_program(l, out) != 0 ||
	    csv_copy_text(l, y->machine, out->machine, sizeof(out->machine), true) ||
	    csv_copy_text(l, y->seed, out->seed, sizeof(out->seed), false) ||
	    get_concurrency(l, out) != 0)
		return -1;
	if (csv_size_value(l->f[y->size].text, l->f[y->size].len, &out->io.size_mib))
		return csv_field_fail(l, y->size, "not a size");
	keep_size_text(&l->f[y->size], l->f[y->size].len, out);
	if (out->io.size_mib == 0 &&
	    csv_require_empty(l, y->chunk, y->io_figures + 11,
			      "value without a file size") != 0)
		return -1;
	if (get_io_params(l, out) != 0)
		return -1;
	if (l->f[y->files].len == 0)
		return csv_require_empty(l, y->files + 1, y->file_figures + 11,
					 "value without a file count");
	if (csv_get_u64(l, y->files, 1, INT64_MAX, &out->files.count_k) != 0 ||
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
	if (csv_digits(p, (size_t)((colon ? colon : stop) - p), &fp->count_k) ||
	    fp->count_k == 0 || fp->count_k > INT64_MAX)
		return csv_field_fail(l, l->lay->files, "not a file spec");
	if (slash && (csv_digits(slash + 1, (size_t)(end - slash - 1),
				 &fp->dirs) != 0 || fp->dirs == 0 ||
		      fp->dirs > UINT32_MAX))
		return csv_field_fail(l, l->lay->files, "not a file spec");
	if (!colon)
		return 0;
	p = colon + 1;
	colon = memchr(p, ':', (size_t)(stop - p));
	if (max_value(p, (size_t)((colon ? colon : stop) - p), &fp->max_bytes) ||
	    fp->max_bytes == 0 ||
	    (colon && (fp->max_bytes < 0 ||
		       csv_digits(colon + 1, (size_t)(stop - colon - 1), &v) ||
		       v > (uint64_t)fp->max_bytes)))
		return csv_field_fail(l, l->lay->files, "not a file spec");
	fp->min_bytes = colon ? (int64_t)v : 0;
	return 0;
}

/* 1.03's size text, "2G" or "256M:4k" ("" for -s 0), into MiB and chunk bytes. */
static int size103_value(const struct field *f, uint64_t *mib, uint64_t *chunk)
{
	const char *colon = memchr(f->text, ':', f->len);
	size_t len = colon ? (size_t)(colon - f->text) : f->len;

	if (csv_size_value(f->text, len, mib) != 0)
		return -1;
	if (!colon)
		return 0;
	return *mib ? csv_chunk_value(colon + 1, f->len - len - 1, chunk) : -1;
}

static int parse_103(const struct line *l, struct run_results *out)
{
	const char *colon;

	strcpy(out->format_id, "1.03");
	strcpy(out->program, "bonnie++");
	strcpy(out->version, "1.03");
	if (csv_copy_text(l, 0, out->machine, sizeof(out->machine), true) != 0)
		return -1;
	if (size103_value(&l->f[1], &out->io.size_mib, &out->io.chunk_bytes))
		return csv_field_fail(l, 1, "not a size");
	colon = memchr(l->f[1].text, ':', l->f[1].len);
	keep_size_text(&l->f[1], colon ? (size_t)(colon - l->f[1].text)
				       : l->f[1].len, out);
	out->unrecorded |= UNRECORDED_CONCURRENCY | UNRECORDED_SEEKS |
			   UNRECORDED_SEEKERS;
	if (out->io.size_mib == 0 &&
	    csv_require_empty(l, 2, 13, "value without a file size") != 0)
		return -1;
	if (l->f[14].len == 0)
		return csv_require_empty(l, 15, 26, "value without a file count");
	return parse_spec103(l, &out->files);
}

/* "1.99", "2.00a": what an unknown format id looks like, as opposed to a 1.03 name. */
static bool looks_like_version(const struct field *f)
{
	return f->len > 2 && csv_is_digit(f->text[0]) &&
	       memchr(f->text, '.', f->len) != NULL &&
	       strspn(f->text, "0123456789.abcdefgh") >= f->len;
}

static int identify(struct line *l)
{
	const struct field *id = &l->f[0];
	bool known = csv_is(id, "1.98") || csv_is(id, "1.97") || csv_is(id, "1.96") ||
		     csv_is(id, "1.93c");
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
	if (csv_is(id, "1.98"))
		want = 50, l->lay = &layout_198;
	else if (known)
		want = 48, l->lay = &layout_19x;
	else if (looks_like_version(id))
		return csv_fail(l->err, "unknown format version '%.*s'",
			    (int)(id->len > 20 ? 20 : id->len), id->text);
	else
		return csv_fail(l->err, "expected 27 fields for format 1.03, got %zu",
			    l->count);
	l->names = fmt_csv_field_names(l->lay->format, &l->n_names);
	/* 1.93c/1.96 "-s 0" lines lack one of their 14 empty I/O fields. */
	if (want == 48 && l->count == 47 && !csv_is(id, "1.97") &&
	    csv_all_empty(l, 5, 17)) {
		memmove(&l->f[6], &l->f[5], 42 * sizeof(l->f[0]));
		l->f[5].len = 0;
		l->count = 48;
		l->shifted = true;
	}
	if (l->count != want)
		return csv_fail(l->err, "expected %zu fields for format %.*s, got %zu",
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
			return csv_fail(err, "control character 0x%02x at byte %zu",
				    c, i + 1);
		if (n == 0)
			return csv_fail(err, "binary byte 0x%02x at byte %zu", c,
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
		return csv_fail(err, "line longer than %d bytes", CSV_LINE_MAX);
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
	out->unrecorded = UNRECORDED_FILE_CHUNK;
	if ((l.lay == &layout_103 ? parse_103(&l, out)
				  : parse_versioned(&l, out)) != 0 ||
	    csv_get_figures(&l, l.lay->io_figures, l.lay->io_latency, PHASE_PUTC,
			out) != 0 ||
	    csv_get_figures(&l, l.lay->file_figures, l.lay->file_latency,
			PHASE_SEQ_CREATE, out) != 0)
		return -1;
	verdict_compute(out);
	return 1;
}
