/* SPDX-License-Identifier: MIT */
/*
 * test_mark.c - `clyde mark` without a disk: the --tests parser on good and
 * bad lists, the profiles, the options and their documentation, and the
 * outputs (table, CSV, JSON, truth line) golden-tested from a mark run
 * through the real driver whose steps are null rows: they do no I/O and
 * report figures this test chooses.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/config_rules.h"
#include "mark/fmt_mark.h"
#include "golden.h"
#include "read/json_read.h"
#include "mark/mark.h"
#define GOLDEN "tests/golden/mark"
#include "null_mark.h"
#include "sample_prov.h"
#include "lib/stats.h"


/* --- the --tests parser --------------------------------------------------- */

/* LIST parses; its tests, named and with directions, are WANT. */
static void good(const char *list, const char *want)
{
	static struct mark_list out;
	struct parse_error err = { "" };
	char got[512] = "", name[MARK_NAME_MAX], label[160];
	size_t used = 0;

	snprintf(label, sizeof(label), "tests '%s'", list);
	if (mark_parse_tests(list, &out, &err) != 0) {
		printf("# %s: %s\n", label, err.msg);
		CHECK(label, false);
		return;
	}
	for (size_t i = 0; i < out.n; i++)
		used += (size_t)snprintf(got + used, sizeof(got) - used, "%s%s%s", i ? "," : "",
					 mark_test_name(&out.tests[i], name, sizeof(name)),
					 out.tests[i].dirs == MARK_READ    ? ":read"
					 : out.tests[i].dirs == MARK_WRITE ? ":write"
									   : "");
	CHECK_STR(label, got, want);
}

/* LIST is refused with a reason that contains WHY. */
static void bad(const char *list, const char *why)
{
	static struct mark_list out;
	struct parse_error err = { "" };
	char label[160];

	snprintf(label, sizeof(label), "tests '%s' refused: %s", list, why);
	for (char *c = label; *c; c++) /* one line for tests/run.sh */
		if ((unsigned char)*c < 0x20)
			*c = '?';
	int rc = mark_parse_tests(list, &out, &err);
	if (rc == 0 || !strstr(err.msg, why))
		printf("# got %d '%s'\n", rc, err.msg);
	CHECK(label, rc != 0 && strstr(err.msg, why) != NULL);
}

static void test_parser(void)
{
	good("RND4K-Q3T1:write", "RND4K Q3T1:write");
	good("SEQ1M-Q8T1,SEQ1M-Q1T1,RND4K-Q32T1,RND4K-Q1T1",
	     "SEQ1M Q8T1,SEQ1M Q1T1,RND4K Q32T1,RND4K Q1T1");
	good("seq128k-q32t1:WRITE,rnd4k-Q32T16", "SEQ128K Q32T1:write,RND4K Q32T16");
	good("SEQ128K-Q32T1:write,SEQ128K-Q32T1:read", "SEQ128K Q32T1");
	good("SEQ64M-Q1T1,RND4096K-Q1024T4,SEQ1024K-Q1T256", "SEQ64M Q1T1,RND4M Q1024T4,SEQ1M Q1T256");
	good("RND4K-Q1T1,RND8K-Q1T1,RND16K-Q1T1,RND32K-Q1T1,RND64K-Q1T1,RND128K-Q1T1,"
	     "RND256K-Q1T1,RND512K-Q1T1",
	     "RND4K Q1T1,RND8K Q1T1,RND16K Q1T1,RND32K Q1T1,RND64K Q1T1,RND128K Q1T1,"
	     "RND256K Q1T1,RND512K Q1T1");
	bad("", "empty");
	bad("RND4K-Q1T1,", "empty entry");
	bad(",RND4K-Q1T1", "empty entry");
	bad("RND4K-Q1T1,,SEQ1M-Q1T1", "empty entry");
	bad("XYZ4K-Q1T1", "starts with SEQ or RND");
	bad("RND-Q1T1", "block size follows");
	bad("RND4-Q1T1", "needs K (KiB) or M (MiB)");
	bad("RND4G-Q1T1", "needs K (KiB) or M (MiB)");
	bad("RND3K-Q1T1", "power of two from 4K to 64M");
	bad("RND2K-Q1T1", "power of two from 4K to 64M");
	bad("SEQ128M-Q1T1", "power of two from 4K to 64M");
	bad("RND04K-Q1T1", "block size follows");
	bad("RND99999999999999999999K-Q1T1", "block size follows");
	bad("RND4K", "-Q and a queue depth");
	bad("RND4KQ1T1", "-Q and a queue depth");
	bad("RND4K-Q0T1", "queue depth from 1 to 1024");
	bad("RND4K-Q1025T1", "queue depth from 1 to 1024");
	bad("RND4K-Q1", "T and a thread count");
	bad("RND4K-Q1T0", "thread count from 1 to 256");
	bad("RND4K-Q1T257", "thread count from 1 to 256");
	bad("RND4K-Q32T256", "at most 4096 I/Os in flight");
	bad("RND4K-Q1T1:", "read or write");
	bad("RND4K-Q1T1:reads", "read or write");
	bad("RND4K-Q1T1:read:write", "read or write");
	bad("RND4K-Q1T1 ", "unexpected text");
	bad(" RND4K-Q1T1", "starts with SEQ or RND");
	bad("RND4K-Q1T1x", "unexpected text");
	bad("RND4K-Q1T1,RND4K-Q1T1:write", "given twice");
	bad("RND4K-Q+1T1", "-Q and a queue depth");
	bad("RND4K-Q1T1,RND8K-Q1T1,RND16K-Q1T1,RND32K-Q1T1,RND64K-Q1T1,RND128K-Q1T1,"
	    "RND256K-Q1T1,RND512K-Q1T1,RND1M-Q1T1", "more than 8 tests");
	bad("RND4K-Q1T1\n", "unexpected text");
	bad("\x01\x02", "'?" "?': starts with SEQ or RND");
}

