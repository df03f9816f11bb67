/* SPDX-License-Identifier: MIT */
/*
 * json_drive.h - the JSON about the drive as it is used (format/
 * fmt_json_drive.c writes it), read back for clyde's run JSON and clyde
 * mark's alike: "trim" and "removal" of a run, "steady" of a test. Each
 * is absent from JSON written before clyde had it, which reads as none.
 * Never prints; no globals.
 */
#ifndef JSON_DRIVE_H
#define JSON_DRIVE_H

#include "json_field.h"
#include "results.h"

/*
 * RUN's "trim" and "removal" members into *TRIM and *RM (null or absent:
 * none). 0, or -1 with the reason in *w->err.
 */
int json_drive_read(const struct json_where *w, const struct json_value *run,
		    struct removal_figure *rm, struct trim_figure *trim);

/*
 * TEST's "steady" member into *REC (null or absent: STEADY_OFF): every
 * key fmt_json_steady writes, the rounds at most STEADY_MAX_ROUNDS, the
 * window inside them. 0, or -1 with the reason in *w->err.
 */
int json_drive_steady(const struct json_where *w, const struct json_value *test,
		      struct steady_record *rec);

#endif
