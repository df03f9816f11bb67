/* SPDX-License-Identifier: MIT */
/*
 * cmd_report.c - `clyde report`: its command line (report_options.c's
 * rows) and the report of the files it names (report.c), which needs no
 * set-up, no privileges and no clean-up.
 */
#include <unistd.h>

#include "command.h"
#include "outputs.h"
#include "sys/cleanup.h"

/* No input is the file the report goes to (it would read what it writes). */
static int check_inputs(const struct report_state *rs, char *err, size_t len)
{
	struct output pair[2] = {
		{ "the input", "-", OUTPUT_INPUT, 0 },
		{ NULL, NULL, OUTPUT_STREAM, STDOUT_FILENO },
	};

	for (size_t i = 0; i < rs->n_files || (i == 0 && rs->n_files == 0); i++) {
		if (rs->n_files)
			pair[0].path = rs->files[i];
		if (outputs_check(pair, 2, err, len) != 0)
			return -1;
	}
	return 0;
}

enum opt_outcome cmd_report_parse(void *state, int argc, char **argv,
				  char *err, size_t len)
{
	struct report_state *rs = state;
	int first = 0;
	enum opt_outcome out = report_options_parse(argc - 1, argv + 1, &rs->o,
						    &first, err, len);

	rs->files = argv + 1 + first;
	rs->n_files = (size_t)(argc - 1 - first);
	if (out != OPT_RUN)
		return out;
	return check_inputs(rs, err, len) != 0 ? OPT_ERROR : OPT_RUN;
}

int cmd_report_run(void *state, const struct command_env *env)
{
	struct report_state *rs = state;

	(void)env;
	cleanup_ignore_sigpipe(); /* a closed pipe is a failed write, said once */
	return report_main(&rs->o, rs->files, rs->n_files);
}
