/* SPDX-License-Identifier: MIT */
/*
 * fmt_json.h - the members of clyde's run JSON (fmt_json.c, the
 * provenance fmt_json_prov.c) that its other JSON documents (clyde mark's,
 * mark/fmt_mark.c) write the same way, so that one reader reads both. The
 * keys are documented in the man page (JSON, under OUTPUT).
 */
#ifndef FMT_JSON_H
#define FMT_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include "results.h"

/*
 * Values: the latency object in microseconds (the whole summary when
 * operations were counted, only max when that is all there is, null when
 * neither), the device object (null when not known).
 */
void fmt_json_latency(FILE *out, const struct latency_summary *lat);
void fmt_json_device(FILE *out, const struct device_io *dev);

/*
 * What limited a figure (null for a test that did not run) and a test
 * over time (null when not recorded; its rate in bytes/s when BYTES, else
 * operations/s), with their words (fmt_why.h). fmt_json_why.c.
 */
void fmt_json_limit(FILE *out, const struct figure_limit *l);
void fmt_json_series(FILE *out, const struct phase_series *s, bool bytes);

/* The JSON's names: "provenance", "ceiling" ...; "step_down", "stall" ... */
const char *fmt_json_missing_name(enum limit_missing m);
const char *fmt_json_shape_name(enum shape_kind kind);

/*
 * A test's "probe" object (--probe): null when no probe ran beside it
 * (fmt_json_probe_ran false), else its method, its reads' and writes'
 * waits (each null when that kind did not run) and their points over time.
 */
bool fmt_json_probe_ran(const struct probe_result *p);
void fmt_json_probe(FILE *out, const struct probe_result *p);

/*
 * Members, each on its own lines with a trailing ",\n": "environment"
 * (ENV as a live run's), "started" and "command_line" ("" as null), and
 * "provenance" (null when not KNOWN).
 */
void fmt_json_environment(FILE *out, const struct run_env *env);
void fmt_json_origin(FILE *out, const char *started, const char *command_line);
void fmt_json_provenance(FILE *out, bool known, const struct provenance *prov);
/* "vary": which setup of a --vary run, when, and the FITRIM before it;
 * null when V is not known. */
void fmt_json_vary(FILE *out, const struct vary_tag *v);
/* "trim" (the FITRIM before the run) and "removal" (the test file's, at
 * the end), each null when there was none (fmt_json_drive.c). */
void fmt_json_drive(FILE *out, const struct removal_figure *rm,
		    const struct trim_figure *trim);

/*
 * Value: a --steady test's record, null when it was not run with
 * --steady: how it ended ("settled", "max_rounds", "max_write"), the
 * round length, the precondition's bytes and time, what was written in
 * all, every round's figure, the last window's first round, mean, range
 * and change in percent, and the ratio of the mean to the fresh figure.
 */
void fmt_json_steady(FILE *out, const struct steady_record *rec);

#endif
