/* SPDX-License-Identifier: MIT */
/*
 * probe.c - the foreground probe (probe.h): its value on the command line,
 * its file (made, filled, evicted, opened, removed), its threads paced on
 * the monotonic clock, and their waits made figures.
 */
#include "probe.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exit_status.h"
#include "io/io.h"
#include "io/iofile.h"
#include "io/rng.h"
#include "lib/timer.h"
#include "sys/cleanup.h"
#include "sys/out.h"

#define FILL_BYTES (256u * 1024) /* the file is written in writes of this */

int probe_parse(const char *text, unsigned *kinds, char *err, size_t len)
{
	const char *p = text;

	*kinds = 0;
	if (strcmp(text, "off") == 0)
		return 0;
	while (*p) {
		size_t n = strcspn(p, "+,");
		unsigned k = n == 4 && strncmp(p, "read", 4) == 0    ? PROBE_READ
			     : n == 5 && strncmp(p, "write", 5) == 0 ? PROBE_WRITE
								     : 0;

		if (k == 0 || (*kinds & k))
			return out_errf(err, len, "use read, write, read+write or off");
		*kinds |= k;
		p += n;
		if (*p && !*++p)
			return out_errf(err, len, "use read, write, read+write or off");
	}
	if (*kinds == 0)
		return out_errf(err, len, "use read, write, read+write or off");
	return 0;
}

const char *const probe_names[4] = { "off", "read", "write", "read+write" };

const char *probe_name(unsigned kinds)
{
	return probe_names[kinds & (PROBE_READ | PROBE_WRITE)];
}

void probe_sum_init(struct probe_sum *s)
{
	s->kinds = 0;
	s->direct = false;
	waits_init(&s->read);
	waits_init(&s->write);
}

void probe_sum_result(const struct probe_sum *s, struct probe_result *out)
{
	memset(out, 0, sizeof(*out));
	out->direct = s->direct;
	waits_summarise(&s->read, 0, &out->read);
	waits_summarise(&s->write, 0, &out->write);
}

/* One kind of probe: its thread, its own numbers and buffer, its waits. */
struct probe_thread {
	struct probe *p;
	unsigned kind;         /* PROBE_READ or PROBE_WRITE */
	uint64_t period_ns;
	pthread_t thread;
	bool started;
	struct rng rng;
	unsigned char *buf;    /* PROBE_BLOCK_BYTES, aligned for O_DIRECT */
	struct waits w;
	const char *failed_op; /* its first failure: "probe read" ... */
	int errnum;
};

struct probe {
	unsigned kinds;
	struct iofile file;
	bool made;             /* the file was created (file's ids are valid) */
	int read_fd, write_fd;
	bool direct;           /* read_fd is O_DIRECT */
	int (*fake)(void *arg, unsigned kind);
	void *fake_arg;
	pthread_mutex_t lock;
	pthread_cond_t wake;   /* on CLOCK_MONOTONIC: stop, or the next turn */
	bool stop;
	uint64_t t0;
	int start_err;         /* pthread_create's error, 0 */
	struct probe_thread t[2]; /* reads, writes */
};

/* The mutex and a condition variable that times out on the monotonic clock. */
static struct probe *probe_alloc(unsigned kinds)
{
	struct probe *p = calloc(1, sizeof(*p));
	pthread_condattr_t ca;

	if (!p)
		return NULL;
	p->kinds = kinds;
	p->read_fd = p->write_fd = -1;
	pthread_mutex_init(&p->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&p->wake, &ca);
	pthread_condattr_destroy(&ca);
	for (unsigned i = 0; i < 2; i++) {
		p->t[i].p = p;
		p->t[i].kind = i == 0 ? PROBE_READ : PROBE_WRITE;
		p->t[i].period_ns = i == 0 ? PROBE_READ_PERIOD_NS : PROBE_WRITE_PERIOD_NS;
	}
	return p;
}

struct probe *probe_fake(unsigned kinds, int (*op)(void *arg, unsigned kind),
			 void *arg)
{
	struct probe *p = probe_alloc(kinds);

	if (p) {
		p->fake = op;
		p->fake_arg = arg;
	}
	return p;
}

/* Fill the file: FILL_BYTES of the seed's numbers, each write stamped
 * with its index so that no two blocks repeat. 0 or -1 with errno. */
static int fill(int fd, uint64_t seed)
{
	unsigned char *buf = io_alloc(FILL_BYTES, 4096);
	struct rng rng;
	int rc = 0;

	if (!buf)
		return -1;
	rng_seeded(&rng, seed);
	for (size_t i = 0; i < FILL_BYTES; i += 8) {
		uint64_t v = rng_next(&rng);

		memcpy(buf + i, &v, 8);
	}
	for (uint64_t off = 0; rc == 0 && off < PROBE_FILE_BYTES; off += FILL_BYTES) {
		memcpy(buf, &off, sizeof(off));
		rc = io_write_full(fd, buf, FILL_BYTES, (off_t)off);
	}
	io_free(buf);
	return rc;
}

