/* SPDX-License-Identifier: MIT */
/*
 * run_opts.h - option handlers (core/opt.h) that fill a struct config the
 * same way for every command that runs tests (clyde, clyde mark): each
 * such command's rows name them, with its own help, and parse with the
 * struct config as the target. Never print, never exit.
 */
#ifndef RUN_OPTS_H
#define RUN_OPTS_H

#include <stdint.h>
#include <stdio.h>

#include "core/opt.h"

/* -m NAME: the machine name, without commas or control characters. */
enum opt_outcome run_opts_machine(struct opt_state *st, const char *arg);

/* -u USER[:GROUP] (the row has once set): a user name must come first. */
enum opt_outcome run_opts_user(struct opt_state *st, const char *arg);

/* -z SEED, refused beside a -Z row given before it. */
enum opt_outcome run_opts_seed(struct opt_state *st, const char *arg);

/* -Z FILE, refused beside a -z row given before it. */
enum opt_outcome run_opts_random_file(struct opt_state *st, const char *arg);

/* -y s|p. */
enum opt_outcome run_opts_sync(struct opt_state *st, const char *arg);

/* --engine NAME, with run_opts_engine_names as the row's choices. */
enum opt_outcome run_opts_engine(struct opt_state *st, const char *arg);
const char *run_opts_engine_names(size_t i);

/* --probe[=WHAT] (probe.h): reads alone without a value; the value may
 * also follow as the next argument. */
enum opt_outcome run_opts_probe(struct opt_state *st, const char *arg);

/* --progress WHEN, with run_opts_progress_names as the row's choices. */
enum opt_outcome run_opts_progress(struct opt_state *st, const char *arg);
const char *run_opts_progress_names(size_t i);

/* --max-rounds N: the most rounds of a --steady test (a window's worth
 * up to STEADY_MAX_ROUNDS). */
enum opt_outcome run_opts_max_rounds(struct opt_state *st, const char *arg);

/* --vary KEY=V1,V2,... (vary.h): the classic run's keys, or clyde mark's. */
enum opt_outcome run_opts_vary(struct opt_state *st, const char *arg);
enum opt_outcome run_opts_vary_mark(struct opt_state *st, const char *arg);

/* --baseline KEY=VALUE: kept, and found among the values by
 * run_opts_vary_finish. */
enum opt_outcome run_opts_vary_baseline(struct opt_state *st, const char *arg);

/* The help of --vary: every key, what it changes and where (help_fn). */
void run_opts_vary_help(FILE *out, const struct opt_row *row);

/*
 * After the rows: --baseline among --vary's values, the setups' labels,
 * and ROUNDS rounds of the setups within clyde's limits, each run moving
 * RUN_BYTES with RUN_SECONDS of timed tests (for the refusal's words).
 */
enum opt_outcome run_opts_vary_finish(struct opt_state *st, uint64_t rounds,
				      uint64_t run_bytes, uint64_t run_seconds);

#endif