static void test_profiles(void)
{
	static const char *const want[] = {
		"SEQ1M Q8T1,SEQ1M Q1T1,RND4K Q32T1,RND4K Q1T1",
		"SEQ1M Q8T1,SEQ128K Q32T1,RND4K Q32T16,RND4K Q1T1",
		"SEQ1M Q8T1,RND4K Q32T1",
		"SEQ1M Q1T1,RND4K Q1T1",
	};

	CHECK_U64("four profiles", mark_profile_count, 4);
	for (size_t i = 0; i < mark_profile_count && i < 4; i++)
		good(mark_profiles[i].tests, want[i]);
	CHECK("default and nvme take the mean, peak and real the best",
	      mark_profile_by_name("default")->score == MARK_MEAN &&
		      mark_profile_by_name("nvme")->score == MARK_MEAN &&
		      mark_profile_by_name("peak")->score == MARK_BEST &&
		      mark_profile_by_name("real")->score == MARK_BEST &&
		      mark_profile_by_name("Default") == NULL);
}

static void test_size(void)
{
	static struct mark_list l;
	struct parse_error pe;
	char err[256] = "";

	mark_parse_tests("SEQ1M-Q8T4,RND4K-Q1T1", &l, &pe);
	CHECK("a 4 MiB file holds SEQ1M Q8T4", mark_check_size(&l, 4 * MIB, err, sizeof(err)) == 0);
	CHECK("a 3 MiB file does not",
	      mark_check_size(&l, 3 * MIB, err, sizeof(err)) != 0 &&
		      strcmp(err, "-s 3M is too small for SEQ1M Q8T4: it needs a block "
				  "per thread, 4 MiB") == 0);
}

/* --- options -------------------------------------------------------------- */

