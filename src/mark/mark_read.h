/* SPDX-License-Identifier: MIT */
/*
 * mark_read.h - `clyde mark`'s CSV lines and JSON documents (fmt_mark.c
 * writes them; doc/formats.md describes them) read back into struct
 * mark_results, for `clyde report`. Strict: every field is checked and
 * a misfit is an error naming its place (the CSV field, the JSON path or
 * line and column). Never prints, never exits; no globals.
 */
#ifndef MARK_READ_H
#define MARK_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "read/json_read.h"
#include "mark.h"
#include "core/parse.h"

/* Marks read so far, in input order (malloc'd; mark_set_free). */
struct mark_set {
	struct mark_results *v;
	size_t n, cap;
	bool csv_header; /* a CSV header came after the last mark's lines */
};

void mark_set_free(struct mark_set *set);

/*
 * Whether LINE (LEN bytes, the newline optional) is mark CSV: a data line
 * (field 0 "mark") or mark's header line ("format,version,machine,...").
 * Pure.
 */
bool mark_csv_is_mark(const char *line, size_t len);

/*
 * One CSV line of a mark into SET: the header line (skipped, but the next
 * data line starts a new mark), a blank line (skipped), or a test line.
 * Consecutive lines of one mark make one struct mark_results; a new one
 * starts after a header, when the machine, version, profile, runs, time,
 * method, size or engine change, or when a test and direction come again. Returns
 * 1 for a test line taken, 0 for a line skipped, -1 with the reason in
 * *err ("field 13 (mb_per_s): not a number"; SET unchanged) or when memory
 * ran out.
 *
 * The CSV holds each test's score, not its runs: a test read from it has
 * n_runs = the runs field with run[] zero, a score whose elapsed time is
 * runs x time_s seconds (with --method size, at most that: those runs end
 * after one pass) and whose I/Os and bytes follow from IOPS and MB/s over
 * that time, and of the latency only p99 and max (count = those I/Os). A
 * line of 21 fields, from before the method field, reads as --method time.
 * The score's kind follows from the profile; a --tests list reads as the
 * mean of the runs (its CSV does not say).
 * Written again with fmt_mark_csv it gives the same line.
 */
int mark_csv_line(struct mark_set *set, const char *line, size_t len,
		  struct parse_error *err);

/*
 * One mark's JSON object (fmt_mark_json's) into *out; PATH names it in
 * errors ("" or "[2]"). Every key fmt_mark_json writes is required but
 * started, command_line and provenance; unknown keys are ignored. Returns
 * 0, or -1 with the JSON path of the misfit in *err. Written again with
 * fmt_mark_json it gives the same text.
 */
int mark_json_object(const struct json_value *obj, const char *path,
		     struct mark_results *out, struct parse_error *err);

/*
 * One parsed document DOC, a mark object or an array of them, appended to
 * SET (for a reader that splits and parses JSON itself, report_input.c).
 * Returns 0, or -1 with the JSON path of the misfit in *err; SET then
 * keeps the marks before the bad one.
 */
int mark_json_document(struct mark_set *set, const struct json_value *doc,
		       struct parse_error *err);

/*
 * TEXT[0..len): mark JSON as one object, an array of them, or several
 * objects or arrays one after another (whitespace between), appended to
 * SET. Returns 0, or -1 with the reason in *err (a syntax error by line
 * and column of TEXT, a value by "document 2: [1].tests[3].op: ..."); SET
 * keeps the marks of the documents before the bad one.
 */
int mark_json_read(struct mark_set *set, const char *text, size_t len,
		   struct parse_error *err);

#endif
