/* SPDX-License-Identifier: MIT */
/*
 * test_engine.c - tests of the I/O engines (src/engine*.c) on small files
 * in fresh directories: direct I/O on /tmp, buffered on /dev/shm (tmpfs
 * refuses O_DIRECT). For each engine available here: exact I/O counts,
 * bytes and one latency sample per I/O; every block's stamp verified after
 * writes; random, shuffled and sequential; Q1T1, Q32T1, Q4T2; a count cut
 * short by the time; files in pieces; a stop
 * request from another thread; injected errors (a read-only piece, a file
 * shorter than the job says); clyde's close of the file being its last; and
 * the engines agreeing with each other.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "engine/engine.h"
#include "lib/timer.h"

#define BLOCK 4096u
#define FILE_BYTES (8u << 20)       /* 2048 blocks */
#define FILE_BLOCKS (FILE_BYTES / BLOCK)
#define SEED 0x5eedu

static char name_buf[256];

static const char *nm(const char *engine, const char *what)
{
	snprintf(name_buf, sizeof(name_buf), "engine %s: %s", engine, what);
	return name_buf;
}

/* A job over one descriptor of FILE_BYTES, 4 KiB blocks, no limit yet. */
static struct engine_job job_for(const int *fd, bool writes, enum engine_pattern pat,
				 uint32_t q, uint32_t t, uint64_t ios)
{
	return (struct engine_job){
		.fds = fd, .pieces = 1, .piece_bytes = FILE_BYTES,
		.file_bytes = FILE_BYTES, .block_bytes = BLOCK, .align = BLOCK,
		.writes = writes, .verify = !writes, .pattern = pat,
		.depth = q, .threads = t, .seed = SEED, .ios = ios,
	};
}

static uint64_t seq_sum(uint64_t n)
{
	return n * (n - 1) / 2;
}

/* RES accounts for exactly IOS good I/Os, nothing failed or left out. */
static void check_exact(const char *engine, const char *what, int rc,
			const struct engine_result *res, uint64_t ios)
{
	char label[160];

	snprintf(label, sizeof(label), "%s: runs", what);
	CHECK(nm(engine, label), rc == 0 && res->err.op == NULL);
	if (rc != 0)
		printf("# %s: %s errno %d piece %d\n", what,
		       res->err.op ? res->err.op : "?", res->err.errnum, res->err.piece);
	snprintf(label, sizeof(label), "%s: I/O count", what);
	CHECK_U64(nm(engine, label), res->ios, ios);
	snprintf(label, sizeof(label), "%s: bytes", what);
	CHECK_U64(nm(engine, label), res->bytes, ios * BLOCK);
	snprintf(label, sizeof(label), "%s: one latency per I/O", what);
	CHECK_U64(nm(engine, label), res->lat.count, ios);
	snprintf(label, sizeof(label), "%s: all reaped", what);
	CHECK(nm(engine, label), res->submitted == ios && res->failed == 0);
}

static struct engine_result res; /* big (the histogram): not on the stack */

/*
 * Direct I/O (or buffered where the filesystem refuses it) on one file:
 * read back what the previous engine wrote, then write every block
 * sequentially, read it back sequentially and randomly at several QnTm,
 * write randomly and read everything back. SUMS gets the block sums of the
 * random reads for the engines to be compared.
 */
