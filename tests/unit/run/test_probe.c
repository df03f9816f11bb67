/* SPDX-License-Identifier: MIT */
/*
 * test_probe.c - --probe: its value, a probe whose waits the test makes
 * (known stalls counted, the pace kept without bursts, a failure
 * reported), and the driver running it beside a null phase that does no
 * I/O: its own file made in clyde's directory while the phase runs and
 * removed after, the waits in the phase's figures, several steps' waits
 * summed, nothing without --probe; reads evicted where O_DIRECT is
 * refused (tmpfs before Linux 6.6).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "exit_status.h"
#include "lib/timer.h"
#include "run/probe.h"
#include "run/run.h"

#define MS 1000000ULL
#define TMPFS_MAGIC_NUMBER 0x01021994

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

	nanosleep(&ts, NULL);
}

/* The fake probe's script: reads take 1 ms, but the 20th and 40th 150 ms
 * and the 60th 1.1 s; writes 5 ms; with fail_at, that read fails. */
struct script {
	_Atomic unsigned reads, writes;
	unsigned fail_at;
};

static int scripted(void *arg, unsigned kind)
{
	struct script *s = arg;

	if (kind == PROBE_WRITE) {
		s->writes++;
		sleep_ns(5 * MS);
		return 0;
	}
	unsigned n = ++s->reads;
	if (s->fail_at && n == s->fail_at) {
		errno = EIO;
		return -1;
	}
	sleep_ns(n == 60 ? 1100 * MS : n == 20 || n == 40 ? 150 * MS : 1 * MS);
	return 0;
}

static void check_parse(void)
{
	unsigned k;
	char err[128];

	CHECK("parse read", probe_parse("read", &k, err, sizeof(err)) == 0 &&
	      k == PROBE_READ);
	CHECK("parse write", probe_parse("write", &k, err, sizeof(err)) == 0 &&
	      k == PROBE_WRITE);
	CHECK("parse read+write", probe_parse("read+write", &k, err, sizeof(err)) == 0 &&
	      k == (PROBE_READ | PROBE_WRITE));
	CHECK("parse write,read", probe_parse("write,read", &k, err, sizeof(err)) == 0 &&
	      k == (PROBE_READ | PROBE_WRITE));
	CHECK("parse off", probe_parse("off", &k, err, sizeof(err)) == 0 && k == 0);
	CHECK("refuse readx", probe_parse("readx", &k, err, sizeof(err)) == -1);
	CHECK_STR("refusal's words", err, "use read, write, read+write or off");
	CHECK("refuse read+read", probe_parse("read+read", &k, err, sizeof(err)) == -1);
	CHECK("refuse a trailing +", probe_parse("read+", &k, err, sizeof(err)) == -1);
	CHECK("refuse a leading +", probe_parse("+read", &k, err, sizeof(err)) == -1);
	CHECK("refuse empty", probe_parse("", &k, err, sizeof(err)) == -1);
	CHECK("refuse off+read", probe_parse("off+read", &k, err, sizeof(err)) == -1);
	CHECK_STR("name of both", probe_name(PROBE_READ | PROBE_WRITE), "read+write");
	CHECK_STR("name of none", probe_name(0), "off");
}

