/* SPDX-License-Identifier: MIT */
/*
 * iofile_internal.h - what iofile.c takes from iofile_share.c: opening a
 * file this copy did not make itself (the shared file, another rank's).
 */
#ifndef IOFILE_INTERNAL_H
#define IOFILE_INTERNAL_H

#include "iofile.h"

/*
 * Open NAME, TF's file (its piece's name), a region of the shared file or
 * a foreign file, for ACCESS with MODE: the shared file only when it is the file its maker
 * made (by *tf->region.made), a foreign file only when it is a regular file
 * that stays the same across the open. The fd, or -1 with errno (0: the
 * name holds something else; ENOENT: the shared file is not made yet).
 */
int iofile_open_other(const struct iofile *tf, const char *name,
		      enum io_access access, const struct io_mode *mode);

#endif
