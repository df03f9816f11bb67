/* SPDX-License-Identifier: MIT */
/*
 * out.h - the one output path: the standard descriptors made safe at
 * start, every write to stdout, stderr and the --json file checked (a
 * failure asks the run to stop, as a signal would), and every message
 * written through one helper that makes user text safe for a terminal.
 */
#ifndef OUT_H
#define OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Which of descriptors 0-2 were closed when clyde started. */
struct out_std {
	bool closed[3];
};

/*
 * Put /dev/null on each of descriptors 0-2 that is closed, so that no
 * file clyde opens later becomes one of them (a test file written to as
 * if it were stderr): read-only on 0 (a closed stdin reads as empty) and
 * on 1 (writing to a closed stdout still fails, with EBADF), write-only
 * on 2 (a closed stderr asks for silence). Call first thing. -1 with
 * errno when /dev/null cannot be opened.
 */
int out_std_init(struct out_std *std);

/*
 * Flush F, shown as NAME ("stdout", "stderr", the JSON file's path; it
 * must live to the end of the run), and check that every write to it so
 * far succeeded. 0, or -1 after cleanup_request_stop(NAME, errno of the
 * failed write), so that a run still going stops at its next check.
 */
int out_check(FILE *f, const char *name);

/*
 * TEXT with everything a terminal could take as a command escaped:
 * control characters, bidi controls and bytes that are not UTF-8 become
 * \xHH, byte by byte; a backslash becomes \\. Into OUT (LEN bytes,
 * always terminated, cut at a whole escape). Returns OUT.
 */
char *out_safe(const char *text, char *out, size_t len);

/* A message echoes at most this much of a text the user gave. */
#define OUT_ECHO_HEAD 100
#define OUT_ECHO_TAIL 60
#define OUT_ECHO_BYTES (OUT_ECHO_HEAD + OUT_ECHO_TAIL + 40)

/*
 * TEXT (an option's value, a path, a line read) as a message echoes it:
 * whole up to OUT_ECHO_HEAD + OUT_ECHO_TAIL bytes, else its first
 * OUT_ECHO_HEAD bytes, "...", its last OUT_ECHO_TAIL (a path's file name)
 * and its length, cut at whole UTF-8 characters, so that no message is
 * swamped by what it quotes and its reason is never cut off. Into BUF
 * (OUT_ECHO_BYTES). Returns BUF. Every echo of user text goes through it.
 */
const char *out_echo(const char *text, char *buf);

/*
 * The one way clyde says something on stderr: "clyde: ", the printf-style
 * message with out_safe applied to all of it, and a newline, in a single
 * write. Returns 0, or -1 (out_check's stop request made) when stderr
 * failed.
 */
int out_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * A message for later: the printf-style text into ERR (LEN bytes, always
 * terminated), for the caller's caller to out_say. Returns -1, so that a
 * failing function can end with `return out_errf(err, len, ...)`.
 */
int out_errf(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