/* Known waits: the stalls counted exactly, the pace kept. */
static void check_known_waits(void)
{
	struct script s = { 0 };
	struct probe *p = probe_fake(PROBE_READ | PROBE_WRITE, scripted, &s);
	struct probe_result r;
	struct phase_error err;
	uint64_t t0 = timer_now_ns(), took;

	probe_start(p, t0);
	sleep_ns(2500 * MS);
	probe_stop(p, &r, NULL);
	took = timer_now_ns() - t0;
	CHECK("known waits: no failure", probe_failed(p, &err) == 0);
	CHECK_U64("known waits: every read is a wait", r.read.lat.count, s.reads);
	/* A loaded machine may hold a 1 ms read past 100 ms now and then too. */
	printf("# known waits: %" PRIu64 " reads over %.2f s, %" PRIu64 " over 100 "
	       "ms, points of %.4f s: %" PRIu32 "\n", r.read.lat.count,
	       (double)took / 1e9, r.read.over_100ms,
	       (double)r.interval_ns / 1e9, r.n);
	CHECK("known waits: the three over 100 ms counted",
	      r.read.over_100ms >= 3 && r.read.over_100ms <= 6);
	CHECK_U64("known waits: one over 1 s", r.read.over_1s, 1);
	CHECK("known waits: the longest is the 1.1 s",
	      r.read.lat.max_ns >= 1100 * MS && r.read.lat.max_ns < 1400 * MS);
	CHECK("known waits: p50 is a 1 ms read's",
	      r.read.lat.p50_ns >= 1 * MS && r.read.lat.p50_ns < 20 * MS);
	/* A read every 10 ms, late ones at once, never a burst: over 2.5 s
	 * with 1.4 s of stalls, about 110 reads, never more than the
	 * 10 ms turns in the window. */
	CHECK("known waits: the reads keep their pace",
	      r.read.lat.count >= 60 && r.read.lat.count <= took / (10 * MS) + 1);
	CHECK("known waits: a write every 100 ms",
	      r.write.lat.count >= 12 && r.write.lat.count <= took / (100 * MS) + 1);
	CHECK("known waits: writes' waits are theirs",
	      r.write.lat.p50_ns >= 5 * MS && r.write.over_100ms == 0);
	CHECK("known waits: points over time, the stall where it began",
	      r.n >= 20 && r.interval_ns >= 62500000 && r.write.max_ms[0] >= 5.0f &&
	      (r.read.max_ms[r.n - 1] >= 0 || r.write.max_ms[r.n - 1] >= 0));
	bool stall_point = false;
	for (uint32_t i = 0; i < r.n; i++)
		stall_point |= r.read.max_ms[i] >= 1100.0f;
	CHECK("known waits: the 1.1 s stall has its point", stall_point);

	/* Started again, a probe counts afresh. */
	s.reads = 0;
	uint64_t began = timer_now_ns();
	probe_start(p, began);
	sleep_ns(100 * MS);
	probe_stop(p, &r, NULL);
	/* A read every 10 ms from the start: how many the time allowed, however
	 * long the sleep really took on a loaded machine. */
	uint64_t allowed = (timer_now_ns() - began) / (10 * MS) + 1;
	CHECK("again: counted afresh", r.read.lat.count == s.reads &&
	      r.read.over_1s == 0 && r.read.lat.count >= 1 && r.read.lat.count <= allowed);
	probe_close(p, NULL, 0);

	/* Stopped before its threads ran: still one wait of each kind. */
	unsigned short_of_one = 0;
	for (int i = 0; i < 20; i++) {
		struct script once = { 0 };
		struct probe *q = probe_fake(PROBE_READ | PROBE_WRITE, scripted, &once);

		probe_start(q, timer_now_ns());
		probe_stop(q, &r, NULL);
		short_of_one += r.read.lat.count < 1 || r.write.lat.count < 1;
		probe_close(q, NULL, 0);
	}
	CHECK_U64("stopped at once, 20 times: never without a read and a write",
		  short_of_one, 0);

	/* A read that fails is the probe's error. */
	struct script bad = { .fail_at = 3 };
	p = probe_fake(PROBE_READ, scripted, &bad);
	probe_start(p, timer_now_ns());
	sleep_ns(200 * MS);
	probe_stop(p, &r, NULL);
	CHECK("failure: EXIT_IO", probe_failed(p, &err) == EXIT_IO);
	CHECK_STR("failure: its operation", err.op, "probe read");
	CHECK("failure: its errno", err.errnum == EIO);
	CHECK_U64("failure: the reads before it counted", r.read.lat.count, 2);
	probe_close(p, NULL, 0);
	CHECK("NULL probe: nothing", probe_failed(NULL, &err) == 0 &&
	      probe_close(NULL, NULL, 0) == 0);
}

static int dir_fd_of_test = -1;
static _Atomic int probe_file_seen;

/* 60 operations of 10 ms: 0.6 s; looks for the probe's file meanwhile. */
static int null_run(struct phase_ctx *ctx)
{
	struct stat st;

	probe_file_seen = fstatat(dir_fd_of_test, PROBE_FILE_PREFIX "000", &st, 0) == 0 &&
			  st.st_size == PROBE_FILE_BYTES;
	for (int i = 0; i < 60; i++) {
		sleep_ns(10 * MS);
		stats_add(&ctx->lat, 10 * MS);
		ctx->ops++;
	}
	return 0;
}

static const struct phase_info null_seeks = {
	.id = PHASE_SEEKS, .name = "null seeks", .unit = UNIT_SEEKS_S,
	.size = SIZE_SEEKS, .run = null_run,
};

static void base_config(struct config *cfg, unsigned probe)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->io.size_mib = 1;
	cfg->io.chunk_bytes = 8192;
	cfg->io.seeks = 10;
	cfg->io.seekers = 1;
	cfg->concurrency = 1;
	cfg->probe = probe;
	snprintf(cfg->machine, sizeof(cfg->machine), "nullbox");
}

static void in_dir(const char *dir, struct run_target *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->workdir, sizeof(t->workdir), "%s", dir);
	t->dir_fd = dir_fd_of_test = open(dir, O_RDONLY | O_DIRECTORY);
	t->parent_fd = -1;
}

