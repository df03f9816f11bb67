/* SPDX-License-Identifier: MIT */
/*
 * workdir.h - clyde's own directory inside -d: made with a name no other
 * run can take, recorded for cleanup, probed for what O_DIRECT needs.
 */
#ifndef WORKDIR_H
#define WORKDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Make clyde's directory inside PARENT: PARENT/clyde.PID.XXXXXX (mkdtemp,
 * mode 0700), or PARENT/clyde.TAG.PID.XXXXXX when TAG is not NULL (an MPI
 * rank's host and number, so that every rank's directory on a shared
 * filesystem says whose it is), recorded for cleanup. The path goes to
 * OUT. -1 with errno.
 */
int workdir_create(const char *parent, const char *tag, char *out, size_t len);

/*
 * Probe WORKDIR with a scratch file: *align receives the direct-I/O
 * alignment the filesystem needs; with DIRECT the file is also opened with
 * O_DIRECT. Returns 0, or -1 with errno and *failed_op naming the step
 * ("create", "open with O_DIRECT"). The scratch file is removed.
 */
int workdir_probe(const char *workdir, bool direct, uint32_t *align,
		  const char **failed_op);

#endif
