/* SPDX-License-Identifier: MIT */
/*
 * filetest.c - the file tests' rules and each copy's state: names, their
 * directories, sizes, symlink targets and shuffles from a seeded generator;
 * the copy's directory tree, made for each create phase and removed (by
 * name, only what clyde created) after an error or interrupt.
 */
#include "filetest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "io/data.h"
#include "filetest_internal.h"

static const char name_chars[] =
	"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
#define NAME_CHARS (sizeof(name_chars) - 1)
#define CHARS_PER_DRAW 5 /* 62^5 < 2^31: five characters from one -Z number */

uint64_t filetest_dir_of(uint64_t i, uint64_t n, uint64_t dirs)
{
	if (dirs <= 1)
		return 0;
	return i / (n / dirs + 1);
}

/* "00001/" (6 bytes, no NUL) for directory D < 100000. */
static void put_dir(char *p, uint64_t d)
{
	for (int k = FILETEST_DIR_CHARS - 2; k >= 0; k--) {
		p[k] = (char)('0' + d % 10);
		d /= 10;
	}
	p[FILETEST_DIR_CHARS - 1] = '/';
}

void filetest_dir_name(uint64_t d, char *out, size_t len)
{
	char name[FILETEST_DIR_CHARS];

	put_dir(name, d);
	snprintf(out, len, "%.*s", FILETEST_DIR_CHARS - 1, name);
}

void filetest_make_name(char *out, uint64_t index, uint64_t n, uint64_t dirs,
		     enum filetest_order order, struct rng *rng)
{
	char chars[(FILETEST_NAME_DRAWS - 1) * CHARS_PER_DRAW];
	size_t len = (size_t)rng_below(rng, FILETEST_RAND_CHARS_MAX + 1);
	char *p = out;

	for (int d = 0; d < FILETEST_NAME_DRAWS - 1; d++) {
		uint64_t v = rng_below(rng, 62ULL * 62 * 62 * 62 * 62);

		for (int k = 0; k < CHARS_PER_DRAW; k++, v /= NAME_CHARS)
			chars[d * CHARS_PER_DRAW + k] = name_chars[v % NAME_CHARS];
	}
	if (dirs > 1) { /* a shared directory's names start at copy x n */
		put_dir(p, filetest_dir_of(index % n, n, dirs));
		p += FILETEST_DIR_CHARS;
	}
	if (order == FILETEST_RANDOM) {
		memcpy(p, chars, len);
		p += len;
	}
	for (int k = FILETEST_HEX_DIGITS - 1; k >= 0; k--) {
		p[k] = "0123456789abcdef"[index & 15];
		index >>= 4;
	}
	p += FILETEST_HEX_DIGITS;
	if (order == FILETEST_SEQUENTIAL) {
		memcpy(p, chars, len);
		p += len;
	}
	*p = '\0';
}

uint64_t filetest_pick_size(const struct file_params *fp, struct rng *rng)
{
	if (fp->max_bytes < 0)
		return 0; /* links: file 0 is empty */
	if (fp->max_bytes <= fp->min_bytes)
		return (uint64_t)fp->max_bytes;
	return (uint64_t)fp->min_bytes +
	       rng_below(rng, (uint64_t)(fp->max_bytes - fp->min_bytes) + 1);
}

void filetest_symlink_target(const char *name0, uint64_t dirs, char *out,
			  size_t len)
{
	/* bonnie++ 2.00a drops the "00000/" and the links in the other
	 * directories dangle; from "../" the path resolves everywhere. */
	snprintf(out, len, "%s%s", dirs > 1 ? "../" : "", name0);
}

/* Long loops look at the stop flag this often (a few ms of work). */
#define POLL_EVERY 65536u

static int stopped(uint64_t i)
{
	if (i % POLL_EVERY != 0 || !cleanup_stopping())
		return 0;
	errno = EINTR;
	return -1;
}

