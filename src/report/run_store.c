/* SPDX-License-Identifier: MIT */
/*
 * run_store.c - the compact store of `clyde report` (run_store.h): fixed
 * rows of figures and verdicts in chunks, names, setups and environments
 * interned by their bytes, whole runs for what a row cannot hold, and the
 * expansion of a row back into a struct run_results.
 */
#include "run_store.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/grow.h"

#define ROWS_PER_CHUNK 4096

/* One test: the rate exactly, CPU and maximum latency (µs) as floats. */
struct store_fig {
	double rate;
	float cpu_pct;
	float lat_us;
};

struct store_row {
	uint32_t name, setup;
	uint32_t states; /* 2 bits a test: enum figure_state; ROW_ADVICE_* */
	uint32_t whole;  /* 1 + index into whole[], 0 for a compact row */
	struct store_fig fig[PHASE_COUNT];
	/* Each test's limit as a compact row holds it (limit_fits): its
	 * kind and what is missing, 4 bits each, and its cores. */
	uint8_t limit[PHASE_COUNT];
	uint16_t cores[PHASE_COUNT];
};

/*
 * A compact row's verdict, as it was handed over: which options its
 * advice enlarges, in the bits of states above the tests'. A run without
 * times or device counters (what a row holds) has no truth-check finding
 * and an advice without sizes (verdict.h), so that is all of it.
 */
#define ROW_ADVICE_ANY (1u << (2 * PHASE_COUNT))
#define ROW_ADVICE_S (ROW_ADVICE_ANY << 1)
#define ROW_ADVICE_F (ROW_ADVICE_ANY << 2)
#define ROW_ADVICE_N (ROW_ADVICE_ANY << 3)
_Static_assert(2 * PHASE_COUNT + 4 <= 32, "a row's states hold the advice");

/*
 * What runs share, with every byte defined (zeroed, then set field by
 * field) so that equal setups have equal bytes: the key they are interned
 * by.
 */
struct store_setup {
	char program[16];
	char version[32];
	char format_id[16];
	char size_text[24];
	uint32_t unrecorded;
	uint32_t concurrency;
	uint32_t env;        /* 1 + environment id, 0 for none */
	uint32_t prov;       /* 1 + provenance id, 0 for none */
	uint32_t vary;       /* 1 + id of the --vary setup, 0 for none */
	uint32_t char_io;
	uint64_t perchar_mib;
	struct io_params io;
	struct file_params files;
	uint8_t direct, sync_writes, zeros, pieces, pad[4];
};

/* Byte strings kept once each, numbered in order of arrival. */
struct intern {
	char **rec;
	size_t *len;
	size_t n, cap;
	uint32_t *slot; /* 1 + id, 0 = free; a power of two of them */
	size_t slots;
};

struct run_store {
	struct store_row **chunk;
	size_t n, chunks;
	struct intern names, setups, envs, provs, varies;
	struct run_results **whole;
	size_t n_whole, whole_cap;
	struct run_results scratch; /* what get() and setup() return */
	const struct run_results *extra;
	size_t n_extra;
};

static uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 1469598103934665603u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211u;
	return h;
}

/* Put id ID into T's index. */
static void intern_index(struct intern *t, uint32_t id)
{
	size_t i = hash_bytes(t->rec[id], t->len[id]) & (t->slots - 1);

	while (t->slot[i] != 0)
		i = (i + 1) & (t->slots - 1);
	t->slot[i] = id + 1;
}

/* Grow T so that one more record fits with the index at most half full. */
static int intern_grow(struct intern *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		char **rec = realloc(t->rec, cap * sizeof(*rec));
		size_t *len = rec ? realloc(t->len, cap * sizeof(*len)) : NULL;

		if (rec)
			t->rec = rec;
		if (!len)
			return -1;
		t->len = len;
		t->cap = cap;
	}
	if (2 * (t->n + 1) > t->slots) {
		size_t slots = t->slots ? 2 * t->slots : 128;
		uint32_t *slot = calloc(slots, sizeof(*slot));

		if (!slot)
			return -1;
		free(t->slot);
		t->slot = slot;
		t->slots = slots;
		for (size_t id = 0; id < t->n; id++)
			intern_index(t, (uint32_t)id);
	}
	return 0;
}

