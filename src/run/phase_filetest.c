/* SPDX-License-Identifier: MIT */
/*
 * phase_filetest.c - the six file tests of -n, in bonnie++ 2.00a's way:
 * create, stat+read and delete, first in sequential then in random order,
 * each on the copy's own directory (or in the one every copy shares,
 * --shared-dir, where with --reorder the stats read another copy's
 * files); sync() inside create and delete, and with -b an fsync of each
 * file and of its directory.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/cleanup.h"
#include "filetest.h"
#include "io/io.h"
#include "phase.h"
#include "lib/timer.h"

/* Fail naming the copy's directory or NAME inside it. */
static int fail_at(struct phase_ctx *ctx, const char *name, const char *op,
		   int err)
{
	char path[PATH_MAX + FILETEST_NAME_MAX + 8];

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
	if (ctx->meter)
		meter_add(ctx->meter, ctx->copy, 0, t1 - t0);
	ctx->ops++;
	atomic_store_explicit(&ctx->progress, ctx->ops, memory_order_relaxed);
	return t1;
}

/*
 * -b: make the directory entry durable. A filesystem that cannot fsync a
 * directory turns it off for this copy, as bonnie++ does.
 */
static int sync_dir(struct phase_ctx *ctx, int dfd, const char *name)
{
	struct filetest_state *fs = ctx->files;

	if (!fs->dir_sync || fsync(dfd) == 0)
		return 0;
	if (errno == EINVAL) {
		fs->dir_sync = false;
		return 0;
	}
	return fail_at(ctx, name, "fsync directory", errno);
}

/* Write SIZE bytes of the buffer to FD in file-chunk pieces. */
static int write_file(struct filetest_state *fs, int fd, uint64_t size)
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

/* Hard or symbolic link I (I > 0) to file 0, in DFD as LEAF; its inode. */
static int link_one(struct phase_ctx *ctx, struct filetest_entry *e,
		    int dfd, const char *leaf)
{
	struct filetest_state *fs = ctx->files;
	const char *leaf0;
	int dfd0 = filetest_dir_fd(fs, fs->list[0].name, &leaf0);
	bool hard = fs->cfg->files.max_bytes == FILES_HARD_LINKS;
	char target[FILETEST_NAME_MAX + 4];
	struct platform_stamp st;

	if (hard) {
		if (linkat(dfd0, leaf0, dfd, leaf, 0) != 0)
			return fail_at(ctx, e->name, "link", errno);
		return 0;
	}
	filetest_symlink_target(fs->list[0].name, fs->dirs, target, sizeof(target));
	if (symlinkat(target, dfd, leaf) != 0)
		return fail_at(ctx, e->name, "symlink", errno);
	if (platform_stamp_at(dfd, leaf, false, &st) != 0)
		return fail_at(ctx, e->name, "stat", errno);
	filetest_made(fs, e, &st, -1);
	return 0;
}

/* Make entry I: a file with its data, or a hard or symbolic link to file 0. */
static int create_one(struct phase_ctx *ctx, uint64_t i)
{
	struct filetest_state *fs = ctx->files;
	struct filetest_entry *e = &fs->list[i];
	const char *leaf;
	int dfd = filetest_dir_fd(fs, e->name, &leaf);
	struct platform_stamp st;

	if (fs->cfg->files.max_bytes < 0 && i > 0) {
		/* A hard link is file 0's inode, born with it. */
		char name[FILETEST_NAME_MAX];

		memcpy(name, e->name, sizeof(name));
		*e = fs->file0;
		memcpy(e->name, name, sizeof(name));
		if (link_one(ctx, e, dfd, leaf) != 0)
			return -1;
		fs->created = i + 1;
		return sync_dir(ctx, dfd, e->name);
	}

	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	if (fs->cfg->mode.sync_writes)
		flags |= O_SYNC;
	int fd = openat(dfd, leaf, flags, 0600);
	if (fd < 0)
		return fail_at(ctx, e->name, "create", errno);
	if (platform_stamp_at(fd, "", false, &st) != 0) {
		int err = errno;
		unlinkat(dfd, leaf, 0);
		close(fd);
		return fail_at(ctx, e->name, "stat", err);
	}
	filetest_made(fs, e, &st, fd);
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
	return sync_dir(ctx, dfd, e->name);
}

static int create_prepare(struct phase_ctx *ctx, enum filetest_order order)
{
	struct filetest_state *fs = ctx->files;
	char failed[PATH_MAX];
	const char *op = "";

	if (filetest_state_prepare(fs, order, failed, sizeof(failed), &op) != 0 ||
	    (fs->maker && filetest_state_enter(fs, failed, sizeof(failed), &op) != 0))
		return phase_fail(ctx, failed, op, errno);
	return 0;
}

int phase_seq_create_prepare(struct phase_ctx *ctx)
{
	return create_prepare(ctx, FILETEST_SEQUENTIAL);
}

