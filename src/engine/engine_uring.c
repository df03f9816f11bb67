/* SPDX-License-Identifier: MIT */
/*
 * engine_uring.c - the io_uring engine through its three system calls, no
 * liburing: one ring per job thread, mapped with mmap; the submission queue
 * kept full. One io_uring_enter submits what the last completions freed
 * and waits for the next completion, returning at once when any came
 * meanwhile; every completion there is then reaped and refilled, so the
 * batch is what the device completed, never a count fixed beforehand.
 * Ring indices are shared with the kernel and read
 * and written with C11 acquire/release atomics, as io_uring(7) describes.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "engine_internal.h"
#include "lib/timer.h"

/* Flags newer than some kernel headers; the kernel refuses what it lacks. */
#ifndef IORING_SETUP_SUBMIT_ALL
#define IORING_SETUP_SUBMIT_ALL (1U << 7)
#endif
#ifndef IORING_SETUP_COOP_TASKRUN
#define IORING_SETUP_COOP_TASKRUN (1U << 8)
#endif
#ifndef IORING_SETUP_SINGLE_ISSUER
#define IORING_SETUP_SINGLE_ISSUER (1U << 12)
#endif
#ifndef IORING_SETUP_DEFER_TASKRUN
#define IORING_SETUP_DEFER_TASKRUN (1U << 13)
#endif
#ifndef IORING_ENTER_EXT_ARG
#define IORING_ENTER_EXT_ARG (1U << 3)
#endif
#ifndef IORING_FEAT_EXT_ARG
#define IORING_FEAT_EXT_ARG (1U << 8)
#endif

/* struct io_uring_getevents_arg (Linux 5.11), spelled out for old headers. */
struct uring_wait_arg {
	uint64_t sigmask;
	uint32_t sigmask_sz;
	uint32_t pad;
	uint64_t ts;
};

/*
 * Set-up flags, best first: a single issuer whose completion work runs
 * only when it waits (6.1), cooperative task work (5.19), then none.
 * SUBMIT_ALL (5.18) keeps submitting past an SQE that fails at once.
 */
static const unsigned uring_setup_flags[] = {
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
		IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SUBMIT_ALL,
	IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SUBMIT_ALL,
	0,
};

struct uring {
	int fd;
	unsigned features;
	void *sq_map, *cq_map;
	size_t sq_len, cq_len;
	struct io_uring_sqe *sqes;
	size_t sqes_len;
	_Atomic unsigned *sq_head, *sq_tail, *cq_head, *cq_tail;
	unsigned sq_mask, cq_mask;
	struct io_uring_cqe *cqes;
	unsigned tail;            /* our copy of the SQ tail */
	bool fixed_files;         /* the pieces are registered: fd = index */
	bool fixed_bufs;          /* the slots are registered buffer 0 */
};

static int uring_setup(unsigned entries, struct io_uring_params *p)
{
	return (int)syscall(__NR_io_uring_setup, entries, p);
}

static int uring_enter(int fd, unsigned submit, unsigned wait, unsigned flags,
		       const void *arg, size_t argsz)
{
	return (int)syscall(__NR_io_uring_enter, fd, submit, wait, flags, arg, argsz);
}

static int uring_register(int fd, unsigned op, const void *arg, unsigned n)
{
	return (int)syscall(__NR_io_uring_register, fd, op, arg, n);
}

/* Why io_uring_setup may have been refused, from the sysctl (Linux 6.6). */
static const char *disabled_detail(char *buf, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/io_uring_disabled", "re");
	int v = -1;

	buf[0] = '\0';
	if (!f)
		return buf;
	if (fscanf(f, "%d", &v) == 1 && v > 0)
		snprintf(buf, len, "kernel.io_uring_disabled=%d", v);
	fclose(f);
	return buf;
}

