/* SPDX-License-Identifier: MIT */
/*
 * vary_run.c - the part of a --vary run the classic tests and clyde mark
 * share (vary_run.h): set-up of every setup, and what comes before each
 * run. The runs themselves are the commands'.
 */
#include "vary_run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exit_status.h"
#include "run/setup.h"
#include "run/vary.h"
#include "session.h"

int vary_run_refuse_mpi(const struct command_env *env)
{
	if (!env->rk->me.mpi)
		return 0;
	out_say("--vary: clyde-mpi runs the ranks' tests together; compare "
		"setups with a single clyde on each machine");
	return EXIT_USAGE;
}

void vary_run_free(struct vary_run *v)
{
	free(v->cfgs);
	free(v->targets);
	free(v->dir_of);
	free(v->dir_targets);
	free(v->order);
	memset(v, 0, sizeof(*v));
}

/* Each setup's configuration (checked with the command line), and which
 * directory it tests. */
static void make_setups(struct vary_run *v, const struct config **dir_cfgs)
{
	for (size_t s = 0; s < v->n_setups; s++) {
		size_t d = 0;

		vary_config(v->base, s, &v->cfgs[s]);
		while (d < v->n_dirs && strcmp(dir_cfgs[d]->dir, v->cfgs[s].dir) != 0)
			d++;
		if (d == v->n_dirs) {
			dir_cfgs[v->n_dirs++] = &v->cfgs[s];
			v->dir_targets[d].parent_fd = v->dir_targets[d].dir_fd = -1;
		}
		v->dir_of[s] = d;
	}
}

/* Whether -u USER ("root", "0", "root:group") keeps clyde root. */
static bool stays_root(const char *user)
{
	size_t n = strcspn(user, ":");

	return (n == 4 && strncmp(user, "root", 4) == 0) ||
	       (n == 1 && user[0] == '0');
}

/* A key that changes the machine needs root from start to end: refused,
 * before anything is made, when clyde is not root or -u will drop it. */
static int refuse_not_root(const struct config *base)
{
	const struct vary_spec *spec = &base->vary;

	for (size_t i = 0; i < spec->n; i++) {
		const char *key = vary_keys[spec->axis[i].key].name;

		if (!vary_keys[spec->axis[i].key].system)
			continue;
		if (geteuid() != 0)
			return session_fail(EXIT_SETUP, "--vary %s changes the "
					    "machine's settings: run clyde as root",
					    key);
		if (base->user && !stays_root(base->user))
			return session_fail(EXIT_SETUP, "--vary %s changes the "
					    "machine's settings and puts them back "
					    "at the end, so clyde stays root: use -u "
					    "root, not -u %s", key, base->user);
	}
	return 0;
}

int vary_run_set_up(struct vary_run *v, const struct config *base,
		    const struct command_env *env, bool needs_stdout, FILE **json)
{
	const struct config **dir_cfgs;
	char err[1024], text[MACHINE_MAX];
	int status;

	memset(v, 0, sizeof(*v));
	if ((status = refuse_not_root(base)) != 0)
		return status;
	v->base = base;
	v->n_setups = vary_setups(&base->vary);
	v->baseline = vary_baseline_setup(&base->vary);
	v->cfgs = calloc(v->n_setups, sizeof(*v->cfgs));
	v->targets = calloc(v->n_setups, sizeof(*v->targets));
	v->dir_of = calloc(v->n_setups, sizeof(*v->dir_of));
	v->dir_targets = calloc(v->n_setups, sizeof(*v->dir_targets));
	v->order = calloc(v->n_setups, sizeof(*v->order));
	dir_cfgs = calloc(v->n_setups, sizeof(*dir_cfgs));
	if (!v->cfgs || !v->targets || !v->dir_of || !v->dir_targets ||
	    !v->order || !dir_cfgs) {
		free(dir_cfgs);
		return session_fail(EXIT_SETUP, "out of memory");
	}
	make_setups(v, dir_cfgs);
	status = session_set_up_dirs(dir_cfgs, v->n_dirs, env->rk, env->std,
				     needs_stdout, v->dir_targets, json);
	free(dir_cfgs);
	if (status != SESSION_GO_ON)
		return status;
	for (size_t s = 0; s < v->n_setups; s++) {
		const struct run_target *made = &v->dir_targets[v->dir_of[s]];

		status = setup_target_for(&v->cfgs[s], made, &v->targets[s], err,
					  sizeof(err));
		if (status != 0)
			return session_fail(status, "--vary: the setup %s: %s",
					    vary_setting_text(&base->vary, s, text,
							      sizeof(text)),
					    err);
		/* Each engine note once: setups that share it say nothing more. */
		if (v->targets[s].engine_note[0] &&
		    strcmp(v->targets[s].engine_note, made->engine_note) != 0) {
			bool said = false;

			for (size_t t = 0; t < s && !said; t++)
				said = strcmp(v->targets[t].engine_note,
					      v->targets[s].engine_note) == 0;
			if (!said)
				out_say("%s", v->targets[s].engine_note);
		}
	}
	if (vary_sys_prepare(&v->sys, &base->vary, v->dir_targets, v->n_dirs,
			     session_journal_dir(), err, sizeof(err)) != 0 ||
	    vary_sys_trial(&v->sys, err, sizeof(err)) != 0)
		return session_fail(EXIT_SETUP, "%s", err);
	return SESSION_GO_ON;
}

