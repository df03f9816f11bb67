/* SPDX-License-Identifier: MIT */
/*
 * limit.c - what limited each figure (limit.h): memory, the page cache,
 * the CPU, dm-crypt's cipher, the disks' links, or the disk itself, each
 * judged from evidence the run carries, and "unknown" naming the evidence
 * that is missing.
 */
#include "limit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "defaults.h"

bool limit_under_half(uint64_t disk, uint64_t logical, unsigned *pct)
{
	uint64_t p;

	if (logical == 0 || disk >= logical - logical / 2)
		return false;
	/* Past 160 PB, halve both until disk * 100 fits; the ratio barely moves. */
	while (disk > UINT64_MAX / 100) {
		disk >>= 1;
		logical >>= 1;
	}
	p = disk * 100 / logical;
	*pct = p > 100 ? 100 : (unsigned)p;
	return true;
}

/* "zram0", "ram12": a RAM disk's kernel name. */
static bool ram_disk(const char *name)
{
	size_t n = strncmp(name, "zram", 4) == 0 ? 4 : strncmp(name, "ram", 3) == 0 ? 3 : 0;

	if (n == 0 || !name[n])
		return false;
	for (; name[n]; n++)
		if (name[n] < '0' || name[n] > '9')
			return false;
	return true;
}

/* Whether layer I of P serves no other: the bottom of its branch. */
static bool bottom(const struct provenance *p, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++)
		if (p->layers[k].above == (int)i)
			return false;
	return true;
}

bool limit_memory_fs(const struct provenance *p, char *why, size_t len)
{
	static const char *const types[] = { "tmpfs", "ramfs", "devtmpfs", "rootfs" };
	size_t layers = p->n_layers < PROV_MAX_LAYERS ? p->n_layers : PROV_MAX_LAYERS;
	const char *first = NULL;

	if (why && len)
		why[0] = '\0';
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(p->fs.type, types[i]) == 0) {
			if (why)
				snprintf(why, len, "%s", types[i]);
			return true;
		}
	if (p->truncated)
		return false;
	for (size_t i = 0; i < layers; i++) {
		if (!bottom(p, layers, i))
			continue;
		if (!ram_disk(p->layers[i].name))
			return false;
		if (!first)
			first = p->layers[i].name;
	}
	if (!first)
		return false;
	if (why)
		snprintf(why, len, "%s on %s", p->fs.type[0] ? p->fs.type : "a filesystem",
			 first);
	return true;
}

double limit_link_usable(const struct prov_link *l)
{
	static const struct {
		const char *kind;
		double share;
	} shares[] = { { "pata", 0.80 }, { "sata", 0.92 }, { "sas", 0.92 },
		       { "pcie", 0.88 }, { "usb", 0.90 } };
	double share = 0;

	for (size_t i = 0; i < sizeof(shares) / sizeof(shares[0]); i++)
		if (strcmp(l->kind, shares[i].kind) == 0)
			share = shares[i].share;
	/* USB 2's bulk-only transport leaves less. */
	if (strcmp(l->kind, "usb") == 0 && l->ceiling_mb_s <= 53)
		share = 0.80;
	return share * l->ceiling_mb_s;
}

/* What one figure offers as evidence. */
struct weigh {
	bool files;           /* a file test: no bytes */
	double cpu_pct;
	uint64_t wait_ns;     /* its threads' time waiting for a CPU */
	double threads;       /* the threads it ran, every copy's */
	uint64_t elapsed_ns;
	uint64_t read_b, write_b;
	const struct device_io *dev;
	const struct phase_series *series;
};

/* Half-duplex links carry reads and writes in turn: SATA, PATA, USB 2. */
static bool half_duplex(const struct prov_link *l)
{
	return strcmp(l->kind, "sata") == 0 || strcmp(l->kind, "pata") == 0 ||
	       (strcmp(l->kind, "usb") == 0 && l->ceiling_mb_s <= 53);
}

/* The disks' links together: what they carry, and whether one is unknown. */
struct links {
	double usable, ceiling;
	size_t n;             /* links with a ceiling */
	bool half, missing;
	char what[64];
};

static void sum_links(const struct provenance *p, struct links *k)
{
	size_t disks = p->n_disks < PROV_MAX_DISKS ? p->n_disks : PROV_MAX_DISKS;

	memset(k, 0, sizeof(*k));
	for (size_t i = 0; i < disks; i++) {
		const struct prov_link *l = &p->disks[i].link;

		if (strcmp(l->kind, "virtio") == 0) {
			snprintf(k->what, sizeof(k->what), "virtio");
			continue;
		}
		if (l->ceiling_mb_s == 0) {
			k->missing = true;
			continue;
		}
		k->half |= half_duplex(l);
		k->usable += limit_link_usable(l);
		k->ceiling += l->ceiling_mb_s;
		if (++k->n == 1)
			snprintf(k->what, sizeof(k->what), "%s", l->name);
		else
			snprintf(k->what, sizeof(k->what), "%zu links", k->n);
	}
}

