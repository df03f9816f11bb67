/* SPDX-License-Identifier: MIT */
/*
 * ranks.c - one clyde among the ranks of an MPI job (ranks.h): the quiet
 * ranks' captured stderr, the agreements before each test and after each
 * run, the gathering of every rank's figures and latencies towards rank 0
 * for combine.c, and the failing rank's error on its way to rank 0.
 */
#include "ranks.h"
#include "ranks_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "combine.h"
#include "exit_status.h"
#include "lib/timer.h"

#define NOTE_TEXT_MAX 2048
#define CAPTURE_READ_MAX 16384

/* What the rank whose failure ended the run tells every other at the end. */
struct failure_note {
	int32_t status;
	char host[64];
	char text[NOTE_TEXT_MAX]; /* its "clyde: " lines, one per line */
};

/* A rank other than 0 prints nothing of its own: stdout is dropped and
 * stderr kept in an unlinked scratch file, for its error lines. */
static void quieten(struct ranks *rk)
{
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		close(null);
	}
	rk->capture = tmpfile();
	if (rk->capture)
		dup2(fileno(rk->capture), STDERR_FILENO);
}

/* The host's first name part, with what a file name should not hold
 * replaced, then ".rN": "node7.r3". */
static void make_tag(struct ranks *rk)
{
	size_t n = strcspn(rk->host, ".");
	size_t at = 0;

	for (size_t i = 0; i < n && at + 1 < sizeof(rk->tag) - 16; i++) {
		char c = rk->host[i];
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9') || c == '-' || c == '_';

		rk->tag[at++] = plain ? c : '_';
	}
	snprintf(rk->tag + at, sizeof(rk->tag) - at, "%sr%d", at ? "." : "",
		 rk->me.rank);
}

int ranks_init(struct ranks *rk, int *argc, char ***argv)
{
	memset(rk, 0, sizeof(*rk));
	rk->first_failed = -1;
	if (coord_init(argc, argv, &rk->me) != 0) {
		errno = EPROTO;
		return -1;
	}
	if (!rk->me.mpi)
		return 0;
	if (gethostname(rk->host, sizeof(rk->host)) != 0)
		snprintf(rk->host, sizeof(rk->host), "unknown");
	rk->host[sizeof(rk->host) - 1] = '\0';
	make_tag(rk);
	if (rk->me.rank > 0)
		quieten(rk);
	return 0;
}

const char *ranks_tag(const struct ranks *rk)
{
	return rk->me.mpi ? rk->tag : NULL;
}

uint64_t ranks_first_copy(const struct ranks *rk)
{
	return rk->me.mpi ? ranks_copy0_of((uint32_t)rk->me.rank) : 0;
}

bool ranks_stopped(const struct ranks *rk)
{
	return rk->settled && rk->first_failed != rk->me.rank;
}

bool ranks_prints(const struct ranks *rk)
{
	return rk->me.rank == 0;
}

bool ranks_decide(const struct ranks *rk, bool mine)
{
	unsigned char v = mine;

	if (rk->me.mpi && coord_bcast(&v, sizeof(v), 0) != 0)
		coord_abort(EXIT_SETUP);
	return v != 0;
}

int ranks_check(const struct ranks *rk, const struct config *cfg, char *err,
		size_t len)
{
	if (cfg->job.reorder && (!rk->me.mpi || rk->me.size < 2)) {
		snprintf(err, len, "--reorder: block input reads another rank's "
			 "file, and this run has no other rank (clyde-mpi under "
			 "mpirun, with two ranks or more)");
		return EXIT_USAGE;
	}
	if (!rk->me.mpi || (cfg->processes == 0 && cfg->sync_mode == 0))
		return 0;
	snprintf(err, len, "%s: clyde-mpi's ranks already start every test "
		 "together; leave -p and -y out", cfg->processes ? "-p" : "-y");
	return EXIT_USAGE;
}

/* How much this rank has written to its captured stderr so far. */
static long capture_end(const struct ranks *rk)
{
	if (!rk->capture)
		return 0;
	off_t end = lseek(STDERR_FILENO, 0, SEEK_END);
	return end < 0 ? 0 : (long)end;
}

