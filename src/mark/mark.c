/* SPDX-License-Identifier: MIT */
/*
 * mark.c - a `clyde mark` run: the plan of driver steps (lay the file out,
 * then every run of every test, reads before writes), the run through
 * run.c's driver, and the results made of the figures the driver left in
 * the plan: each test direction's runs, its score (the mean of the runs or
 * the best one), its latency over every I/O and the device's bytes.
 */
#include "mark.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/shape.h"
#include "engine/engine.h"
#include "io/iobuf.h"
#include "platform/env.h"
#include "exit_status.h"
#include "lib/origin.h"

/*
 * One test direction's steps: RUNS runs of one spec, each TIME_NS long, or
 * at most that long and one pass of the file per thread with PASS.
 */
static void add_runs(struct mark_plan *mp, const struct mark_test *t, bool writes,
		     uint32_t runs, uint64_t time_ns, bool pass)
{
	size_t k = mp->n++;
	char name[MARK_NAME_MAX];

	mp->tests[k] = *t;
	mp->tests[k].dirs = writes ? MARK_WRITE : MARK_READ;
	mp->writes[k] = writes;
	mp->specs[k] = (struct random_spec){
		.writes = writes, .sequential = t->sequential,
		.block_bytes = t->block_bytes, .depth = t->depth,
		.threads = t->threads, .time_ns = time_ns, .pass = pass,
	};
	mark_test_name(t, name, sizeof(name));
	for (uint32_t r = 0; r < runs; r++) {
		snprintf(mp->names[k][r], sizeof(mp->names[k][r]), "%s %s %" PRIu32
			 "/%" PRIu32, name, writes ? "write" : "read", r + 1, runs);
		mp->plan.steps[mp->plan.n++] = (struct plan_step){
			.info = &phase_mark_info, .arg = &mp->specs[k],
			.name = mp->names[k][r], .result_out = &mp->results[k][r],
			.lat_out = &mp->lat[k], .probe_out = &mp->probe[k],
		};
	}
}

void mark_plan_init(struct mark_plan *mp, const struct mark_options *mo,
		    const struct config *cfg)
{
	uint64_t time_ns = (uint64_t)mo->time_s * 1000000000u;
	bool pass = mo->method == MARK_BY_SIZE;

	memset(mp, 0, sizeof(*mp));
	mp->runs = mo->runs;
	for (size_t k = 0; k < 2 * MARK_MAX_TESTS; k++) {
		stats_init(&mp->lat[k]);
		probe_sum_init(&mp->probe[k]);
	}
	mp->plan.steps[mp->plan.n++] = (struct plan_step){
		.info = &phase_mark_layout_info, .name = phase_mark_layout_info.name,
		.result_out = &mp->layout,
	};
	for (size_t i = 0; i < mo->tests.n; i++) {
		const struct mark_test *t = &mo->tests.tests[i];

		if (t->dirs & MARK_READ)
			add_runs(mp, t, false, mo->runs, time_ns, pass);
		if (t->dirs & MARK_WRITE)
			add_runs(mp, t, true, mo->runs, time_ns, pass);
	}
	if (cfg->steady.on)
		mark_steady_plan(mp, cfg);
}

/* A step's figures as a mark figure: MB/s in 10^6 bytes. */
static struct mark_figures figures_of(const struct phase_result *p)
{
	double s = p->elapsed_ns ? (double)p->elapsed_ns / 1e9 : 0;

	struct mark_figures f = {
		.ios = p->ops, .bytes = p->bytes, .elapsed_ns = p->elapsed_ns,
		.cpu_ns = p->cpu_ns,
		.mb_per_s = s > 0 ? (double)p->bytes / s / 1e6 : 0,
		.iops = s > 0 ? (double)p->ops / s : 0,
		.mean_us = (double)p->lat.mean_ns / 1e3,
		.series = p->series,
	};

	shape_find(&f.series, false); /* the verdicts on it: made here, once */
	return f;
}

/*
 * The test's figure: the best run (the most bytes per second), or the mean
 * of the runs' rates and mean latencies with the counts and times summed.
 */
static struct mark_figures score_of(const struct mark_result *t, enum mark_score score)
{
	struct mark_figures s = { 0 };
	size_t best = 0;

	if (t->n_runs == 0)
		return s;
	for (size_t r = 0; r < t->n_runs; r++) {
		s.ios += t->run[r].ios;
		s.bytes += t->run[r].bytes;
		s.elapsed_ns += t->run[r].elapsed_ns;
		s.cpu_ns += t->run[r].cpu_ns;
		s.mb_per_s += t->run[r].mb_per_s / (double)t->n_runs;
		s.iops += t->run[r].iops / (double)t->n_runs;
		s.mean_us += t->run[r].mean_us / (double)t->n_runs;
		if (t->run[r].mb_per_s > t->run[best].mb_per_s)
			best = r;
	}
	if (score != MARK_BEST)
		return s;
	s = t->run[best];
	memset(&s.series, 0, sizeof(s.series)); /* the run's, not the test's */
	return s;
}