/* The id of DATA[0..len) in T, added if new (a NUL is kept after it). */
static int intern_add(struct intern *t, const void *data, size_t len,
		      uint32_t *id)
{
	size_t i;

	if (t->slots) {
		i = hash_bytes(data, len) & (t->slots - 1);
		for (; t->slot[i] != 0; i = (i + 1) & (t->slots - 1)) {
			uint32_t k = t->slot[i] - 1;

			if (t->len[k] == len && memcmp(t->rec[k], data, len) == 0) {
				*id = k;
				return 0;
			}
		}
	}
	if (t->n >= UINT32_MAX - 1 || intern_grow(t) != 0 ||
	    !(t->rec[t->n] = malloc(len + 1)))
		return -1;
	memcpy(t->rec[t->n], data, len);
	t->rec[t->n][len] = '\0';
	t->len[t->n] = len;
	*id = (uint32_t)t->n;
	intern_index(t, (uint32_t)t->n++);
	return 0;
}

static void intern_free(struct intern *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->rec[i]);
	free(t->rec);
	free(t->len);
	free(t->slot);
}

struct run_store *run_store_new(void)
{
	return calloc(1, sizeof(struct run_store));
}

void run_store_free(struct run_store *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->chunks; i++)
		free(s->chunk[i]);
	free(s->chunk);
	for (size_t i = 0; i < s->n_whole; i++)
		free(s->whole[i]);
	free(s->whole);
	intern_free(&s->names);
	intern_free(&s->setups);
	intern_free(&s->envs);
	intern_free(&s->provs);
	intern_free(&s->varies);
	free(s);
}

size_t run_store_count(const struct run_store *s)
{
	return s->n;
}

/* TEXT into DST[0..size) with every byte after it zero. */
static void copy_zeroed(char *dst, const char *text, size_t size)
{
	size_t len = strnlen(text, size - 1);

	memset(dst, 0, size);
	memcpy(dst, text, len);
}

/* R's environment interned: 1 + its id, or 0 when R has none. */
static int env_id(struct run_store *s, const struct run_results *r,
		  uint32_t *out)
{
	const struct run_env *e = &r->env;
	struct run_env key;
	uint32_t id;

	*out = 0;
	if (!e->kernel[0] && !e->fs_type[0] && !e->device[0] &&
	    !e->scheduler[0] && e->rotational == 0 && e->ram_mib == 0 &&
	    e->cpus == 0)
		return 0;
	memset(&key, 0, sizeof(key));
	copy_zeroed(key.kernel, e->kernel, sizeof(key.kernel));
	copy_zeroed(key.fs_type, e->fs_type, sizeof(key.fs_type));
	copy_zeroed(key.device, e->device, sizeof(key.device));
	copy_zeroed(key.scheduler, e->scheduler, sizeof(key.scheduler));
	key.rotational = e->rotational;
	key.ram_mib = e->ram_mib;
	key.cpus = e->cpus;
	if (intern_add(&s->envs, &key, sizeof(key), &id) != 0)
		return -1;
	*out = id + 1;
	return 0;
}

/*
 * R's provenance interned without what changes from run to run on one
 * setup (how full the filesystem was): 1 + its id, or 0 when R has none.
 * The run itself is kept whole (run_fits); this is what its setup shares.
 */
static int prov_id(struct run_store *s, const struct run_results *r,
		   uint32_t *out)
{
	struct provenance *key; /* large: not on the stack */
	uint32_t id;
	int rc;

	*out = 0;
	if (!r->prov_known)
		return 0;
	if (!(key = malloc(sizeof(*key))))
		return -1;
	*key = r->prov;
	key->fs.space_known = false;
	key->fs.size_bytes = key->fs.used_bytes = key->fs.avail_bytes = 0;
	rc = intern_add(&s->provs, key, sizeof(*key), &id);
	free(key);
	if (rc != 0)
		return -1;
	*out = id + 1;
	return 0;
}

/*
 * R's --vary setup interned: its settings and whether FITRIM ran before
 * it, without what differs from run to run of one setup (its round and
 * place, the FITRIM's bytes and time): 1 + its id, or 0 for no --vary.
 */
