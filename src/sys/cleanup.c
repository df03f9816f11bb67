/* SPDX-License-Identifier: MIT */
/*
 * cleanup.c - the registry of paths clyde created and the stop flag.
 * These are clyde's only mutable globals (STYLE 10). Handlers touch nothing
 * but two lock-free atomics, clock_gettime and write(2); removal happens
 * on the main thread, relative to the directory descriptor each path was
 * made in, and only after the name is checked to hold the same file as
 * the descriptor the registry holds open on it.
 */
#include "cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exit_status.h"
#include "lib/grow.h"

struct cleanup_entry {
	char *path;       /* what messages show */
	const char *name; /* its last component, inside dirfd */
	int dirfd;
	int fd;           /* held open: the file's inode cannot be reused */
	bool is_dir;
};

/* Set by the handler, polled by every thread: lock-free atomics are both
 * async-signal-safe (C11 7.14.1.1) and free of data races. */
static atomic_int signal_received;
static atomic_bool stop_requested;
static atomic_llong first_signal_ns;
static atomic_bool repeat_said;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal flag must be lock-free");
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "the stop flag must be lock-free");
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "the signal time must be lock-free");

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cleanup_entry *registry;
static size_t registry_len, registry_cap;
/* Paths counted by cleanup_left, and the first failure of all. */
static int left_outside;
static struct cleanup_failure first_failure;
static bool have_failure;
/* The first cleanup_request_stop. */
static const char *stop_stream;
static int stop_errnum;

struct file_id file_id_of(const struct stat *st)
{
	return (struct file_id){ .dev = (uint64_t)st->st_dev,
				 .ino = (uint64_t)st->st_ino,
				 .type = (uint32_t)(st->st_mode & S_IFMT) };
}

bool file_id_is(const struct file_id *id, const struct stat *st)
{
	return id->dev == (uint64_t)st->st_dev && id->ino == (uint64_t)st->st_ino &&
	       id->type == (uint32_t)(st->st_mode & S_IFMT);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts); /* async-signal-safe (POSIX) */
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#define REPEAT_NS 1000000000LL
#define REPEAT_LINE "clyde: stopping: removing the test files first " \
		    "(SIGKILL would leave them behind)\n"

void cleanup_quiet_repeats(void)
{
	atomic_store(&repeat_said, true);
}

static void on_signal(int sig)
{
	int saved = errno;
	int none = 0;

	if (atomic_compare_exchange_strong(&signal_received, &none, sig)) {
		atomic_store(&first_signal_ns, now_ns());
	} else if (now_ns() - atomic_load(&first_signal_ns) >= REPEAT_NS &&
		   !atomic_exchange(&repeat_said, true)) {
		/* The line can be lost (stderr full or gone): nothing to do. */
		ssize_t w = write(STDERR_FILENO, REPEAT_LINE, sizeof(REPEAT_LINE) - 1);
		(void)w;
	}
	atomic_store(&stop_requested, true);
	errno = saved;
}

/* Every signal that ends the process by default and is not a program error. */
static const int caught[] = {
	SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
	SIGXCPU, SIGXFSZ,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

static int catch_one(int sig, const struct sigaction *sa, sigset_t *unblock)
{
	if (sigaction(sig, sa, NULL) != 0)
		return -1;
	sigaddset(unblock, sig);
	return 0;
}

int cleanup_init(void)
{
	struct sigaction sa;
	sigset_t unblock;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&unblock);
	sa.sa_flags = 0; /* no SA_RESTART: blocked reads return EINTR */
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		if (catch_one(caught[i], &sa, &unblock) != 0)
			return -1;
#ifdef SIGRTMIN
	/* A tool clyde runs under may keep a real-time signal for itself
	 * (valgrind refuses SIGRTMAX with EINVAL): that one stays its own. */
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		if (catch_one(sig, &sa, &unblock) != 0 && errno != EINVAL)
			return -1;
#endif
	/* The mask is inherited across exec: a parent that blocked SIGINT
	 * would leave clyde deaf to Ctrl-C, and a blocked SIGXFSZ would turn
	 * `ulimit -f` into a bare EFBIG. Threads inherit this mask. */
	int rc = pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	sa.sa_handler = SIG_IGN;
	if (sigaction(SIGHUP, &sa, NULL) != 0)
		return -1;
	return cleanup_ignore_sigpipe();
}

