/* SPDX-License-Identifier: MIT */
/*
 * test_origin.c - tests of src/lib/origin.c: start times in ISO 8601 UTC, and
 * command lines quoted so that sh reads every word back as it was (checked
 * by handing the line to sh).
 */
#include <stdlib.h>

#include "check.h"
#include "lib/origin.h"

static void test_time(void)
{
	char buf[ORIGIN_TIME_MAX], small[20];

	CHECK("time: the epoch", origin_time_utc(0, buf, sizeof(buf)) == 0 &&
					 strcmp(buf, "1970-01-01T00:00:00Z") == 0);
	CHECK_STR("time: UTC, not local", (origin_time_utc(1714566896, buf,
							   sizeof(buf)), buf),
		  "2024-05-01T12:34:56Z");
	CHECK("time: a buffer one byte short is refused, empty",
	      origin_time_utc(1714566896, small, sizeof(small)) == -1 &&
		      small[0] == '\0');
}

static void check_line(const char *name, int argc, char *const argv[],
		       const char *want)
{
	char buf[256];

	CHECK(name, origin_command_line(argc, argv, buf, sizeof(buf)) == 0);
	CHECK_STR(name, buf, want);
}

/* What sh prints for LINE, whose first word is printf: its words in []. */
static void check_sh_reads(const char *name, char *const argv[], int argc)
{
	char line[512], got[512] = "", want[512] = "";
	size_t len = 0;
	FILE *sh;

	for (int i = 2; i < argc; i++)
		snprintf(want + strlen(want), sizeof(want) - strlen(want), "[%s]",
			 argv[i]);
	if (origin_command_line(argc, argv, line, sizeof(line)) != 0 ||
	    !(sh = popen(line, "r"))) {
		CHECK(name, !"quoted and run");
		return;
	}
	len = fread(got, 1, sizeof(got) - 1, sh);
	got[len] = '\0';
	CHECK(name, pclose(sh) == 0);
	CHECK_STR(name, got, want);
}

static void test_command_line(void)
{
	char *plain[] = { "/usr/sbin/clyde", "-d", "/mnt/a_b.c", "-s", "1g:64k",
			  "-m", "x+y@z%1^2", "--json=-" };
	char *spaced[] = { "clyde", "-m", "Laptop AHCI DL X25-M v1.4", "" };
	char *quotes[] = { "clyde", "-m", "it's \"here\"", "$HOME", "~", "a\nb" };
	char *first[] = { "A=1", "clyde", "x=y" };
	char *nasty[] = { "printf", "[%s]", "it's", "", "  two  spaces ", "$(id)",
			  "`id`", "a\\b", "*", "'", "''", "tab\there", "new\nline",
			  "\xc3\xa9t\xc3\xa9", "-x=1" };
	char buf[16], fit[19];

	check_line("command line: plain words stay plain", 8, plain,
		   "/usr/sbin/clyde -d /mnt/a_b.c -s 1g:64k -m x+y@z%1^2 --json=-");
	check_line("command line: spaces and an empty word quoted", 4, spaced,
		   "clyde -m 'Laptop AHCI DL X25-M v1.4' ''");
	check_line("command line: quotes, $, ~ and newlines quoted", 6, quotes,
		   "clyde -m 'it'\\''s \"here\"' '$HOME' '~' 'a\nb'");
	check_line("command line: = quoted only in the first word", 3, first,
		   "'A=1' clyde x=y");
	check_line("command line: none", 0, plain, "");
	check_sh_reads("command line: sh reads every word back", nasty,
		       (int)(sizeof(nasty) / sizeof(nasty[0])));
	CHECK("command line: too long is refused, empty",
	      origin_command_line(8, plain, buf, sizeof(buf)) == -1 &&
		      buf[0] == '\0');
	CHECK("command line: exactly fitting is kept",
	      origin_command_line(2, plain, fit, sizeof(fit)) == 0 &&
		      strcmp(fit, "/usr/sbin/clyde -d") == 0);
	CHECK("command line: one byte short is refused",
	      origin_command_line(2, plain, fit, sizeof(fit) - 1) == -1);
}

int main(void)
{
	test_time();
	test_command_line();
	return check_done();
}
