/* SPDX-License-Identifier: MIT */
/*
 * verdict.c - what clyde concludes from a run's figures (verdict.h): the
 * "+++++" advice, which options a larger test needs and how large, from
 * the times of the phases that were too fast, and how long that test would
 * take at the rates measured; the truth check, which read phases got most
 * of their bytes from the page cache rather than the disk, judged from the
 * device's own counters around each phase; then what limited each figure
 * (limit.c) and each test's shape over time (shape.c).
 */
#include "verdict.h"

#include <stdbool.h>

#include "config_rules.h"
#include "limit.h"
#include "shape.h"

/* The shortest measured elapsed_ns among the too-fast phases FIRST..LAST (0 if unknown). */
static uint64_t shortest_fast(const struct run_results *r, int first, int last)
{
	uint64_t best = 0;

	for (int p = first; p <= last; p++) {
		const struct phase_result *ph = &r->phase[p];

		if (ph->state == FIGURE_TOO_FAST && ph->elapsed_ns != 0 &&
		    (best == 0 || ph->elapsed_ns < best))
			best = ph->elapsed_ns;
	}
	return best;
}

/* The shorter of two times, 0 meaning unknown. */
static uint64_t shorter(uint64_t a, uint64_t b)
{
	return a && (!b || a < b) ? a : b;
}

/*
 * What the too-fast phases are aimed at: the 0.5 s threshold and half as
 * much again, for runs that vary. The smallest change that measures them
 * reliably; a wider margin makes the suggested run longer for nothing.
 */
#define AIM_NS 750000000.0

/* VALUE scaled to what AIM_NS would take, rounded up to UNIT. */
static uint64_t scale_up(uint64_t value, uint64_t elapsed_ns, uint64_t unit)
{
	double want = (double)value * AIM_NS / (double)elapsed_ns;
	uint64_t units;

	if (want > 9e15) /* absurd; keep the arithmetic finite */
		want = 9e15;
	units = (uint64_t)(want / (double)unit);
	if ((double)(units * unit) < want || units == 0)
		units++;
	return units * unit;
}

static bool is_fast(const struct run_results *r, int p)
{
	return r->phase[p].state == FIGURE_TOO_FAST;
}

/*
 * The run's own -f as a suggestion keeps it: "-f" (0) when it skipped the
 * per-char tests, its size when it had one of its own, nothing (-1) when
 * per-char covered the file by stdio's default; with --char-io syscall,
 * whose default is 3M, a whole-file per-char is written out as -f.
 */
static int64_t run_perchar(const struct run_results *r, bool own_perchar,
			   uint64_t size_mib)
{
	if (r->perchar_mib == 0)
		return 0;
	if (own_perchar)
		return (int64_t)r->perchar_mib;
	return r->mode.char_io == CHAR_IO_STDIO ? -1 : (int64_t)size_mib;
}

/*
 * The run's sizing options with the enlarged values, kept within every
 * limit config_validate sets: a larger -s passes the 2x RAM rule the run
 * passed; -f may not exceed -s (config would cut it), so -s grows with it;
 * -n stays within the name-list limit, and is not enlarged when it cannot
 * grow. -r is named when the run's rule was not the detected RAM's, -c
 * when it ran copies (each rank's, for clyde-mpi's ranks), so that the
 * suggestion runs as it stands.
 */
static void suggest(struct run_results *r, bool bulk, bool seeks,
		    bool own_perchar, uint64_t t_bulk, uint64_t t_char,
		    uint64_t t_seek, uint64_t t_file)
{
	struct advice *a = &r->advice;
	uint32_t copies = r->concurrency ? r->concurrency : 1;

	/* clyde-mpi's concurrency counts every rank's copies; -c is a rank's. */
	if (r->ranks.n > 0 && copies >= r->ranks.n)
		copies /= (uint32_t)r->ranks.n;
	a->io = r->io;
	a->files = r->files;
	/* Sizes under 4 GiB grow by 256 MiB, larger ones by 1 GiB. */
	if (bulk)
		a->io.size_mib = scale_up(r->io.size_mib, t_bulk, 256);
	if (bulk && a->io.size_mib > 4096)
		a->io.size_mib = scale_up(r->io.size_mib, t_bulk, 1024);
	if (seeks)
		a->io.seeks = scale_up(r->io.seeks ? r->io.seeks : DEFAULT_SEEKS,
				       t_seek, 1024);
	if (a->f)
		a->perchar_mib = (int64_t)scale_up(r->perchar_mib, t_char, 1);
	else
		a->perchar_mib = run_perchar(r, own_perchar, a->io.size_mib);
	if (a->perchar_mib > (int64_t)a->io.size_mib) {
		a->io.size_mib = (uint64_t)a->perchar_mib;
		a->s = true;
	}
	if (a->io.size_mib > CONFIG_MAX_SIZE_MIB)
		a->io.size_mib = CONFIG_MAX_SIZE_MIB;
	if (a->perchar_mib > (int64_t)a->io.size_mib)
		a->perchar_mib = (int64_t)a->io.size_mib;
	if (a->n) {
		/* The name lists are memory clyde allocates: the machine's RAM
		 * bounds them whatever -r said (config_validate). */
		uint64_t ram = r->env.ram_mib ? r->env.ram_mib : r->ram_mib;
		uint64_t most = config_max_files_k(ram, copies);
		uint64_t want = scale_up(r->files.count_k, t_file, 1);

		a->files.count_k = want < most ? want : most;
		if (a->files.count_k <= r->files.count_k) {
			a->files.count_k = r->files.count_k;
			a->n = false;
		}
	}
	a->copies = copies;
	a->ram = r->ram_mib != r->env.ram_mib;
	a->ram_mib = r->ram_mib;
}

