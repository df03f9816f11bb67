/* SPDX-License-Identifier: MIT */
/*
 * run_source.h - the runs a formatter renders: complete results read one
 * at a time, in order, from an array, from `clyde report`'s compact store
 * (run_store.h) or straight from the input. A formatter holds one run at a
 * time, so what it costs in memory does not depend on how many there are.
 */
#ifndef RUN_SOURCE_H
#define RUN_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "results.h"

/* run_source.n of a stream, whose length is known only at its end. */
#define RUN_SOURCE_STREAM SIZE_MAX

struct run_source {
	/*
	 * Run I, or NULL past the last. I goes 0, 1, 2, ... within one pass;
	 * a source whose n is known may be read again from 0 (a new pass), a
	 * stream only once. The run stays valid until the next call.
	 */
	const struct run_results *(*at)(struct run_source *src, size_t i);
	size_t n;                        /* runs, or RUN_SOURCE_STREAM */
	void *ctx;                       /* the source's own */
	const struct run_results *runs;  /* run_source_array's array */
};

/* SRC reads RUNS[0..n) (borrowed, not copied). */
void run_source_array(struct run_source *src, const struct run_results *runs,
		      size_t n);

/* Run I of SRC (see run_source.at). */
static inline const struct run_results *run_at(struct run_source *src, size_t i)
{
	return src->at(src, i);
}

#endif
