/* SPDX-License-Identifier: MIT */
/*
 * exit_status.h - clyde's exit statuses, the one list every module returns
 * from (documented in the man page's EXIT STATUS). Only main.c exits; the
 * others hand these values up.
 */
#ifndef EXIT_STATUS_H
#define EXIT_STATUS_H

enum exit_status {
	EXIT_OK = 0,
	EXIT_USAGE = 1,   /* bad option or value, as bonnie++ */
	EXIT_SETUP = 2,   /* directory, space, O_DIRECT, privileges, memory */
	EXIT_IO = 3,      /* an I/O error during a test */
	EXIT_CORRUPT = 4, /* --verify read back different data */
	EXIT_OUTPUT = 5,  /* writing to stdout, stderr or the --json file failed */
	EXIT_SIGNAL = 128 /* + the signal's number, after clean-up */
};

#endif