int filetest_shuffle(struct filetest_entry *list, uint64_t n, struct rng *rng)
{
	for (uint64_t i = n; i > 1; i--) {
		uint64_t j = rng_below(rng, i);
		struct filetest_entry t = list[i - 1];

		if (stopped(i) != 0)
			return -1;
		list[i - 1] = list[j];
		list[j] = t;
	}
	return 0;
}

int64_t filetest_seq_index(const char *leaf)
{
	size_t len = strlen(leaf);
	int64_t v = 0;

	if (len < FILETEST_HEX_DIGITS || len > FILETEST_HEX_DIGITS + FILETEST_RAND_CHARS_MAX)
		return -1;
	for (int k = 0; k < FILETEST_HEX_DIGITS; k++) {
		char c = leaf[k];

		if (c >= '0' && c <= '9')
			v = v * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (c - 'a' + 10);
		else
			return -1;
	}
	return v;
}

const char *filetest_leaf(const char *name, uint64_t dirs)
{
	return dirs > 1 ? name + FILETEST_DIR_CHARS : name;
}

int filetest_build_list(struct filetest_entry *list, uint64_t n, uint64_t base,
			const struct file_params *fp, enum filetest_order order,
			struct rng *rng)
{
	for (uint64_t i = 0; i < n; i++) {
		if (stopped(i) != 0)
			return -1;
		filetest_make_name(list[i].name, base + i, n, fp->dirs, order, rng);
		list[i].size_bytes = filetest_pick_size(fp, rng);
		list[i].ino = 0;
	}
	return 0;
}

/*
 * The draws of a create ORDER for copy COPY (its index among every copy of
 * every rank when they share a directory) into *RNG: from -Z, the order's
 * stretch of numbers (its list, and for the random order the two shuffles
 * after it), the same for every copy; from the seed, each copy and order a
 * generator of its own, which another rank can draw again.
 */
static void list_stream(const struct filetest_state *fs,
			enum filetest_order order, uint64_t copy, struct rng *rng)
{
	const struct rng_layout *at;

	if (!fs->src || fs->src->count == 0) {
		rng_seeded(rng, data_mix64(fs->seed ^
				data_mix64(0x66696c6573ULL + copy * 2u +
					   (unsigned)order)));
		return;
	}
	at = &fs->src->at;
	if (order == FILETEST_SEQUENTIAL)
		rng_numbers(rng, fs->src, at->seq_list, at->ran_list - at->seq_list);
	else
		rng_numbers(rng, fs->src, at->ran_list, at->seed - at->ran_list);
}

struct filetest_state *filetest_state_new(const struct config *cfg,
					  const struct rng_source *src, uint64_t seed,
					  int workdir_fd, const char *workdir,
					  unsigned copy, unsigned copies)
{
	struct filetest_state *fs = calloc(1, sizeof(*fs));
	size_t chunk = cfg->files.chunk_bytes;
	int n;

	if (!fs)
		return NULL;
	fs->cfg = cfg;
	fs->src = src;
	fs->seed = seed;
	fs->copy = copy;
	fs->workdir_fd = workdir_fd;
	fs->count = cfg->files.count_k * 1024;
	fs->dirs = cfg->files.dirs;
	fs->top_fd = -1;
	fs->dir_sync = cfg->mode.sync_writes;
	n = copies > 1 ? snprintf(fs->path, sizeof(fs->path), "%s/files.%u", workdir, copy)
		       : snprintf(fs->path, sizeof(fs->path), "%s/files", workdir);
	if (n < 0 || (size_t)n + 1 + FILETEST_NAME_MAX >= sizeof(fs->path)) {
		free(fs);
		errno = ENAMETOOLONG;
		return NULL;
	}
	fs->leaf = strrchr(fs->path, '/') + 1;
	fs->list = malloc(fs->count * sizeof(*fs->list));
	fs->buf = malloc(chunk);
	if (fs->dirs > 1)
		fs->dir_fds = malloc(fs->dirs * sizeof(*fs->dir_fds));
	if (!fs->list || !fs->buf || (fs->dirs > 1 && !fs->dir_fds)) {
		filetest_state_free(fs);
		errno = ENOMEM;
		return NULL;
	}
	for (uint64_t d = 0; fs->dir_fds && d < fs->dirs; d++)
		fs->dir_fds[d] = -1;
	fs->peer_list = fs->list;
	if (cfg->mode.zeros) {
		memset(fs->buf, 0, chunk);
	} else {
		struct rng data;

		rng_seeded(&data, data_mix64(seed ^ 0x62756666ULL ^ copy));
		for (size_t i = 0; i + 8 <= chunk; i += 8) {
			uint64_t v = rng_next(&data);
			memcpy(fs->buf + i, &v, 8);
		}
	}
	return fs;
}

