/* SPDX-License-Identifier: MIT */
/*
 * barrier.c - the -p/-y barrier: POSIX named semaphores PREFIX.procs (its
 * value is N), PREFIX.lock, and per test K a PREFIX.K.count and a
 * PREFIX.K.gate; and the -y p prompt. Semaphores cannot "wait until zero",
 * so the N-th process to arrive opens the gate N times.
 */
#include "barrier.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "exit_status.h"
#include "sys/out.h"
#include "platform/platform.h"

#define SEM_NAME_LEN 240
#define SEM_PREFIX_LEN 200

/* The semaphores of the set: procs, lock, then count and gate per test
 * number: the classic tests, the random-I/O tests (PHASE_RANDOM) and
 * clyde mark's steps (PHASE_MARK). */
#define SEM_COUNT (2 + 2 * (PHASE_MARK + 1))

static const char *prefix(void)
{
	const char *p = getenv(BARRIER_PREFIX_ENV);

	return p && *p ? p : BARRIER_PREFIX_DEFAULT;
}

static int check_prefix(char *err, size_t len)
{
	const char *p = prefix();

	if (p[0] != '/' || strchr(p + 1, '/') || strlen(p) > SEM_PREFIX_LEN)
		return out_errf(err, len, "%s=%s: a semaphore name is '/' and up to %d "
			   "characters without another '/'", BARRIER_PREFIX_ENV, p,
			   SEM_PREFIX_LEN);
	return 0;
}

/* Name and initial value of semaphore I of the set. */
static unsigned sem_name(int i, long procs, char *out, size_t len)
{
	if (i == 0) {
		snprintf(out, len, "%s.procs", prefix());
		return (unsigned)procs;
	}
	if (i == 1) {
		snprintf(out, len, "%s.lock", prefix());
		return 1;
	}
	snprintf(out, len, "%s.%d.%s", prefix(), (i - 2) / 2,
		 (i - 2) % 2 ? "gate" : "count");
	return 0;
}

/*
 * When semaphore NAME exists and belongs to another user: "user NAME (uid
 * N)" into OUT, and true.
 */
static bool someone_elses(const char *name, char *out, size_t len)
{
	unsigned long uid;

	if (platform_sem_owner(name, &uid) != 0 || uid == (unsigned long)geteuid())
		return false;
	struct passwd *pw = getpwuid((uid_t)uid);
	if (pw)
		snprintf(out, len, "user %s (uid %lu)", pw->pw_name, uid);
	else
		snprintf(out, len, "uid %lu", uid);
	return true;
}

/* Unlink the whole set; the number that existed. */
static int unlink_all(void)
{
	char name[SEM_NAME_LEN];
	int existed = 0;

	for (int i = 0; i < SEM_COUNT; i++) {
		sem_name(i, 0, name, sizeof(name));
		if (sem_unlink(name) == 0)
			existed++;
	}
	return existed;
}

int barrier_create(long procs, char *err, size_t len)
{
	char name[SEM_NAME_LEN];

	if (check_prefix(err, len) != 0)
		return -1;
	if (procs < 1 || procs > BARRIER_MAX_PROCS)
		return out_errf(err, len, "-p %ld: use 1 to %ld processes, or -1",
			   procs, BARRIER_MAX_PROCS);
	unlink_all();
	mode_t old = umask(077);
	for (int i = 0; i < SEM_COUNT; i++) {
		unsigned value = sem_name(i, procs, name, sizeof(name));
		sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, value);
		char who[96];

		if (s == SEM_FAILED) {
			int e = errno;
			umask(old);
			if (e == EEXIST && someone_elses(name, who, sizeof(who)))
				return out_errf(err, len, "-p %ld: the semaphores %s.* exist "
						"and belong to %s, so clyde cannot make them "
						"anew; remove them as that user (clyde -p -1), "
						"or name a set of your own (%s=/clyde.mine)",
						procs, prefix(), who, BARRIER_PREFIX_ENV);
			unlink_all();
			return out_errf(err, len, "%s: sem_open: %s", name, strerror(e));
		}
		sem_close(s);
	}
	umask(old);
	return 0;
}

