/* SPDX-License-Identifier: MIT */
/*
 * test_cleanup.c - the cleanup registry and the signal handlers: only what
 * is still the file clyde made is removed (a name replaced by another
 * file or a symlink is left alone and counted), every count is exact, and
 * every terminating signal stops clyde without ever exiting it, however
 * often it comes.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "sys/cleanup.h"
#include "io/iofile.h"

static char dir[] = "/tmp/clyde-test-cleanup.XXXXXX";
static int dfd = -1;

/* Make NAME in the scratch directory (a file, or a directory) and record it. */
static void made(const char *name, bool is_dir)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (is_dir)
		mkdirat(dfd, name, 0700);
	int fd = is_dir ? openat(dfd, name, O_RDONLY | O_DIRECTORY)
			: openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || fstat(fd, &st) != 0 || cleanup_add(dfd, path, fd, is_dir) != 0)
		CHECK("scratch file made", false);
	if (fd >= 0)
		close(fd); /* the registry holds its own */
}

static bool there(const char *name)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/*
 * A file removed behind clyde's back and a new one made under its name:
 * while the registry holds clyde's file open its inode number cannot go
 * to the new one (ext4 hands a freed number to the next file at once),
 * so the new file is told apart, left alone, and not counted as clyde's
 * (clyde's own is gone); a symlink in its place is left alone too.
 */
static void test_reuse(void)
{
	struct cleanup_failure f;
	char path[PATH_MAX], spare[32];
	struct stat mine, st;
	bool reused = false;

	made("victim", false);
	made("target", false);
	fstatat(dfd, "victim", &mine, AT_SYMLINK_NOFOLLOW);
	unlinkat(dfd, "victim", 0);
	/* Every new file the filesystem hands out, until one gets the old
	 * number or a hundred did not. */
	for (int i = 0; i < 100 && !reused; i++) {
		snprintf(spare, sizeof(spare), "spare%d", i);
		close(openat(dfd, spare, O_WRONLY | O_CREAT | O_EXCL, 0600));
		reused = fstatat(dfd, spare, &st, 0) == 0 && st.st_ino == mine.st_ino;
	}
	CHECK("a held file's inode number goes to no new file", !reused);
	for (int i = 0; i < 100; i++) {
		snprintf(spare, sizeof(spare), "spare%d", i);
		unlinkat(dfd, spare, 0);
	}
	close(openat(dfd, "victim", O_WRONLY | O_CREAT | O_EXCL, 0600));
	unlinkat(dfd, "target", 0);
	symlinkat("victim", dfd, "target");
	snprintf(path, sizeof(path), "%s/victim", dir);
	CHECK("remove now leaves the new file", cleanup_remove(path) != 0 &&
						errno == 0 && there("victim"));
	CHECK_U64("clyde's own files are gone: none counted",
		  (uint64_t)cleanup_all(&f), 0);
	CHECK("the new file is left alone", there("victim"));
	CHECK("the symlink is left alone", there("target"));
	CHECK("and named", strstr(f.replaced, "/target") &&
			   strcmp(f.replaced_op, CLEANUP_REPLACED) == 0);
	unlinkat(dfd, "victim", 0);
	unlinkat(dfd, "target", 0);
}

static void test_registry(void)
{
	struct cleanup_failure f;
	char outside[PATH_MAX], path[PATH_MAX];

	snprintf(outside, sizeof(outside), "%s.outside", dir);
	FILE *o = fopen(outside, "w");
	fputs("not clyde's\n", o);
	fclose(o);

	made("kept", false);
	made("gone", false);
	snprintf(path, sizeof(path), "%s/gone", dir);
	CHECK("remove one now", cleanup_remove(path) == 0 && !there("gone"));
	CHECK("removed means forgotten", !cleanup_owns(path));
	made("sub", true);
	made("swapped", false);
	made("linked", false);
	made("renamed", false);
	/* swapped: another file under the name; linked: a symlink out. */
	renameat(dfd, "swapped", dfd, "swapped.orig");
	close(openat(dfd, "swapped", O_WRONLY | O_CREAT, 0600));
	renameat(dfd, "linked", dfd, "linked.orig");
	symlinkat(outside, dfd, "linked");
	renameat(dfd, "renamed", dfd, "renamed.elsewhere");
	close(openat(dfd, "sub/stranger", O_WRONLY | O_CREAT, 0600));
	snprintf(path, sizeof(path), "%s/swapped", dir);
	CHECK("remove now refuses a replaced name", cleanup_remove(path) != 0 &&
						    errno == 0 && there("swapped"));
	cleanup_left("/x/files/y", "unlink", EIO);

	int left = cleanup_all(&f);
	/* swapped, linked and renamed (clyde's own files, moved aside: still
	 * on disk), sub (not empty) and the one cleanup_left counted. */
	CHECK_U64("exact count left", (uint64_t)left, 5);
	CHECK_STR("the first one named", f.path, "/x/files/y");
	CHECK_STR("nothing replaced uncounted", f.replaced, "");
	CHECK("kept removed", !there("kept"));
	CHECK("a file put in place of clyde's is left", there("swapped"));
	CHECK("a symlink put in place of clyde's is left", there("linked"));
	struct stat st;
	CHECK("the symlink's target untouched",
	      stat(outside, &st) == 0 && st.st_size == 12);
	CHECK("a directory holding a stranger is left", there("sub/stranger"));
	CHECK_U64("clean-up twice counts nothing more", (uint64_t)cleanup_all(&f), 0);

	made("again", false);
	unlinkat(dfd, "again", 0);
	renameat(dfd, "swapped.orig", dfd, "again2");
	CHECK_U64("a name already gone is no failure", (uint64_t)cleanup_all(NULL), 0);
	unlinkat(dfd, "linked.orig", 0);
	unlinkat(dfd, "renamed.elsewhere", 0);
	test_reuse();
	made("id", false);
	snprintf(path, sizeof(path), "%s/id", dir);
	fstatat(dfd, "id", &st, 0);
	struct file_id id = file_id_of(&st);
	CHECK("file_id_is the file", file_id_is(&id, &st));
	st.st_mode = (st.st_mode & ~(mode_t)S_IFMT) | S_IFLNK;
	CHECK("file_id_is not a symlink with its number", !file_id_is(&id, &st));
	st.st_mode = (st.st_mode & ~(mode_t)S_IFMT) | S_IFREG;
	st.st_ino++;
	CHECK("file_id_is not another", !file_id_is(&id, &st));
	cleanup_all(NULL);
	unlink(outside);
}

