/* SPDX-License-Identifier: MIT */
/*
 * fmt.h - formatters: pure functions from run results to text. They compute
 * nothing about the run and read no global state; each layout family lives
 * in its own fmt_*.c file and is golden-tested.
 */
#ifndef FMT_H
#define FMT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "results.h"

/*
 * The layouts of bonnie++'s text tables (fmt_table.c): 1.03, 1.96 and 1.97
 * (one layout; only the Version cell differs, and it shows r->version),
 * and 2.00a's.
 */
struct table_layout;
extern const struct table_layout table_layout_103, table_layout_19x,
	table_layout_200;

/*
 * Print the runs of SRC as one table of LAYOUT: one header, then a row per
 * run (and Latency rows where the layout has them); the I/O part for runs
 * with a size, then the file part for runs with files, as bon_csv2txt
 * groups them. With clyde report's FACTS (else NULL) each name carries its
 * tag ("ssd [direct I/O]") and lines under the table say how many runs
 * there are, what they share and the notes. With n == 1 and not WIDE_NAMES the text is byte-for-byte what that
 * bonnie++ version prints for the same figures, except that the file-test
 * rates are real (2.00a prints garbage there). WIDE_NAMES (clyde report)
 * widens the name column to the longest name instead of bonnie++'s 19
 * columns, so nothing is cut. Nothing for n == 0.
 */
struct run_source;
struct run_facts;
void fmt_table(FILE *out, const struct table_layout *layout,
	       struct run_source *src, bool wide_names,
	       const struct run_facts *facts);

/*
 * The lines under clyde report's text (the tables', the comparison's):
 * how many runs, what every run shares, and the notes of F, one line each.
 */
void fmt_facts_text(FILE *out, const struct run_facts *f);

/*
 * The CSV header line of FORMAT, printed before -x runs: one name over each
 * field of FORMAT's lines (bonnie++'s names; its 1.96 and 1.98 headers are
 * short of names, clyde's are not: doc/formats.md, "Header lines").
 */
void fmt_csv_header(FILE *out, enum csv_format format);

/* The field names of each CSV layout (1.96 uses 1.97's), for headers and errors. */
const char *const *fmt_csv_field_names(enum csv_format format, size_t *count);

/*
 * One CSV line of FORMAT (CSV_103 27 fields, CSV_196 and CSV_197 48,
 * CSV_198 50) for R, with '\n'. Field 0-1 are the format id and the program
 * version ("clyde-0.1.0" for clyde's own runs). A 1.96 line without I/O
 * tests keeps 48 fields (1.97's fix).
 */
void fmt_csv_line(FILE *out, const struct run_results *r,
		  enum csv_format format);

/*
 * A text field of a CSV line (a machine name, a seed, clyde mark's fields):
 * LEAD as it is, then TEXT with what would break the line, reach a terminal
 * or run in a spreadsheet made harmless, cut to ROOM bytes, what clyde's
 * reader keeps of it (fmt_csv.c says how).
 */
void fmt_csv_text(FILE *out, const char *lead, const char *text, size_t room);

/*
 * The lines after clyde's tables: which phases were too short to report
 * ("+++++") and the -s or -n that would fix it (only when some were), then
 * the mode line: "clyde 0.1.0: direct I/O, 8 KiB chunks, incompressible
 * data, per-char via stdio, 1 copy"; then what the run says of the drive
 * as it is used (fmt_drive.h): each random-I/O test's --steady rounds, the
 * FITRIM before the run, the test file's removal.
 */
void fmt_footer(FILE *out, const struct run_results *r);

/*
 * clyde-mpi's ranks, under the tables of a run of two ranks or more: a
 * line per test with its slowest and fastest rank and the median of the
 * ranks' own rates (under --deadline, the least and the most a rank did),
 * and "clyde: straggler: rank N (HOST) ran TEST at P% of the ranks'
 * median (...)" for a rank under half the median. Nothing for a single
 * process's run.
 */
void fmt_rank_spread(FILE *out, const struct run_results *r);

/*
 * LEAD then "-d is on tmpfs: these figures are memory's, not a disk's"
 * when the provenance P (KNOWN) is a filesystem in RAM (core/limit.h's
 * limit_memory_fs); nothing otherwise. In clyde's footer and clyde mark's.
 */
void fmt_memory_line(FILE *out, const char *lead, bool known,
		     const struct provenance *p);

/*
 * The --random-io table printed after the classic ones: one row per test
 * (reads then writes, by depth) with IOPS, MiB/s, mean, p50, p99, p99.9 and
 * max latency. Prints nothing when r->n_random == 0.
 */
void fmt_random_table(FILE *out, const struct run_results *r);

/*
 * The truth check's verdict, one line, only when it has something to say:
 * the read phases (rewrite, per-char input, block input, seeks, random
 * reads) that got under half their logical read bytes from the block device
 * ("clyde: block input: 3% came from the disk, the page cache served the
 * rest; use -D or a larger -s"). Nothing when every read phase reached the
 * disk or when no device was known (r->env.device empty).
 */
void fmt_truth_warning(FILE *out, const struct run_results *r);

/*
 * The JSON object of one run, without a newline (the format table's json
 * writes one, or an array of them with -x): every figure of every phase
 * (state, rate, unit, CPU, elapsed, bytes, ops, latency summary, device
 * bytes), the random-I/O tests, the configuration and the environment.
 * Always valid JSON: strings escaped, numbers as numbers, null for what
 * was not measured.
 */
void fmt_json_run(FILE *out, const struct run_results *r);

/*
 * The human formats of clyde report. Rates show as MiB/s with one decimal
 * (the source's KiB/s / 1024), seeks/s and files/s, CPU in percent,
 * "+++++" for a test too fast to measure, nothing for a test not run, and
 * the maximum latency where the source has it. Machine names are escaped
 * for the target format. Pure: they read only the runs of SRC, in several
 * passes (see run_source.h), one run at a time.
 */

/*
 * GitHub-flavoured Markdown tables: I/O, file tests, latency; a row per
 * run. With clyde report's FACTS (else NULL), a Setup column when some
 * attribute tells runs apart, and the runs, caption and notes after.
 */
void fmt_markdown(FILE *out, struct run_source *src,
		  const struct run_facts *facts);

/*
 * One self-contained HTML5 page (inline CSS, no scripts): a table for the
 * I/O tests and one for the file tests, a latency row under each run, each
 * column shaded from worst (red) to best (green) as bon_csv2html does:
 * rates high = good, CPU per unit of rate low = good, latency low = good.
 */
void fmt_html(FILE *out, struct run_source *src,
	      const struct run_facts *facts);

/*
 * One self-contained SVG image: a horizontal bar chart per test that any run
 * has, one labelled bar per run on a common scale with an axis; "+++++" is
 * labelled "too fast to measure" instead of drawn as a bar.
 */
void fmt_svg(FILE *out, struct run_source *src,
	     const struct run_facts *facts);

#endif
