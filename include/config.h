/* SPDX-License-Identifier: MIT */
/*
 * config.h - a validated command line (struct config): built once from argv
 * (src/cli/options.c, src/core/config_rules.h for its defaults and checks),
 * then passed const and never modified.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results.h"

struct format_info; /* a row of the format table, src/format/format.h */
enum progress_mode { PROGRESS_AUTO, PROGRESS_ALWAYS, PROGRESS_NEVER };

/* One --vary KEY=V1,V2,...: its key and its values as given. */
struct vary_axis {
	int key;                      /* enum vary_key (run/vary.h) */
	size_t n;                     /* values, 2..VARY_MAX_VALUES */
	size_t baseline;              /* the baseline's value: --baseline's, else 0 */
	uint16_t at[VARY_MAX_VALUES]; /* where each value starts in text */
	char text[VARY_TEXT_MAX];     /* the values, each NUL-terminated */
};

/* Every --vary of a command line; n 0 without one. */
struct vary_spec {
	size_t n;
	struct vary_axis axis[VARY_MAX_KEYS]; /* in the key table's order */
	bool root_fs;                         /* --vary-root-fs */
	size_t n_baselines;
	const char *baseline[VARY_MAX_KEYS];  /* --baseline KEY=VALUE, as given */
};

/* --steady and what goes with it (clyde mark, and clyde --random-io). */
struct steady_options {
	bool on;                     /* --steady */
	uint32_t round_s;            /* clyde mark --round; clyde: --random-time */
	uint32_t max_rounds;         /* --max-rounds */
	uint64_t precondition_bytes; /* clyde mark --precondition: the test's own
				      * writes after the two passes */
	uint64_t max_write_bytes;    /* clyde mark --max-write; 0: no limit */
};

/* The validated command line. Built by options.c, never modified afterwards. */
struct config {
	const char *dir; /* -d, default "." */
	struct io_params io;
	bool size_given;
	struct file_params files;
	char machine[MACHINE_MAX];
	uint64_t ram_mib;       /* -r, or detected; 0 disables RAM checks */
	uint64_t machine_ram_mib; /* detected, whatever -r says; 0 unknown */
	long repeat;            /* -x; -1 when not given; with auto, MAX */
	bool repeat_auto;       /* -x auto[:MAX]: stop early (repeat.h) */
	const char *user;       /* -u user[:group], NULL if not given */
	const char *group;      /* -g */
	bool quiet;             /* -q */
	int64_t perchar_mib;    /* -f SIZE; -1 = default for char_io; 0 = skip */
	struct io_mode mode;
	struct job_mode job;    /* --shared-file, --shared-dir, --reorder, --deadline */
	uint32_t concurrency;   /* -c, 1..200 */
	long processes;         /* -p N (create), -1 (remove); 0 = not given */
	char sync_mode;         /* -y: 's', 'p' or 0 */
	uint64_t seed;          /* -z, or pid ^ time */
	const char *random_file; /* -Z: random numbers from this file, or NULL */
	int argc;               /* the whole command line, for the results */
	char *const *argv;
	const struct format_info *table; /* --table, NULL for none */
	const struct format_info *csv;   /* --csv, NULL for none */
	const char *json_path;  /* --json, NULL = none, "-" = stdout */
	bool verify;
	bool random_io;
	uint32_t random_time_s;
	uint32_t random_depths[MAX_RANDOM_DEPTHS]; /* Q per thread */
	size_t n_random_depths;
	uint32_t random_threads; /* T, 1..MAX_RANDOM_THREADS */
	enum engine_kind engine; /* --engine */
	unsigned probe;         /* --probe: PROBE_READ | PROBE_WRITE; 0 none */
	enum progress_mode progress;
	bool no_preflight;
	bool restore;           /* --restore: put back what a killed run left */
	bool trim;              /* --trim: FITRIM on -d's filesystem first */
	struct steady_options steady;
	struct vary_spec vary;  /* --vary, --baseline, --vary-root-fs */
	bool allow_memory;      /* --allow-memory: -d may be in RAM (tmpfs) */
};

#endif
