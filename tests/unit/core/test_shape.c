/* SPDX-License-Identifier: MIT */
/*
 * test_shape.c - the shapes named in a test's series: a step down after a
 * volume (an SSD's cache filling), a step up, a steady decline, a level
 * with noise or a fall too small to name (nothing), stalls and the tail,
 * whose seconds are left out of the levels; and the words they are said in.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "core/shape.h"
#include "format/fmt_why.h"

#define GIB_D 1073741824.0

/*
 * N one-second points: LEVEL1 for the first K, LEVEL2 after (point K has
 * some of each), +-JITTER; the same number as bytes/s and as ops/s.
 */
static struct phase_series levels(uint32_t n, uint32_t k, double level1, double level2,
				  double jitter)
{
	struct phase_series s;

	memset(&s, 0, sizeof(s));
	s.n = n;
	s.interval_ns = 1000000000;
	s.span_ns = (uint64_t)n * s.interval_ns;
	for (uint32_t i = 0; i < n; i++) {
		double v = (i < k ? level1 : level2) * (1 + jitter * ((int)(i * 7 % 5) - 2) / 2);

		if (i == k) /* the point it changed in has some of each */
			v = (level1 + level2) / 2;
		s.point[i] = (struct series_point){ (float)v, (float)v, 100 };
	}
	return s;
}

static bool only(const struct phase_series *s, enum shape_kind kind)
{
	return s->n_shapes == 1 && s->shape[0].kind == kind;
}

static void test_steps(void)
{
	struct phase_series s = levels(20, 6, 1.9e9, 4.2e8, 0.04);
	char text[WHY_TEXT_MAX];

	shape_find(&s, true);
	CHECK("step down: named", only(&s, SHAPE_STEP_DOWN));
	CHECK("step down: the levels", fabs(s.shape[0].before / 1.9e9 - 1) < 0.05 &&
					       fabs(s.shape[0].after / 4.2e8 - 1) < 0.05);
	CHECK("step down: in the point where it happened", fabs(s.shape[0].at_s - 6.5) < 1e-6);
	/* Six seconds at 1.9 GB/s, and half the point it fell in. */
	CHECK("step down: the volume before it",
	      fabs(s.shape[0].at_bytes / GIB_D - 11.0) < 0.4);
	CHECK_STR("step down: said", fmt_why_shape(&s.shape[0], true, text, sizeof(text)),
		  "fell from 1.8 GiB/s to 402 MiB/s after 11.1 GiB (at 6.5 s)");

	s = levels(20, 10, 300, 900, 0.05);
	shape_find(&s, false);
	CHECK("step up: named", only(&s, SHAPE_STEP_UP));
	CHECK_STR("step up: said in operations", fmt_why_shape(&s.shape[0], false, text, sizeof(text)),
		  "rose from 300/s to 905/s after 10.5 s");

	s = levels(20, 10, 1000, 700, 0.02);
	shape_find(&s, true);
	CHECK("a fall of 30%: nothing", s.n_shapes == 0);
	s = levels(20, 10, 1000, 640, 0.02);
	shape_find(&s, true);
	CHECK("a fall of 36%: a step", only(&s, SHAPE_STEP_DOWN));
	s = levels(20, 20, 1000, 1000, 0.3);
	shape_find(&s, true);
	CHECK("a level with noise: nothing", s.n_shapes == 0);
	s = levels(6, 3, 1000, 100, 0);
	shape_find(&s, true);
	CHECK("six points: too few for a step", s.n_shapes == 0);
	s = levels(20, 0, 1000, 100, 0);
	s.point[0].bytes_s = 3000;
	shape_find(&s, true);
	CHECK("one fast point at the start: no level of its own", s.n_shapes == 0);
}

static void test_decline(void)
{
	struct phase_series s = levels(30, 30, 0, 0, 0);
	char text[WHY_TEXT_MAX];

	for (uint32_t i = 0; i < s.n; i++)
		s.point[i].bytes_s = (float)(1e9 - 2e7 * i + (i % 2 ? 5e6 : -5e6));
	shape_find(&s, true);
	CHECK("decline: named, not a step", only(&s, SHAPE_DECLINE));
	CHECK("decline: from about 1 GB/s to about 420 MB/s",
	      fabs(s.shape[0].before / 1e9 - 1) < 0.02 &&
		      fabs(s.shape[0].after / 4.2e8 - 1) < 0.03);
	CHECK_STR("decline: said", fmt_why_shape(&s.shape[0], true, text, sizeof(text)),
		  "declined steadily from 953 MiB/s to 401 MiB/s over 30.0 s");
}

static void test_stalls_tail(void)
{
	struct phase_series s = levels(20, 20, 5e8, 5e8, 0.02);
	char text[WHY_TEXT_MAX];

	/* Five seconds of fsync at the end: no step down to nothing. */
	for (uint32_t i = 15; i < 20; i++)
		s.point[i] = (struct series_point){ 0, 0, -1 };
	s.tail_s = 5.0f;
	shape_find(&s, true);
	CHECK("tail: named, and its zeros make no step", only(&s, SHAPE_TAIL));
	CHECK("tail: when and how long", s.shape[0].at_s == 15.0f && s.shape[0].len_s == 5.0f);
	CHECK_STR("tail: said", fmt_why_shape(&s.shape[0], true, text, sizeof(text)),
		  "spent its last 5.0 s with no operation done (the final fsync, or a close)");

	s = levels(20, 20, 5e8, 5e8, 0.02);
	s.point[8] = s.point[9] = (struct series_point){ 0, 0, -1 };
	s.n_gaps = 1;
	s.gap[0] = (struct series_gap){ 8.0f, 2.0f };
	s.tail_s = 0.5f;
	shape_find(&s, true);
	CHECK("stall: named, a short tail not", only(&s, SHAPE_STALL));
	CHECK_STR("stall: said", fmt_why_shape(&s.shape[0], true, text, sizeof(text)),
		  "stalled for 2.0 s at 8.0 s");

	s = levels(20, 6, 1.9e9, 4.2e8, 0.04);
	s.n_gaps = SERIES_MAX_GAPS;
	for (uint32_t g = 0; g < SERIES_MAX_GAPS; g++)
		s.gap[g] = (struct series_gap){ 10.0f + g * 0.1f, 1.0f };
	shape_find(&s, true);
	CHECK("shapes: at most SERIES_MAX_SHAPES, the step first",
	      s.n_shapes == SERIES_MAX_SHAPES && s.shape[0].kind == SHAPE_STEP_DOWN &&
		      s.shape[1].kind == SHAPE_STALL);
	s.n = 0;
	shape_find(&s, true);
	CHECK("shapes: none without points but the gaps",
	      s.n_shapes == SERIES_MAX_SHAPES && s.shape[0].kind == SHAPE_STALL);
}

int main(void)
{
	test_steps();
	test_decline();
	test_stalls_tail();
	return check_done();
}
