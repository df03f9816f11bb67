/* SPDX-License-Identifier: MIT */
/*
 * progress.c - progress on stderr through the driver's hooks: bonnie++
 * 2.00a's words, or on a terminal one line rewritten in place and cleared
 * when the phase ends, so the tables print on a clean screen. Called only
 * from the driver's thread, a few times a second. Every write is checked
 * (out.h): a stderr that fails stops the run.
 */
#include "progress.h"

#include <inttypes.h>

#include "sys/out.h"

#define CLEAR_LINE "\r\033[K"

enum progress_style progress_style_for(enum progress_mode mode, bool quiet,
				       bool terminal)
{
	if (quiet || mode == PROGRESS_NEVER)
		return PROGRESS_NONE;
	if (mode == PROGRESS_ALWAYS || terminal)
		return PROGRESS_LINE;
	return PROGRESS_WORDS;
}

/* Seconds the phases after the current one should take: bulk phases at
 * the speed seen so far, random-I/O tests their fixed time; seeks and file
 * tests are not counted (the ETA says "~"). */
static double later_phases_s(const struct progress *p, double bulk_rate)
{
	double s = 0;

	for (size_t i = p->index + 1; i < p->plan->n; i++) {
		const struct plan_step *step = &p->plan->steps[i];
		uint64_t units = phase_units(step->info, p->cfg, step->arg);

		if (step->info->size == SIZE_TIME)
			s += (double)units / 1e9;
		else if (step->info->unit == UNIT_KIB_S && bulk_rate > 0)
			s += (double)units * p->cfg->concurrency / bulk_rate;
	}
	return s;
}

static void print_clock(FILE *out, double s)
{
	uint64_t t = s > 0 ? (uint64_t)(s + 0.5) : 0;

	if (t >= 3600)
		fprintf(out, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, t / 3600,
			t / 60 % 60, t % 60);
	else
		fprintf(out, "%" PRIu64 ":%02" PRIu64, t / 60, t % 60);
}

static void line_tick(void *arg, const struct plan_step *step, uint64_t done,
		      uint64_t total, uint64_t elapsed_ns)
{
	struct progress *p = arg;
	const struct phase_info *info = step->info;
	bool timed = info->size == SIZE_TIME, ios = info->size == SIZE_IOS;
	double phase_s = (double)elapsed_ns / 1e9;
	double dt = (double)(elapsed_ns - p->last_ns) / 1e9;
	double now = dt > 0 ? (double)(done - p->last_done) / dt : 0;
	double left = done > 0 ? phase_s * (double)(total - done) / (double)done : 0;
	double bulk_rate = 0;

	if (done > total)
		done = total;
	if (info->unit == UNIT_KIB_S && !ios && done > 0)
		bulk_rate = (double)(p->bulk_bytes + done) /
			    ((double)p->bulk_ns / 1e9 + phase_s);
	else if (p->bulk_ns > 0)
		bulk_rate = (double)p->bulk_bytes / ((double)p->bulk_ns / 1e9);
	p->last_done = done;
	p->last_ns = elapsed_ns;

	/* All issued: what remains is the fsync and close (a timed test's
	 * time is up however far its count got: 100% too). */
	bool issued = done >= total || (timed && elapsed_ns >= total);

	fprintf(p->out, CLEAR_LINE "[%zu/%zu] %s %3d%%", p->index + 1, p->plan->n,
		step->name, issued ? 100 : total ? (int)(done * 100 / total) : 0);
	if (issued) {
		fputs("  flushing to the disk", p->out);
		out_check(p->out, "stderr");
		p->pending = true;
		return;
	}
	if (ios)
		fprintf(p->out, "  %.0f IOPS", now);
	else if (info->unit == UNIT_KIB_S && !timed)
		fprintf(p->out, "  %.1f MiB/s", now / (double)MIB);
	else if (!timed)
		fprintf(p->out, "  %.0f/s", now);
	fputs("  ", p->out);
	print_clock(p->out, left);
	fputs(" left, run ~", p->out);
	print_clock(p->out, left + later_phases_s(p, bulk_rate));
	out_check(p->out, "stderr");
	p->pending = true;
}

static void phase_begin(void *arg, const struct plan_step *step)
{
	struct progress *p = arg;

	p->last_done = 0;
	p->last_ns = 0;
	while (p->index + 1 < p->plan->n && &p->plan->steps[p->index] != step)
		p->index++;
	if (p->style == PROGRESS_WORDS) {
		if (step->info->words)
			fputs(step->info->words, p->out);
		else
			fprintf(p->out, "%s...", step->name);
		p->pending = true;
	} else {
		fprintf(p->out, CLEAR_LINE "[%zu/%zu] %s", p->index + 1, p->plan->n,
			step->name);
		p->pending = true;
	}
	out_check(p->out, "stderr");
}

static void phase_finish(void *arg, const struct plan_step *step,
			 const struct phase_result *r)
{
	struct progress *p = arg;
	const struct phase_info *info = step->info;

	if (info->unit == UNIT_KIB_S) {
		p->bulk_bytes += r->bytes;
		p->bulk_ns += r->elapsed_ns;
	}
	if (p->style == PROGRESS_LINE) {
		fputs(CLEAR_LINE, p->out);
	} else {
		uint64_t times = info->done_per_seeker ? p->cfg->io.seekers : 1;

		for (uint64_t i = 0; i < times; i++)
			fputs(info->done, p->out);
		fputc('\n', p->out);
	}
	p->pending = false;
	if (p->index + 1 < p->plan->n)
		p->index++;
	out_check(p->out, "stderr");
}

void progress_abort(struct progress *p)
{
	if (p->style != PROGRESS_NONE && p->pending) {
		fputs(p->style == PROGRESS_LINE ? CLEAR_LINE : "\n", p->out);
		out_check(p->out, "stderr");
		p->pending = false;
	}
}

void progress_init(struct progress *p, FILE *out, enum progress_style style,
		   const struct config *cfg, const struct run_plan *plan)
{
	*p = (struct progress){ .out = out, .style = style, .cfg = cfg, .plan = plan };
}

void progress_hooks(struct progress *p, struct run_hooks *hooks)
{
	bool on = p->style != PROGRESS_NONE;

	hooks->arg = p;
	hooks->phase_start = on ? phase_begin : NULL;
	hooks->phase_end = on ? phase_finish : NULL;
	hooks->phase_tick = p->style == PROGRESS_LINE ? line_tick : NULL;
}
