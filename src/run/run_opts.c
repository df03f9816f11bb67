/* SPDX-License-Identifier: MIT */
/*
 * run_opts.c - the option handlers clyde and clyde mark share (run_opts.h):
 * each stores one value of the struct config that is the parse's target,
 * after the checks that value needs. The engine names are the engine
 * module's (engine_name, engine_from_name).
 */
#include "run_opts.h"

#include <getopt.h>
#include <string.h>

#include "config.h"
#include "engine/engine.h"
#include "probe.h"
#include "lib/steady.h"
#include "sys/out.h"
#include "vary.h"

static struct config *config_of(struct opt_state *st)
{
	return st->target;
}

enum opt_outcome run_opts_machine(struct opt_state *st, const char *arg)
{
	struct config *cfg = config_of(st);

	if (strlen(arg) >= sizeof(cfg->machine))
		return opt_fail(st, "-m: the machine name is longer than %zu bytes",
				sizeof(cfg->machine) - 1);
	for (const char *p = arg; *p; p++)
		if (*p == ',' || (unsigned char)*p < 0x20 || *p == 0x7f)
			return opt_fail(st, "-m %s: the machine name must not contain "
					"commas or control characters", arg);
	snprintf(cfg->machine, sizeof(cfg->machine), "%s", arg);
	return OPT_RUN;
}

enum opt_outcome run_opts_user(struct opt_state *st, const char *arg)
{
	char shown[OUT_ECHO_BYTES];

	if (arg[0] == ':')
		return opt_fail(st, "-u %s: no user name", out_echo(arg, shown));
	config_of(st)->user = arg;
	return OPT_RUN;
}

static enum opt_outcome seed_and_file(struct opt_state *st)
{
	return opt_fail(st, "-z and -Z cannot be used together: -Z takes the random "
			"numbers from the file instead of the seed");
}

enum opt_outcome run_opts_seed(struct opt_state *st, const char *arg)
{
	int64_t v;

	if (opt_given(st, 'Z'))
		return seed_and_file(st);
	if (opt_int(st, arg, 0, INT64_MAX, &v) != OPT_RUN)
		return OPT_ERROR;
	config_of(st)->seed = (uint64_t)v;
	return OPT_RUN;
}

/* -Z: read up front by set-up (rng.c), which says when it is short. */
enum opt_outcome run_opts_random_file(struct opt_state *st, const char *arg)
{
	if (opt_given(st, 'z'))
		return seed_and_file(st);
	config_of(st)->random_file = arg;
	return OPT_RUN;
}

enum opt_outcome run_opts_sync(struct opt_state *st, const char *arg)
{
	char shown[OUT_ECHO_BYTES];

	if (strcmp(arg, "s") != 0 && strcmp(arg, "p") != 0)
		return opt_fail(st, "-y %s: use s (semaphores) or p (prompt)",
				out_echo(arg, shown));
	config_of(st)->sync_mode = arg[0];
	return OPT_RUN;
}

const char *run_opts_engine_names(size_t i)
{
	return i <= ENGINE_THREADS ? engine_name((enum engine_kind)i) : NULL;
}

enum opt_outcome run_opts_engine(struct opt_state *st, const char *arg)
{
	if (engine_from_name(arg, &config_of(st)->engine) != 0)
		return opt_bad_choice(st, arg);
	return OPT_RUN;
}

enum opt_outcome run_opts_probe(struct opt_state *st, const char *arg)
{
	unsigned kinds;
	char why[128];

	/* --probe WHAT as well as --probe=WHAT: clyde takes no operands. */
	if (!arg && st->argc > optind &&
	    probe_parse(st->argv[optind], &kinds, why, sizeof(why)) == 0)
		arg = st->argv[optind++];
	if (!arg) {
		config_of(st)->probe = PROBE_READ;
		return OPT_RUN;
	}
	if (probe_parse(arg, &config_of(st)->probe, why, sizeof(why)) != 0)
		return opt_fail(st, "--probe %s: %s", arg, why);
	return OPT_RUN;
}

/* In the order of enum progress_mode. */
const char *run_opts_progress_names(size_t i)
{
	static const char *const names[] = { "auto", "always", "never" };

	return i < sizeof(names) / sizeof(names[0]) ? names[i] : NULL;
}

enum opt_outcome run_opts_progress(struct opt_state *st, const char *arg)
{
	size_t k;

	if (opt_choice(st, arg, &k) != OPT_RUN)
		return OPT_ERROR;
	config_of(st)->progress = (enum progress_mode)k;
	return OPT_RUN;
}

enum opt_outcome run_opts_max_rounds(struct opt_state *st, const char *arg)
{
	return opt_u32(st, arg, STEADY_WINDOW, STEADY_MAX_ROUNDS,
		       &config_of(st)->steady.max_rounds);
}

/* --vary KEY=V1,V2,... for the command whose rows name it. */
static enum opt_outcome take_vary(struct opt_state *st, const char *arg,
				  bool mark)
{
	char why[512];

	if (vary_parse(&config_of(st)->vary, arg, mark, why, sizeof(why)) != 0)
		return opt_fail(st, "%s", why);
	return OPT_RUN;
}

enum opt_outcome run_opts_vary(struct opt_state *st, const char *arg)
{
	return take_vary(st, arg, false);
}

enum opt_outcome run_opts_vary_mark(struct opt_state *st, const char *arg)
{
	return take_vary(st, arg, true);
}

enum opt_outcome run_opts_vary_baseline(struct opt_state *st, const char *arg)
{
	struct vary_spec *spec = &config_of(st)->vary;

	if (spec->n_baselines == VARY_MAX_KEYS)
		return opt_fail(st, "--baseline: at most %d", VARY_MAX_KEYS);
	spec->baseline[spec->n_baselines++] = arg;
	return OPT_RUN;
}

void run_opts_vary_help(FILE *out, const struct opt_row *row)
{
	(void)row;
	vary_help(out);
}

enum opt_outcome run_opts_vary_finish(struct opt_state *st, uint64_t rounds,
				      uint64_t run_bytes, uint64_t run_seconds)
{
	struct config *cfg = config_of(st);
	char why[512];

	if (vary_finish(&cfg->vary, cfg->machine, why, sizeof(why)) != 0 ||
	    (cfg->vary.n &&
	     vary_check_count(&cfg->vary, rounds, run_bytes, run_seconds, why,
			      sizeof(why)) != 0))
		return opt_fail(st, "%s", why);
	if (cfg->vary.root_fs && !vary_axis_of(&cfg->vary, VARY_MOUNT))
		return opt_fail(st, "--vary-root-fs allows --vary mount= on the "
				"filesystem holding /; give --vary mount= too");
	if (cfg->trim && cfg->vary.n)
		return opt_fail(st, "--trim with --vary: trim=before is the setup "
				"that trims before each of its runs (--vary "
				"trim=before,none compares it with none)");
	return OPT_RUN;
}
