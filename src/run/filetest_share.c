/* SPDX-License-Identifier: MIT */
/*
 * filetest_share.c - the file tests of --shared-dir (filetest.h): every
 * copy of every rank in one directory, "files" in the job's directory,
 * and its sub-directories, made once by the job's copy 0 and opened by
 * the others; each copy's names in a range of its own; under --reorder
 * the stat tests on another copy's files; the directories removed at the
 * job's end.
 */
#include "filetest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "filetest_internal.h"

#define SHARED_NAME "files"

int filetest_state_share(struct filetest_state *fs, const struct filetest_share *sh)
{
	int n = snprintf(fs->path, sizeof(fs->path), "%s/" SHARED_NAME, sh->job_dir);

	if (n < 0 || (size_t)n + 1 + FILETEST_NAME_MAX >= sizeof(fs->path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fs->leaf = strrchr(fs->path, '/') + 1;
	fs->workdir_fd = sh->job_fd;
	fs->shared = true;
	fs->maker = sh->maker;
	fs->index = sh->index;
	fs->total = sh->copies * fs->count;
	fs->peer = sh->peer;
	if (sh->peer != sh->index &&
	    !(fs->peer_list = malloc(fs->count * sizeof(*fs->peer_list)))) {
		fs->peer_list = fs->list;
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

struct filetest_entry *filetest_stat_list(const struct filetest_state *fs)
{
	return fs->peer_list;
}

bool filetest_stat_ok(const struct filetest_state *fs,
		      const struct filetest_entry *e,
		      const struct platform_stamp *st)
{
	if (fs->peer_list == fs->list)
		return filetest_is_ours(fs, e, st, true);
	return st->type == S_IFREG && st->size == e->size_bytes;
}

/*
 * Directory NAME in DFD: the maker makes it unless an earlier run of the
 * job did, the others open what it made; never through a symlink. The
 * descriptor, or -1 with errno. Recorded nowhere: the job's end removes
 * it (filetest_tree_remove), once every copy's files are gone.
 */
static int shared_dir(const struct filetest_state *fs, int dfd, const char *name)
{
	struct stat st;
	int fd = fs->maker ? filetest_make_dir(dfd, name, &st) : -1;

	if (fd < 0 && (!fs->maker || errno == EEXIST))
		fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return fd;
}

int filetest_state_enter(struct filetest_state *fs, char *failed, size_t len,
			 const char **op)
{
	char dname[FILETEST_DIR_CHARS + 2];

	if (!fs->shared || fs->top_fd >= 0)
		return 0;
	*op = fs->maker ? "mkdir" : "open the shared directory";
	snprintf(failed, len, "%s", fs->path);
	fs->top_fd = shared_dir(fs, fs->workdir_fd, fs->leaf);
	if (fs->top_fd < 0)
		return -1;
	fs->top_made = true;
	for (uint64_t d = 0; fs->dirs > 1 && d < fs->dirs; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		fs->dir_fds[d] = shared_dir(fs, fs->top_fd, dname);
		if (fs->dir_fds[d] < 0) {
			int saved = errno;

			snprintf(failed, len, "%s/%s", fs->path, dname);
			errno = saved;
			return -1;
		}
	}
	return 0;
}

int filetest_tree_remove(int job_fd, const char *job_dir, uint64_t dirs,
			 char *failed, size_t len)
{
	char dname[FILETEST_DIR_CHARS + 2];
	int fd = openat(job_fd, SHARED_NAME, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			O_CLOEXEC);
	int rc = 0;

	if (fd < 0 && errno == ENOENT)
		return 0;
	for (uint64_t d = 0; fd >= 0 && dirs > 1 && d < dirs && rc == 0; d++) {
		filetest_dir_name(d, dname, sizeof(dname));
		if (unlinkat(fd, dname, AT_REMOVEDIR) != 0 && errno != ENOENT) {
			int saved = errno;

			snprintf(failed, len, "%s/" SHARED_NAME "/%s", job_dir, dname);
			errno = saved;
			rc = -1;
		}
	}
	if (fd >= 0)
		close(fd);
	if (rc == 0 && (fd < 0 || (unlinkat(job_fd, SHARED_NAME, AT_REMOVEDIR) != 0 &&
				   errno != ENOENT))) {
		int saved = errno;

		snprintf(failed, len, "%s/" SHARED_NAME, job_dir);
		errno = saved;
		rc = -1;
	}
	return rc;
}
