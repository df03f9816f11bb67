/* SPDX-License-Identifier: MIT */
/*
 * test_setting.c - the registry of changed settings and its journal, over
 * settings that are plain files in a scratch directory (as sysfs
 * attributes are): the original is journalled before the change, put back
 * in the order recorded and only where it differs, a journal a live
 * process holds is left alone and its settings refused to others, and a
 * journal a killed process left is recovered and removed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sys/setting.h"

static char dir[] = "/tmp/clyde-test-setting.XXXXXX";
static char journals[PATH_MAX];
static int puts_done; /* writes made by file_put, to see none is needless */

static int file_get(const char *kind, const char *where, char *out, size_t len)
{
	FILE *f = fopen(where, "r");

	(void)kind;
	if (!f)
		return -1;
	size_t n = fread(out, 1, len - 1, f);
	out[n] = '\0';
	fclose(f);
	return 0;
}

static int file_put(const char *kind, const char *where, const char *value)
{
	FILE *f;

	if (strcmp(kind, "stuck") == 0) {
		errno = EPERM;
		return -1;
	}
	if (!(f = fopen(where, "w")))
		return -1;
	fputs(value, f);
	puts_done++;
	return fclose(f);
}

static const struct setting_access files = { file_get, file_put };

/* DIR/NAME holding VALUE; its path into PATH. */
static void make_setting(const char *name, const char *value, char *path,
			 size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	file_put("file", path, value);
}

static bool holds(const char *path, const char *value)
{
	char now[256];

	return file_get("file", path, now, sizeof(now)) == 0 &&
	       strcmp(now, value) == 0;
}

static size_t journal_count(void)
{
	char cmd[PATH_MAX + 64];
	FILE *p;
	size_t n = 0;

	snprintf(cmd, sizeof(cmd), "ls %s 2>/dev/null | grep -c '^settings\\.'",
		 journals);
	if ((p = popen(cmd, "r"))) {
		if (fscanf(p, "%zu", &n) != 1)
			n = 0;
		pclose(p);
	}
	return n;
}

static char said[1024];

static void say(void *arg, const char *kind, const char *where,
		const char *value)
{
	(void)arg;
	(void)kind;
	snprintf(said + strlen(said), sizeof(said) - strlen(said), "%s=%s;",
		 strrchr(where, '/') + 1, value);
}

/*
 * A child that begins its own journal and changes ODD (a name with a tab,
 * a newline and a backslash) to "9", then tells the parent through the
 * pipe and waits to be killed. Its pid.
 */