/*
 * While an agreement waits: on a signal, remove this rank's files at once
 * rather than after the others arrive (mpirun follows its SIGTERM with a
 * SIGKILL a second later). A path that will not go stays recorded, so
 * that main's own clean-up retries it and names it.
 */
static void on_idle(void *arg)
{
	struct ranks *rk = arg;

	if (!cleanup_signal() || rk->cleaned)
		return;
	rk->cleaned = true;
	cleanup_sweep();
}

/*
 * One agreement, FAILED being this rank's part: 0 when every rank is well,
 * 1 when one failed (the run is then settled), -1 when the communication
 * broke.
 */
static int agree(struct ranks *rk, bool failed)
{
	int first = -1;

	if (rk->broken)
		return -1;
	if (!failed)
		rk->mark = capture_end(rk);
	if (coord_agree(failed, &first, on_idle, rk) != 0) {
		rk->broken = true;
		return -1;
	}
	if (first < 0)
		return 0;
	rk->settled = true;
	rk->first_failed = first;
	return 1;
}

const char *ranks_note(const struct ranks *rk)
{
	return rk->note;
}

/* The communication broke during ranks_begin: say so, and stop. */
static int unreachable(struct ranks *rk, char *err, size_t len)
{
	rk->broken = true;
	snprintf(err, len, "rank %d: MPI: the ranks cannot reach each other",
		 rk->me.rank);
	return EXIT_SETUP;
}

int ranks_begin(struct ranks *rk, const struct config *cfg,
		struct run_target *target, char *err, size_t len)
{
	int agreed, status;

	err[0] = '\0';
	if (!rk->me.mpi)
		return 0;
	rk->workdir = target->workdir;
	rk->target = target;
	rk->deadline = cfg->job.deadline_s;
	agreed = agree(rk, false);
	if (agreed > 0)
		return EXIT_SETUP; /* stopped: the failing rank's status follows */
	if (agreed < 0)
		return unreachable(rk, err, len);
	/* The settings decide the tests, and so the collective calls. */
	status = ranks_same_settings(rk, cfg, target, err, len);
	if (status < 0)
		return unreachable(rk, err, len);
	if (status != 0) {
		rk->settled = true;
		rk->first_failed = 0;
		return status;
	}
	if (coord_clock_offset(timer_now_ns, &rk->clock_offset_ns,
			       &rk->clock_error_ns) != 0)
		return unreachable(rk, err, len);
	status = ranks_share_begin(rk, cfg, target, err, len);
	if (status < 0)
		return unreachable(rk, err, len);
	/* Whether every rank found what the ranks share. */
	switch (agree(rk, status != 0)) {
	case 0:
		return 0;
	case 1:
		if (status == 0)
			err[0] = '\0'; /* stopped by another rank */
		return status ? status : EXIT_SETUP;
	default:
		return unreachable(rk, err, len);
	}
}

/* After an agreement: every rank takes the least extent any rank's files
 * hold, and rank 0's shared file, its whole identity (the others offer
 * the most there is). */
static int settle(struct ranks *rk, struct run_agreed *agreed)
{
	const struct iofile_made *m = &agreed->shared;
	bool zero = rk->me.rank == 0;
	uint64_t v[7] = { agreed->extent_bytes, m->id.dev, m->id.ino, m->id.type,
			  m->btime_ns, m->gen,
			  (m->has_btime ? 1u : 0u) | (m->has_gen ? 2u : 0u) };

	for (size_t i = 1; !zero && i < 7; i++)
		v[i] = UINT64_MAX;
	if (coord_allreduce_u64(v, 7, COORD_MIN) != 0)
		return -1;
	agreed->extent_bytes = v[0];
	agreed->shared = (struct iofile_made){
		.id = { .dev = v[1], .ino = v[2], .type = (uint32_t)v[3] },
		.btime_ns = v[4], .gen = (uint32_t)v[5],
		.has_btime = (v[6] & 1u) != 0, .has_gen = (v[6] & 2u) != 0,
	};
	return 0;
}