int cleanup_ignore_sigpipe(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	return sigaction(SIGPIPE, &sa, NULL);
}

int cleanup_signal(void)
{
	return atomic_load(&signal_received);
}

bool cleanup_stopping(void)
{
	return atomic_load_explicit(&stop_requested, memory_order_relaxed);
}

void cleanup_request_stop(const char *stream, int errnum)
{
	pthread_mutex_lock(&registry_lock);
	if (!stop_stream) {
		stop_stream = stream;
		stop_errnum = errnum;
	}
	pthread_mutex_unlock(&registry_lock);
	atomic_store(&stop_requested, true);
}

bool cleanup_stop_reason(const char **stream, int *errnum)
{
	pthread_mutex_lock(&registry_lock);
	bool made = stop_stream != NULL;
	if (made) {
		*stream = stop_stream;
		*errnum = stop_errnum;
	}
	pthread_mutex_unlock(&registry_lock);
	return made;
}

static size_t find_locked(const char *path)
{
	for (size_t i = registry_len; i > 0; i--)
		if (strcmp(registry[i - 1].path, path) == 0)
			return i - 1;
	return registry_len;
}

/* A descriptor that only holds a file: never a writer, so that it keeps
 * no filesystem from turning read-only. */
#ifdef O_PATH
#define HOLD_FLAGS (O_PATH | O_NOFOLLOW | O_CLOEXEC)
#else
#define HOLD_FLAGS (O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
#endif

/*
 * A descriptor of its own on NAME in DIRFD, checked to be the file FD is
 * open on (so that a name replaced in between is not held): -1 with
 * errno (EEXIST: replaced already).
 */
static int hold(int dirfd, const char *name, int fd)
{
	struct stat made, held;
	int h = openat(dirfd, name, HOLD_FLAGS);

	if (h < 0)
		return -1;
	int err = fstat(fd, &made) != 0 || fstat(h, &held) != 0 ? errno
		  : made.st_dev != held.st_dev || made.st_ino != held.st_ino ? EEXIST
		  : 0;
	if (err == 0)
		return h;
	close(h);
	errno = err;
	return -1;
}

int cleanup_add(int dirfd, const char *path, int fd, bool is_dir)
{
	int err = 0;

	pthread_mutex_lock(&registry_lock);
	if (find_locked(path) < registry_len)
		goto out;
	struct cleanup_entry *grown = grow_array(registry, registry_len,
						 &registry_cap, sizeof(*grown), 16);

	if (!grown) {
		err = ENOMEM;
		goto out;
	}
	registry = grown;
	struct cleanup_entry *e = &registry[registry_len];
	const char *slash = strrchr(path, '/');
	e->fd = hold(dirfd, slash ? slash + 1 : path, fd);
	if (e->fd < 0) {
		err = errno;
		goto out;
	}
	e->path = strdup(path);
	if (!e->path) {
		close(e->fd);
		err = ENOMEM;
		goto out;
	}
	slash = strrchr(e->path, '/');
	e->name = slash ? slash + 1 : e->path;
	e->dirfd = dirfd;
	e->is_dir = is_dir;
	registry_len++;
out:
	pthread_mutex_unlock(&registry_lock);
	errno = err;
	return err ? -1 : 0;
}

bool cleanup_owns(const char *path)
{
	pthread_mutex_lock(&registry_lock);
	bool owned = find_locked(path) < registry_len;
	pthread_mutex_unlock(&registry_lock);
	return owned;
}

static void drop_locked(size_t i)
{
	close(registry[i].fd);
	free(registry[i].path);
	memmove(&registry[i], &registry[i + 1],
		(registry_len - i - 1) * sizeof(*registry));
	registry_len--;
}

void cleanup_forget(const char *path)
{
	pthread_mutex_lock(&registry_lock);
	size_t i = find_locked(path);
	if (i < registry_len)
		drop_locked(i);
	pthread_mutex_unlock(&registry_lock);
}

/* What remove_entry found when it did not remove the name. */
enum entry_left {
	ENTRY_GONE,     /* removed now, or by someone else */
	ENTRY_LEFT,     /* clyde's file is still on disk: counted */
	ENTRY_REPLACED, /* the name holds another file and clyde's is gone */
};

