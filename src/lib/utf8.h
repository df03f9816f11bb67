/* SPDX-License-Identifier: MIT */
/*
 * utf8.h - the one place clyde reads UTF-8: how long a valid sequence is,
 * how many characters (columns) a text takes, where to cut it without
 * splitting a character, and how to make user text safe to echo. Pure;
 * no locale.
 */
#ifndef UTF8_H
#define UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Length (1..4) of the well-formed UTF-8 sequence at S[0..len), or 0 when
 * the bytes there are not one: stray continuation bytes, truncated
 * sequences, overlong forms, surrogates and code points past U+10FFFF are
 * all refused, as a strict JSON parser would. An ASCII byte (control
 * characters included) is a sequence of 1. LEN must be at least 1.
 */
size_t utf8_seq_len(const unsigned char *s, size_t len);

/* Whether TEXT[0..len) is well-formed UTF-8 as utf8_seq_len defines it. */
bool utf8_valid(const char *text, size_t len);

/*
 * Characters in the NUL-terminated TEXT: bytes that do not continue a
 * sequence. Each counts as one column (clyde's tables assume no wide or
 * combining characters in machine names).
 */
size_t utf8_cols(const char *text);

/*
 * How many bytes of TEXT[0..len) to keep when at most MAX bytes fit: LEN
 * when it fits, else MAX backed up to the start of the character it would
 * split, so that a shortened name or a quoted argument stays valid UTF-8.
 */
size_t utf8_cut_bytes(const char *text, size_t len, size_t max);

/*
 * Bytes of the NUL-terminated TEXT that make its first COLS characters
 * (all of it when it has no more).
 */
size_t utf8_cut_cols(const char *text, size_t cols);

/*
 * The bytes of TEXT's first line when lines hold COLS characters: up to
 * the last space that fits, else COLS characters (a word longer than a
 * line is broken); *next is where the next line begins (past that space).
 */
size_t utf8_line_bytes(const char *text, size_t cols, const char **next);

/* The code point of the well-formed sequence of N bytes at S (N from
 * utf8_seq_len). */
unsigned long utf8_code_point(const unsigned char *s, size_t n);

/*
 * Whether CP is a Unicode bidirectional formatting control, which can
 * make text display in another order than it reads ("Trojan Source"):
 * U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069.
 */
bool utf8_is_bidi_control(unsigned long cp);

/*
 * Length of the bidi control that the NUL-terminated TEXT starts with
 * (its code point in *CP), or 0 when it starts with anything else.
 */
size_t utf8_bidi_at(const char *text, unsigned long *cp);

/*
 * Length of the sequence at TEXT[0..len) (LEN >= 1) when a terminal may
 * show it as it is, else 0: control characters (C0, DEL, C1), bidi
 * controls and bytes that are not well-formed UTF-8 are not.
 */
size_t utf8_printable_at(const char *text, size_t len);

#endif
