/* SPDX-License-Identifier: MIT */
/*
 * memfs.h - whether a test directory's filesystem lives in RAM, so that
 * its figures are memory's, not a disk's: from the provenance already
 * read (the filesystem's type, the disks at the bottom of its stack).
 * memfs.c.
 */
#ifndef MEMFS_H
#define MEMFS_H

#include <stdbool.h>
#include <stddef.h>

#include "provenance.h"

/*
 * True when P's filesystem is tmpfs, ramfs or rootfs, or the disks at
 * the bottom of its device stack are all zram or brd RAM disks; WHY then
 * gets what says so ("tmpfs", "zram0"), cut to LEN. False (WHY
 * untouched) otherwise, also for an unread provenance. The rule is the
 * verdicts' own (core/limit.h's limit_memory_fs), so that the warning
 * before a run and the "memory" verdict after it always agree.
 */
bool memfs_is_memory(const struct provenance *p, char *why, size_t len);

#endif
