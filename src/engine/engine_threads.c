/* SPDX-License-Identifier: MIT */
/*
 * engine_threads.c - the portable engine: one thread per in-flight I/O,
 * each doing blocking pread/pwrite one after another (clyde's random I/O
 * before the asynchronous engines). engine.c starts Q x T of these workers;
 * the Q of one job thread share its stream of blocks.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine_internal.h"
#include "lib/timer.h"

static void engine_threads_run(struct engine_worker *w)
{
	const struct engine_job *job = w->sh->job;
	struct engine_io io;
	void *mem = engine_buffers(w, &io, 1);

	if (!engine_start(w) || !mem) {
		io_free(mem);
		return;
	}
	uint64_t now_ns = timer_now_ns();
	while (!engine_poll(w) && engine_next(w, &io, now_ns)) {
		int fd = engine_fd(w, io.piece);
		ssize_t got;

		/* One call: a short count is reported, not completed. */
		do {
			got = job->writes
				? pwrite(fd, io.buf, job->block_bytes, (off_t)io.offset)
				: pread(fd, io.buf, job->block_bytes, (off_t)io.offset);
		} while (got < 0 && errno == EINTR);
		now_ns = timer_now_ns();
		engine_complete(w, &io, got < 0 ? -(long long)errno : (long long)got,
				now_ns);
	}
	io_free(mem);
}

const struct engine_ops engine_threads_ops = {
	.kind = ENGINE_THREADS,
	.label = "one thread per I/O",
	.per_io = true,
	.run = engine_threads_run,
};
