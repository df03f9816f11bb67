/* SPDX-License-Identifier: MIT */
/*
 * run.c - the driver. Holds the phase table (bonnie++ order), sets up each
 * copy's file, data pool and buffer, runs each phase as N copies started
 * together behind a barrier, and turns the copies' counts and clocks into
 * one phase_result: rates summed over copies, CPU of the whole process over
 * the phase window, latency merged.
 */
#include "run.h"
#include "run_internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/cleanup.h"
#include "platform/device.h"
#include "engine/engine.h"
#include "platform/env.h"
#include "exit_status.h"
#include "filetest.h"
#include "io/io.h"
#include "lib/origin.h"
#include "platform/platform.h"
#include "platform/provenance_read.h"
#include "lib/stats.h"
#include "lib/timer.h"
#include "lib/utf8.h"
#include "core/verdict.h"
#include "probe.h"
#include "run_series.h"
#include "setup.h"

#define TICK_NS 250000000ULL      /* progress hook period */
#define RACE_POLL_NS 10000000ULL  /* --deadline: how often it is looked at */

/* What the copies of one phase share: a start gate and a finish count. */
struct phase_step {
	const struct plan_step *plan;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	unsigned ready; /* copies waiting at the gate */
	int go;         /* 0 wait, 1 run, -1 give up */
	unsigned done;  /* copies finished */
	_Atomic bool failed; /* a copy failed: the others stop too */
	_Atomic bool cut;    /* --deadline: every copy stops, without error */
	uint64_t deadline_ns; /* --deadline for this phase; 0: none */
};

static void *copy_main(void *arg)
{
	struct copy *c = arg;
	struct phase_step *step = c->step;

	pthread_mutex_lock(&step->lock);
	step->ready++;
	pthread_cond_broadcast(&step->changed);
	while (step->go == 0)
		pthread_cond_wait(&step->changed, &step->lock);
	pthread_mutex_unlock(&step->lock);
	if (step->go < 0)
		return NULL;
	c->wait_ns = platform_run_delay_ns();
	c->start_ns = timer_now_ns();
	step->plan->info->run(&c->ctx);
	c->end_ns = timer_now_ns();
	c->wait_ns = platform_run_delay_ns() - c->wait_ns;
	pthread_mutex_lock(&step->lock);
	step->done++;
	pthread_cond_broadcast(&step->changed);
	pthread_mutex_unlock(&step->lock);
	return NULL;
}

static uint64_t progress_sum(struct copy *copies, unsigned n)
{
	uint64_t sum = 0;

	for (unsigned i = 0; i < n; i++)
		sum += atomic_load_explicit(&copies[i].ctx.progress, memory_order_relaxed);
	return sum;
}

/* Wait on STEP's condition for at most NS (the lock held). */
static void wait_a_while(struct phase_step *step, uint64_t ns)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += (time_t)(ns / 1000000000u);
	until.tv_nsec += (long)(ns % 1000000000u);
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(&step->changed, &step->lock, &until);
}

/*
 * --deadline: whether the copies of this process are done (one finished,
 * or the deadline passed), told to the other processes (the race hook);
 * when any process's are, every copy is told to stop. The lock held.
 */
static void race(struct phase_step *step, const struct run_hooks *hooks,
		 uint64_t t0)
{
	bool done = step->done > 0 || timer_now_ns() - t0 >= step->deadline_ns;

	if (hooks->race) {
		pthread_mutex_unlock(&step->lock);
		done = hooks->race(hooks->race_arg, done, false);
		pthread_mutex_lock(&step->lock);
	}
	if (done)
		atomic_store(&step->cut, true);
}

/* Wait for every copy: the series' ticks, the tick hook a few times a
 * second and, under a deadline, a race every RACE_POLL_NS. */
static void wait_copies(struct phase_step *step, struct copy *copies, unsigned n,
			const struct run_hooks *hooks, uint64_t t0,
			struct series_rec *rec)
{
	const struct plan_step *ps = step->plan;
	uint64_t total = phase_units(ps->info, copies[0].ctx.cfg, ps->arg) * n;
	uint64_t now, shown = t0;

