/* SPDX-License-Identifier: MIT */
/*
 * setting.c - the registry of machine settings clyde changed and its
 * journal (setting.h). The journal is a text file, one setting a line
 * ("KIND<tab>WHERE<tab>ORIGINAL", tabs, newlines and backslashes escaped),
 * after a header line naming the process; it is written and synced before
 * the setting changes, and locked with flock for the life of the process,
 * so that a journal nobody holds is one a killed run left.
 */
#include "setting.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/grow.h"

#define JOURNAL_PREFIX "settings."
#define JOURNAL_HEADER "clyde settings journal"

struct setting_entry {
	char kind[32];
	char where[SETTING_TEXT_MAX];
	char original[SETTING_TEXT_MAX];
};

static const struct setting_access *acc;
static struct setting_entry *entries;
static size_t n_entries, cap_entries;
static int journal_fd = -1;
static char journal_dir[SETTING_TEXT_MAX];
static char journal_path[SETTING_TEXT_MAX + 32];

/* TEXT with tab, newline and backslash escaped, into OUT. */
static void escape(const char *text, char *out, size_t len)
{
	size_t n = 0;

	for (; *text && n + 3 < len; text++) {
		char c = *text == '\t' ? 't' : *text == '\n' ? 'n' : *text;

		if (c != *text || c == '\\')
			out[n++] = '\\';
		out[n++] = c;
	}
	out[n] = '\0';
}

/* The field at *P up to a tab or the end, unescaped into OUT; *P past it. */
static void unescape_field(char **p, char *out, size_t len)
{
	size_t n = 0;
	char *s = *p;

	for (; *s && *s != '\t' && *s != '\n'; s++) {
		char c = *s;

		if (c == '\\' && s[1]) {
			s++;
			c = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s;
		}
		if (n + 1 < len)
			out[n++] = c;
	}
	out[n] = '\0';
	*p = *s == '\t' ? s + 1 : s;
}

/* Write all of TEXT to FD. */
static int write_all(int fd, const char *text, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, text, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		text += w;
		len -= (size_t)w;
	}
	return 0;
}

/* A journal read whole: its lines, split into fields; -1 with errno. */
struct journal_text {
	char *text;
	long pid;
};

