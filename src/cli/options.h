/* SPDX-License-Identifier: MIT */
/*
 * options.h - the classic run's command line, `clyde [-d dir] [-s size]
 * ...`: its option rows (core/opt.h), from which getopt_long, --help, the
 * usage and the man page's test follow, and the parse into a struct config
 * validated with every check bonnie++ makes, all before any I/O. Never
 * prints, never exits.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "core/opt.h"

/* The classic run's options, in --help order. */
extern const struct opt_set options_set;

/*
 * Parse ARGV (ARGV[0] "clyde") into *cfg and validate it. RAM_MIB is the
 * detected RAM (0 if unknown), used unless -r is given; SEED the default
 * seed. On OPT_ERROR, ERR holds a message without the "clyde: " prefix;
 * OPT_HELP and OPT_VERSION leave *cfg unchecked.
 */
enum opt_outcome options_parse(int argc, char **argv, uint64_t ram_mib,
			       uint64_t seed, struct config *cfg, char *err,
			       size_t errlen);

#endif