/*
 * The ranks' agreement before STEP, which settles AGREED: 0 when every
 * rank is ready, else the status to stop with (rank 0 says why, once, at
 * ranks_end). A test that races under --deadline starts even when a
 * signal came meanwhile, its copies stopping at once: every rank must
 * then take part in its race.
 */
static int before_phase(void *arg, const struct plan_step *step,
			struct run_agreed *agreed, struct phase_error *err)
{
	struct ranks *rk = arg;
	bool races = rk->deadline && step->info->deadline;
	int sig;

	memset(&rk->race, 0, sizeof(rk->race));
	if (agree(rk, false) == 0) {
		if (settle(rk, agreed) != 0)
			rk->broken = true;
		else if (races || !cleanup_signal())
			return 0;
	}
	snprintf(err->op, sizeof(err->op), "synchronising before %s", step->name);
	sig = cleanup_signal();
	return err->status = sig ? EXIT_SIGNAL + sig : EXIT_IO;
}

/* The race of a test under --deadline (run.h's race hook); a broken
 * communication stops the copies, and the next agreement ends the run. */
static bool race(void *arg, bool done, bool end)
{
	struct ranks *rk = arg;
	bool any = done;

	if (rk->broken)
		return true;
	if ((end ? coord_race_end(&rk->race, on_idle, rk)
		 : coord_race_poll(&rk->race, done, &any)) != 0) {
		rk->broken = true;
		return true;
	}
	return any;
}

static void keep_latency(void *arg, const struct plan_step *step,
			 const struct latency_stats *lat)
{
	struct ranks *rk = arg;
	size_t i = (size_t)(step - rk->plan->steps);

	if (rk->lat && i < rk->plan->n)
		rk->lat[i] = *lat;
}

void ranks_hooks(struct ranks *rk, const struct run_plan *plan,
		 struct run_hooks *hooks)
{
	if (!rk->me.mpi)
		return;
	rk->plan = plan;
	if (!rk->lat)
		rk->lat = malloc(RUN_MAX_PHASES * sizeof(*rk->lat));
	for (size_t i = 0; rk->lat && i < RUN_MAX_PHASES; i++)
		stats_init(&rk->lat[i]);
	hooks->before_phase = before_phase;
	hooks->before_arg = rk;
	if (rk->deadline) {
		hooks->race = race;
		hooks->race_arg = rk;
	}
	hooks->phase_latency = keep_latency;
	hooks->latency_arg = rk;
}

/* What one run's gathering needs, allocated before the agreement so that
 * a rank short of memory says so there instead of failing half-way
 * through the collective calls. all and the *_lat exist on rank 0 only. */
struct gathering {
	struct rank_report *mine, *all;
	uint64_t *sums, *mins, *maxs;   /* per plan step */
	struct latency_stats *phase_lat, *random_lat;
};

static void gathering_free(struct gathering *g)
{
	free(g->mine);
	free(g->all);
	free(g->sums);
	free(g->mins);
	free(g->maxs);
	free(g->phase_lat);
	free(g->random_lat);
	memset(g, 0, sizeof(*g));
}

static int gathering_alloc(const struct ranks *rk, struct gathering *g)
{
	size_t steps = rk->plan->n ? rk->plan->n : 1;
	size_t n = (size_t)rk->me.size;

	memset(g, 0, sizeof(*g));
	g->mine = calloc(1, sizeof(*g->mine));
	g->sums = calloc(steps * COMBINE_LAT_SUMS, sizeof(*g->sums));
	g->mins = calloc(steps, sizeof(*g->mins));
	g->maxs = calloc(steps, sizeof(*g->maxs));
	if (rk->me.rank == 0) {
		g->all = calloc(n, sizeof(*g->all));
		g->phase_lat = calloc(PHASE_COUNT, sizeof(*g->phase_lat));
		g->random_lat = calloc(MAX_RANDOM_TESTS, sizeof(*g->random_lat));
	}
	if (!rk->lat || !g->mine || !g->sums || !g->mins || !g->maxs ||
	    (rk->me.rank == 0 && (!g->all || !g->phase_lat || !g->random_lat))) {
		gathering_free(g);
		return -1;
	}
	return 0;
}