	pthread_mutex_lock(&step->lock);
	while (step->done < n) {
		wait_a_while(step, step->deadline_ns ? RACE_POLL_NS : SERIES_TICK_NS);
		if (step->deadline_ns)
			race(step, hooks, t0);
		if (step->done >= n)
			break;
		pthread_mutex_unlock(&step->lock);
		series_rec_tick(rec, now = timer_now_ns());
		if (hooks->phase_tick && now - shown >= TICK_NS)
			hooks->phase_tick(hooks->arg, ps, progress_sum(copies, n),
					  total, (shown = now) - t0);
		pthread_mutex_lock(&step->lock);
	}
	pthread_mutex_unlock(&step->lock);
}

/* Turn the copies' clocks and counts into the phase's figures. */
static void fill_result(const struct phase_info *info, struct copy *copies,
			unsigned n, uint64_t t0, uint64_t cpu_ns,
			struct phase_result *r)
{
	struct latency_stats *lat = &copies[0].ctx.lat;
	uint64_t end = t0;

	/* Phases that time their own I/O give the window (phase.h). */
	bool own = true;
	uint64_t own_ns = 0, own_cpu_ns = 0;

	memset(r, 0, sizeof(*r));
	for (unsigned i = 0; i < n; i++) {
		struct phase_ctx *ctx = &copies[i].ctx;
		uint64_t took = copies[i].end_ns > t0 ? copies[i].end_ns - t0 : 1;

		if (ctx->io_ns) {
			took = ctx->io_ns;
			own_ns = took > own_ns ? took : own_ns;
			own_cpu_ns = ctx->io_cpu_ns > own_cpu_ns ? ctx->io_cpu_ns
								 : own_cpu_ns;
		} else {
			own = false;
		}
		double units = info->unit == UNIT_KIB_S ? (double)ctx->bytes / 1024.0
						: (double)ctx->ops;

		r->rate += units / ((double)took / 1e9);
		r->wait_ns += copies[i].wait_ns;
		r->bytes += ctx->bytes;
		r->read_bytes += ctx->read_bytes;
		r->ops += ctx->ops;
		r->cut |= ctx->was_cut;
		if (copies[i].end_ns > end)
			end = copies[i].end_ns;
		if (i > 0)
			stats_merge(lat, &ctx->lat);
	}
	r->start_ns = t0;
	r->elapsed_ns = own ? own_ns : end > t0 ? end - t0 : 1;
	/* Each copy's CPU is the whole process's over its window: the
	 * largest is the closest to all of them. */
	r->cpu_ns = own ? own_cpu_ns : cpu_ns;
	r->cpu_pct = (double)r->cpu_ns * 100.0 / (double)r->elapsed_ns;
	r->state = r->elapsed_ns < PHASE_MIN_TIME_NS ? FIGURE_TOO_FAST : FIGURE_VALUE;
	stats_summarise(lat, &r->lat);
}

/* The first copy's own error (not one that only stopped for another's), or NULL. */
static const struct phase_error *first_error(struct copy *copies, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (copies[i].ctx.err.op[0] && !copies[i].ctx.err.stopped)
			return &copies[i].ctx.err;
	return NULL;
}

/*
 * The phase's outcome: an interrupt, else the first copy's error. SIGXFSZ
 * is the kernel's answer to a write past `ulimit -f`, so the write's EFBIG
 * is the line to show, with the signal's exit status.
 */
static int phase_status(struct copy *copies, unsigned n, struct phase_error *err)
{
	const struct phase_error *e = first_error(copies, n);
	int sig = cleanup_signal();

	if (sig == SIGXFSZ && e && e->errnum == EFBIG) {
		*err = *e;
		err->status = EXIT_SIGNAL + sig;
		return err->status;
	}
	if (sig || cleanup_stopping()) {
		memset(err, 0, sizeof(*err));
		snprintf(err->op, sizeof(err->op), "interrupted");
		err->status = sig ? EXIT_SIGNAL + sig : EXIT_OUTPUT;
		return err->status;
	}
	if (e) {
		*err = *e;
		return err->status ? err->status : EXIT_IO;
	}
	return 0;
}

static void reset_ctx(struct phase_ctx *ctx)
{
	stats_init(&ctx->lat);
	ctx->bytes = ctx->read_bytes = ctx->ops = ctx->checksum = 0;
	ctx->io_ns = ctx->io_cpu_ns = 0;
	ctx->was_cut = false;
	atomic_store(&ctx->progress, 0);
	memset(&ctx->err, 0, sizeof(ctx->err));
}

