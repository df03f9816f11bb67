/* SPDX-License-Identifier: MIT */
/*
 * iofile_share.c - the test file when it is not a copy's own: its region
 * of the one shared file (--shared-file: where each byte lies, making the
 * file on the job's copy 0, opening it elsewhere against the identity it
 * was made with), and another rank's file opened to read (--reorder).
 */
#include "iofile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "iofile_internal.h"
#include "platform/platform.h"

uint64_t iofile_offset(const struct iofile *tf, uint32_t piece, uint64_t off)
{
	const struct iofile_region *r = &tf->region;
	uint64_t at = (uint64_t)piece * tf->piece_bytes + off;

	if (r->count == 0)
		return off;
	if (r->stripe_bytes == 0) /* segmented: region after region */
		return (uint64_t)r->index * tf->size_bytes + at;
	/* strided: stripe k of every region, then stripe k + 1 of every one */
	return (at / r->stripe_bytes) * r->stripe_bytes * r->count +
	       (uint64_t)r->index * r->stripe_bytes + at % r->stripe_bytes;
}

/* The identity of the file open on FD, stamped as *ST: what a rank
 * compares the shared file with. */
static struct iofile_made made_of(int fd, const struct platform_stamp *st)
{
	struct iofile_made m = {
		.id = { .dev = st->dev, .ino = st->ino, .type = st->type },
		.has_btime = st->has_btime,
		.btime_ns = st->btime_ns,
	};

	m.has_gen = platform_generation(fd, &m.gen) == 0;
	return m;
}

int iofile_share_make(struct iofile *tf, const struct io_mode *mode)
{
	char path[PATH_MAX];
	struct platform_stamp st;

	/* The path the registry knows it by (iofile_path's, for a region;
	 * workdir_create left room for it). */
	if (snprintf(path, sizeof(path), "%s/%s", tf->dir, IOFILE_SHARED) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (cleanup_owns(path) && cleanup_remove(path) != 0)
		return -1;
	*tf->region.made = (struct iofile_made){ 0 };
	int fd = io_openat(tf->dir_fd, IOFILE_SHARED, IO_CREATE, mode);
	if (fd < 0)
		return -1;
	if (platform_stamp_at(fd, "", false, &st) != 0 ||
	    cleanup_add(tf->dir_fd, path, fd, false) != 0) {
		int saved = errno;

		close(fd);
		unlinkat(tf->dir_fd, IOFILE_SHARED, 0);
		errno = saved;
		return -1;
	}
	*tf->region.made = made_of(fd, &st);
	return close(fd);
}

/*
 * Whether *ST, and FD's generation once it is open (-1 before), is the
 * shared file as made: its type, inode, birth time and generation, and on
 * the maker's host its device. Another host numbers devices its own way
 * and may not see a birth time or a generation (NFS): there what it does
 * not see is not compared.
 */
static bool is_shared(const struct iofile *tf, const struct platform_stamp *st,
		      int fd)
{
	const struct iofile_made *m = tf->region.made;
	bool here = !tf->region.ino_only;
	uint32_t gen = 0;

	if (st->type != m->id.type || st->ino != m->id.ino ||
	    (here && st->dev != m->id.dev))
		return false;
	if (m->has_btime && (here || st->has_btime) &&
	    !(st->has_btime && st->btime_ns == m->btime_ns))
		return false;
	if (fd < 0 || !m->has_gen)
		return true;
	if (platform_generation(fd, &gen) != 0)
		return !here;
	return gen == m->gen;
}

/* Whether AFTER, stamped on the open descriptor, is the file BEFORE named:
 * nothing took the name between the stamp and the open. */
static bool same_file(const struct platform_stamp *before,
		      const struct platform_stamp *after)
{
	return before->type == after->type && before->dev == after->dev &&
	       before->ino == after->ino && before->has_btime == after->has_btime &&
	       before->btime_ns == after->btime_ns;
}

int iofile_open_other(const struct iofile *tf, const char *name,
		      enum io_access access, const struct io_mode *mode)
{
	struct platform_stamp before, after;
	bool shared = tf->region.count > 0;

	if (shared && tf->region.made->id.type == 0) {
		errno = ENOENT;
		return -1;
	}
	if (platform_stamp_at(tf->dir_fd, name, false, &before) != 0)
		return -1;
	if (shared ? !is_shared(tf, &before, -1) : before.type != S_IFREG) {
		errno = 0;
		return -1;
	}
	int fd = io_openat(tf->dir_fd, name, access, mode);
	if (fd < 0)
		return -1;
	int saved = platform_stamp_at(fd, "", false, &after) != 0 ? errno
		    : !same_file(&before, &after) ? 0
		    : shared && !is_shared(tf, &after, fd) ? 0 : -1;
	if (saved >= 0) {
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}
