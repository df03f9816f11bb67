/* SPDX-License-Identifier: MIT */
/*
 * test_hook.h - the one fault clyde injects on purpose, for its own tests:
 * CLYDE_TEST_CORRUPT=BLOCK flips a byte of that block of the I/O file
 * after the rewrite, so that tests/cli/verify.sh can watch --verify find
 * it. Documented in the man page's ENVIRONMENT section, not in --help.
 * main.c hangs it on the driver's after_phase hook; nothing else in clyde
 * corrupts data.
 */
#ifndef TEST_HOOK_H
#define TEST_HOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clyde.h"
#include "run.h"

struct test_fault {
	bool corrupt;          /* CLYDE_TEST_CORRUPT was set */
	uint64_t block;        /* the block to corrupt */
	uint64_t chunk_bytes;  /* the run's block size */
};

/*
 * Read TEXT (the variable's value, or NULL when unset) for a run of CFG
 * into *fault. 0, or -1 with a one-line reason in ERR (not a number, or
 * past the file's last block).
 */
int test_fault_parse(const char *text, const struct config *cfg,
		     struct test_fault *fault, char *err, size_t len);

/*
 * The after_phase hook (run.h): after the rewrite, flip the middle byte of
 * the block through a descriptor of its own. 0, or EXIT_IO with *err.
 */
int test_fault_after_phase(const void *fault, const struct plan_step *step,
			   const struct testfile *tf, struct phase_error *err);

#endif