int phase_ran_create_prepare(struct phase_ctx *ctx)
{
	return create_prepare(ctx, FILETEST_RANDOM);
}

/* Both creates: every entry in index order, then sync(), all timed (a
 * shared directory's opening, once, with them). */
int phase_create_run(struct phase_ctx *ctx)
{
	struct filetest_state *fs = ctx->files;
	char failed[PATH_MAX];
	const char *op = "";

	uint64_t t0 = timer_now_ns();
	if (filetest_state_enter(fs, failed, sizeof(failed), &op) != 0)
		return phase_fail(ctx, failed, op, errno);

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

/*
 * stat entry E, LEAF in DFD (following symlinks, as bonnie++), check that
 * it is the file clyde made, and read all of it if it has data.
 */
static int stat_read(struct phase_ctx *ctx, const struct filetest_entry *e,
		     int dfd, const char *leaf)
{
	struct filetest_state *fs = ctx->files;
	size_t chunk = fs->cfg->files.chunk_bytes;
	const char *shown = e->name;
	struct platform_stamp st;
	uint64_t total = 0;
	ssize_t got;

	if (platform_stamp_at(dfd, leaf, true, &st) != 0)
		return fail_at(ctx, shown, "stat", errno);
	if (!filetest_stat_ok(fs, e, &st))
		return fail_at(ctx, shown, "stat: " CLEANUP_REPLACED, 0);
	if (st.size == 0)
		return 0;
	int fd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fail_at(ctx, shown, "open", errno);
	/* Ask for exactly what is left, so a small file costs one read(2),
	 * not a second one that finds the end. */
	do {
		uint64_t left = st.size - total;
		size_t want = left < chunk ? (size_t)left : chunk;

		got = io_read_full(fd, fs->buf, want, -1);
		if (got > 0)
			total += (uint64_t)got;
	} while (got > 0 && total < st.size);
	int err = errno;
	close(fd);
	if (got < 0)
		return fail_at(ctx, shown, "read", err);
	if (total != st.size)
		return fail_at(ctx, shown, "read: fewer bytes than stat reported", 0);
	ctx->bytes += total;
	return 0;
}

/*
 * Whether the directory entry DE (in DFD) is entry E as clyde made it:
 * readdir's inode number and type say so for free (filetest_check asked
 * the birth time and generation before the step); where a filesystem's
 * d_ino is not st_ino (overlayfs), or it gives no type, a stat decides.
 */
static bool entry_ours(const struct filetest_state *fs,
		       const struct filetest_entry *e, int dfd,
		       const struct dirent *de)
{
	struct platform_stamp st;

	if ((uint64_t)de->d_ino == e->ino && de->d_type == IFTODT(filetest_type(fs, e)))
		return true;
	return platform_stamp_at(dfd, de->d_name, false, &st) == 0 &&
	       filetest_is_ours(fs, e, &st, false);
}

/*
 * The sequential stat and delete: readdir each directory in order and stat
 * and read, or unlink, every entry. Every name must be one clyde created
 * (so nothing else is ever removed) and there must be exactly N of them.
 * In a shared directory the entries of the copy whose files the test is
 * on count, those of the other copies pass by (the walk still reads them:
 * what a shared directory costs), and only a name past every copy's range
 * is a stranger.
 */
static int walk_dirs(struct phase_ctx *ctx, bool remove)
{
	struct filetest_state *fs = ctx->files;
	const struct filetest_entry *list = remove ? fs->list : filetest_stat_list(fs);
	uint64_t base = (remove ? fs->index : fs->peer) * fs->count;
	uint64_t found = 0, t_prev = timer_now_ns();

	for (uint64_t d = 0; d < fs->dirs; d++) {
		char dname[FILETEST_DIR_CHARS + 2] = ".";
		char stranger[FILETEST_NAME_MAX + 8];

		if (fs->dirs > 1)
			filetest_dir_name(d, dname, sizeof(dname));
		/* A new description of the directory clyde holds open: its
		 * own read position, and no path to follow. */
		int fd = openat(fs->dirs > 1 ? fs->dir_fds[d] : fs->top_fd, ".",
				O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
			int64_t i = filetest_seq_index(de->d_name);
			int rc;
			if (fs->shared && i >= 0 && (uint64_t)i < fs->total &&
			    ((uint64_t)i < base || (uint64_t)i - base >= fs->count))
				continue; /* another copy's */
			i -= fs->shared && i >= 0 ? (int64_t)base : 0;
			if (i < 0 || (uint64_t)i >= fs->count ||
			    filetest_dir_of((uint64_t)i, fs->count, fs->dirs) != d ||
			    strcmp(filetest_leaf(list[i].name, fs->dirs), de->d_name) != 0) {
				snprintf(stranger, sizeof(stranger), "%s%s%.*s",
					 fs->dirs > 1 ? dname : "", fs->dirs > 1 ? "/" : "",
					 FILETEST_NAME_MAX, de->d_name);
				rc = fail_at(ctx, stranger, "not a file clyde created; left alone", 0);
			} else {
				/* Entry i's name (with its "DDDDD/" when there are
				 * several directories) is what an error shows: no
				 * formatting for each file. */
				const char *shown = list[i].name;

				if (phase_interrupted(ctx))
					rc = -1;
				else if (list == fs->list &&
					 !entry_ours(fs, &list[i], dirfd(dp), de))
					rc = fail_at(ctx, shown, CLEANUP_REPLACED, 0);
				else if (remove)
					rc = unlinkat(dirfd(dp), de->d_name, 0) != 0
						     ? fail_at(ctx, shown, "unlink", errno)
						     : sync_dir(ctx, dirfd(dp), shown);
				else
					rc = stat_read(ctx, &list[i], dirfd(dp),
						       de->d_name);
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

/* After the deletes: the sub-directories and the copy's directory go too
 * (a shared directory stays for the job's next create). */
static int remove_dirs(struct phase_ctx *ctx)
{
	struct filetest_state *fs = ctx->files;
	char dname[FILETEST_DIR_CHARS + 2];

	if (fs->shared) {
		fs->created = 0;
		return 0;
	}
	for (uint64_t d = fs->dirs_made; d > 0; d--) {
		filetest_dir_name(d - 1, dname, sizeof(dname));
		if (filetest_remove_dir(fs, d - 1) != 0)
			return fail_at(ctx, dname, errno ? "rmdir" : "rmdir: " CLEANUP_DIR_REPLACED,
				       errno);
		fs->dirs_made = d - 1;
	}
	if (cleanup_remove(fs->path) != 0)
		return fail_at(ctx, NULL, errno ? "rmdir" : "rmdir: " CLEANUP_DIR_REPLACED,
			       errno);
	filetest_state_removed(fs);
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

/*
 * Before a stat or delete step, untimed, once the copies are ready: every
 * name clyde made must still hold its file, by the whole check (birth
 * time, generation) that the timed loops leave out. A name that holds
 * nothing is left for the step to find, as it would be without the check.
 */
int phase_files_check(struct phase_ctx *ctx)
{
	struct filetest_state *fs = ctx->files;

	for (uint64_t i = 0; i < fs->created; i++) {
		const struct filetest_entry *e = &fs->list[i];
		const char *leaf;
		int dfd = filetest_dir_fd(fs, e->name, &leaf);
		int found = dfd < 0 ? FILETEST_NONE : filetest_check(fs, e, dfd, leaf);

		if (i % 4096 == 0 && phase_interrupted(ctx))
			return -1;
		if (found < 0)
			return fail_at(ctx, e->name, "stat", errno);
		if (found == FILETEST_OTHER || found == FILETEST_REUSED)
			return fail_at(ctx, e->name, CLEANUP_REPLACED, 0);
	}
	return 0;
}


/* Random order: shuffle LIST before the timed part. */
static int shuffle(struct phase_ctx *ctx, struct filetest_entry *list)
{
	struct filetest_state *fs = ctx->files;

	if (filetest_shuffle(list, fs->count, &fs->rng) != 0) {
		phase_interrupted(ctx);
		return -1;
	}
	return 0;
}

int phase_shuffle_prepare(struct phase_ctx *ctx)
{
	return shuffle(ctx, ctx->files->list);
}

int phase_stat_shuffle_prepare(struct phase_ctx *ctx)
{
	return shuffle(ctx, filetest_stat_list(ctx->files));
}

int phase_ran_stat_run(struct phase_ctx *ctx)
{
	struct filetest_state *fs = ctx->files;
	const struct filetest_entry *list = filetest_stat_list(fs);

	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < fs->count; i++) {
		const struct filetest_entry *e = &list[i];
		const char *leaf;
		int dfd = filetest_dir_fd(fs, e->name, &leaf);

		if (phase_interrupted(ctx))
			return -1;
		if (stat_read(ctx, e, dfd, leaf) != 0)
			return -1;
		t0 = file_done(ctx, t0);
	}
	return 0;
}

int phase_ran_delete_run(struct phase_ctx *ctx)
{
	struct filetest_state *fs = ctx->files;

	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < fs->count; i++) {
		const struct filetest_entry *e = &fs->list[i];
		const char *leaf;
		int dfd = filetest_dir_fd(fs, e->name, &leaf);
		struct platform_stamp st;

		if (phase_interrupted(ctx))
			return -1;
		if (platform_stamp_at(dfd, leaf, false, &st) != 0)
			return fail_at(ctx, e->name, "stat", errno);
		if (!filetest_is_ours(fs, e, &st, false))
			return fail_at(ctx, e->name, CLEANUP_REPLACED, 0);
		if (unlinkat(dfd, leaf, 0) != 0)
			return fail_at(ctx, e->name, "unlink", errno);
		if (sync_dir(ctx, dfd, e->name) != 0)
			return -1;
		t0 = file_done(ctx, t0);
	}
	if (remove_dirs(ctx) != 0)
		return -1;
	sync();
	return 0;
}
