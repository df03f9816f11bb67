/* SPDX-License-Identifier: MIT */
/*
 * settings.h - the one list of the settings that change what a clyde-mpi
 * run measures (sizes, chunk, seeks, the file tests, direct and
 * synchronous I/O, the data, the per-char method, the random-I/O tests and
 * their engine, the copies, the runs, the sharing and the deadline): every
 * rank must be given the same, or the combined figures would mix
 * different tests. Each setting is one number per rank; ranks.c compares
 * them at the first agreement, and rank 0 says which differ, where.
 */
#ifndef SETTINGS_H
#define SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "run/run.h"

/* How many settings the list has. */
size_t settings_count(void);

/* Each setting of CFG, as this rank set up in TARGET, into OUT[0..count). */
void settings_values(const struct config *cfg, const struct run_target *target,
		     uint64_t *out);

/*
 * The settings on which ALL (RANKS rows of settings_count() values, rank
 * order) differ, as one line into OUT (LEN bytes): for each, its name and
 * which ranks have which value, "-s size: 8m on ranks 0-1, 64m on rank 2".
 * Returns how many settings differ (0: OUT is "").
 */
size_t settings_explain(const uint64_t *all, size_t ranks, char *out,
			size_t len);

#endif
