/* SPDX-License-Identifier: MIT */
/*
 * phase_id.h - the tests by number, in bonnie++ order. What each one is
 * (names, units, how it runs) is its row of the phase table
 * (src/run/phase_info.h).
 */
#ifndef PHASE_ID_H
#define PHASE_ID_H


/* The tests, in bonnie++ order; the index is also the -y/-p test number. */
enum phase_id {
	PHASE_PUTC,       /* per-char output */
	PHASE_WRITE,      /* block output */
	PHASE_REWRITE,    /* rewrite */
	PHASE_GETC,       /* per-char input */
	PHASE_READ,       /* block input */
	PHASE_SEEKS,      /* random seeks */
	PHASE_SEQ_CREATE, /* file tests: sequential create, stat+read, delete */
	PHASE_SEQ_STAT,
	PHASE_SEQ_DELETE,
	PHASE_RAN_CREATE, /* random create, stat+read, delete */
	PHASE_RAN_STAT,
	PHASE_RAN_DELETE,
	PHASE_COUNT
};
#define PHASE_IO_FIRST PHASE_PUTC
#define PHASE_IO_LAST PHASE_SEEKS
#define PHASE_FILE_FIRST PHASE_SEQ_CREATE
/* Pseudo-id of the --random-io tests: their results go to run_results.random[]. */
#define PHASE_RANDOM PHASE_COUNT
/* Pseudo-id of `clyde mark`'s steps: their figures go where the step says. */
#define PHASE_MARK (PHASE_COUNT + 1)

#endif