static int vary_id(struct run_store *s, const struct run_results *r,
		   uint32_t *out)
{
	struct vary_tag key;
	uint32_t id;

	*out = 0;
	if (!r->vary.known)
		return 0;
	memset(&key, 0, sizeof(key));
	key.known = true;
	key.setup = r->vary.setup;
	key.setups = r->vary.setups;
	key.n = r->vary.n < VARY_MAX_KEYS ? r->vary.n : VARY_MAX_KEYS;
	for (size_t i = 0; i < key.n; i++) {
		copy_zeroed(key.setting[i].key, r->vary.setting[i].key,
			    sizeof(key.setting[i].key));
		copy_zeroed(key.setting[i].value, r->vary.setting[i].value,
			    sizeof(key.setting[i].value));
	}
	key.trimmed = r->vary.trimmed;
	if (intern_add(&s->varies, &key, sizeof(key), &id) != 0)
		return -1;
	*out = id + 1;
	return 0;
}

static void setup_of(const struct run_results *r, uint32_t env, uint32_t prov,
		     uint32_t vary, struct store_setup *k)
{
	memset(k, 0, sizeof(*k));
	k->prov = prov;
	k->vary = vary;
	copy_zeroed(k->program, r->program, sizeof(k->program));
	copy_zeroed(k->version, r->version, sizeof(k->version));
	copy_zeroed(k->format_id, r->format_id, sizeof(k->format_id));
	copy_zeroed(k->size_text, r->size_text, sizeof(k->size_text));
	k->unrecorded = r->unrecorded;
	k->concurrency = r->concurrency;
	k->env = env;
	k->char_io = r->mode.char_io;
	k->perchar_mib = r->perchar_mib;
	k->io = r->io;
	k->files = r->files;
	k->direct = r->mode.direct;
	k->sync_writes = r->mode.sync_writes;
	k->zeros = r->mode.zeros;
	k->pieces = r->mode.pieces;
}

/* Setup ID's fields into R (its figures and name untouched). */
static void setup_apply(const struct run_store *s, uint32_t id,
			struct run_results *r)
{
	const struct store_setup *k = (const void *)s->setups.rec[id];

	memcpy(r->program, k->program, sizeof(r->program));
	memcpy(r->version, k->version, sizeof(r->version));
	memcpy(r->format_id, k->format_id, sizeof(r->format_id));
	memcpy(r->size_text, k->size_text, sizeof(r->size_text));
	r->unrecorded = k->unrecorded;
	r->concurrency = k->concurrency;
	r->perchar_mib = k->perchar_mib;
	r->io = k->io;
	r->files = k->files;
	r->mode = (struct io_mode){ .direct = k->direct,
				    .sync_writes = k->sync_writes,
				    .zeros = k->zeros, .pieces = k->pieces,
				    .char_io = (enum char_io)k->char_io };
	if (k->env)
		memcpy(&r->env, s->envs.rec[k->env - 1], sizeof(r->env));
	else
		r->env = (struct run_env){ .rotational = 0 };
	/* Without one, r->prov is left as it was: prov_known says it is not. */
	r->prov_known = k->prov != 0;
	if (k->prov)
		memcpy(&r->prov, s->provs.rec[k->prov - 1], sizeof(r->prov));
	if (k->vary)
		memcpy(&r->vary, s->varies.rec[k->vary - 1], sizeof(r->vary));
	else
		memset(&r->vary, 0, sizeof(r->vary));
}

static uint64_t lat_ns_of(float lat_us)
{
	return (uint64_t)llround((double)lat_us * 1000.0);
}

/*
 * Whether P's limit is what a row gives back: a kind and what is missing,
 * the figure's own CPU (none when not run) and whole cores, nothing else
 * (a run without provenance, times or counters has no more).
 */
static bool limit_fits(const struct phase_result *p)
{
	const struct figure_limit *l = &p->limit;

	return (unsigned)l->kind < 16 && (unsigned)l->missing < 16 &&
	       l->cpu_pct == (l->kind == LIMIT_NONE ? 0 : p->cpu_pct) &&
	       l->cores >= 0 && l->cores <= UINT16_MAX &&
	       l->cores == (double)(uint16_t)l->cores && l->tail_s == 0 &&
	       l->mb_s == 0 && l->limit_mb_s == 0 && l->ceiling_mb_s == 0 &&
	       l->pct == 0 && !l->cached && !l->writes && !l->what[0];
}

