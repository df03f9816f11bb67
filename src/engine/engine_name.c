/* SPDX-License-Identifier: MIT */
/*
 * engine_name.c - the engines' names by enum engine_kind (engine_name.h):
 * data only, so that whoever reads or writes a name links no engine.
 */
#include "engine_name.h"

#include <errno.h>
#include <string.h>

static const char *const engine_names[] = {
	[ENGINE_AUTO] = "auto",
	[ENGINE_IO_URING] = "io_uring",
	[ENGINE_AIO] = "aio",
	[ENGINE_THREADS] = "threads",
};

#define ENGINE_NAMES (sizeof(engine_names) / sizeof(engine_names[0]))

const char *engine_name(enum engine_kind kind)
{
	if ((unsigned)kind >= ENGINE_NAMES)
		return "unknown";
	return engine_names[kind];
}

int engine_from_name(const char *name, enum engine_kind *out)
{
	for (unsigned i = 0; i < ENGINE_NAMES; i++) {
		if (strcmp(name, engine_names[i]) == 0) {
			*out = (enum engine_kind)i;
			return 0;
		}
	}
	errno = EINVAL;
	return -1;
}
