/* SPDX-License-Identifier: MIT */
/*
 * origin.h - how and when a run was made, as the text the results keep:
 * the start time in ISO 8601 UTC and clyde's command line quoted so that a
 * POSIX shell reads it back word for word. Pure functions: no I/O, no
 * globals, thread-safe.
 */
#ifndef ORIGIN_H
#define ORIGIN_H

#include <stddef.h>
#include <time.h>

/* "2024-05-01T12:34:56Z" is 20 characters. */
#define ORIGIN_TIME_MAX 32

/*
 * T as "YYYY-MM-DDThh:mm:ssZ" (UTC) in OUT[0..size). Returns 0, or -1 with
 * OUT "" when T cannot be converted or does not fit.
 */
int origin_time_utc(time_t t, char *out, size_t size);

/*
 * ARGV[0..argc) as one line in OUT[0..size): words separated by one space,
 * a word that holds only letters, digits and _ . / : , + @ % ^ - (and = past
 * the first word) as it is, any other word (an empty one too) in single
 * quotes, each ' in it written '\''. Returns 0, or -1 with OUT "" when the
 * line does not fit: a cut command line would say something that was
 * never run.
 */
int origin_command_line(int argc, char *const argv[], char *out, size_t size);

#endif
