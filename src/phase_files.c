/* SPDX-License-Identifier: MIT */
/*
 * phase_files.c - the six file tests of -n, in bonnie++ 2.00a's way:
 * create, stat+read and delete, first in sequential then in random order,
 * each on the copy's own directory; sync() inside create and delete, and
 * with -b an fsync of each file and of its directory.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "io.h"
#include "phase.h"
#include "timer.h"

/* Fail naming the copy's directory or NAME inside it. */
static int fail_at(struct phase_ctx *ctx, const char *name, const char *op,
		   int err)
{
	char path[PATH_MAX + FILES_NAME_MAX + 8];

	if (snprintf(path, sizeof(path), "%s%s%s", ctx->files->path,
		     name ? "/" : "", name ? name : "") < 0)
		path[0] = '\0';
	return phase_fail(ctx, path, op, err);
}

/*
 * One file done: its latency since T0 (when the previous one was done, so
 * one clock read serves both), the counts, the progress. Returns the time
 * it was done.
 */
static uint64_t file_done(struct phase_ctx *ctx, uint64_t t0)
{
	uint64_t t1 = timer_now_ns();

	stats_add(&ctx->lat, t1 - t0);
	ctx->ops++;
	atomic_store_explicit(&ctx->progress, ctx->ops, memory_order_relaxed);
	return t1;
}

/* Descriptor of the directory that holds NAME (for -b's fsyncs). */
static int dir_fd_of(const struct files_state *fs, const char *name)
{
	uint64_t d = 0;

	if (fs->dirs <= 1 || !fs->dir_fds)
		return fs->top_fd;
	for (int k = 0; k < FILES_DIR_CHARS - 1; k++)
		d = d * 10 + (uint64_t)(name[k] - '0');
	return fs->dir_fds[d];
}

/*
 * -b: make the directory entry durable. A filesystem that cannot fsync a
 * directory turns it off for this copy, as bonnie++ does.
 */
static int sync_dir(struct phase_ctx *ctx, int dfd, const char *name)
{
	struct files_state *fs = ctx->files;

	if (!fs->dir_sync || fsync(dfd) == 0)
		return 0;
	if (errno == EINVAL) {
		fs->dir_sync = false;
		return 0;
	}
	return fail_at(ctx, name, "fsync directory", errno);
}

/* Write SIZE bytes of the buffer to FD in file-chunk pieces. */
static int write_file(struct files_state *fs, int fd, uint64_t size)
{
	size_t chunk = fs->cfg->files.chunk_bytes;

	while (size > 0) {
		size_t n = size < chunk ? (size_t)size : chunk;

		if (io_write_full(fd, fs->buf, n, -1) != 0)
			return -1;
		size -= n;
	}
	return 0;
}

/* Make entry I: a file with its data, or a hard or symbolic link to file 0. */
static int create_one(struct phase_ctx *ctx, uint64_t i)
{
	struct files_state *fs = ctx->files;
	const struct files_entry *e = &fs->list[i];
	int64_t max = fs->cfg->files.max_bytes;

	if (max < 0 && i > 0) {
		char target[FILES_NAME_MAX + 4];
		int rc;

		if (max == FILES_HARD_LINKS) {
			rc = linkat(fs->top_fd, fs->list[0].name, fs->top_fd, e->name, 0);
		} else {
			files_symlink_target(fs->list[0].name, fs->dirs, target,
					     sizeof(target));
			rc = symlinkat(target, fs->top_fd, e->name);
		}
		if (rc != 0)
			return fail_at(ctx, e->name, max == FILES_HARD_LINKS ? "link"
						     : "symlink", errno);
		fs->created = i + 1;
		return sync_dir(ctx, dir_fd_of(fs, e->name), e->name);
	}

	int flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC;
	if (fs->cfg->mode.sync_writes)
		flags |= O_SYNC;
	int fd = openat(fs->top_fd, e->name, flags, 0600);
	if (fd < 0)
		return fail_at(ctx, e->name, "create", errno);
	fs->created = i + 1;
	if (write_file(fs, fd, e->size_bytes) != 0) {
		int err = errno;
		close(fd);
		return fail_at(ctx, e->name, "write", err);
	}
	if (fs->cfg->mode.sync_writes && fsync(fd) != 0) {
		int err = errno;
		close(fd);
		return fail_at(ctx, e->name, "fsync", err);
	}
	if (close(fd) != 0)
		return fail_at(ctx, e->name, "close", errno);
	ctx->bytes += e->size_bytes;
	return sync_dir(ctx, dir_fd_of(fs, e->name), e->name);
}

