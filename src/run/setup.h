/* SPDX-License-Identifier: MIT */
/*
 * setup.h - the checks and preparations between a valid configuration and
 * the first phase: descriptor limits, free space and inodes, clyde's own
 * directory, what O_DIRECT needs there, the device under it, the
 * provenance. Each returns 0, or an exit status with a one-line reason (no
 * "clyde: " prefix) in ERR; none prints or exits.
 */
#ifndef SETUP_H
#define SETUP_H

#include <stddef.h>

#include "config.h"
#include "platform/fitrim.h"
#include "run.h"

/*
 * Raise the soft limit on open descriptors to what CFG keeps open at once
 * (block output, rewrite, per-char output and the seeks hold every piece of
 * every copy; the file tests each copy's directory and every
 * sub-directory). EXIT_SETUP when the hard limit is too low.
 */
int setup_file_limit(const struct config *cfg, char *err, size_t len);

/* What the machine allows a process, read once at set-up. */
struct setup_machine {
	uint64_t ram_bytes;   /* detected RAM; 0 unknown */
	uint64_t nproc;       /* RLIMIT_NPROC (threads count); 0: none applies */
	uint64_t threads_max; /* the kernel's limit (platform.h); 0 unknown */
	uint64_t as_bytes;    /* RLIMIT_AS; 0: none */
	uint64_t stack_bytes; /* the address space one thread's stack takes */
};

/* Read *M for the user clyde now runs as (call after privs_switch). */
void setup_machine_read(struct setup_machine *m);

/* The most threads CFG runs at once: main, a thread per copy, and each
 * copy's seekers or random-I/O workers at the largest depth. */
uint64_t setup_threads_needed(const struct config *cfg);

/*
 * Refuse, before any I/O, a run whose threads the machine M cannot give:
 * more than RLIMIT_NPROC or the kernel's thread limit, stacks past
 * RLIMIT_AS, or their memory (a thread's kernel and touched stack, and
 * its buffer) past half the RAM. EXIT_SETUP with the limit named.
 */
int setup_thread_limit(const struct config *cfg, const struct setup_machine *m,
		       char *err, size_t len);

/*
 * The checks before anything is made, on this machine: setup_thread_limit,
 * setup_preflight (unless --no-preflight), then setup_file_limit, so that
 * a test file too large for the disk is refused for its size, not for the
 * descriptors its pieces would take. 0, or the status with ERR.
 */
int setup_limits(const struct config *cfg, char *err, size_t len);

/*
 * Refuse, before the first byte, a run the filesystem has no room for,
 * and a read-only filesystem. A filesystem that reports no size at all
 * (ramfs) is not refused for it.
 */
int setup_preflight(const struct config *cfg, char *err, size_t len);

/*
 * Read the provenance of cfg->dir and of the machine into target->prov
 * (provenance.h; what cannot be read stays unknown) and set
 * target->prov_known. Call it before privileges are dropped (-u), and
 * before setup_target, which keeps it. Never fails.
 */
void setup_provenance(const struct config *cfg, struct run_target *target);

/*
 * The engine the engine tests among STEPS[0..n) run on: set-up's choice,
 * or where none was made (a target built by hand, as tests do) the first
 * one available.
 */
enum engine_kind setup_engine_for(const struct run_target *target,
				  const struct plan_step *steps, size_t n);

/*
 * Refuse, before any I/O, a cfg->dir whose filesystem keeps its data in
 * RAM (core/limit.h's limit_memory_fs, from target->prov): EXIT_SETUP with the reason
 * and the way out, unless cfg->allow_memory. 0 also when the provenance
 * was not read (nothing is known to be memory).
 */
int setup_memory(const struct config *cfg, const struct run_target *target,
		 char *err, size_t len);

/*
 * Make clyde's directory inside cfg->dir (its name with TAG when not NULL)
 * and hold it open (workdir.h), probe it (O_DIRECT and its alignment, when
 * CFG has I/O tests), find the block device under it and, for random I/O,
 * the engine that runs here (--engine, or the next one with
 * target->engine_note saying why), into *target. On failure the directory,
 * if made, is in the cleanup registry for the caller's cleanup_all(), and
 * target's descriptors stay open for it.
 */
int setup_target(const struct config *cfg, const char *tag,
		 struct run_target *target, char *err, size_t len);

/*
 * TARGET for CFG in the directory another configuration's setup_target
 * made (MADE): the same directory, device and provenance, with CFG's own
 * descriptor and thread limits, O_DIRECT probe and engine (--vary's
 * setups differ in these). 0, or an exit status with the reason in ERR.
 */
int setup_target_for(const struct config *cfg, const struct run_target *made,
		     struct run_target *target, char *err, size_t len);

/*
 * FITRIM the filesystem of TARGET's directory into *R (fitrim.h), for
 * OPTION ("--trim", "--vary trim": what the reason names). 0, or -1 with
 * the reason in ERR.
 */
int setup_trim(const struct run_target *target, const char *option,
	       struct fitrim_result *r, char *err, size_t len);

#endif
