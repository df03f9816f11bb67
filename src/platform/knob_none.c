/* SPDX-License-Identifier: MIT */
/*
 * knob_none.c - the portable fallback for knob.h where clyde knows no
 * block queue and no remount: nothing can be read, so --vary refuses its
 * system keys before changing anything.
 */
#include "knob.h"

#include <errno.h>
#include <stdio.h>

int knob_get(const char *kind, const char *where, char *out, size_t len)
{
	(void)kind;
	(void)where;
	if (len)
		out[0] = '\0';
	errno = ENOTSUP;
	return -1;
}

int knob_put(const char *kind, const char *where, const char *value)
{
	(void)kind;
	(void)where;
	(void)value;
	errno = ENOTSUP;
	return -1;
}

int knob_schedulers(const char *dev, char *out, size_t len)
{
	(void)dev;
	if (len)
		out[0] = '\0';
	errno = ENOTSUP;
	return -1;
}

void knob_scheduler_missing(const char *name, char *why, size_t len)
{
	(void)name;
	snprintf(why, len, "clyde cannot set schedulers on this system");
}

size_t knob_iosched(const char *dev, char (*names)[64], size_t max)
{
	(void)dev;
	(void)names;
	(void)max;
	return 0;
}

int knob_mount_text(const char *mp, char *out, size_t len)
{
	(void)mp;
	if (len)
		out[0] = '\0';
	errno = ENOTSUP;
	return -1;
}

const struct setting_access knob_access = { knob_get, knob_put };
