/* SPDX-License-Identifier: MIT */
/*
 * cleanup.c - the registry of paths clyde created and the signal flag.
 * These are clyde's only mutable globals (STYLE 10). Handlers touch nothing
 * but the flag and _exit(); removal happens on the main thread.
 */
#include "cleanup.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exit_status.h"

struct cleanup_entry {
	char *path;
	bool is_dir;
};

/* Set by the handler, polled by every copy's thread: a lock-free atomic is
 * both async-signal-safe (C11 7.14.1.1) and free of data races. */
static atomic_int signal_received;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal flag must be lock-free");
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cleanup_entry *registry;
static size_t registry_len, registry_cap;

static void on_signal(int sig)
{
	int saved = errno;

	if (atomic_load(&signal_received))
		_exit(EXIT_SIGNAL + sig); /* second signal: out at once */
	atomic_store(&signal_received, sig);
	errno = saved;
}

int cleanup_init(void)
{
	static const int caught[] = { SIGINT, SIGTERM, SIGXFSZ, SIGXCPU };
	struct sigaction sa;
	sigset_t unblock;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&unblock);
	sa.sa_flags = 0; /* no SA_RESTART: blocked reads return EINTR */
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++) {
		if (sigaction(caught[i], &sa, NULL) != 0)
			return -1;
		sigaddset(&unblock, caught[i]);
	}
	/* The mask is inherited across exec: a parent that blocked SIGINT
	 * would leave clyde deaf to Ctrl-C, and a blocked SIGXFSZ would turn
	 * `ulimit -f` into a bare EFBIG. Threads inherit this mask. */
	int rc = pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	sa.sa_handler = SIG_IGN;
	return sigaction(SIGHUP, &sa, NULL);
}

int cleanup_signal(void)
{
	return atomic_load(&signal_received);
}

static size_t find_locked(const char *path)
{
	for (size_t i = 0; i < registry_len; i++)
		if (strcmp(registry[i].path, path) == 0)
			return i;
	return registry_len;
}

int cleanup_add(const char *path, bool is_dir)
{
	int rc = 0;

	pthread_mutex_lock(&registry_lock);
	if (find_locked(path) < registry_len)
		goto out;
	if (registry_len == registry_cap) {
		size_t cap = registry_cap ? registry_cap * 2 : 16;
		struct cleanup_entry *grown = realloc(registry, cap * sizeof(*grown));

		if (!grown) {
			rc = -1;
			goto out;
		}
		registry = grown;
		registry_cap = cap;
	}
	registry[registry_len].path = strdup(path);
	if (!registry[registry_len].path) {
		rc = -1;
		goto out;
	}
	registry[registry_len++].is_dir = is_dir;
out:
	pthread_mutex_unlock(&registry_lock);
	if (rc)
		errno = ENOMEM;
	return rc;
}

bool cleanup_owns(const char *path)
{
	pthread_mutex_lock(&registry_lock);
	bool owned = find_locked(path) < registry_len;
	pthread_mutex_unlock(&registry_lock);
	return owned;
}

void cleanup_forget(const char *path)
{
	pthread_mutex_lock(&registry_lock);
	size_t i = find_locked(path);
	if (i < registry_len) {
		free(registry[i].path);
		memmove(&registry[i], &registry[i + 1],
			(registry_len - i - 1) * sizeof(*registry));
		registry_len--;
	}
	pthread_mutex_unlock(&registry_lock);
}

int cleanup_all(struct cleanup_failure *first)
{
	int failed = 0;

	pthread_mutex_lock(&registry_lock);
	while (registry_len > 0) {
		struct cleanup_entry *e = &registry[--registry_len];
		int rc = e->is_dir ? rmdir(e->path) : unlink(e->path);

		if (rc != 0 && errno != ENOENT && failed++ == 0 && first) {
			first->errnum = errno;
			first->op = e->is_dir ? "rmdir" : "unlink";
			snprintf(first->path, sizeof(first->path), "%s", e->path);
		}
		free(e->path);
	}
	free(registry);
	registry = NULL;
	registry_cap = 0;
	pthread_mutex_unlock(&registry_lock);
	return failed;
}
