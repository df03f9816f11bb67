/* SPDX-License-Identifier: MIT */
/*
 * session.c - the part of a run every command that runs tests shares
 * (session.h): set-up before any I/O, the results files, the progress and
 * barrier hooks, and a failure said once, after the clean-up it calls for.
 * Prints on stderr; returns exit statuses for main.c to exit with.
 */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exit_status.h"
#include "io/io.h"
#include "platform/knob.h"
#include "platform/platform.h"
#include "run/barrier.h"
#include "run/setup.h"
#include "run/vary_sys.h"
#include "sys/cleanup.h"
#include "sys/privs.h"
#include "sys/setting.h"

uint64_t session_seed(void)
{
	return (uint64_t)getpid() ^ (uint64_t)time(NULL);
}

/* The path cleanup_all() could not remove: a stranded test file matters
 * more than any figure, so it is always said, after the error that led
 * here (which named SAID, or NULL). */
static void report_left(int left, const struct cleanup_failure *f,
			const char *said)
{
	/* A name that holds another file while clyde's own is gone: said
	 * (unless the error just did), but nothing of clyde's is left there
	 * to count. */
	if (f->replaced[0] && !(said && strcmp(said, f->replaced) == 0))
		out_say("%s: %s", f->replaced, f->replaced_op);
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

/* One setting --vary changed, put back: said on stderr. */
static void said_put_back(void *arg, const char *kind, const char *where,
			  const char *value)
{
	(void)arg;
	if (strncmp(kind, KNOB_MOUNT, strlen(KNOB_MOUNT)) == 0)
		out_say("put back: %s at %s (remounted)", value, where);
	else
		out_say("put back: %s = %s", where, value);
}

/*
 * Every machine setting --vary changed put back as it was (setting.h),
 * each one said; one that would not go back is said too, with where its
 * journal keeps it. The count that could not be.
 */
static int put_settings_back(void)
{
	struct setting_failure f;
	char why[1024], journal[SETTING_TEXT_MAX + 32];
	int failed = setting_restore(&f, said_put_back, NULL), again;

	snprintf(journal, sizeof(journal), "%s", setting_journal());
	/* setting_end looks once more, and keeps the journal if need be. */
	again = setting_end(failed ? NULL : &f);
	if (failed == 0)
		failed = again;
	if (failed) {
		vary_sys_failure(&f, why, sizeof(why));
		out_say("%s (%d setting%s not put back; %s keeps %s for clyde "
			"--restore)", why, failed, failed > 1 ? "s" : "", journal,
			failed > 1 ? "them" : "it");
	}
	return failed;
}

/*
 * The final clean-up: everything clyde made removed (or counted into *F),
 * every setting it changed put back (*UNRESTORED, may be NULL, gets how
 * many would not go back). A signal after it has nothing left to wait
 * for, so it no longer prints the repeated-signal notice (mpirun's
 * SIGTERM can reach rank 0 after it has cleaned up and said why it
 * stopped).
 */
static int clean_up(struct cleanup_failure *f, int *unrestored)
{
	int left = cleanup_all(f);
	int failed = setting_count() > 0 ? put_settings_back() : 0;

	if (unrestored)
		*unrestored = failed;
	cleanup_quiet_repeats();
	return left;
}

int session_finish(int status)
{
	struct cleanup_failure f;
	int unrestored;
	int left = clean_up(&f, &unrestored);

	report_left(left, &f, NULL);
	/* A test file left, or a setting not put back: the run did harm. */
	return (left || unrestored) && status == 0 ? EXIT_IO : status;
}

int session_fail(int status, const char *fmt, ...)
{
	char msg[2 * PATH_MAX];
	struct phase_error e;
	va_list ap;

	/* A step that gave up because a signal came (a -Z FIFO, a --json
	 * FIFO waiting for its reader) failed for the signal. */
	if (cleanup_signal()) {
		session_interrupted(&e);
		return session_phase_error(&e);
	}

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	out_say("%s", msg);
	return session_finish(status);
}

int session_fail_output(void)
{
	const char *stream = "stdout";
	int errnum = EIO;
	struct cleanup_failure f;
	struct phase_error e;

	/* A write a signal cut short failed for the signal. */
	if (cleanup_signal()) {
		session_interrupted(&e);
		return session_phase_error(&e);
	}
	int left = clean_up(&f, NULL);

	cleanup_stop_reason(&stream, &errnum);
	out_say("%s: write: %s", stream, strerror(errnum));
	report_left(left, &f, NULL);
	return EXIT_OUTPUT;
}

int session_interrupted(struct phase_error *err)
{
	int sig = cleanup_signal();

	memset(err, 0, sizeof(*err));
	snprintf(err->op, sizeof(err->op), "interrupted");
	return err->status = sig ? EXIT_SIGNAL + sig : EXIT_OUTPUT;
}

int session_phase_error(const struct phase_error *e)
{
	struct cleanup_failure f;

	if (e->status == EXIT_OUTPUT && !cleanup_signal())
		return session_fail_output();
	int left = clean_up(&f, NULL);
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
	report_left(left, &f, e->path);
	return e->status ? e->status : EXIT_IO;
}

/*
 * Why the open file FD cannot take results, or NULL when it can: a file
 * of the kernel's own (/proc/version takes no write, and a write to
 * /proc/sys or /sys is an order to the kernel).
 */
static const char *cannot_take(int fd)
{
	if (platform_kernel_fs(fd))
		return "a file of the kernel's own settings and state, which takes "
		       "no results";
	return NULL;
}

/* The file is created with O_EXCL when it can be, so that clean-up
 * knows it as clyde's; an existing one is opened as it is. */
FILE *session_open(const char *path, const char **why)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int dir_fd, fd;

	*why = NULL;
	if (strcmp(path, "-") == 0)
		return stdout;
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) + 1 : 1,
		 slash ? path : ".");
	/* Held open to the end: the registry removes the file through it. */
	dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	fd = dir_fd < 0 ? -1 : openat(dir_fd, base,
				      O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	bool made = fd >= 0;
	if (made && cleanup_add(dir_fd, path, fd, false) != 0) {
		*why = strerror(errno);
		unlinkat(dir_fd, base, 0);
		close(fd);
		return NULL;
	}
	if (!made) {
		if (dir_fd >= 0)
			close(dir_fd);
		fd = io_open_named(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	}
	if (fd >= 0 && (*why = cannot_take(fd)) != NULL) {
		close(fd);
		if (made)
			cleanup_remove(path);
		return NULL;
	}
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		*why = strerror(errno);
		if (fd >= 0)
			close(fd);
	}
	return f;
}

