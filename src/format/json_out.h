/* SPDX-License-Identifier: MIT */
/*
 * json_out.h - writing JSON values, for every JSON document clyde writes
 * (a run's, fmt_json.c; its provenance, fmt_json_prov.c; clyde mark's,
 * mark/fmt_mark.c): strings, numbers, times and null for what is not
 * known. Each function writes one value to OUT and nothing around it.
 */
#ifndef JSON_OUT_H
#define JSON_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * TEXT as a JSON string: quotes, backslashes and control characters
 * escaped (C1 and bidi controls too, as \uXXXX: the same text, which a
 * terminal showing the document does not act on), other valid UTF-8
 * passed through, each invalid byte as U+FFFD.
 * json_out_text_or_null: null for an empty TEXT (not known).
 */
void json_out_string(FILE *out, const char *text);
void json_out_text_or_null(FILE *out, const char *text);

/*
 * VALUE with at most DECIMALS places, trailing zeros dropped ("206.5",
 * "1.2", "0"); exponent form past 1e15; null for NaN and infinities.
 */
void json_out_double(FILE *out, double value, int decimals);

/*
 * VALUE with the nine significant digits that read back as the same
 * float ("1.23456794e+09", "0.0625"); null for NaN and infinities.
 */
void json_out_float(FILE *out, float value);

void json_out_u64(FILE *out, uint64_t value);

/* NS nanoseconds as seconds (9 places: exact) or as microseconds (3 places). */
void json_out_seconds(FILE *out, uint64_t ns);
void json_out_us(FILE *out, uint64_t ns);

/* The value when KNOWN, else null. */
void json_out_bool_or_null(FILE *out, bool known, bool value);
void json_out_u64_or_null(FILE *out, bool known, uint64_t value);
void json_out_double_or_null(FILE *out, bool known, double value,
			     int decimals);
void json_out_seconds_or_null(FILE *out, bool known, uint64_t ns);

/*
 * A measured figure (a rate, a CPU share) in the fewest decimal places
 * that read back as VALUE exactly, so that a comparison made from the JSON
 * is the one made from the run; null when not KNOWN or not finite.
 */
void json_out_exact_or_null(FILE *out, bool known, double value);

#endif
