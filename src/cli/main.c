/* SPDX-License-Identifier: MIT */
/*
 * main.c - argv -> config -> set-up checks -> runs -> formatters -> exit
 * status. The only file that exits, so nothing deep in a phase can strand
 * a test file: every path out goes through cleanup_all().
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "platform/env.h"
#include "exit_status.h"
#include "format/fmt.h"
#include "mark/fmt_mark.h"
#include "format/format.h"
#include "lib/grow.h"
#include "mark/mark.h"
#include "options.h"
#include "sys/out.h"
#include "platform/platform.h"
#include "sys/privs.h"
#include "progress.h"
#include "mpi/ranks.h"
#include "run/repeat.h"
#include "report/report.h"
#include "run/run.h"
#include "run/setup.h"
#include "run/barrier.h"
#include "run/test_hook.h"

/* The path cleanup_all() could not remove: a stranded test file matters
 * more than any figure, so it is always said, after the error that led here. */
static void report_left(int left, const struct cleanup_failure *f)
{
	if (left == 0)
		return;
	if (f->errnum)
		out_say("%s: %s: %s (%d path%s clyde made %s left)", f->path, f->op,
			strerror(f->errnum), left, left > 1 ? "s" : "",
			left > 1 ? "are" : "is");
	else
		out_say("%s: %s (%d path%s clyde made %s left)", f->path, f->op,
			left, left > 1 ? "s" : "", left > 1 ? "are" : "is");
}

/*
 * The final clean-up: everything clyde made removed (or counted into *F).
 * A signal after it has nothing left to wait for, so it no longer prints
 * the repeated-signal notice (mpirun's SIGTERM can reach rank 0 after it
 * has cleaned up and said why it stopped).
 */
static int clean_up(struct cleanup_failure *f)
{
	int left = cleanup_all(f);

	cleanup_quiet_repeats();
	return left;
}

/* Remove everything clyde made, then give back STATUS. */
static int finish(int status)
{
	struct cleanup_failure f;
	int left = clean_up(&f);

	report_left(left, &f);
	return left && status == 0 ? EXIT_IO : status;
}

