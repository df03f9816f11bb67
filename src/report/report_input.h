/* SPDX-License-Identifier: MIT */
/*
 * report_input.h - what `clyde report` reads, one run at a time: CSV lines
 * of every bonnie++ version and of clyde, and clyde's JSON documents (one
 * run or an array of runs), told apart by content, from files or stdin.
 * Memory is one line or one JSON run, whatever the input's length; binary
 * input is refused at its first tell-tale byte.
 */
#ifndef REPORT_INPUT_H
#define REPORT_INPUT_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

struct mark_set;

/* The longest JSON value of one run the reader accepts, in bytes. */
#define REPORT_JSON_RUN_MAX ((size_t)1024 * 1024)

struct report_input;

/*
 * Read PATHS[0..n) in order ("-" is stdin; n == 0 reads stdin alone).
 * Whatever does not fit is said on MSGS, one line each, as
 * "clyde: FILE:LINE: reason" (or "clyde: FILE: reason" for a file that
 * cannot be read), and reading goes on with the next line, run or file.
 * Returns NULL when memory ran out. Not thread-safe; one reader at a time
 * may read stdin.
 */
struct report_input *report_input_open(char *const *paths, size_t n,
				       FILE *msgs);

/*
 * The next run into *out, complete: final as its reader handed it over
 * (verdicts computed, verdict.h). 1, 0 when every input is exhausted, -1
 * when memory ran out.
 */
int report_input_next(struct report_input *in, struct run_results *out);

/* 1 when something was said on MSGS (a bad line, run or file), else 0. */
int report_input_status(const struct report_input *in);

/* Close whatever is open and free IN (NULL is fine). */
void report_input_close(struct report_input *in);

/*
 * The results of clyde mark met in the input so far (its CSV lines, JSON
 * objects whose "kind" is "mark"), which report_input_next sets aside
 * rather than returning: they are not runs. Owned by IN.
 */
struct mark_set *report_input_marks(struct report_input *in);

/*
 * Classify byte C met where a CSV or JSON text starts (its first line):
 * whether no text file has it there. NUL, control characters other than
 * tab and CR, DEL, and bytes that never occur in UTF-8 (0xc0, 0xc1,
 * 0xf5..0xff) mark binary data. Pure.
 */
int report_input_binary_byte(int c);

#endif