static int read_journal(int fd, struct journal_text *j)
{
	size_t len = 0, cap = 0;
	char *text = NULL;

	j->pid = 0;
	for (;;) {
		if (len + 4096 + 1 > cap) {
			char *grown = realloc(text, cap = cap * 2 + 8192);

			if (!grown) {
				free(text);
				return -1;
			}
			text = grown;
		}
		ssize_t r = pread(fd, text + len, cap - len - 1, (off_t)len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(text);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	text[len] = '\0';
	if (strncmp(text, JOURNAL_HEADER "\t", sizeof(JOURNAL_HEADER)) == 0)
		j->pid = strtol(text + sizeof(JOURNAL_HEADER), NULL, 10);
	j->text = text;
	return 0;
}

/*
 * The next entry of J after *AT (start at the text), into E; false at the
 * end. Lines that are not whole entries (the header, a line cut short by
 * a crash) are passed over.
 */
static bool next_entry(char **at, struct setting_entry *e)
{
	while (**at) {
		char *line = *at, *end = strchr(line, '\n');

		if (!end)
			return false; /* the last line was never finished */
		*at = end + 1;
		if (strncmp(line, JOURNAL_HEADER, sizeof(JOURNAL_HEADER) - 1) == 0)
			continue;
		char *p = line;
		unescape_field(&p, e->kind, sizeof(e->kind));
		unescape_field(&p, e->where, sizeof(e->where));
		unescape_field(&p, e->original, sizeof(e->original));
		if (e->kind[0] && e->where[0] && p == end)
			return true;
	}
	return false;
}

int setting_begin(const char *dir, const struct setting_access *access)
{
	char header[64];
	int fd;

	if (journal_fd >= 0)
		return 0;
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return -1;
	snprintf(journal_dir, sizeof(journal_dir), "%s", dir);
	snprintf(journal_path, sizeof(journal_path), "%s/" JOURNAL_PREFIX "%ld",
		 dir, (long)getpid());
	fd = open(journal_path, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC,
		  0600);
	if (fd < 0) {
		journal_path[0] = '\0';
		return -1;
	}
	snprintf(header, sizeof(header), JOURNAL_HEADER "\t%ld\n", (long)getpid());
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 ||
	    write_all(fd, header, strlen(header)) != 0 || fsync(fd) != 0) {
		int e = errno;

		unlink(journal_path);
		close(fd);
		journal_path[0] = '\0';
		errno = e;
		return -1;
	}
	journal_fd = fd;
	acc = access;
	return 0;
}

const char *setting_journal(void)
{
	return journal_path;
}

/* Whether a live clyde's journal other than ours holds KIND at WHERE. */
static bool held_elsewhere(const char *kind, const char *where, long *pid)
{
	DIR *d = opendir(journal_dir);
	struct dirent *de;
	bool held = false;

	while (d && !held && (de = readdir(d)) != NULL) {
		char path[sizeof(journal_dir) + 300];
		struct journal_text j;
		struct setting_entry e;
		int fd;

		if (strncmp(de->d_name, JOURNAL_PREFIX, strlen(JOURNAL_PREFIX)) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", journal_dir, de->d_name);
		if (strcmp(path, journal_path) == 0 ||
		    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		/* Only a journal someone holds is a live run's. */
		if (flock(fd, LOCK_SH | LOCK_NB) == 0) {
			flock(fd, LOCK_UN);
		} else if (read_journal(fd, &j) == 0) {
			for (char *at = j.text; !held && next_entry(&at, &e);)
				held = strcmp(e.kind, kind) == 0 &&
				       strcmp(e.where, where) == 0;
			*pid = j.pid;
			free(j.text);
		}
		close(fd);
	}
	if (d)
		closedir(d);
	return held;
}

static const struct setting_entry *find(const char *kind, const char *where)
{
	for (size_t i = 0; i < n_entries; i++)
		if (strcmp(entries[i].kind, kind) == 0 &&
		    strcmp(entries[i].where, where) == 0)
			return &entries[i];
	return NULL;
}

int setting_record(const char *kind, const char *where, long *pid)
{
	struct setting_entry e;
	char line[3 * (sizeof(e.kind) + sizeof(e.where) + sizeof(e.original))];
	char k[2 * sizeof(e.kind)], w[2 * sizeof(e.where)], o[2 * sizeof(e.original)];

	*pid = 0;
	if (find(kind, where))
		return 0;
	if (journal_fd < 0) {
		errno = EBADF;
		return -1;
	}
	if (held_elsewhere(kind, where, pid)) {
		errno = EBUSY;
		return -1;
	}
	memset(&e, 0, sizeof(e));
	snprintf(e.kind, sizeof(e.kind), "%s", kind);
	snprintf(e.where, sizeof(e.where), "%s", where);
	if (acc->get(kind, where, e.original, sizeof(e.original)) != 0)
		return -1;
	struct setting_entry *grown = grow_array(entries, n_entries, &cap_entries,
						 sizeof(*grown), 16);
	if (!grown)
		return -1;
	entries = grown;
	escape(e.kind, k, sizeof(k));
	escape(e.where, w, sizeof(w));
	escape(e.original, o, sizeof(o));
	snprintf(line, sizeof(line), "%s\t%s\t%s\n", k, w, o);
	/* On disk before it changes: a SIGKILL after this is recoverable. */
	if (write_all(journal_fd, line, strlen(line)) != 0 || fsync(journal_fd) != 0)
		return -1;
	entries[n_entries++] = e;
	return 0;
}

/* Set KIND at WHERE to VALUE and check it reads so: 0, or -1 into *F. */
static int put_checked(const struct setting_access *a, const char *kind,
		       const char *where, const char *value,
		       struct setting_failure *f)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->kind, sizeof(f->kind), "%s", kind);
	snprintf(f->where, sizeof(f->where), "%s", where);
	snprintf(f->value, sizeof(f->value), "%s", value);
	if (a->put(kind, where, value) != 0 ||
	    a->get(kind, where, f->now, sizeof(f->now)) != 0) {
		f->errnum = errno;
		return -1;
	}
	return strcmp(f->now, value) == 0 ? 0 : -1;
}

int setting_change(const char *kind, const char *where, const char *value,
		   struct setting_failure *f)
{
	long pid;

	if (setting_record(kind, where, &pid) != 0) {
		memset(f, 0, sizeof(*f));
		snprintf(f->kind, sizeof(f->kind), "%s", kind);
		snprintf(f->where, sizeof(f->where), "%s", where);
		snprintf(f->value, sizeof(f->value), "%s", value);
		f->errnum = errno;
		if (errno == EBUSY)
			snprintf(f->now, sizeof(f->now), "%ld", pid);
		return -1;
	}
	return put_checked(acc, kind, where, value, f);
}

bool setting_is_recorded(const char *kind, const char *where)
{
	return find(kind, where) != NULL;
}

size_t setting_count(void)
{
	return n_entries;
}

/*
 * Put E back through A where it differs now: 1 when it was changed, 0
 * when it already held its value or its place is gone (a disk unplugged,
 * a loop device detached, a filesystem unmounted: nothing is left to put
 * back), -1 with *F when it could not be.
 */
static int put_back(const struct setting_access *a, const struct setting_entry *e,
		    struct setting_failure *f)
{
	char now[SETTING_TEXT_MAX];

	if (a->get(e->kind, e->where, now, sizeof(now)) != 0) {
		if (errno == ENOENT)
			return 0;
	} else if (strcmp(now, e->original) == 0) {
		return 0;
	}
	return put_checked(a, e->kind, e->where, e->original, f) == 0 ? 1 : -1;
}

int setting_restore(struct setting_failure *first,
		    void (*said)(void *arg, const char *kind, const char *where,
				 const char *value),
		    void *arg)
{
	int failed = 0;

	for (size_t i = 0; i < n_entries; i++) {
		struct setting_failure f;
		int rc = put_back(acc, &entries[i], &f);

		if (rc < 0 && failed++ == 0 && first)
			*first = f;
		if (rc > 0 && said)
			said(arg, entries[i].kind, entries[i].where,
			     entries[i].original);
	}
	return failed;
}

int setting_end(struct setting_failure *first)
{
	int failed;

	if (journal_fd < 0)
		return 0;
	failed = setting_restore(first, NULL, NULL);
	if (failed == 0)
		unlink(journal_path);
	close(journal_fd);
	journal_fd = -1;
	free(entries);
	entries = NULL;
	n_entries = cap_entries = 0;
	return failed;
}

/* Put back the settings of the journal open on FD into *R. */
static void recover_one(int fd, const struct setting_access *a,
			struct setting_recovered *r,
			void (*changed)(void *, const char *, const char *,
					const char *),
			void *arg)
{
	struct journal_text j;
	struct setting_entry e;

	if (read_journal(fd, &j) != 0) {
		r->failed = 1;
		r->first.errnum = errno;
		return;
	}
	r->pid = j.pid;
	for (char *at = j.text; next_entry(&at, &e);) {
		struct setting_failure f;
		int rc = put_back(a, &e, &f);

		r->entries++;
		if (rc > 0) {
			r->put_back++;
			if (changed)
				changed(arg, e.kind, e.where, e.original);
		} else if (rc < 0 && r->failed++ == 0) {
			r->first = f;
		}
	}
	free(j.text);
}

int setting_recover(const char *dir, const struct setting_access *access,
		    void (*say)(void *arg, const struct setting_recovered *r),
		    void (*changed)(void *arg, const char *kind,
				    const char *where, const char *value),
		    void *arg, int *failed)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), found = 0;

	*failed = 0;
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		struct setting_recovered r;
		int fd;

		memset(&r, 0, sizeof(r));
		snprintf(r.journal, sizeof(r.journal), "%s/%s", dir, names[i]->d_name);
		if (strncmp(names[i]->d_name, JOURNAL_PREFIX,
			    strlen(JOURNAL_PREFIX)) != 0 ||
		    strcmp(r.journal, journal_path) == 0 ||
		    (fd = open(r.journal, O_RDONLY | O_CLOEXEC)) < 0) {
			free(names[i]);
			continue;
		}
		/* A journal its process still holds is a live run's. */
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			found++;
			recover_one(fd, access, &r, changed, arg);
			if (r.failed == 0)
				unlink(r.journal);
			*failed += r.failed;
			if (say)
				say(arg, &r);
		}
		close(fd);
		free(names[i]);
	}
	free(names);
	return found;
}
