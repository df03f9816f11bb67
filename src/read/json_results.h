/* SPDX-License-Identifier: MIT */
/*
 * json_results.h - clyde's own --json documents (format/fmt_json.c: one
 * run object, or an array of them with -x) read back into struct
 * run_results, the twin of the CSV reader. Every key fmt_json writes is
 * required and checked, but for started, command_line and provenance,
 * which JSON written before clyde recorded them lacks (json_provenance.h);
 * keys it does not know are ignored, so that documents of later versions
 * still read.
 */
#ifndef JSON_RESULTS_H
#define JSON_RESULTS_H

#include <stddef.h>

#include "results.h"
#include "json_read.h"
#include "json_field.h"
#include "core/parse.h"

/*
 * Read the document TEXT[0..len) into a malloc'd array of runs (*runs, to
 * free(); NULL when *n is 0; "[]" and "null" are documents of no run).
 * Returns 0, or -1 with the reason in *err, naming where: a syntax error by
 * line and column ("line 3, column 7: unterminated string"), a value by its
 * JSON path ("phases[3].rate: not a number", "[1].machine: missing" in an
 * array). Nothing is allocated on failure.
 *
 * What comes back is what fmt_json would print again: a null rate of a test
 * that ran (fmt_json's NaN or infinity) reads as NaN; figures, times (whole
 * nanoseconds) and latencies keep the precision the JSON has; a text longer
 * than its field in run_results is cut at a UTF-8 character boundary. Each
 * run is final: its verdicts are computed (verdict_compute).
 */
int json_results_read(const char *text, size_t len, struct run_results **runs,
		      size_t *n, struct parse_error *err);

/* The same from a tree json_parse made (borrowed, not freed). */
int json_results_from_tree(const struct json_value *doc,
			   struct run_results **runs, size_t *n,
			   struct parse_error *err);

/*
 * The pieces of the reader that other documents of clyde share (clyde
 * mark's, mark_read.c), each reading OBJ's member as a run's does (times
 * and latency are json_field.h's): json_results_device the "device"
 * object (null: not known); json_results_environment the "environment"
 * object, never null; json_results_vary the "vary" object (null or
 * absent: not a --vary run). Each returns 0, or -1 with the reason in
 * *w->err.
 */
int json_results_device(const struct json_where *w,
			const struct json_value *obj, struct device_io *dev);
int json_results_environment(const struct json_where *w,
			     const struct json_value *run, struct run_env *e);
int json_results_vary(const struct json_where *w, const struct json_value *run,
		      struct vary_tag *v);

#endif
