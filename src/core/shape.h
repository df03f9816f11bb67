/* SPDX-License-Identifier: MIT */
/*
 * shape.h - the shapes of a test over time (struct phase_series in
 * results.h), named once by verdict_compute: a step down or up to another
 * level after some volume, a steady decline, stalls, and the tail of
 * seconds without an operation at the end. shape.c.
 */
#ifndef SHAPE_H
#define SHAPE_H

#include <stdbool.h>

#include "results.h"

/* A step or a decline changes the level by this share at least. */
#define SHAPE_MIN_CHANGE 0.35
#define SHAPE_MIN_POINTS 7  /* fewer points: no step, no decline */
#define SHAPE_MIN_SIDE 3    /* points on each side of a step */
#define SHAPE_STEP_EXPLAINS 0.8 /* of the variance, by a step's two levels */
#define SHAPE_LINE_EXPLAINS 0.65 /* of the variance, by a decline's line */

/*
 * Fill s->shape and s->n_shapes from S's points, gaps and tail, with the
 * rates in bytes per second (BYTES) or operations per second:
 * - the points that are mostly inside a gap or the tail are left out of
 *   the levels, and so is the point a step happens in;
 * - a step: the split into two levels, SHAPE_MIN_SIDE points each at
 *   least, whose levels explain SHAPE_STEP_EXPLAINS of the points'
 *   variance and leave at most half of what a straight line leaves, the
 *   second level at most
 *   (1 - SHAPE_MIN_CHANGE) of the first (down) or the first at most that
 *   of the second (up); at_bytes is the volume done before it;
 * - a decline: no step, and a straight line down that explains
 *   SHAPE_LINE_EXPLAINS of the variance, ends at most (1 -
 *   SHAPE_MIN_CHANGE) of where it starts, and leaves less than twice what
 *   the best two levels leave (a step too small to name is no decline);
 * - each gap is a stall; a tail of a second or more is the tail.
 * At most SERIES_MAX_SHAPES, in that order. Pure.
 */
void shape_find(struct phase_series *s, bool bytes);

#endif