/* Whether P is what a row gives back of it (only the compact figures set). */
static bool phase_fits(const struct phase_result *p)
{
	const struct latency_summary *l = &p->lat;
	float lat_us = (float)((double)l->max_ns / 1000.0);

	if (p->series.n != 0 || p->series.n_shapes != 0 || !limit_fits(p))
		return false;

	if (p->state == FIGURE_NONE &&
	    (p->rate != 0 || p->cpu_pct != 0 || l->max_ns != 0))
		return false;
	return (double)(float)p->cpu_pct == p->cpu_pct &&
	       lat_ns_of(lat_us) == l->max_ns && l->count == 0 &&
	       l->min_ns == 0 && l->mean_ns == 0 && l->p50_ns == 0 &&
	       l->p99_ns == 0 && l->p999_ns == 0 && p->elapsed_ns == 0 &&
	       p->cpu_ns == 0 && p->bytes == 0 && p->read_bytes == 0 &&
	       p->ops == 0 && !p->dev.known && p->dev.read_bytes == 0 &&
	       p->dev.write_bytes == 0 && (unsigned)p->state <= FIGURE_VALUE &&
	       p->probe.read.lat.count == 0 && p->probe.write.lat.count == 0 &&
	       p->probe.n == 0;
}

/*
 * Whether a row and the setup give R back (seed aside): its verdict too,
 * when that is an advice without sizes and no truth-check finding (the
 * rest of such an advice is zero, verdict.c).
 */
static bool run_fits(const struct run_results *r)
{
	if (r->dir[0] || r->verify || r->random_time_s || r->n_random ||
	    r->mode.dio_align || r->started[0] || r->command_line[0] ||
	    r->prov_known || r->vary.known || r->advice.sized || r->n_truth ||
	    r->probe)
		return false;
	for (int p = 0; p < PHASE_COUNT; p++)
		if (!phase_fits(&r->phase[p]))
			return false;
	return true;
}

/* Room for one more row; the row. */
static struct store_row *new_row(struct run_store *s)
{
	size_t c = s->n / ROWS_PER_CHUNK;

	if (c == s->chunks) {
		struct store_row **chunk = realloc(s->chunk,
						   (c + 1) * sizeof(*chunk));

		if (!chunk)
			return NULL;
		s->chunk = chunk;
		if (!(chunk[c] = malloc(ROWS_PER_CHUNK * sizeof(**chunk))))
			return NULL;
		s->chunks++;
	}
	return &s->chunk[c][s->n % ROWS_PER_CHUNK];
}

/* A copy of R kept whole; 1 + its index in *out. */
static int keep_whole(struct run_store *s, const struct run_results *r,
		      uint32_t *out)
{
	struct run_results **w = grow_array(s->whole, s->n_whole, &s->whole_cap,
					    sizeof(*w), 16);

	if (!w)
		return -1;
	s->whole = w;
	if (s->n_whole >= UINT32_MAX - 1 ||
	    !(s->whole[s->n_whole] = malloc(sizeof(*r))))
		return -1;
	*s->whole[s->n_whole] = *r;
	*out = (uint32_t)++s->n_whole;
	return 0;
}

int run_store_add(struct run_store *s, const struct run_results *r)
{
	struct store_setup key;
	struct store_row *row;
	uint32_t env, prov, vary;

	if (s->n >= UINT32_MAX || !(row = new_row(s)) ||
	    env_id(s, r, &env) != 0 || prov_id(s, r, &prov) != 0 ||
	    vary_id(s, r, &vary) != 0)
		return -1;
	setup_of(r, env, prov, vary, &key);
	if (intern_add(&s->names, r->machine, strnlen(r->machine, MACHINE_MAX - 1),
		       &row->name) != 0 ||
	    intern_add(&s->setups, &key, sizeof(key), &row->setup) != 0)
		return -1;
	row->states = (r->advice.any ? ROW_ADVICE_ANY : 0) |
		      (r->advice.s ? ROW_ADVICE_S : 0) |
		      (r->advice.f ? ROW_ADVICE_F : 0) |
		      (r->advice.n ? ROW_ADVICE_N : 0);
	row->whole = 0;
	if (!run_fits(r) && keep_whole(s, r, &row->whole) != 0)
		return -1;
	for (int p = 0; p < PHASE_COUNT; p++) {
		const struct phase_result *ph = &r->phase[p];

		row->states |= ((uint32_t)ph->state & 3u) << (2 * p);
		row->fig[p] = (struct store_fig){
			ph->rate, (float)ph->cpu_pct,
			(float)((double)ph->lat.max_ns / 1000.0) };
		row->limit[p] = (uint8_t)((ph->limit.kind & 15u) |
					  (ph->limit.missing & 15u) << 4);
		row->cores[p] = (uint16_t)ph->limit.cores;
	}
	s->n++;
	return 0;
}