/*
 * Start the N copies' threads and wait until all stand at the gate.
 * *started receives how many threads exist; 0, or pthread_create's error.
 */
static int start_copies(struct phase_step *step, struct copy *copies,
			unsigned n, unsigned *started)
{
	int create_err = 0;

	for (*started = 0; *started < n && create_err == 0; (*started)++)
		create_err = pthread_create(&copies[*started].thread, NULL,
					    copy_main, &copies[*started]);
	if (create_err != 0)
		(*started)--;
	pthread_mutex_lock(&step->lock);
	while (create_err == 0 && step->ready < *started)
		pthread_cond_wait(&step->changed, &step->lock);
	pthread_mutex_unlock(&step->lock);
	return create_err;
}

/* sync_start's answer when a copy's check failed: its ctx.err says why. */
#define CHECK_FAILED (-2)

/*
 * With every copy ready at the gate: the barrier with other processes
 * (-y, MPI ranks), as close to the start as it can be, each copy's check
 * (after any wait, before the clock starts), then the progress hook. 0,
 * CHECK_FAILED, or the barrier's status with *err saying why.
 */
static int sync_start(const struct plan_step *ps, struct copy *copies,
		      unsigned n, const struct run_hooks *hooks,
		      struct run_agreed *agreed, struct phase_error *err)
{
	memset(err, 0, sizeof(*err));
	if (hooks->before_phase) {
		int status = hooks->before_phase(hooks->before_arg, ps, agreed, err);

		if (status != 0)
			return status;
	}
	for (unsigned i = 0; ps->info->check && i < n; i++)
		if (ps->info->check(&copies[i].ctx) != 0)
			return CHECK_FAILED;
	if (hooks->phase_start)
		hooks->phase_start(hooks->arg, ps);
	return 0;
}

/*
 * Why a phase did not start: its threads (CREATE_ERR), the barrier
 * before it (its status SYNCED and *err), a copy's check (its ctx.err),
 * or a signal meanwhile.
 */
static int start_failed(const struct plan_step *ps, struct copy *copies,
			unsigned n, int create_err, int synced,
			struct phase_error *err)
{
	if (create_err != 0) {
		memset(err, 0, sizeof(*err));
		snprintf(err->op, sizeof(err->op), "start %u copies of %s", n,
			 ps->name);
		err->errnum = create_err;
		return err->status = EXIT_SETUP;
	}
	if (cleanup_stopping() || cleanup_signal() || synced == CHECK_FAILED)
		return phase_status(copies, n, err);
	return err->status = synced;
}

static int start_and_wait(const struct plan_step *ps, struct copy *copies,
			  unsigned n, const struct device *dev, struct probe *probe,
			  const struct run_hooks *hooks, struct run_agreed *agreed,
			  struct series_rec *rec, struct phase_result *r,
			  struct phase_error *err)
{
	const struct config *cfg = copies[0].ctx.cfg;
	struct device_io dev0 = { 0 }, dev1 = { 0 };
	struct probe_result probed;
	struct phase_step step = { .plan = ps };
	unsigned started = 0;
	int status, create_err, synced = -1;