static int engine_uring_probe(char *why, size_t len)
{
	struct io_uring_params p;
	char detail[48];

	memset(&p, 0, sizeof(p));
	int fd = uring_setup(1, &p);
	if (fd < 0) {
		int e = errno;
		return engine_why(why, len, "io_uring", e,
				  e == ENOSYS ? "" : disabled_detail(detail, sizeof(detail)));
	}
	/* IORING_OP_READ and WRITE (5.6) are what the engine submits. */
	size_t size = sizeof(struct io_uring_probe) + 256 * sizeof(struct io_uring_probe_op);
	struct io_uring_probe *pr = calloc(1, size);
	int rc = -1, e = ENOMEM;
	if (pr && uring_register(fd, IORING_REGISTER_PROBE, pr, 256) == 0) {
		if (pr->ops_len > IORING_OP_WRITE &&
		    (pr->ops[IORING_OP_READ].flags & IO_URING_OP_SUPPORTED) &&
		    (pr->ops[IORING_OP_WRITE].flags & IO_URING_OP_SUPPORTED))
			rc = 0;
		else
			e = EOPNOTSUPP;
	} else if (pr) {
		e = errno;
	}
	free(pr);
	close(fd);
	if (rc != 0)
		return engine_why(why, len, "io_uring", e, "needs Linux 5.6 or later");
	return 0;
}

/*
 * Close the ring. Registered files are given back first, while this
 * thread waits: the ring's own teardown runs later in a kernel worker, and
 * a file it still held would be closed there, after clyde's last close, so
 * that the unlink's work (freeing the blocks, discarding them) would land
 * outside the delete clyde times, and an rmdir meanwhile spins waiting for
 * it. An idle ring (the loop ran dry) gives them back at once.
 */
static void uring_close(struct uring *r)
{
	if (r->fixed_files)
		uring_register(r->fd, IORING_UNREGISTER_FILES, NULL, 0);
	if (r->sqes)
		munmap(r->sqes, r->sqes_len);
	if (r->cq_map && r->cq_map != r->sq_map)
		munmap(r->cq_map, r->cq_len);
	if (r->sq_map)
		munmap(r->sq_map, r->sq_len);
	if (r->fd >= 0)
		close(r->fd);
}

static void *ring_map(int fd, size_t len, off_t what)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		       fd, what);
	return p == MAP_FAILED ? NULL : p;
}