/* Reads as uncached as the filesystem allows: O_DIRECT if a read that way
 * works, else buffered (each block is evicted before it is read). */
static int open_reads(struct probe *p)
{
	static const struct io_mode direct = { .direct = true };
	static const struct io_mode plain = { .direct = false };
	unsigned char *buf = io_alloc(PROBE_BLOCK_BYTES, PROBE_BLOCK_BYTES);
	int fd = buf ? iofile_open(&p->file, 0, IO_READ, &direct) : -1;

	if (fd >= 0 && io_read_full(fd, buf, PROBE_BLOCK_BYTES, 0) ==
			       (ssize_t)PROBE_BLOCK_BYTES) {
		p->direct = true;
		p->read_fd = fd;
	} else {
		if (fd >= 0)
			close(fd);
		p->read_fd = buf ? iofile_open(&p->file, 0, IO_READ, &plain) : -1;
	}
	io_free(buf);
	return p->read_fd >= 0 ? 0 : -1;
}

/* Make, fill and open P's file: 0, or -1 with errno and *op. */
static int make_file(struct probe *p, const struct config *cfg, uint64_t seed,
		     const char **op)
{
	static const struct io_mode plain = { .direct = false };
	int fd;

	*op = "create";
	if ((fd = iofile_create(&p->file, 0, &plain)) < 0)
		return -1;
	p->made = true;
	*op = "write";
	if (fill(fd, seed) != 0) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	*op = "fsync";
	if (io_sync_close(fd) != 0)
		return -1;
	*op = "open";
	if (open_reads(p) != 0)
		return -1;
	/* Cold from the start, whichever way it reads. */
	posix_fadvise(p->read_fd, 0, 0, POSIX_FADV_DONTNEED);
	if ((cfg->probe & PROBE_WRITE) &&
	    (p->write_fd = iofile_open(&p->file, 0, IO_WRITE, &plain)) < 0)
		return -1;
	return 0;
}

int probe_open(const struct config *cfg, int dir_fd, const char *workdir,
	       uint64_t seed, struct probe **out, struct phase_error *err)
{
	struct probe *p;
	const char *op = "allocate";
	char left[PATH_MAX];

	*out = NULL;
	if (cfg->probe == 0)
		return 0;
	p = probe_alloc(cfg->probe);
	memset(err, 0, sizeof(*err));
	if (p && iofile_init_named(&p->file, dir_fd, workdir, PROBE_FILE_PREFIX,
				   PROBE_FILE_BYTES, IOFILE_PIECE_BYTES) == 0) {
		for (unsigned i = 0; i < 2; i++)
			rng_seeded(&p->t[i].rng, seed ^ (0x70726f6265ULL + i));
		for (unsigned i = 0; i < 2 && (p->t[i].buf = io_alloc(
			PROBE_BLOCK_BYTES, PROBE_BLOCK_BYTES)); i++)
			memset(p->t[i].buf, 0x5a + i, PROBE_BLOCK_BYTES);
		if (p->t[0].buf && p->t[1].buf &&
		    make_file(p, cfg, seed, &op) == 0) {
			*out = p;
			return 0;
		}
		iofile_path(&p->file, 0, err->path, sizeof(err->path));
		err->errnum = op[0] == 'a' ? ENOMEM : errno;
	} else {
		snprintf(err->path, sizeof(err->path), "%s", workdir);
		err->errnum = ENOMEM;
	}
	snprintf(err->op, sizeof(err->op), "probe: %s", op);
	err->status = op[0] == 'a' ? EXIT_SETUP : EXIT_IO;
	/* A file that will not go stays recorded: cleanup_all says it. */
	probe_close(p, left, sizeof(left));
	return err->status;
}

/* One wait: a read of a random block (evicted first when not O_DIRECT),
 * or a write of one and its fsync. 0, or -1 with errno and t's op. */
static int probe_once(struct probe_thread *t)
{
	struct probe *p = t->p;
	off_t off = (off_t)(rng_below(&t->rng, PROBE_FILE_BYTES / PROBE_BLOCK_BYTES) *
			    PROBE_BLOCK_BYTES);

	t->failed_op = t->kind == PROBE_READ ? "probe read" : "probe write";
	if (p->fake)
		return p->fake(p->fake_arg, t->kind);
	if (t->kind == PROBE_READ) {
		if (!p->direct)
			posix_fadvise(p->read_fd, off, PROBE_BLOCK_BYTES,
				      POSIX_FADV_DONTNEED);
		ssize_t got = io_read_full(p->read_fd, t->buf, PROBE_BLOCK_BYTES, off);
		if (got >= 0 && got < (ssize_t)PROBE_BLOCK_BYTES)
			errno = EIO; /* the file clyde wrote is shorter */
		return got == (ssize_t)PROBE_BLOCK_BYTES ? 0 : -1;
	}
	if (io_write_full(p->write_fd, t->buf, PROBE_BLOCK_BYTES, off) != 0)
		return -1;
	t->failed_op = "probe fsync";
	return fsync(p->write_fd);
}

