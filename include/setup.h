/* SPDX-License-Identifier: MIT */
/*
 * setup.h - the checks and preparations between a valid configuration and
 * the first phase: descriptor limits, free space and inodes, clyde's own
 * directory, what O_DIRECT needs there, the device under it, the
 * provenance. Each returns 0, or an exit status with a one-line reason (no
 * "clyde: " prefix) in ERR; none prints or exits.
 */
#ifndef SETUP_H
#define SETUP_H

#include <stddef.h>

#include "clyde.h"
#include "run.h"

/*
 * Raise the soft limit on open descriptors to what CFG keeps open at once
 * (the seek phase holds every piece of every copy; the file tests each
 * copy's directory, and with -b every sub-directory). EXIT_SETUP when
 * the hard limit is too low.
 */
int setup_file_limit(const struct config *cfg, char *err, size_t len);

/* Refuse, before the first byte, a run the filesystem has no room for. */
int setup_preflight(const struct config *cfg, char *err, size_t len);

/*
 * Read the provenance of cfg->dir and of the machine into target->prov
 * (provenance.h; what cannot be read stays unknown) and set
 * target->prov_known. Call it before privileges are dropped (-u), and
 * before setup_target, which keeps it. Never fails.
 */
void setup_provenance(const struct config *cfg, struct run_target *target);

/*
 * Make clyde's directory inside cfg->dir, probe it (O_DIRECT and its
 * alignment, when CFG has I/O tests) and find the block device under it,
 * into *target. On failure the directory, if made, is in the cleanup
 * registry for the caller's cleanup_all().
 */
int setup_target(const struct config *cfg, struct run_target *target,
		 char *err, size_t len);

#endif
