/* SPDX-License-Identifier: MIT */
/*
 * vary.h - --vary KEY=V1,V2,...: the setups one run compares. The keys
 * (one table: what each changes, where, whether it needs root), the
 * strict parse of their values, the setups (every combination of the
 * values), each setup's configuration and label ("ssd [scheduler=none]"),
 * the baseline, and the order of each round, shuffled from the seed.
 * Pure: the machine's settings are vary_sys.h's.
 */
#ifndef VARY_H
#define VARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"

#define VARY_MAX_SETUPS 64   /* combinations one run measures */
#define VARY_MAX_RUNS 1000   /* setups x rounds */

/* The keys, in the order a setup applies them: the scheduler first, as
 * switching it resets the queue's depth. */
enum vary_key {
	VARY_SCHEDULER,
	VARY_NR_REQUESTS,
	VARY_READ_AHEAD,
	VARY_WRITE_CACHE,
	VARY_MOUNT,
	VARY_TRIM,
	VARY_DIRECT,
	VARY_SYNC,
	VARY_CHUNK,
	VARY_CHAR_IO,
	VARY_ENGINE,
	VARY_PROBE,
	VARY_DIR,
	VARY_KEYS
};

struct vary_key_info {
	const char *name;   /* "scheduler" */
	const char *values; /* what it takes, for help: "NAME,..." */
	const char *help;   /* what it changes, where, and who may */
	bool system;        /* changes the machine: root, journalled */
	bool mark;          /* clyde mark takes it too */
	/* Whether VALUE is one this key takes: 0, or -1 with why in ERR. */
	int (*check)(const char *value, char *err, size_t len);
	/* Set VALUE in *CFG (clyde's own settings); NULL for the machine's. */
	void (*apply)(struct config *cfg, const char *value);
};

/* The keys, indexed by enum vary_key. */
extern const struct vary_key_info vary_keys[VARY_KEYS];

/* The I-th key's name, NULL past the last (an option row's choices). */
const char *vary_key_name(size_t i);

/* Value I of A. */
const char *vary_value(const struct vary_axis *a, size_t i);

/*
 * Take one --vary ARG ("scheduler=mq-deadline,none") into SPEC, in the
 * key table's order. MARK: for clyde mark, which takes fewer keys. 0, or
 * -1 with the reason in ERR ("--vary scheduler=none: give two or more
 * values to compare").
 */
int vary_parse(struct vary_spec *spec, const char *arg, bool mark, char *err,
	       size_t len);

/*
 * After the whole command line: each --baseline KEY=VALUE found among
 * its key's values, the number of setups within VARY_MAX_SETUPS, each
 * setup's label within a machine name's length (MACHINE the -m name).
 * 0, or -1 with the reason in ERR.
 */
int vary_finish(struct vary_spec *spec, const char *machine, char *err,
		size_t len);

/* How many setups SPEC makes (1 without --vary). */
size_t vary_setups(const struct vary_spec *spec);

/* The value index of axis A in setup S (the first axis changes slowest). */
size_t vary_value_index(const struct vary_spec *spec, size_t s, size_t a);

/* The setup of each axis's baseline value. */
size_t vary_baseline_setup(const struct vary_spec *spec);

/* The axis of KEY in SPEC, or NULL. */
const struct vary_axis *vary_axis_of(const struct vary_spec *spec,
				     enum vary_key key);

/* Whether SPEC changes the machine (a system key). */
bool vary_changes_machine(const struct vary_spec *spec);

/* "scheduler=none trim=before": setup S's values, into OUT. Returns OUT. */
char *vary_setting_text(const struct vary_spec *spec, size_t s, char *out,
			size_t len);

/*
 * "MACHINE [scheduler=none trim=before]": setup S's label, into OUT (at
 * least MACHINE_MAX bytes). -1 when it does not fit a machine name.
 */
int vary_label(const struct vary_spec *spec, const char *machine, size_t s,
	       char *out, size_t len);

/*
 * BASE with setup S's own settings (direct, sync, chunk, char-io,
 * engine, dir) and its label as the machine name, into *OUT. The caller
 * validates it (config_validate).
 */
void vary_config(const struct config *base, size_t s, struct config *out);

/*
 * Round ROUND's order of the N setups from SEED into ORDER[0..n): a
 * permutation shuffled (Fisher-Yates) by a stream that depends on both,
 * so that each round is its own draw and the same seed gives the same
 * rounds. Pure.
 */
void vary_order(uint64_t seed, size_t round, size_t n, size_t *order);

/*
 * Refuse ROUNDS rounds of SPEC's setups beyond VARY_MAX_SETUPS or
 * VARY_MAX_RUNS runs, saying the count and the load: each run moves
 * RUN_BYTES and has RUN_SECONDS of timed tests. 0, or -1 with the reason
 * in ERR.
 */
int vary_check_count(const struct vary_spec *spec, uint64_t rounds,
		     uint64_t run_bytes, uint64_t run_seconds, char *err,
		     size_t len);

/* The keys' help for --help and the man page: one paragraph a key. */
void vary_help(FILE *out);

#endif