/* NEW / OLD, 1 when OLD is 0 (nothing to scale). */
static double ratio(uint64_t new_value, uint64_t old_value)
{
	return old_value ? (double)new_value / (double)old_value : 1.0;
}

/*
 * How long the suggested run would take at R's own rates: each phase's
 * measured time scaled by how much more it would do (per-char by its
 * size, the block phases by -s, seeks by their count, the file tests by
 * -n); the random-I/O tests run for their time. 0 when a phase that ran
 * has no time.
 */
static uint64_t advice_cost_ns(const struct run_results *r)
{
	const struct advice *a = &r->advice;
	uint64_t perchar = a->perchar_mib < 0 ? a->io.size_mib
					      : (uint64_t)a->perchar_mib;
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random
							 : MAX_RANDOM_TESTS;
	double ns = 0;

	for (int p = 0; p < PHASE_COUNT; p++) {
		const struct phase_result *ph = &r->phase[p];
		double k;

		if (ph->state == FIGURE_NONE)
			continue;
		if (ph->elapsed_ns == 0)
			return 0;
		if (p == PHASE_PUTC || p == PHASE_GETC)
			k = ratio(perchar, r->perchar_mib);
		else if (p == PHASE_SEEKS)
			k = ratio(a->io.seeks, r->io.seeks ? r->io.seeks : DEFAULT_SEEKS);
		else if (p < PHASE_FILE_FIRST)
			k = ratio(a->io.size_mib, r->io.size_mib);
		else
			k = ratio(a->files.count_k, r->files.count_k);
		ns += (double)ph->elapsed_ns * k;
	}
	for (size_t i = 0; i < n_random; i++)
		ns += (double)r->random[i].elapsed_ns;
	return ns < 9e18 ? (uint64_t)ns : UINT64_MAX;
}

static void advice_compute(struct run_results *r)
{
	struct advice *a = &r->advice;
	bool perchar = is_fast(r, PHASE_PUTC) || is_fast(r, PHASE_GETC);
	bool own_perchar = perchar && r->perchar_mib != 0 &&
			   r->perchar_mib < r->io.size_mib;
	bool bulk = is_fast(r, PHASE_WRITE) || is_fast(r, PHASE_REWRITE) ||
		    is_fast(r, PHASE_READ) || (perchar && !own_perchar);
	bool seeks = is_fast(r, PHASE_SEEKS);
	uint64_t t_bulk = shorter(shortest_fast(r, PHASE_WRITE, PHASE_REWRITE),
				  shortest_fast(r, PHASE_READ, PHASE_READ));
	uint64_t t_char = shorter(shortest_fast(r, PHASE_PUTC, PHASE_PUTC),
				  shortest_fast(r, PHASE_GETC, PHASE_GETC));
	uint64_t t_seek = shortest_fast(r, PHASE_SEEKS, PHASE_SEEKS);
	uint64_t t_file = shortest_fast(r, PHASE_FILE_FIRST, PHASE_COUNT - 1);

	*a = (struct advice){ 0 };
	for (int p = 0; p < PHASE_COUNT; p++)
		a->any |= is_fast(r, p);
	if (!a->any)
		return;
	/* Per-char phases that cover the whole file grow with -s. */
	if (perchar && !own_perchar)
		t_bulk = shorter(t_char, t_bulk);
	a->s = bulk || seeks;
	a->f = own_perchar;
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		a->n |= is_fast(r, p);
	a->sized = !(bulk && !t_bulk) && !(a->f && !t_char) &&
		   !(seeks && !t_seek) && !(a->n && !t_file);
	if (!a->sized)
		return;
	suggest(r, bulk, seeks, own_perchar, t_bulk, t_char, t_seek, t_file);
	a->cost_ns = advice_cost_ns(r);
}

static void truth_compute(struct run_results *r)
{
	static const enum phase_id reads[] = { PHASE_REWRITE, PHASE_GETC,
					       PHASE_READ, PHASE_SEEKS };
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random
							 : MAX_RANDOM_TESTS;
	unsigned pct;

	r->n_truth = 0;
	if (r->env.device[0] == '\0')
		return;
	for (size_t i = 0; i < sizeof(reads) / sizeof(reads[0]); i++) {
		const struct phase_result *p = &r->phase[reads[i]];

		if (p->state != FIGURE_NONE && p->read_bytes > 0 && p->dev.known &&
		    limit_under_half(p->dev.read_bytes, p->read_bytes, &pct))
			r->truth[r->n_truth++] = (struct truth_hit){
				.id = reads[i], .pct = pct };
	}
	for (size_t i = 0; i < n_random && r->n_truth < MAX_TRUTH_HITS; i++) {
		const struct random_result *t = &r->random[i];
		uint64_t logical = t->ops <= UINT64_MAX / RANDOM_BLOCK_BYTES
					   ? t->ops * RANDOM_BLOCK_BYTES
					   : UINT64_MAX;

		if (!t->writes && t->dev.known &&
		    limit_under_half(t->dev.read_bytes, logical, &pct))
			r->truth[r->n_truth++] =
				(struct truth_hit){ .id = PHASE_RANDOM, .depth = t->depth,
						    .threads = t->threads, .pct = pct };
	}
}

/* The shapes of every test's series: bytes for the bulk tests, else ops. */
static void shapes_compute(struct run_results *r)
{
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random : MAX_RANDOM_TESTS;

	for (int p = 0; p < PHASE_COUNT; p++)
		shape_find(&r->phase[p].series, p != PHASE_SEEKS && p < PHASE_FILE_FIRST);
	for (size_t i = 0; i < n_random; i++)
		shape_find(&r->random[i].series, false);
}

void verdict_compute(struct run_results *r)
{
	advice_compute(r);
	truth_compute(r);
	limit_compute(r);
	shapes_compute(r);
}
