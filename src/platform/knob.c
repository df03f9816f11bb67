/* SPDX-License-Identifier: MIT */
/*
 * knob.c - the portable part of knob.h: the mount options clyde varies
 * and how mountinfo shows each group's state, the scheduler line's
 * parsers, the sysfs paths. knob_get, knob_put and knob_access are the
 * platform's.
 */
#include "knob.h"

#include <stdio.h>
#include <string.h>

char *knob_queue_path(const char *dev, const char *attr, char *out, size_t len)
{
	snprintf(out, len, "/sys/class/block/%s/queue/%s", dev, attr);
	return out;
}

bool knob_in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");

		if (len == n && n > 0 && strncmp(p, word, n) == 0)
			return true;
		p += len;
		p += strspn(p, " ");
	}
	return false;
}

/* Copy the words of LINE to OUT without brackets; the bracketed one into SEL. */
static void scheduler_words(const char *line, char *out, size_t len, char *sel,
			    size_t sel_len)
{
	size_t n = 0;

	if (len)
		out[0] = '\0';
	if (sel_len)
		sel[0] = '\0';
	for (const char *p = line; *p;) {
		p += strspn(p, " \t\n");
		size_t w = strcspn(p, " \t\n");
		bool chosen = w >= 2 && p[0] == '[' && p[w - 1] == ']';
		const char *word = chosen ? p + 1 : p;
		size_t wl = chosen ? w - 2 : w;

		if (w == 0)
			break;
		if (chosen && sel_len)
			snprintf(sel, sel_len, "%.*s", (int)wl, word);
		if (len && n + wl + 2 <= len) {
			n += (size_t)snprintf(out + n, len - n, "%s%.*s", n ? " " : "",
					      (int)wl, word);
		}
		p += w;
	}
}

void knob_scheduler_list(const char *line, char *out, size_t len)
{
	scheduler_words(line, out, len, NULL, 0);
}

void knob_scheduler_selected(const char *line, char *out, size_t len)
{
	char all[256];

	scheduler_words(line, all, sizeof(all), out, len);
	/* A queue with a single choice shows it without brackets. */
	if (len && out[0] == '\0' && !strchr(all, ' '))
		snprintf(out, len, "%s", all);
}

/* The options clyde varies by remount, each in its group. */
static const struct {
	const char *name, *group;
} mount_options[] = {
	{ "noatime", "atime" },       { "relatime", "atime" },
	{ "strictatime", "atime" },   { "nodiratime", "diratime" },
	{ "diratime", "diratime" },   { "discard", "discard" },
	{ "nodiscard", "discard" },   { "sync", "sync" },
	{ "async", "sync" },          { "lazytime", "lazytime" },
	{ "nolazytime", "lazytime" }, { "barrier", "barrier" },
	{ "nobarrier", "barrier" },
};
#define N_MOUNT_OPTIONS (sizeof(mount_options) / sizeof(mount_options[0]))

const char *knob_mount_group(const char *option)
{
	for (size_t i = 0; i < N_MOUNT_OPTIONS; i++)
		if (strcmp(mount_options[i].name, option) == 0)
			return mount_options[i].group;
	return NULL;
}

const char *knob_mount_options_known(void)
{
	return "noatime, relatime, strictatime, nodiratime, diratime, discard, "
	       "nodiscard, sync, async, lazytime, nolazytime, barrier, nobarrier";
}

char *knob_mount_kind(const char *group, char *out, size_t len)
{
	snprintf(out, len, KNOB_MOUNT "%s", group);
	return out;
}

/* Whether the comma-separated OPTIONS hold NAME, or NAME=... when ANY_VALUE. */
static bool has_option(const char *options, const char *name, bool any_value)
{
	size_t n = strlen(name);

	for (const char *p = options; *p;) {
		size_t len = strcspn(p, ",");

		if ((len == n || (any_value && len > n && p[n] == '=')) &&
		    strncmp(p, name, n) == 0)
			return true;
		p += len;
		p += *p == ',';
	}
	return false;
}

const char *knob_mount_state(const char *group, const char *mount,
			     const char *super)
{
	if (strcmp(group, "atime") == 0)
		return has_option(mount, "noatime", false)    ? "noatime"
		       : has_option(mount, "relatime", false) ? "relatime"
							      : "strictatime";
	if (strcmp(group, "diratime") == 0)
		return has_option(mount, "nodiratime", false) ? "nodiratime"
							      : "diratime";
	if (strcmp(group, "discard") == 0)
		return has_option(super, "discard", true) ? "discard" : "nodiscard";
	if (strcmp(group, "sync") == 0)
		return has_option(super, "sync", false) ? "sync" : "async";
	if (strcmp(group, "lazytime") == 0)
		return has_option(super, "lazytime", false) ? "lazytime"
							    : "nolazytime";
	if (strcmp(group, "barrier") == 0)
		return has_option(super, "nobarrier", false) ||
			       has_option(super, "barrier=0", false)
			       ? "nobarrier"
			       : "barrier";
	return NULL;
}