static void file_tests(const char *engine, enum engine_kind kind, const char *path,
		       bool direct, bool written, uint64_t sums[3])
{
	const char *how = direct ? "direct" : "buffered";
	int fd = open(path, O_RDWR | (direct ? O_DIRECT : 0));
	char what[96];
	struct engine_job job;

	CHECK(nm(engine, how), fd >= 0);
	if (fd < 0)
		return;
	if (written) { /* the previous engine's blocks, stamped the same way */
		job = job_for(&fd, false, ENGINE_SEQUENTIAL, 8, 1, FILE_BLOCKS);
		snprintf(what, sizeof(what), "%s: reads what another engine wrote", how);
		check_exact(engine, what, engine_run(&job, kind, &res), &res, FILE_BLOCKS);
	}
	job = job_for(&fd, true, ENGINE_SEQUENTIAL, 4, 2, FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s sequential writes Q4T2", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s sequential writes Q4T2: every block once", how);
	CHECK_U64(nm(engine, what), res.block_sum, seq_sum(FILE_BLOCKS));

	job = job_for(&fd, false, ENGINE_SEQUENTIAL, 32, 1, FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s sequential reads Q32T1 verified", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s sequential reads: every block once", how);
	CHECK_U64(nm(engine, what), res.block_sum, seq_sum(FILE_BLOCKS));
	job.seed = SEED + 1; /* the stamps say SEED: the first read fails */
	snprintf(what, sizeof(what), "%s reads with another seed fail to verify", how);
	CHECK(nm(engine, what), engine_run(&job, kind, &res) == -1 && res.err.op &&
	      strcmp(res.err.op, "verify") == 0 && res.failed >= 1 &&
	      res.submitted == res.ios + res.failed);

	static const struct { uint32_t q, t; uint64_t ios; } qt[3] = {
		{ 1, 1, 300 }, { 32, 1, 3000 }, { 4, 2, 1001 },
	};
	for (int i = 0; i < 3; i++) {
		job = job_for(&fd, false, ENGINE_RANDOM, qt[i].q, qt[i].t, qt[i].ios);
		snprintf(what, sizeof(what), "%s random reads Q%uT%u verified", how,
			 qt[i].q, qt[i].t);
		check_exact(engine, what, engine_run(&job, kind, &res), &res, qt[i].ios);
		sums[i] = res.block_sum;
	}

	/* Shuffled: each thread visits every block once, in an order of its own. */
	job = job_for(&fd, false, ENGINE_SHUFFLED, 4, 2, 2 * FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s shuffled reads Q4T2, a pass per thread", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, 2 * FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s shuffled reads: every block once per thread", how);
	CHECK_U64(nm(engine, what), res.block_sum, 2 * seq_sum(FILE_BLOCKS));
	job = job_for(&fd, false, ENGINE_SHUFFLED, 1, 1, FILE_BLOCKS / 2);
	snprintf(what, sizeof(what), "%s shuffled half pass", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, FILE_BLOCKS / 2);
	snprintf(what, sizeof(what), "%s shuffled: half a pass is not the file's first half", how);
	CHECK(nm(engine, what), res.block_sum != seq_sum(FILE_BLOCKS / 2));

	job = job_for(&fd, true, ENGINE_RANDOM, 32, 1, 1500);
	snprintf(what, sizeof(what), "%s random writes Q32T1", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, 1500);
	job = job_for(&fd, false, ENGINE_SEQUENTIAL, 16, 2, FILE_BLOCKS);
	snprintf(what, sizeof(what), "%s random writes then every block verified", how);
	check_exact(engine, what, engine_run(&job, kind, &res), &res, FILE_BLOCKS);
	close(fd);
}

/* A file in pieces: two full pieces of 1 MiB and a last one of 512 KiB. */
static void pieces_test(const char *engine, enum engine_kind kind, const char *dir)
{
	char path[3][300];
	int fds[3];
	const uint64_t piece = 1u << 20, total = 2 * piece + piece / 2;

	for (int i = 0; i < 3; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/p%d", dir, i);
		fds[i] = open(path[i], O_RDWR | O_CREAT | O_TRUNC, 0600);
	}
	struct engine_job job = {
		.fds = fds, .pieces = 3, .piece_bytes = piece, .file_bytes = total,
		.block_bytes = BLOCK, .writes = true, .pattern = ENGINE_SEQUENTIAL,
		.depth = 8, .threads = 3, .seed = SEED, .ios = total / BLOCK,
	};
	check_exact(engine, "pieces: sequential writes Q8T3",
		    engine_run(&job, kind, &res), &res, total / BLOCK);
	struct stat st;
	bool sizes = true;
	for (int i = 0; i < 3; i++)
		sizes = sizes && fstat(fds[i], &st) == 0 &&
			(uint64_t)st.st_size == (i < 2 ? piece : piece / 2);
	CHECK(nm(engine, "pieces: each piece written to its size"), sizes);
	job.writes = false;
	job.verify = true;
	job.pattern = ENGINE_RANDOM;
	job.ios = 2000;
	check_exact(engine, "pieces: random reads verified",
		    engine_run(&job, kind, &res), &res, 2000);
	for (int i = 0; i < 3; i++) {
		close(fds[i]);
		unlink(path[i]);
	}
}

