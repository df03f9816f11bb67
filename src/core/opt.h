/* SPDX-License-Identifier: MIT */
/*
 * opt.h - the one option module of every command: a command's options are
 * rows (name, short letter, value, handler, help), and from them come the
 * getopt_long loop, the checks and error wording every option shares, the
 * usage, --help and the man page's SYNOPSIS. Each command keeps its rows
 * and handlers in its own folder. Parsing never prints and never exits.
 */
#ifndef OPT_H
#define OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "parse.h"

/* What a parse found; the caller (main) prints and exits accordingly. */
enum opt_outcome {
	OPT_RUN,     /* the command line is valid: run it */
	OPT_HELP,    /* --help was given: print the command's help, exit 0 */
	OPT_VERSION, /* --version was given: print the version, exit 0 */
	OPT_ERROR,   /* the error text holds the one-line reason: exit 1 */
};

/* Keys from here on are long-only options (no short letter). */
#define OPT_LONG_ONLY 256
/* The most rows a command may have. */
#define OPT_MAX_ROWS 64

/* How a row shows in the usage line. */
enum opt_usage {
	OPT_USAGE_OWN,    /* [-d dir] */
	OPT_USAGE_OR,     /* [--summary | --compare]: instead of the row before */
	OPT_USAGE_IN,     /* [--compare [--baseline name]]: within the row before */
	OPT_USAGE_HIDDEN, /* left out of the usage line (still in --help) */
};

struct opt_state;

/* A row of a command's option table. */
struct opt_row {
	int key;               /* the short letter, or OPT_LONG_ONLY + n */
	const char *long_name; /* NULL: the short letter only */
	int has_arg;           /* no_argument, required_argument, optional_argument */
	const char *arg_name;  /* "dir", "size[:chunk]"; NULL without a value */
	const char *help;      /* what --help says; may be NULL with help_fn */
	/*
	 * Take the option, ARG its value (NULL without one): OPT_RUN, or
	 * OPT_ERROR after opt_fail, or OPT_HELP/OPT_VERSION to stop there.
	 * st->row is this row.
	 */
	enum opt_outcome (*set)(struct opt_state *st, const char *arg);
	size_t offset;         /* for opt_flag and opt_text: the field in the target */
	/* The I-th value the option takes, NULL past the last (NULL: any value). */
	const char *(*choices)(size_t i);
	/* Print the explanation in place of help (a list from another table). */
	void (*help_fn)(FILE *out, const struct opt_row *row);
	enum opt_usage usage;
	bool once;             /* given twice is a usage error */
};

/* A command's options. */
struct opt_set {
	const char *name;      /* "clyde", "clyde mark": in usage and messages */
	const char *about;     /* --help's text between usage and options */
	const struct opt_row *rows;
	size_t n;
	/* What may follow the options ("file ..."), NULL: nothing may. */
	const char *operands;
};

/* One parse: the caller sets target, ctx, err and len; opt_parse the rest. */
struct opt_state {
	void *target;          /* what the rows fill: opt_flag's and opt_text's base */
	void *ctx;             /* anything more the command's handlers keep */
	char *err;             /* the reason of an OPT_ERROR, one line */
	size_t len;
	const struct opt_set *set;
	const struct opt_row *row; /* the row being taken */
	int argc;
	char **argv;
	int operands;          /* after OPT_RUN: the index of the first operand */
	uint64_t given;        /* bit I: rows[I] was given */
};

/*
 * Read ARGV (ARGV[0] the command's name, skipped) by SET's rows into what
 * ST's target and ctx point to. A command without operands stops at the
 * first non-option (an error: "unexpected argument"); one with operands
 * takes options among them, GNU style, and leaves them from st->operands
 * on. getopt's state is reset first, so a second parse starts afresh. The
 * messages: "unknown option -Q (clyde --help lists them)", "option -s
 * needs a value", "-d: the value is empty", "-u given twice". Never prints.
 */
enum opt_outcome opt_parse(const struct opt_set *set, int argc, char **argv,
			   struct opt_state *st);

/* The printf-style message into st->err on one line (a newline or escape
 * typed into a value becomes '?'); OPT_ERROR. */
enum opt_outcome opt_fail(struct opt_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "OPTION VALUE: reason" for a parser's refusal PE of ARG (st->row's). */
enum opt_outcome opt_refuse(struct opt_state *st, const char *arg,
			    const struct parse_error *pe);

/* "OPTION VALUE: use a, b or c" from st->row's choices. */
enum opt_outcome opt_bad_choice(struct opt_state *st, const char *arg);

/* ARG among st->row's choices into *index, or opt_bad_choice. */
enum opt_outcome opt_choice(struct opt_state *st, const char *arg, size_t *index);

/* ARG as an integer in [MIN, MAX] into *out, or opt_refuse. */
enum opt_outcome opt_int(struct opt_state *st, const char *arg, int64_t min,
			 int64_t max, int64_t *out);

/* The same into a uint32_t (MIN >= 0, MAX <= UINT32_MAX). */
enum opt_outcome opt_u32(struct opt_state *st, const char *arg, int64_t min,
			 int64_t max, uint32_t *out);

/* ARG as a size (parse_size's UNIT) into *out, or opt_refuse. */
enum opt_outcome opt_size(struct opt_state *st, const char *arg,
			  enum unit_kind unit, uint64_t *out);

/* Whether the row of KEY was given earlier in this parse. */
bool opt_given(const struct opt_state *st, int key);

/* "-d" or "--engine": ROW as typed, into BUF. Returns BUF. */
const char *opt_name(const struct opt_row *row, char *buf, size_t len);

/* Handlers any row may name. */
enum opt_outcome opt_flag(struct opt_state *st, const char *arg); /* bool at offset = true */
enum opt_outcome opt_text(struct opt_state *st, const char *arg); /* const char * at offset = ARG */
enum opt_outcome opt_ask_help(struct opt_state *st, const char *arg);    /* OPT_HELP */
enum opt_outcome opt_ask_version(struct opt_state *st, const char *arg); /* OPT_VERSION */

/*
 * SET's usage: its name and every option in brackets, wrapped at 78
 * columns after "usage: ". The first line starts with LEAD ("" in the man
 * page, "usage: " in --help), the next ones with as many spaces, then
 * under the name's words, so that both print the same lines.
 */
void opt_usage(FILE *out, const char *lead, const struct opt_set *set);

/* What --help says after the usage: SET's about text, then each option
 * with its help. */
void opt_help(FILE *out, const struct opt_set *set);

/* TEXT as one option's explanation in --help: indented, wrapped. */
void opt_help_text(FILE *out, const char *text);

#endif
