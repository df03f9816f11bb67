/* SPDX-License-Identifier: MIT */
/*
 * test_drive.c - the words about the drive as it is used (fmt_drive.c): a
 * --steady record's sentence for each way the rounds end (fallen, kept,
 * faster, not settled, stopped by --max-write), the rounds line with its
 * window, the removal with and without online discard, the FITRIM, sizes
 * in words, and clyde's footer with them.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "format/fmt.h"
#include "format/fmt_drive.h"
#include "format/fmt_text.h"
#include "golden.h"
#include "lib/steady.h"

/* REC from N round figures V against FRESH, as the rounds leave it. */
static void rounds(struct steady_record *rec, const double *v, size_t n,
		   double fresh, size_t max, uint64_t written)
{
	memset(rec, 0, sizeof(*rec));
	rec->end = STEADY_UNSETTLED;
	rec->round_s = 60;
	rec->written_bytes = written;
	for (size_t i = 0; i < n && !steady_record_add(rec, v[i], fresh, max); i++)
		;
	steady_record_rule(rec, fresh);
}

static void words(const char *label, const struct fmt_steady_test *t,
		  const struct steady_record *rec, const char *want)
{
	char buf[FMT_DRIVE_TEXT_MAX];

	CHECK_STR(label, fmt_steady_words(buf, sizeof(buf), t, rec), want);
}

static void test_words(void)
{
	static const double fall[] = { 38, 30, 26.5, 26.1, 26.3, 25.9, 26.4 };
	static const double flat[] = { 36.1, 35.9, 35.8, 35.7, 35.8 };
	static const double up[] = { 60, 61, 59, 60, 60 };
	static const double swing[] = { 20, 30, 22, 32, 24, 34 };
	struct fmt_steady_test w = { "RND4K Q3T1 write", true, "MB/s", 40.8 };
	struct fmt_steady_test r = { "SEQ1M Q1T1 read", false, "MB/s", 40.8 };
	struct steady_record rec;

	rounds(&rec, fall, 7, 40.8, 25, 19 * GIB + GIB / 4);
	words("steady: a fall said plainly", &w, &rec,
	      "RND4K Q3T1 write: after 19.2 GiB written the drive settled at 64% "
	      "of its fresh speed (26.2 against 40.8 MB/s, in 7 rounds; range 2%, "
	      "change 1%)");
	words("steady: reads too", &r, &rec,
	      "SEQ1M Q1T1 read: after 19.2 GiB written the drive's reads settled "
	      "at 64% of their fresh speed (26.2 against 40.8 MB/s, in 7 rounds; "
	      "range 2%, change 1%)");
	w.fresh = 36.1;
	rounds(&rec, flat, 5, 36.1, 25, 16 * GIB);
	words("steady: a speed kept", &w, &rec,
	      "RND4K Q3T1 write: the drive kept its fresh speed: after 16 GiB "
	      "written it settled at 99% of it (35.9 against 36.1 MB/s, in 5 "
	      "rounds; range 1%, change 1%)");
	w.fresh = 40;
	rounds(&rec, up, 5, 40, 25, 16 * GIB);
	CHECK("steady: faster once used",
	      strstr(fmt_steady_words((char[FMT_DRIVE_TEXT_MAX]){ 0 },
				      FMT_DRIVE_TEXT_MAX, &w, &rec),
		     "settled at 150% of its fresh speed, faster once used (60.0 "
		     "against 40.0 MB/s"));
	w.fresh = NAN;
	steady_record_rule(&rec, NAN);
	words("steady: no fresh figure, no ratio", &w, &rec,
	      "RND4K Q3T1 write: after 16 GiB written the drive settled (60.0 "
	      "MB/s, in 5 rounds; range 3%, change 1%)");
	w.fresh = 25;
	rounds(&rec, swing, 6, 25, 6, 3 * GIB);
	words("steady: not settled", &w, &rec,
	      "RND4K Q3T1 write: not settled in 6 rounds (3 GiB written): the last "
	      "5 range 42% of their mean (the rule allows 20%) and their line "
	      "changes 14% (10%); they average 114% of the fresh speed");
	rec.end = STEADY_WRITE_CAP;
	words("steady: stopped by --max-write", &w, &rec,
	      "RND4K Q3T1 write: stopped by --max-write after 6 rounds (3 GiB "
	      "written) before the rule held: the last 5 range 42% of their mean "
	      "(the rule allows 20%) and their line changes 14% (10%); they "
	      "average 114% of the fresh speed");
	rec.n = 2;
	words("steady: too few rounds for the rule", &w, &rec,
	      "RND4K Q3T1 write: stopped by --max-write after 2 rounds (3 GiB "
	      "written), too few for the rule");
	rec.end = STEADY_OFF;
	words("steady: nothing without --steady", &w, &rec, "");
}

static char *rounds_line(const struct steady_record *rec)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	fmt_steady_rounds(mem, "  ", rec, "MB/s");
	fclose(mem);
	return text;
}