int filetest_dir_fd(const struct filetest_state *fs, const char *name,
		    const char **leaf)
{
	uint64_t d = 0;

	*leaf = filetest_leaf(name, fs->dirs);
	if (fs->dirs <= 1)
		return fs->top_fd;
	for (int k = 0; k < FILETEST_DIR_CHARS - 1; k++)
		d = d * 10 + (uint64_t)(name[k] - '0');
	return d < fs->dirs ? fs->dir_fds[d] : -1;
}

uint32_t filetest_type(const struct filetest_state *fs,
		       const struct filetest_entry *e)
{
	return fs->cfg->files.max_bytes == FILES_SYMLINKS && e->ino != fs->file0.ino
	       ? S_IFLNK : S_IFREG;
}

bool filetest_is_ours(const struct filetest_state *fs,
		      const struct filetest_entry *e,
		      const struct platform_stamp *st, bool followed)
{
	uint32_t type = filetest_type(fs, e);

	if (followed && type == S_IFLNK) {
		e = &fs->file0;
		type = S_IFREG;
	}
	return st->dev == fs->file_dev && st->ino == e->ino && st->type == type &&
	       (!fs->has_btime || (st->has_btime && st->btime_ns == e->btime_ns));
}

void filetest_made(struct filetest_state *fs, struct filetest_entry *e,
		   const struct platform_stamp *st, int fd)
{
	if (e == &fs->list[0]) {
		/* File 0 comes first: what it has, every file has. */
		fs->file_dev = st->dev;
		fs->has_btime = st->has_btime;
		fs->has_gen = fd >= 0 && platform_generation(fd, &e->gen) == 0;
	} else if (fs->has_gen && fd >= 0 && platform_generation(fd, &e->gen) != 0) {
		fs->has_gen = false;
	}
	e->ino = st->ino;
	e->btime_ns = st->btime_ns;
	if (e == &fs->list[0])
		fs->file0 = *e;
}

int filetest_check(const struct filetest_state *fs,
		   const struct filetest_entry *e, int dfd, const char *leaf)
{
	struct platform_stamp st, again;
	uint32_t gen = 0;

	if (platform_stamp_at(dfd, leaf, false, &st) != 0)
		return errno == ENOENT ? FILETEST_NONE : -1;
	bool reused = st.dev == fs->file_dev && st.ino == e->ino;
	if (!filetest_is_ours(fs, e, &st, false))
		return reused ? FILETEST_REUSED : FILETEST_OTHER;
	if (!fs->has_gen || st.type != S_IFREG)
		return FILETEST_OURS;
	/* Read-only, never through a symlink, never waiting on a FIFO. */
	int fd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
			O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? FILETEST_NONE : errno == ELOOP ? FILETEST_OTHER : -1;
	bool same = platform_stamp_at(fd, "", false, &again) == 0 &&
		    filetest_is_ours(fs, e, &again, false) &&
		    platform_generation(fd, &gen) == 0 && gen == e->gen;
	close(fd);
	return same ? FILETEST_OURS : reused ? FILETEST_REUSED : FILETEST_OTHER;
}