/* A ring of DEPTH entries, mapped. -1 with errno and *OP the failing step. */
static int uring_open(struct uring *r, uint32_t depth, const char **op)
{
	struct io_uring_params p;

	*op = "io_uring_setup";
	for (size_t i = 0; i < sizeof(uring_setup_flags) / sizeof(uring_setup_flags[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.flags = uring_setup_flags[i];
		r->fd = uring_setup(depth, &p);
		if (r->fd >= 0 || errno != EINVAL)
			break;
	}
	if (r->fd < 0)
		return -1;
	r->features = p.features;
	r->sq_len = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	r->cq_len = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (r->cq_len > r->sq_len)
			r->sq_len = r->cq_len;
		r->cq_len = r->sq_len;
	}
	r->sqes_len = p.sq_entries * sizeof(struct io_uring_sqe);
	*op = "mmap io_uring";
	r->sq_map = ring_map(r->fd, r->sq_len, IORING_OFF_SQ_RING);
	if (!r->sq_map)
		return -1;
	r->cq_map = (p.features & IORING_FEAT_SINGLE_MMAP)
			    ? r->sq_map : ring_map(r->fd, r->cq_len, IORING_OFF_CQ_RING);
	r->sqes = ring_map(r->fd, r->sqes_len, IORING_OFF_SQES);
	if (!r->cq_map || !r->sqes)
		return -1;

	char *sq = r->sq_map, *cq = r->cq_map;
	r->sq_head = (_Atomic unsigned *)(void *)(sq + p.sq_off.head);
	r->sq_tail = (_Atomic unsigned *)(void *)(sq + p.sq_off.tail);
	r->sq_mask = *(unsigned *)(void *)(sq + p.sq_off.ring_mask);
	r->cq_head = (_Atomic unsigned *)(void *)(cq + p.cq_off.head);
	r->cq_tail = (_Atomic unsigned *)(void *)(cq + p.cq_off.tail);
	r->cq_mask = *(unsigned *)(void *)(cq + p.cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)(void *)(cq + p.cq_off.cqes);
	r->tail = atomic_load_explicit(r->sq_tail, memory_order_relaxed);
	/* SQE i always sits at array slot i: the array never changes again. */
	unsigned *array = (unsigned *)(void *)(sq + p.sq_off.array);
	for (unsigned i = 0; i < p.sq_entries; i++)
		array[i] = i;
	return 0;
}

/*
 * Register the pieces and the slot buffers, which spares the kernel a file
 * lookup and a page pinning per I/O. Optional: a refusal (RLIMIT_MEMLOCK
 * for the buffers, say) leaves plain descriptors and buffers. Called before
 * the buffers are filled: buffers under IOBUF_HUGE_MIN are faulted in by
 * registering, as pinned memory (as fio's --fixedbufs does); larger ones
 * come from iobuf's huge-page regions, already in place (on a VM's disk a
 * 1 MiB request's speed follows in how many pieces its pages lie,
 * bench/analysis.md).
 */
static void uring_register_all(struct uring *r, const struct engine_job *job,
			       void *mem, size_t len)
{
	r->fixed_files = uring_register(r->fd, IORING_REGISTER_FILES, job->fds,
					job->pieces) == 0;
	if (len <= (1u << 30)) {
		struct iovec iov = { .iov_base = mem, .iov_len = len };
		r->fixed_bufs = uring_register(r->fd, IORING_REGISTER_BUFFERS, &iov, 1) == 0;
	}
}

/* Queue IO (slot SLOT) as the next SQE; submitted by the next enter. */
static void uring_prep(struct uring *r, const struct engine_worker *w,
		       const struct engine_io *io, unsigned slot)
{
	const struct engine_job *job = w->sh->job;
	struct io_uring_sqe *sqe = &r->sqes[r->tail & r->sq_mask];

	memset(sqe, 0, sizeof(*sqe));
	if (r->fixed_bufs)
		sqe->opcode = job->writes ? IORING_OP_WRITE_FIXED : IORING_OP_READ_FIXED;
	else
		sqe->opcode = job->writes ? IORING_OP_WRITE : IORING_OP_READ;
	if (r->fixed_files) {
		sqe->flags = IOSQE_FIXED_FILE;
		sqe->fd = io->piece;
	} else {
		sqe->fd = engine_fd(w, io->piece);
	}
	sqe->addr = (uint64_t)(uintptr_t)io->buf;
	sqe->len = job->block_bytes;
	sqe->off = io->offset;
	sqe->user_data = slot;
	r->tail++;
}

/* Reap every CQE there is. Returns how many. */
static unsigned uring_reap(struct uring *r, struct engine_worker *w,
			   struct engine_io *ios, unsigned *free_slots,
			   unsigned *nfree, uint64_t now_ns)
{
	unsigned head = atomic_load_explicit(r->cq_head, memory_order_relaxed);
	unsigned tail = atomic_load_explicit(r->cq_tail, memory_order_acquire);
	unsigned n = tail - head;

	for (; head != tail; head++) {
		const struct io_uring_cqe *cqe = &r->cqes[head & r->cq_mask];
		unsigned slot = (unsigned)cqe->user_data;

		engine_complete(w, &ios[slot], cqe->res, now_ns);
		free_slots[(*nfree)++] = slot;
	}
	atomic_store_explicit(r->cq_head, head, memory_order_release);
	return n;
}

/* Whether io_uring_enter failing with ERR leaves the ring usable. */
static bool uring_retry(int err)
{
	return err == EINTR || err == ETIME || err == EAGAIN || err == EBUSY;
}

/*
 * The ring itself failed: nothing more can be reaped. The INFLIGHT I/Os
 * still out are counted as failed, and the caller keeps their buffers
 * (see engine_uring_run). Returns false.
 */
static bool uring_broken(struct engine_worker *w, unsigned inflight)
{
	engine_fail(w, "io_uring_enter", errno, -1, 0, 0);
	w->failed += inflight;
	return false;
}

/*
 * Submit and wait until nothing is left to do and nothing is in flight.
 * False when the ring failed with I/Os still out (counted as failed).
 */
static bool uring_loop(struct uring *r, struct engine_worker *w,
		       struct engine_io *ios, unsigned *free_slots)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ENGINE_POLL_NS };
	struct uring_wait_arg arg = { .ts = (uint64_t)(uintptr_t)&ts };
	bool timed = r->features & IORING_FEAT_EXT_ARG;
	unsigned flags = IORING_ENTER_GETEVENTS | (timed ? IORING_ENTER_EXT_ARG : 0);
	unsigned nfree = w->depth, inflight = 0;
	uint64_t now_ns = timer_now_ns();

	for (;;) {
		if (!engine_poll(w)) {
			while (nfree > 0 && engine_next(w, &ios[free_slots[nfree - 1]], now_ns)) {
				uring_prep(r, w, &ios[free_slots[nfree - 1]],
					   free_slots[nfree - 1]);
				nfree--;
				inflight++;
			}
			atomic_store_explicit(r->sq_tail, r->tail, memory_order_release);
		}
		if (inflight == 0)
			break;
		unsigned pending = r->tail -
			atomic_load_explicit(r->sq_head, memory_order_acquire);
		/*
		 * Submit what is queued and wait in the same call for one
		 * completion: the wait ends at once when any completed
		 * meanwhile (GETEVENTS runs the completions' deferred work
		 * first, so all of them are in the ring), and every one of
		 * them is refilled before the next wait. Waiting for more
		 * than one (fio's iodepth_batch_complete_min, clyde's quarter
		 * of the depth before) leaves the slots of those that came
		 * first idle while the rest are awaited.
		 */
		int rc = uring_enter(r->fd, pending, 1, flags, timed ? &arg : NULL,
				     timed ? sizeof(arg) : 0);
		if (rc < 0 && !uring_retry(errno))
			return uring_broken(w, inflight);
		now_ns = timer_now_ns();
		inflight -= uring_reap(r, w, ios, free_slots, &nfree, now_ns);
	}
	return true;
}