int session_write_begin(FILE **f, const char *path)
{
	struct stat mine, there;

	if (*f == stdout)
		return 0;
	bool gone = false;
	if (fstat(fileno(*f), &mine) != 0 ||
	    (stat(path, &there) != 0 && !(gone = errno == ENOENT))) {
		cleanup_request_stop(path, errno);
		return session_fail_output();
	}
	if (gone) {
		/* Removed or renamed during the run: the results go where they
		 * were asked to, to a new file of that name. */
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		FILE *again = fd < 0 ? NULL : fdopen(fd, "w");

		if (!again) {
			cleanup_request_stop(path, errno);
			if (fd >= 0)
				close(fd);
			return session_fail_output();
		}
		out_say("%s: removed or renamed during the run; the results go to a "
			"new file of that name", path);
		cleanup_forget(path); /* clyde's first one went with its name */
		fclose(*f);
		*f = again;
		return 0;
	}
	if (mine.st_dev != there.st_dev || mine.st_ino != there.st_ino)
		return session_fail(EXIT_OUTPUT, "%s: no longer the file clyde opened "
				    "before the run (replaced during it), so the "
				    "results are not written", path);
	if (S_ISREG(mine.st_mode) && ftruncate(fileno(*f), 0) != 0) {
		cleanup_request_stop(path, errno);
		return session_fail_output();
	}
	return 0;
}