static void test_options(void)
{
	static struct mark_options mo;
	static struct config cfg;
	char err[256] = "";

	CHECK("mark: no options", parse(&mo, &cfg, err, NULL) == OPT_RUN);
	CHECK("mark defaults: default profile, 5 runs of 5 s, 1 GiB",
	      strcmp(mo.profile, "default") == 0 && mo.score == MARK_MEAN &&
		      mo.tests.n == 4 && mo.runs == 5 && mo.time_s == 5 &&
		      cfg.io.size_mib == 1024);
	CHECK("mark config: direct, incompressible, one copy, nothing else",
	      cfg.mode.direct && !cfg.mode.zeros && cfg.concurrency == 1 &&
		      cfg.files.count_k == 0 && cfg.perchar_mib == 0 &&
		      cfg.io.chunk_bytes == MIB && cfg.random_io && cfg.repeat < 0 &&
		      cfg.seed == 42 && strcmp(cfg.dir, ".") == 0);
	CHECK("mark: AnandTech's test",
	      parse(&mo, &cfg, err, "-s", "8G", "--time", "180", "--runs", "1",
		    "--tests", "RND4K-Q3T1:write", "-d", "/mnt", "-u", "root",
		    "--engine", "aio", NULL) == OPT_RUN &&
		      mo.profile == NULL && mo.tests.n == 1 &&
		      mo.tests.tests[0].dirs == MARK_WRITE && mo.runs == 1 &&
		      mo.time_s == 180 && cfg.io.size_mib == 8192 &&
		      strcmp(cfg.dir, "/mnt") == 0 && strcmp(cfg.user, "root") == 0 &&
		      cfg.engine == ENGINE_AIO);
	CHECK("mark: --profile peak takes the best run",
	      parse(&mo, &cfg, err, "--profile", "peak", "--json", "-", "--csv", "x.csv",
		    "-m", "box", "-z", "7", NULL) == OPT_RUN &&
		      mo.tests.n == 2 && mo.score == MARK_BEST &&
		      strcmp(cfg.json_path, "-") == 0 && strcmp(mo.csv_path, "x.csv") == 0 &&
		      strcmp(cfg.machine, "box") == 0 && cfg.seed == 7);
	CHECK("mark: by size by default, as KDiskMark; --method time as CrystalDiskMark",
	      parse(&mo, &cfg, err, NULL) == OPT_RUN && mo.method == MARK_BY_SIZE &&
		      parse(&mo, &cfg, err, "--method", "time", NULL) == OPT_RUN &&
		      mo.method == MARK_BY_TIME &&
		      parse(&mo, &cfg, err, "--method", "size", NULL) == OPT_RUN &&
		      mo.method == MARK_BY_SIZE &&
		      strcmp(mark_method_reference(MARK_BY_SIZE), "KDiskMark") == 0 &&
		      strcmp(mark_method_reference(MARK_BY_TIME), "CrystalDiskMark") == 0);
	REFUSED("--method fast: use size or time", "--method", "fast");
	REFUSED("--profile and --tests both choose", "--profile", "nvme", "--tests", "RND4K-Q1T1");
	REFUSED("--profile fast: use default, nvme, peak or real", "--profile", "fast");
	REFUSED("--tests RND4K-Q1T1x: 'RND4K-Q1T1x': unexpected text", "--tests", "RND4K-Q1T1x");
	REFUSED("--runs 0:", "--runs", "0");
	REFUSED("--runs 11:", "--runs", "11");
	REFUSED("--time 0:", "--time", "0");
	REFUSED("--time 3601:", "--time", "3601");
	REFUSED("-s 0: the file needs at least 1 MiB", "-s", "0");
	REFUSED("-s 12q:", "-s", "12q");
	REFUSED("-s 2M is too small for SEQ1M Q8T4", "-s", "2", "--tests", "SEQ1M-Q8T4");
	REFUSED("--engine fast: use auto, io_uring, aio or threads", "--engine", "fast");
	REFUSED("unexpected argument 'now'", "now");
	REFUSED("-x 2: clyde mark repeats its tests with --runs; -x counts the "
		"rounds of --vary", "-x", "2");
	REFUSED("unknown option -c", "-c", "1");
	REFUSED("--vary chunk=8k,64k: clyde mark has no chunk to vary", "--vary",
		"chunk=8k,64k");
	REFUSED("unknown option --random-io", "--random-io");
	REFUSED("option -s needs a value", "-s");
	REFUSED("-d: the value is empty", "-d", "");
	REFUSED("-u given twice", "-u", "a", "-u", "b");
	REFUSED("-m a,b:", "-m", "a,b");
}

/* The man page has a section on clyde mark; its options are checked with
 * every command's (tests/unit/cli/test_options.c). */
static void test_docs(void)
{
	char *man = golden_read("man/clyde.1");

	CHECK("man page has a MARK section", man && strstr(man, "\n.SH MARK\n"));
	free(man);
}

/* --- outputs, from the driver with null steps (null_mark.h) ------------- */