/* Wait on P's clock until NS or a stop; P's lock held. */
static void wait_until(struct probe *p, uint64_t ns)
{
	struct timespec until = { (time_t)(ns / 1000000000u),
				  (long)(ns % 1000000000u) };

	pthread_cond_timedwait(&p->wake, &p->lock, &until);
}

static void *probe_main(void *arg)
{
	struct probe_thread *t = arg;
	struct probe *p = t->p;
	uint64_t next = p->t0;
	bool first = true;

	/*
	 * The first wait is taken even when the stop came before this thread
	 * ran (a test shorter than the scheduler's delay on a busy machine):
	 * every test that ran has its probe's waits beside it.
	 */
	pthread_mutex_lock(&p->lock);
	while (first || !p->stop) {
		uint64_t start = timer_now_ns(), end;

		if (!first && start < next) {
			wait_until(p, next);
			continue;
		}
		first = false;
		pthread_mutex_unlock(&p->lock);
		if (probe_once(t) != 0) {
			/* An interrupt while clyde stops is no failure. */
			t->errnum = cleanup_stopping() ? 0 : errno;
			t->failed_op = t->errnum ? t->failed_op : NULL;
			pthread_mutex_lock(&p->lock);
			break;
		}
		end = timer_now_ns();
		waits_add(&t->w, start > p->t0 ? start - p->t0 : 0, end - start);
		/* Late for the next turn: at once, never a burst to catch up. */
		next = next + t->period_ns > end ? next + t->period_ns : end;
		pthread_mutex_lock(&p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

void probe_start(struct probe *p, uint64_t t0)
{
	if (!p)
		return;
	p->t0 = t0;
	p->stop = false;
	p->start_err = 0;
	for (unsigned i = 0; i < 2; i++) {
		struct probe_thread *t = &p->t[i];

		waits_init(&t->w);
		t->failed_op = NULL;
		t->errnum = 0;
		t->started = false;
		if (!(p->kinds & t->kind) || p->start_err)
			continue;
		p->start_err = pthread_create(&t->thread, NULL, probe_main, t);
		t->started = p->start_err == 0;
	}
}

void probe_stop(struct probe *p, struct probe_result *out,
		struct probe_sum *sum)
{
	uint64_t interval = WAITS_FIRST_INTERVAL_NS;
	uint32_t n = 0;

	memset(out, 0, sizeof(*out));
	if (!p || !(p->t[0].started || p->t[1].started))
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	for (unsigned i = 0; i < 2; i++)
		if (p->t[i].started)
			pthread_join(p->t[i].thread, NULL);
	for (unsigned i = 0; i < 2; i++)
		if (p->t[i].w.interval_ns > interval)
			interval = p->t[i].w.interval_ns;
	for (unsigned i = 0; i < 2; i++) {
		waits_widen(&p->t[i].w, interval);
		n = p->t[i].w.n > n ? p->t[i].w.n : n;
	}
	out->direct = p->direct;
	out->n = n;
	out->interval_ns = interval;
	waits_summarise(&p->t[0].w, n, &out->read);
	waits_summarise(&p->t[1].w, n, &out->write);
	if (sum) {
		sum->kinds |= p->kinds;
		sum->direct = p->direct;
		waits_merge(&sum->read, &p->t[0].w);
		waits_merge(&sum->write, &p->t[1].w);
	}
}

int probe_failed(const struct probe *p, struct phase_error *err)
{
	if (!p)
		return 0;
	if (p->start_err) {
		memset(err, 0, sizeof(*err));
		snprintf(err->op, sizeof(err->op), "start the probe's thread");
		err->errnum = p->start_err;
		return err->status = EXIT_SETUP;
	}
	for (unsigned i = 0; i < 2; i++) {
		const struct probe_thread *t = &p->t[i];

		if (!t->errnum)
			continue;
		memset(err, 0, sizeof(*err));
		iofile_path(&p->file, 0, err->path, sizeof(err->path));
		snprintf(err->op, sizeof(err->op), "%s", t->failed_op);
		err->errnum = t->errnum;
		return err->status = EXIT_IO;
	}
	return 0;
}

int probe_close(struct probe *p, char *failed_path, size_t len)
{
	int rc = 0, saved = 0;

	if (!p)
		return 0;
	if (p->read_fd >= 0)
		close(p->read_fd);
	if (p->write_fd >= 0)
		close(p->write_fd);
	if (p->made && iofile_remove(&p->file, failed_path, len) != 0) {
		rc = -1;
		saved = errno;
	}
	iofile_free(&p->file);
	io_free(p->t[0].buf);
	io_free(p->t[1].buf);
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	free(p);
	errno = saved;
	return rc;
}
