/* SPDX-License-Identifier: MIT */
/*
 * progress.h - what the user sees while phases run, on stderr: bonnie++
 * 2.00a's progress words ("Writing intelligently...done"). Fills a
 * struct run_hooks; the driver calls it, the phases never do.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "clyde.h"
#include "run.h"

struct progress {
	FILE *out;
	const struct config *cfg;
	bool pending; /* a label was printed and awaits its "done" */
};

/*
 * Hooks that report to OUT (NULL: report nothing) for a run of CFG. P must
 * outlive the run.
 */
void progress_hooks(struct progress *p, FILE *out, const struct config *cfg,
		    struct run_hooks *hooks);

/* End a half-printed progress line, so an error message starts a line. */
void progress_abort(struct progress *p);

#endif