struct stopper {
	_Atomic bool stop;
	_Atomic uint64_t done; /* the job's progress count */
	uint64_t set_ns;
};

static bool stop_requested(void *arg)
{
	struct stopper *s = arg;

	return atomic_load(&s->stop);
}

/*
 * Asks the job to stop once it has completed some I/Os and at least 150 ms
 * have passed (30 s at most): waiting for completions rather than for a fixed time keeps
 * the check meaningful where starting 32 threads is slow (ThreadSanitizer
 * took over 150 ms, and the job then stopped before its first I/O).
 */
static void *stop_later(void *arg)
{
	struct stopper *s = arg;
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	uint64_t start = timer_now_ns();

	/* 30 s at most: a job that failed at once never completes any. */
	while ((atomic_load(&s->done) < 64 ||
		timer_now_ns() - start < 150000000u) &&
	       timer_now_ns() - start < 30000000000u)
		nanosleep(&ts, NULL);
	s->set_ns = timer_now_ns();
	atomic_store(&s->stop, true);
	return NULL;
}

/* A stop request from another thread ends a 60 s job with Q32 in flight. */
static void stop_test(const char *engine, enum engine_kind kind, const char *path,
		      bool direct)
{
	int fd = open(path, O_RDWR | (direct ? O_DIRECT : 0));
	struct stopper s = { .stop = false };
	pthread_t t;

	struct engine_job job = job_for(&fd, false, ENGINE_RANDOM, 32, 1, 0);
	job.time_ns = 60ull * 1000000000u;
	job.should_stop = stop_requested;
	job.stop_arg = &s;
	job.progress = &s.done;
	pthread_create(&t, NULL, stop_later, &s);
	int rc = engine_run(&job, kind, &res);
	uint64_t back_ns = timer_now_ns();
	pthread_join(t, NULL);
	CHECK(nm(engine, "stop request: job ends without error"), rc == 0 && res.stopped);
	CHECK(nm(engine, "stop request: within 0.5 s"), back_ns - s.set_ns < 500000000u);
	CHECK(nm(engine, "stop request: nothing left in flight"),
	      res.submitted == res.ios + res.failed && res.failed == 0 &&
	      res.lat.count == res.ios && res.ios > 0);
	close(fd);
}

/* A time limit of 0.2 s. */
static void time_test(const char *engine, enum engine_kind kind, const char *path)
{
	int fd = open(path, O_RDONLY);
	struct engine_job job = job_for(&fd, false, ENGINE_RANDOM, 4, 2, 0);

	job.time_ns = 200000000u;
	int rc = engine_run(&job, kind, &res);
	CHECK(nm(engine, "time limit: runs"), rc == 0 && !res.stopped && res.ios > 0);
	CHECK(nm(engine, "time limit: 0.2 s"),
	      res.elapsed_ns >= 200000000u && res.elapsed_ns < 1500000000u);
	CHECK(nm(engine, "time limit: every I/O reaped and timed"),
	      res.submitted == res.ios && res.lat.count == res.ios);
	/* Deep enough that io_uring waits for completions in batches. */
	job = job_for(&fd, false, ENGINE_RANDOM, 32, 1, 0);
	job.time_ns = 200000000u;
	rc = engine_run(&job, kind, &res);
	CHECK(nm(engine, "time limit at Q32: ends at the time, every I/O reaped and timed"),
	      rc == 0 && !res.stopped && res.ios > 0 && res.elapsed_ns >= 200000000u &&
		      res.elapsed_ns < 1500000000u && res.submitted == res.ios &&
		      res.lat.count == res.ios);
	/* A count the time cuts short (clyde mark --method size on a slow disk). */
	job = job_for(&fd, false, ENGINE_SHUFFLED, 4, 1, UINT64_C(1) << 40);
	job.time_ns = 200000000u;
	rc = engine_run(&job, kind, &res);
	CHECK(nm(engine, "I/O count capped by time: ends at the time, no error"),
	      rc == 0 && !res.stopped && res.ios > 0 && res.ios < job.ios &&
		      res.elapsed_ns >= 200000000u && res.elapsed_ns < 1500000000u);
	close(fd);
}

