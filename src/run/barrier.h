/* SPDX-License-Identifier: MIT */
/*
 * barrier.h - keeping several clyde processes in step (-p, -y), as bonnie++'s
 * semaphores do: -p N makes a set of POSIX named semaphores forming one
 * barrier per test for N processes, -p -1 removes them; -y s waits at the
 * test's barrier before each test, -y p prompts on stdin instead.
 */
#ifndef BARRIER_H
#define BARRIER_H

#include <stddef.h>

#include "config.h"
#include "run.h"

#define BARRIER_MAX_PROCS 32767L /* the least SEM_VALUE_MAX POSIX allows */
#define BARRIER_PREFIX_ENV "CLYDE_SYNC_PREFIX"
#define BARRIER_PREFIX_DEFAULT "/clyde.sync"
#define BARRIER_LINE_MAX 4096 /* longest -y p answer, newline included */

/*
 * Create the semaphores for PROCS processes (1..BARRIER_MAX_PROCS), replacing
 * any old set, mode 0600 for the user clyde runs as. Names start with
 * $CLYDE_SYNC_PREFIX (default "/clyde.sync"). 0, or -1 with a one-line
 * reason in ERR.
 */
int barrier_create(long procs, char *err, size_t len);

/* Remove the set. 0, or -1 with a reason in ERR (e.g. there is none). */
int barrier_remove(char *err, size_t len);

/* -y s: check, before any I/O, that the set exists and can be used. */
int barrier_check(char *err, size_t len);

/*
 * Set hooks->before_phase for CFG's -y mode (nothing without -y). The
 * hooks ignore hooks->arg, so they sit beside any other hooks. Every wait
 * polls the stop flag (cleanup.h) a few times a second, and the -y p
 * answer is read with a bound (BARRIER_LINE_MAX bytes to its newline);
 * a hook returns the exit status when the barrier or stdin fails or
 * clyde is stopping.
 */
void barrier_hooks(const struct config *cfg, struct run_hooks *hooks);

#endif