static const struct store_row *row_at(const struct run_store *s, size_t i)
{
	return &s->chunk[i / ROWS_PER_CHUNK][i % ROWS_PER_CHUNK];
}

void run_store_phase(const struct run_store *s, size_t i, enum phase_id p,
		     struct phase_result *out)
{
	const struct store_row *row = row_at(s, i);
	const struct store_fig *f = &row->fig[p];

	if (row->whole) {
		*out = s->whole[row->whole - 1]->phase[p];
		return;
	}
	memset(out, 0, sizeof(*out));
	out->state = (enum figure_state)((row->states >> (2 * p)) & 3u);
	out->rate = f->rate;
	out->cpu_pct = f->cpu_pct;
	out->lat.max_ns = lat_ns_of(f->lat_us);
	out->limit.kind = (enum limit_kind)(row->limit[p] & 15u);
	out->limit.missing = (enum limit_missing)(row->limit[p] >> 4);
	out->limit.cores = row->cores[p];
	if (out->limit.kind != LIMIT_NONE)
		out->limit.cpu_pct = out->cpu_pct;
}

const struct run_results *run_store_get(struct run_store *s, size_t i)
{
	const struct store_row *row;
	struct run_results *r = &s->scratch;

	if (i >= s->n)
		return NULL;
	row = row_at(s, i);
	if (row->whole)
		return s->whole[row->whole - 1];
	setup_apply(s, row->setup, r);
	memcpy(r->machine, s->names.rec[row->name], s->names.len[row->name] + 1);
	r->seed[0] = '\0';
	for (int p = 0; p < PHASE_COUNT; p++)
		run_store_phase(s, i, (enum phase_id)p, &r->phase[p]);
	r->advice = (struct advice){ .any = (row->states & ROW_ADVICE_ANY) != 0,
				     .s = (row->states & ROW_ADVICE_S) != 0,
				     .f = (row->states & ROW_ADVICE_F) != 0,
				     .n = (row->states & ROW_ADVICE_N) != 0 };
	r->n_truth = 0;
	return r;
}

uint32_t run_store_name_id(const struct run_store *s, size_t i)
{
	return row_at(s, i)->name;
}

uint32_t run_store_setup_id(const struct run_store *s, size_t i)
{
	return row_at(s, i)->setup;
}

size_t run_store_names(const struct run_store *s)
{
	return s->names.n;
}

size_t run_store_setups(const struct run_store *s)
{
	return s->setups.n;
}

const char *run_store_name(const struct run_store *s, uint32_t id)
{
	return s->names.rec[id];
}

const struct run_results *run_store_setup(struct run_store *s, uint32_t id)
{
	struct run_results *r = &s->scratch;

	memset(r->phase, 0, sizeof(r->phase));
	r->machine[0] = r->seed[0] = '\0';
	setup_apply(s, id, r);
	r->advice = (struct advice){ 0 }; /* no figures, no verdict */
	r->n_truth = 0;
	return r;
}

static const struct run_results *store_at(struct run_source *src, size_t i)
{
	struct run_store *s = src->ctx;

	if (i < s->n)
		return run_store_get(s, i);
	return i - s->n < s->n_extra ? &s->extra[i - s->n] : NULL;
}

void run_store_source(struct run_store *s, struct run_source *src,
		      const struct run_results *extra, size_t n_extra)
{
	s->extra = extra;
	s->n_extra = n_extra;
	*src = (struct run_source){ .at = store_at, .n = s->n + n_extra,
				    .ctx = s };
}
