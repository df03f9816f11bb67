/* SPDX-License-Identifier: MIT */
/*
 * cmd_classic.c - the classic run, `clyde [-d dir] [-s size] ...`: its
 * command line (options.c's rows, then the test faults of the
 * environment), the -x runs through the driver, each printed as it ends
 * (tables, CSV line), and the JSON at the end. Set-up, progress and
 * failures are session.c's, shared with clyde mark.
 */
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "exit_status.h"
#include "format/fmt.h"
#include "format/format.h"
#include "lib/grow.h"
#include "options.h"
#include "platform/env.h"
#include "run/repeat.h"
#include "session.h"

enum opt_outcome cmd_classic_parse(void *state, int argc, char **argv,
				   char *err, size_t len)
{
	struct classic_state *cs = state;
	enum opt_outcome out = options_parse(argc, argv, env_ram_mib(),
					     session_seed(), &cs->cfg, err, len);

	if (out == OPT_RUN &&
	    (test_fault_parse(getenv("CLYDE_TEST_CORRUPT"), &cs->cfg, &cs->fault,
			      err, len) != 0 ||
	     test_fault_parse_ios(getenv("CLYDE_TEST_RANDOM_IOS"), &cs->fault, err,
				  len) != 0))
		return OPT_ERROR;
	return out;
}

/* Tables and footer (single runs), the random-I/O table, the truth
 * warning, the CSV line. With --json - the JSON owns stdout. 0, or -1
 * when a write failed (out_check made the stop request). */
static int print_run(const struct config *cfg, const struct run_results *r)
{
	static const struct render_opts bonnie = { .wide_names = false };
	bool json_stdout = cfg->json_path && strcmp(cfg->json_path, "-") == 0;
	bool text_err = cfg->quiet || json_stdout;
	FILE *text = text_err ? stderr : stdout;
	FILE *csv = json_stdout ? stderr : stdout;

	if (cfg->repeat < 0 && cfg->table) {
		format_render(text, cfg->table, r, 1, &bonnie);
		fmt_random_table(text, r);
		fmt_footer(text, r);
		fmt_rank_spread(text, r);
		if (out_check(text, text_err ? "stderr" : "stdout") != 0)
			return -1;
	}
	fmt_truth_warning(stderr, r);
	if (out_check(stderr, "stderr") != 0)
		return -1;
	if (cfg->csv)
		format_render(csv, cfg->csv, r, 1, &bonnie);
	return out_check(csv, json_stdout ? "stderr" : "stdout");
}

static int write_json(const struct config *cfg, FILE *f,
		      const struct run_results *runs, size_t n)
{
	const struct format_info *json = format_default(FORMAT_JSON);
	const struct render_opts opts = { .json_array = cfg->repeat >= 0 };

	if (session_write_begin(f, cfg->json_path) != 0)
		return session_fail_output();
	format_render(f, json, runs, n, &opts);
	return session_write_end(f, cfg->json_path);
}

/* Whether the run writes anything to stdout (the tables, the CSV line,
 * the JSON, the -y p prompts). */
static bool uses_stdout(const struct config *cfg)
{
	return cfg->csv || (cfg->table && !cfg->quiet) || cfg->sync_mode == 'p' ||
	       (cfg->json_path && strcmp(cfg->json_path, "-") == 0);
}

/* The runs kept for the JSON and -x auto: every one, or only the last. */
struct kept_runs {
	struct run_results *v;
	size_t cap;
	bool all;
};

/* Where run I goes, growing the list as runs come; NULL when out of memory. */
static struct run_results *slot(struct kept_runs *k, size_t i)
{
	size_t at = k->all ? i : 0;
	struct run_results *v = grow_array(k->v, at, &k->cap, sizeof(*v), 4);

	if (!v)
		return NULL;
	k->v = v;
	return &v[at];
}

/* Whether the runs so far, N of them, are all -x asks for. */
static bool enough(const struct config *cfg, const struct ranks *rk,
		   const struct kept_runs *k, size_t n)
{
	/* Over MPI rank 0 holds the combined figures and decides for all. */
	if (cfg->repeat_auto)
		return ranks_decide(rk, ranks_prints(rk) &&
				    repeat_done(k->v, n, (size_t)cfg->repeat));
	return n >= (cfg->repeat < 0 ? 1 : (size_t)cfg->repeat);
}

/*
 * The -x runs (one without -x; -x auto until repeat_done), each printed as
 * it ends, what -x auto found, then the JSON. Over MPI, rank 0 prints the
 * ranks' combined figures, and a rank that another's failure stopped stays
 * silent: rank 0 prints that failure.
 */
static int run_all(const struct config *cfg, struct ranks *rk,
		   const struct run_target *target,
		   const struct test_fault *fault, FILE *json)
{
	static struct run_plan plan;
	bool json_stdout = json == stdout;
	struct kept_runs kept = { NULL, 0, json || cfg->repeat_auto };
	struct session_run s;
	struct phase_error perr;
	int status = 0;
	size_t n = 0;

	run_plan_init(&plan, cfg);
	test_fault_plan(fault, &plan);
	if (cfg->repeat > 1 && cfg->csv) {
		fmt_csv_header(json_stdout ? stderr : stdout, cfg->csv->csv);
		out_check(json_stdout ? stderr : stdout, json_stdout ? "stderr" : "stdout");
	}
	while (status == 0 && !enough(cfg, rk, &kept, n)) {
		struct run_results *r = slot(&kept, n);

		if (!r) {
			free(kept.v);
			return session_fail(EXIT_SETUP, "out of memory");
		}
		session_run_begin(&s, cfg, &plan);
		s.hooks.after_phase = test_fault_after_phase;
		s.hooks.fault = fault;
		ranks_hooks(rk, &plan, &s.hooks);
		status = run_once(cfg, target, &plan, &s.hooks, r, &perr);
		if (status == 0)
			status = ranks_after_run(rk, r, &perr);
		status = session_run_end(&s, status, &perr);
		if (status == 0 && ranks_prints(rk) && print_run(cfg, r) != 0)
			status = session_interrupted(&perr);
		n += status == 0;
	}
	if (status != 0)
		status = ranks_stopped(rk) ? session_finish(status)
					   : session_phase_error(&perr);
	else if (cfg->repeat_auto && ranks_prints(rk))
		repeat_say(stderr, kept.v, n, (size_t)cfg->repeat);
	if (status == 0 && json)
		status = write_json(cfg, json, kept.v, n);
	free(kept.v);
	return status ? status : session_finish(EXIT_OK);
}

int cmd_classic_run(void *state, const struct command_env *env)
{
	static struct run_target target = { .parent_fd = -1, .dir_fd = -1 };
	struct classic_state *cs = state;
	const struct config *cfg = &cs->cfg;
	FILE *json = NULL;
	char err[1024];
	int status = session_set_up(cfg, env->rk, env->std, uses_stdout(cfg),
				    &target, &json);

	if (status != SESSION_GO_ON)
		return status;
	if ((status = ranks_begin(env->rk, cfg, &target, err, sizeof(err))) != 0)
		return err[0] ? session_fail(status, "%s", err) : session_finish(status);
	if (ranks_note(env->rk)[0])
		out_say("%s", ranks_note(env->rk));
	return run_all(cfg, env->rk, &target, &cs->fault, json);
}
