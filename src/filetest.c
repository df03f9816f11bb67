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

#include "cleanup.h"
#include "data.h"

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
	if (dirs > 1) {
		put_dir(p, filetest_dir_of(index, n, dirs));
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

void filetest_shuffle(struct filetest_entry *list, uint64_t n, struct rng *rng)
{
	for (uint64_t i = n; i > 1; i--) {
		uint64_t j = rng_below(rng, i);
		struct filetest_entry t = list[i - 1];

		list[i - 1] = list[j];
		list[j] = t;
	}
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

void filetest_build_list(struct filetest_entry *list, uint64_t n,
		      const struct file_params *fp, enum filetest_order order,
		      struct rng *rng)
{
	for (uint64_t i = 0; i < n; i++) {
		filetest_make_name(list[i].name, i, n, fp->dirs, order, rng);
		list[i].size_bytes = filetest_pick_size(fp, rng);
	}
}

/*
 * The draws of a create ORDER: from -Z, the order's stretch of numbers (its
 * list, and for the random order the two shuffles after it), the same for
 * every copy; from the seed, each copy and order a generator of its own.
 */
static void list_stream(struct filetest_state *fs, enum filetest_order order)
{
	const struct rng_layout *at;

	if (!fs->src || fs->src->count == 0) {
		rng_seeded(&fs->rng, data_mix64(fs->seed ^
				data_mix64(0x66696c6573ULL + fs->copy * 2u +
					   (unsigned)order)));
		return;
	}
	at = &fs->src->at;
	if (order == FILETEST_SEQUENTIAL)
		rng_numbers(&fs->rng, fs->src, at->seq_list, at->ran_list - at->seq_list);
	else
		rng_numbers(&fs->rng, fs->src, at->ran_list, at->seed - at->ran_list);
}

struct filetest_state *filetest_state_new(const struct config *cfg,
				    const struct rng_source *src, uint64_t seed,
				    const char *workdir, unsigned copy,
				    unsigned copies)
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
	fs->list = malloc(fs->count * sizeof(*fs->list));
	fs->buf = malloc(chunk);
	if (fs->dir_sync && fs->dirs > 1)
		fs->dir_fds = malloc(fs->dirs * sizeof(*fs->dir_fds));
	if (!fs->list || !fs->buf || (fs->dir_sync && fs->dirs > 1 && !fs->dir_fds)) {
		filetest_state_free(fs);
		errno = ENOMEM;
		return NULL;
	}
	for (uint64_t d = 0; fs->dir_fds && d < fs->dirs; d++)
		fs->dir_fds[d] = -1;
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

int filetest_state_prepare(struct filetest_state *fs, enum filetest_order order,
			char *failed, size_t len, const char **op)
{
	char dname[FILETEST_DIR_CHARS + 2];

	list_stream(fs, order);
	filetest_build_list(fs->list, fs->count, &fs->cfg->files, order, &fs->rng);
	fs->created = 0;
	if (mkdir(fs->path, 0700) != 0)
		return fail_with(failed, len, fs->path, NULL, op, "mkdir");
	fs->top_made = true;
	if (cleanup_add(fs->path, true) != 0)
		return fail_with(failed, len, fs->path, NULL, op, "record for clean-up");
	fs->top_fd = open(fs->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fs->top_fd < 0)
		return fail_with(failed, len, fs->path, NULL, op, "open directory");
	for (uint64_t d = 0; fs->dirs > 1 && d < fs->dirs; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		if (mkdirat(fs->top_fd, dname, 0700) != 0)
			return fail_with(failed, len, fs->path, dname, op, "mkdir");
		fs->dirs_made = d + 1;
		if (fs->dir_fds) {
			fs->dir_fds[d] = openat(fs->top_fd, dname,
						O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (fs->dir_fds[d] < 0)
				return fail_with(failed, len, fs->path, dname, op,
						 "open directory");
		}
	}
	return 0;
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

void filetest_state_removed(struct filetest_state *fs)
{
	close_dirs(fs);
	cleanup_forget(fs->path);
	fs->top_made = false;
	fs->dirs_made = 0;
	fs->created = 0;
}

int filetest_state_cleanup(struct filetest_state *fs, char *failed, size_t len)
{
	char dname[FILETEST_DIR_CHARS + 2];
	int rc = 0, err = 0;

	if (!fs)
		return 0;
	if (!fs->top_made) {
		close_dirs(fs);
		return 0;
	}
	if (fs->top_fd < 0) /* closed by an earlier clean-up that failed */
		fs->top_fd = open(fs->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	/* Only list[0..created) were made by clyde; nothing else is unlinked. */
	for (uint64_t i = 0; fs->top_fd >= 0 && i < fs->created; i++) {
		if (unlinkat(fs->top_fd, fs->list[i].name, 0) != 0 &&
		    errno != ENOENT && rc == 0) {
			err = errno;
			name_path(failed, len, fs->path, fs->list[i].name);
			rc = -1;
		}
	}
	for (uint64_t d = 0; fs->top_fd >= 0 && d < fs->dirs_made; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		if (unlinkat(fs->top_fd, dname, AT_REMOVEDIR) != 0 &&
		    errno != ENOENT && rc == 0) {
			err = errno;
			name_path(failed, len, fs->path, dname);
			rc = -1;
		}
	}
	close_dirs(fs);
	if (rmdir(fs->path) != 0 && errno != ENOENT) {
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
	free(fs->list);
	free(fs->buf);
	free(fs);
}
