/* SPDX-License-Identifier: MIT */
/*
 * report_text.h - for the report tests: runs as `clyde report` prints
 * them, through report_render, in a string.
 */
#ifndef REPORT_TEXT_H
#define REPORT_TEXT_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "report/report.h"

/*
 * RUNS[0..n) as `clyde report` with the options O prints them, in a string
 * the caller frees (the notes, on stderr in the command, are dropped);
 * CHECK named LABEL that report_render went well and rendered every run.
 */
static inline char *report_text(const char *label, const struct report_options *o,
				const struct run_results *runs, size_t n)
{
	struct run_source src;
	char *text = NULL, *notes = NULL;
	size_t len = 0, notes_len = 0, got;
	FILE *mem = open_memstream(&text, &len);
	FILE *nmem = open_memstream(&notes, &notes_len);

	run_source_array(&src, runs, n);
	CHECK(label, report_render(mem, nmem, o, &src, &got) == 0 && got == n);
	fclose(mem);
	fclose(nmem);
	free(notes);
	return text;
}

#endif
