/* SPDX-License-Identifier: MIT */
/*
 * ranks_internal.h - what ranks.c (the agreements, the figures, the
 * errors) and ranks_share.c (what the ranks share: their settings, the
 * job's directory, the file block input reads) give each other.
 */
#ifndef RANKS_INTERNAL_H
#define RANKS_INTERNAL_H

#include "ranks.h"

/* Rank RANK's copy 0 among every rank's copies (each copy's data is
 * seeded apart by it; --reorder checks another rank's with it). */
uint64_t ranks_copy0_of(uint32_t rank);

/*
 * Whether every rank was given the same settings (settings.h), compared
 * over all ranks: 0 when they were; EXIT_USAGE when not, rank 0 saying
 * which differ and where in ERR (the others' ERR empty); -1 when the
 * communication broke.
 */
int ranks_same_settings(struct ranks *rk, const struct config *cfg,
			const struct run_target *target, char *err, size_t len);

/*
 * Set target->share for this rank (collective): the job's seed, the job's
 * directory when CFG shares a file or a directory, and for --reorder the
 * rank block input reads (with its directory when the files are the
 * copies' own). 0; else this rank's status, ERR saying why (the caller
 * then agrees with the others on who failed), or -1 when the
 * communication broke.
 */
int ranks_share_begin(struct ranks *rk, const struct config *cfg,
		      struct run_target *target, char *err, size_t len);

/*
 * After the last collective call, when every rank has removed its own
 * files: rank 0 removes the job's directory (*STATUS becomes EXIT_IO,
 * said, when that fails and it was 0); every rank closes what
 * ranks_share_begin opened.
 */
void ranks_share_end(struct ranks *rk, int *status);

#endif
