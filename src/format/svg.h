/* SPDX-License-Identifier: MIT */
/*
 * svg.h - what clyde's SVG images share (fmt_svg.c's bar charts of runs,
 * fmt_compare_svg.c's charts of groups): the page and its style, colours,
 * axis scales, labels wrapped over several lines, and the report's facts
 * under the charts.
 */
#ifndef SVG_H
#define SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SVG_MARGIN 16
#define SVG_CHAR_PX 7     /* a generous average width of a 12px character */
#define SVG_LABEL_MIN 60  /* px for the labels left of the bars */
#define SVG_LABEL_MAX 330
#define SVG_PLOT_PX 560   /* the longest bar */
#define SVG_VALUE_PX 150  /* room right of a bar for its value */
#define SVG_PITCH 22      /* px per bar */
#define SVG_LINE_PX 14    /* px per further line of a label */
#define SVG_NOTE_GAP 2    /* px between two notes stacked one under the other */
#define SVG_BAR 15
#define SVG_TITLE_PX 30   /* a chart's title above its bars */
#define SVG_AXIS_PX 30    /* tick labels below them */
#define SVG_GAP 18        /* between charts */
#define SVG_HEAD_PX 62    /* the image title and its note */

/* Run or group I's fill colour, the same in every chart, as #rrggbb. */
void svg_colour(FILE *out, size_t i);

/*
 * A scale for values up to MAX: a step of 1, 2, 2.5 or 5 times a power of
 * ten, at most six of them, and the axis end, the first step at or past MAX.
 */
void svg_scale(double max, double *axis_max, double *step);

/*
 * The axis line at X0 from TOP to BOTTOM, and when SCALE the grid lines and
 * tick labels of AXIS_MAX in STEPs over PLOT_PX pixels.
 */
void svg_axis(FILE *out, int x0, int top, int bottom, bool scale,
	      double axis_max, double step);

/* svg_axis's grid lines and tick labels alone, over PLOT_PX pixels. */
void svg_axis_ticks(FILE *out, int x0, int top, int bottom, double axis_max,
		    double step, int plot_px);

/* How many lines TEXT takes when a line holds COLS characters (at least 1). */
size_t svg_lines(const char *text, size_t cols);

/*
 * TEXT, escaped, as a <text> of class CLS at (X, Y) wrapped into lines of
 * COLS characters (broken after spaces where it can be), each further line
 * SVG_LINE_PX lower. TITLE, when not NULL, becomes its tooltip.
 */
void svg_text(FILE *out, const char *cls, int x, int y, const char *text,
	      size_t cols, const char *title);

/*
 * The opening of the image: the XML declaration, <svg> of WIDTH x HEIGHT,
 * the style, a white background, TITLE and NOTE at the top.
 */
void svg_begin(FILE *out, int width, int height, const char *title,
	       const char *note);

/*
 * Lines under the charts: what every run shares and the notes of F, each
 * wrapped to COLS characters and stacked SVG_NOTE_GAP apart (a line's
 * glyphs are a little taller than SVG_LINE_PX: two texts exactly a line
 * apart touch, and overlap where a browser keeps small text legible).
 * svg_facts_height says how many pixels they take; svg_facts writes them
 * from Y. Nothing for a NULL F.
 */
struct run_facts;
int svg_facts_height(const struct run_facts *f, size_t cols);
void svg_facts(FILE *out, const struct run_facts *f, int y, size_t cols);

#endif