/* The bytes' rule (cache, cipher, link), once CPU and memory are ruled out. */
static void judge_bytes(const struct run_results *r, const struct weigh *w,
			struct figure_limit *out)
{
	const struct prov_cipher *c = &r->prov.cipher;
	double secs = (double)w->elapsed_ns / 1e9;
	double rd = (double)w->read_b / secs / 1e6, wr = (double)w->write_b / secs / 1e6;
	uint64_t logical = out->writes ? w->write_b : w->read_b;
	uint64_t moved = out->writes ? w->dev->write_bytes : w->dev->read_bytes;
	struct links k;

	out->mb_s = rd + wr;
	if (c->layer >= 0 && c->encrypt_mb_s && c->decrypt_mb_s) {
		double busy = rd / c->decrypt_mb_s + wr / c->encrypt_mb_s;

		snprintf(out->what, sizeof(out->what), "%s", c->algorithm);
		out->limit_mb_s = busy > 0 ? out->mb_s / busy : 0;
		if (busy >= LIMIT_NEAR) {
			out->kind = LIMIT_CIPHER;
			return;
		}
	}
	sum_links(&r->prov, &k);
	out->limit_mb_s = k.usable;
	out->ceiling_mb_s = k.ceiling;
	snprintf(out->what, sizeof(out->what), "%s", k.what);
	if (!k.half)
		out->mb_s = rd > wr ? rd : wr;
	if (k.usable > 0 && out->mb_s >= LIMIT_NEAR * k.usable) {
		out->kind = LIMIT_INTERFACE;
		return;
	}
	out->kind = LIMIT_UNKNOWN;
	if (!w->dev->known)
		out->missing = MISSING_COUNTERS;
	else if (c->layer >= 0 && !(c->encrypt_mb_s && c->decrypt_mb_s))
		out->missing = MISSING_CIPHER;
	else if (k.missing)
		out->missing = MISSING_CEILING;
	else
		out->kind = LIMIT_DEVICE;
	if (w->dev->known && logical)
		out->pct = moved >= logical ? 100 : (unsigned)(moved * 100.0 / (double)logical);
}

/*
 * The CPU over the figure's time but its tail, when the tail (the final
 * fsync, a close: no operation left to do) is under half of it: the share
 * of the cores the test kept busy while it had work to give them; and
 * the share its threads spent waiting for a core they could have used.
 */
static void busy_cpu(const struct weigh *w, struct figure_limit *out)
{
	double secs = (double)w->elapsed_ns / 1e9;
	double tail = w->series && w->series->n ? w->series->tail_s : 0;
	double busy = secs;

	if (tail > 0 && tail * 2 < secs) {
		busy = secs - tail;
		out->tail_s = tail;
	}
	out->cpu_pct = busy > 0 ? w->cpu_pct * secs / busy : w->cpu_pct;
	out->wait_pct = busy > 0 ? (double)w->wait_ns / 1e7 / busy : 0;
}

/* Whether the comma-separated OPTIONS have NAME ("discard", not "nodiscard"). */
static bool has_option(const char *options, const char *name)
{
	size_t n = strlen(name);

	for (const char *o = options; *o; o += strcspn(o, ",") + (o[strcspn(o, ",")] != '\0'))
		if (strncmp(o, name, n) == 0 && (o[n] == ',' || o[n] == '\0'))
			return true;
	return false;
}

/*
 * What the provenance adds to verdict L: online discard and a disk's write
 * cache off for the bytes' verdicts on writes (each slows writes down), a
 * governor that may hold the clock down for the CPU's (its name in what).
 */
static void add_notes(const struct run_results *r, struct figure_limit *l)
{
	const struct provenance *p = &r->prov;
	size_t disks = p->n_disks < PROV_MAX_DISKS ? p->n_disks : PROV_MAX_DISKS;

	if (!r->prov_known)
		return;
	if (l->kind == LIMIT_CPU && p->machine.governor[0] &&
	    strcmp(p->machine.governor, "performance") != 0) {
		l->notes |= LIMIT_NOTE_GOVERNOR;
		snprintf(l->what, sizeof(l->what), "%s", p->machine.governor);
	}
	if (!l->writes || (l->kind != LIMIT_DEVICE && l->kind != LIMIT_INTERFACE &&
			   l->kind != LIMIT_CIPHER))
		return;
	if (has_option(p->fs.mount_options, "discard") ||
	    has_option(p->fs.super_options, "discard"))
		l->notes |= LIMIT_NOTE_DISCARD;
	for (size_t i = 0; i < disks; i++)
		if (strcmp(p->disks[i].write_cache, "write through") == 0)
			l->notes |= LIMIT_NOTE_WRITE_THROUGH;
}