void vary_run_round(struct vary_run *v, size_t round)
{
	vary_order(v->base->seed, round, v->n_setups, v->order);
}

/* Setup S's settings into *TAG. */
static void tag_settings(const struct vary_spec *spec, size_t s,
			 struct vary_tag *tag)
{
	tag->n = spec->n;
	for (size_t i = 0; i < spec->n; i++) {
		snprintf(tag->setting[i].key, sizeof(tag->setting[i].key), "%s",
			 vary_keys[spec->axis[i].key].name);
		snprintf(tag->setting[i].value, sizeof(tag->setting[i].value), "%s",
			 vary_value(&spec->axis[i], vary_value_index(spec, s, i)));
	}
}

int vary_run_before(struct vary_run *v, size_t s, size_t round, size_t rounds,
		    size_t position, struct vary_tag *tag)
{
	const struct config *cfg = &v->cfgs[s];
	char err[1024], text[MACHINE_MAX], of[32] = "";
	struct fitrim_result trim = { 0, 0 };
	bool trims = vary_sys_trims(&v->base->vary, s);

	memset(tag, 0, sizeof(*tag));
	tag->known = true;
	tag->setup = (uint32_t)s + 1;
	tag->setups = (uint32_t)v->n_setups;
	tag->round = (uint32_t)round + 1;
	tag->position = (uint32_t)position + 1;
	tag_settings(&v->base->vary, s, tag);
	if (vary_sys_apply(&v->sys, s, err, sizeof(err)) != 0)
		return session_fail(EXIT_SETUP, "--vary: %s", err);
	/* The run's record says the settings it ran with, not set-up's. */
	if (v->sys.active)
		setup_provenance(cfg, &v->targets[s]);
	if (trims && setup_trim(&v->targets[s], "--vary trim", &trim, err,
				    sizeof(err)) != 0)
		return session_fail(EXIT_SETUP, "%s", err);
	tag->trimmed = trims;
	tag->trim_bytes = trim.bytes;
	tag->trim_ns = trim.elapsed_ns;
	if (cfg->quiet || cfg->progress == PROGRESS_NEVER)
		return 0;
	if (rounds)
		snprintf(of, sizeof(of), " of %zu", rounds);
	fprintf(stderr, "Round %zu%s, setup %zu of %zu: %s", round + 1, of,
		position + 1, v->n_setups,
		vary_setting_text(&v->base->vary, s, text, sizeof(text)));
	if (trims)
		fprintf(stderr, " (FITRIM: %.2f s, %.1f MiB trimmed)",
			(double)trim.elapsed_ns / 1e9, (double)trim.bytes / MIB);
	fputc('\n', stderr);
	return out_check(stderr, "stderr") == 0 ? 0 : session_fail_output();
}

size_t vary_run_shown(const struct vary_run *v, size_t i)
{
	if (i == 0)
		return v->baseline;
	return i <= v->baseline ? i - 1 : i;
}
