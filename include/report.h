/* SPDX-License-Identifier: MIT */
/*
 * report.h - `clyde report [--format FMT] [--summary] [FILE...]`: read CSV
 * lines of every bonnie++ version and of clyde (files, or stdin) and render
 * all runs as one comparison in any format of the format table (format.h).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "clyde.h"

/* The synopsis line of `clyde report`, for options_usage(). */
void report_usage(FILE *out);

/*
 * The `clyde report` command: ARGV[0] is "report". Bad lines go to stderr
 * as "clyde: FILE:LINE: reason" and the others still render. Returns the
 * exit status: 0, or 1 after a bad line, an unreadable file, a usage error
 * or input without any run.
 */
int report_main(int argc, char **argv);

#endif
