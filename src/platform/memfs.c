/* SPDX-License-Identifier: MIT */
/*
 * memfs.c - memfs_is_memory() (memfs.h): the verdicts' rule for a
 * filesystem in RAM, for those who must say so before a run.
 */
#include "memfs.h"

#include "core/limit.h"

bool memfs_is_memory(const struct provenance *p, char *why, size_t len)
{
	return limit_memory_fs(p, why, len);
}
