/* SPDX-License-Identifier: MIT */
/*
 * engine_none.c - the portable fallback for the Linux-only engines (the
 * Makefile picks this file instead of engine_uring.c and engine_aio.c):
 * where there is no io_uring or Linux AIO, both report themselves
 * unavailable and auto runs the threads engine.
 */
#include <errno.h>

#include "engine_internal.h"

int engine_uring_probe(char *why, size_t len)
{
	return engine_why(why, len, "io_uring", ENOSYS, "Linux only");
}

int engine_aio_probe(char *why, size_t len)
{
	return engine_why(why, len, "aio", ENOSYS, "Linux only");
}

/* Never chosen (the probes fail), but a worker must still pass the gate. */
static void unavailable(struct engine_worker *w, const char *op)
{
	engine_fail(w, op, ENOSYS, -1, 0, 0);
	engine_start(w);
}

void engine_uring_run(struct engine_worker *w)
{
	unavailable(w, "io_uring_setup");
}

void engine_aio_run(struct engine_worker *w)
{
	unavailable(w, "io_setup");
}
