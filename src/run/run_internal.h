/* SPDX-License-Identifier: MIT */
/*
 * run_internal.h - what the driver (run.c) and the copies' set-up
 * (run_copies.c) share: one copy of the tests, with its files and data.
 */
#ifndef RUN_INTERNAL_H
#define RUN_INTERNAL_H

#include <pthread.h>

#include "run.h"

struct phase_step; /* run.c's: what the copies of one phase share */
struct series_rec; /* run_series.h's: the recorder of each test over time */

/* One copy (-c) of the tests: its files, data, buffer and thread. */
struct copy {
	struct phase_ctx ctx;
	struct iofile tf;
	struct iofile read_tf;        /* --reorder: the file block input reads */
	struct data_pattern data;
	struct data_pattern read_data; /* what read_tf holds */
	struct phase_step *step;
	pthread_t thread;
	uint64_t start_ns, end_ns;
	uint64_t wait_ns;   /* its thread's time waiting for a CPU meanwhile */
};

/*
 * CFG's copies in TARGET: each one's I/O file (its own, or its region of
 * the shared file whose identity is AGREED's), what block input reads
 * (the same, or under --reorder another rank's), its data, buffer and
 * file-test state, ENGINE for the engine tests, REC's meter for their
 * threads to count on. NULL with *err filled (also when REC is NULL).
 */
struct copy *run_copies_new(const struct config *cfg,
			    const struct run_target *target,
			    enum engine_kind engine, struct run_agreed *agreed,
			    struct series_rec *rec, struct phase_error *err);

/* Every copy's files sized to EXTENT bytes of their size (UINT64_MAX: all). */
void run_copies_extent(struct copy *copies, unsigned n, uint64_t extent);

/*
 * Remove what the N copies in TARGET made (their I/O files, their file
 * tests' files and directories, a lone process's shared directory). The
 * test files' removal is timed, the one point where they go: from the
 * first unlink to the last piece's last close (cleanup_remove unlinks and
 * closes what the registry held), then a syncfs of the filesystem, which
 * waits for its journal's commit and the work it does for the freed
 * blocks; and then, while DEV (NULL: none) is still discarding, its
 * discards (online discard, which ext4 issues from a worker after the
 * commit). Into *FIG when every piece went and the run ended well (a
 * stopped or failed one goes at once). STATUS is the run's so far: the
 * first removal that fails becomes it (with *err) when it was 0. Returns
 * the status.
 */
int run_copies_remove(struct copy *copies, unsigned n,
		      const struct run_target *target, const struct device *dev,
		      int status, struct removal_figure *fig,
		      struct phase_error *err);

/*
 * A file of PATH that would not go by OP ("unlink", "remove", "rmdir"):
 * STATUS when the run already failed, else EXIT_IO with *err naming it
 * (errno as the failing call left it).
 */
int run_copies_removal_failed(int status, const char *path, const char *op,
			      struct phase_error *err);

/* Release the copies (after run_copies_remove). */
void run_copies_free(struct copy *copies, unsigned n);

#endif
