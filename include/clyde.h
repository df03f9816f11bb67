/* SPDX-License-Identifier: MIT */
/*
 * clyde.h - clyde's version and the binary units every layer counts in.
 * The rest of the shared vocabulary is beside it in include/: defaults.h
 * (defaults and limits), phase_id.h (the tests), results.h (one run's
 * figures), config.h (a validated command line), provenance.h (what a run
 * ran on), exit_status.h. Those headers hold types and constants only;
 * every function is declared beside its source under src/.
 */
#ifndef CLYDE_H
#define CLYDE_H

#include <stdint.h>

#define CLYDE_VERSION "0.1.0"

#define KIB ((uint64_t)1024)
#define MIB ((uint64_t)1024 * 1024)
#define GIB ((uint64_t)1024 * 1024 * 1024)

#endif
