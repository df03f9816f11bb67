/* SPDX-License-Identifier: MIT */
/*
 * main.c - argv -> config -> set-up checks -> runs -> formatters -> exit
 * status. The only file that exits, so nothing deep in a phase can strand
 * a test file: every path out goes through cleanup_all().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "env.h"
#include "exit_status.h"
#include "fmt.h"
#include "format.h"
#include "options.h"
#include "platform.h"
#include "privs.h"
#include "progress.h"
#include "repeat.h"
#include "report.h"
#include "run.h"
#include "setup.h"
#include "barrier.h"
#include "test_hook.h"

/* The path cleanup_all() could not remove: a stranded test file matters
 * more than any figure, so it is always said, after the error that led here. */
static void report_left(int left, const struct cleanup_failure *f)
{
	if (left == 0)
		return;
	fprintf(stderr, "clyde: %s: %s: %s (%d path%s clyde made %s left)\n",
		f->path, f->op, strerror(f->errnum), left, left > 1 ? "s" : "",
		left > 1 ? "are" : "is");
}

/* Remove everything clyde made, then give back STATUS. */
static int finish(int status)
{
	struct cleanup_failure f;
	int left = cleanup_all(&f);

	report_left(left, &f);
	return left && status == 0 ? EXIT_IO : status;
}