static uint64_t on_rank0_clock(const struct ranks *rk, uint64_t t)
{
	return (uint64_t)((int64_t)t + rk->clock_offset_ns);
}

/* This rank's report: its figures, times moved onto rank 0's clock. */
static void describe_rank(const struct ranks *rk, const struct run_results *res,
			  struct rank_report *out)
{
	out->rank = (uint32_t)rk->me.rank;
	out->pid = (int64_t)getpid();
	snprintf(out->host, sizeof(out->host), "%s", rk->host);
	if (rk->workdir) { /* a path past the field's size is cut */
		size_t n = strnlen(rk->workdir, sizeof(out->workdir) - 1);

		memcpy(out->workdir, rk->workdir, n);
	}
	out->clock_offset_ns = rk->clock_offset_ns;
	out->clock_error_ns = rk->clock_error_ns;
	out->res = *res;
	out->res.ranks = (struct rank_set){ 0 };
	for (int id = 0; id < PHASE_COUNT; id++)
		if (out->res.phase[id].state != FIGURE_NONE)
			out->res.phase[id].start_ns =
				on_rank0_clock(rk, out->res.phase[id].start_ns);
	for (size_t k = 0; k < out->res.n_random && k < MAX_RANDOM_TESTS; k++)
		out->res.random[k].start_ns =
			on_rank0_clock(rk, out->res.random[k].start_ns);
}

/* Every rank's latencies of every step, merged on rank 0 into the
 * histogram of its phase or random-I/O test. */
static int merge_latencies(const struct ranks *rk, struct gathering *g)
{
	size_t steps = rk->plan->n;
	size_t k = 0;

	for (size_t i = 0; i < steps; i++)
		combine_lat_pack(&rk->lat[i], g->sums + i * COMBINE_LAT_SUMS,
				 &g->mins[i], &g->maxs[i]);
	if (coord_reduce_u64(g->sums, steps * COMBINE_LAT_SUMS, COORD_SUM) != 0 ||
	    coord_reduce_u64(g->mins, steps, COORD_MIN) != 0 ||
	    coord_reduce_u64(g->maxs, steps, COORD_MAX) != 0)
		return -1;
	if (rk->me.rank != 0)
		return 0;
	for (size_t i = 0; i < steps; i++) {
		enum phase_id id = rk->plan->steps[i].info->id;
		struct latency_stats *to;

		if (id != PHASE_RANDOM)
			to = &g->phase_lat[id];
		else if (k < MAX_RANDOM_TESTS)
			to = &g->random_lat[k++];
		else
			continue;
		combine_lat_unpack(g->sums + i * COMBINE_LAT_SUMS, g->mins[i],
				   g->maxs[i], to);
	}
	return 0;
}

static int fail_here(struct phase_error *err, int status, int errnum,
		     const char *what)
{
	memset(err, 0, sizeof(*err));
	snprintf(err->op, sizeof(err->op), "%s", what);
	err->errnum = errnum;
	return err->status = status;
}

/* Rank 0 keeps each run's reports: the combined results point at them. */
static int keep_reports(struct ranks *rk, struct rank_report *all)
{
	struct rank_report **grown = realloc(rk->kept, (rk->n_kept + 1) *
						       sizeof(*grown));

	if (!grown)
		return -1;
	rk->kept = grown;
	rk->kept[rk->n_kept++] = all;
	return 0;
}

int ranks_after_run(struct ranks *rk, struct run_results *res,
		    struct phase_error *err)
{
	struct gathering g;
	bool short_of_memory;
	int agreed;

