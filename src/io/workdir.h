/* SPDX-License-Identifier: MIT */
/*
 * workdir.h - clyde's own directory inside -d: made with a name no other
 * run can take, held open by a descriptor that every later path operation
 * goes through, recorded for cleanup, probed for what O_DIRECT needs.
 */
#ifndef WORKDIR_H
#define WORKDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Make clyde's directory inside PARENT: PARENT/clyde.PID.XXXXXX, or
 * PARENT/clyde.TAG.PID.XXXXXX when TAG is not NULL (an MPI rank's host and
 * number, so that every rank's directory on a shared filesystem says whose
 * it is) (mode 0700, a fresh name made with mkdirat, never one that
 * existed), recorded
 * for cleanup with its device and inode. The path goes to OUT (LEN bytes,
 * with room left for every name clyde makes inside); *PARENT_FD holds
 * PARENT open and *DIR_FD the new directory (opened without following a
 * symlink), both for the rest of the run. -1 with errno; the descriptors
 * are then -1 or still to be closed by the caller.
 */
int workdir_create(const char *parent, const char *tag, char *out, size_t len,
		   int *parent_fd, int *dir_fd);

/*
 * mkdirat a fresh name "clyde.[TAG.]PID.XXXXXX" in PARENT_FD (mode 0700,
 * never a name that existed), the name into NAME (LEN bytes). Recorded
 * nowhere: workdir_create records its own, and clyde-mpi's job directory
 * is removed by rank 0 at the end. 0, or -1 with errno.
 */
int workdir_make_fresh(int parent_fd, const char *tag, char *name, size_t len);

/*
 * Probe clyde's directory (DIR_FD, shown as WORKDIR) with a scratch file:
 * *align receives the direct-I/O alignment the filesystem needs; with
 * DIRECT the file is also opened with O_DIRECT. Returns 0, or -1 with
 * errno and *failed_op naming the step ("create", "open with O_DIRECT").
 * The scratch file is removed.
 */
int workdir_probe(int dir_fd, const char *workdir, bool direct, uint32_t *align,
		  const char **failed_op);

#endif
