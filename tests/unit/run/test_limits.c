/* SPDX-License-Identifier: MIT */
/*
 * test_limits.c - the thread check before any I/O: how many threads a
 * configuration starts at once, and each limit of the machine (ulimit -u,
 * the kernel's, ulimit -v, memory) refusing it with its own reason.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/config_rules.h"
#include "exit_status.h"
#include "run/setup.h"

static struct config base(void)
{
	struct config cfg;

	config_defaults(&cfg, 1024, 1);
	cfg.io.size_mib = 64;
	return cfg;
}

/* A machine that allows everything. */
static struct setup_machine roomy(void)
{
	return (struct setup_machine){ .ram_bytes = 1ULL << 40,
				       .stack_bytes = 8 * MIB };
}

int main(void)
{
	struct config cfg = base();
	struct setup_machine m = roomy();
	char err[512];

	CHECK_U64("one copy, 5 seekers: 7 threads", setup_threads_needed(&cfg), 7);
	cfg.concurrency = 200;
	cfg.random_io = true;
	cfg.random_depths[0] = 1024;
	cfg.n_random_depths = 1;
	CHECK_U64("-c 200 --random-depths 1024: 205001 threads",
		  setup_threads_needed(&cfg), 205001);
	cfg.random_threads = 2; /* the threads engine: one per I/O in flight */
	CHECK_U64("--random-threads 2 doubles them", setup_threads_needed(&cfg), 409801);
	cfg.random_threads = 1;
	cfg.io.size_mib = 0;
	cfg.random_io = false;
	CHECK_U64("file tests only: a thread per copy", setup_threads_needed(&cfg), 201);

	cfg = base();
	CHECK("a small run passes", setup_thread_limit(&cfg, &m, err, sizeof(err)) == 0);
	cfg.concurrency = 200;
	cfg.random_io = true;
	cfg.random_depths[0] = 1024;
	cfg.n_random_depths = 1;

	m.nproc = 4096;
	CHECK("ulimit -u refuses", setup_thread_limit(&cfg, &m, err, sizeof(err)) == EXIT_SETUP);
	CHECK_STR("ulimit -u message", err,
		  "-c 200 copies x 1024 random-I/O threads need 205001 threads at "
		  "once, but the limit on processes and threads is 4096 (ulimit -u); "
		  "use a smaller -c, fewer seekers or smaller --random-depths or "
		  "--random-threads");
	m = roomy();
	m.threads_max = 32768;
	CHECK("the kernel's limit refuses",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == EXIT_SETUP &&
		      strstr(err, "but the kernel allows 32768 (/proc/sys/kernel/threads-max"));
	m = roomy();
	m.as_bytes = 64 * GIB;
	CHECK("ulimit -v refuses",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == EXIT_SETUP &&
		      strstr(err, "their stacks alone (1640008 MiB) pass the "
				  "address-space limit of 65536 MiB (ulimit -v)"));
	m = roomy();
	m.ram_bytes = 16 * GIB;
	CHECK("memory refuses",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == EXIT_SETUP &&
		      strstr(err, "more than half the RAM (16384 MiB)"));
	m.ram_bytes = 64 * GIB;
	CHECK("the same threads fit in more RAM",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == 0);
	/* Seekers with 1 MiB buffers: memory, not counts, binds. */
	cfg = base();
	cfg.concurrency = 200;
	cfg.io.seekers = 200;
	cfg.io.chunk_bytes = MIB;
	m = roomy();
	m.ram_bytes = 64 * GIB;
	CHECK("200 x 200 seekers with 1 MiB chunks need more than half of 64 GiB",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == EXIT_SETUP &&
		      strstr(err, "x 200 seekers need 40201 threads"));
	m.ram_bytes = 0;
	CHECK("unknown RAM: no memory check",
	      setup_thread_limit(&cfg, &m, err, sizeof(err)) == 0);
	return check_done();
}
