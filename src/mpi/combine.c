/* SPDX-License-Identifier: MIT */
/*
 * combine.c - the figures of a clyde-mpi run from its ranks' (combine.h):
 * sums, the aggregate bandwidth over the job's window, CPU per rank,
 * merged latencies, each disk counted once. Reads nothing but its
 * arguments.
 */
#include "combine.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/verdict.h"

void combine_lat_pack(const struct latency_stats *s, uint64_t *sums,
		      uint64_t *min, uint64_t *max)
{
	sums[0] = s->count;
	sums[1] = s->sum_ns;
	for (size_t i = 0; i < STATS_BUCKETS; i++)
		sums[2 + i] = s->bucket[i];
	*min = s->count ? s->min_ns : UINT64_MAX;
	*max = s->max_ns;
}

void combine_lat_unpack(const uint64_t *sums, uint64_t min, uint64_t max,
			struct latency_stats *out)
{
	out->count = sums[0];
	out->sum_ns = sums[1];
	for (size_t i = 0; i < STATS_BUCKETS; i++)
		out->bucket[i] = sums[2 + i] > UINT32_MAX ? UINT32_MAX
							  : (uint32_t)sums[2 + i];
	out->min_ns = out->count ? min : 0;
	out->max_ns = max;
}

/* The bytes disks moved: each (host, device) once, at the largest reading
 * any of its ranks made; unknown when no rank found a device. */
static void combine_device(const struct phase_result *const parts[], size_t n,
			   const char *const hosts[],
			   const char *const devices[], struct device_io *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		const struct device_io *d = &parts[i]->dev;
		bool counted = false;

		if (parts[i]->state == FIGURE_NONE || !d->known)
			continue;
		for (size_t j = 0; j < i && !counted; j++)
			counted = parts[j]->state != FIGURE_NONE &&
				  parts[j]->dev.known &&
				  strcmp(hosts[j], hosts[i]) == 0 &&
				  strcmp(devices[j], devices[i]) == 0;
		if (counted)
			continue;
		/* The first of its disk: take the largest reading of them all. */
		struct device_io best = *d;
		for (size_t j = i + 1; j < n; j++) {
			const struct device_io *e = &parts[j]->dev;

			if (parts[j]->state == FIGURE_NONE || !e->known ||
			    strcmp(hosts[j], hosts[i]) != 0 ||
			    strcmp(devices[j], devices[i]) != 0)
				continue;
			if (e->read_bytes > best.read_bytes)
				best.read_bytes = e->read_bytes;
			if (e->write_bytes > best.write_bytes)
				best.write_bytes = e->write_bytes;
		}
		out->known = true;
		out->read_bytes += best.read_bytes;
		out->write_bytes += best.write_bytes;
	}
}

void combine_phase(const struct phase_result *const parts[], size_t n,
		   enum phase_unit unit, const struct latency_stats *merged,
		   const char *const hosts[], const char *const devices[],
		   struct phase_result *out)
{
	uint64_t first = UINT64_MAX, last = 0;
	size_t ran = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		const struct phase_result *p = parts[i];

		if (p->state == FIGURE_NONE)
			continue;
		ran++;
		out->bytes += p->bytes;
		out->read_bytes += p->read_bytes;
		out->ops += p->ops;
		out->cpu_ns += p->cpu_ns;
		out->wait_ns += p->wait_ns;
		out->cut |= p->cut;
		if (p->start_ns < first)
			first = p->start_ns;
		if (p->start_ns + p->elapsed_ns > last)
			last = p->start_ns + p->elapsed_ns;
	}
	if (ran == 0)
		return;
	out->start_ns = first;
	out->elapsed_ns = last > first ? last - first : 1;
	double seconds = (double)out->elapsed_ns / 1e9;
	double units = unit == UNIT_KIB_S ? (double)out->bytes / 1024.0
					  : (double)out->ops;
	out->rate = units / seconds;
	out->cpu_pct = (double)out->cpu_ns * 100.0 /
		       ((double)out->elapsed_ns * (double)ran);
	out->state = out->elapsed_ns < PHASE_MIN_TIME_NS ? FIGURE_TOO_FAST
							 : FIGURE_VALUE;
	stats_summarise(merged, &out->lat);
	combine_device(parts, n, hosts, devices, &out->dev);
}

/* A random-I/O test as a phase's figures, to combine it the same way. */
static void random_as_phase(const struct random_result *t, struct phase_result *p)
{
	memset(p, 0, sizeof(*p));
	p->state = t->ops ? FIGURE_VALUE : FIGURE_NONE;
	p->rate = t->iops;
	p->cpu_pct = t->cpu_pct;
	p->lat = t->lat;
	p->start_ns = t->start_ns;
	p->elapsed_ns = t->elapsed_ns;
	p->cpu_ns = t->cpu_ns;
	p->ops = t->ops;
	p->dev = t->dev;
}

static void combine_random(const struct rank_report *reports, size_t n,
			   size_t index, const struct latency_stats *merged,
			   const struct phase_result **parts,
			   struct phase_result *storage,
			   const char *const hosts[],
			   const char *const devices[], struct random_result *out)
{
	struct phase_result sum;

	for (size_t i = 0; i < n; i++) {
		random_as_phase(&reports[i].res.random[index], &storage[i]);
		parts[i] = &storage[i];
	}
	combine_phase(parts, n, UNIT_IOPS, merged, hosts, devices, &sum);
	phase_random_result(&sum, reports[0].res.random[index].writes,
			    reports[0].res.random[index].depth, out);
	out->threads = reports[0].res.random[index].threads; /* per rank */
	out->engine = reports[0].res.random[index].engine;
}

static size_t count_hosts(const struct rank_report *reports, size_t n)
{
	size_t hosts = 0;

	for (size_t i = 0; i < n; i++) {
		size_t j = 0;

		while (j < i && strcmp(reports[j].host, reports[i].host) != 0)
			j++;
		hosts += j == i;
	}
	return hosts;
}

int combine_run(const struct rank_report *reports, size_t n,
		const struct latency_stats *phase_lat,
		const struct latency_stats *random_lat, struct run_results *out)
{
	const struct phase_result **parts;
	struct phase_result *storage;
	const char **hosts, **devices;
	int rc = -1;

	if (n == 0) {
		errno = EINVAL;
		return -1;
	}
	parts = calloc(n, sizeof(*parts));
	storage = calloc(n, sizeof(*storage));
	hosts = calloc(n, sizeof(*hosts));
	devices = calloc(n, sizeof(*devices));
	if (!parts || !storage || !hosts || !devices)
		goto out;
	*out = reports[0].res;
	out->concurrency = 0;
	for (size_t i = 0; i < n; i++) {
		out->concurrency += reports[i].res.concurrency;
		hosts[i] = reports[i].host;
		devices[i] = reports[i].res.env.device;
	}
	for (int id = 0; id < PHASE_COUNT; id++) {
		for (size_t i = 0; i < n; i++)
			parts[i] = &reports[i].res.phase[id];
		combine_phase(parts, n, phase_table[id].unit, &phase_lat[id],
			      hosts, devices, &out->phase[id]);
	}
	for (size_t k = 0; k < out->n_random; k++)
		combine_random(reports, n, k, &random_lat[k], parts, storage,
			       hosts, devices, &out->random[k]);
	out->ranks = (struct rank_set){ .n = n, .hosts = count_hosts(reports, n),
					.rank = reports };
	verdict_compute(out);
	rc = 0;
out:
	free(parts);
	free(storage);
	free(hosts);
	free(devices);
	return rc;
}
