/* SPDX-License-Identifier: MIT */
/*
 * cmd_classic.c - the classic run, `clyde [-d dir] [-s size] ...`: its
 * command line (options.c's rows, then the test faults of the
 * environment), the -x runs through the driver, each printed as it ends
 * (tables, CSV line), their summary table, and the JSON at the end.
 * Set-up, progress and failures are session.c's, shared with clyde mark.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "exit_status.h"
#include "format/fmt.h"
#include "format/fmt_feel.h"
#include "format/format.h"
#include "format/fmt_why.h"
#include "lib/grow.h"
#include "options.h"
#include "outputs.h"
#include "platform/env.h"
#include "report/report.h"
#include "run/repeat.h"
#include "session.h"
#include "vary_run.h"

static bool uses_stdout(const struct config *cfg);

/* Every output of the run its own, and none the -Z file it reads. */
static int check_outputs(const struct config *cfg, char *err, size_t len)
{
	const struct output out[] = {
		{ "--json", cfg->json_path, OUTPUT_FILE, 0 },
		{ "-Z", cfg->random_file, OUTPUT_INPUT, 0 },
		{ NULL, NULL, OUTPUT_STREAM, uses_stdout(cfg) ? STDOUT_FILENO : -1 },
		{ NULL, NULL, OUTPUT_STREAM, STDERR_FILENO },
	};

	return outputs_check(out, sizeof(out) / sizeof(out[0]), err, len);
}

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
				  len) != 0 ||
	     check_outputs(&cs->cfg, err, len) != 0))
		return OPT_ERROR;
	return out;
}

/* Tables and footer (with TABLES: single runs), the random-I/O table, the
 * truth warning, the CSV line. With --json - the JSON owns stdout. 0, or
 * -1 when a write failed (out_check made the stop request). */
