/* SPDX-License-Identifier: MIT */
/*
 * cleanup.h - the cleanup registry and the stop flag: the only mutable
 * globals in clyde. Everything clyde creates on disk is recorded here with
 * the directory descriptor it was made in and a descriptor of its own,
 * held open until the path is removed: while it is open the file's inode
 * cannot be freed, so its number cannot be handed to a new file, and a
 * name compared with it by device, inode and type is the file clyde made
 * or is not. Only a recorded path that is still the same file is ever
 * removed. Signal handlers only set the stop flag; the phases poll it and
 * unwind, and the main thread removes what was recorded.
 */
#ifndef CLEANUP_H
#define CLEANUP_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

/* What a name holds when it is no longer what clyde made there. */
#define CLEANUP_REPLACED "no longer the file clyde made; left alone"
#define CLEANUP_DIR_REPLACED "no longer the directory clyde made; left alone"

/*
 * Which file a name held when clyde made it: device, inode and type. An
 * identity only while the file is held open (the registry holds what it
 * records): once a file is gone its inode number is free for a new one.
 */
struct file_id {
	uint64_t dev, ino;
	uint32_t type; /* st_mode & S_IFMT */
};

/* The identity of the file *ST describes. */
struct file_id file_id_of(const struct stat *st);

/* Whether *ST is the file ID names: same device, inode and type. */
bool file_id_is(const struct file_id *id, const struct stat *st);

/*
 * Install the handlers. Every catchable signal whose default action ends
 * the process, except the program-error ones, sets the stop flag: SIGINT,
 * SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
 * SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT where they exist and the
 * real-time signals (without SA_RESTART, so a blocked read returns EINTR;
 * all unblocked, in case the parent blocked them). Repeats never exit:
 * the clean-up always runs. A repeat at least a second after the first
 * signal (a person asking again, not `timeout` signalling the process and
 * then its group) writes one line saying clyde is removing its files.
 * SIGHUP is ignored, as bonnie++ does, and SIGPIPE too, so that a reader
 * that went away is an ordinary EPIPE on the write. The program-error
 * signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) keep
 * their default: a crash is a bug. Call before starting threads. Returns
 * -1 with errno on failure.
 */
int cleanup_init(void);

/* Ignore SIGPIPE only (for `clyde report`, which makes no files). */
int cleanup_ignore_sigpipe(void);

/* The first signal received, or 0. Async-signal-safe, thread-safe. */
int cleanup_signal(void);

/*
 * True once a signal arrived or cleanup_request_stop() was called: every
 * loop that waits or works polls this. Async-signal-safe, thread-safe.
 */
bool cleanup_stopping(void);

/*
 * Ask every phase to stop as a signal would, because writing to STREAM
 * ("stdout", "stderr", the JSON file's name; kept by pointer, so a string
 * that lives to the end) failed with ERRNUM. The first request is kept.
 * Thread-safe.
 */
void cleanup_request_stop(const char *stream, int errnum);

/* The first request's stream and errno; false when none was made. */
bool cleanup_stop_reason(const char **stream, int *errnum);

/*
 * Never print the line a repeated signal prints from now on: after the
 * final clean-up, and on an MPI rank other than 0 (the launcher signals
 * every rank, and rank 0 speaks for them all).
 */
void cleanup_quiet_repeats(void);

/*
 * Record PATH as made by clyde: its last component is the name inside the
 * directory DIRFD (which must stay open until cleanup_all), FD the file
 * or directory just made there (the registry opens the name again for a
 * descriptor of its own that only holds it, an O_PATH one, checked to be
 * FD's file; the caller may close FD), IS_DIR whether it is a directory.
 * The whole PATH is what messages show. Thread-safe. Returns -1 with
 * errno (ENOMEM; EMFILE when no descriptor is left; EEXIST when the name
 * no longer holds FD's file). Recording the same path twice is harmless.
 */
int cleanup_add(int dirfd, const char *path, int fd, bool is_dir);

/* True when PATH is recorded (clyde created it and has not removed it). */
bool cleanup_owns(const char *path);

/* Forget PATH (it is the user's now, or clyde removed it itself) and close
 * the descriptor held for it. Thread-safe. */
void cleanup_forget(const char *path);

/*
 * Remove the recorded PATH now, if it is still the file clyde made.
 * Returns 0 when it is gone (removed, or removed by someone else), else
 * -1 with errno, 0 when the name holds something else or clyde's file was
 * moved from it; it then stays recorded, for cleanup_all to count.
 */
int cleanup_remove(const char *path);

/*
 * Count PATH, made by clyde but kept outside the registry (the file
 * tests' names), as left behind: OP failed with ERRNUM (0: OP says it
 * all). Thread-safe.
 */
void cleanup_left(const char *path, const char *op, int errnum);

/*
 * Say, without counting it, that the name PATH (kept outside the registry)
 * holds what clyde did not make, OP, while the file clyde made there is
 * known to be gone. Thread-safe.
 */
void cleanup_replaced(const char *path, const char *op);

/*
 * Remove every recorded path that can go now, newest first, as cleanup_all
 * does, but keep the ones that will not go recorded, for cleanup_all to
 * retry, count and name. Returns how many stay. Thread-safe.
 */
int cleanup_sweep(void);

/* The first path clyde could not remove, and why; and the first name
 * left alone whose own file is gone, which is not counted. */
struct cleanup_failure {
	char path[PATH_MAX];
	const char *op;  /* "unlink", "rmdir", or why it was left alone */
	int errnum;      /* 0 when op says it all */
	char replaced[PATH_MAX]; /* "" when there is none */
	const char *replaced_op;
};

/*
 * Remove every recorded path that still holds the file clyde made, newest
 * first (files before the directories that hold them), forget them all
 * and close their descriptors. A name that now holds something else is
 * left alone, and so is a directory that still holds something. Returns
 * how many of the files and directories clyde made are left on disk: the
 * ones it could not remove (a name that holds something else counts only
 * while clyde's own file still exists, moved elsewhere; one removed by
 * someone else does not), plus the ones cleanup_left counted, describing
 * the first in *FIRST (may be NULL), and there too the first name left
 * alone that was not counted.
 */
int cleanup_all(struct cleanup_failure *first);

#endif