static void test_outputs(const char *dir)
{
	static struct mark_options mo;
	static struct mark_plan mp;
	static struct mark_results res;
	static struct config cfg;
	char err[256];

	/* The default profile, three runs of two seconds. */
	parse(&mo, &cfg, err, "--runs", "3", "--time", "2", NULL);
	CHECK("null mark: default profile runs", null_mark(&mo, &cfg, &mp, &res, dir) == 0);
	CHECK_U64("null mark: 1 + 4 x 2 x 3 steps", mp.plan.n, 25);
	CHECK("null mark: by size, each run one pass of the file, --time at most",
	      mp.specs[0].pass && mp.specs[7].pass && mp.specs[0].time_ns == 2000000000u);
	mark_collect(&mp, mo.score, &res);
	CHECK_U64("null mark: eight test directions", res.n, 8);
	CHECK("null mark: three runs each, every latency once",
	      res.tests[0].n_runs == 3 && res.tests[7].n_runs == 3 &&
		      res.tests[0].lat.count == res.tests[0].score.ios);
	double mean = (res.tests[2].run[0].iops + res.tests[2].run[1].iops +
		       res.tests[2].run[2].iops) / 3;
	CHECK("null mark: the mean of the runs",
	      mean > 0 && fabs(res.tests[2].score.iops - mean) < mean * 1e-12 &&
		      res.tests[2].run[0].iops != res.tests[2].run[1].iops);
	/* The default run with its origin and provenance; the --tests list
	 * below without (null in the JSON). */
	static struct run_results origin;
	sample_prov(&origin, 0);
	snprintf(res.started, sizeof(res.started), "%s", origin.started);
	snprintf(res.command_line, sizeof(res.command_line),
		 "clyde mark -d /mnt/ssd -u root --runs 3 --time 2");
	res.prov_known = true;
	res.prov = origin.prov;
	golden_all("mark default", "default", &res);

	/* AnandTech's test and a best-of list, with device figures: one read
	 * test mostly from the page cache. */
	parse(&mo, &cfg, err, "--runs", "2", "--time", "3", "--method", "time", "--tests",
	      "RND4K-Q3T1:write,SEQ128K-Q32T1,RND4K-Q32T16:read", NULL);
	mo.score = MARK_BEST;
	CHECK("null mark: a --tests list runs", null_mark(&mo, &cfg, &mp, &res, dir) == 0);
	CHECK("null mark: --method time, runs for the time", !mp.specs[0].pass &&
	      mp.specs[0].time_ns == 3000000000u);
	for (size_t k = 0; k < mp.n; k++)
		for (size_t r = 0; r < mo.runs; r++) {
			struct phase_result *p = &mp.results[k][r];

			p->dev = (struct device_io){ true, mp.writes[k] ? 4096 : p->bytes / (k == 3 ? 1 : 40),
						     mp.writes[k] ? p->bytes : 0 };
		}
	/* The first test's second run over time: 3 s, 12 points, falling to a
	 * third after 1.5 s. */
	struct phase_series *over = &mp.results[0][1].series;
	*over = (struct phase_series){ .n = 12, .interval_ns = 250000000,
				       .span_ns = 3000000000ULL };
	for (uint32_t i = 0; i < over->n; i++)
		over->point[i] = (struct series_point){
			(float)(i < 6 ? 3.6e7 : 1.2e7), (float)(i < 6 ? 8800 : 2930), 310 };
	mark_collect(&mp, mo.score, &res);
	CHECK("null mark: a run's shapes named by mark_collect",
	      res.tests[0].run[1].series.n_shapes == 1 &&
		      res.tests[0].run[1].series.shape[0].kind == SHAPE_STEP_DOWN);
	CHECK("null mark: the best run",
	      res.tests[1].score.mb_per_s == (res.tests[1].run[0].mb_per_s > res.tests[1].run[1].mb_per_s
						      ? res.tests[1].run[0].mb_per_s
						      : res.tests[1].run[1].mb_per_s));
	CHECK("null mark: disk shares", res.tests[1].disk_pct == 2 && res.tests[3].disk_pct == 100 &&
					       res.tests[0].disk_pct == -1);
	golden_all("mark tests, best run", "tests-best", &res);
}

int main(void)
{
	char dir[] = "/tmp/clyde-test-mark.XXXXXX";

	test_parser();
	test_profiles();
	test_size();
	test_options();
	test_docs();
	if (!mkdtemp(dir))
		return 2;
	test_outputs(dir);
	rmdir(dir);
	return check_done();
}