static int print_run(const struct config *cfg, const struct run_results *r,
		     bool tables)
{
	static const struct render_opts bonnie = { .wide_names = false };
	bool json_stdout = cfg->json_path && strcmp(cfg->json_path, "-") == 0;
	bool text_err = cfg->quiet || json_stdout;
	FILE *text = text_err ? stderr : stdout;
	FILE *csv = json_stdout ? stderr : stdout;

	if (tables && cfg->table) {
		format_render(text, cfg->table, r, 1, &bonnie);
		fmt_random_table(text, r);
		fmt_footer(text, r);
		fmt_rank_spread(text, r);
		fmt_why(text, r);
		fmt_feel(text, r);
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

/* The runs of SRC as JSON to F (--json); an array with AS_ARRAY. */
static int write_json(const struct config *cfg, FILE *f, struct run_source *src,
		      bool as_array)
{
	const struct format_info *json = format_default(FORMAT_JSON);
	const struct render_opts opts = { .json_array = as_array };

	int status = session_write_begin(&f, cfg->json_path);

	if (status != 0)
		return status;
	json->render(f, json, src, &opts);
	return session_write_end(f, cfg->json_path);
}

/* Whether the run writes anything to stdout (the tables, the CSV line,
 * the JSON, the -y p prompts). */
static bool uses_stdout(const struct config *cfg)
{
	return cfg->csv || (cfg->table && !cfg->quiet) || cfg->sync_mode == 'p' ||
	       (cfg->json_path && strcmp(cfg->json_path, "-") == 0);
}

/* Whether the -x runs end with their summary table: several runs, a
 * table layout, no -q. */
static bool wants_summary(const struct config *cfg)
{
	return (cfg->repeat > 1 || cfg->repeat_auto) && cfg->table && !cfg->quiet;
}

/*
 * RUNS[0..n) as `clyde report --summary` prints them in the run's --table
 * layout, on stderr (stdout keeps only CSV lines, as bonnie++'s -x): every
 * run, then min, median and max. 0, or the status (after clean-up).
 */
static int print_summary(const struct config *cfg,
			 const struct run_results *runs, size_t n)
{
	const struct report_options o = { .format = cfg->table, .summary = true };
	struct run_source src;
	size_t shown;

	if (n < 2)
		return 0;
	run_source_array(&src, runs, n);
	fputc('\n', stderr);
	if (report_render(stderr, stderr, &o, &src, &shown) != 0)
		return session_fail(EXIT_SETUP, "out of memory");
	return out_check(stderr, "stderr") == 0 ? 0 : session_fail_output();
}

/* The runs kept for the JSON, -x auto and the summary: every one, or
 * only the last. */
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
	bool summary = wants_summary(cfg) && ranks_prints(rk);
	struct kept_runs kept = { NULL, 0, json || cfg->repeat_auto || summary };
	struct session_run s;
	struct phase_error perr;
	int status = 0;
	size_t n = 0;

	if (cfg->repeat > 1 && cfg->csv) {
		fmt_csv_header(json_stdout ? stderr : stdout, cfg->csv->csv);
		out_check(json_stdout ? stderr : stdout, json_stdout ? "stderr" : "stdout");
	}
	while (status == 0 && !enough(cfg, rk, &kept, n)) {
		struct run_results *r = slot(&kept, n);
		struct config run_cfg = *cfg; /* this run's seed */
		struct trim_figure trim;

		if (!r) {
			free(kept.v);
			return session_fail(EXIT_SETUP, "out of memory");
		}
		if ((status = session_trim(cfg, target, &trim)) != 0) {
			free(kept.v);
			return status;
		}
		run_plan_init(&plan, cfg); /* fresh rounds for --steady */
		test_fault_plan(fault, &plan);
		session_run_begin(&s, cfg, &plan);
		s.hooks.after_phase = test_fault_after_phase;
		s.hooks.fault = fault;
		ranks_hooks(rk, &plan, &s.hooks);
		run_cfg.seed = repeat_seed(cfg, n);
		status = run_once(&run_cfg, target, &plan, &s.hooks, r, &perr);
		r->trim = trim;
		if (status == 0)
			status = ranks_after_run(rk, r, &perr);
		status = session_run_end(&s, status, &perr);
		if (status == 0 && ranks_prints(rk) &&
		    print_run(cfg, r, cfg->repeat < 0) != 0)
			status = session_interrupted(&perr);
		n += status == 0;
	}
	if (status != 0)
		status = ranks_stopped(rk) ? session_finish(status)
					   : session_phase_error(&perr);
	else if (summary)
		status = print_summary(cfg, kept.v, n);
	if (status == 0 && cfg->repeat_auto && ranks_prints(rk))
		repeat_say(stderr, kept.v, n, (size_t)cfg->repeat);
	if (status == 0 && json) {
		struct run_source src;

		run_source_array(&src, kept.v, n);
		status = write_json(cfg, json, &src, cfg->repeat >= 0);
	}
	free(kept.v);
	return status ? status : session_finish(EXIT_OK);
}

/* A --vary run's runs so far: round R's run of setup S at R x setups + S. */
struct vary_kept {
	const struct vary_run *vr;
	struct run_results *v;
	size_t cap;
	size_t rounds;  /* rounds complete */
};

/* The runs as shown: the baseline's, then each other setup's, by round. */
static const struct run_results *vary_at(struct run_source *src, size_t i)
{
	const struct vary_kept *k = src->ctx;
	size_t s;

	if (i >= src->n)
		return NULL;
	s = vary_run_shown(k->vr, i / k->rounds);
	return &k->v[(i % k->rounds) * k->vr->n_setups + s];
}

static void vary_source(struct vary_kept *k, struct run_source *src)
{
	*src = (struct run_source){ .at = vary_at,
				    .n = k->rounds * k->vr->n_setups, .ctx = k };
}

/*
 * -x auto with --vary: whether every setup's own rates are done by -x
 * auto's rule (settled, or drifted, at a planned look; or MAX rounds). With
 * SAY, one line on stderr naming the setups whose rates did not settle.
 */
static bool vary_settled(const struct vary_kept *k, size_t max, bool say)
{
	size_t n = k->vr->n_setups, unsettled = 0;
	struct run_results *runs = malloc(k->rounds * sizeof(*runs));
	struct repeat_figure figs[REPEAT_MAX_FIGURES];
	char names[1024] = "";
	bool done = true;

	for (size_t s = 0; runs && s < n; s++) {
		bool settled = true;

		for (size_t r = 0; r < k->rounds; r++)
			runs[r] = k->v[r * n + s];
		done &= repeat_done(runs, k->rounds, max);
		if (!say)
			continue;
		for (size_t i = repeat_figures(runs, k->rounds, max, figs); i-- > 0;)
			settled &= figs[i].rule.settled && !figs[i].rule.drift.found;
		if (!settled && unsettled++ < 4)
			snprintf(names + strlen(names), sizeof(names) - strlen(names),
				 "%s%s", unsettled > 1 ? "; " : "",
				 k->vr->cfgs[s].machine);
	}
	free(runs);
	if (say && unsettled)
		out_say("-x auto: after %zu rounds, %zu setup%s still noisy or "
			"drifting: %s%s", k->rounds, unsettled,
			unsettled > 1 ? "s are" : " is", names,
			unsettled > 4 ? "; ..." : "");
	else if (say)
		out_say("-x auto: every setup's rates settled after %zu rounds",
			k->rounds);
	return done || k->rounds >= max;
}

/*
 * The answer of a --vary run: every run as a row of the table, then the
 * comparison of the setups (clyde report --compare's), to where the
 * tables go; then the JSON of every run.
 */
static int vary_answer(const struct config *cfg, struct vary_kept *k, FILE *json)
{
	const struct format_info *text_fmt =
		cfg->table ? cfg->table : format_default(FORMAT_TABLE);
	const struct render_opts wide = { .wide_names = true };
	bool text_err = cfg->quiet || json == stdout;
	FILE *text = text_err ? stderr : stdout;
	const struct report_options o = {
		.format = text_fmt, .compare = true,
		.baseline = k->vr->cfgs[k->vr->baseline].machine,
	};
	struct run_source src;
	size_t n;
	int rc;

	vary_source(k, &src);
	if (cfg->table) {
		fputc('\n', text);
		cfg->table->render(text, cfg->table, &src, &wide);
		fmt_feel_runs(text, &src);
	}
	fputc('\n', text);
	if ((rc = report_render(text, stderr, &o, &src, &n)) != 0)
		return session_fail(EXIT_SETUP, "%s", rc == -1 ? "out of memory" :
				    "--vary: the setups cannot be compared");
	if (out_check(text, text_err ? "stderr" : "stdout") != 0)
		return session_fail_output();
	return json ? write_json(cfg, json, &src, true) : 0;
}

/*
 * Run setup S as the P-th of round R into *RES: its settings, the driver,
 * its CSV line. 0, or the driver's status with *PERR; or, with *SAID set,
 * the status of a failure already said and cleaned up after.
 */
static int vary_one(struct vary_run *vr, const struct test_fault *fault,
		    size_t s, size_t r, size_t rounds, size_t p,
		    struct run_results *res, struct phase_error *perr, bool *said)
{
	static struct run_plan plan;
	const struct config *cfg = &vr->cfgs[s];
	struct session_run sr;
	struct vary_tag tag;
	int status = vary_run_before(vr, s, r, rounds, p, &tag);

	if ((*said = status != 0))
		return status;
	run_plan_init(&plan, cfg);
	test_fault_plan(fault, &plan);
	session_run_begin(&sr, cfg, &plan);
	sr.hooks.after_phase = test_fault_after_phase;
	sr.hooks.fault = fault;
	status = run_once(cfg, &vr->targets[s], &plan, &sr.hooks, res, perr);
	status = session_run_end(&sr, status, perr);
	res->vary = tag;
	if (status == 0 && print_run(cfg, res, false) != 0)
		status = session_interrupted(perr);
	return status;
}

/*
 * The rounds of a --vary run (-x of them, or with -x auto until every
 * setup's rates settle), each setup once a round in the round's order,
 * each run's CSV line as it ends; then the answer.
 */
static int vary_rounds(const struct classic_state *cs, struct vary_run *vr,
		       FILE *json)
{
	const struct config *cfg = &cs->cfg;
	size_t n = vr->n_setups, max = cfg->repeat < 0 ? 1 : (size_t)cfg->repeat;
	struct vary_kept k = { vr, NULL, 0, 0 };
	FILE *csv = json == stdout ? stderr : stdout;
	struct phase_error perr;
	bool said = false;
	int status = 0;

	if (cfg->csv) {
		fmt_csv_header(csv, cfg->csv->csv);
		out_check(csv, csv == stdout ? "stdout" : "stderr");
	}
	for (size_t r = 0; status == 0 && r < max &&
			   !(cfg->repeat_auto && r >= REPEAT_AUTO_MIN &&
			     vary_settled(&k, max, false));
	     r++) {
		struct run_results *v = grow_array(k.v, r * n, &k.cap, sizeof(*v),
						   n * (r + 1));

		if (!v) {
			free(k.v);
			return session_fail(EXIT_SETUP, "out of memory");
		}
		k.v = v;
		vary_run_round(vr, r);
		for (size_t p = 0; status == 0 && p < n; p++)
			status = vary_one(vr, &cs->fault, vr->order[p], r,
					  cfg->repeat_auto ? 0 : max, p,
					  &k.v[r * n + vr->order[p]], &perr, &said);
		k.rounds += status == 0;
	}
	if (status == 0 && cfg->repeat_auto)
		vary_settled(&k, max, true);
	if (status == 0)
		status = vary_answer(cfg, &k, json);
	else if (!said)
		status = session_phase_error(&perr);
	free(k.v);
	return status ? status : session_finish(EXIT_OK);
}

/* clyde --vary: the setups set up, run in rounds, compared, put back. */
static int vary_classic(const struct classic_state *cs,
			const struct command_env *env)
{
	struct vary_run vr;
	FILE *json = NULL;
	int status = vary_run_refuse_mpi(env);

	if (status != 0)
		return status;
	status = vary_run_set_up(&vr, &cs->cfg, env, uses_stdout(&cs->cfg), &json);
	if (status == SESSION_GO_ON)
		status = vary_rounds(cs, &vr, json);
	vary_run_free(&vr);
	return status;
}

int cmd_classic_run(void *state, const struct command_env *env)
{
	static struct run_target target = { .parent_fd = -1, .dir_fd = -1 };
	struct classic_state *cs = state;
	const struct config *cfg = &cs->cfg;
	FILE *json = NULL;
	char err[1024];
	int status;

	if (cfg->restore)
		return session_restore();
	if (cfg->vary.n)
		return vary_classic(cs, env);
	status = session_set_up(cfg, env->rk, env->std, uses_stdout(cfg), &target,
				&json);
	if (status != SESSION_GO_ON)
		return status;
	if ((status = ranks_begin(env->rk, cfg, &target, err, sizeof(err))) != 0)
		return err[0] ? session_fail(status, "%s", err) : session_finish(status);
	if (ranks_note(env->rk)[0])
		out_say("%s", ranks_note(env->rk));
	return run_all(cfg, env->rk, &target, &cs->fault, json);
}