static void check_driver(void)
{
	static struct run_target target;
	static struct run_results res;
	char dir[] = "/var/tmp/clyde-test-probe.XXXXXX";
	struct plan_step steps[2] = {
		{ .info = &null_seeks, .name = "null seeks" },
		{ .info = &null_seeks, .name = "null seeks again" },
	};
	struct probe_sum *sum = malloc(sizeof(*sum));
	struct config cfg;
	struct phase_error err;
	struct stat st;

	if (!mkdtemp(dir) || !sum) {
		check_skip("driver", "no directory under /var/tmp");
		free(sum);
		return;
	}
	in_dir(dir, &target);
	probe_sum_init(sum);
	steps[0].probe_out = steps[1].probe_out = sum;
	base_config(&cfg, PROBE_READ | PROBE_WRITE);
	CHECK("driver: status 0", run_phases(&cfg, &target, steps, 2, NULL, &res,
					     &err) == 0);
	const struct phase_result *ph = &res.phase[PHASE_SEEKS];
	CHECK("driver: the probe's file was there while the phase ran",
	      probe_file_seen);
	CHECK("driver: and is gone after",
	      fstatat(target.dir_fd, PROBE_FILE_PREFIX "000", &st, 0) != 0 &&
	      errno == ENOENT);
	uint64_t turns = ph->elapsed_ns / (10 * MS);
	printf("# driver: %" PRIu64 " reads, %" PRIu64 " writes beside a %.2f s "
	       "phase\n", ph->probe.read.lat.count, ph->probe.write.lat.count,
	       (double)ph->elapsed_ns / 1e9);
	CHECK("driver: a read every 10 ms beside the phase, never more",
	      ph->probe.read.lat.count >= turns / 3 &&
	      ph->probe.read.lat.count <= turns + 2);
	CHECK("driver: an fsynced write every 100 ms beside it, never more",
	      ph->probe.write.lat.count >= 2 &&
	      ph->probe.write.lat.count <= turns / 10 + 2);
	CHECK("driver: the phase's own figures untouched",
	      ph->ops == 60 && ph->lat.count == 60 && ph->state == FIGURE_VALUE);
	CHECK("driver: the run says which probes ran", res.probe == 3);
	CHECK("driver: points over time", ph->probe.n > 0 && ph->probe.interval_ns > 0);
	struct probe_result summed;
	probe_sum_result(sum, &summed);
	CHECK("driver: two steps' waits summed",
	      summed.read.lat.count >= ph->probe.read.lat.count + 20 &&
	      summed.n == 0);

	base_config(&cfg, 0);
	probe_file_seen = 1;
	CHECK("no probe: status 0", run_phases(&cfg, &target, steps, 1, NULL, &res,
					       &err) == 0);
	CHECK("no probe: no file", !probe_file_seen);
	CHECK("no probe: no waits", res.phase[PHASE_SEEKS].probe.read.lat.count == 0 &&
	      res.phase[PHASE_SEEKS].probe.write.lat.count == 0 && res.probe == 0);
	close(target.dir_fd);
	rmdir(dir);
	free(sum);
}

/* Where O_DIRECT is refused (tmpfs), the reads are evicted instead. */
static void check_tmpfs(void)
{
	char dir[] = "/dev/shm/clyde-test-probe.XXXXXX";
	struct statfs fs;
	struct config cfg;
	struct probe *p;
	struct phase_error err;
	struct probe_result r;
	char left[PATH_MAX];

	if (statfs("/dev/shm", &fs) != 0 || fs.f_type != TMPFS_MAGIC_NUMBER ||
	    !mkdtemp(dir)) {
		check_skip("tmpfs: reads evicted", "no tmpfs at /dev/shm");
		return;
	}
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	/* tmpfs takes O_DIRECT since Linux 6.6. */
	int dfd = openat(fd, "direct", O_CREAT | O_EXCL | O_RDWR | O_DIRECT, 0600);
	if (dfd >= 0) {
		close(dfd);
		unlinkat(fd, "direct", 0);
		close(fd);
		rmdir(dir);
		check_skip("tmpfs: reads evicted", "this kernel's tmpfs takes O_DIRECT "
			   "(tests/cli/probe.sh tries ramfs as root)");
		return;
	}
	base_config(&cfg, PROBE_READ);
	CHECK("tmpfs: the probe opens", probe_open(&cfg, fd, dir, 1, &p, &err) == 0 && p);
	if (p) {
		probe_start(p, timer_now_ns());
		sleep_ns(100 * MS);
		probe_stop(p, &r, NULL);
		CHECK("tmpfs: reads evicted, not O_DIRECT", !r.direct &&
		      r.read.lat.count > 0 && r.write.lat.count == 0);
		CHECK("tmpfs: its file removed", probe_close(p, left, sizeof(left)) == 0 &&
		      faccessat(fd, PROBE_FILE_PREFIX "000", F_OK, 0) != 0);
	}
	close(fd);
	rmdir(dir);
}

int main(void)
{
	check_parse();
	check_known_waits();
	check_driver();
	check_tmpfs();
	return check_done();
}
