/* SPDX-License-Identifier: MIT */
/*
 * test_hook.h - what clyde changes on purpose, for its own tests only:
 * CLYDE_TEST_CORRUPT=BLOCK flips a byte of that block of the I/O file
 * after the rewrite, so that tests/cli/verify.sh can watch --verify find
 * it; CLYDE_TEST_RANDOM_IOS=N makes every random-I/O test do exactly N
 * I/Os instead of running for its time, so that tests/cli/engines.sh can
 * hold the engines to the same counts. Documented in the man page's
 * ENVIRONMENT section, not in --help. cmd_classic.c hangs the first on the
 * driver's after_phase hook and applies the second to the plan; nothing
 * else in clyde corrupts data.
 */
#ifndef TEST_HOOK_H
#define TEST_HOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "run.h"

struct test_fault {
	bool corrupt;          /* CLYDE_TEST_CORRUPT was set */
	uint64_t block;        /* the block to corrupt */
	uint64_t chunk_bytes;  /* the run's block size */
	uint64_t random_ios;   /* CLYDE_TEST_RANDOM_IOS; 0: unset */
};

/*
 * Read TEXT (the variable's value, or NULL when unset) for a run of CFG
 * into *fault. 0, or -1 with a one-line reason in ERR (not a number, or
 * past the file's last block).
 */
int test_fault_parse(const char *text, const struct config *cfg,
		     struct test_fault *fault, char *err, size_t len);

/*
 * Read TEXT (CLYDE_TEST_RANDOM_IOS, or NULL when unset) into *fault. 0, or
 * -1 with a one-line reason in ERR (not a number from 1 up).
 */
int test_fault_parse_ios(const char *text, struct test_fault *fault, char *err,
			 size_t len);

/* Give every random-I/O test of PLAN fault->random_ios I/Os, if set. */
void test_fault_plan(const struct test_fault *fault, struct run_plan *plan);

/*
 * The after_phase hook (run.h): after the rewrite, flip the middle byte of
 * the block through a descriptor of its own. 0, or EXIT_IO with *err.
 */
int test_fault_after_phase(const void *fault, const struct plan_step *step,
			   const struct iofile *tf, struct phase_error *err);

#endif
