/* SPDX-License-Identifier: MIT */
/*
 * fmt_series_svg.h - each test over time, drawn: a small chart per test
 * that some run recorded (its rate against seconds, a line per run in the
 * run's colour, the shapes marked: a step's moment, a stall's and the
 * tail's stretches, a decline's line), a key of the runs, and the lines
 * that say what limited each figure and the shapes. The SVG image
 * (fmt_svg.c) and the HTML page (fmt_html.c) hang them under their bar
 * charts and tables. Pure; fmt_series_svg.c.
 */
#ifndef FMT_SERIES_SVG_H
#define FMT_SERIES_SVG_H

#include <stdio.h>

struct run_source;

/*
 * Pixels the series part of an SVG image of WIDTH takes: the charts in
 * rows of as many as fit, the key, the lines; 0 when no run of SRC has a
 * series or a named limit.
 */
int fmt_series_svg_height(struct run_source *src, int width);

/* Draw that part at Y in an SVG image of WIDTH; the y below it. */
int fmt_series_svg(FILE *out, struct run_source *src, int y, int width);

/*
 * The HTML page's part: "Why these figures" (a list per run) and "Each
 * test over time" (each chart an inline <svg> in a block that wraps to
 * the window's width, then the key and the shapes); nothing when no run
 * of SRC has either.
 */
void fmt_series_html(FILE *out, struct run_source *src);

#endif
