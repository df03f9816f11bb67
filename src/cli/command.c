/* SPDX-License-Identifier: MIT */
/*
 * command.c - the command table (command.h): each command's word, options,
 * parse and run, and the usage and --help made from its rows. Adding a
 * command is a row here, its options' rows and its two functions.
 */
#include "command.h"

#include <string.h>

#include "options.h"

const struct command commands[] = {
	{ NULL, &options_set, "", sizeof(struct classic_state),
	  cmd_classic_parse, cmd_classic_run },
	{ "report", &report_opt_set, "report: ", sizeof(struct report_state),
	  cmd_report_parse, cmd_report_run },
	{ "mark", &mark_opt_set, "", sizeof(struct mark_state),
	  cmd_mark_parse, cmd_mark_run },
	{ "where", &where_opt_set, "", 1, cmd_where_parse, cmd_where_run },
};

const size_t command_count = sizeof(commands) / sizeof(commands[0]);

const struct command *command_find(int argc, char **argv)
{
	const struct command *fallback = NULL;

	for (size_t i = 0; i < command_count; i++) {
		if (!commands[i].word)
			fallback = &commands[i];
		else if (argc > 1 && strcmp(argv[1], commands[i].word) == 0)
			return &commands[i];
	}
	return fallback;
}

void command_usage(FILE *out, const char *lead)
{
	char pad[16];

	snprintf(pad, sizeof(pad), "%*s", (int)strlen(lead), "");
	for (size_t i = 0; i < command_count; i++)
		opt_usage(out, i == 0 ? lead : pad, commands[i].opts);
}

void command_help(FILE *out, const struct command *c)
{
	if (c->word)
		opt_usage(out, "usage: ", c->opts);
	else
		command_usage(out, "usage: ");
	opt_help(out, c->opts);
}