static void judge(const struct run_results *r, const struct weigh *w,
		  struct figure_limit *out)
{
	uint32_t cpus = r->env.cpus ? r->env.cpus
				    : r->prov_known ? r->prov.machine.cpus_online : 0;
	bool counted = !w->files && w->dev && w->dev->known;
	unsigned pct = 0;
	bool cached = counted &&
		      (limit_under_half(w->dev->read_bytes, w->read_b, &pct) ||
		       (w->read_b == 0 &&
			limit_under_half(w->dev->write_bytes, w->write_b, &pct)));

	memset(out, 0, sizeof(*out));
	out->cores = cpus && cpus < w->threads ? cpus : w->threads;
	out->writes = w->write_b > w->read_b;
	busy_cpu(w, out);
	if (r->prov_known && limit_memory_fs(&r->prov, out->what, sizeof(out->what))) {
		out->kind = LIMIT_MEMORY;
		return;
	}
	if (isfinite(out->cpu_pct) &&
	    out->cpu_pct + out->wait_pct >= LIMIT_NEAR * 100.0 * out->cores) {
		out->kind = LIMIT_CPU;
		out->cached = cached;
		out->pct = pct;
		return;
	}
	out->tail_s = out->wait_pct = 0;
	out->cpu_pct = w->cpu_pct;
	if (cached) {
		out->kind = LIMIT_CACHE;
		out->pct = pct;
		out->writes = w->read_b == 0;
		return;
	}
	out->kind = LIMIT_UNKNOWN;
	if (w->files)
		out->missing = MISSING_FILES;
	else if (!r->prov_known)
		out->missing = MISSING_PROVENANCE;
	else if (w->elapsed_ns == 0 || w->read_b + w->write_b == 0 || !w->dev)
		out->missing = MISSING_TIMES;
	else
		judge_bytes(r, w, out);
}

/* The threads one copy of classic test P runs. */
static double copy_threads(const struct run_results *r, int p)
{
	if (p != PHASE_SEEKS)
		return 1;
	return r->io.seekers && !(r->unrecorded & UNRECORDED_SEEKERS)
		       ? (double)r->io.seekers : DEFAULT_SEEKERS;
}

void limit_compute(struct run_results *r)
{
	double copies = r->concurrency ? r->concurrency : 1;
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random : MAX_RANDOM_TESTS;

	for (int p = 0; p < PHASE_COUNT; p++) {
		struct phase_result *ph = &r->phase[p];
		/* Rewrite reads each chunk and writes it back: both. */
		uint64_t written = p == PHASE_REWRITE ? ph->bytes
				   : ph->bytes - (ph->read_bytes < ph->bytes ? ph->read_bytes
									     : ph->bytes);
		struct weigh w = { .files = p >= PHASE_FILE_FIRST, .cpu_pct = ph->cpu_pct,
				   .wait_ns = ph->wait_ns,
				   .threads = copies * copy_threads(r, p),
				   .elapsed_ns = ph->elapsed_ns, .read_b = ph->read_bytes,
				   .write_b = written, .dev = &ph->dev,
				   .series = &ph->series };

		if (ph->state == FIGURE_VALUE) {
			judge(r, &w, &ph->limit);
			add_notes(r, &ph->limit);
		} else
			memset(&ph->limit, 0, sizeof(ph->limit));
	}
	for (size_t i = 0; i < n_random; i++) {
		struct random_result *t = &r->random[i];
		uint64_t bytes = t->ops <= UINT64_MAX / RANDOM_BLOCK_BYTES
					 ? t->ops * RANDOM_BLOCK_BYTES : UINT64_MAX;
		double threads = t->threads ? t->threads : 1;
		struct weigh w = { .cpu_pct = t->cpu_pct, .wait_ns = t->wait_ns,
				   .elapsed_ns = t->elapsed_ns,
				   .read_b = t->writes ? 0 : bytes,
				   .write_b = t->writes ? bytes : 0, .dev = &t->dev,
				   .series = &t->series };

		/* The threads engine runs a thread per I/O in flight. */
		if (t->engine == ENGINE_THREADS)
			threads *= t->depth ? t->depth : 1;
		w.threads = copies * threads;
		if (t->ops != 0 && t->elapsed_ns != 0) {
			judge(r, &w, &t->limit);
			add_notes(r, &t->limit);
		} else
			memset(&t->limit, 0, sizeof(t->limit));
	}
}