/*
 * Once engine_run returns, the engine holds nothing of the file: clyde's
 * own close is the last, so the work of a delete (freeing the blocks,
 * discarding them) is done where clyde times it. inotify reports a close
 * when the file is really released; it must be queued by the time close()
 * returns. Depth 32 and depth 1 (both of io_uring's wait paths).
 */
static void last_close_test(const char *engine, enum engine_kind kind, const char *path)
{
	static const uint32_t depths[] = { 1, 32 };

	for (size_t i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
		char what[80];
		int in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		int fd = open(path, O_RDONLY);
		bool closed = false;

		snprintf(what, sizeof(what), "Q%u: clyde's close is the file's last",
			 (unsigned)depths[i]);
		if (in < 0 || fd < 0 || inotify_add_watch(in, path, IN_CLOSE_NOWRITE) < 0) {
			CHECK(nm(engine, what), false);
			if (fd >= 0)
				close(fd);
			if (in >= 0)
				close(in);
			continue;
		}
		struct engine_job job = job_for(&fd, false, ENGINE_RANDOM, depths[i], 1, 256);
		int rc = engine_run(&job, kind, &res);

		close(fd);
		union {
			struct inotify_event ev;
			char bytes[sizeof(struct inotify_event) + 256];
		} u;
		ssize_t got;
		while ((got = read(in, &u, sizeof(u))) > 0)
			closed = closed || (u.ev.mask & IN_CLOSE_NOWRITE);
		CHECK(nm(engine, what), rc == 0 && closed);
		close(in);
	}
}

/*
 * A time-limited random write, counted as it goes, then a verify pass that
 * visits exactly the blocks it wrote: its per-thread counts as the limits.
 */
static void replay_test(const char *engine, enum engine_kind kind, const char *path)
{
	static uint64_t counts[ENGINE_MAX_THREADS];
	int fd = open(path, O_RDWR);
	struct engine_job job = job_for(&fd, true, ENGINE_RANDOM, 4, 3, 0);
	_Atomic uint64_t progress = 0;

	job.time_ns = 100000000u;
	job.verify = false;
	job.progress = &progress;
	int rc = engine_run(&job, kind, &res);
	uint64_t ios = res.ios, sum = res.block_sum;
	memcpy(counts, res.thread_ios, sizeof(counts));
	CHECK(nm(engine, "progress count: every completion, once"),
	      rc == 0 && ios > 0 && atomic_load(&progress) == ios);
	CHECK(nm(engine, "per-thread counts add up"),
	      counts[0] + counts[1] + counts[2] == ios && counts[3] == 0);
	job = job_for(&fd, false, ENGINE_RANDOM, 4, 3, 0);
	job.thread_ios = counts;
	check_exact(engine, "replay of a timed write, verified", engine_run(&job, kind, &res),
		    &res, ios);
	CHECK_U64(nm(engine, "replay visits the blocks written"), res.block_sum, sum);
	close(fd);
}

