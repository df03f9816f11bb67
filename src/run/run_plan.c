/* SPDX-License-Identifier: MIT */
/*
 * run_plan.c - a classic run's plan (run.h): the steps of the phase table
 * that the configuration runs, in bonnie++ order, with the --random-io
 * tests after the seeks, on the same file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "run.h"

/* The --random-io tests: reads at every depth, then writes at every depth. */
static void add_random_tests(struct run_plan *plan, const struct config *cfg)
{
	for (size_t k = 0; k < 2 * cfg->n_random_depths; k++) {
		struct random_spec *spec = &plan->random_specs[k];

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
		};
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