int session_write_end(FILE *f, const char *path)
{
	const char *name = f == stdout ? "stdout" : path;

	if (out_check(f, name) != 0)
		return session_fail_output();
	if (f != stdout && fclose(f) != 0) {
		cleanup_request_stop(name, errno);
		return session_fail_output();
	}
	cleanup_forget(path); /* written: the user's file now */
	return 0;
}

/* -p N makes the semaphores for N processes, -p -1 removes them. */
static int make_semaphores(long procs)
{
	char err[512];

	if (procs > 0 ? barrier_create(procs, err, sizeof(err))
		      : barrier_remove(err, sizeof(err)))
		return session_fail(EXIT_USAGE, "%s", err);
	if (procs > 0)
		printf("Creating semaphore for %ld procs.\n", procs);
	else
		puts("Semaphore removed.");
	if (out_check(stdout, "stdout") != 0)
		return session_fail_output();
	return session_finish(0);
}

const char *session_journal_dir(void)
{
	const char *dir = getenv("CLYDE_TEST_JOURNAL_DIR");

	return dir && dir[0] ? dir : SETTING_JOURNAL_DIR;
}

/* setting_recover's report of one journal, on stderr. */
static void said_recovered(void *arg, const struct setting_recovered *r)
{
	(void)arg;
	if (r->failed) {
		char why[1024];

		vary_sys_failure(&r->first, why, sizeof(why));
		out_say("%s (left by process %ld): %s; %d setting%s not put back, "
			"the journal is kept", r->journal, r->pid, why, r->failed,
			r->failed > 1 ? "s" : "");
	} else {
		size_t same = r->entries - r->put_back;
		char others[96] = "";

		if (same)
			snprintf(others, sizeof(others), " (the other %zu it recorded "
				 "%s as %s had been)", same, same == 1 ? "was" : "were",
				 same == 1 ? "it" : "they");
		out_say("%s: a --vary run (process %ld) was killed with %zu "
			"setting%s changed, now put back%s; journal removed",
			r->journal, r->pid, r->put_back,
			r->put_back == 1 ? "" : "s", others);
	}
}

int session_recover(bool say_none)
{
	const char *dir = session_journal_dir();
	int failed;
	int found = setting_recover(dir, &knob_access, said_recovered,
				    said_put_back, NULL, &failed);

	if (found < 0 && errno != ENOENT)
		out_say("%s: cannot look for journals of killed --vary runs: %s",
			dir, strerror(errno));
	else if (found <= 0 && say_none)
		out_say("nothing to put back: no journal of a killed --vary run "
			"in %s", dir);
	return failed;
}

int session_restore(void)
{
	if (cleanup_init() != 0)
		return session_fail(EXIT_SETUP, "cannot install signal handlers: %s",
				    strerror(errno));
	if (geteuid() != 0)
		return session_fail(EXIT_SETUP, "--restore puts back the kernel's "
				    "settings: run it as root");
	return session_finish(session_recover(true) ? EXIT_SETUP : EXIT_OK);
}

/* After set-up, what set-up found that the user should know. */
static void say_target(const struct config *cfg, const struct run_target *t)
{
	if (t->engine_note[0])
		out_say("%s", t->engine_note);
	if (t->dev.n == 0 && cfg->io.size_mib > 0) {
		char fs[64];

		out_say("%s (%s) has no block device of its own, so the disk's "
			"own figures cannot be checked", cfg->dir,
			platform_fs_name(t->dir_fd, fs, sizeof(fs)));
	}
}

int session_set_up(const struct config *cfg, const struct ranks *rk,
		   const struct out_std *std, bool needs_stdout,
		   struct run_target *target, FILE **json)
{
	return session_set_up_dirs(&cfg, 1, rk, std, needs_stdout, target, json);
}