static int fail_setup(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail_setup(int status, const char *fmt, ...)
{
	va_list ap;

	fputs("clyde: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return finish(status);
}

/* The phase's error (one line), after the clean-up it calls for. */
static int report_phase_error(const struct phase_error *e)
{
	struct cleanup_failure f;
	int left = cleanup_all(&f);

	if (e->status > EXIT_SIGNAL && !e->errnum) {
		fprintf(stderr, "clyde: interrupted by signal %d (%s)%s\n",
			e->status - EXIT_SIGNAL, strsignal(e->status - EXIT_SIGNAL),
			left ? "" : "; test files removed");
	} else if (e->errnum) {
		fprintf(stderr, "clyde: %s: %s: %s\n", e->path, e->op,
			strerror(e->errnum));
	} else if (e->path[0]) {
		fprintf(stderr, "clyde: %s: %s\n", e->path, e->op);
	} else {
		fprintf(stderr, "clyde: %s\n", e->op);
	}
	report_left(left, &f);
	return e->status ? e->status : EXIT_IO;
}

/* Tables and footer (single runs), the random-I/O table, the truth
 * warning, the CSV line. With --json - the JSON owns stdout. */
static void print_run(const struct config *cfg, const struct run_results *r)
{
	static const struct render_opts bonnie = { .wide_names = false };
	bool json_stdout = cfg->json_path && strcmp(cfg->json_path, "-") == 0;
	FILE *text = cfg->quiet || json_stdout ? stderr : stdout;
	FILE *csv = json_stdout ? stderr : stdout;

	if (cfg->repeat < 0 && cfg->table) {
		format_render(text, cfg->table, r, 1, &bonnie);
		fmt_random_table(text, r);
		fmt_footer(text, r);
		fflush(text);
	}
	fmt_truth_warning(stderr, r);
	if (cfg->csv)
		format_render(csv, cfg->csv, r, 1, &bonnie);
	fflush(csv);
}

static int write_json(const struct config *cfg, const struct run_results *runs,
		      size_t n)
{
	const struct format_info *json = format_default(FORMAT_JSON);
	const struct render_opts opts = { .json_array = cfg->repeat >= 0 };
	bool to_stdout = strcmp(cfg->json_path, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(cfg->json_path, "w");

	if (!f)
		return fail_setup(EXIT_SETUP, "%s: cannot write the JSON: %s",
				  cfg->json_path, strerror(errno));
	format_render(f, json, runs, n, &opts);
	if ((to_stdout ? fflush(f) : fclose(f)) != 0)
		return fail_setup(EXIT_IO, "%s: write: %s", cfg->json_path,
				  strerror(errno));
	return 0;
}

/* -p N makes the semaphores for N processes, -p -1 removes them. */
static int make_semaphores(long procs)
{
	char err[512];

	if (procs > 0 ? barrier_create(procs, err, sizeof(err))
		      : barrier_remove(err, sizeof(err)))
		return fail_setup(EXIT_USAGE, "%s", err);
	if (procs > 0)
		printf("Creating semaphore for %ld procs.\n", procs);
	else
		puts("Semaphore removed.");
	return finish(0);
}

/* Set-up's next step is to run the tests. */
#define GO_ON (-1)

/*
 * Everything between a valid config and the first phase: signals,
 * privileges, -p, -y s, the checks, clyde's directory, *target. GO_ON, or
 * the status to exit with (after clean-up).
 */
static int set_up(const struct config *cfg, struct run_target *target)
{
	char err[1024];
	long uid, gid;
	int status, switched;

	if (cleanup_init() != 0)
		return fail_setup(EXIT_SETUP, "cannot install signal handlers: %s",
				  strerror(errno));
	if (cfg->processes == 0 && cfg->repeat != 0)
		setup_provenance(cfg, target); /* before -u drops root */
	switched = privs_switch(cfg->user, cfg->group, &uid, &gid, err, sizeof(err));
	if (switched < 0)
		return fail_setup(EXIT_USAGE, "%s", err);
	if (cfg->processes != 0)
		return make_semaphores(cfg->processes);
	if (cfg->sync_mode == 's' && barrier_check(err, sizeof(err)) != 0)
		return fail_setup(EXIT_USAGE, "%s", err);
	if (cfg->repeat == 0)
		return EXIT_OK;
	if ((status = setup_file_limit(cfg, err, sizeof(err))) != 0 ||
	    (!cfg->no_preflight &&
	     (status = setup_preflight(cfg, err, sizeof(err))) != 0) ||
	    (status = setup_target(cfg, target, err, sizeof(err))) != 0)
		return fail_setup(status, "%s", err);
	if (switched && !cfg->quiet)
		fprintf(stderr, "Using uid:%ld, gid:%ld.\n", uid, gid);
	if (!target->dev.found && cfg->io.size_mib > 0) {
		char fs[64];

		fprintf(stderr, "clyde: %s (%s) has no block device of its own, so "
			"the disk's own figures cannot be checked\n", cfg->dir,
			platform_fs_name(target->workdir, fs, sizeof(fs)));
	}
	return GO_ON;
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
	size_t want = k->all ? i + 1 : 1;

	if (want > k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 4;
		struct run_results *v = realloc(k->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		k->v = v;
		k->cap = cap;
	}
	return &k->v[k->all ? i : 0];
}

/* Whether the runs so far, N of them, are all -x asks for. */
static bool enough(const struct config *cfg, const struct kept_runs *k,
		   size_t n)
{
	if (cfg->repeat_auto)
		return repeat_done(k->v, n, (size_t)cfg->repeat);
	return n >= (cfg->repeat < 0 ? 1 : (size_t)cfg->repeat);
}

/*
 * The -x runs (one without -x; -x auto until repeat_done), each printed as
 * it ends, what -x auto found, then the JSON.
 */
static int run_all(const struct config *cfg, const struct run_target *target,
		   const struct test_fault *fault)
{
	static struct run_plan plan;
	bool json_stdout = cfg->json_path && strcmp(cfg->json_path, "-") == 0;
	struct kept_runs kept = { NULL, 0, cfg->json_path || cfg->repeat_auto };
	enum progress_style style = progress_style_for(cfg->progress, cfg->quiet,
						       isatty(STDERR_FILENO));
	struct progress progress;
	struct phase_error perr;
	int status = 0;
	size_t n = 0;

	run_plan_init(&plan, cfg);
	if (cfg->repeat > 1 && cfg->csv)
		fmt_csv_header(json_stdout ? stderr : stdout, cfg->csv->csv);
	while (status == 0 && !enough(cfg, &kept, n)) {
		struct run_results *r = slot(&kept, n);
		struct run_hooks hooks = { .after_phase = test_fault_after_phase,
					   .fault = fault };

		if (!r) {
			free(kept.v);
			return fail_setup(EXIT_SETUP, "out of memory");
		}
		progress_init(&progress, stderr, style, cfg, &plan);
		progress_hooks(&progress, &hooks);
		barrier_hooks(cfg, &hooks);
		status = run_once(cfg, target, &plan, &hooks, r, &perr);
		if (status != 0)
			progress_abort(&progress);
		else
			print_run(cfg, r);
		n += status == 0;
	}
	if (status != 0)
		status = report_phase_error(&perr);
	else if (cfg->repeat_auto)
		repeat_say(stderr, kept.v, n);
	if (status == 0 && cfg->json_path)
		status = write_json(cfg, kept.v, n);
	free(kept.v);
	return status ? status : finish(EXIT_OK);
}

int main(int argc, char **argv)
{
	static struct run_target target;
	struct test_fault fault;
	struct config cfg;
	char err[1024];
	int status;

	if (argc > 1 && strcmp(argv[1], "report") == 0)
		return report_main(argc - 1, argv + 1);
	switch (options_parse(argc, argv, env_ram_mib(),
			      (uint64_t)getpid() ^ (uint64_t)time(NULL), &cfg, err,
			      sizeof(err))) {
	case OPTIONS_DONE:
		return EXIT_OK;
	case OPTIONS_ERROR:
		fprintf(stderr, "clyde: %s\n", err);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	if (test_fault_parse(getenv("CLYDE_TEST_CORRUPT"), &cfg, &fault, err,
			     sizeof(err)) != 0) {
		fprintf(stderr, "clyde: %s\n", err);
		return EXIT_USAGE;
	}
	status = set_up(&cfg, &target);
	return status != GO_ON ? status : run_all(&cfg, &target, &fault);
}
