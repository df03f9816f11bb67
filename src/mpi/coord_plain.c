/* SPDX-License-Identifier: MIT */
/*
 * coord_plain.c - coordination (coord.h) for a single process, the default
 * build's: rank 0 of 1, nothing to wait for, every result already complete.
 * clyde-mpi links mpi/coord_mpi.c ahead of the library instead.
 */
#include "coord.h"

#include <stdlib.h>
#include <string.h>

int coord_init(int *argc, char ***argv, struct coord_info *out)
{
	(void)argc;
	(void)argv;
	*out = (struct coord_info){ .rank = 0, .size = 1, .mpi = false };
	return 0;
}

void coord_finish(void)
{
}

_Noreturn void coord_abort(int status)
{
	exit(status);
}

int coord_agree(bool failed, int *first, void (*idle)(void *), void *arg)
{
	(void)idle;
	(void)arg;
	*first = failed ? 0 : -1;
	return 0;
}

int coord_allreduce_u64(uint64_t *v, size_t n, enum coord_op op)
{
	(void)v;
	(void)n;
	(void)op;
	return 0;
}

int coord_reduce_u64(uint64_t *v, size_t n, enum coord_op op)
{
	return coord_allreduce_u64(v, n, op);
}

int coord_reduce_u32(uint32_t *v, size_t n, enum coord_op op)
{
	(void)v;
	(void)n;
	(void)op;
	return 0;
}

int coord_gather(const void *mine, void *all, size_t len)
{
	if (all != mine)
		memmove(all, mine, len);
	return 0;
}

int coord_bcast(void *buf, size_t len, int root)
{
	(void)buf;
	(void)len;
	(void)root;
	return 0;
}

int coord_clock_offset(uint64_t (*now)(void), int64_t *offset_ns,
		       uint64_t *error_ns)
{
	(void)now;
	*offset_ns = 0;
	*error_ns = 0;
	return 0;
}

int coord_allgather(const void *mine, void *all, size_t len)
{
	return coord_gather(mine, all, len);
}

int coord_race_poll(struct coord_race *race, bool done, bool *any)
{
	(void)race;
	*any = done;
	return 0;
}

int coord_race_end(struct coord_race *race, void (*idle)(void *), void *arg)
{
	(void)race;
	(void)idle;
	(void)arg;
	return 0;
}
