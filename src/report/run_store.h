/* SPDX-License-Identifier: MIT */
/*
 * run_store.h - the runs `clyde report` keeps for what needs all of them
 * (tables and pages, --summary, --compare), in about 250 bytes a run
 * instead of a whole struct run_results: a fixed row holds each test's
 * state, rate, CPU, maximum latency and limit (a kind, what is missing,
 * cores: all a run without provenance has); the machine name, the setup
 * (program, sizes, mode) and the environment are kept once and shared by
 * every run that has the same. A run the row cannot give back exactly (a
 * JSON run's percentiles, series, random-I/O tests and measurements,
 * --probe's waits, or a figure a float does not hold) is kept whole. What comes back is the run as added,
 * verdicts included, except its seed, which no rendering of many runs
 * shows: the store computes nothing.
 */
#ifndef RUN_STORE_H
#define RUN_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "results.h"
#include "format/run_source.h"

struct run_store;

/* An empty store, or NULL when memory ran out. */
struct run_store *run_store_new(void);

/* Free S and everything it holds (NULL is fine). */
void run_store_free(struct run_store *s);

/* Add a copy of R (complete results). Returns 0, or -1 when memory ran out. */
int run_store_add(struct run_store *s, const struct run_results *r);

/* How many runs S holds. */
size_t run_store_count(const struct run_store *s);

/*
 * Run I (0 <= i < count) as it was added, seed aside; NULL past the end. Valid until the next run_store_get or
 * run_store_setup on S.
 */
const struct run_results *run_store_get(struct run_store *s, size_t i);

/*
 * Test P of run I without the rest of the run: state, rate, CPU and
 * maximum latency (the whole phase result for a run kept whole).
 */
void run_store_phase(const struct run_store *s, size_t i, enum phase_id p,
		     struct phase_result *out);

/* Run I's machine name and setup, as small numbers shared by equal runs. */
uint32_t run_store_name_id(const struct run_store *s, size_t i);
uint32_t run_store_setup_id(const struct run_store *s, size_t i);

/* How many distinct names and setups S holds (ids are 0 .. count - 1). */
size_t run_store_names(const struct run_store *s);
size_t run_store_setups(const struct run_store *s);

/* The machine name of name id ID. */
const char *run_store_name(const struct run_store *s, uint32_t id);

/*
 * What every run of setup ID shares, as a run without a name, figures or
 * verdicts (program, version, sizes, mode, environment). Valid like
 * run_store_get's.
 */
const struct run_results *run_store_setup(struct run_store *s, uint32_t id);

/*
 * SRC reads every run of S in order, then EXTRA[0..n_extra) (borrowed):
 * what a formatter renders. Any number of passes.
 */
void run_store_source(struct run_store *s, struct run_source *src,
		      const struct run_results *extra, size_t n_extra);

#endif
