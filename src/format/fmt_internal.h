/* SPDX-License-Identifier: MIT */
/*
 * fmt_internal.h - helpers shared by the fmt_*.c files and the CSV reader:
 * the size/spec texts of bonnie++'s tables, the 6/4/10-column cells, row
 * labels and the CSV field names. Not part of the public API.
 */
#ifndef FMT_INTERNAL_H
#define FMT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results.h"
#include "fmt.h"
#include "core/parse.h"
#include "run/phase_info.h"

#define FMT_LABEL_WIDTH 19 /* bonnie++'s name column */
#define FMT_TEXT_MAX 128   /* buffers for size texts and file specs */
#define FMT_NAME_MAX (MACHINE_MAX + 512) /* a machine name and its tag */

/* Columns NAME + ' ' + SPEC take (UTF-8 aware), for wide label columns. */
size_t fmt_label_need(const char *name, const char *spec);

/* Defaults applied to unset (zero) parameters, so hand-made results print sanely. */
uint64_t fmt_io_chunk(const struct run_results *r);
uint64_t fmt_io_seeks(const struct run_results *r);
uint64_t fmt_io_seekers(const struct run_results *r);
uint32_t fmt_concurrency(const struct run_results *r);
bool fmt_has_io(const struct run_results *r);
bool fmt_has_files(const struct run_results *r);

/*
 * What the runs of a source hold, learned in one pass so that no
 * formatter reads them again for it: how many, which tests any of them
 * has (a value or +++++) and which have a maximum latency, how many have
 * I/O and file tests.
 */
struct fmt_usage {
	size_t n;
	size_t io_rows, file_rows;
	bool used[PHASE_COUNT];
	bool latency[PHASE_COUNT];
};
struct run_source;
void fmt_usage(struct run_source *src, struct fmt_usage *u);

/* A rate or CPU figure as bonnie++ prints it: truncated, clamped to 0..INT64_MAX. */
int64_t fmt_whole(double value);

/* "64M", "2G", "1024G": MiB, or GiB when divisible by 1024. Returns buf. */
const char *fmt_size_mib(uint64_t mib, char *buf, size_t len);
/* R's size as its source wrote it ("8192M"), else fmt_size_mib's. Returns buf. */
const char *fmt_size_text(const struct run_results *r, char *buf, size_t len);
/* "512 B", "64 KiB", "1 MiB": bytes in the largest unit that divides them. */
const char *fmt_bytes_words(uint64_t bytes, char *buf, size_t len);
/* The file-test spec "16", "1:link", "2:4096:1024/4" of tables and 1.03 CSV. */
const char *fmt_file_spec(const struct run_results *r, char *buf, size_t len);

/* Cells: stat 6 columns, CPU 4, latency 10; blank / "+++++" / the value. */
void fmt_stat_cell(FILE *out, const struct phase_result *p);
void fmt_stat_cell_scaled(FILE *out, const struct phase_result *p); /* k/m/g */
void fmt_seek_cell(FILE *out, const struct phase_result *p);
void fmt_cpu_cell(FILE *out, const struct phase_result *p);
void fmt_latency_cell(FILE *out, const struct phase_result *p);

/*
 * The row label: NAME padded or cut so that NAME + ' ' + SPEC fills WIDTH
 * columns; a SPEC of WIDTH or more columns is printed alone (as bonnie++).
 */
void fmt_row_label(FILE *out, const char *name, const char *spec,
		   size_t width);
/* TEXT left-aligned in exactly COLS columns, cut if longer (UTF-8 aware). */
void fmt_put_cut(FILE *out, const char *text, size_t cols);
void fmt_spaces(FILE *out, size_t count);

/*
 * Under clyde report's text: how many runs, what every run shares, and
 * the notes of F (what differs between runs of one name, what a summary
 * pooled), one line each.
 */
struct report_facts;
void fmt_facts_text(FILE *out, const struct report_facts *f);

/*
 * An HTML page's opening up to and with its <h1>TITLE</h1> (TITLE plain
 * text, no markup): the style every page shares, then STYLE (more rules,
 * "" for none). fmt_html_facts: F's caption and notes under an "About
 * these runs" heading; nothing for a NULL F or one with neither.
 */
void fmt_html_begin(FILE *out, const char *title, const char *style);
void fmt_html_facts(FILE *out, const struct report_facts *f);

/* The field names of each CSV layout (1.96 uses 1.97's), for headers and errors. */
const char *const *fmt_csv_field_names(enum csv_format format, size_t *count);

/*
 * fmt_json.c's writers (the provenance in fmt_json_prov.c), for the other
 * JSON documents (clyde mark's): a
 * string escaped (invalid UTF-8 as U+FFFD), a number with at most DECIMALS
 * places (null when not finite), nanoseconds as seconds, the latency and
 * device objects, the "environment" member, the "started" and
 * "command_line" members ("" as null) and the "provenance" member (null
 * when not KNOWN), each of the last three on its own lines with a
 * trailing ",\n".
 */
void fmt_json_string(FILE *out, const char *text);
void fmt_json_double(FILE *out, double value, int decimals);
void fmt_json_seconds(FILE *out, uint64_t ns);
void fmt_json_latency(FILE *out, const struct latency_summary *lat);
void fmt_json_device(FILE *out, const struct device_io *dev);
void fmt_json_environment(FILE *out, const struct run_env *env);
void fmt_json_origin(FILE *out, const char *started, const char *command_line);
void fmt_json_provenance(FILE *out, bool known, const struct provenance *prov);
/* The "vary" member and its ",\n"; nothing when not known. */
void fmt_json_vary(FILE *out, const struct vary_tag *v);

#endif
