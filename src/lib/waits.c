/* SPDX-License-Identifier: MIT */
/*
 * waits.c - a probe's waits: histogram, the counts a person notices, and
 * the longest wait of each interval over time (waits.h).
 */
#include "waits.h"

#include <string.h>

void waits_init(struct waits *w)
{
	memset(w, 0, sizeof(*w));
	stats_init(&w->lat);
	w->interval_ns = WAITS_FIRST_INTERVAL_NS;
	for (uint32_t i = 0; i < PROBE_POINTS; i++)
		w->max_ms[i] = -1.0f;
}

/* Twice the interval: each point the longer of the two it replaces. */
static void halve(struct waits *w)
{
	for (uint32_t i = 0; i < PROBE_POINTS / 2; i++) {
		float a = w->max_ms[2 * i], b = w->max_ms[2 * i + 1];

		w->max_ms[i] = a > b ? a : b;
	}
	for (uint32_t i = PROBE_POINTS / 2; i < PROBE_POINTS; i++)
		w->max_ms[i] = -1.0f;
	w->n = (w->n + 1) / 2;
	w->interval_ns *= 2;
}

void waits_add(struct waits *w, uint64_t at_ns, uint64_t wait_ns)
{
	float ms = (float)((double)wait_ns / 1e6);
	uint64_t i;

	stats_add(&w->lat, wait_ns);
	w->over_100ms += wait_ns > PROBE_NOTICED_NS;
	w->over_1s += wait_ns > PROBE_STALL_NS;
	while ((i = at_ns / w->interval_ns) >= PROBE_POINTS)
		halve(w);
	if (ms > w->max_ms[i])
		w->max_ms[i] = ms;
	if (i + 1 > w->n)
		w->n = (uint32_t)i + 1;
}

void waits_merge(struct waits *dst, const struct waits *src)
{
	stats_merge(&dst->lat, &src->lat);
	dst->over_100ms += src->over_100ms;
	dst->over_1s += src->over_1s;
}

void waits_widen(struct waits *w, uint64_t interval_ns)
{
	while (w->interval_ns < interval_ns)
		halve(w);
}

void waits_summarise(const struct waits *w, uint32_t n, struct probe_waits *out)
{
	memset(out, 0, sizeof(*out));
	stats_summarise(&w->lat, &out->lat);
	out->over_100ms = w->over_100ms;
	out->over_1s = w->over_1s;
	for (uint32_t i = 0; i < PROBE_POINTS; i++)
		out->max_ms[i] = i < n && i < w->n ? w->max_ms[i] : -1.0f;
}