static int create_prepare(struct phase_ctx *ctx, enum files_order order)
{
	char failed[PATH_MAX];
	const char *op = "";

	if (files_state_prepare(ctx->files, order, failed, sizeof(failed), &op) != 0)
		return phase_fail(ctx, failed, op, errno);
	return 0;
}

int phase_seq_create_prepare(struct phase_ctx *ctx)
{
	return create_prepare(ctx, FILES_SEQUENTIAL);
}

int phase_ran_create_prepare(struct phase_ctx *ctx)
{
	return create_prepare(ctx, FILES_RANDOM);
}

/* Both creates: every entry in index order, then sync(), all timed. */
int phase_create_run(struct phase_ctx *ctx)
{
	struct files_state *fs = ctx->files;

	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < fs->count; i++) {
		if (phase_interrupted(ctx))
			return -1;
		if (create_one(ctx, i) != 0)
			return -1;
		t0 = file_done(ctx, t0);
	}
	sync();
	return 0;
}

/* stat NAME in DFD (following symlinks) and read all of it if it has data. */
static int stat_read(struct phase_ctx *ctx, int dfd, const char *name,
		     const char *shown)
{
	struct files_state *fs = ctx->files;
	size_t chunk = fs->cfg->files.chunk_bytes;
	struct stat st;
	uint64_t total = 0;
	ssize_t got;

	if (fstatat(dfd, name, &st, 0) != 0)
		return fail_at(ctx, shown, "stat", errno);
	if (st.st_size == 0)
		return 0;
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail_at(ctx, shown, "open", errno);
	/* Ask for exactly what is left, so a small file costs one read(2),
	 * not a second one that finds the end. */
	do {
		uint64_t left = (uint64_t)st.st_size - total;
		size_t want = left < chunk ? (size_t)left : chunk;

		got = io_read_full(fd, fs->buf, want, -1);
		if (got > 0)
			total += (uint64_t)got;
	} while (got > 0 && total < (uint64_t)st.st_size);
	int err = errno;
	close(fd);
	if (got < 0)
		return fail_at(ctx, shown, "read", err);
	if (total != (uint64_t)st.st_size)
		return fail_at(ctx, shown, "read: fewer bytes than stat reported", 0);
	ctx->bytes += total;
	return 0;
}

/*
 * The sequential stat and delete: readdir each directory in order and stat
 * and read, or unlink, every entry. Every name must be one clyde created
 * (so nothing else is ever removed) and there must be exactly N of them.
 */