	if (!rk->me.mpi)
		return 0;
	short_of_memory = gathering_alloc(rk, &g) != 0;
	agreed = agree(rk, short_of_memory);
	if (agreed != 0 || short_of_memory) {
		gathering_free(&g);
		if (agreed < 0)
			return fail_here(err, EXIT_SETUP, 0,
					 "MPI: the ranks cannot reach each other");
		if (short_of_memory)
			return fail_here(err, EXIT_SETUP, ENOMEM,
					 "gathering the ranks' results");
		return fail_here(err, EXIT_IO, 0, "stopped by another rank");
	}
	describe_rank(rk, res, g.mine);
	if (coord_gather(g.mine, g.all, sizeof(*g.mine)) != 0 ||
	    merge_latencies(rk, &g) != 0) {
		rk->broken = true;
		gathering_free(&g);
		return fail_here(err, EXIT_SETUP, 0,
				 "MPI: the ranks cannot reach each other");
	}
	if (rk->me.rank == 0) {
		for (int i = 0; i < rk->me.size; i++)
			g.all[i].res.ranks = (struct rank_set){ 0 };
		if (combine_run(g.all, (size_t)rk->me.size, g.phase_lat,
				g.random_lat, res) != 0 ||
		    keep_reports(rk, g.all) != 0) {
			gathering_free(&g);
			return fail_here(err, EXIT_SETUP, ENOMEM,
					 "combining the ranks' results");
		}
		g.all = NULL; /* kept */
	}
	gathering_free(&g);
	return 0;
}

/* The "clyde: " lines this rank wrote since its last good agreement. */
static void collect_errors(const struct ranks *rk, char *out, size_t len)
{
	char buf[CAPTURE_READ_MAX + 1];
	size_t at = 0;
	long end = capture_end(rk);
	long from = end - rk->mark > CAPTURE_READ_MAX ? end - CAPTURE_READ_MAX
						      : rk->mark;
	ssize_t got;

	out[0] = '\0';
	if (!rk->capture || end <= from)
		return;
	got = pread(fileno(rk->capture), buf, (size_t)(end - from), from);
	if (got <= 0)
		return;
	buf[got] = '\0';
	for (char *line = buf, *next; *line; line = next) {
		size_t n = strcspn(line, "\n");

		next = line[n] ? line + n + 1 : line + n;
		if (strncmp(line, "clyde: ", 7) != 0 || at + n + 2 > len)
			continue;
		memcpy(out + at, line, n);
		at += n;
		out[at++] = '\n';
		out[at] = '\0';
	}
}

/* Rank 0 prints another rank's error lines, saying whose they are. */
static void print_note(const struct failure_note *note, int rank)
{
	const char *line = note->text;

	if (!*line)
		fprintf(stderr, "clyde: rank %d (%s) failed with exit status %d\n",
			rank, note->host, (int)note->status);
	while (*line) {
		size_t n = strcspn(line, "\n");

		fprintf(stderr, "clyde: rank %d (%s): %.*s\n", rank, note->host,
			(int)(n - 7), line + 7);
		line += n + (line[n] != '\0');
	}
	fflush(stderr);
}

static void ranks_free(struct ranks *rk)
{
	for (size_t i = 0; i < rk->n_kept; i++)
		free(rk->kept[i]);
	free(rk->kept);
	free(rk->lat);
	if (rk->capture)
		fclose(rk->capture);
	rk->kept = NULL;
	rk->lat = NULL;
	rk->capture = NULL;
}

int ranks_end(struct ranks *rk, int status)
{
	struct failure_note note;

	if (!rk->me.mpi)
		return status;
	if (!rk->settled && !rk->broken)
		agree(rk, status != 0);
	if (rk->broken)
		coord_abort(status ? status : EXIT_SETUP);
	if (rk->first_failed >= 0) {
		memset(&note, 0, sizeof(note));
		if (rk->first_failed == rk->me.rank) {
			note.status = status;
			snprintf(note.host, sizeof(note.host), "%s", rk->host);
			collect_errors(rk, note.text, sizeof(note.text));
		}
		if (coord_bcast(&note, sizeof(note), rk->first_failed) != 0)
			coord_abort(status ? status : EXIT_SETUP);
		if (rk->me.rank == 0 && rk->first_failed != 0)
			print_note(&note, rk->first_failed);
		status = note.status;
	}
	ranks_share_end(rk, &status); /* every rank has cleaned up by now */
	ranks_free(rk);
	coord_finish();
	return status;
}
