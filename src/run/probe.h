/* SPDX-License-Identifier: MIT */
/*
 * probe.h - --probe: the foreground probe beside every test. While a test
 * runs, what an interactive program does: a read of one uncached 4 KiB
 * block of a small file of its own every 10 ms (O_DIRECT where the
 * filesystem takes it, else the block evicted with posix_fadvise before
 * each read), and with writes a 4 KiB write and its fsync every 100 ms (an
 * editor saving), each kind on its own thread, every wait recorded
 * (lib/waits.h). A probe late for its turn goes at once, never in a burst
 * to catch up. The driver (run.c) starts it with each test and stops it
 * when the test's copies end; its file is made, recorded for cleanup and
 * removed like the test file.
 */
#ifndef PROBE_H
#define PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "lib/waits.h"
#include "phase.h"

/* PREFIX of the probe's file in clyde's directory (iofile_init_named). */
#define PROBE_FILE_PREFIX "probe"

/*
 * TEXT as --probe's value into *kinds: "read", "write", "read+write" (or
 * "read,write"; either order), "off" (0). 0, or -1 with why in ERR.
 */
int probe_parse(const char *text, unsigned *kinds, char *err, size_t len);

/* KINDS as probe_parse reads it: "off", "read", "write", "read+write",
 * which are probe_names[kinds]. */
extern const char *const probe_names[4];
const char *probe_name(unsigned kinds);

/*
 * Several tests' waits together (clyde mark's runs of one test): the
 * driver adds each run's into the plan step's, probe_sum_result makes
 * them figures (without points over time).
 */
struct probe_sum {
	unsigned kinds;  /* the probes that ran: PROBE_READ, PROBE_WRITE */
	bool direct;
	struct waits read, write;
};

void probe_sum_init(struct probe_sum *s);
void probe_sum_result(const struct probe_sum *s, struct probe_result *out);

struct probe;

/*
 * The probe CFG asks for into *out (NULL when cfg->probe is 0): its file
 * of PROBE_FILE_BYTES in clyde's directory DIR_FD (shown as WORKDIR),
 * made, recorded for cleanup, written with data of SEED, synced and
 * evicted from the page cache, and opened for its reads (O_DIRECT when a
 * read that way works) and writes. 0, or the exit status with *err.
 */
int probe_open(const struct config *cfg, int dir_fd, const char *workdir,
	       uint64_t seed, struct probe **out, struct phase_error *err);

/*
 * For tests: a probe of KINDS whose each wait is OP(ARG, kind) (0, or -1
 * with errno) instead of its file's I/O. NULL when out of memory.
 */
struct probe *probe_fake(unsigned kinds, int (*op)(void *arg, unsigned kind),
			 void *arg);

/*
 * Start P's threads; its waits count from T0 (the test's start,
 * CLOCK_MONOTONIC). A thread that will not start is P's error. Nothing
 * for a NULL P. Driver thread only.
 */
void probe_start(struct probe *p, uint64_t t0);

/*
 * Stop P's threads (an I/O under way ends first) and its figures since
 * probe_start into *out, also added to *SUM when not NULL. Nothing for a
 * NULL P or one not started (*out then all zero, no probe).
 */
void probe_stop(struct probe *p, struct probe_result *out,
		struct probe_sum *sum);

/*
 * 0, or the exit status of the probe's first failure since probe_start
 * (EXIT_IO: its I/O, "PATH: probe read: ..."; EXIT_SETUP: its thread)
 * with *err describing it. 0 for NULL.
 */
int probe_failed(const struct probe *p, struct phase_error *err);

/*
 * Close P's file, remove it and free P. 0, or -1 with errno and the path
 * of the file that would not go in FAILED_PATH (LEN bytes; it stays
 * recorded). 0 for NULL.
 */
int probe_close(struct probe *p, char *failed_path, size_t len);

#endif