static int walk_dirs(struct phase_ctx *ctx, bool remove)
{
	struct files_state *fs = ctx->files;
	uint64_t found = 0, t_prev = timer_now_ns();

	for (uint64_t d = 0; d < fs->dirs; d++) {
		char dname[FILES_DIR_CHARS + 2] = ".";
		char stranger[FILES_NAME_MAX + 8];

		if (fs->dirs > 1)
			files_dir_name(d, dname, sizeof(dname));
		int fd = openat(fs->top_fd, dname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *dp = fd < 0 ? NULL : fdopendir(fd);
		if (!dp) {
			int err = errno;
			if (fd >= 0)
				close(fd);
			return fail_at(ctx, fs->dirs > 1 ? dname : NULL, "open directory", err);
		}
		for (;;) {
			errno = 0;
			struct dirent *de = readdir(dp);
			if (!de) {
				int err = errno;
				closedir(dp);
				if (err)
					return fail_at(ctx, fs->dirs > 1 ? dname : NULL,
						       "readdir", err);
				break;
			}
			if (de->d_name[0] == '.')
				continue;
			int64_t i = files_seq_index(de->d_name);
			int rc;
			if (i < 0 || (uint64_t)i >= fs->count ||
			    files_dir_of((uint64_t)i, fs->count, fs->dirs) != d ||
			    strcmp(files_leaf(fs->list[i].name, fs->dirs), de->d_name) != 0) {
				snprintf(stranger, sizeof(stranger), "%s%s%.*s",
					 fs->dirs > 1 ? dname : "", fs->dirs > 1 ? "/" : "",
					 FILES_NAME_MAX, de->d_name);
				rc = fail_at(ctx, stranger, "not a file clyde created; left alone", 0);
			} else {
				/* Entry i's name (with its "DDDDD/" when there are
				 * several directories) is what an error shows: no
				 * formatting for each file. */
				const char *shown = fs->list[i].name;

				if (phase_interrupted(ctx))
					rc = -1;
				else if (remove)
					rc = unlinkat(dirfd(dp), de->d_name, 0) != 0
						     ? fail_at(ctx, shown, "unlink", errno)
						     : sync_dir(ctx, dirfd(dp), shown);
				else
					rc = stat_read(ctx, dirfd(dp), de->d_name, shown);
			}
			if (rc != 0) {
				closedir(dp);
				return -1;
			}
			found++;
			t_prev = file_done(ctx, t_prev);
		}
	}
	if (found != fs->count) {
		char what[96];

		snprintf(what, sizeof(what), "expected %" PRIu64 " files, found %" PRIu64,
			 fs->count, found);
		return fail_at(ctx, NULL, what, 0);
	}
	return 0;
}

/* After the deletes: the sub-directories and the copy's directory go too. */
static int remove_dirs(struct phase_ctx *ctx)
{
	struct files_state *fs = ctx->files;
	char dname[FILES_DIR_CHARS + 2];

	for (uint64_t d = fs->dirs_made; d > 0; d--) {
		files_dir_name(d - 1, dname, sizeof(dname));
		if (unlinkat(fs->top_fd, dname, AT_REMOVEDIR) != 0)
			return fail_at(ctx, dname, "rmdir", errno);
		fs->dirs_made = d - 1;
	}
	if (rmdir(fs->path) != 0)
		return fail_at(ctx, NULL, "rmdir", errno);
	files_state_removed(fs);
	return 0;
}

int phase_seq_stat_run(struct phase_ctx *ctx)
{
	return walk_dirs(ctx, false);
}

int phase_seq_delete_run(struct phase_ctx *ctx)
{
	if (walk_dirs(ctx, true) != 0 || remove_dirs(ctx) != 0)
		return -1;
	sync();
	return 0;
}

/* Random order: shuffle the list before the timed part. */
int phase_shuffle_prepare(struct phase_ctx *ctx)
{
	struct files_state *fs = ctx->files;

	files_shuffle(fs->list, fs->count, &fs->rng);
	return 0;
}

int phase_ran_stat_run(struct phase_ctx *ctx)
{
	struct files_state *fs = ctx->files;

	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < fs->count; i++) {
		if (phase_interrupted(ctx))
			return -1;
		if (stat_read(ctx, fs->top_fd, fs->list[i].name, fs->list[i].name) != 0)
			return -1;
		t0 = file_done(ctx, t0);
	}
	return 0;
}

int phase_ran_delete_run(struct phase_ctx *ctx)
{
	struct files_state *fs = ctx->files;

	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < fs->count; i++) {
		const char *name = fs->list[i].name;

		if (phase_interrupted(ctx))
			return -1;
		if (unlinkat(fs->top_fd, name, 0) != 0)
			return fail_at(ctx, name, "unlink", errno);
		if (sync_dir(ctx, dir_fd_of(fs, name), name) != 0)
			return -1;
		t0 = file_done(ctx, t0);
	}
	if (remove_dirs(ctx) != 0)
		return -1;
	sync();
	return 0;
}
