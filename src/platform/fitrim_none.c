/* SPDX-License-Identifier: MIT */
/*
 * fitrim_none.c - the portable fallback for fitrim.h: no FITRIM here.
 */
#include "fitrim.h"

#include <errno.h>

int fitrim_run(int fd, struct fitrim_result *r)
{
	(void)fd;
	r->bytes = r->elapsed_ns = 0;
	errno = ENOTSUP;
	return -1;
}
