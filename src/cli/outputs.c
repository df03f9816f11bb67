/* SPDX-License-Identifier: MIT */
/*
 * outputs.c - the check that every output of a run names its own
 * destination (outputs.h): each destination located as a file (device and
 * inode, or for a path not made yet its directory and name), then every
 * pair compared.
 */
#include "outputs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where a destination is, as a file. */
struct where {
	bool known;   /* it could be looked at */
	bool exists;  /* dev, ino, type say which file */
	dev_t dev;
	ino_t ino;
	mode_t type;
	dev_t dir_dev;    /* a path not made yet: its directory ... */
	ino_t dir_ino;
	const char *name; /* ... and its last component */
};

static void found(struct where *w, const struct stat *st)
{
	w->known = w->exists = true;
	w->dev = st->st_dev;
	w->ino = st->st_ino;
	w->type = st->st_mode & S_IFMT;
}

/* O as a file into *W; unknown when it cannot be looked at (the open
 * that follows says why). */
static void locate(const struct output *o, struct where *w)
{
	char dir[PATH_MAX];
	struct stat st;

	memset(w, 0, sizeof(*w));
	if (o->kind == OUTPUT_STREAM || strcmp(o->path, "-") == 0) {
		int fd = o->kind == OUTPUT_STREAM ? o->fd
			 : o->kind == OUTPUT_INPUT ? STDIN_FILENO : STDOUT_FILENO;

		if (fstat(fd, &st) == 0)
			found(w, &st);
		return;
	}
	if (stat(o->path, &st) == 0) {
		found(w, &st);
		return;
	}
	if (errno != ENOENT)
		return;
	const char *slash = strrchr(o->path, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - o->path) + 1 : 1,
		 slash ? o->path : ".");
	if (stat(dir, &st) != 0)
		return;
	w->known = true;
	w->dir_dev = st.st_dev;
	w->dir_ino = st.st_ino;
	w->name = slash ? slash + 1 : o->path;
}

/* Whether A and B are one file that outputs would share. A character
 * device (/dev/null, a terminal) loses nothing to sharing. */
static bool same_file(const struct where *a, const struct where *b)
{
	if (!a->known || !b->known || a->exists != b->exists)
		return false;
	if (a->exists)
		return a->dev == b->dev && a->ino == b->ino && !S_ISCHR(a->type);
	return a->dir_dev == b->dir_dev && a->dir_ino == b->dir_ino &&
	       strcmp(a->name, b->name) == 0;
}

/* Whether O is an output named "-": standard output. */
static bool is_dash(const struct output *o)
{
	return o->kind == OUTPUT_FILE && strcmp(o->path, "-") == 0;
}

/* How a message names O: "--json out.json", "standard output". */
static const char *describe(const struct output *o, char *buf, size_t len)
{
	if (o->kind == OUTPUT_STREAM)
		snprintf(buf, len, "%s", o->fd == STDERR_FILENO ? "standard error"
								: "standard output");
	else if (o->kind == OUTPUT_INPUT && strcmp(o->path, "-") == 0)
		snprintf(buf, len, "standard input");
	else
		snprintf(buf, len, "%s %s", o->what, o->path);
	return buf;
}

/* Whether A and B may share a destination whatever it is: two streams,
 * two inputs, and "-" beside the stream it takes over (the run moves its
 * text to stderr) are as the user meant them. */
static bool may_share(const struct output *a, const struct output *b)
{
	return (a->kind == OUTPUT_STREAM && b->kind == OUTPUT_STREAM) ||
	       (a->kind == OUTPUT_INPUT && b->kind == OUTPUT_INPUT) ||
	       (is_dash(a) && b->kind == OUTPUT_STREAM) ||
	       (is_dash(b) && a->kind == OUTPUT_STREAM);
}

/* Why A and B, at WA and WB, must not share a destination, into ERR;
 * false when they may. */
static bool clash(const struct output *a, const struct output *b,
		  const struct where *wa, const struct where *wb, char *err,
		  size_t len)
{
	char da[PATH_MAX + 32], db[PATH_MAX + 32];

	if (is_dash(a) && is_dash(b)) {
		snprintf(err, len, "%s - and %s - both write to standard output; "
			 "give one of them a file", a->what, b->what);
		return true;
	}
	if (!same_file(wa, wb))
		return false;
	describe(a, da, sizeof(da));
	describe(b, db, sizeof(db));
	if (a->kind == OUTPUT_INPUT || b->kind == OUTPUT_INPUT)
		snprintf(err, len, "%s and %s are the same file: clyde would write "
			 "over what it reads; send the results elsewhere", da, db);
	else if (a->kind == OUTPUT_FILE && b->kind == OUTPUT_FILE &&
		 strcmp(a->path, b->path) == 0)
		snprintf(err, len, "%s and %s both name %s; give each its own file",
			 a->what, b->what, a->path);
	else
		snprintf(err, len, "%s and %s are the same file; give each its own",
			 da, db);
	return true;
}

static bool used(const struct output *o)
{
	return o->kind == OUTPUT_STREAM ? o->fd >= 0 : o->path != NULL;
}

int outputs_check(const struct output *out, size_t n, char *err, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		struct where wi, wj;

		if (!used(&out[i]))
			continue;
		locate(&out[i], &wi);
		for (size_t j = i + 1; j < n; j++) {
			if (!used(&out[j]) || may_share(&out[i], &out[j]))
				continue;
			locate(&out[j], &wj);
			if (clash(&out[i], &out[j], &wi, &wj, err, len))
				return -1;
		}
	}
	return 0;
}
