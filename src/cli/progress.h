/* SPDX-License-Identifier: MIT */
/*
 * progress.h - what the user sees while phases run, on stderr: on a
 * terminal one line rewritten in place (phase, percent, current speed,
 * time left for the phase and the run); elsewhere bonnie++ 2.00a's progress
 * words ("Writing intelligently...done"). Fills a struct run_hooks; the
 * driver calls it, the phases never do.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "run/run.h"

enum progress_style { PROGRESS_NONE, PROGRESS_WORDS, PROGRESS_LINE };

struct progress {
	FILE *out;
	enum progress_style style;
	const struct config *cfg;
	const struct run_plan *plan;
	size_t index;            /* current phase's place in the plan */
	bool pending;            /* words printed, or a line shown, not yet ended */
	uint64_t last_done;      /* units at the previous tick */
	uint64_t last_ns;        /* phase time at the previous tick */
	uint64_t bulk_bytes;     /* bytes of finished bulk phases ... */
	uint64_t bulk_ns;        /* ... and the time they took, for the run ETA */
};

/* The style -q, --progress and whether stderr is a terminal call for. */
enum progress_style progress_style_for(enum progress_mode mode, bool quiet,
				       bool terminal);

/* Report a run of PLAN under CFG to OUT in STYLE. P must outlive the run. */
void progress_init(struct progress *p, FILE *out, enum progress_style style,
		   const struct config *cfg, const struct run_plan *plan);

/* The hooks that report through P. */
void progress_hooks(struct progress *p, struct run_hooks *hooks);

/* End a half-printed progress line, so an error message starts a line. */
void progress_abort(struct progress *p);

#endif