static pid_t changer(const char *odd, int *ready)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		struct setting_failure f;

		close(fds[0]);
		if (setting_begin(journals, &files) != 0 ||
		    setting_change("file", odd, "9", &f) != 0)
			_exit(1);
		if (write(fds[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(fds[1]);
	*ready = fds[0];
	return pid;
}

int main(void)
{
	char a[PATH_MAX], b[PATH_MAX], odd[PATH_MAX], stuck[PATH_MAX];
	struct setting_failure f;
	long pid = 0;
	int failed, ready = -1;
	char c;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(journals, sizeof(journals), "%s/journals", dir);
	make_setting("a", "1", a, sizeof(a));
	make_setting("b", "x", b, sizeof(b));
	make_setting("odd\tname\\with\nnewline", "4", odd, sizeof(odd));
	make_setting("stuck", "s", stuck, sizeof(stuck));

	/* Another clyde, forked before this one has a journal of its own. */
	CHECK("no journal before setting_begin", setting_journal()[0] == '\0');
	pid_t child = changer(odd, &ready);
	CHECK("the other process changed its setting",
	      child > 0 && read(ready, &c, 1) == 1 && holds(odd, "9"));
	/* And a third, whose setting will be gone when it is recovered. */
	char gone[PATH_MAX];
	int ready2 = -1;
	make_setting("gone", "5", gone, sizeof(gone));
	pid_t child2 = changer(gone, &ready2);
	CHECK("a third process changed its setting",
	      child2 > 0 && read(ready2, &c, 1) == 1 && holds(gone, "9"));

	/* --- this process's own journal ---------------------------------- */
	CHECK("setting_begin makes the journal directory and file",
	      setting_begin(journals, &files) == 0 && journal_count() == 3);
	struct stat st;
	CHECK("the journal directory is private",
	      stat(journals, &st) == 0 && (st.st_mode & 0777) == 0700);
	CHECK("a change is recorded and made",
	      setting_change("file", a, "2", &f) == 0 && holds(a, "2") &&
		      setting_is_recorded("file", a));
	CHECK("a second change keeps the first original",
	      setting_change("file", a, "3", &f) == 0 && holds(a, "3") &&
		      setting_count() == 1);
	CHECK("recording a setting that does not change",
	      setting_record("file", b, &pid) == 0 && setting_count() == 2);
	{
		char text[4096] = "";
		FILE *j = fopen(setting_journal(), "r");
		size_t n = j ? fread(text, 1, sizeof(text) - 1, j) : 0;

		text[n] = '\0';
		if (j)
			fclose(j);
		char want[PATH_MAX + 16];
		snprintf(want, sizeof(want), "file\t%s\t1\n", a);
		CHECK("the journal holds the original, not the later value",
		      strstr(text, want) != NULL && !strstr(text, "\t2\n"));
	}
	CHECK("a setting the put refuses fails with the kernel's errno",
	      setting_change("stuck", stuck, "t", &f) != 0 && f.errnum == EPERM &&
		      strcmp(f.value, "t") == 0);
	said[0] = '\0';
	puts_done = 0;
	CHECK("restore puts back only what differs",
	      setting_restore(&f, say, NULL) == 0 && holds(a, "1") &&
		      holds(b, "x") && puts_done == 1);
	CHECK_STR("restore says what it put back", said, "a=1;");
	CHECK("restore keeps the records", setting_count() == 3);

	/* --- a live process's journal ------------------------------------ */	CHECK("a setting a live clyde holds is refused, naming it",
	      setting_record("file", odd, &pid) != 0 && errno == EBUSY &&
		      pid == (long)child);
	CHECK("recover leaves a live process's journal alone",
	      setting_recover(journals, &files, NULL, NULL, NULL, &failed) == 0 &&
		      holds(odd, "9") && journal_count() == 3);

	/* --- killed: its journal is recovered ----------------------------- */
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	close(ready);
	said[0] = '\0';
	CHECK("recover finds the killed process's journal and puts back",
	      setting_recover(journals, &files, NULL, say, NULL, &failed) == 1 &&
		      failed == 0 && holds(odd, "4"));
	CHECK("recover says each value it put back", strstr(said, "=4;") != NULL);
	CHECK("recover removes the journal it emptied", journal_count() == 2);

	/* --- killed, and the setting's place gone since ----------------- */
	kill(child2, SIGKILL);
	waitpid(child2, NULL, 0);
	close(ready2);
	unlink(gone);
	CHECK("a setting whose place is gone has nothing to put back",
	      setting_recover(journals, &files, NULL, NULL, NULL, &failed) == 1 &&
		      failed == 0 && journal_count() == 1);
	CHECK("nothing left to recover",
	      setting_recover(journals, &files, NULL, NULL, NULL, &failed) == 0);

	/* --- the end ------------------------------------------------------ */
	file_put("file", a, "7");
	CHECK("setting_end puts back, and counts what would not go",
	      setting_end(&f) == 0 && holds(a, "1") && setting_count() == 0);
	CHECK("setting_end removes this process's journal", journal_count() == 0);
	CHECK("recover of a missing directory says ENOENT",
	      setting_recover("/nonexistent/clyde", &files, NULL, NULL, NULL,
			      &failed) < 0 && errno == ENOENT);

	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return check_done();
}
