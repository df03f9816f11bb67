/* SPDX-License-Identifier: MIT */
/*
 * report_groups.h - the runs of `clyde report`'s store in groups: by
 * machine name alone (to say what differs between runs that share one),
 * or by name and every test attribute (run_attrs.h), so that a summary or
 * a comparison pools only runs that measured the same thing. Groups are
 * numbered in order of their first run.
 */
#ifndef REPORT_GROUPS_H
#define REPORT_GROUPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run_store.h"

struct report_groups {
	size_t n;          /* groups */
	uint32_t *count;   /* runs in group g */
	uint32_t *start;   /* group g's runs are run[start[g] .. + count[g]) */
	uint32_t *run;     /* run indexes, grouped, each group in input order */
	uint32_t *setups;  /* distinct setups in group g (1: all alike) */
};

/*
 * Group the runs of S: by name alone (BY_NAME), or by name and test
 * attributes. Returns 0, or -1 when memory ran out (G empty then).
 * About 12 bytes a run and 16 a group while it lasts.
 */
int report_groups_build(struct run_store *s, bool by_name, struct report_groups *g);

void report_groups_free(struct report_groups *g);

/*
 * The test attributes of setup SETUP of S joined in one text (what groups
 * compare) into BUF (LEN bytes): equal texts, like runs.
 */
const char *report_groups_test_key(struct run_store *s, uint32_t setup,
				   char *buf, size_t len);

#endif
