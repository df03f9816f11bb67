/* SPDX-License-Identifier: MIT */
/*
 * check.h - the unit-test harness: each CHECK prints "ok NAME" or
 * "FAIL NAME: why", check_skip() "skip NAME: why" (the lines tests/run.sh
 * counts) and check_done() says "plan N" for the N it printed (tests/run.sh
 * fails a binary that never got there) and turns any failure into a
 * non-zero exit status.
 * Header-only, for tests only.
 */
#ifndef CHECK_H
#define CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count; /* ok, FAIL and skip lines printed */

#define CHECK(name, cond)                                                      \
	do {                                                                   \
		check_count++;                                                 \
		if (cond) {                                                    \
			printf("ok %s\n", (name));                             \
		} else {                                                       \
			printf("FAIL %s: %s (%s:%d)\n", (name), #cond,         \
			       __FILE__, __LINE__);                            \
			check_failures++;                                      \
		}                                                              \
	} while (0)

#define CHECK_STR(name, got, want)                                             \
	do {                                                                   \
		const char *check_g_ = (got), *check_w_ = (want);              \
		check_count++;                                                 \
		if (check_g_ && check_w_ && strcmp(check_g_, check_w_) == 0) { \
			printf("ok %s\n", (name));                             \
		} else {                                                       \
			printf("FAIL %s: got \"%s\", want \"%s\" (%s:%d)\n",   \
			       (name), check_g_ ? check_g_ : "(null)",         \
			       check_w_ ? check_w_ : "(null)", __FILE__,       \
			       __LINE__);                                      \
			check_failures++;                                      \
		}                                                              \
	} while (0)

#define CHECK_U64(name, got, want)                                             \
	do {                                                                   \
		uint64_t check_g_ = (got), check_w_ = (want);                  \
		check_count++;                                                 \
		if (check_g_ == check_w_) {                                    \
			printf("ok %s\n", (name));                             \
		} else {                                                       \
			printf("FAIL %s: got %" PRIu64 ", want %" PRIu64       \
			       " (%s:%d)\n",                                   \
			       (name), check_g_, check_w_, __FILE__, __LINE__); \
			check_failures++;                                      \
		}                                                              \
	} while (0)

/* NAME could not be tested here, for reason WHY: counted apart, never passed. */
static inline void check_skip(const char *name, const char *why)
{
	check_count++;
	printf("skip %s: %s\n", name, why);
}

static inline int check_done(void)
{
	printf("plan %d\n", check_count);
	return check_failures ? 1 : 0;
}

#endif
