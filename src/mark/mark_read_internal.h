/* SPDX-License-Identifier: MIT */
/*
 * mark_read_internal.h - what mark_read.c (CSV) and mark_read_json.c
 * (JSON) share. Not part of the public API.
 */
#ifndef MARK_READ_INTERNAL_H
#define MARK_READ_INTERNAL_H

#include "mark_read.h"

/*
 * A new mark at the end of SET, zeroed (environment unknown), or NULL when
 * memory ran out.
 */
struct mark_results *mark_set_add(struct mark_set *set);

/*
 * Whether T is a test clyde mark can run (block, Q, T in range) whose name
 * is NAME; 0, or -1 with the reason in WHY[0..len).
 */
int mark_check_test(const struct mark_test *t, const char *name, char *why,
		    size_t len);

#endif
