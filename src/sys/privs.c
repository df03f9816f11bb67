/* SPDX-License-Identifier: MIT */
/*
 * privs.c - user and group switching for -u/-g (the user's supplementary
 * groups too, with initgroups), and the refusal to run as root without
 * -u (bonnie++'s rule: a benchmark that writes tens of GiB should not do
 * so as root by accident; unlike bonnie++, -g alone does not count, as it
 * names no user and would leave clyde root).
 */
#include "privs.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A number that is all digits, or -1. */
static long numeric_id(const char *s)
{
	char *end;

	if (!*s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	long v = strtol(s, &end, 10);
	return (*end || errno || v > 0x7fffffffL) ? -1 : v;
}

static int find_group(const char *name, gid_t *gid, char *err, size_t len)
{
	struct group *gr = getgrnam(name);
	long id = numeric_id(name);

	if (gr) {
		*gid = gr->gr_gid;
		return 0;
	}
	if (id >= 0) {
		*gid = (gid_t)id;
		return 0;
	}
	snprintf(err, len, "-g/-u: no group named '%s'", name);
	return -1;
}

/* The user's uid and primary gid; the passwd name into LOGIN ("" without one). */
static int find_user(const char *name, uid_t *uid, gid_t *gid, char *login,
		     size_t login_len, char *err, size_t len)
{
	struct passwd *pw = getpwnam(name);
	long id = numeric_id(name);

	login[0] = '\0';
	if (!pw && id >= 0)
		pw = getpwuid((uid_t)id);
	if (pw) {
		*uid = pw->pw_uid;
		*gid = pw->pw_gid;
		snprintf(login, login_len, "%s", pw->pw_name);
		return 0;
	}
	if (id >= 0) { /* a uid with no passwd entry: bonnie++ uses "nogroup" */
		struct group *gr = getgrnam("nogroup");
		*uid = (uid_t)id;
		*gid = gr ? gr->gr_gid : (gid_t)id;
		return 0;
	}
	snprintf(err, len, "-u: no user named '%s'", name);
	return -1;
}

int privs_switch(const char *user, const char *group, long *uid_out,
		 long *gid_out, char *err, size_t len)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	char name[256], login[256] = "";

	/* -g alone names no user: as root it would still write as root. */
	if (!user && geteuid() == 0) {
		snprintf(err, len, "running as root needs -u user (or -u root to "
			 "run as root anyway)%s", group ? "; -g alone would keep "
			 "uid 0 (use -u root:GROUP for root with that group)"
			 : ", as with bonnie++");
		return -1;
	}
	if (!user && !group)
		return 0;
	if (user) {
		const char *colon = strchr(user, ':');
		size_t n = colon ? (size_t)(colon - user) : strlen(user);

		if (colon && group) {
			snprintf(err, len, "-u %s and -g %s both name a group", user, group);
			return -1;
		}
		if (n >= sizeof(name)) {
			snprintf(err, len, "-u: the user name is too long");
			return -1;
		}
		memcpy(name, user, n);
		name[n] = '\0';
		if (find_user(name, &uid, &gid, login, sizeof(login), err, len) != 0)
			return -1;
		if (colon)
			group = colon + 1;
	}
	if (group && find_group(group, &gid, err, len) != 0)
		return -1;
	/* The user's own supplementary groups (a directory it may write
	 * through one of them), plus the chosen group; only the chosen group
	 * for a uid with no passwd entry. */
	if (geteuid() == 0 && (login[0] ? initgroups(login, gid)
					: setgroups(1, &gid)) != 0) {
		snprintf(err, len, "cannot set the supplementary groups: %s",
			 strerror(errno));
		return -1;
	}
	if (setgid(gid) != 0) {
		snprintf(err, len, "cannot set gid to %ld: %s", (long)gid, strerror(errno));
		return -1;
	}
	if (setuid(uid) != 0) {
		snprintf(err, len, "cannot set uid to %ld: %s", (long)uid, strerror(errno));
		return -1;
	}
	*uid_out = (long)uid;
	*gid_out = (long)gid;
	return 1;
}
