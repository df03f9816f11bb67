/* SPDX-License-Identifier: MIT */
/*
 * privs.h - bonnie++'s user rules: as root clyde runs only when told whom to
 * run as (-u/-g), and then switches to that user and group before it
 * creates anything.
 */
#ifndef PRIVS_H
#define PRIVS_H

#include <stddef.h>

/*
 * Switch to USER ("name", "uid", "name:group") and/or GROUP (name or gid),
 * either may be NULL; a user with a passwd entry gets its supplementary
 * groups (initgroups). Refuses to go on as root without USER (GROUP alone
 * names nobody to run as). Returns
 * 1 after a switch (the ids now in force in *uid and *gid), 0 when there
 * was nothing to switch, or -1 with a one-line reason in ERR (no "clyde: "
 * prefix).
 */
int privs_switch(const char *user, const char *group, long *uid, long *gid,
		 char *err, size_t len);

#endif
