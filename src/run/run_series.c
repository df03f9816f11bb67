/* SPDX-License-Identifier: MIT */
/*
 * run_series.c - the driver's recorder of a test over time (run_series.h):
 * bounded points whose interval doubles as they fill, each point the bytes,
 * operations and latency histogram the meter gained in its interval, and
 * the stretches in which nothing ended.
 */
#include "run_series.h"

#include <stdlib.h>
#include <string.h>

#define REC_POINTS (2 * SERIES_MAX_POINTS)
#define MIN_POINTS 24                  /* before merging up to a second */
#define SECOND_NS 1000000000ULL

/* What the meter gained in one interval. */
struct rec_point {
	uint64_t bytes, ops;
	uint32_t lat[METER_BUCKETS];
};

struct series_rec {
	struct meter meter;
	uint64_t t0, interval;
	uint32_t n;                  /* closed points */
	struct rec_point pt[REC_POINTS];
	struct meter_reading last;   /* at the last closed point's end */
	struct meter_reading now;    /* scratch */
	uint64_t seen_ops;           /* operations at the last tick */
	uint64_t moved_ns;           /* the last tick that saw them grow */
	uint32_t n_gaps;
	struct series_gap gap[SERIES_MAX_GAPS];
};

struct series_rec *series_rec_new(void)
{
	return calloc(1, sizeof(struct series_rec));
}

void series_rec_free(struct series_rec *r)
{
	free(r);
}

struct meter *series_rec_meter(struct series_rec *r)
{
	return &r->meter;
}

void series_rec_start(struct series_rec *r, uint64_t t0_ns)
{
	meter_reset(&r->meter);
	memset(&r->last, 0, sizeof(r->last));
	r->t0 = r->moved_ns = t0_ns;
	r->interval = SERIES_TICK_NS;
	r->n = r->n_gaps = 0;
	r->seen_ops = 0;
}

static uint64_t ops_of(const struct meter_reading *m)
{
	uint64_t ops = 0;

	for (unsigned i = 0; i < METER_BUCKETS; i++)
		ops += m->lat[i];
	return ops;
}

/* Point I absorbs point J. */
static void absorb(struct rec_point *i, const struct rec_point *j)
{
	i->bytes += j->bytes;
	i->ops += j->ops;
	for (unsigned b = 0; b < METER_BUCKETS; b++)
		i->lat[b] += j->lat[b];
}

/* Pairs of points into one, the interval twice as long. */
static void merge_pairs(struct series_rec *r)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->n; i += 2, n++) {
		if (i != n)
			r->pt[n] = r->pt[i];
		if (i + 1 < r->n)
			absorb(&r->pt[n], &r->pt[i + 1]);
	}
	r->n = n;
	r->interval *= 2;
}

/*
 * Close K intervals with what the meter gained since the last one closed:
 * bytes and operations shared evenly, latencies to the first (a late tick
 * is rare, and the share would be a guess).
 */
static void close_points(struct series_rec *r, uint64_t k)
{
	uint64_t ops = ops_of(&r->now) - ops_of(&r->last);
	uint64_t bytes = r->now.bytes - r->last.bytes;

	for (uint64_t j = 0; j < k; j++) {
		struct rec_point *p;

		if (r->n == REC_POINTS)
			merge_pairs(r);
		p = &r->pt[r->n++];
		memset(p, 0, sizeof(*p));
		p->bytes = bytes / k + (j == 0 ? bytes % k : 0);
		p->ops = ops / k + (j == 0 ? ops % k : 0);
		for (unsigned b = 0; j == 0 && b < METER_BUCKETS; b++)
			p->lat[b] = r->now.lat[b] - r->last.lat[b];
	}
	r->last = r->now;
}

/*
 * A stretch without operations from moved_ns to NOW that is long enough.
 * NOW may come before moved_ns: the window's end, read after a tick that
 * fell past it (the I/Os still out when the time ran out were reaped then).
 */
