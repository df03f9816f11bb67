/* SPDX-License-Identifier: MIT */
/*
 * mark_steady.c - clyde mark --steady (mark.h): after every test's fresh
 * runs, each test direction preconditioned (the file twice in order, then
 * its own pattern written for --precondition's bytes) and run in rounds
 * until the SNIA rule holds (run/rounds.h), at most --max-rounds; every
 * step's writes counted so that no precondition or round starts that
 * would pass --max-write; each precondition said before it starts, with
 * its bytes and its time at the speeds the fresh runs measured.
 */
#include "mark.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format/fmt_text.h"
#include "lib/steady.h"

#define PASS_BLOCK_BYTES MIB  /* the passes in order: SEQ1M Q8T1 */
#define PASS_DEPTH 8u

/* What a step of a steady mark is. */
enum step_kind { STEP_FRESH, STEP_PASS, STEP_OWN, STEP_ROUND };

/* Step STEP's kind and test direction (*K; fresh steps: unknown). */
static enum step_kind kind_of(const struct mark_plan *mp,
			      const struct plan_step *step, size_t *k)
{
	for (*k = 0; *k < mp->n; (*k)++) {
		const struct mark_steady *st = &mp->st[*k];

		if (step->arg == &st->pass)
			return STEP_PASS;
		if (step->arg == &st->own)
			return STEP_OWN;
		if (step->arg == &st->round)
			return STEP_ROUND;
	}
	return STEP_FRESH;
}

/* Bytes a second the fresh runs of direction K wrote; 0 none. */
static double fresh_write_speed(const struct mark_plan *mp, size_t k)
{
	uint64_t bytes = 0, ns = 0;

	for (size_t r = 0; mp->writes[k] && r < mp->runs; r++) {
		bytes += mp->results[k][r].bytes;
		ns += mp->results[k][r].elapsed_ns;
	}
	return ns ? (double)bytes / ((double)ns / 1e9) : 0;
}

/* The write direction of direction K's test (K itself for a write), or
 * mp->n when the test has none. */
static size_t writer_of(const struct mark_plan *mp, size_t k)
{
	for (size_t j = 0; j < mp->n; j++)
		if (mp->writes[j] && mp->specs[j].sequential == mp->specs[k].sequential &&
		    mp->specs[j].block_bytes == mp->specs[k].block_bytes &&
		    mp->specs[j].depth == mp->specs[k].depth &&
		    mp->specs[j].threads == mp->specs[k].threads)
			return j;
	return mp->n;
}

static uint64_t spec_bytes(const struct random_spec *s)
{
	return s->ios * s->block_bytes;
}

/* What the step about to start (of KIND, direction K) will write. */
static uint64_t expected_bytes(const struct mark_plan *mp, enum step_kind kind,
			       size_t k)
{
	const struct mark_steady *st = &mp->st[k];
	const struct steady_record *rec = &st->rounds.rec;

	if (kind == STEP_PASS)
		return spec_bytes(&st->pass);
	if (kind == STEP_OWN)
		return spec_bytes(&st->own);
	if (!mp->writes[k])
		return 0;
	if (rec->n > 0) /* the last round's, when there was one */
		return (uint64_t)(rec->rate[rec->n - 1] * 1e6 * rec->round_s);
	return (uint64_t)(fresh_write_speed(mp, k) * rec->round_s);
}

/* " about 1 min 40 s" at SPEED bytes a second, or "" unknown. */
static void about(char *buf, size_t len, double bytes, double speed)
{
	double s = speed > 0 ? bytes / speed : NAN;

	if (!isfinite(s))
		snprintf(buf, len, "%s", "");
	else if (s < 90)
		snprintf(buf, len, "about %.0f s", s < 1 ? 1 : s);
	else
		snprintf(buf, len, "about %.0f min", s / 60);
}

/* Say direction K's precondition before it starts: its bytes, its time. */
static void say_precondition(const struct mark_plan *mp, size_t k)
{
	const struct mark_steady *st = &mp->st[k];
	size_t w = writer_of(mp, k);
	double layout_s = (double)mp->layout.elapsed_ns / 1e9;
	double pass_speed = layout_s > 0 ? (double)mp->layout.bytes / layout_s : 0;
	double own_speed = w < mp->n ? fresh_write_speed(mp, w) : 0;
	double pass = (double)spec_bytes(&st->pass), own = (double)spec_bytes(&st->own);
	char line[512], pass_t[32], own_t[32], own_part[128] = "";
	char all_b[32], pass_b[32], own_b[32];

	if (!mp->say)
		return;
	about(pass_t, sizeof(pass_t), pass, pass_speed);
	about(own_t, sizeof(own_t), own, own_speed);
	if (own > 0)
		snprintf(own_part, sizeof(own_part),
			 ", then %s of its own writes%s%s%s",
			 fmt_bytes_about((uint64_t)own, own_b, sizeof(own_b)),
			 own_t[0] ? " (" : "", own_t, own_t[0] ? ")" : "");
	snprintf(line, sizeof(line),
		 "steady: %s: the precondition writes %s: the file twice in order "
		 "(%s%s%s)%s; then rounds of %" PRIu32 " s until the SNIA rule "
		 "holds, at most %" PRIu32,
		 st->rounds.test,
		 fmt_bytes_about((uint64_t)(pass + own), all_b, sizeof(all_b)),
		 fmt_bytes_about((uint64_t)pass, pass_b, sizeof(pass_b)),
		 pass_t[0] ? ", " : "", pass_t, own_part, st->rounds.rec.round_s,
		 st->rounds.max);
	mp->say(mp->say_arg, line);
}