static void engine_uring_run(struct engine_worker *w)
{
	const struct engine_job *job = w->sh->job;
	struct uring r = { .fd = -1 };
	struct engine_io *ios = calloc(w->depth, sizeof(*ios));
	unsigned *free_slots = calloc(w->depth, sizeof(*free_slots));
	void *mem = NULL;
	const char *op;
	bool drained = true;

	if (!ios || !free_slots) {
		engine_fail(w, "allocate buffers", ENOMEM, -1, 0, 0);
	} else if ((mem = engine_buffers_alloc(w, w->depth)) != NULL) {
		if (uring_open(&r, w->depth, &op) != 0)
			engine_fail(w, op, errno, -1, 0, 0);
		else
			uring_register_all(&r, job, mem, (size_t)w->depth * job->block_bytes);
		engine_buffers_fill(w, ios, mem, w->depth);
	}
	for (unsigned k = 0; k < w->depth && free_slots; k++)
		free_slots[k] = w->depth - 1 - k;
	if (engine_start(w))
		drained = uring_loop(&r, w, ios, free_slots);
	uring_close(&r);
	/*
	 * After a ring failure the kernel may still be writing into the
	 * buffers of I/Os it never reported: leave them allocated.
	 */
	if (drained)
		io_free(mem);
	free(free_slots);
	free(ios);
}

const struct engine_ops engine_uring_ops = {
	.kind = ENGINE_IO_URING,
	.label = "io_uring",
	.probe = engine_uring_probe,
	.setup_op = "io_uring_setup",
	.run = engine_uring_run,
};
