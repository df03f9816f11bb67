/* SPDX-License-Identifier: MIT */
/*
 * cmd_report.c - `clyde report`: its command line (report_options.c's
 * rows) and the report of the files it names (report.c), which needs no
 * set-up, no privileges and no clean-up.
 */
#include "command.h"
#include "sys/cleanup.h"

enum opt_outcome cmd_report_parse(void *state, int argc, char **argv,
				  char *err, size_t len)
{
	struct report_state *rs = state;
	int first = 0;
	enum opt_outcome out = report_options_parse(argc - 1, argv + 1, &rs->o,
						    &first, err, len);

	rs->files = argv + 1 + first;
	rs->n_files = (size_t)(argc - 1 - first);
	return out;
}

int cmd_report_run(void *state, const struct command_env *env)
{
	struct report_state *rs = state;

	(void)env;
	cleanup_ignore_sigpipe(); /* a closed pipe is a failed write, said once */
	return report_main(&rs->o, rs->files, rs->n_files);
}
