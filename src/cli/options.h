/* SPDX-License-Identifier: MIT */
/*
 * options.h - clyde's command line: one option table drives getopt_long, the
 * --help text and the test that every option is in the man page. Parsing
 * fills and validates a struct config (every check bonnie++ makes, all
 * before any I/O) and never exits.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"

enum options_outcome {
	OPTIONS_RUN,   /* *cfg is valid: run it */
	OPTIONS_DONE,  /* --help or --version was printed: exit 0 */
	OPTIONS_ERROR  /* err holds the one-line reason: exit 1 */
};

struct option_parse; /* the parser's state while it reads one argv */

/* A row of the option table: the option, its help, and what it sets. */
struct option_def {
	int key;               /* the short letter, or a value > 255 for long-only */
	const char *long_name; /* NULL when only the short form exists */
	int has_arg;           /* no_argument, required_argument, optional_argument */
	const char *arg_name;  /* "DIR", "SIZE[:CHUNK...]" */
	const char *help;      /* one line, with the default */
	/* Store the value (NULL when there is none); NULL for a flag. */
	enum options_outcome (*set)(struct option_parse *p, const char *arg);
	size_t flag;           /* a flag: offsetof its bool in struct config */
	int formats;           /* help lists this format_kind's names; -1 none */
};

/* The table, in --help order; *n receives its length. */
const struct option_def *options_table(size_t *n);

/*
 * The synopsis: "clyde [-d dir] ..." lines, the "clyde report" line and
 * the "clyde mark ..." lines,
 * exactly as the man page's SYNOPSIS has them (--help prints the same
 * lines after "usage: ").
 */
void options_usage(FILE *out);

/* Everything --help prints: usage, then one line per option. */
void options_help(FILE *out);

/*
 * The same for any table DEFS[0..n): NAME ("clyde", "clyde mark") and every
 * option in brackets, each line started by LEAD ("" in the man page,
 * "usage: " in --help) or, for continuation lines, as many spaces, then
 * under NAME's words; the breaks do not depend on LEAD, so that both print
 * the same lines. And the lines per option, as --help has them.
 */
void options_usage_of(FILE *out, const char *lead, const char *name,
		      const struct option_def *defs, size_t n);
void options_help_of(FILE *out, const struct option_def *defs, size_t n);

/*
 * A usage error: the printf-style message into ERR (LEN bytes) on one line
 * (a newline or an escape typed into a value becomes '?'); OPTIONS_ERROR.
 */
enum options_outcome options_fail(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Parse ARGV into *cfg and validate it. RAM_MIB is the detected RAM (0 if
 * unknown), used unless -r is given; SEED the default seed. On
 * OPTIONS_ERROR, ERR holds a message without the "clyde: " prefix.
 */
enum options_outcome options_parse(int argc, char **argv, uint64_t ram_mib,
				   uint64_t seed, struct config *cfg,
				   char *err, size_t errlen);

#endif