static int fail_setup(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail_setup(int status, const char *fmt, ...)
{
	char msg[2 * PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	out_say("%s", msg);
	return finish(status);
}

/* Clean up, then say which write failed (cleanup_request_stop): EXIT_OUTPUT. */
static int fail_output(void)
{
	const char *stream = "stdout";
	int errnum = EIO;
	struct cleanup_failure f;
	int left = clean_up(&f);

	cleanup_stop_reason(&stream, &errnum);
	out_say("%s: write: %s", stream, strerror(errnum));
	report_left(left, &f);
	return EXIT_OUTPUT;
}

/* *ERR for a run stopped by a signal or a failed write; its status. */
static int interrupted(struct phase_error *err)
{
	int sig = cleanup_signal();

	memset(err, 0, sizeof(*err));
	snprintf(err->op, sizeof(err->op), "interrupted");
	return err->status = sig ? EXIT_SIGNAL + sig : EXIT_OUTPUT;
}

/* The phase's error (one line), after the clean-up it calls for. */
static int report_phase_error(const struct phase_error *e)
{
	struct cleanup_failure f;

	if (e->status == EXIT_OUTPUT && !cleanup_signal())
		return fail_output();
	int left = clean_up(&f);
	if (e->status > EXIT_SIGNAL && !e->errnum) {
		out_say("interrupted by signal %d (%s)%s", e->status - EXIT_SIGNAL,
			strsignal(e->status - EXIT_SIGNAL),
			left ? "" : "; test files removed");
	} else if (e->errnum) {
		out_say("%s: %s: %s", e->path, e->op, strerror(e->errnum));
	} else if (e->path[0]) {
		out_say("%s: %s", e->path, e->op);
	} else {
		out_say("%s", e->op);
	}
	report_left(left, &f);
	return e->status ? e->status : EXIT_IO;
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

/*
 * --json FILE, opened before any I/O (as the user clyde runs as) without
 * truncating it, so that a run that fails leaves an older file as it was;
 * a file it creates is recorded for clean-up until the JSON is written,
 * so that a run that fails leaves no empty one. stdout for "-". NULL with
 * errno.
 */
static FILE *open_json(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;
	int dir_fd, fd;

	if (strcmp(path, "-") == 0)
		return stdout;
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) + 1 : 1,
		 slash ? path : ".");
	/* Held open to the end: the registry removes the file through it. */
	dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	fd = dir_fd < 0 ? -1 : openat(dir_fd, slash ? slash + 1 : path,
				      O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd >= 0 && (fstat(fd, &st) != 0 ||
			cleanup_add(dir_fd, path, &st, false) != 0)) {
		close(fd);
		return NULL;
	}
	if (fd < 0)
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (fd >= 0 && !f)
		close(fd);
	return f;
}

/* Empty F, opened by open_json, before its contents are written (the
 * file may hold an older run's). 0, or -1 with the stop request made. */
static int begin_write(FILE *f, const char *path)
{
	struct stat st;

	if (f != stdout && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    ftruncate(fileno(f), 0) != 0) {
		cleanup_request_stop(path, errno);
		return -1;
	}
	return 0;
}

/* F written: check it, close it and leave PATH to the user. 0, or the
 * status (after clean-up). */
static int end_write(FILE *f, const char *path)
{
	const char *name = f == stdout ? "stdout" : path;

	if (out_check(f, name) != 0)
		return fail_output();
	if (f != stdout && fclose(f) != 0) {
		cleanup_request_stop(name, errno);
		return fail_output();
	}
	cleanup_forget(path); /* written: the user's file now */
	return 0;
}

static int write_json(const struct config *cfg, FILE *f,
		      const struct run_results *runs, size_t n)
{
	const struct format_info *json = format_default(FORMAT_JSON);
	const struct render_opts opts = { .json_array = cfg->repeat >= 0 };

	if (begin_write(f, cfg->json_path) != 0)
		return fail_output();
	format_render(f, json, runs, n, &opts);
	return end_write(f, cfg->json_path);
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
	if (out_check(stdout, "stdout") != 0)
		return fail_output();
	return finish(0);
}

/* Whether the run writes anything to stdout (the tables, the CSV line,
 * the JSON, the -y p prompts). */
static bool uses_stdout(const struct config *cfg)
{
	return cfg->csv || (cfg->table && !cfg->quiet) || cfg->sync_mode == 'p' ||
	       (cfg->json_path && strcmp(cfg->json_path, "-") == 0);
}

/* Set-up's next step is to run the tests. */
#define GO_ON (-1)

/*
 * Everything between a valid config and the first phase: signals,
 * privileges, -p, -y s, where the results go (rank 0's, over MPI), the
 * checks, clyde's directory (named for its MPI rank), *target and *json.
 * GO_ON, or the status to exit with (after clean-up).
 */
static int set_up(const struct config *cfg, const struct ranks *rk,
		  const struct out_std *std, struct run_target *target,
		  FILE **json)
{
	char err[1024];
	long uid, gid;
	int status, switched;

	if ((status = ranks_check(rk, cfg, err, sizeof(err))) != 0)
		return fail_setup(status, "%s", err);
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
	/* The results must have somewhere to go before any I/O is done. */
	if (std->closed[STDOUT_FILENO] && uses_stdout(cfg))
		return fail_setup(EXIT_OUTPUT, "stdout: %s (closed when clyde "
				  "started, so the results would be lost)",
				  strerror(EBADF));
	if (cfg->json_path && ranks_prints(rk) &&
	    !(*json = open_json(cfg->json_path)))
		return fail_setup(EXIT_SETUP, "%s: cannot write the JSON: %s",
				  cfg->json_path, strerror(errno));
	if ((status = setup_limits(cfg, err, sizeof(err))) != 0 ||
	    (!cfg->no_preflight &&
	     (status = setup_preflight(cfg, err, sizeof(err))) != 0) ||
	    (status = setup_target(cfg, ranks_tag(rk), target, err,
				   sizeof(err))) != 0)
		return fail_setup(status, "%s", err);
	target->first_copy = ranks_first_copy(rk);
	if (switched && !cfg->quiet)
		fprintf(stderr, "Using uid:%ld, gid:%ld.\n", uid, gid);
	if (target->engine_note[0])
		out_say("%s", target->engine_note);
	if (target->dev.n == 0 && cfg->io.size_mib > 0) {
		char fs[64];

		out_say("%s (%s) has no block device of its own, so the disk's "
			"own figures cannot be checked", cfg->dir,
			platform_fs_name(target->dir_fd, fs, sizeof(fs)));
	}
	if (out_check(stderr, "stderr") != 0)
		return fail_output();
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
	enum progress_style style = progress_style_for(cfg->progress, cfg->quiet,
						       isatty(STDERR_FILENO));
	struct progress progress;
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
		struct run_hooks hooks = { .after_phase = test_fault_after_phase,
					   .fault = fault };

		if (!r) {
			free(kept.v);
			return fail_setup(EXIT_SETUP, "out of memory");
		}
		progress_init(&progress, stderr, style, cfg, &plan);
		progress_hooks(&progress, &hooks);
		barrier_hooks(cfg, &hooks);
		ranks_hooks(rk, &plan, &hooks);
		status = run_once(cfg, target, &plan, &hooks, r, &perr);
		if (status == 0)
			status = ranks_after_run(rk, r, &perr);
		/* A signal or a failed write after the last phase: not done. */
		if (status == 0 && cleanup_stopping())
			status = interrupted(&perr);
		if (status != 0)
			progress_abort(&progress);
		else if (ranks_prints(rk) && print_run(cfg, r) != 0)
			status = interrupted(&perr);
		n += status == 0;
	}
	if (status != 0)
		status = ranks_stopped(rk) ? finish(status)
					   : report_phase_error(&perr);
	else if (cfg->repeat_auto && ranks_prints(rk))
		repeat_say(stderr, kept.v, n, (size_t)cfg->repeat);
	if (status == 0 && json)
		status = write_json(cfg, json, kept.v, n);
	free(kept.v);
	return status ? status : finish(EXIT_OK);
}