int barrier_remove(char *err, size_t len)
{
	char name[SEM_NAME_LEN];

	if (check_prefix(err, len) != 0)
		return -1;
	char who[96];

	if (unlink_all() == 0) {
		sem_name(0, 0, name, sizeof(name));
		if (someone_elses(name, who, sizeof(who)))
			return out_errf(err, len, "-p -1: the semaphores %s.* belong to "
					"%s, so clyde cannot remove them; remove them as "
					"that user (or root)", prefix(), who);
		return out_errf(err, len, "%s: no semaphores to remove", name);
	}
	return 0;
}

/* The semaphores of test K, open. */
struct gate {
	sem_t *procs, *lock, *count, *gate;
};

static void gate_close(struct gate *b)
{
	sem_t **s[] = { &b->procs, &b->lock, &b->count, &b->gate };

	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		if (*s[i] && *s[i] != SEM_FAILED)
			sem_close(*s[i]);
		*s[i] = NULL;
	}
}

static int gate_open(struct gate *b, int test, char *err, size_t len)
{
	int index[] = { 0, 1, 2 + 2 * test, 3 + 2 * test };
	sem_t **s[] = { &b->procs, &b->lock, &b->count, &b->gate };
	char name[SEM_NAME_LEN];

	memset(b, 0, sizeof(*b));
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		sem_name(index[i], 0, name, sizeof(name));
		*s[i] = sem_open(name, 0);
		if (*s[i] == SEM_FAILED) {
			int e = errno;
			char who[96];

			gate_close(b);
			if (e != ENOENT && someone_elses(name, who, sizeof(who)))
				return out_errf(err, len, "-y s: the semaphores %s.* belong "
						"to %s, who did not let this user use them "
						"(%s); run as that user, or make a set of your "
						"own (%s=/clyde.mine clyde -p N)", prefix(), who,
						strerror(e), BARRIER_PREFIX_ENV);
			return out_errf(err, len, "-y s: %s: %s (create the semaphores "
				   "with clyde -p N first)", name, strerror(e));
		}
	}
	return 0;
}

int barrier_check(char *err, size_t len)
{
	struct gate b;

	if (check_prefix(err, len) != 0 || gate_open(&b, 0, err, len) != 0)
		return -1;
	gate_close(&b);
	return 0;
}

/* How long one wait lasts before the stop flag is looked at again. */
#define POLL_MS 200

/*
 * sem_wait in slices of POLL_MS, so that a signal that arrives just before
 * the wait blocks is still seen; gives up when clyde is stopping (STOP)
 * or after LIMIT slices (0: never). -1 with errno on failure.
 */
