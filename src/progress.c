/* SPDX-License-Identifier: MIT */
/*
 * progress.c - progress on stderr through the driver's hooks: each phase's
 * bonnie++ 2.00a label when it starts and "done" when it ends.
 */
#include "progress.h"

static const char *const labels[PHASE_COUNT] = {
	[PHASE_PUTC] = "Writing a byte at a time...",
	[PHASE_WRITE] = "Writing intelligently...",
	[PHASE_REWRITE] = "Rewriting...",
	[PHASE_GETC] = "Reading a byte at a time...",
	[PHASE_READ] = "Reading intelligently...",
	[PHASE_SEEKS] = "start 'em...",
	[PHASE_SEQ_CREATE] = "Create files in sequential order...",
	[PHASE_SEQ_STAT] = "Stat files in sequential order...",
	[PHASE_SEQ_DELETE] = "Delete files in sequential order...",
	[PHASE_RAN_CREATE] = "Create files in random order...",
	[PHASE_RAN_STAT] = "Stat files in random order...",
	[PHASE_RAN_DELETE] = "Delete files in random order...",
};

static void words_start(void *arg, const struct phase_def *def)
{
	struct progress *p = arg;

	fputs(labels[def->id], p->out);
	fflush(p->out);
	p->pending = true;
}

static void words_end(void *arg, const struct phase_def *def,
		      const struct phase_result *r)
{
	struct progress *p = arg;

	(void)r;
	p->pending = false;
	if (def->id == PHASE_SEEKS) {
		for (uint64_t i = 0; i < p->cfg->io.seekers; i++)
			fputs("done...", p->out);
		fputc('\n', p->out);
	} else if (def->id >= PHASE_FILE_FIRST) {
		fputs("done.\n", p->out);
	} else {
		fputs("done\n", p->out);
	}
	fflush(p->out);
}

void progress_abort(struct progress *p)
{
	if (p->out && p->pending) {
		fputc('\n', p->out);
		p->pending = false;
	}
}

void progress_hooks(struct progress *p, FILE *out, const struct config *cfg,
		    struct run_hooks *hooks)
{
	p->out = out;
	p->cfg = cfg;
	p->pending = false;
	hooks->arg = p;
	hooks->phase_start = out ? words_start : NULL;
	hooks->phase_end = out ? words_end : NULL;
	hooks->phase_tick = NULL;
}
