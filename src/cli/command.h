/* SPDX-License-Identifier: MIT */
/*
 * command.h - clyde's commands as rows of one table: the word that picks
 * each (none for the classic run, the default), its options (core/opt.h),
 * its parse and its run. main.c dispatches through it and is the only
 * place that prints help, the version or a usage error, and exits.
 */
#ifndef COMMAND_H
#define COMMAND_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "core/opt.h"
#include "mark/mark.h"
#include "mpi/ranks.h"
#include "report/report.h"
#include "run/test_hook.h"
#include "sys/out.h"

/* What a command's run gets besides what its parse filled. */
struct command_env {
	struct ranks *rk;
	const struct out_std *std;
};

/* A row of the command table. */
struct command {
	const char *word;           /* argv[1] that picks it; NULL: the default */
	const struct opt_set *opts; /* its options: usage, --help, the man test */
	const char *says;           /* its messages after "clyde: " start so */
	size_t state_size;          /* what parse fills and run reads */
	/*
	 * Read ARGV (the whole command line, the word included) into STATE
	 * (state_size bytes, zeroed). OPT_ERROR with a one-line reason in ERR.
	 */
	enum opt_outcome (*parse)(void *state, int argc, char **argv, char *err,
				  size_t len);
	/* Run what STATE says: the exit status, everything printed and
	 * cleaned up. */
	int (*run)(void *state, const struct command_env *env);
};

/* The table, the default first (its usage comes first). */
extern const struct command commands[];
extern const size_t command_count;

/* The command ARGV asks for: the row of ARGV[1]'s word, else the default. */
const struct command *command_find(int argc, char **argv);

/* Every command's usage, LEAD before the first line ("usage: " in --help,
 * "" for the man page's SYNOPSIS), the others under it. */
void command_usage(FILE *out, const char *lead);

/* C's --help: its usage (the default's: every command's), its about text
 * and its options. */
void command_help(FILE *out, const struct command *c);

/* The classic run (cmd_classic.c). */
struct classic_state {
	struct config cfg;
	struct test_fault fault; /* CLYDE_TEST_CORRUPT, CLYDE_TEST_RANDOM_IOS */
};
enum opt_outcome cmd_classic_parse(void *state, int argc, char **argv,
				   char *err, size_t len);
int cmd_classic_run(void *state, const struct command_env *env);

/* clyde mark (cmd_mark.c). */
struct mark_state {
	struct mark_options mo;
	struct config cfg;
};
enum opt_outcome cmd_mark_parse(void *state, int argc, char **argv, char *err,
				size_t len);
int cmd_mark_run(void *state, const struct command_env *env);

/* clyde report (cmd_report.c). */
struct report_state {
	struct report_options o;
	char **files;
	size_t n_files;
};
enum opt_outcome cmd_report_parse(void *state, int argc, char **argv,
				  char *err, size_t len);
int cmd_report_run(void *state, const struct command_env *env);

/* clyde where (cmd_where.c): no state beyond its options'. */
extern const struct opt_set where_opt_set;
enum opt_outcome cmd_where_parse(void *state, int argc, char **argv,
				 char *err, size_t len);
int cmd_where_run(void *state, const struct command_env *env);

#endif
