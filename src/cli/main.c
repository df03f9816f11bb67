/* SPDX-License-Identifier: MIT */
/*
 * main.c - argv -> the command it asks for (command.c's table) -> its
 * parse -> its run -> exit status. The only file that exits, and the only
 * one that prints help, the version or a usage error; every run cleans up
 * through session.c before its status comes back here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "exit_status.h"
#include "session.h"
#include "sys/cleanup.h"
#include "sys/out.h"

/* --help or --version of C on stdout: EXIT_OK, or the failed write's status. */
static int print_help(const struct command *c, bool version)
{
	cleanup_ignore_sigpipe();
	if (version)
		printf("clyde %s\n", CLYDE_VERSION);
	else
		command_help(stdout, c);
	return out_check(stdout, "stdout") == 0 ? EXIT_OK : session_fail_output();
}

/*
 * From argv to the end of the command, for the single process or one MPI
 * rank: the status to exit with, everything printed and cleaned up.
 */
static int clyde_main(struct ranks *rk, const struct out_std *std, int argc,
		      char **argv)
{
	const struct command *c = command_find(argc, argv);
	const struct command_env env = { rk, std };
	void *state = calloc(1, c->state_size);
	char err[1024] = "";
	enum opt_outcome parsed;
	int status = EXIT_USAGE;

	if (!state) {
		out_say("out of memory");
		return EXIT_SETUP;
	}
	switch (parsed = c->parse(state, argc, argv, err, sizeof(err))) {
	case OPT_RUN:
		status = c->run(state, &env);
		break;
	case OPT_HELP:
	case OPT_VERSION:
		status = print_help(c, parsed == OPT_VERSION);
		break;
	case OPT_ERROR:
		out_say("%s%s", c->says, err);
		break;
	}
	free(state);
	return status;
}

/* Over MPI every rank runs this; ranks_end settles what they all return. */
int main(int argc, char **argv)
{
	struct out_std std;
	struct ranks rk;

	/* Before MPI can take a closed 0, 1 or 2 for a socket of its own. */
	if (out_std_init(&std) != 0)
		return EXIT_SETUP; /* no /dev/null: not even a message can go */
	if (ranks_init(&rk, &argc, &argv) != 0) {
		fprintf(stderr, "clyde: cannot join the MPI job: %s\n",
			strerror(errno));
		return EXIT_SETUP;
	}
	if (!ranks_prints(&rk))
		cleanup_quiet_repeats();
	return ranks_end(&rk, clyde_main(&rk, &std, argc, argv));
}
