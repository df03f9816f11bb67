/* SPDX-License-Identifier: MIT */
/*
 * cmd_mark.c - `clyde mark`: its command line (mark_options.c's rows),
 * then the classic run's set-up, progress and clean-up (session.c), its
 * steps through the driver (mark.c), and its own outputs: the table and
 * truth line, and the --json and --csv files, opened before any I/O.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "exit_status.h"
#include "mark/fmt_mark.h"
#include "mark/mark_report.h"
#include "format/format.h"
#include "outputs.h"
#include "platform/env.h"
#include "report/report.h"
#include "session.h"
#include "vary_run.h"

enum opt_outcome cmd_mark_parse(void *state, int argc, char **argv, char *err,
				size_t len)
{
	struct mark_state *ms = state;
	enum opt_outcome out = mark_options_parse(argc - 1, argv + 1, env_ram_mib(),
						  session_seed(), &ms->mo, &ms->cfg,
						  err, len);

	ms->cfg.argc = argc; /* the results quote all of "clyde mark ..." */
	ms->cfg.argv = argv;
	if (out != OPT_RUN)
		return out;
	/* The table goes to stdout unless --json - or --csv - takes it. */
	const struct output dests[] = {
		{ "--json", ms->cfg.json_path, OUTPUT_FILE, 0 },
		{ "--csv", ms->mo.csv_path, OUTPUT_FILE, 0 },
		{ NULL, NULL, OUTPUT_STREAM, STDOUT_FILENO },
		{ NULL, NULL, OUTPUT_STREAM, STDERR_FILENO },
	};
	return outputs_check(dests, sizeof(dests) / sizeof(dests[0]), err, len) != 0
	       ? OPT_ERROR : OPT_RUN;
}

/* What a steady mark says before each precondition, on stderr. */
static void say_line(void *arg, const char *line)
{
	(void)arg;
	out_say("%s", line);
}

/* clyde mark's --json or --csv file, F from session_open: written whole.
 * 0, or the status (after clean-up). */
static int write_mark(FILE *f, const char *path, const struct mark_results *r,
		      bool csv)
{
	int status = session_write_begin(&f, path);

	if (status != 0)
		return status;
	if (csv) {
		fmt_mark_csv_header(f);
		fmt_mark_csv(f, r);
	} else {
		fmt_mark_json(f, r);
	}
	return session_write_end(f, path);
}

/* clyde mark's table, truth line and files, after a run that went well. */
static int print_mark(const struct mark_state *ms, const struct mark_results *res,
		      FILE *json, FILE *csv)
{
	FILE *text = json == stdout || csv == stdout ? stderr : stdout;
	int status = 0;

	fmt_mark_table(text, res);
	if (out_check(text, text == stdout ? "stdout" : "stderr") != 0)
		return session_fail_output();
	fmt_mark_truth(stderr, res);
	if (out_check(stderr, "stderr") != 0)
		return session_fail_output();
	if (json)
		status = write_mark(json, ms->cfg.json_path, res, false);
	if (status == 0 && csv)
		status = write_mark(csv, ms->mo.csv_path, res, true);
	return status;
}

/* clyde mark's --json or --csv file F after a --vary run: the N marks of
 * RUNS rendered as clyde report's FORMAT does (an array; each mark's lines). */
static int write_marks(FILE *f, const char *path, const char *format,
		       const struct mark_results *runs, size_t n)
{
	int status = session_write_begin(&f, path);

	if (status != 0)
		return status;
	if (mark_report_render(f, format, runs, n) != 0)
		return session_fail(EXIT_SETUP, "out of memory");
	return session_write_end(f, path);
}

/*
 * The answer of clyde mark --vary to TEXT: its N marks RUNS side by side,
 * then the comparison of the setups (clyde report --compare's, the
 * baseline's setup against each other). 0, or the status (after
 * clean-up).
 */
static int vary_mark_answer(FILE *text, const struct vary_run *vr,
			    const struct mark_results *runs, size_t n)
{
	const struct report_options o = {
		.format = format_default(FORMAT_TABLE), .compare = true,
		.baseline = vr->cfgs[vr->baseline].machine,
	};
	int rc;

	if (mark_report_render(text, "text", runs, n) != 0)
		return session_fail(EXIT_SETUP, "out of memory");
	fputc('\n', text);
	if ((rc = report_render_marks(text, stderr, &o, runs, n)) != 0)
		return session_fail(EXIT_SETUP, "%s", rc == -1 ? "out of memory" :
				    "--vary: the setups cannot be compared");
	if (out_check(text, text == stdout ? "stdout" : "stderr") != 0)
		return session_fail_output();
	return 0;
}

/*
 * The rounds of clyde mark --vary, each setup's whole mark once a round in
 * the round's order, into RUNS (ROUNDS a setup, in the order shown: the
 * baseline's first); then every mark side by side and the files.
 */
