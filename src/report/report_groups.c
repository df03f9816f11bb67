/* SPDX-License-Identifier: MIT */
/*
 * report_groups.c - grouping the store's runs (report_groups.h): each
 * setup's test attributes as one key, then (name, key) pairs numbered in
 * order of appearance, and the runs sorted by group with a counting sort.
 */
#include "report_groups.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/run_attrs.h"

/* A map from 64-bit keys to 32-bit values, open addressing. */
struct map {
	uint64_t *key;
	uint32_t *val; /* 1 + value, 0 = free */
	size_t slots, used;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdu;
	x ^= x >> 33;
	return x;
}

static int map_init(struct map *m, size_t want)
{
	m->slots = 64;
	while (m->slots < 2 * want + 2)
		m->slots *= 2;
	m->key = calloc(m->slots, sizeof(*m->key));
	m->val = calloc(m->slots, sizeof(*m->val));
	m->used = 0;
	return m->key && m->val ? 0 : -1;
}

static void map_free(struct map *m)
{
	free(m->key);
	free(m->val);
}

/*
 * The slot of KEY: where it is, or the free slot where it goes. SAME, when
 * given, decides between values stored under an equal key (a hash).
 */
static size_t map_slot(const struct map *m, uint64_t key,
		       bool (*same)(void *ctx, uint32_t val), void *ctx)
{
	size_t i = mix(key) & (m->slots - 1);

	while (m->val[i] != 0 &&
	       (m->key[i] != key || (same && !same(ctx, m->val[i] - 1))))
		i = (i + 1) & (m->slots - 1);
	return i;
}

static uint64_t hash_text(const char *s)
{
	uint64_t h = 1469598103934665603u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

const char *report_groups_test_key(struct run_store *s, uint32_t setup,
				   char *buf, size_t len)
{
	const struct run_results *r = run_store_setup(s, setup);
	size_t used = 0;

	buf[0] = '\0';
	for (size_t a = 0; a < run_attr_count && used < len; a++) {
		char value[RUN_ATTR_TEXT_MAX];

		if (!run_attrs[a].test)
			continue;
		run_attrs[a].read(r, value);
		/* 0x1f never occurs in a value: the fields stay apart. */
		used += (size_t)snprintf(buf + used, len - used, "%s\x1f", value);
	}
	return buf;
}

#define KEY_MAX (RUN_ATTR_MAX * RUN_ATTR_TEXT_MAX)

struct key_ctx {
	struct run_store *s;
	const char *key;
	char other[KEY_MAX];
};

static bool same_key(void *ctx, uint32_t setup)
{
	struct key_ctx *k = ctx;

	report_groups_test_key(k->s, setup, k->other, sizeof(k->other));
	return strcmp(k->key, k->other) == 0;
}

/* REP[setup]: the first setup whose test attributes equal setup's. */
static int test_reps(struct run_store *s, uint32_t *rep)
{
	size_t n = run_store_setups(s);
	struct key_ctx *k = malloc(sizeof(*k));
	char *key = malloc(KEY_MAX);
	struct map m;
	int rc = -1;

	if (k && key && map_init(&m, n) == 0) {
		for (size_t i = 0; i < n; i++) {
			uint64_t h;
			size_t slot;

			report_groups_test_key(s, (uint32_t)i, key, KEY_MAX);
			h = hash_text(key);
			*k = (struct key_ctx){ .s = s, .key = key };
			slot = map_slot(&m, h, same_key, k);
			if (m.val[slot] == 0) {
				m.key[slot] = h;
				m.val[slot] = (uint32_t)i + 1;
			}
			rep[i] = m.val[slot] - 1;
		}
		rc = 0;
	}
	if (k && key)
		map_free(&m);
	free(k);
	free(key);
	return rc;
}

/* Each run's group into RUN (temporarily), the groups counted. */
static int number_groups(struct run_store *s, const uint32_t *rep,
			 struct report_groups *g)
{
	size_t n = run_store_count(s);
	struct map m;

	if (map_init(&m, n) != 0) {
		map_free(&m);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t key = (uint64_t)run_store_name_id(s, i) << 32;
		size_t slot;

		if (rep)
			key |= rep[run_store_setup_id(s, i)];
		slot = map_slot(&m, key, NULL, NULL);
		if (m.val[slot] == 0) {
			m.key[slot] = key;
			m.val[slot] = (uint32_t)++g->n;
			g->count[g->n - 1] = 0;
		}
		g->run[i] = m.val[slot] - 1;
		g->count[m.val[slot] - 1]++;
	}
	map_free(&m);
	return 0;
}

/* Runs sorted by group (stable); distinct setups counted per group. */
static int sort_groups(struct run_store *s, struct report_groups *g)
{
	size_t n = run_store_count(s), ns = run_store_setups(s);
	uint32_t *group_of = g->run, *seen = calloc(ns + 1, sizeof(*seen));
	uint32_t *next = calloc(g->n + 1, sizeof(*next));

	g->run = malloc((n + 1) * sizeof(*g->run));
	if (!seen || !next || !g->run) {
		free(seen);
		free(next);
		free(g->run);
		g->run = group_of;
		return -1;
	}
	for (size_t k = 0, at = 0; k < g->n; at += g->count[k++])
		g->start[k] = next[k] = (uint32_t)at;
	for (size_t i = 0; i < n; i++) {
		uint32_t k = group_of[i], setup = run_store_setup_id(s, i);

		g->run[next[k]++] = (uint32_t)i;
		if (seen[setup] != k + 1) {
			seen[setup] = k + 1;
			g->setups[k]++;
		}
	}
	free(group_of);
	free(seen);
	free(next);
	return 0;
}

int report_groups_build(struct run_store *s, bool by_name,
			struct report_groups *g)
{
	size_t n = run_store_count(s);
	uint32_t *rep = by_name ? NULL
				: malloc((run_store_setups(s) + 1) * sizeof(*rep));

	memset(g, 0, sizeof(*g));
	g->run = malloc((n + 1) * sizeof(*g->run));
	g->count = malloc((n + 1) * sizeof(*g->count));
	if (!g->run || !g->count || (!by_name && (!rep || test_reps(s, rep))) ||
	    number_groups(s, rep, g) != 0)
		goto fail;
	free(rep);
	rep = NULL;
	g->start = malloc((g->n + 1) * sizeof(*g->start));
	g->setups = calloc(g->n + 1, sizeof(*g->setups));
	if (!g->start || !g->setups || sort_groups(s, g) != 0)
		goto fail;
	return 0;
fail:
	free(rep);
	report_groups_free(g);
	return -1;
}

void report_groups_free(struct report_groups *g)
{
	free(g->count);
	free(g->start);
	free(g->run);
	free(g->setups);
	memset(g, 0, sizeof(*g));
}
