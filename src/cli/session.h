/* SPDX-License-Identifier: MIT */
/*
 * session.h - what every command that runs tests (clyde, clyde mark)
 * shares between a valid configuration and its exit status: the set-up
 * before any I/O, the progress and barrier hooks of a driver run, the
 * files written at the end, and how a failure is said and cleaned up
 * after. Prints on stderr; never exits (main.c does).
 */
#ifndef SESSION_H
#define SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "mpi/ranks.h"
#include "progress.h"
#include "run/run.h"
#include "sys/out.h"

/* session_set_up's answer when the next step is to run the tests. */
#define SESSION_GO_ON (-1)

/* The seed when -z is not given: pid ^ time. */
uint64_t session_seed(void);

/* Remove everything clyde made (saying what could not be), then give back
 * STATUS (EXIT_IO for 0 when something was left). */
int session_finish(int status);

/* Say the printf-style message as "clyde: ...", then session_finish(STATUS). */
int session_fail(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Clean up, then say which write failed (cleanup_request_stop): EXIT_OUTPUT. */
int session_fail_output(void);

/* *ERR for a run stopped by a signal or a failed write; its status. */
int session_interrupted(struct phase_error *err);

/* Say the phase's error E (one line) after the clean-up it calls for;
 * the status to exit with. */
int session_phase_error(const struct phase_error *e);

/*
 * A results file (--json, clyde mark's --csv) opened before any I/O, as
 * the user clyde runs as, without truncating it, so that a run that fails
 * leaves an older file as it was; a file it creates is recorded for
 * clean-up until it is written, so that a run that fails leaves no empty
 * one. A FIFO waits for its reader, a signal ending the wait. A file that
 * cannot take results is refused now, not after the run: one of the
 * kernel's (/proc, /sys). stdout for "-".
 * NULL with *WHY saying why.
 */
FILE *session_open(const char *path, const char **why);

/*
 * Before *F (from session_open) is written: if PATH still leads to it,
 * empty it (a regular file). If PATH was removed or renamed during the
 * run, say so and make a new file there for the results (*F then is
 * that). If PATH now holds another file, leave it alone and fail. 0, or
 * the status to exit with, after the message and clean-up.
 */
int session_write_begin(FILE **f, const char *path);

/* F written: check it, close it and leave PATH to the user. 0, or the
 * status (after clean-up). */
int session_write_end(FILE *f, const char *path);

/*
 * Everything between a valid CFG and the first phase: signals,
 * privileges, -p, -y s, where the results go (rank 0's, over MPI; stdout
 * must be open when NEEDS_STDOUT), the checks, clyde's directory (named
 * for its MPI rank), *target and, for CFG's --json, *json. SESSION_GO_ON,
 * or the status to exit with (after clean-up).
 */
int session_set_up(const struct config *cfg, const struct ranks *rk,
		   const struct out_std *std, bool needs_stdout,
		   struct run_target *target, FILE **json);

/*
 * The same for N directories at once (--vary dir=...): CFGS[0] decides
 * everything but the directories; each CFGS[i] gets its own TARGETS[i]
 * (its provenance read before privileges are dropped, its checks and
 * clyde's directory in it).
 */
int session_set_up_dirs(const struct config *const *cfgs, size_t n,
			const struct ranks *rk, const struct out_std *std,
			bool needs_stdout, struct run_target *targets,
			FILE **json);

/* Where the journals of --vary's settings are kept: SETTING_JOURNAL_DIR,
 * or CLYDE_TEST_JOURNAL_DIR for the tests. */
const char *session_journal_dir(void);

/*
 * Put back what --vary runs killed outright left changed (their journals
 * that no live process holds), saying each setting put back and each
 * journal; with SAY_NONE, also that there was none. The count of
 * settings that could not be put back.
 */
int session_recover(bool say_none);

/* clyde --restore: session_recover as root; the exit status. */
int session_restore(void);

/*
 * --trim: FITRIM on the filesystem of TARGET's directory, said on stderr
 * (unless -q) and into *OUT; nothing without CFG's --trim (*OUT not
 * done). 0, or the status to exit with (said, after clean-up).
 */
int session_trim(const struct config *cfg, const struct run_target *target,
		 struct trim_figure *out);

/* What a driver run shows as it goes and waits for: progress on stderr,
 * the -y barrier. */
struct session_run {
	struct progress progress;
	struct run_hooks hooks;
};

/* S's hooks for a run of PLAN under CFG; the caller may add its own. */
void session_run_begin(struct session_run *s, const struct config *cfg,
		       const struct run_plan *plan);

/* The driver returned STATUS: a signal or a failed write since makes the
 * run not done (*ERR says so); a half-printed progress line is ended
 * before any error. The status. */
int session_run_end(struct session_run *s, int status, struct phase_error *err);

#endif
