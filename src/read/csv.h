/* SPDX-License-Identifier: MIT */
/*
 * csv.h - the CSV reader: one line of any bonnie++ version (1.03 27 fields,
 * 1.93c/1.96 48 and the 47-field 1.96 "-s 0" line, 1.97 48, 1.98 50) or of
 * clyde, into the same struct run_results the benchmark fills.
 */
#ifndef CSV_H
#define CSV_H

#include "results.h"
#include "core/parse.h"

/* The longest line the reader accepts, in bytes, without the newline. */
#define CSV_LINE_MAX 65536

/*
 * Parse one line (without or with its trailing newline). Returns 1 when a
 * run was read into *out, 0 for a line to skip (empty, or a header line such
 * as "format_version,..." or "name,file_size,..."), -1 with a reason in *err
 * when the line is malformed (field count, a letter in a number, an unknown
 * version, a bad latency such as "12xs"). Every field is validated. A run
 * read is final: its verdicts are computed (verdict_compute).
 */
int csv_parse_line(const char *line, struct run_results *out,
		   struct parse_error *err);

/*
 * 1 when the field TEXT (LEN bytes) starts with the ' clyde's CSV writes
 * before a text that starts like a formula (= + - @), else 0: where its
 * text begins. For clyde mark's CSV reader too.
 */
size_t csv_formula_guard(const char *text, size_t len);

/* "56us" / "1366ms" / "123s" / "" -> nanoseconds (0 for ""); -1 if malformed. */
int csv_parse_latency(const char *text, uint64_t *ns);

#endif