static int wait_sem(sem_t *s, bool stop, unsigned limit)
{
	for (unsigned slices = 0; limit == 0 || slices < limit; slices++) {
		struct timespec until;

		if (stop && cleanup_stopping()) {
			errno = EINTR;
			return -1;
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += POLL_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		if (sem_timedwait(s, &until) == 0)
			return 0;
		if (errno != EINTR && errno != ETIMEDOUT)
			return -1;
	}
	errno = ETIMEDOUT;
	return -1;
}

/*
 * An interrupted process leaves the barrier as if it had never come: while
 * the round is open (count > 0) it takes its arrival back, else the round
 * was released and it takes its gate token. The lock is waited for at most
 * two seconds (a process that died holding it must not hold clyde too).
 */
static void withdraw(struct gate *b)
{
	int v = 0;

	if (wait_sem(b->lock, false, 2000 / POLL_MS) != 0)
		return;
	if (sem_getvalue(b->count, &v) == 0 && v > 0)
		sem_trywait(b->count);
	else
		sem_trywait(b->gate);
	sem_post(b->lock);
}

/* The hook's error: "-y s: WHY" or "stdin: WHY", EXIT_IO unless stopping. */
static int hook_fail(struct phase_error *err, const char *path, const char *op,
		     int errnum)
{
	snprintf(err->path, sizeof(err->path), "%s", path);
	snprintf(err->op, sizeof(err->op), "%s", op);
	err->errnum = errnum;
	return err->status = EXIT_IO;
}

static int gate_hook(void *arg, const struct plan_step *step,
		     struct run_agreed *agreed, struct phase_error *perr)
{
	struct gate b;
	char err[SEM_NAME_LEN + 96];
	int procs = 0, arrived = 0;

	(void)arg;
	(void)agreed; /* -y's processes share nothing but the start */
	if (gate_open(&b, (int)step->info->id, err, sizeof(err)) != 0)
		return hook_fail(perr, err, "cannot wait at the barrier", 0);
	if (sem_getvalue(b.procs, &procs) != 0 || wait_sem(b.lock, true, 0) != 0) {
		int e = errno;
		gate_close(&b);
		return hook_fail(perr, "-y s", "sem_wait", e);
	}
	sem_post(b.count);
	sem_getvalue(b.count, &arrived);
	if (arrived >= procs) {
		/* The last to arrive: reset the count and let everyone through. */
		for (int i = 0; i < arrived; i++)
			sem_trywait(b.count);
		for (int i = 0; i < procs; i++)
			sem_post(b.gate);
	}
	sem_post(b.lock);
	int rc = wait_sem(b.gate, true, 0);
	int e = errno;
	if (rc != 0)
		withdraw(&b);
	gate_close(&b);
	return rc == 0 ? 0 : hook_fail(perr, "-y s", "sem_wait", e);
}

/*
 * Wait until FD has something to read, looking at the stop flag every
 * POLL_MS. 0, or -1 with errno (EINTR: clyde is stopping).
 */
static int wait_readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	for (;;) {
		if (cleanup_stopping()) {
			errno = EINTR;
			return -1;
		}
		int n = poll(&p, 1, POLL_MS);
		if (n > 0)
			return 0;
		if (n < 0 && errno != EINTR)
			return -1;
	}
}

/*
 * Read one answer from FD: up to and including a newline, or what is
 * there at the end of the input. Byte by byte, so that the next answer
 * stays unread; at most BARRIER_LINE_MAX bytes. 0, or -1 with *WHY
 * (errno for a failed read, 0 when *WHY says it all).
 */
static int read_answer(int fd, const char **why)
{
	size_t got = 0;

	*why = "read";
	while (got < BARRIER_LINE_MAX) {
		char c;

		if (wait_readable(fd) != 0)
			return -1;
		ssize_t n = read(fd, &c, 1);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0)
			return -1;
		if (n == 0 && got > 0)
			return 0; /* a last answer without its newline */
		if (n == 0) {
			*why = "end of input at the -y p prompt";
			errno = 0;
			return -1;
		}
		got++;
		if (c == '\n')
			return 0;
	}
	*why = "no newline in the first 4096 bytes of the -y p answer";
	errno = 0;
	return -1;
}

/* -y p: a blank line and the test number on stdout, then a line from stdin. */
static int prompt_hook(void *arg, const struct plan_step *step,
		       struct run_agreed *agreed, struct phase_error *err)
{
	const char *why;

	(void)arg;
	(void)agreed; /* -y's processes share nothing but the start */
	printf("\n%d:\n", (int)step->info->id);
	if (out_check(stdout, "stdout") != 0)
		return EXIT_OUTPUT;
	if (read_answer(STDIN_FILENO, &why) != 0)
		return hook_fail(err, "stdin", why, errno);
	return 0;
}

void barrier_hooks(const struct config *cfg, struct run_hooks *hooks)
{
	if (cfg->sync_mode == 's')
		hooks->before_phase = gate_hook;
	else if (cfg->sync_mode == 'p')
		hooks->before_phase = prompt_hook;
}