/* Reads: the share of their bytes the device read, 0..100; -1 unknown. */
static int disk_percent(const struct mark_result *t)
{
	double logical = 0;

	for (size_t r = 0; r < t->n_runs; r++)
		logical += (double)t->run[r].bytes;
	if (t->writes || !t->dev.known || logical <= 0)
		return -1;
	double pct = (double)t->dev.read_bytes * 100.0 / logical;
	return pct >= 100 ? 100 : (int)pct;
}

void mark_collect(const struct mark_plan *mp, enum mark_score score,
		  struct mark_results *res)
{
	res->score = score;
	res->layout = figures_of(&mp->layout);
	res->n = 0;
	for (size_t k = 0; k < mp->n; k++) {
		struct mark_result *t = &res->tests[res->n++];

		memset(t, 0, sizeof(*t));
		t->test = mp->tests[k];
		t->writes = mp->writes[k];
		t->dev.known = true;
		for (size_t r = 0; r < mp->runs; r++) {
			const struct phase_result *p = &mp->results[k][r];

			if (p->state == FIGURE_NONE)
				break;
			t->run[t->n_runs++] = figures_of(p);
			t->dev.known = t->dev.known && p->dev.known;
			t->dev.read_bytes += p->dev.read_bytes;
			t->dev.write_bytes += p->dev.write_bytes;
		}
		if (!t->dev.known || t->n_runs == 0)
			t->dev = (struct device_io){ 0 };
		t->score = score_of(t, score);
		stats_summarise(&mp->lat[k], &t->lat);
		probe_sum_result(&mp->probe[k], &t->probe);
		t->disk_pct = disk_percent(t);
		mark_steady_collect(mp, k, t);
	}
}

/* What every formatter says about the run besides its figures. */
static void describe(const struct mark_options *mo, const struct config *cfg,
		     const struct run_target *target, time_t started,
		     struct mark_results *res)
{
	char why[8];

	memset(res, 0, sizeof(*res));
	snprintf(res->version, sizeof(res->version), "%s", CLYDE_VERSION);
	snprintf(res->machine, sizeof(res->machine), "%s", cfg->machine);
	snprintf(res->profile, sizeof(res->profile), "%s",
		 mo->profile ? mo->profile : "");
	snprintf(res->dir, sizeof(res->dir), "%s", cfg->dir);
	res->size_mib = cfg->io.size_mib;
	res->runs = mo->runs;
	res->time_s = mo->time_s;
	res->method = mo->method;
	res->seed = cfg->seed;
	res->probe = cfg->probe;
	res->engine = target->engine;
	if (res->engine == ENGINE_AUTO)
		engine_select(ENGINE_AUTO, &res->engine, why, sizeof(why));
	res->dio_align = target->dio_align;
	origin_time_utc(started, res->started, sizeof(res->started));
	origin_command_line(cfg->argc, cfg->argv, res->command_line,
			    sizeof(res->command_line));
	res->prov_known = target->prov_known;
	if (target->prov_known)
		res->prov = target->prov;
}

/*
 * The I/O buffers of MP's largest test, taken before the layout fills
 * memory with its cache: one region a job thread (the layout's own chunk
 * buffer one more), so that every test's buffers are cut from huge pages
 * drawn while memory is whole. The threads engine's buffers, one block a
 * worker, fit in them too. A refusal only leaves it to each test.
 */
static void reserve_buffers(const struct mark_plan *mp)
{
	size_t len = 0, count = 0;

	for (size_t i = 0; i < mp->n; i++) {
		const struct mark_test *t = &mp->tests[i];
		size_t one = (size_t)t->depth * t->block_bytes;

		if ((uint64_t)one * t->threads > (uint64_t)len * count) {
			len = one;
			count = t->threads;
		}
	}
	io_reserve(count + 1, len);
}

int mark_run(const struct mark_options *mo, const struct config *cfg,
	     const struct run_target *target, struct mark_plan *mp,
	     const struct run_hooks *hooks, struct mark_results *res,
	     struct phase_error *err)
{
	struct run_results *scratch = malloc(sizeof(*scratch));
	time_t started = time(NULL);
	int status;

	if (!scratch) {
		memset(err, 0, sizeof(*err));
		snprintf(err->op, sizeof(err->op), "out of memory");
		err->errnum = ENOMEM;
		return err->status = EXIT_SETUP;
	}
	reserve_buffers(mp);
	status = run_phases(cfg, target, mp->plan.steps, mp->plan.n, hooks, scratch,
			    err);
	if (status != 0) {
		free(scratch);
		return status;
	}
	describe(mo, cfg, target, started, res);
	res->removal = scratch->removal;
	free(scratch);
	env_describe(target->prov_known ? &target->prov : NULL, &target->dev,
		     &res->env);
	io_buffer_layout(&res->env.buffers);
	mark_collect(mp, mo->score, res);
	return 0;
}
