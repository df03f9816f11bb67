/* SPDX-License-Identifier: MIT */
/*
 * test_refill.c - the queue is refilled as completions come, one at a
 * time if that is what the device gives, never held back until a fixed
 * number of them have come. The "device" is 64 pipes, one block each: an
 * io_uring write to a full pipe waits until the test drains it, one to an
 * empty pipe completes at once, so the test decides which I/O completes
 * when, and sees each refill as data in a pipe. Only io_uring can wait on
 * a pipe asynchronously (Linux AIO completes a pipe's I/O inside
 * io_submit, and the threads engine's pwrite refuses a pipe); AIO runs
 * the same loop, and each thread of the threads engine refills its own
 * slot by construction.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine/engine.h"
#include "lib/timer.h"

#define DEPTH 32u
#define PIPES (2 * DEPTH)
#define BLOCK 64u
#define STEP_WAIT_MS 10000 /* a refill that never comes */

static int rd[PIPES], wr[PIPES];
static size_t capacity[PIPES];
static struct engine_result res; /* big (the histogram): not on the stack */
static atomic_bool give_up;
static int run_rc;

static bool stop(void *arg)
{
	(void)arg;
	return atomic_load(&give_up);
}

static void *run_job(void *arg)
{
	struct engine_job job = {
		.fds = wr, .pieces = PIPES, .piece_bytes = BLOCK,
		.file_bytes = (uint64_t)PIPES * BLOCK, .block_bytes = BLOCK,
		.writes = true, .pattern = ENGINE_SEQUENTIAL, .depth = DEPTH,
		.threads = 1, .seed = 1, .ios = PIPES, .should_stop = stop,
	};

	(void)arg;
	run_rc = engine_run(&job, ENGINE_IO_URING, &res);
	return NULL;
}

/* Read what pipe K holds (at most LEN bytes); the count, or -1. */
static ssize_t drain(int k, size_t len)
{
	static char buf[1 << 20];

	return read(rd[k], buf, len < sizeof(buf) ? len : sizeof(buf));
}

/* 64 pipes, non-blocking at the test's end; the first DEPTH of them full. */
static bool make_pipes(void)
{
	static const char fill[4096];

	for (unsigned k = 0; k < PIPES; k++) {
		int p[2];

		if (pipe2(p, O_CLOEXEC) != 0)
			return false;
		rd[k] = p[0];
		wr[k] = p[1];
		fcntl(wr[k], F_SETPIPE_SZ, 4096);
		int sz = fcntl(wr[k], F_GETPIPE_SZ);
		if (sz <= 0 || fcntl(rd[k], F_SETFL, O_NONBLOCK) != 0)
			return false;
		capacity[k] = (size_t)sz;
		if (k >= DEPTH)
			continue;
		/* Full: the engine's first fill of writes waits on these. */
		if (fcntl(wr[k], F_SETFL, O_NONBLOCK) != 0)
			return false;
		for (;;) {
			ssize_t n = write(wr[k], fill, sizeof(fill));
			if (n < 0 && errno == EAGAIN)
				break;
			if (n <= 0)
				return false;
		}
		fcntl(wr[k], F_SETFL, 0);
	}
	return true;
}

int main(void)
{
	enum engine_kind got;
	char why[256];
	pthread_t t;

	if (engine_select(ENGINE_IO_URING, &got, why, sizeof(why)) != 0) {
		check_skip("refill: io_uring", why);
		return check_done();
	}
	CHECK("refill: 64 pipes, the first 32 full", make_pipes());
	CHECK("refill: the job starts", pthread_create(&t, NULL, run_job, NULL) == 0);

	/*
	 * Step K: let write K complete alone (drain its pipe), then wait for
	 * write DEPTH + K to land in its empty pipe: it can only have been
	 * submitted once write K was reaped, while writes K+1..DEPTH-1 are
	 * still out. An engine that waits for more than one completion
	 * before it refills sits out its poll timeout (ENGINE_POLL_NS) at
	 * step 0 at least, where one completion is all there can be (clyde
	 * waiting for a quarter of the depth did at 3 steps of 32); one that
	 * refills each completion as it comes takes microseconds a step.
	 */
	unsigned refilled = 0;
	uint64_t longest = 0;
	for (unsigned k = 0; k < DEPTH; k++) {
		struct pollfd pfd = { .fd = rd[DEPTH + k], .events = POLLIN };
		size_t left = capacity[k];
		uint64_t t0 = timer_now_ns();

		while (left > 0) {
			ssize_t n = drain((int)k, left);
			if (n <= 0)
				break;
			left -= (size_t)n;
		}
		if (poll(&pfd, 1, STEP_WAIT_MS) != 1)
			break;
		refilled++;
		if (timer_now_ns() - t0 > longest)
			longest = timer_now_ns() - t0;
	}
	if (refilled < DEPTH) { /* let whatever is out complete */
		atomic_store(&give_up, true);
		for (unsigned k = 0; k < DEPTH; k++)
			drain((int)k, capacity[k]);
	}
	pthread_join(t, NULL);

	CHECK_U64("refill: each completion refilled while the rest were out", refilled,
		  DEPTH);
	printf("# %u refills, the longest %.2f ms\n", refilled, (double)longest / 1e6);
	CHECK("refill: no step waited for a poll timeout",
	      refilled == DEPTH && longest < ENGINE_POLL_NS);
	CHECK("refill: the job completed every write", run_rc == 0 && res.ios == PIPES);
	for (unsigned k = 0; k < PIPES; k++) {
		char got_block[BLOCK];
		bool full = k < DEPTH ? drain((int)k, BLOCK) == BLOCK
				     : read(rd[k], got_block, BLOCK) == BLOCK;
		if (!full) {
			CHECK("refill: every pipe got its block", full);
			break;
		}
		if (k == PIPES - 1)
			CHECK("refill: every pipe got its block", full);
	}
	for (unsigned k = 0; k < PIPES; k++) {
		close(rd[k]);
		close(wr[k]);
	}
	return check_done();
}