/*
 * Errors mid-queue: a job over two pieces whose second is read-only gets
 * EBADF for some writes while others are in flight; a job told the file is
 * twice its real size reads short past the end. Either way the job stops,
 * reaps everything and reports the first error alone.
 */
static void error_tests(const char *engine, enum engine_kind kind, const char *path,
			const char *dir, bool direct)
{
	char other[300];
	int fds[2];

	snprintf(other, sizeof(other), "%s/ro", dir);
	fds[0] = open(path, O_RDWR | (direct ? O_DIRECT : 0));
	int w = open(other, O_RDWR | O_CREAT | O_TRUNC, 0600);
	CHECK(nm(engine, "read-only piece: set up"),
	      fds[0] >= 0 && w >= 0 && ftruncate(w, FILE_BYTES) == 0);
	close(w);
	fds[1] = open(other, O_RDONLY | (direct ? O_DIRECT : 0));
	struct engine_job job = job_for(fds, true, ENGINE_RANDOM, 32, 1, 4000);
	job.pieces = 2;
	job.file_bytes = 2 * (uint64_t)FILE_BYTES;
	int rc = engine_run(&job, kind, &res);
	CHECK(nm(engine, "read-only piece: the job fails"), rc == -1);
	CHECK(nm(engine, "read-only piece: write EBADF on piece 1"),
	      res.err.op && strcmp(res.err.op, "write") == 0 &&
	      res.err.errnum == EBADF && res.err.piece == 1);
	CHECK(nm(engine, "read-only piece: stops early, nothing in flight"),
	      res.failed >= 1 && res.submitted == res.ios + res.failed &&
	      res.submitted < 4000 && res.lat.count == res.ios);
	close(fds[1]);
	unlink(other);

	/* The file holds FILE_BYTES; the job believes it twice that. */
	job = job_for(fds, false, ENGINE_RANDOM, 32, 2, 4000);
	job.piece_bytes = job.file_bytes = 2 * (uint64_t)FILE_BYTES;
	job.verify = false;
	rc = engine_run(&job, kind, &res);
	CHECK(nm(engine, "short read: the job fails"), rc == -1);
	CHECK(nm(engine, "short read: reported as a short read"),
	      res.err.op && strcmp(res.err.op, "read") == 0 && res.err.errnum == 0 &&
	      res.err.piece == 0 && res.err.offset >= FILE_BYTES && res.err.done == 0);
	CHECK(nm(engine, "short read: stops early, nothing in flight"),
	      res.failed >= 1 && res.submitted == res.ios + res.failed &&
	      res.submitted < 4000);
	close(fds[0]);
}

static void make_dir(char *tmpl, bool *ok)
{
	*ok = mkdtemp(tmpl) != NULL;
}

static bool make_file(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	bool ok = fd >= 0 && ftruncate(fd, FILE_BYTES) == 0;

	if (fd >= 0)
		close(fd);
	return ok;
}

