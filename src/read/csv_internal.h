/* SPDX-License-Identifier: MIT */
/*
 * csv_internal.h - what the CSV reader's two files share: a line split into
 * fields, the layout that says where each part of it sits, and the field
 * parsers (csv_field.c) that csv_read.c builds a run from. Each parser
 * returns 0, or -1 with a reason naming the field in line->err.
 */
#ifndef CSV_INTERNAL_H
#define CSV_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results.h"
#include "core/parse.h"

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

struct line {
	struct field f[CSV_FIELDS_MAX];
	size_t count;
	const struct layout *lay;
	const char *const *names;
	size_t n_names;
	bool shifted; /* a 47-field 1.96 line, widened to 48 at index 5 */
	struct parse_error *err;
};


/* "WHY" (printf-style) into ERR; returns -1. */
int csv_fail(struct parse_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "field 11 (put_block): WHY: '12a'", numbered as in the line as written. */
int csv_field_fail(const struct line *l, int idx, const char *why);
bool csv_is(const struct field *f, const char *text);
bool csv_is_digit(char c);
/* Decimal digits only into *v: 0, -1 not a number, -2 too large. */
int csv_digits(const char *s, size_t len, uint64_t *v);
/* An integer field in [min, max]. */
int csv_get_u64(const struct line *l, int idx, uint64_t min, uint64_t max,
		uint64_t *v);
/* "64M", "2G" (MiB, GiB) into MiB; "" is 0. -1 if malformed. */
int csv_size_value(const char *s, size_t len, uint64_t *mib);
/* "512", "4k", "1m": a power of two in 256 .. 1 MiB; -1 otherwise. */
int csv_chunk_value(const char *s, size_t len, uint64_t *bytes);
/* The six rate/CPU pairs from field FIRST (and latencies from LATENCY, -1 for none) into PHASE.. */
int csv_get_figures(const struct line *l, int first, int latency,
		    enum phase_id phase, struct run_results *out);
/* Field IDX into DST[0..size), without that '; NEED: refuse an empty field. */
int csv_copy_text(const struct line *l, int idx, char *dst, size_t size,
		  bool need);
bool csv_all_empty(const struct line *l, int first, int last);
/* Fields FIRST..LAST must be empty when the test part they belong to was not run. */
int csv_require_empty(const struct line *l, int first, int last,
		      const char *why);

#endif
