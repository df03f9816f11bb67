/* SPDX-License-Identifier: MIT */
/*
 * vary_run.h - what a --vary run of the classic tests and of clyde mark
 * share: each setup's configuration and target (clyde's directory in each
 * directory tested, probed for each setup), the machine's settings found,
 * checked and tried before any I/O (run/vary_sys.h), and before each run
 * its settings made, the FITRIM, the line saying which setup runs and the
 * run's tag. The commands run the setups themselves, in vary_order's
 * rounds. Prints on stderr; never exits.
 */
#ifndef VARY_RUN_H
#define VARY_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "command.h"
#include "run/vary_sys.h"

struct vary_run {
	const struct config *base;
	size_t n_setups;
	size_t baseline;              /* the setup the others are compared with */
	struct config *cfgs;          /* each setup's configuration */
	struct run_target *targets;   /* each setup's target */
	size_t *dir_of;               /* each setup's directory, an index of: */
	size_t n_dirs;
	struct run_target *dir_targets;
	struct vary_sys sys;
	size_t *order;                /* the round being run */
};

/*
 * Everything between BASE (its --vary given) and the first run: every
 * setup's configuration, session_set_up_dirs for each directory tested,
 * each setup's target, the machine's settings checked and tried. NEEDS_STDOUT
 * and *json as session_set_up. SESSION_GO_ON, or the status to exit with
 * (after clean-up). vary_run_free in every case.
 */
int vary_run_set_up(struct vary_run *v, const struct config *base,
		    const struct command_env *env, bool needs_stdout, FILE **json);

void vary_run_free(struct vary_run *v);

/* The setups of round ROUND, in its order: v->order[0..n_setups). */
void vary_run_round(struct vary_run *v, size_t round);

/*
 * Before setup S runs as the POSITION-th (0-based) of round ROUND of
 * ROUNDS (0: -x auto, the number not known): its settings made, the
 * FITRIM, the line that says so (not with -q or --progress never), and
 * *TAG filled. 0, or the status to exit with (after clean-up, said).
 */
int vary_run_before(struct vary_run *v, size_t s, size_t round, size_t rounds,
		    size_t position, struct vary_tag *tag);

/* The setup shown I-th (the baseline first, then the others in order). */
size_t vary_run_shown(const struct vary_run *v, size_t i);

/* Refuse --vary under clyde-mpi: the status, or 0 when not under MPI. */
int vary_run_refuse_mpi(const struct command_env *env);

#endif
