/* SPDX-License-Identifier: MIT */
/*
 * parse.h - strict parsers for the numbers on clyde's command line: sizes
 * with suffixes, the -s and -n colon forms, plain counts. Pure functions:
 * they return 0 on success, -1 on bad input with a reason in *err, and never
 * print or exit. One suffix table serves parsing and printing.
 */
#ifndef PARSE_H
#define PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "results.h"

/* Why a parse failed, e.g. "unknown size suffix 'q'" (no option name, no "clyde:"). */
struct parse_error {
	char msg[160];
};

/*
 * What a bare number means and which suffixes (case-insensitive) it takes:
 *  UNIT_MIB    test sizes (-s size, -f, -r): bare = MiB; k m g t; the result,
 *              in MiB, must be whole ("-s 2048k" ok, "-s 1536k" an error);
 *  UNIT_BYTES  byte counts (-s chunk, -n max/min/chunk): bare = bytes; k m g;
 *  UNIT_SEEKS  seek counts: bare; k = x1024;
 *  UNIT_KFILES file counts (-n num): bare = units of 1024 files; m = x1024;
 *  UNIT_COUNT  plain counts (-n dirs): bare; k = x1024.
 */
enum unit_kind { UNIT_MIB, UNIT_BYTES, UNIT_SEEKS, UNIT_KFILES, UNIT_COUNT };

/*
 * Parse TEXT as a non-negative integer with an optional suffix of KIND into
 * *out (in the unit of KIND: MiB, bytes or a count). Rejects empty text,
 * signs, fractions, spaces, unknown suffixes, and results past INT64_MAX.
 */
int parse_size(const char *text, enum unit_kind kind, uint64_t *out,
	       struct parse_error *err);

/*
 * Parse a plain decimal integer in [min, max] (no suffix; a leading '-' only
 * when min < 0). For -x, -c, -p, -z, --random-time.
 */
int parse_int_range(const char *text, int64_t min, int64_t max, int64_t *out,
		    struct parse_error *err);

/*
 * -s size[:chunk[:seeks[:seekers]]]. Fields left empty keep the value *out
 * holds on entry (the caller's defaults): "1g::100" sets size and seeks.
 * Only parses: range checks (power-of-two chunk, ...) belong to the caller.
 */
int parse_s_option(const char *text, struct io_params *out,
		   struct parse_error *err);

/*
 * -n num[:max[:min[:dirs[:chunk]]]], empty fields keep *out's values. max may
 * be -1 (hard links) or -2 (symlinks); no other sign is accepted.
 */
int parse_n_option(const char *text, struct file_params *out,
		   struct parse_error *err);

/*
 * --random-depths LIST: comma-separated integers in 1..1024, at most
 * MAX_RANDOM_DEPTHS of them, into depths[]; *n receives the count.
 */
int parse_depth_list(const char *text, uint32_t *depths, size_t *n,
		     struct parse_error *err);

/*
 * Print BYTES the way bonnie++ labels chunk sizes: divide by 1024 while it
 * divides evenly, units "", "k", "m", "g" ("512", "4k", "1m"). Returns buf.
 */
const char *format_bytes_short(uint64_t bytes, char *buf, size_t len);

#endif
