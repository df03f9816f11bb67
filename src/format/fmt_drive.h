/* SPDX-License-Identifier: MIT */
/*
 * fmt_drive.h - the words about the drive as it is used, shared by
 * clyde's footer, clyde mark's table and the mark report: a --steady
 * test's rounds and what they mean against its fresh figure, the removal
 * of the test file (with online discard named), the FITRIM before the
 * run. Pure functions of results (fmt_drive.c).
 */
#ifndef FMT_DRIVE_H
#define FMT_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* Below this share of its fresh figure a steady figure is said to have
 * fallen; within it of 1 the drive kept its speed. */
#define FMT_STEADY_KEPT 0.90

/* What a test is, for the words: its name and what it does. */
struct fmt_steady_test {
	const char *name;   /* "RND4K Q3T1 write", "random writes, Q1T1" */
	bool writes;
	const char *unit;   /* "MB/s", "IOPS" */
	double fresh;       /* its fresh figure in UNIT; NaN unknown */
};

/* Room for any of the texts below. */
#define FMT_DRIVE_TEXT_MAX 512

/*
 * What REC says of test T, one sentence without a newline, into BUF:
 * where it settled against its fresh figure, after how much written and
 * how many rounds ("RND4K Q3T1 write: after 19 GiB written the drive
 * settled at 62% of its fresh speed (25.3 against 40.8 MB/s, in 9 rounds;
 * range 8%, change 3%)"), or that it kept it, or that it did not settle
 * and by how much, or that --max-write stopped it. "" for a test not run
 * with --steady. Returns BUF.
 */
const char *fmt_steady_words(char *buf, size_t len,
			     const struct fmt_steady_test *t,
			     const struct steady_record *rec);

/*
 * REC's rounds, a few to a line after INDENT: "rounds, MB/s: 38.1 35.2
 * [30.0 27.4 26.9 26.1 25.8]", the last window in brackets when it has
 * one. Nothing for no rounds.
 */
void fmt_steady_rounds(FILE *out, const char *indent,
		       const struct steady_record *rec, const char *unit);

/* Whether FS is mounted with online discard (the mount's or the
 * superblock's "discard" option). */
bool fmt_online_discard(const struct prov_fs *fs);

/*
 * "delete: 2.3 s for 16 GiB (unlink, last close and the filesystem's
 * sync)", with "; mounted with discard, ..." when PROV (NULL: unknown)
 * says so, into BUF; "" when RM is not known. Returns BUF.
 */
const char *fmt_removal_text(char *buf, size_t len,
			     const struct removal_figure *rm,
			     const struct provenance *prov);

/* "FITRIM before the run: 1.2 GiB trimmed in 0.45 s", or "". Returns BUF. */
const char *fmt_trim_text(char *buf, size_t len, const struct trim_figure *t);

#endif
