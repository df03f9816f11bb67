/* SPDX-License-Identifier: MIT */
/*
 * ranks_share.c - what the ranks of a clyde-mpi job share, settled at the
 * first agreement (ranks_internal.h): the settings every rank must be
 * given alike, the job's seed, the job's directory (made by rank 0 in -d,
 * found by the others in theirs, which must be the same directory on a
 * shared filesystem) for --shared-file and --shared-dir, and the rank
 * whose file block input reads under --reorder; at the end, the job's
 * directory removed.
 */
#include "ranks_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit_status.h"
#include "io/data.h"
#include "io/workdir.h"
#include "run/filetest.h"
#include "settings.h"
#include "sys/out.h"

/* What every rank tells the others of itself for --reorder. */
struct card {
	char host[64];
	char dir[160];    /* its own directory's name in -d */
	uint64_t dev, ino;
};

/* What rank 0 tells the others of the job's directory. */
struct job_note {
	int32_t errnum;   /* 0: made */
	char host[64];
	char name[160];
	uint64_t dev, ino;
};

int ranks_same_settings(struct ranks *rk, const struct config *cfg,
			const struct run_target *target, char *err, size_t len)
{
	size_t n = settings_count(), ranks = (size_t)rk->me.size;
	uint64_t *v = calloc(2 * n, sizeof(*v));
	uint64_t *all = NULL;
	bool same = true;
	int rc = -1;

	if (!v)
		return -1;
	settings_values(cfg, target, v);
	for (size_t i = 0; i < n; i++)
		v[n + i] = ~v[i]; /* the least of ~x is ~(the most of x) */
	if (coord_allreduce_u64(v, 2 * n, COORD_MIN) != 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		same &= v[i] == ~v[n + i];
	rc = 0;
	if (same)
		goto out;
	/* Which ranks hold what: rank 0 gathers every rank's values. */
	settings_values(cfg, target, v);
	all = rk->me.rank == 0 ? calloc(ranks * n, sizeof(*all)) : NULL;
	if (coord_gather(v, all, n * sizeof(*v)) != 0) {
		rc = -1;
		goto out;
	}
	rc = EXIT_USAGE;
	if (all) {
		char why[768];

		settings_explain(all, ranks, why, sizeof(why));
		snprintf(err, len, "the ranks were given different settings, which "
			 "would mix different tests: %s; give every rank the same",
			 why);
	} else if (rk->me.rank == 0) {
		snprintf(err, len, "the ranks were given different settings; give "
			 "every rank the same");
	}
out:
	free(v);
	free(all);
	return rc;
}

/* Open NAME in DFD, a directory only (no symlink followed), that must be
 * the one ID names (devices compare only on the same host). */
static int open_checked(int dfd, const char *name, uint64_t dev, uint64_t ino,
			bool same_host)
{
	struct stat st;
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || (uint64_t)st.st_ino != ino ||
	    (same_host && (uint64_t)st.st_dev != dev)) {
		int saved = errno;

		close(fd);
		errno = saved ? saved : ESTALE;
		return -1;
	}
	return fd;
}

/* Rank 0 makes the job's directory in -d; its name, identity, or errno. */
static void make_job_dir(struct ranks *rk, struct run_target *t,
			 struct job_note *note)
{
	char tag[sizeof(rk->tag) + 8];
	struct stat st;
	int fd = -1;

