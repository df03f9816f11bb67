/* SPDX-License-Identifier: MIT */
/*
 * run_plan.c - a classic run's plan (run.h): the steps of the phase table
 * that the configuration runs, in bonnie++ order, with the --random-io
 * tests after the seeks, on the same file, and under --steady each of
 * them followed by its rounds.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lib/steady.h"
#include "run.h"

/* --steady: a random-I/O test's round ended; ARG is the plan. */
static void random_round_done(void *arg, const struct plan_step *step,
			      const struct phase_result *r)
{
	struct run_plan *plan = arg;
	size_t k = (size_t)((const struct random_spec *)step->arg -
			    plan->random_specs);

	rounds_add(&plan->rounds[k], step->info, r);
}

/* The --random-io tests: reads at every depth, then writes at every
 * depth; with --steady, each followed by its rounds. */
static void add_random_tests(struct run_plan *plan, const struct config *cfg)
{
	for (size_t k = 0; k < 2 * cfg->n_random_depths; k++) {
		struct random_spec *spec = &plan->random_specs[k];
		struct rounds *rounds = &plan->rounds[k];
		bool steady = cfg->steady.on;

		spec->writes = k >= cfg->n_random_depths;
		spec->block_bytes = RANDOM_BLOCK_BYTES;
		spec->depth = cfg->random_depths[k % cfg->n_random_depths];
		spec->threads = cfg->random_threads;
		spec->time_ns = (uint64_t)cfg->random_time_s * 1000000000u;
		snprintf(plan->random_names[k], sizeof(plan->random_names[k]),
			 "random %s, Q%" PRIu32 "T%" PRIu32,
			 spec->writes ? "writes" : "reads", spec->depth, spec->threads);
		plan->steps[plan->n++] = (struct plan_step){
			.info = &phase_random_info, .arg = spec,
			.name = plan->random_names[k],
			.done = steady ? random_round_done : NULL, .done_arg = plan,
		};
		if (!steady)
			continue;
		rounds_init(rounds, plan->random_names[k], cfg->random_time_s,
			    cfg->steady.max_rounds);
		for (uint32_t r = 1; r < rounds->max; r++)
			plan->steps[plan->n++] = (struct plan_step){
				.info = &phase_random_round_info, .arg = spec,
				.name = rounds->name, .skip = &rounds->over,
				.done = random_round_done, .done_arg = plan,
			};
	}
}

/* --steady: each random-I/O test's rounds into its results, with the
 * ratio to its first round. */
void run_plan_store_rounds(const struct run_plan *plan,
			   const struct config *cfg, struct run_results *res)
{
	for (size_t k = 0; cfg->steady.on && k < res->n_random; k++) {
		struct random_result *t = &res->random[k];

		t->steady = plan->rounds[k].rec;
		steady_record_rule(&t->steady, t->iops);
	}
}

void run_plan_init(struct run_plan *plan, const struct config *cfg)
{
	memset(plan, 0, sizeof(*plan));
	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct phase_info *info = &phase_table[id];

		if (phase_runs(info, cfg))
			plan->steps[plan->n++] = (struct plan_step){
				.info = info, .name = info->name,
			};
		/* The random-I/O tests follow the seeks, on the same file. */
		if (id == PHASE_SEEKS && phase_runs(&phase_random_info, cfg))
			add_random_tests(plan, cfg);
	}
}
