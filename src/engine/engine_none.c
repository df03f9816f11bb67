/* SPDX-License-Identifier: MIT */
/*
 * engine_none.c - the rows of the Linux-only engines where they are not
 * built (the Makefile picks this file instead of engine_uring.c and
 * engine_aio.c): both report themselves unavailable, so asking for one
 * says why and auto runs the threads engine.
 */
#include <errno.h>

#include "engine_internal.h"

static int uring_probe(char *why, size_t len)
{
	return engine_why(why, len, "io_uring", ENOSYS, "Linux only");
}

static int aio_probe(char *why, size_t len)
{
	return engine_why(why, len, "aio", ENOSYS, "Linux only");
}

/*
 * Never run: engine.c runs only an engine its probe accepted. Were it run,
 * its worker would still have to pass the gate.
 */
static void unavailable(struct engine_worker *w)
{
	engine_fail(w, "engine", ENOSYS, -1, 0, 0);
	engine_start(w);
}

const struct engine_ops engine_uring_ops = {
	.kind = ENGINE_IO_URING,
	.label = "io_uring",
	.probe = uring_probe,
	.setup_op = "io_uring_setup",
	.run = unavailable,
};

const struct engine_ops engine_aio_ops = {
	.kind = ENGINE_AIO,
	.label = "Linux AIO",
	.probe = aio_probe,
	.setup_op = "io_setup",
	.run = unavailable,
};