/* PATH, or PATH/SUB, into OUT; errno is kept. */
static void name_path(char *out, size_t len, const char *path, const char *sub)
{
	int saved = errno;

	if (sub)
		snprintf(out, len, "%s/%s", path, sub);
	else
		snprintf(out, len, "%s", path);
	errno = saved;
}

static int fail_with(char *failed, size_t len, const char *path,
		     const char *sub, const char **op, const char *what)
{
	name_path(failed, len, path, sub);
	*op = what;
	return -1;
}

int filetest_make_dir(int dfd, const char *name, struct stat *st)
{
	if (mkdirat(dfd, name, 0700) != 0)
		return -1;
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, st) != 0) {
		int saved = errno;
		if (fd >= 0)
			close(fd);
		unlinkat(dfd, name, AT_REMOVEDIR);
		errno = saved;
		return -1;
	}
	return fd;
}

static void close_dirs(struct filetest_state *fs)
{
	for (uint64_t d = 0; fs->dir_fds && d < fs->dirs; d++) {
		if (fs->dir_fds[d] >= 0)
			close(fs->dir_fds[d]);
		fs->dir_fds[d] = -1;
	}
	if (fs->top_fd >= 0)
		close(fs->top_fd);
	fs->top_fd = -1;
}

/* The shared directory's create: the peer's list drawn again beside this
 * copy's (the directories are filetest_state_enter's). */
static int share_prepare(struct filetest_state *fs, enum filetest_order order,
			 char *failed, size_t len, const char **op)
{
	struct rng peer;

	if (fs->peer_list != fs->list) {
		list_stream(fs, order, fs->peer, &peer);
		if (filetest_build_list(fs->peer_list, fs->count, fs->peer * fs->count,
					&fs->cfg->files, order, &peer) != 0)
			return fail_with(failed, len, fs->path, NULL, op,
					 "build the name list");
	}
	return 0;
}

int filetest_state_prepare(struct filetest_state *fs, enum filetest_order order,
			   char *failed, size_t len, const char **op)
{
	char dname[FILETEST_DIR_CHARS + 2];
	struct stat st;

	list_stream(fs, order, fs->shared ? fs->index : fs->copy, &fs->rng);
	fs->created = 0;
	if (filetest_build_list(fs->list, fs->count, fs->index * fs->count,
				&fs->cfg->files, order, &fs->rng) != 0)
		return fail_with(failed, len, fs->path, NULL, op, "build the name list");
	if (fs->shared)
		return share_prepare(fs, order, failed, len, op);
	fs->top_fd = filetest_make_dir(fs->workdir_fd, fs->leaf, &st);
	if (fs->top_fd < 0)
		return fail_with(failed, len, fs->path, NULL, op, "mkdir");
	if (cleanup_add(fs->workdir_fd, fs->path, fs->top_fd, true) != 0) {
		int saved = errno;
		close_dirs(fs);
		unlinkat(fs->workdir_fd, fs->leaf, AT_REMOVEDIR);
		errno = saved;
		return fail_with(failed, len, fs->path, NULL, op, "record for clean-up");
	}
	fs->top_made = true;
	for (uint64_t d = 0; fs->dirs > 1 && d < fs->dirs; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		fs->dir_fds[d] = filetest_make_dir(fs->top_fd, dname, &st);
		if (fs->dir_fds[d] < 0)
			return fail_with(failed, len, fs->path, dname, op, "mkdir");
		fs->dirs_made = d + 1;
	}
	return 0;
}


void filetest_state_removed(struct filetest_state *fs)
{
	if (fs->shared) /* the shared directory stays to the job's end */
		return;
	close_dirs(fs);
	fs->top_made = false;
	fs->dirs_made = 0;
	fs->created = 0;
}

