/* SPDX-License-Identifier: MIT */
/*
 * config_rules.h - a run's configuration (struct config, config.h): its defaults
 * and its validation. options.c fills one from argv; once validated it is
 * passed const and never changes.
 */
#ifndef CONFIG_RULES_H
#define CONFIG_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "clyde.h"
#include "config.h"

/*
 * Every field at its default: RAM_MIB the detected RAM (0 unknown), SEED
 * the run's default seed, the machine name from uname. No output is
 * chosen (table and csv NULL): the configuration knows no formats, the
 * command line picks them.
 */
void config_defaults(struct config *cfg, uint64_t ram_mib, uint64_t seed);

/* The largest -s config_validate accepts, in MiB: size x copies in bytes fits 64 bits. */
#define CONFIG_MAX_SIZE_MIB ((UINT64_MAX / MIB) / MAX_CONCURRENCY)

/*
 * The most files, in units of 1024, config_validate accepts for COPIES
 * copies when RAM_MIB is the RAM of the 2x rule (0: no RAM rule): each
 * copy's name list must stay under half the RAM.
 */
uint64_t config_max_files_k(uint64_t ram_mib, uint32_t copies);

/*
 * Check what needs several values at once, in bonnie++'s spirit, and fill
 * what follows from them (the default size, 2x RAM). S_TEXT and N_TEXT
 * are -s and -n as typed, for messages. 0, or -1 with a one-line reason
 * (no "clyde: " prefix) in ERR.
 */
int config_validate(struct config *cfg, const char *s_text, const char *n_text,
		    char *err, size_t len);

#endif