/* The seed when -z is not given. */
static uint64_t default_seed(void)
{
	return (uint64_t)getpid() ^ (uint64_t)time(NULL);
}

/* What a parse's OUTCOME means: GO_ON, or the status to exit with. */
static int parsed(enum options_outcome outcome, const char *err)
{
	switch (outcome) {
	case OPTIONS_DONE:
		cleanup_ignore_sigpipe();
		return out_check(stdout, "stdout") == 0 ? EXIT_OK : fail_output();
	case OPTIONS_ERROR:
		out_say("%s", err);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	return GO_ON;
}

/* clyde mark's --json or --csv file, F from open_json: written whole. 0,
 * or the status (after clean-up). */
static int write_mark(FILE *f, const char *path, const struct mark_results *r,
		      bool csv)
{
	if (begin_write(f, path) != 0)
		return fail_output();
	if (csv) {
		fmt_mark_csv_header(f);
		fmt_mark_csv(f, r);
	} else {
		fmt_mark_json(f, r);
	}
	return end_write(f, path);
}

/* clyde mark's table, truth line and files, after a run that went well. */
static int print_mark(const struct mark_options *mo, const struct mark_results *res,
		      FILE *json, FILE *csv)
{
	FILE *text = json == stdout ? stderr : stdout;
	int status = 0;

	fmt_mark_table(text, res);
	if (out_check(text, text == stdout ? "stdout" : "stderr") != 0)
		return fail_output();
	fmt_mark_truth(stderr, res);
	if (out_check(stderr, "stderr") != 0)
		return fail_output();
	if (json)
		status = write_mark(json, mo->json_path, res, false);
	if (status == 0 && csv)
		status = write_mark(csv, mo->csv_path, res, true);
	return status;
}

/*
 * clyde mark (ARGV[1] is "mark"): its own options, then the same set-up,
 * driver, progress and clean-up as a classic run, and its own outputs,
 * whose files are opened before any I/O as --json's are.
 */
static int mark_main(struct ranks *rk, const struct out_std *std, int argc,
		     char **argv)
{
	static struct mark_plan plan;
	static struct run_target target = { .parent_fd = -1, .dir_fd = -1 };
	struct mark_options mo;
	struct mark_results *res;
	struct progress progress;
	struct phase_error perr;
	struct run_hooks hooks = { 0 };
	struct config cfg;
	FILE *json = NULL, *csv = NULL;
	char err[1024];
	int status;

	if (rk->me.mpi) {
		out_say("mark: clyde-mpi runs the classic tests only; run clyde "
			"mark on each machine without MPI");
		return EXIT_USAGE;
	}
	status = parsed(mark_options_parse(argc - 1, argv + 1, env_ram_mib(),
					   default_seed(), &mo, &cfg, err,
					   sizeof(err)), err);
	cfg.argc = argc; /* the results quote all of "clyde mark ..." */
	cfg.argv = argv;
	if (status == GO_ON)
		status = set_up(&cfg, rk, std, &target, &json);
	if (status != GO_ON)
		return status;
	if (std->closed[STDOUT_FILENO])
		return fail_setup(EXIT_OUTPUT, "stdout: %s (closed when clyde "
				  "started, so the results would be lost)",
				  strerror(EBADF));
	if (mo.json_path && !(json = open_json(mo.json_path)))
		return fail_setup(EXIT_SETUP, "%s: cannot write the JSON: %s",
				  mo.json_path, strerror(errno));
	if (mo.csv_path && !(csv = open_json(mo.csv_path)))
		return fail_setup(EXIT_SETUP, "%s: cannot write the CSV: %s",
				  mo.csv_path, strerror(errno));
	if (!(res = calloc(1, sizeof(*res))))
		return fail_setup(EXIT_SETUP, "out of memory");
	mark_plan_init(&plan, &mo);
	progress_init(&progress, stderr, progress_style_for(cfg.progress, false,
				isatty(STDERR_FILENO)), &cfg, &plan.plan);
	progress_hooks(&progress, &hooks);
	barrier_hooks(&cfg, &hooks);
	status = mark_run(&mo, &cfg, &target, &plan, &hooks, res, &perr);
	/* A signal or a failed write after the last step: not done. */
	if (status == 0 && cleanup_stopping())
		status = interrupted(&perr);
	if (status != 0) {
		progress_abort(&progress);
		free(res);
		return report_phase_error(&perr);
	}
	status = print_mark(&mo, res, json, csv);
	free(res);
	return status ? status : finish(EXIT_OK);
}

/*
 * From argv to the end of the runs, for the single process or one MPI
 * rank: the status to exit with, everything printed and cleaned up.
 */
static int clyde_main(struct ranks *rk, const struct out_std *std, int argc,
		      char **argv)
{
	static struct run_target target = { .parent_fd = -1, .dir_fd = -1 };
	struct test_fault fault;
	struct config cfg;
	FILE *json = NULL;
	char err[1024];
	int status;

	if (argc > 1 && strcmp(argv[1], "report") == 0) {
		cleanup_ignore_sigpipe();
		return report_main(argc - 1, argv + 1);
	}
	if (argc > 1 && strcmp(argv[1], "mark") == 0)
		return mark_main(rk, std, argc, argv);
	status = parsed(options_parse(argc, argv, env_ram_mib(), default_seed(),
				      &cfg, err, sizeof(err)), err);
	if (status != GO_ON)
		return status;
	if (test_fault_parse(getenv("CLYDE_TEST_CORRUPT"), &cfg, &fault, err,
			     sizeof(err)) != 0 ||
	    test_fault_parse_ios(getenv("CLYDE_TEST_RANDOM_IOS"), &fault, err,
				 sizeof(err)) != 0) {
		out_say("%s", err);
		return EXIT_USAGE;
	}
	status = set_up(&cfg, rk, std, &target, &json);
	if (status != GO_ON)
		return status;
	if ((status = ranks_begin(rk, &cfg, &target, err, sizeof(err))) != 0)
		return err[0] ? fail_setup(status, "%s", err) : finish(status);
	return run_all(&cfg, rk, &target, &fault, json);
}

/* Over MPI every rank runs this; ranks_end settles what they all return. */
int main(int argc, char **argv)
{
	struct out_std std;
	struct ranks rk;

	/* Before MPI can take a closed 0, 1 or 2 for a socket of its own. */
	if (out_std_init(&std) != 0)
		return EXIT_SETUP; /* no /dev/null: not even a message can go */
	if (ranks_init(&rk, &argc, &argv) != 0) {
		fprintf(stderr, "clyde: cannot join the MPI job: %s\n",
			strerror(errno));
		return EXIT_SETUP;
	}
	if (!ranks_prints(&rk))
		cleanup_quiet_repeats();
	return ranks_end(&rk, clyde_main(&rk, &std, argc, argv));
}