int filetest_remove_dir(struct filetest_state *fs, uint64_t d)
{
	char dname[FILETEST_DIR_CHARS + 2];
	struct stat mine, there;
	int fd = fs->dir_fds[d];

	filetest_dir_name(d, dname, sizeof(dname));
	if (fstatat(fs->top_fd, dname, &there, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	if (fd < 0 || fstat(fd, &mine) != 0 || mine.st_dev != there.st_dev ||
	    mine.st_ino != there.st_ino) {
		errno = 0;
		return -1;
	}
	if (unlinkat(fs->top_fd, dname, AT_REMOVEDIR) != 0 && errno != ENOENT)
		return -1;
	close(fd);
	fs->dir_fds[d] = -1;
	return 0;
}

/*
 * Remove entry I if it is still what clyde made: 0, or -1 with errno (0:
 * the name holds something else; *GONE then says whether clyde's own
 * file is known to be gone, its inode number taken by the new one).
 */
static int remove_entry(struct filetest_state *fs, uint64_t i, bool *gone)
{
	const struct filetest_entry *e = &fs->list[i];
	const char *leaf;
	int dfd = filetest_dir_fd(fs, e->name, &leaf);

	*gone = false;
	if (dfd < 0)
		return 0;
	switch (filetest_check(fs, e, dfd, leaf)) {
	case FILETEST_OURS:
		break;
	case FILETEST_NONE:
		return 0;
	case FILETEST_REUSED:
		*gone = true;
		/* fall through */
	case FILETEST_OTHER:
		errno = 0;
		return -1;
	default:
		return -1;
	}
	if (unlinkat(dfd, leaf, 0) != 0 && errno != ENOENT)
		return -1;
	return 0;
}

/*
 * One path that would not go: counted (unless it is a name whose own file
 * is known to be gone: said, not counted), and the first one named in
 * FAILED.
 */
static void left(int *rc, int *err, char *failed, size_t len, const char *path,
		 const char *sub, bool dir, bool gone)
{
	char shown[PATH_MAX];
	int e = errno;

	name_path(shown, sizeof(shown), path, sub);
	if (e)
		cleanup_left(shown, dir ? "rmdir" : "unlink", e);
	else if (gone)
		cleanup_replaced(shown, CLEANUP_REPLACED);
	else
		cleanup_left(shown, dir ? CLEANUP_DIR_REPLACED : CLEANUP_REPLACED, 0);
	if (*rc == 0) {
		*err = e;
		name_path(failed, len, path, sub);
	}
	*rc = -1;
}

int filetest_state_cleanup(struct filetest_state *fs, char *failed, size_t len)
{
	char dname[FILETEST_DIR_CHARS + 2];
	int rc = 0, err = 0;

	if (!fs)
		return 0;
	if (!fs->top_made || fs->top_fd < 0) {
		/* Never made, or made but never opened: the registry has it. */
		close_dirs(fs);
		return 0;
	}
	/* Only list[0..created) were made by clyde; nothing else is unlinked. */
	for (uint64_t i = 0; i < fs->created; i++) {
		bool gone;

		if (remove_entry(fs, i, &gone) != 0)
			left(&rc, &err, failed, len, fs->path, fs->list[i].name, false,
			     gone);
	}
	if (fs->shared) { /* the directories are the job's, removed at its end */
		fs->created = 0;
		errno = err;
		return rc;
	}
	for (uint64_t d = 0; d < fs->dirs_made; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		if (filetest_remove_dir(fs, d) != 0)
			left(&rc, &err, failed, len, fs->path, dname, true, false);
	}
	/* Until the directory went, its descriptors stay open: a second
	 * clean-up tries again through them, and cleanup_all counts it. */
	if (rc != 0 || cleanup_remove(fs->path) != 0) {
		if (rc == 0) {
			err = errno;
			name_path(failed, len, fs->path, NULL);
		}
		errno = err;
		return -1;
	}
	filetest_state_removed(fs);
	errno = err;
	return rc;
}

void filetest_state_free(struct filetest_state *fs)
{
	if (!fs)
		return;
	close_dirs(fs);
	free(fs->dir_fds);
	if (fs->peer_list != fs->list)
		free(fs->peer_list);
	free(fs->list);
	free(fs->buf);
	free(fs);
}