/* One terminating signal after another: never an exit, the first one kept. */
static void test_signals(int err_fd, const char *err_path)
{
	static const int sigs[] = {
		SIGQUIT, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGIO
		SIGIO,
#endif
#ifdef SIGPWR
		SIGPWR,
#endif
	};
	const char *stream = NULL;
	int errnum = 0;
	sigset_t blocked;
	char line[256] = "";
	struct stat st;

	sigemptyset(&blocked);
	sigaddset(&blocked, SIGUSR1);
	sigprocmask(SIG_BLOCK, &blocked, NULL);
	CHECK("cleanup_init", cleanup_init() == 0);
	sigprocmask(SIG_BLOCK, NULL, &blocked);
	CHECK("a signal the parent blocked is unblocked", !sigismember(&blocked, SIGUSR1));
	CHECK("not stopping at first", !cleanup_stopping() && cleanup_signal() == 0);
	CHECK("no stop reason yet", !cleanup_stop_reason(&stream, &errnum));

	raise(SIGHUP);
	raise(SIGPIPE);
	CHECK("SIGHUP and SIGPIPE are ignored", !cleanup_stopping());
	raise(SIGUSR1);
	CHECK("SIGUSR1 stops", cleanup_stopping() && cleanup_signal() == SIGUSR1);
	raise(SIGTERM);
	raise(SIGINT);
	CHECK("repeats at once keep the first and never exit",
	      cleanup_signal() == SIGUSR1);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		raise(sigs[i]);
#ifdef SIGRTMIN
	raise(SIGRTMIN);
	raise(SIGRTMAX);
#endif
	CHECK("every terminating signal is caught", cleanup_signal() == SIGUSR1);
	CHECK("nothing said for repeats within a second",
	      fstat(err_fd, &st) == 0 && st.st_size == 0);

	/* A person asking again, a second later: one line, once. */
	struct timespec pause = { 1, 100000000 };
	while (nanosleep(&pause, &pause) != 0 && errno == EINTR)
		;
	raise(SIGINT);
	raise(SIGTERM);
	FILE *f = fopen(err_path, "r");
	int lines = 0;
	while (f && fgets(line, sizeof(line), f))
		lines++;
	if (f)
		fclose(f);
	CHECK("a later repeat says clyde is removing its files, once",
	      lines == 1 && strstr(line, "removing the test files first"));
	CHECK("still the first signal", cleanup_signal() == SIGUSR1);

	cleanup_request_stop("stdout", EPIPE);
	cleanup_request_stop("stderr", ENOSPC);
	CHECK("the first stop request is kept",
	      cleanup_stop_reason(&stream, &errnum) && strcmp(stream, "stdout") == 0 &&
		      errnum == EPIPE);
}

int main(void)
{
	char err_path[] = "/tmp/clyde-test-stderr.XXXXXX";

	if (!mkdtemp(dir) || (dfd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		return 2;
	test_registry();
	unlinkat(dfd, "again2", 0);
	unlinkat(dfd, "swapped", 0);
	unlinkat(dfd, "linked", 0);
	unlinkat(dfd, "sub/stranger", 0);
	unlinkat(dfd, "sub", AT_REMOVEDIR);
	close(dfd);
	CHECK("scratch directory empty again", rmdir(dir) == 0);

	int err_fd = mkstemp(err_path);
	int saved = dup(STDERR_FILENO);
	dup2(err_fd, STDERR_FILENO);
	test_signals(err_fd, err_path);
	dup2(saved, STDERR_FILENO);
	unlink(err_path);
	return check_done();
}
