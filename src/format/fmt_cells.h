/* SPDX-License-Identifier: MIT */
/*
 * fmt_cells.h - the fixed-width cells of clyde's text tables, as
 * bonnie++'s tables lay them out: the name column, the 6-column rate, the
 * 4-column CPU and 10-column latency cells ("+++++" or blank where there
 * is no value), padding, and text cut to a width without splitting a
 * UTF-8 character. fmt_cells.c.
 */
#ifndef FMT_CELLS_H
#define FMT_CELLS_H

#include <stddef.h>
#include <stdio.h>

#include "fmt_text.h"
#include "results.h"

#define FMT_LABEL_WIDTH 19 /* bonnie++'s name column */

/* Cells: stat 6 columns, CPU 4, latency 10; blank / "+++++" / the value. */
void fmt_stat_cell(FILE *out, const struct phase_result *p);
void fmt_stat_cell_scaled(FILE *out, const struct phase_result *p); /* k/m/g */
void fmt_seek_cell(FILE *out, const struct phase_result *p);
void fmt_cpu_cell(FILE *out, const struct phase_result *p);
void fmt_latency_cell(FILE *out, const struct phase_result *p);

/* Room for any name or label once fmt_visible has named what it hides. */
#define FMT_VISIBLE_MAX (8 * FMT_NAME_MAX)

/*
 * TEXT (a machine name, a label read from results) as a text table or
 * line shows it on a terminal: each character a terminal could act on or
 * that reorders what follows it (C0 and C1 controls, DEL, Unicode bidi
 * controls) by its name, "[U+202E]", as Markdown and HTML show a bidi
 * control, and each byte that is not UTF-8 as "[0xFF]". Into BUF (LEN,
 * FMT_VISIBLE_MAX holds any name). Returns BUF. The table cells below
 * apply it to every name they print.
 */
const char *fmt_visible(const char *text, char *buf, size_t len);

/*
 * When TEXT starts with such a character, its name ("U+202E", or "0xFF"
 * for a byte that is not UTF-8) into NAME (LEN bytes) and its length in
 * bytes; else 0. fmt_visible and the page formats' escapes use it.
 */
size_t fmt_hidden_at(const char *text, char *name, size_t len);

/* Bytes of the character TEXT (not empty) starts with: its UTF-8
 * sequence, or 1 for a byte that starts none. */
size_t fmt_char_bytes(const char *text);

/* Columns NAME + ' ' + SPEC take (UTF-8 aware), for wide label columns. */
size_t fmt_label_need(const char *name, const char *spec);

/*
 * The row label: NAME padded or cut so that NAME + ' ' + SPEC fills WIDTH
 * columns; a SPEC of WIDTH or more columns is printed alone (as bonnie++).
 */
void fmt_row_label(FILE *out, const char *name, const char *spec,
		   size_t width);
/* TEXT left-aligned in exactly COLS columns, cut if longer (UTF-8 aware). */
void fmt_put_cut(FILE *out, const char *text, size_t cols);
void fmt_spaces(FILE *out, size_t count);

#endif
