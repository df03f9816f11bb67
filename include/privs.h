/* SPDX-License-Identifier: MIT */
/*
 * privs.h - bonnie++'s user rules: as root clyde runs only when told whom to
 * run as (-u/-g), and then switches to that user and group before it
 * creates anything.
 */
#ifndef PRIVS_H
#define PRIVS_H

#include <stddef.h>
#include <stdio.h>

/*
 * Switch to USER ("name", "uid", "name:group") and/or GROUP (name or gid),
 * either may be NULL. Refuses to go on as root when both are NULL. Reports
 * "Using uid:U, gid:G." on NOTE (unless NULL) after a switch. Returns 0, or
 * -1 with a one-line reason in ERR (no "clyde: " prefix).
 */
int privs_switch(const char *user, const char *group, FILE *note, char *err,
		 size_t len);

#endif