static void test_rounds(void)
{
	double v[12];
	struct steady_record rec;
	char *t;

	for (size_t i = 0; i < 12; i++)
		v[i] = i % 2 ? 10 : 20;
	rounds(&rec, v, 12, 15, 12, 0);
	t = rounds_line(&rec);
	CHECK_STR("rounds: ten a line, the last window bracketed", t,
		  "  rounds, MB/s, the last window in [ ]: 20.0 10.0 20.0 10.0 20.0 "
		  "10.0 20.0 [10.0 20.0 10.0\n    20.0 10.0]\n");
	free(t);
	rounds(&rec, v, 3, 15, 12, 0);
	t = rounds_line(&rec);
	CHECK_STR("rounds: fewer than a window, no brackets", t,
		  "  rounds, MB/s: 20.0 10.0 20.0\n");
	free(t);
}

static void test_removal_trim(void)
{
	static struct provenance prov;
	struct removal_figure rm = { true, 16 * GIB, 2300000000, 0 };
	struct trim_figure trim = { true, 1288490189, 450000000 };
	char buf[FMT_DRIVE_TEXT_MAX];

	snprintf(prov.fs.mount_options, sizeof(prov.fs.mount_options), "rw,relatime");
	snprintf(prov.fs.super_options, sizeof(prov.fs.super_options), "rw,nodiscard");
	CHECK_STR("removal: its own figure",
		  fmt_removal_text(buf, sizeof(buf), &rm, &prov),
		  "delete: 2.30 s for 16 GiB (unlink, last close and the "
		  "filesystem's sync)");
	CHECK("nodiscard is not discard", !fmt_online_discard(&prov.fs));
	snprintf(prov.fs.super_options, sizeof(prov.fs.super_options),
		 "rw,discard,errors=remount-ro");
	CHECK_STR("removal: online discard named",
		  fmt_removal_text(buf, sizeof(buf), &rm, &prov),
		  "delete: 2.30 s for 16 GiB (unlink, last close and the "
		  "filesystem's sync; mounted with discard, whose discards of the "
		  "freed blocks are inside it)");
	rm.discarded_bytes = 17 * GIB + GIB / 2;
	CHECK_STR("removal: the discards the device did after the sync",
		  fmt_removal_text(buf, sizeof(buf), &rm, &prov),
		  "delete: 2.30 s for 16 GiB (unlink, last close and the "
		  "filesystem's sync, then the device's discards of 17.5 GiB; mounted "
		  "with discard, whose discards of the freed blocks are inside it)");
	snprintf(prov.fs.super_options, sizeof(prov.fs.super_options), "rw");
	snprintf(prov.fs.mount_options, sizeof(prov.fs.mount_options), "discard");
	CHECK("discard among the mount's own options", fmt_online_discard(&prov.fs));
	CHECK_STR("removal: nothing unknown",
		  fmt_removal_text(buf, sizeof(buf), &(struct removal_figure){ 0 },
				   &prov), "");
	CHECK_STR("trim: timed, with its bytes", fmt_trim_text(buf, sizeof(buf), &trim),
		  "FITRIM before the run: 1.2 GiB trimmed in 0.45 s");
	trim.done = false;
	CHECK_STR("trim: nothing without one", fmt_trim_text(buf, sizeof(buf), &trim), "");
	CHECK_STR("bytes: under a KiB", fmt_bytes_about(512, buf, sizeof(buf)), "512 B");
	CHECK_STR("bytes: 160 MiB", fmt_bytes_about(160 * MIB, buf, sizeof(buf)), "160 MiB");
	CHECK_STR("bytes: 2.3 GiB",
		  fmt_bytes_about(2 * GIB + 3 * GIB / 10, buf, sizeof(buf)), "2.3 GiB");
	CHECK_STR("bytes: 1023 MiB stays MiB",
		  fmt_bytes_about(1023 * MIB, buf, sizeof(buf)), "1023 MiB");
}

/* clyde's footer: the random-I/O test's rounds, the FITRIM, the removal. */
static void test_footer(void)
{
	static const double v[] = { 20000, 15000, 12000, 11900, 12100, 12000, 11950 };
	struct run_results r = golden_blank_run("box", 1024, 0);
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	r.perchar_mib = 0;
	r.n_random = 1;
	r.random[0] = (struct random_result){ .writes = true, .depth = 1,
					      .threads = 1, .iops = 20000 };
	rounds(&r.random[0].steady, v, 7, 20000, 25, GIB / 2);
	r.trim = (struct trim_figure){ true, 2 * GIB, 1000000000 };
	r.removal = (struct removal_figure){ true, GIB, 120000000, 0 };
	fmt_footer(mem, &r);
	fclose(mem);
	CHECK_STR("footer: the drive as it is used", strchr(text, '\n') + 1,
		  "steady: random writes, Q1T1: after 512 MiB written the drive "
		  "settled at 60% of its fresh speed (11990.0 against 20000.0 IOPS, "
		  "in 7 rounds; range 2%, change 0%)\n"
		  "  rounds, IOPS, the last window in [ ]: 20000 15000 [12000 11900 "
		  "12100 12000 11950]\n"
		  "FITRIM before the run: 2 GiB trimmed in 1.00 s\n"
		  "delete: 0.12 s for 1 GiB (unlink, last close and the filesystem's "
		  "sync)\n");
	free(text);
}

int main(void)
{
	test_words();
	test_rounds();
	test_removal_trim();
	test_footer();
	return check_done();
}