	if (ps->info->deadline)
		step.deadline_ns = (uint64_t)cfg->job.deadline_s * 1000000000u;
	for (unsigned i = 0; i < n; i++) {
		reset_ctx(&copies[i].ctx);
		copies[i].ctx.arg = ps->arg;
		copies[i].ctx.failed = &step.failed;
		copies[i].ctx.cut = step.deadline_ns ? &step.cut : NULL;
		copies[i].step = &step;
		if (ps->info->prepare && ps->info->prepare(&copies[i].ctx) != 0)
			return phase_status(copies, n, err);
	}
	pthread_mutex_init(&step.lock, NULL);
	pthread_cond_init(&step.changed, NULL);
	create_err = start_copies(&step, copies, n, &started);
	if (create_err == 0)
		synced = sync_start(ps, copies, n, hooks, agreed, err);
	/* What the files hold, as every rank now agrees (a deadline may have
	 * stopped block output early). */
	run_copies_extent(copies, n, agreed->extent_bytes);
	pthread_mutex_lock(&step.lock);
	step.go = synced == 0 ? 1 : -1;
	if (dev)
		device_counters(dev, &dev0);
	uint64_t t0 = timer_now_ns();
	uint64_t cpu0 = timer_cpu_ns();
	series_rec_start(rec, t0);
	if (synced == 0)
		probe_start(probe, t0);
	pthread_cond_broadcast(&step.changed);
	pthread_mutex_unlock(&step.lock);
	if (synced == 0)
		wait_copies(&step, copies, n, hooks, t0, rec);
	for (unsigned i = 0; i < started; i++)
		pthread_join(copies[i].thread, NULL);
	probe_stop(probe, &probed, ps->probe_out);
	uint64_t cpu1 = timer_cpu_ns();
	if (synced == 0 && step.deadline_ns && hooks->race)
		hooks->race(hooks->race_arg, true, true); /* the race settled */
	if (dev)
		device_counters(dev, &dev1);
	pthread_cond_destroy(&step.changed);
	pthread_mutex_destroy(&step.lock);
	if (synced != 0)
		return start_failed(ps, copies, n, create_err, synced, err);

	status = phase_status(copies, n, err);
	if (status == 0)
		status = probe_failed(probe, err);
	if (status == 0) {
		fill_result(ps->info, copies, n, t0, cpu1 - cpu0, r);
		series_rec_finish(rec, t0 + r->elapsed_ns, &r->series);
		r->probe = probed;
		device_delta(&dev0, &dev1, &r->dev);
		if (hooks->phase_latency)
			hooks->phase_latency(hooks->latency_arg, ps,
					     &copies[0].ctx.lat);
		if (hooks->phase_end)
			hooks->phase_end(hooks->arg, ps, r);
	}
	return status;
}

/* The least every copy wrote in block output: what its file now holds. */
static uint64_t written(const struct copy *copies, unsigned n)
{
	uint64_t least = UINT64_MAX;

	for (unsigned i = 0; i < n; i++)
		if (copies[i].ctx.bytes < least)
			least = copies[i].ctx.bytes;
	return least;
}

/* One phase: its copies share stop flags that live only as long as it. */
static int run_step(const struct plan_step *ps, struct copy *copies, unsigned n,
		    const struct device *dev, struct probe *probe,
		    const struct run_hooks *hooks, struct run_agreed *agreed,
		    struct series_rec *rec, struct phase_result *r,
		    struct phase_error *err)
{
	int status = start_and_wait(ps, copies, n, dev, probe, hooks, agreed,
				    rec, r, err);

	for (unsigned i = 0; i < n; i++) {
		copies[i].ctx.failed = NULL;
		copies[i].ctx.cut = NULL;
	}
	if (status == 0 && ps->info->id == PHASE_WRITE)
		agreed->extent_bytes = written(copies, n);
	return status;
}

static void describe_run(const struct config *cfg,
			 const struct run_target *target,
			 struct run_results *res)
{
	memset(res, 0, sizeof(*res));
	snprintf(res->program, sizeof(res->program), "clyde");
	snprintf(res->version, sizeof(res->version), "%s", CLYDE_VERSION);
	snprintf(res->machine, sizeof(res->machine), "%s", cfg->machine);
	if (cfg->random_file) /* bonnie++ names the -Z file in the seed field */
		snprintf(res->seed, sizeof(res->seed), "%.*s",
			 (int)utf8_cut_bytes(cfg->random_file,
					     strlen(cfg->random_file),
					     sizeof(res->seed) - 1),
			 cfg->random_file);
	else
		snprintf(res->seed, sizeof(res->seed), "%llu",
			 (unsigned long long)cfg->seed);
	res->concurrency = cfg->concurrency;
	res->io = cfg->io;
	res->files = cfg->files;
	res->perchar_mib = phase_perchar_bytes(cfg) / MIB;
	res->mode = cfg->mode;
	res->mode.dio_align = target->dio_align;
	res->mode.pieces = cfg->io.size_mib * MIB > target->piece_bytes;
	res->job = cfg->job;
	if (cfg->job.reorder) /* the shift every rank read at */
		res->job.reorder_shift = (target->share.read_rank + target->share.ranks -
					  target->share.rank) % (target->share.ranks
								  ? target->share.ranks : 1);
	snprintf(res->dir, sizeof(res->dir), "%s", cfg->dir);
	res->ram_mib = cfg->ram_mib;
	res->verify = cfg->verify;
	res->random_time_s = cfg->random_io ? cfg->random_time_s : 0;
	res->probe = cfg->probe;
	origin_time_utc(time(NULL), res->started, sizeof(res->started));
	origin_command_line(cfg->argc, cfg->argv, res->command_line,
			    sizeof(res->command_line));
	res->prov_known = target->prov_known;
	if (target->prov_known) {
		/* The fill before this run, not before the first. */
		res->prov = target->prov;
		res->prov.fs.space_known = false;
		provenance_read_space(cfg->dir, &res->prov.fs);
	} else {
		provenance_clear(&res->prov);
	}
}

