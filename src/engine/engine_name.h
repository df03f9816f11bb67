/* SPDX-License-Identifier: MIT */
/*
 * engine_name.h - the one spelling of the engines' names ("auto",
 * "io_uring", "aio", "threads"), for the options, the formats and the
 * readers. engine_name.c holds only the names: linking it links no engine.
 */
#ifndef ENGINE_NAME_H
#define ENGINE_NAME_H

#include "results.h"

/* "io_uring", "aio", "threads" or "auto"; "unknown" for any other KIND. */
const char *engine_name(enum engine_kind kind);

/* The kind named NAME (engine_name's words) into *OUT; -1/EINVAL when none is. */
int engine_from_name(const char *name, enum engine_kind *out);

#endif