static int vary_mark_rounds(struct mark_state *ms, struct vary_run *vr,
			    struct mark_results *runs, size_t rounds, FILE *json,
			    FILE *csv)
{
	static struct mark_plan plan;
	size_t n = vr->n_setups, *shown_at = calloc(n, sizeof(*shown_at));
	FILE *text = json == stdout || csv == stdout ? stderr : stdout;
	struct phase_error perr;
	int status = 0;

	if (!shown_at)
		return session_fail(EXIT_SETUP, "out of memory");
	for (size_t i = 0; i < n; i++)
		shown_at[vary_run_shown(vr, i)] = i;
	for (size_t r = 0; status == 0 && r < rounds; r++) {
		vary_run_round(vr, r);
		for (size_t p = 0; status == 0 && p < n; p++) {
			size_t s = vr->order[p];
			struct mark_results *res = &runs[shown_at[s] * rounds + r];
			struct session_run sr;
			struct vary_tag tag;

			if ((status = vary_run_before(vr, s, r, rounds, p, &tag)) != 0) {
				free(shown_at);
				return status; /* said and cleaned up */
			}
			mark_plan_init(&plan, &ms->mo, &vr->cfgs[s]);
			plan.say = say_line;
			session_run_begin(&sr, &vr->cfgs[s], &plan.plan);
			status = mark_run(&ms->mo, &vr->cfgs[s], &vr->targets[s], &plan,
					  &sr.hooks, res, &perr);
			status = session_run_end(&sr, status, &perr);
			res->vary = tag;
			if (status == 0) {
				fmt_mark_truth(stderr, res);
				if (out_check(stderr, "stderr") != 0)
					status = session_interrupted(&perr);
			}
		}
	}
	free(shown_at);
	if (status != 0)
		return session_phase_error(&perr);
	if ((status = vary_mark_answer(text, vr, runs, n * rounds)) != 0)
		return status;
	if (json && (status = write_marks(json, ms->cfg.json_path, "json", runs,
					  n * rounds)) != 0)
		return status;
	if (csv && (status = write_marks(csv, ms->mo.csv_path, "csv-mark", runs,
					 n * rounds)) != 0)
		return status;
	return session_finish(EXIT_OK);
}

/* clyde mark --vary: the setups set up, run in rounds, shown, put back. */
static int vary_mark(struct mark_state *ms, const struct command_env *env)
{
	size_t rounds = ms->cfg.repeat < 0 ? 1 : (size_t)ms->cfg.repeat;
	struct mark_results *runs = NULL;
	struct vary_run vr;
	FILE *json = NULL, *csv = NULL;
	const char *why;
	int status = vary_run_set_up(&vr, &ms->cfg, env, true, &json);

	if (status == SESSION_GO_ON && ms->mo.csv_path &&
	    !(csv = session_open(ms->mo.csv_path, &why)))
		status = session_fail(EXIT_SETUP, "%s: cannot write the CSV: %s",
				      ms->mo.csv_path, why);
	if (status == SESSION_GO_ON &&
	    !(runs = calloc(vr.n_setups * rounds, sizeof(*runs))))
		status = session_fail(EXIT_SETUP, "out of memory");
	if (status == SESSION_GO_ON)
		status = vary_mark_rounds(ms, &vr, runs, rounds, json, csv);
	free(runs);
	vary_run_free(&vr);
	return status;
}

int cmd_mark_run(void *state, const struct command_env *env)
{
	static struct mark_plan plan;
	static struct run_target target = { .parent_fd = -1, .dir_fd = -1 };
	struct mark_state *ms = state;
	struct mark_results *res;
	struct trim_figure trim;
	struct session_run s;
	struct phase_error perr;
	FILE *json = NULL, *csv = NULL;
	int status;

	if (env->rk->me.mpi) {
		out_say("mark: clyde-mpi runs the classic tests only; run clyde "
			"mark on each machine without MPI");
		return EXIT_USAGE;
	}
	if (ms->cfg.vary.n)
		return vary_mark(ms, env);
	/* The table always goes to stdout, or the JSON does. */
	const char *why;
	status = session_set_up(&ms->cfg, env->rk, env->std, true, &target, &json);
	if (status != SESSION_GO_ON)
		return status;
	if (ms->mo.csv_path && !(csv = session_open(ms->mo.csv_path, &why)))
		return session_fail(EXIT_SETUP, "%s: cannot write the CSV: %s",
				    ms->mo.csv_path, why);
	if (!(res = calloc(1, sizeof(*res))))
		return session_fail(EXIT_SETUP, "out of memory");
	if ((status = session_trim(&ms->cfg, &target, &trim)) != 0) {
		free(res);
		return status;
	}
	mark_plan_init(&plan, &ms->mo, &ms->cfg);
	plan.say = say_line;
	session_run_begin(&s, &ms->cfg, &plan.plan);
	status = mark_run(&ms->mo, &ms->cfg, &target, &plan, &s.hooks, res, &perr);
	if (session_run_end(&s, status, &perr) != 0) {
		free(res);
		return session_phase_error(&perr);
	}
	res->trim = trim;
	status = print_mark(ms, res, json, csv);
	free(res);
	return status ? status : session_finish(EXIT_OK);
}
