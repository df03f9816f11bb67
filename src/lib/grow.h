/* SPDX-License-Identifier: MIT */
/*
 * grow.h - room for one more element in an array that doubles as it
 * fills: the one way clyde's growing lists (JSON arrays and objects, the
 * clean-up registry, kept runs, marks, the report's store and buffers)
 * make room.
 */
#ifndef GROW_H
#define GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * ARRAY, of SIZE-byte elements with *CAP allocated and COUNT in use, with
 * room for element COUNT: ARRAY itself when it has room, else ARRAY
 * reallocated to twice *CAP (FIRST when *CAP is 0) and *CAP set to that.
 * NULL when memory runs out or the size would overflow; ARRAY and *CAP
 * are then as they were, still the caller's to free.
 */
static inline void *grow_array(void *array, size_t count, size_t *cap,
			       size_t size, size_t first)
{
	size_t want;
	void *bigger;

	if (count < *cap)
		return array;
	want = *cap ? *cap * 2 : first;
	if (want <= *cap || want > SIZE_MAX / size)
		return NULL;
	bigger = realloc(array, want * size);
	if (bigger)
		*cap = want;
	return bigger;
}

#endif
