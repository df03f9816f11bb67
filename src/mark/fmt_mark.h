/* SPDX-License-Identifier: MIT */
/*
 * fmt_mark.h - the outputs of `clyde mark` (fmt_mark.c): pure functions
 * from complete struct mark_results to a FILE *, golden-tested like
 * clyde's own formatters.
 */
#ifndef FMT_MARK_H
#define FMT_MARK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mark.h"

/*
 * The table in CrystalDiskMark's layout: a title naming the profile (or
 * the tests) and how runs make a figure, the units (MB/s = 10^6 bytes/s),
 * a [Read] and a [Write] section with one row per test ("  RND    4KiB
 * (Q= 32, T= 1):   262.843 MB/s [  64170.7 IOPS] <   497.94 us>") plus p99
 * and max latency of every I/O, the [Steady state] part
 * (fmt_mark_steady), then the file, machine, directory and mode, the
 * FITRIM before the run and the file's removal after it. A test without
 * a measured run prints dashes.
 */
void fmt_mark_table(FILE *out, const struct mark_results *r);

/*
 * The table's [Steady state] part, for the tests run with --steady: for
 * each, what its rounds say against its fresh figure (fmt_drive.h's
 * words) and every round's MB/s, the last window marked. Nothing
 * without --steady.
 */
void fmt_mark_steady(FILE *out, const struct mark_results *r);

/* What test T's --steady rounds say (fmt_drive.h's words), into BUF;
 * "" without them. Returns BUF. */
const char *fmt_mark_steady_words(char *buf, size_t len,
				  const struct mark_result *t);

/* The FITRIM before R and the file's removal after it, a line each after
 * PREFIX; nothing for what R does not have. */
void fmt_mark_drive(FILE *out, const char *prefix, const struct mark_results *r);

/*
 * The truth check's line, only when a read test got under half its bytes
 * from the block device: "clyde: 3% of RND4K Q1T1 reads came from the
 * disk, ...". Nothing when every read reached the disk or none was known.
 */
void fmt_mark_truth(FILE *out, const struct mark_results *r);

/*
 * The Feel lines of R's tests that --probe ran beside, "Feel: SEQ1M Q8T1
 * read: reads waited p50 ..." (fmt_feel.h's words), after the table;
 * fmt_mark_feel_line gives the K-th of them without "Feel: " into BUF
 * (false past the last), for clyde report's pages.
 */
#define FMT_MARK_FEEL_MAX 400
void fmt_mark_feel(FILE *out, const struct mark_results *r);
bool fmt_mark_feel_line(const struct mark_results *r, size_t k, char *buf,
			size_t len);

/*
 * CSV: the header line naming the 21 columns, then one line per test
 * direction (format "mark", version "clyde-X.Y.Z", machine, profile or
 * "tests", test, op, pattern, block bytes, Q, T, runs, seconds per run,
 * file MiB, MB/s, IOPS, mean, p99 and max latency in us, device read and
 * write bytes, engine); unmeasured figures are empty fields.
 */
void fmt_mark_csv_header(FILE *out);
void fmt_mark_csv(FILE *out, const struct mark_results *r);

/*
 * JSON of one mark: an object with "kind": "mark", the configuration, the environment, the layout's
 * figures and every test direction with its score, latency summary,
 * device bytes, disk share and each run's figures. Ends with a newline.
 */
void fmt_mark_json(FILE *out, const struct mark_results *r);

#endif
