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
 * Members, each on its own lines with a trailing ",\n": "environment"
 * (ENV as a live run's), "started" and "command_line" ("" as null), and
 * "provenance" (null when not KNOWN).
 */
void fmt_json_environment(FILE *out, const struct run_env *env);
void fmt_json_origin(FILE *out, const char *started, const char *command_line);
void fmt_json_provenance(FILE *out, bool known, const struct provenance *prov);

#endif