/*
 * Remove E if its name still holds the file clyde made (the one E's
 * descriptor holds, of the same type). Otherwise *OP and errno say why (0:
 * OP says it all), and whether clyde's own file is still somewhere (a
 * link count above 0) decides whether it is left or only replaced.
 */
static enum entry_left remove_entry(const struct cleanup_entry *e,
				    const char **op)
{
	struct stat mine, st;

	*op = "stat";
	if (fstat(e->fd, &mine) != 0)
		return ENTRY_LEFT;
	bool exists = mine.st_nlink > 0;
	struct file_id id = file_id_of(&mine);
	if (fstatat(e->dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		if (errno != ENOENT)
			return ENTRY_LEFT;
		*op = "moved from its name by someone else; left where it is";
		errno = 0;
		return exists ? ENTRY_LEFT : ENTRY_GONE;
	}
	if (!file_id_is(&id, &st)) {
		*op = e->is_dir ? CLEANUP_DIR_REPLACED : CLEANUP_REPLACED;
		errno = 0;
		return exists ? ENTRY_LEFT : ENTRY_REPLACED;
	}
	*op = e->is_dir ? "rmdir" : "unlink";
	if (unlinkat(e->dirfd, e->name, e->is_dir ? AT_REMOVEDIR : 0) != 0 &&
	    errno != ENOENT)
		return ENTRY_LEFT;
	return ENTRY_GONE;
}

/* Keep the first failure of the run; the caller holds the lock. */
static void note_locked(const char *path, const char *op, int errnum)
{
	if (have_failure)
		return;
	have_failure = true;
	first_failure.op = op;
	first_failure.errnum = errnum;
	snprintf(first_failure.path, sizeof(first_failure.path), "%s", path);
}

/* Keep the first replaced name that is not counted; the caller holds the lock. */
static void replaced_locked(const char *path, const char *op)
{
	if (first_failure.replaced[0])
		return;
	first_failure.replaced_op = op;
	snprintf(first_failure.replaced, sizeof(first_failure.replaced), "%s", path);
}

int cleanup_remove(const char *path)
{
	const char *op;
	int rc = 0;

	pthread_mutex_lock(&registry_lock);
	size_t i = find_locked(path);
	if (i < registry_len) {
		if (remove_entry(&registry[i], &op) == ENTRY_GONE)
			drop_locked(i);
		else
			rc = -1;
	}
	pthread_mutex_unlock(&registry_lock);
	return rc;
}

void cleanup_left(const char *path, const char *op, int errnum)
{
	pthread_mutex_lock(&registry_lock);
	left_outside++;
	note_locked(path, op, errnum);
	pthread_mutex_unlock(&registry_lock);
}

void cleanup_replaced(const char *path, const char *op)
{
	pthread_mutex_lock(&registry_lock);
	replaced_locked(path, op);
	pthread_mutex_unlock(&registry_lock);
}

int cleanup_sweep(void)
{
	int kept = 0;

	pthread_mutex_lock(&registry_lock);
	for (size_t i = registry_len; i-- > 0;) {
		const char *op;

		if (remove_entry(&registry[i], &op) == ENTRY_GONE)
			drop_locked(i);
		else
			kept++;
	}
	pthread_mutex_unlock(&registry_lock);
	return kept;
}

int cleanup_all(struct cleanup_failure *first)
{
	int failed;

	pthread_mutex_lock(&registry_lock);
	failed = left_outside;
	while (registry_len > 0) {
		struct cleanup_entry *e = &registry[--registry_len];
		const char *op;

		switch (remove_entry(e, &op)) {
		case ENTRY_LEFT:
			note_locked(e->path, op, errno);
			failed++;
			break;
		case ENTRY_REPLACED:
			replaced_locked(e->path, op);
			break;
		case ENTRY_GONE:
			break;
		}
		close(e->fd);
		free(e->path);
	}
	free(registry);
	registry = NULL;
	registry_cap = 0;
	if (first)
		*first = first_failure;
	left_outside = 0;
	have_failure = false;
	memset(&first_failure, 0, sizeof(first_failure));
	pthread_mutex_unlock(&registry_lock);
	return failed;
}