/*
 * The steps from I on: --max-write passes over a direction's steady steps
 * that would take the writes past it; the first one left that starts a
 * precondition is said.
 */
static void look_ahead(struct mark_plan *mp, size_t i)
{
	for (; i < mp->plan.n; i++) {
		const struct plan_step *step = &mp->plan.steps[i];
		size_t k;
		enum step_kind kind = kind_of(mp, step, &k);

		if (step->skip && *step->skip)
			continue;
		if (kind == STEP_FRESH)
			return;
		if (mp->max_write_bytes &&
		    mp->written_bytes + expected_bytes(mp, kind, k) > mp->max_write_bytes) {
			mp->st[k].fill_skip = true;
			rounds_write_cap(&mp->st[k].rounds);
			continue;
		}
		if (kind == STEP_PASS)
			say_precondition(mp, k);
		return;
	}
}

/* The driver's done callback of every step of a steady mark (ARG: it). */
static void step_done(void *arg, const struct plan_step *step,
		      const struct phase_result *r)
{
	struct mark_plan *mp = arg;
	uint64_t wrote = r->bytes - r->read_bytes;
	size_t k;
	enum step_kind kind = kind_of(mp, step, &k);

	mp->written_bytes += wrote;
	if (kind == STEP_PASS || kind == STEP_OWN) {
		struct steady_record *rec = &mp->st[k].rounds.rec;

		rec->precondition_bytes += wrote;
		rec->precondition_ns += r->elapsed_ns;
		rec->written_bytes += wrote;
	} else if (kind == STEP_ROUND) {
		rounds_add(&mp->st[k].rounds, step->info, r);
	}
	look_ahead(mp, (size_t)(step - mp->plan.steps) + 1);
}

/* Direction K's own writes: its pattern, writes, for BYTES (whole blocks). */
static uint64_t own_ios(uint64_t bytes, uint32_t block)
{
	return (bytes + block - 1) / block;
}

void mark_steady_plan(struct mark_plan *mp, const struct config *cfg)
{
	uint64_t file = cfg->io.size_mib * MIB;
	char test[MARK_NAME_MAX], name[48], bytes[32];

	mp->steady = true;
	mp->max_write_bytes = cfg->steady.max_write_bytes;
	for (size_t i = 0; i < mp->plan.n; i++) {
		mp->plan.steps[i].done = step_done;
		mp->plan.steps[i].done_arg = mp;
	}
	for (size_t k = 0; k < mp->n; k++) {
		struct mark_steady *st = &mp->st[k];
		const struct random_spec *t = &mp->specs[k];

		snprintf(name, sizeof(name), "%s %s",
			 mark_test_name(&mp->tests[k], test, sizeof(test)),
			 mp->writes[k] ? "write" : "read");
		st->pass = (struct random_spec){
			.writes = true, .sequential = true,
			.block_bytes = PASS_BLOCK_BYTES, .depth = PASS_DEPTH,
			.threads = 1, .ios = 2 * (file / PASS_BLOCK_BYTES),
		};
		st->own = *t;
		st->own.writes = true;
		st->own.time_ns = 0;
		st->own.ios = own_ios(cfg->steady.precondition_bytes, t->block_bytes);
		st->round = *t;
		st->round.time_ns = (uint64_t)cfg->steady.round_s * 1000000000u;
		snprintf(st->pass_name, sizeof(st->pass_name),
			 "%s: precondition, the file twice in order", name);
		snprintf(st->own_name, sizeof(st->own_name),
			 "%s: precondition, %s of its own writes", name,
			 fmt_bytes_about(spec_bytes(&st->own), bytes, sizeof(bytes)));
		rounds_init(&st->rounds, name, cfg->steady.round_s,
			    cfg->steady.max_rounds);
		mp->plan.steps[mp->plan.n++] = (struct plan_step){
			.info = &phase_mark_fill_info, .arg = &st->pass,
			.name = st->pass_name, .result_out = &st->pass_result,
			.skip = &st->fill_skip, .done = step_done, .done_arg = mp,
		};
		if (st->own.ios)
			mp->plan.steps[mp->plan.n++] = (struct plan_step){
				.info = &phase_mark_fill_info, .arg = &st->own,
				.name = st->own_name, .result_out = &st->own_result,
				.skip = &st->fill_skip, .done = step_done,
				.done_arg = mp,
			};
		for (uint32_t r = 0; r < st->rounds.max; r++)
			mp->plan.steps[mp->plan.n++] = (struct plan_step){
				.info = &phase_mark_info, .arg = &st->round,
				.name = st->rounds.name, .skip = &st->rounds.over,
				.done = step_done, .done_arg = mp,
			};
	}
}

uint64_t mark_steady_fixed_bytes(const struct mark_options *mo,
				 const struct config *cfg)
{
	uint64_t file = cfg->io.size_mib * MIB, bytes = file;

	if (!cfg->steady.on)
		return bytes;
	for (size_t i = 0; i < mo->tests.n; i++) {
		const struct mark_test *t = &mo->tests.tests[i];
		uint64_t own = own_ios(cfg->steady.precondition_bytes, t->block_bytes) *
			       t->block_bytes;
		unsigned dirs = (t->dirs & MARK_READ ? 1u : 0u) +
				(t->dirs & MARK_WRITE ? 1u : 0u);

		bytes += dirs * (2 * (file / PASS_BLOCK_BYTES) * PASS_BLOCK_BYTES + own);
	}
	return bytes;
}

void mark_steady_collect(const struct mark_plan *mp, size_t k,
			 struct mark_result *t)
{
	if (!mp->steady)
		return;
	t->steady = mp->st[k].rounds.rec;
	steady_record_rule(&t->steady, t->score.mb_per_s);
}
