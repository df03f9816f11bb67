/* SPDX-License-Identifier: MIT */
/*
 * test_mark_steady.c - clyde mark --steady without a disk: its options and
 * refusals, then whole steady marks through the real driver whose null
 * rows give round figures this test chooses: a write test that falls,
 * then flattens and settles at round 7, a read test whose swing never
 * settles, and a mark that --max-write stops. The plan's steps, what is
 * said before each precondition, the records, and every output golden-
 * tested (tests/golden/mark/steady.*; the report's pages are
 * test_mark_report.c's, from steady.json).
 */
#include <math.h>
#include <stdarg.h>
#include <unistd.h>

#include "check.h"
#include "format/fmt_drive.h"
#include "lib/steady.h"

#define GOLDEN "tests/golden/mark"
#include "null_mark.h"
#include "sample_prov.h"

static void test_options(void)
{
	static struct mark_options mo;
	static struct config cfg;
	char err[256] = "";

	CHECK("steady: off by default, SNIA's defaults ready",
	      parse(&mo, &cfg, err, NULL) == OPT_RUN && !cfg.steady.on &&
		      cfg.steady.round_s == 60 && cfg.steady.max_rounds == 25 &&
		      cfg.steady.max_write_bytes == 0 && !cfg.trim);
	CHECK("steady: the seed's test, with its defaults",
	      parse(&mo, &cfg, err, "-s", "8G", "--tests", "RND4K-Q3T1:write",
		    "--steady", NULL) == OPT_RUN &&
		      cfg.steady.on && cfg.steady.precondition_bytes == 16 * GIB);
	CHECK("steady: every option",
	      parse(&mo, &cfg, err, "-s", "1G", "--tests", "RND4K-Q3T1:write",
		    "--steady", "--round", "10", "--max-rounds", "40",
		    "--precondition", "3G", "--max-write", "100G", "--trim",
		    NULL) == OPT_RUN &&
		      cfg.steady.round_s == 10 && cfg.steady.max_rounds == 40 &&
		      cfg.steady.precondition_bytes == 3 * GIB &&
		      cfg.steady.max_write_bytes == 100 * GIB && cfg.trim);
	CHECK("steady: the fixed writes: the layout, two passes and 3 GiB",
	      mark_steady_fixed_bytes(&mo, &cfg) == 6 * GIB);
	REFUSED("--round is for --steady's rounds; give --steady too", "--round", "10");
	REFUSED("--max-rounds is for --steady's rounds", "--max-rounds", "10");
	REFUSED("--precondition is for --steady's rounds", "--precondition", "1G");
	REFUSED("--max-write is for --steady's rounds", "--max-write", "1G");
	REFUSED("--max-rounds 4:", "--steady", "--max-rounds", "4");
	REFUSED("--max-rounds 101:", "--steady", "--max-rounds", "101");
	REFUSED("--round 0:", "--steady", "--round", "0");
	REFUSED("--max-write 0: clyde mark writes its file first", "--steady",
		"--max-write", "0");
	/* Two directions of two tests: 1 + 4 x (2 + 2) GiB. */
	REFUSED("--max-write 16.00 GiB: laying out the file and preconditioning "
		"every test write 17.00 GiB before any round", "-s", "1G", "--tests",
		"RND4K-Q1T1,SEQ1M-Q1T1", "--steady", "--max-write", "16G");
	REFUSED("--trim with --vary: trim=before is the setup", "--trim", "--vary",
		"engine=aio,threads");
}

/* The rounds this test chooses: writes fall, then flatten; reads swing. */
static double rounds_mbs(bool writes, unsigned round)
{
	static const double fall[] = { 30, 24, 18.6, 17.4, 17.1, 17.25, 17.55 };
	static const double swing[] = { 19, 26 };

	if (!writes)
		return swing[round % 2];
	return round < 7 ? fall[round] : 17.3;
}

static char said[4][512];
static size_t n_said;

static void say(void *arg, const char *line)
{
	(void)arg;
	if (n_said < 4)
		snprintf(said[n_said], sizeof(said[n_said]), "%s", line);
	n_said++;
}

/* A steady null mark of ARGS... into *RES (MP's say hooked). */
static int steady_mark(struct mark_plan *mp, struct mark_results *res,
		       const char *dir, ...)
{
	static struct mark_options mo;
	static struct config cfg;
	char *argv[40] = { "mark" }, err[256];
	int argc = 1;
	va_list ap;

	va_start(ap, dir);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 39;)
		argv[argc++] = a;
	va_end(ap);
	if (mark_options_parse(argc, argv, 4096, 42, &mo, &cfg, err, sizeof(err)) !=
	    OPT_RUN) {
		printf("# %s\n", err);
		return -1;
	}
	n_said = 0;
	null_round_mbs = rounds_mbs;
	null_say = say;
	int st = null_mark(&mo, &cfg, mp, res, dir);
	mark_collect(mp, mo.score, res);
	return st;
}