static void note_gap(struct series_rec *r, uint64_t now)
{
	if (now <= r->moved_ns || now - r->moved_ns < SERIES_GAP_MIN_NS ||
	    r->n_gaps == SERIES_MAX_GAPS)
		return;
	r->gap[r->n_gaps++] = (struct series_gap){
		.at_s = (float)((double)(r->moved_ns - r->t0) / 1e9),
		.len_s = (float)((double)(now - r->moved_ns) / 1e9),
	};
}

/* Read the meter at NOW; the operations moved: a gap may have ended. */
static void reading(struct series_rec *r, uint64_t now)
{
	uint64_t ops;

	meter_read(&r->meter, &r->now);
	ops = ops_of(&r->now);
	if (ops != r->seen_ops) {
		note_gap(r, now);
		r->seen_ops = ops;
		if (now > r->moved_ns)
			r->moved_ns = now;
	}
}

void series_rec_tick(struct series_rec *r, uint64_t now_ns)
{
	uint64_t ends, closed;

	if (now_ns <= r->t0)
		return;
	reading(r, now_ns);
	ends = (now_ns - r->t0) / r->interval;
	closed = r->n;
	if (ends > closed)
		close_points(r, ends - closed);
}

/* Bucket quantile 0.99 of P's latencies in microseconds; -1 if none. */
static float p99_us(const struct rec_point *p)
{
	uint64_t total = 0, want, seen = 0;

	for (unsigned b = 0; b < METER_BUCKETS; b++)
		total += p->lat[b];
	if (total == 0)
		return -1;
	want = total - total / 100; /* ceil(0.99 x total) for the usual counts */
	for (unsigned b = 0; b < METER_BUCKETS; b++) {
		seen += p->lat[b];
		if (seen >= want)
			return (float)(meter_bucket_ns(b) / 1e3);
	}
	return (float)(meter_bucket_ns(METER_BUCKETS - 1) / 1e3);
}

void series_rec_finish(struct series_rec *r, uint64_t end_ns,
		       struct phase_series *out)
{
	uint64_t span = end_ns > r->t0 ? end_ns - r->t0 : 0;
	uint64_t full = span / r->interval;

	memset(out, 0, sizeof(*out));
	if (span == 0)
		return;
	reading(r, end_ns);
	if (full > r->n)
		close_points(r, full - r->n);
	if (span > (uint64_t)r->n * r->interval)
		close_points(r, 1); /* the partial last interval */
	/* Ticks after the window (an untimed pass) closed empty intervals. */
	if (r->n > (span + r->interval - 1) / r->interval)
		r->n = (uint32_t)((span + r->interval - 1) / r->interval);
	/* A sliver of an interval at the end joins the one before it. */
	if (r->n >= 2 && span - (uint64_t)(r->n - 1) * r->interval < r->interval / 2) {
		absorb(&r->pt[r->n - 2], &r->pt[r->n - 1]);
		r->n--;
	}
	while (r->n > SERIES_MAX_POINTS ||
	       (r->interval < SECOND_NS && r->n >= 2 * MIN_POINTS))
		merge_pairs(r);
	out->n = r->n;
	out->interval_ns = r->interval;
	out->span_ns = span;
	for (uint32_t i = 0; i < r->n; i++) {
		uint64_t start = (uint64_t)i * r->interval;
		uint64_t len = i + 1 < r->n ? r->interval : span - start;
		double s = (double)(len ? len : 1) / 1e9;

		out->point[i] = (struct series_point){
			.bytes_s = (float)((double)r->pt[i].bytes / s),
			.ops_s = (float)((double)r->pt[i].ops / s),
			.p99_us = p99_us(&r->pt[i]),
		};
	}
	/* A gap a tick past the window saw ends with the window. */
	for (uint32_t g = 0; g < r->n_gaps; g++) {
		double left = (double)span / 1e9 - r->gap[g].at_s;

		if (left <= 0)
			break;
		out->gap[out->n_gaps] = r->gap[g];
		if (r->gap[g].len_s > left)
			out->gap[out->n_gaps].len_s = (float)left;
		out->n_gaps++;
	}
	if (end_ns > r->moved_ns && end_ns - r->moved_ns >= 2 * SERIES_TICK_NS)
		out->tail_s = (float)((double)(end_ns - r->moved_ns) / 1e9);
}
