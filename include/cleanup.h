/* SPDX-License-Identifier: MIT */
/*
 * cleanup.h - the cleanup registry and the signal flag: the only mutable
 * globals in clyde. Everything clyde creates on disk is recorded here, and
 * only recorded paths are ever removed. Signal handlers only set a flag
 * (the phases poll it and unwind); a second signal exits at once.
 */
#ifndef CLEANUP_H
#define CLEANUP_H

#include <limits.h>
#include <stdbool.h>

/*
 * Install the handlers: SIGINT, SIGTERM, SIGXFSZ and SIGXCPU set the flag
 * (without SA_RESTART, so a blocked read returns EINTR); a second one calls
 * _exit(128 + signal). The four are unblocked in case the parent blocked
 * them. SIGHUP is ignored, as bonnie++ does. Call before starting threads.
 * Returns -1 with errno on failure.
 */
int cleanup_init(void);

/* The first signal received, or 0. Async-signal-safe, thread-safe. */
int cleanup_signal(void);

/*
 * Record PATH (a file, or a directory if IS_DIR) as created by clyde, so
 * cleanup_all() removes it. Thread-safe. Returns -1 with errno ENOMEM.
 * Recording the same path twice is harmless.
 */
int cleanup_add(const char *path, bool is_dir);

/* True when PATH is recorded (clyde created it and has not removed it). */
bool cleanup_owns(const char *path);

/* Forget PATH after clyde removed it itself. Thread-safe. */
void cleanup_forget(const char *path);

/* The first path cleanup_all() could not remove, and why. */
struct cleanup_failure {
	char path[PATH_MAX];
	const char *op;  /* "unlink" or "rmdir" */
	int errnum;
};

/*
 * Remove every recorded path that still exists, newest first (files before
 * the directories that hold them), and forget them all. A directory that
 * still holds something clyde did not create is left in place. Returns the
 * number of paths that could not be removed (0 when all went), describing
 * the first in *FIRST (may be NULL).
 */
int cleanup_all(struct cleanup_failure *first);

#endif