/* Whether DIR's filesystem takes O_DIRECT (tmpfs does not). */
static bool takes_direct(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECT);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static void names_and_jobs(void)
{
	enum engine_kind k = ENGINE_AUTO;
	char why[256];

	CHECK("engine names round trip",
	      engine_from_name("aio", &k) == 0 && k == ENGINE_AIO &&
	      strcmp(engine_name(ENGINE_IO_URING), "io_uring") == 0 &&
	      engine_from_name("libaio", &k) == -1 && errno == EINVAL);
	bool names = strcmp(engine_name((enum engine_kind)99), "unknown") == 0;
	for (int i = ENGINE_AUTO; i <= ENGINE_THREADS; i++)
		names = names && engine_from_name(engine_name((enum engine_kind)i), &k) == 0 &&
			k == (enum engine_kind)i;
	CHECK("engine names: each kind's name reads back as that kind", names);
	CHECK("engine: no engine of kind 99 to select",
	      engine_select((enum engine_kind)99, &k, why, sizeof(why)) == -1 &&
	      errno == EINVAL);
	CHECK("engine auto picks one",
	      engine_select(ENGINE_AUTO, &k, why, sizeof(why)) == 0 && k != ENGINE_AUTO);
	printf("# auto: %s%s%s\n", engine_name(k), *why ? ": " : "", why);

	int fd = 0;
	struct engine_job job = job_for(&fd, false, ENGINE_RANDOM, 1, 1, 0);
	CHECK("engine: a job without a limit is refused",
	      engine_run(&job, ENGINE_THREADS, &res) == -1 && errno == EINVAL &&
	      strcmp(res.err.op, "job") == 0);
	job = job_for(&fd, false, ENGINE_RANDOM, 1, 1, 1);
	CHECK("engine: a job on no engine is refused",
	      engine_run(&job, (enum engine_kind)99, &res) == -1 && errno == EINVAL &&
	      strcmp(res.err.op, "job") == 0);
	job.block_bytes = 6000;
	CHECK("engine: a block that breaks the alignment is refused",
	      engine_run(&job, ENGINE_THREADS, &res) == -1 && errno == EINVAL);
	job = job_for(&fd, false, ENGINE_SEQUENTIAL, 1, 4, 1);
	job.file_bytes = job.piece_bytes = 3 * BLOCK;
	CHECK("engine: more sequential threads than blocks is refused",
	      engine_run(&job, ENGINE_THREADS, &res) == -1 && errno == EINVAL);
}

int main(void)
{
	static const enum engine_kind kinds[] = { ENGINE_IO_URING, ENGINE_AIO,
						   ENGINE_THREADS };
	char tmp[] = "/tmp/clyde-engine.XXXXXX", shm[] = "/dev/shm/clyde-engine.XXXXXX";
	char dpath[300], bpath[300];
	bool tmp_ok, shm_ok;
	uint64_t sums[3][2][3] = { { { 0 } } };
	bool ran[3] = { false, false, false };

	names_and_jobs();
	make_dir(tmp, &tmp_ok);
	make_dir(shm, &shm_ok);
	if (!shm_ok) /* no /dev/shm: buffered tests on /tmp as well */
		snprintf(shm, sizeof(shm), "%s", tmp);
	snprintf(dpath, sizeof(dpath), "%s/direct", tmp);
	snprintf(bpath, sizeof(bpath), "%s/buffered", shm);
	CHECK("engine: test files", tmp_ok && make_file(dpath) && make_file(bpath));
	bool direct = takes_direct(dpath);
	if (!direct)
		check_skip("engine direct I/O", "/tmp refuses O_DIRECT");

	for (int i = 0; i < 3; i++) {
		const char *name = engine_name(kinds[i]);
		enum engine_kind got;
		char why[256];

		if (engine_select(kinds[i], &got, why, sizeof(why)) != 0) {
			check_skip(nm(name, "every test"), why);
			continue;
		}
		file_tests(name, kinds[i], dpath, direct, i > 0 && ran[0], sums[i][0]);
		file_tests(name, kinds[i], bpath, false, false, sums[i][1]);
		pieces_test(name, kinds[i], shm);
		stop_test(name, kinds[i], dpath, direct);
		time_test(name, kinds[i], bpath);
		last_close_test(name, kinds[i], dpath);
		replay_test(name, kinds[i], bpath);
		error_tests(name, kinds[i], dpath, tmp, direct);
		ran[i] = true;
	}
	/* The same jobs visit the same blocks on every engine. */
	for (int i = 1; i < 3; i++) {
		if (!ran[i] || !ran[0])
			continue;
		snprintf(name_buf, sizeof(name_buf), "engines %s and %s visit the same blocks",
			 engine_name(kinds[0]), engine_name(kinds[i]));
		CHECK(name_buf, memcmp(sums[0], sums[i], sizeof(sums[0])) == 0 &&
				sums[0][0][1] != 0);
	}
	unlink(dpath);
	unlink(bpath);
	rmdir(tmp);
	if (shm_ok)
		rmdir(shm);
	return check_done();
}
