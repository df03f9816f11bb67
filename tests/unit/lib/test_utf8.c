/* SPDX-License-Identifier: MIT */
/*
 * test_utf8.c - the UTF-8 module: which byte sequences are valid (every
 * class of malformed input), character counts, and cuts that never split
 * a character.
 */
#include "check.h"
#include "lib/utf8.h"

static void test_seq_len(void)
{
	static const struct {
		const char *name, *bytes;
		size_t len, want;
	} cases[] = {
		{ "ascii", "a", 1, 1 },
		{ "control byte is ascii", "\x01", 1, 1 },
		{ "2-byte e-acute", "\xc3\xa9", 2, 2 },
		{ "3-byte euro", "\xe2\x82\xac", 3, 3 },
		{ "4-byte emoji", "\xf0\x9f\x98\x80", 4, 4 },
		{ "highest code point", "\xf4\x8f\xbf\xbf", 4, 4 },
		{ "stray continuation", "\x80", 1, 0 },
		{ "overlong 2-byte C0", "\xc0\xaf", 2, 0 },
		{ "overlong 2-byte C1", "\xc1\xbf", 2, 0 },
		{ "overlong 3-byte", "\xe0\x80\xaf", 3, 0 },
		{ "overlong 4-byte", "\xf0\x80\x80\xaf", 4, 0 },
		{ "surrogate", "\xed\xa0\x80", 3, 0 },
		{ "past U+10FFFF", "\xf4\x90\x80\x80", 4, 0 },
		{ "F5 lead", "\xf5\x80\x80\x80", 4, 0 },
		{ "truncated 3-byte", "\xe2\x82", 2, 0 },
		{ "bad third byte", "\xe2\x82\x41", 3, 0 },
		{ "bad fourth byte", "\xf0\x9f\x98\x41", 4, 0 },
		{ "FF", "\xff", 1, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK_U64(cases[i].name,
			  utf8_seq_len((const unsigned char *)cases[i].bytes,
				       cases[i].len),
			  cases[i].want);
	CHECK("valid mixed text", utf8_valid("h\xc3\xa9llo \xe2\x82\xac", 10));
	CHECK("invalid in the middle", !utf8_valid("ab\xc3(cd", 6));
	CHECK("empty is valid", utf8_valid("", 0));
}

static void test_cols_and_cuts(void)
{
	const char *name = "caf\xc3\xa9 \xe2\x82\xac"; /* "café €": 6 characters, 9 bytes */

	CHECK_U64("cols of ascii", utf8_cols("laptop"), 6);
	CHECK_U64("cols of mixed", utf8_cols(name), 6);
	CHECK_U64("cols of empty", utf8_cols(""), 0);
	CHECK_U64("cut bytes: fits", utf8_cut_bytes(name, 9, 9), 9);
	CHECK_U64("cut bytes: inside e-acute backs up", utf8_cut_bytes(name, 9, 4), 3);
	CHECK_U64("cut bytes: after e-acute", utf8_cut_bytes(name, 9, 5), 5);
	CHECK_U64("cut bytes: inside euro backs up", utf8_cut_bytes(name, 9, 8), 6);
	CHECK_U64("cut bytes: zero", utf8_cut_bytes(name, 9, 0), 0);
	CHECK_U64("cut cols: 4 characters", utf8_cut_cols(name, 4), 5);
	CHECK_U64("cut cols: all", utf8_cut_cols(name, 6), 9);
	CHECK_U64("cut cols: more than there is", utf8_cut_cols(name, 60), 9);
	CHECK_U64("cut cols: none", utf8_cut_cols(name, 0), 0);
}

int main(void)
{
	test_seq_len();
	test_cols_and_cuts();
	return check_done();
}