static void test_mark(const char *dir)
{
	static struct mark_plan mp;
	static struct mark_results res;
	static struct run_results origin;

	CHECK("steady mark: runs",
	      steady_mark(&mp, &res, dir, "-s", "64M", "--tests",
			  "RND4K-Q3T1:write,SEQ128K-Q1T1:read", "--runs", "2",
			  "--time", "2", "--steady", "--round", "10",
			  "--max-rounds", "8", "--precondition", "16M", NULL) == 0);
	/* Layout, 2 x 2 fresh runs, then each: 2 preconditions, 8 rounds. */
	CHECK_U64("steady mark: 1 + 4 + 2 x (2 + 8) steps", mp.plan.n, 25);
	const struct mark_result *w = &res.tests[0], *r = &res.tests[1];
	CHECK("steady mark: the tests as given", w->writes && !r->writes && res.n == 2);
	CHECK("steady mark: the writes settle at round 7",
	      w->steady.end == STEADY_SETTLED && w->steady.n == 7 &&
		      w->steady.window_first == 2);
	CHECK("steady mark: round 8 of the writes not run", null_rounds[1] == 7);
	CHECK("steady mark: their figure is the window's mean",
	      fabs(w->steady.mean - (18.6 + 17.4 + 17.1 + 17.25 + 17.55) / 5) < 0.01);
	CHECK("steady mark: the rule's numbers",
	      w->steady.range < STEADY_RANGE && w->steady.change < STEADY_SLOPE &&
		      fabs(w->steady.range - 1.5 / 17.58) < 0.001);
	CHECK("steady mark: the ratio to the fresh figure",
	      fabs(w->steady.ratio - w->steady.mean / w->score.mb_per_s) < 1e-9 &&
		      w->steady.ratio < 0.6);
	CHECK("steady mark: written: the passes, its own, the rounds",
	      w->steady.precondition_bytes == 2 * 64 * MIB + 16 * MIB &&
		      w->steady.written_bytes > w->steady.precondition_bytes +
							 6 * 17 * 10 * 1000000ull);
	CHECK("steady mark: the reads never settle in 8",
	      r->steady.end == STEADY_UNSETTLED && r->steady.n == 8 &&
		      fabs(r->steady.range - 7 / 23.2) < 1e-3);
	CHECK("steady mark: the reads wrote their precondition only",
	      r->steady.written_bytes == r->steady.precondition_bytes);
	CHECK_U64("steady mark: each precondition said before it", n_said, 2);
	CHECK_STR("steady mark: what is said",
		  said[0], "steady: RND4K Q3T1 write: the precondition writes 144 "
			   "MiB: the file twice in order (128 MiB, about 2 s), then "
			   "16 MiB of its own writes (about 1 s); then rounds of 10 s "
			   "until the SNIA rule holds, at most 8");
	sample_prov(&origin, 0);
	snprintf(res.started, sizeof(res.started), "%s", origin.started);
	snprintf(res.command_line, sizeof(res.command_line),
		 "clyde mark -d /mnt/ssd -u root --tests RND4K-Q3T1:write,"
		 "SEQ128K-Q1T1:read --steady --round 10 --trim");
	res.prov_known = true;
	res.prov = origin.prov;
	snprintf(res.prov.fs.super_options, sizeof(res.prov.fs.super_options),
		 "rw,discard");
	res.trim = (struct trim_figure){ true, 40 * GIB, 2300000000 };
	res.removal = (struct removal_figure){ true, 64 * MIB, 1250000000, 78 * MIB };
	golden_all("steady mark", "steady", &res);

	/* --max-write: room for the first rounds only. */
	CHECK("capped mark: runs",
	      steady_mark(&mp, &res, dir, "-s", "64M", "--tests", "RND4K-Q3T1:write",
			  "--runs", "2", "--time", "2", "--steady", "--round", "2",
			  "--precondition", "64M", "--max-write", "500M", NULL) == 0);
	w = &res.tests[0];
	CHECK("capped mark: --max-write ended it after a few rounds",
	      w->steady.end == STEADY_WRITE_CAP && w->steady.n >= 1 &&
		      w->steady.n < 5 && mp.written_bytes <= 500 * MIB);
	char words[FMT_DRIVE_TEXT_MAX];
	fmt_mark_steady_words(words, sizeof(words), w);
	CHECK("capped mark: said so",
	      strstr(words, "RND4K Q3T1 write: stopped by --max-write after ") &&
		      strstr(words, "too few for the rule"));
}

int main(void)
{
	char dir[] = "/tmp/clyde-test-steady.XXXXXX";

	test_options();
	if (!mkdtemp(dir))
		return 2;
	test_mark(dir);
	rmdir(dir);
	return check_done();
}