int session_set_up_dirs(const struct config *const *cfgs, size_t n,
			const struct ranks *rk, const struct out_std *std,
			bool needs_stdout, struct run_target *targets,
			FILE **json)
{
	const struct config *cfg = cfgs[0];
	char err[1024];
	const char *why;
	long uid, gid;
	int status, switched;

	if ((status = ranks_check(rk, cfg, err, sizeof(err))) != 0)
		return session_fail(status, "%s", err);
	if (cleanup_init() != 0)
		return session_fail(EXIT_SETUP, "cannot install signal handlers: %s",
				    strerror(errno));
	/* What a killed --vary run left changed goes back before anything;
	 * what will not is said, and kept for --restore. */
	if (geteuid() == 0 && ranks_prints(rk))
		session_recover(false);
	for (size_t i = 0; i < n; i++)
		if (cfg->processes == 0 && cfg->repeat != 0)
			setup_provenance(cfgs[i], &targets[i]); /* before -u drops root */
	switched = privs_switch(cfg->user, cfg->group, &uid, &gid, err, sizeof(err));
	if (switched < 0)
		return session_fail(EXIT_USAGE, "%s", err);
	if (cfg->processes != 0)
		return make_semaphores(cfg->processes);
	if (cfg->sync_mode == 's' && barrier_check(err, sizeof(err)) != 0)
		return session_fail(EXIT_USAGE, "%s", err);
	if (cfg->repeat == 0)
		return EXIT_OK;
	/* The results must have somewhere to go before any I/O is done. */
	if (std->closed[STDOUT_FILENO] && needs_stdout)
		return session_fail(EXIT_OUTPUT, "stdout: %s (closed when clyde "
				    "started, so the results would be lost)",
				    strerror(EBADF));
	for (size_t i = 0; i < n; i++)
		if ((status = setup_memory(cfgs[i], &targets[i], err, sizeof(err))) != 0)
			return session_fail(status, "%s", err);
	if (cfg->json_path && ranks_prints(rk) &&
	    !(*json = session_open(cfg->json_path, &why)))
		return session_fail(EXIT_SETUP, "%s: cannot write the JSON: %s",
				    cfg->json_path, why);
	/* setup_limits runs the preflight between the threads and the
	 * descriptors (a size that does not fit is refused for its size). */
	for (size_t i = 0; i < n; i++) {
		if ((status = setup_limits(cfgs[i], err, sizeof(err))) != 0 ||
		    (status = setup_target(cfgs[i], ranks_tag(rk), &targets[i], err,
					   sizeof(err))) != 0)
			return session_fail(status, "%s", err);
		targets[i].first_copy = ranks_first_copy(rk);
	}
	if (switched && !cfg->quiet)
		fprintf(stderr, "Using uid:%ld, gid:%ld.\n", uid, gid);
	for (size_t i = 0; i < n; i++)
		say_target(cfgs[i], &targets[i]);
	if (out_check(stderr, "stderr") != 0)
		return session_fail_output();
	return SESSION_GO_ON;
}

int session_trim(const struct config *cfg, const struct run_target *target,
		 struct trim_figure *out)
{
	struct fitrim_result r;
	char err[1024];

	*out = (struct trim_figure){ .done = false };
	if (!cfg->trim)
		return 0;
	if (setup_trim(target, "--trim", &r, err, sizeof(err)) != 0)
		return session_fail(EXIT_SETUP, "%s", err);
	*out = (struct trim_figure){ true, r.bytes, r.elapsed_ns };
	if (cfg->quiet)
		return 0;
	return out_say("FITRIM on %s: %.2f GiB trimmed in %.2f s",
		       target->prov.fs.mount_point[0] ? target->prov.fs.mount_point
						      : target->workdir,
		       (double)r.bytes / (double)GIB,
		       (double)r.elapsed_ns / 1e9) == 0 ? 0 : session_fail_output();
}

void session_run_begin(struct session_run *s, const struct config *cfg,
		       const struct run_plan *plan)
{
	s->hooks = (struct run_hooks){ 0 };
	progress_init(&s->progress, stderr,
		      progress_style_for(cfg->progress, cfg->quiet,
					 isatty(STDERR_FILENO)),
		      cfg, plan);
	progress_hooks(&s->progress, &s->hooks);
	barrier_hooks(cfg, &s->hooks);
}

int session_run_end(struct session_run *s, int status, struct phase_error *err)
{
	/* A signal or a failed write after the last phase: not done. */
	if (status == 0 && cleanup_stopping())
		status = session_interrupted(err);
	if (status != 0)
		progress_abort(&s->progress);
	return status;
}