/* A random-I/O test's figures from the driver's phase result. */
static void store_random(const struct random_spec *spec, enum engine_kind engine,
			 const struct phase_result *r, struct run_results *res)
{
	struct random_result *out = &res->random[res->n_random++];

	phase_random_result(r, spec->writes, spec->depth, out);
	out->threads = spec->threads;
	out->engine = engine;
}

int run_phases(const struct config *cfg, const struct run_target *target,
	       const struct plan_step *steps, size_t n,
	       const struct run_hooks *hooks, struct run_results *res,
	       struct phase_error *err)
{
	static const struct run_hooks no_hooks;
	const struct device *dev = target->dev.n > 0 ? &target->dev : NULL;
	struct run_agreed agreed = { .extent_bytes = UINT64_MAX };
	struct series_rec *rec = series_rec_new();
	struct copy *copies = run_copies_new(cfg, target,
					     setup_engine_for(target, steps, n),
					     &agreed, rec, err);
	struct probe *probe = NULL;
	char path[PATH_MAX];
	int status;

	describe_run(cfg, target, res);
	if (!copies) {
		series_rec_free(rec);
		return err->status;
	}
	/* The probe's file is not the copies': its own numbers. */
	status = probe_open(cfg, target->dir_fd, target->workdir,
			    copies[0].ctx.seed ^ 0x9e3779b97f4a7c15ULL, &probe, err);
	if (!hooks)
		hooks = &no_hooks;
	for (size_t i = 0; i < n && status == 0; i++) {
		struct phase_result r;

		enum phase_id id = steps[i].info->id;

		if (!phase_runs(steps[i].info, cfg) ||
		    (steps[i].skip && *steps[i].skip))
			continue;
		if (id == PHASE_RANDOM && res->n_random == MAX_RANDOM_TESTS)
			continue;
		status = run_step(&steps[i], copies, cfg->concurrency, dev, probe,
				  hooks, &agreed, rec, &r, err);
		if (status != 0)
			break;
		if (steps[i].result_out)
			*steps[i].result_out = r;
		if (steps[i].lat_out)
			stats_merge(steps[i].lat_out, &copies[0].ctx.lat);
		if (id == PHASE_RANDOM)
			store_random(steps[i].arg, copies[0].ctx.engine, &r, res);
		else if (id < PHASE_COUNT)
			res->phase[id] = r;
		if (steps[i].done)
			steps[i].done(steps[i].done_arg, &steps[i], &r);
		if (hooks->after_phase)
			status = hooks->after_phase(hooks->fault, &steps[i],
						    &copies[0].tf, err);
	}
	if (probe_close(probe, path, sizeof(path)) != 0)
		status = run_copies_removal_failed(status, path, "unlink", err);
	status = run_copies_remove(copies, cfg->concurrency, target, dev, status,
				   &res->removal, err);
	run_copies_free(copies, cfg->concurrency);
	series_rec_free(rec);
	return status;
}

int run_once(const struct config *cfg, const struct run_target *target,
	     const struct run_plan *plan, const struct run_hooks *hooks,
	     struct run_results *res, struct phase_error *err)
{
	int status = run_phases(cfg, target, plan->steps, plan->n, hooks, res,
				err);

	if (status == 0) {
		env_describe(res->prov_known ? &res->prov : NULL, &target->dev,
			     &res->env);
		io_buffer_layout(&res->env.buffers);
		run_plan_store_rounds(plan, cfg, res);
		verdict_compute(res);
	}
	return status;
}
