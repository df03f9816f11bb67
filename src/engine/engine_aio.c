/* SPDX-License-Identifier: MIT */
/*
 * engine_aio.c - the Linux AIO engine through io_setup, io_submit,
 * io_getevents and io_destroy (no libaio): one context per job thread,
 * kept full: each io_getevents waits, bounded, for one completion and
 * takes every one there is, and all of them are refilled in one io_submit
 * (the first fill of a deep queue goes in parts, so the device starts
 * before the last iocb is made). It works
 * where io_uring is refused (containers, io_uring_disabled). Only O_DIRECT
 * I/O is asynchronous: buffered I/O completes inside io_submit.
 */
#include <errno.h>
#include <linux/aio_abi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "engine_internal.h"
#include "lib/timer.h"

static int aio_setup(unsigned nr, aio_context_t *ctx)
{
	return (int)syscall(__NR_io_setup, nr, ctx);
}

static int aio_destroy(aio_context_t ctx)
{
	return (int)syscall(__NR_io_destroy, ctx);
}

static int aio_submit(aio_context_t ctx, long n, struct iocb **list)
{
	return (int)syscall(__NR_io_submit, ctx, n, list);
}

static int aio_getevents(aio_context_t ctx, long min, long max,
			 struct io_event *ev, struct timespec *ts)
{
	return (int)syscall(__NR_io_getevents, ctx, min, max, ev, ts);
}

static int engine_aio_probe(char *why, size_t len)
{
	aio_context_t ctx = 0;

	if (aio_setup(1, &ctx) != 0) {
		int e = errno;
		return engine_why(why, len, "aio", e,
				  e == EAGAIN ? "fs.aio-max-nr reached" : "");
	}
	aio_destroy(ctx);
	return 0;
}

struct aio_state {
	aio_context_t ctx;
	struct engine_io *ios;
	struct iocb *cbs;         /* one per slot */
	struct iocb **list;       /* the batch being submitted */
	struct io_event *events;
	unsigned *free_slots;
};

/* Submit LIST[0..N): an iocb refused at once completes with its error. */
static unsigned aio_submit_all(struct aio_state *a, struct engine_worker *w,
			       unsigned n, unsigned *nfree, uint64_t now_ns)
{
	unsigned done = 0, queued = 0;

	while (done < n) {
		int rc = aio_submit(a->ctx, (long)(n - done), a->list + done);
		if (rc > 0) {
			done += (unsigned)rc;
			queued += (unsigned)rc;
			continue;
		}
		if (rc < 0 && errno == EINTR)
			continue;
		/* The first of the rest was refused (EBADF, EINVAL, EAGAIN...). */
		unsigned slot = (unsigned)a->list[done]->aio_data;
		engine_complete(w, &a->ios[slot], rc < 0 ? -(long long)errno : -EIO,
				now_ns);
		a->free_slots[(*nfree)++] = slot;
		done++;
	}
	return queued;
}

/* Submit and reap until nothing is left to do and nothing is in flight. */
static void aio_loop(struct aio_state *a, struct engine_worker *w)
{
	const struct engine_job *job = w->sh->job;
	struct timespec ts;
	unsigned nfree = w->depth, inflight = 0;
	/* The first fill in parts: one io_submit of the whole queue would
	 * reach the device only once every iocb of it is prepared. */
	unsigned chunk = engine_first_fill(w->depth);
	uint64_t now_ns = timer_now_ns();

	for (;;) {
		unsigned n = 0;

		if (!engine_poll(w)) {
			unsigned part = inflight == 0 ? chunk : w->depth;

			while (nfree > 0) {
				unsigned slot = a->free_slots[nfree - 1];
				struct engine_io *io = &a->ios[slot];

				if (!engine_next(w, io, now_ns))
					break;
				nfree--;
				a->cbs[slot] = (struct iocb){
					.aio_data = slot,
					.aio_lio_opcode = job->writes ? IOCB_CMD_PWRITE
								     : IOCB_CMD_PREAD,
					.aio_fildes = (uint32_t)engine_fd(w, io->piece),
					.aio_buf = (uint64_t)(uintptr_t)io->buf,
					.aio_nbytes = job->block_bytes,
					.aio_offset = (int64_t)io->offset,
				};
				a->list[n++] = &a->cbs[slot];
				if (n == part) { /* the device starts on these meanwhile */
					inflight += aio_submit_all(a, w, n, &nfree, now_ns);
					n = 0;
				}
			}
			inflight += aio_submit_all(a, w, n, &nfree, now_ns);
		}
		if (inflight == 0)
			return;
		ts = (struct timespec){ .tv_sec = 0, .tv_nsec = ENGINE_POLL_NS };
		int got = aio_getevents(a->ctx, 1, w->depth, a->events, &ts);
		if (got < 0 && errno != EINTR) {
			/* io_destroy waits for what is still out; count it failed. */
			engine_fail(w, "io_getevents", errno, -1, 0, 0);
			w->failed += inflight;
			return;
		}
		now_ns = timer_now_ns();
		for (int i = 0; i < got; i++) {
			unsigned slot = (unsigned)a->events[i].data;

			engine_complete(w, &a->ios[slot], a->events[i].res, now_ns);
			a->free_slots[nfree++] = slot;
		}
		if (got > 0)
			inflight -= (unsigned)got;
	}
}

static void engine_aio_run(struct engine_worker *w)
{
	struct aio_state a = { 0 };
	void *mem = NULL;
	bool have_ctx = false;
	uint32_t depth = w->depth;

	a.ios = calloc(depth, sizeof(*a.ios));
	a.cbs = calloc(depth, sizeof(*a.cbs));
	a.list = calloc(depth, sizeof(*a.list));
	a.events = calloc(depth, sizeof(*a.events));
	a.free_slots = calloc(depth, sizeof(*a.free_slots));
	if (!a.ios || !a.cbs || !a.list || !a.events || !a.free_slots) {
		engine_fail(w, "allocate buffers", ENOMEM, -1, 0, 0);
	} else if ((mem = engine_buffers(w, a.ios, depth)) != NULL) {
		if (aio_setup(depth, &a.ctx) == 0)
			have_ctx = true;
		else
			engine_fail(w, "io_setup", errno, -1, 0, 0);
		for (unsigned k = 0; k < depth; k++)
			a.free_slots[k] = depth - 1 - k;
	}
	if (engine_start(w))
		aio_loop(&a, w);
	/* io_destroy returns only once every I/O of the context is done. */
	if (have_ctx)
		aio_destroy(a.ctx);
	io_free(mem);
	free(a.free_slots);
	free(a.events);
	free(a.list);
	free(a.cbs);
	free(a.ios);
}

const struct engine_ops engine_aio_ops = {
	.kind = ENGINE_AIO,
	.label = "Linux AIO",
	.probe = engine_aio_probe,
	.setup_op = "io_setup",
	.run = engine_aio_run,
};
