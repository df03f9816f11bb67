/* SPDX-License-Identifier: MIT */
/*
 * memfs.h - whether a filesystem keeps its data in memory (tmpfs, ramfs,
 * or a block stack that ends in zram or brd's ram disks), told from a
 * provenance record alone, so that a live run and a run read back from
 * its JSON get the same answer.
 */
#ifndef MEMFS_H
#define MEMFS_H

#include <stdbool.h>
#include <stddef.h>

#include "provenance.h"

/*
 * True when P's filesystem stores its data in RAM: its type is one that
 * lives in the page cache (tmpfs, ramfs, devtmpfs), or every block device
 * at the bottom of its stack is a RAM disk (zram, brd's ramN). WHY gets
 * what said so, for a message: "tmpfs", "ext4 on zram0" ("" when false).
 * False when P says too little (no type, no stack): unknown is not memory.
 * Pure; WHY may be NULL.
 */
bool memfs_is_memory(const struct provenance *p, char *why, size_t len);

#endif
