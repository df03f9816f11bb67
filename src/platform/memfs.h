/* SPDX-License-Identifier: MIT */
/*
 * memfs.h - whether a test directory's filesystem keeps its data in RAM,
 * so that its figures are memory's, not a disk's, told from a provenance
 * record alone: a live run and a run read back from its JSON get the same
 * answer. memfs.c.
 */
#ifndef MEMFS_H
#define MEMFS_H

#include <stdbool.h>
#include <stddef.h>

#include "provenance.h"

/*
 * True when P's filesystem stores its data in RAM (tmpfs, ramfs,
 * devtmpfs, or a block stack whose every bottom is a zram or brd RAM
 * disk); WHY gets what said so ("tmpfs", "ext4 on zram0"; "" when false;
 * WHY may be NULL). The rule is the verdicts' own (core/limit.h's
 * limit_memory_fs), so that the refusal before a run and the "memory"
 * verdict after it always agree. A loop device is not followed to its
 * backing file: ext4 on a loop file in /dev/shm is not caught.
 */
bool memfs_is_memory(const struct provenance *p, char *why, size_t len);

#endif
