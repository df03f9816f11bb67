/* SPDX-License-Identifier: MIT */
/*
 * test_safe_text.c - user text that reaches a terminal or a page: the bidi
 * classification in utf8.c, out_safe for every message clyde prints, and
 * every format with bidi and C1 controls in a machine name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "format/format.h"
#include "golden.h"
#include "sys/out.h"
#include "lib/utf8.h"

/* Every bidi control, as UTF-8, and its code point. */
static const struct {
	const char *utf8;
	unsigned long cp;
} bidi[] = {
	{ "\xd8\x9c", 0x061C },     { "\xe2\x80\x8e", 0x200E },
	{ "\xe2\x80\x8f", 0x200F }, { "\xe2\x80\xaa", 0x202A },
	{ "\xe2\x80\xab", 0x202B }, { "\xe2\x80\xac", 0x202C },
	{ "\xe2\x80\xad", 0x202D }, { "\xe2\x80\xae", 0x202E },
	{ "\xe2\x81\xa6", 0x2066 }, { "\xe2\x81\xa7", 0x2067 },
	{ "\xe2\x81\xa8", 0x2068 }, { "\xe2\x81\xa9", 0x2069 },
};
#define N_BIDI (sizeof(bidi) / sizeof(bidi[0]))

static void test_classify(void)
{
	unsigned long cp = 0;
	char name[64];

	for (size_t i = 0; i < N_BIDI; i++) {
		snprintf(name, sizeof(name), "bidi U+%04lX found", bidi[i].cp);
		CHECK(name, utf8_bidi_at(bidi[i].utf8, &cp) == strlen(bidi[i].utf8) &&
				    cp == bidi[i].cp);
		CHECK(name, utf8_is_bidi_control(bidi[i].cp));
	}
	/* Neighbours that are not controls. */
	static const unsigned long near[] = { 0x061B, 0x061D, 0x200D, 0x2010,
					      0x2029, 0x202F, 0x2065, 0x206A };
	for (size_t i = 0; i < sizeof(near) / sizeof(near[0]); i++) {
		snprintf(name, sizeof(name), "U+%04lX is not a bidi control", near[i]);
		CHECK(name, !utf8_is_bidi_control(near[i]));
	}
	CHECK("plain text starts with no bidi control", utf8_bidi_at("abc", &cp) == 0);
	CHECK("e-acute is no bidi control", utf8_bidi_at("\xc3\xa9", &cp) == 0);
	CHECK("a cut sequence is none", utf8_bidi_at("\xe2\x80", &cp) == 0);
	CHECK("empty text", utf8_bidi_at("", &cp) == 0);
	CHECK_U64("code point of the euro sign",
		  utf8_code_point((const unsigned char *)"\xe2\x82\xac", 3), 0x20AC);
	CHECK_U64("printable: e-acute", utf8_printable_at("\xc3\xa9", 2), 2);
	CHECK_U64("printable: not ESC", utf8_printable_at("\x1b[2J", 4), 0);
	CHECK_U64("printable: not DEL", utf8_printable_at("\x7f", 1), 0);
	CHECK_U64("printable: not C1 CSI", utf8_printable_at("\xc2\x9b", 2), 0);
	CHECK_U64("printable: not a lone 0x9b", utf8_printable_at("\x9b", 1), 0);
	CHECK_U64("printable: not U+202E", utf8_printable_at("\xe2\x80\xae", 3), 0);
}

static void test_out_safe(void)
{
	char out[256], small[7];

	CHECK_STR("plain path unchanged", out_safe("/mnt/ssd", out, sizeof(out)),
		  "/mnt/ssd");
	CHECK_STR("UTF-8 unchanged", out_safe("caf\xc3\xa9", out, sizeof(out)),
		  "caf\xc3\xa9");
	CHECK_STR("newline escaped", out_safe("a\nb", out, sizeof(out)), "a\\x0ab");
	CHECK_STR("escape sequence made visible",
		  out_safe("x\x1b]0;owned\x07y", out, sizeof(out)),
		  "x\\x1b]0;owned\\x07y");
	CHECK_STR("carriage return escaped", out_safe("ok\rFAIL", out, sizeof(out)),
		  "ok\\x0dFAIL");
	CHECK_STR("bidi override escaped byte by byte",
		  out_safe("a\xe2\x80\xae" "b", out, sizeof(out)), "a\\xe2\\x80\\xaeb");
	CHECK_STR("invalid UTF-8 escaped", out_safe("\xff\xc3", out, sizeof(out)),
		  "\\xff\\xc3");
	CHECK_STR("C1 control escaped", out_safe("\xc2\x9b" "2J", out, sizeof(out)),
		  "\\xc2\\x9b2J");
	CHECK_STR("backslash doubled", out_safe("a\\x1b", out, sizeof(out)), "a\\\\x1b");
	CHECK_STR("cut at a whole escape", out_safe("ab\ncd", small, sizeof(small)),
		  "ab\\x0a");
	CHECK_STR("tiny buffer", out_safe("\n", small, 4), "");
}

/*
 * No bidi control and no C1 control (U+009B, CSI) survives into any
 * format, text, CSV and JSON as well as HTML, SVG and Markdown: each is
 * named ("[U+202E]"), or in JSON escaped ("\u202e", the same text).
 */
static void test_every_format(void)
{
	char machine[MACHINE_MAX] = "srv\xc2\x9b";
	unsigned long cp;

	for (size_t i = 0; i < N_BIDI && strlen(machine) + 8 < sizeof(machine); i++)
		strcat(machine, bidi[i].utf8);
	strcat(machine, "gnp.exe");
	struct run_results r = golden_blank_run(machine, 64, 0);

	golden_set(&r, PHASE_WRITE, FIGURE_VALUE, 345395, 89, 1000);

	for (size_t f = 0; f < format_count; f++) {
		static const struct render_opts opts = { .wide_names = true };
		const char *fmt = format_table[f].report_name;
		bool json = strcmp(fmt, "json") == 0;
		char *t = golden_render(fmt, &r, 1, &opts);
		char name[64];
		bool none = true;

		for (const unsigned char *p = (const unsigned char *)t; *p; p++)
			none = none && utf8_bidi_at((const char *)p, &cp) == 0 &&
			       !(p[0] == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0);
		snprintf(name, sizeof(name), "%s: no bidi or C1 control left", fmt);
		CHECK(name, none);
		snprintf(name, sizeof(name), "%s: U+202E and U+009B named", fmt);
		CHECK(name, json ? strstr(t, "\\u202e") && strstr(t, "\\u061c") &&
				   strstr(t, "\\u009b")
				 : strstr(t, "U+202E") && strstr(t, "U+061C") &&
				   strstr(t, "U+009B"));
		snprintf(name, sizeof(name), "%s: the rest of the name kept", fmt);
		CHECK(name, strstr(t, "gnp.exe") != NULL);
		free(t);
	}
}

int main(void)
{
	test_classify();
	test_out_safe();
	test_every_format();
	return check_done();
}