	snprintf(tag, sizeof(tag), "%s.job", rk->tag);
	snprintf(note->host, sizeof(note->host), "%s", rk->host);
	if (workdir_make_fresh(t->parent_fd, tag, note->name, sizeof(note->name)) != 0 ||
	    (fd = openat(t->parent_fd, note->name, O_RDONLY | O_DIRECTORY |
			 O_NOFOLLOW | O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		note->errnum = errno ? errno : EIO;
		if (fd >= 0)
			close(fd);
		if (note->name[0])
			unlinkat(t->parent_fd, note->name, AT_REMOVEDIR);
		return;
	}
	note->dev = (uint64_t)st.st_dev;
	note->ino = (uint64_t)st.st_ino;
	t->share.job_fd = fd;
}

/*
 * The job's directory: made by rank 0, found by the others in their -d.
 * 0, a status with ERR on this rank, or -1 when the communication broke.
 */
static int job_dir(struct ranks *rk, const struct config *cfg,
		   struct run_target *t, char *err, size_t len)
{
	struct run_share *sh = &t->share;
	struct job_note note;

	memset(&note, 0, sizeof(note));
	sh->job_fd = -1;
	if (rk->me.rank == 0)
		make_job_dir(rk, t, &note);
	if (coord_bcast(&note, sizeof(note), 0) != 0)
		return -1;
	if (note.errnum && rk->me.rank == 0) {
		snprintf(err, len, "%s: cannot make the job's directory for "
			 "--shared-file or --shared-dir: %s", cfg->dir,
			 strerror(note.errnum));
		return EXIT_SETUP;
	}
	if (note.errnum) /* rank 0 says why */
		return 0;
	sh->job_host = strcmp(note.host, rk->host) == 0;
	snprintf(sh->job_dir, sizeof(sh->job_dir), "%s/%s", cfg->dir, note.name);
	snprintf(rk->job_name, sizeof(rk->job_name), "%s", note.name);
	if (rk->me.rank == 0)
		return 0;
	sh->job_fd = open_checked(t->parent_fd, note.name, note.dev, note.ino,
				  sh->job_host);
	if (sh->job_fd >= 0)
		return 0;
	snprintf(err, len, "%s: cannot open rank 0's job directory: %s; "
		 "--shared-file and --shared-dir need every rank's -d to be the "
		 "same directory, on a filesystem they share", sh->job_dir,
		 strerror(errno));
	return EXIT_SETUP;
}

/* --reorder's shift: as given, drawn from the seed, or the least that
 * takes every rank to another host (1 when all share one). */
static uint32_t reorder_shift(const struct config *cfg, const struct card *all,
			      uint32_t n, uint64_t seed)
{
	if (cfg->job.reorder_shift)
		return cfg->job.reorder_shift % n;
	if (cfg->job.reorder_random)
		return 1 + (uint32_t)(data_mix64(seed ^ 0x72656f72646572ULL) % (n - 1));
	for (uint32_t s = 1; s < n; s++) {
		bool apart = true;

		for (uint32_t r = 0; r < n && apart; r++)
			apart = strcmp(all[r].host, all[(r + s) % n].host) != 0;
		if (apart)
			return s;
	}
	return 1;
}

/* Rank 0's word when readers share a host with what they read: its page
 * cache may still serve block input (not under -D). */
static void reorder_note(struct ranks *rk, const struct config *cfg,
			 const struct card *all, uint32_t n, uint32_t shift)
{
	uint32_t near = 0;

	for (uint32_t r = 0; r < n; r++)
		near += strcmp(all[r].host, all[(r + shift) % n].host) == 0;
	if (near == 0 || cfg->mode.direct || rk->me.rank != 0)
		return;
	if (near == n)
		snprintf(rk->note, sizeof(rk->note), "--reorder: every rank reads "
			 "a file written on its own host, whose page cache it "
			 "shares, so block input may still come from memory (-D "
			 "reads the disk)");
	else
		snprintf(rk->note, sizeof(rk->note), "--reorder: %u of %u ranks "
			 "read a file written on their own host, whose page cache "
			 "may still serve it (-D reads the disk)", near, n);
}

/*
 * --reorder: the rank block input reads, and with files of their own its
 * directory. 0, a status with ERR on this rank, or -1 when the
 * communication broke.
 */
static int reorder(struct ranks *rk, const struct config *cfg,
		   struct run_target *t, char *err, size_t len)
{
	struct run_share *sh = &t->share;
	uint32_t n = (uint32_t)rk->me.size, shift;
	struct card mine, *all = calloc(n, sizeof(*all));
	const char *slash = strrchr(t->workdir, '/');
	struct stat st;
	int rc = 0;

	memset(&mine, 0, sizeof(mine));
	snprintf(mine.host, sizeof(mine.host), "%s", rk->host);
	snprintf(mine.dir, sizeof(mine.dir), "%.*s", (int)sizeof(mine.dir) - 1,
		 slash ? slash + 1 : t->workdir);
	if (fstat(t->dir_fd, &st) == 0) {
		mine.dev = (uint64_t)st.st_dev;
		mine.ino = (uint64_t)st.st_ino;
	}
	if (!all || coord_allgather(&mine, all, sizeof(mine)) != 0) {
		free(all);
		return -1;
	}
	shift = reorder_shift(cfg, all, n, sh->seed);
	if (shift == 0) {
		if (rk->me.rank == 0)
			snprintf(err, len, "--reorder=%u: with %u ranks, every rank "
				 "would read its own file; give a shift that is not "
				 "a multiple of %u", cfg->job.reorder_shift, n, n);
		free(all);
		return rk->me.rank == 0 ? EXIT_USAGE : 0;
	}
	sh->read_rank = (sh->rank + shift) % n;
	sh->read_first_copy = ranks_copy0_of(sh->read_rank);
	reorder_note(rk, cfg, all, n, shift);
	if (cfg->job.layout == SHARE_OWN) {
		const struct card *from = &all[sh->read_rank];

		snprintf(sh->read_dir, sizeof(sh->read_dir), "%s/%s", cfg->dir,
			 from->dir);
		sh->read_fd = open_checked(t->parent_fd, from->dir, from->dev,
					   from->ino, strcmp(from->host, rk->host) == 0);
		if (sh->read_fd < 0) {
			snprintf(err, len, "%.512s: cannot open rank %u's directory "
				 "to read its file: %s; --reorder needs every rank's "
				 "-d to be the same directory, on a filesystem they "
				 "share", sh->read_dir, sh->read_rank, strerror(errno));
			rc = EXIT_SETUP;
		}
	}
	free(all);
	return rc;
}

uint64_t ranks_copy0_of(uint32_t rank)
{
	return (uint64_t)rank * MAX_CONCURRENCY;
}

int ranks_share_begin(struct ranks *rk, const struct config *cfg,
		      struct run_target *t, char *err, size_t len)
{
	struct run_share *sh = &t->share;
	int status = 0, part;

	sh->rank = (uint32_t)rk->me.rank;
	sh->ranks = (uint32_t)rk->me.size;
	sh->read_rank = sh->rank;
	if (coord_bcast(&sh->seed, sizeof(sh->seed), 0) != 0)
		return -1;
	rk->tree_dirs = cfg->job.shared_dir ? cfg->files.dirs : 0;
	if (cfg->job.layout != SHARE_OWN || cfg->job.shared_dir) {
		if ((part = job_dir(rk, cfg, t, err, len)) < 0)
			return -1;
		status = part;
	}
	if (cfg->job.reorder) {
		char why[1024] = "";

		if ((part = reorder(rk, cfg, t, why, sizeof(why))) < 0)
			return -1;
		if (status == 0 && part != 0)
			snprintf(err, len, "%s", why);
		status = status ? status : part;
	}
	return status;
}

void ranks_share_end(struct ranks *rk, int *status)
{
	struct run_share *sh = rk->target ? &rk->target->share : NULL;
	struct stat mine, there;

	if (!sh || !rk->me.mpi)
		return;
	if (rk->me.rank == 0 && rk->job_name[0] && sh->job_fd >= 0 &&
	    fstat(sh->job_fd, &mine) == 0) {
		int parent = rk->target->parent_fd;
		const char *failed = NULL;
		char path[PATH_MAX];

		/* --shared-dir's directories first: every rank's files are gone. */
		if (rk->tree_dirs &&
		    filetest_tree_remove(sh->job_fd, sh->job_dir, rk->tree_dirs,
					 path, sizeof(path)) != 0) {
			out_say("%s: rmdir: %s (paths clyde made are left)", path,
				strerror(errno));
			if (*status == 0)
				*status = EXIT_IO;
		}
		if (fstatat(parent, rk->job_name, &there, AT_SYMLINK_NOFOLLOW) != 0)
			failed = errno == ENOENT ? NULL : strerror(errno);
		else if (there.st_dev != mine.st_dev || there.st_ino != mine.st_ino)
			failed = "no longer the directory clyde made; left alone";
		else if (unlinkat(parent, rk->job_name, AT_REMOVEDIR) != 0 &&
			 errno != ENOENT)
			failed = strerror(errno);
		if (failed) {
			out_say("%s: rmdir: %s (1 path clyde made is left)",
				sh->job_dir, failed);
			if (*status == 0)
				*status = EXIT_IO;
		}
	}
	if (sh->job_fd >= 0 && sh->job_fd != rk->target->dir_fd)
		close(sh->job_fd);
	if (sh->read_fd >= 0)
		close(sh->read_fd);
	sh->job_fd = sh->read_fd = -1;
	rk->job_name[0] = '\0';
}
