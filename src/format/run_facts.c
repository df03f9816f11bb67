/* SPDX-License-Identifier: MIT */
/*
 * run_facts.c - reading the facts of a set of runs (run_facts.h): the
 * count of runs and summary rows, and each run's tag, its values of the
 * attributes that vary.
 */
#include "run_facts.h"

#include <stdio.h>
#include <string.h>

#include "fmt_text.h"

const char *run_facts_count(const struct run_facts *f, char *buf, size_t len)
{
	size_t g = f->summary_groups;
	int n = snprintf(buf, len, "%zu run%s", f->runs, f->runs == 1 ? "" : "s");

	if (g && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", with min, median and max "
			 "rows for %zu group%s of them", g, g == 1 ? "" : "s");
	return buf;
}

size_t run_facts_group(const struct run_facts *f, size_t i)
{
	return f && i < f->n_group ? f->group[i] : i;
}

const char *run_facts_tag(const struct run_facts *f,
			  const struct run_results *r, bool pages, char *buf,
			  size_t len)
{
	buf[0] = '\0';
	for (size_t a = 0; f && a < run_attr_count; a++) {
		const struct run_attr *at = &run_attrs[a];
		char value[RUN_ATTR_TEXT_MAX];

		/* A detail of the machine is for notes and comparisons:
		 * a tag on every row would drown the names in it. */
		if (!f->varies[a] || at->detail || at->in_row == ROW_EVERY ||
		    (pages && at->in_row == ROW_PAGES))
			continue;
		/* The usual value goes without saying: "[2 copies]" only. */
		if (at->read(r, value) && value[0] &&
		    !(at->usual && strcmp(value, at->usual) == 0))
			fmt_join(buf, len, ", ", value);
	}
	return buf;
}

bool run_facts_tagged(const struct run_facts *f, bool pages)
{
	for (size_t a = 0; f && a < run_attr_count; a++)
		if (f->varies[a] && !run_attrs[a].detail &&
		    (run_attrs[a].in_row == ROW_NONE ||
				     (!pages && run_attrs[a].in_row == ROW_PAGES)))
			return true;
	return false;
}
