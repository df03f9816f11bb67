/* SPDX-License-Identifier: MIT */
/*
 * outputs.h - every output of a run names its own destination: the one
 * check, made before any I/O, that no two outputs (--json, --csv, the
 * standard output and error a run writes to) are one file, that stdout is
 * not asked for twice, and that no output is a file the run reads (-Z,
 * clyde report's input). Files are compared as files: one path, two paths
 * to one file, hard links, a symlink, /dev/stdout.
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stdbool.h>
#include <stddef.h>

/* What a destination is. */
enum output_kind {
	OUTPUT_FILE,   /* a file the user named (path "-": standard output) */
	OUTPUT_STREAM, /* the standard output or error as the run got it */
	OUTPUT_INPUT,  /* a file the run reads (path "-": standard input) */
};

/* One destination, or source, of a run. */
struct output {
	const char *what;      /* "--json", "--csv", "-Z", "the input" */
	const char *path;      /* the file; NULL: not used this run */
	enum output_kind kind;
	int fd;                /* OUTPUT_STREAM: 1 or 2; -1: not written */
};

/*
 * Whether the N destinations OUT are distinct: two outputs are one file
 * (a character device, such as /dev/null or a terminal, is never a
 * clash: nothing written there is lost to another output), two ask for
 * standard output, or an output is a file an input reads. A path that
 * does not exist yet is compared by its directory and name. Only stat(2)
 * calls; nothing is opened. 0, or -1 with the one-line reason in ERR.
 */
int outputs_check(const struct output *out, size_t n, char *err, size_t len);

#endif
