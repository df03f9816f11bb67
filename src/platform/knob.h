/* SPDX-License-Identifier: MIT */
/*
 * knob.h - the machine's settings clyde can vary (--vary) and put back:
 * block-queue attributes in sysfs (the scheduler, nr_requests,
 * read_ahead_kb, write_cache and the scheduler's own tunables), and mount
 * options changed by remount, one group of mutually exclusive options at
 * a time. knob_access reads and writes them for the settings registry
 * (sys/setting.h). knob.c holds the portable tables and parsers,
 * knob_linux.c the machine, knob_none.c the fallback that changes nothing.
 */
#ifndef KNOB_H
#define KNOB_H

#include <stdbool.h>
#include <stddef.h>

#include "sys/setting.h"

/* Setting kinds (setting.h's KIND). WHERE is a sysfs path for the first
 * two, a mount point for the third. */
#define KNOB_SYSFS "sysfs"         /* an attribute: the text it reads */
#define KNOB_SCHEDULER "scheduler" /* queue/scheduler: the selected one */
#define KNOB_MOUNT "mount:"        /* "mount:GROUP": GROUP's option in force */

/* knob_get and knob_put, for the settings registry. */
extern const struct setting_access knob_access;

/*
 * The value of KIND at WHERE into OUT (one line, its newline and padding
 * cut): 0, or -1 with errno (ENOTSUP where the platform has none).
 */
int knob_get(const char *kind, const char *where, char *out, size_t len);

/* Set KIND at WHERE to VALUE: 0, or -1 with errno (the kernel's). */
int knob_put(const char *kind, const char *where, const char *value);

/* "/sys/class/block/DEV/queue/ATTR" into OUT. Returns OUT. */
char *knob_queue_path(const char *dev, const char *attr, char *out, size_t len);

/*
 * The schedulers DEV's queue offers, space-separated ("none mq-deadline
 * kyber"), into OUT: 0, or -1 with errno.
 */
int knob_schedulers(const char *dev, char *out, size_t len);

/* "none [mq-deadline] kyber" -> "none mq-deadline kyber" into OUT; pure. */
void knob_scheduler_list(const char *line, char *out, size_t len);

/* "none [mq-deadline] kyber" -> "mq-deadline" into OUT; pure. */
void knob_scheduler_selected(const char *line, char *out, size_t len);

/* Whether WORD is one of the words of the space-separated LIST; pure. */
bool knob_in_list(const char *list, const char *word);

/*
 * Why this kernel does not offer scheduler NAME, into WHY: "its module is
 * not loaded (modprobe NAME)" or "this kernel (RELEASE) does not have it".
 */
void knob_scheduler_missing(const char *name, char *why, size_t len);

/*
 * The tunables of the scheduler DEV's queue has now that root may write
 * (queue/iosched/NAME), into NAMES[0..max); returns how many (0 for none,
 * or when there is no such directory).
 */
size_t knob_iosched(const char *dev, char (*names)[64], size_t max);

/*
 * The group of mount option OPTION ("atime" for noatime, relatime and
 * strictatime; "diratime", "discard", "sync", "lazytime", "barrier"), or
 * NULL when clyde does not vary it. Pure.
 */
const char *knob_mount_group(const char *option);

/* The options knob_mount_group knows, for messages: "noatime, ...". */
const char *knob_mount_options_known(void);

/* The kind of GROUP's setting: "mount:GROUP" into OUT. Returns OUT. */
char *knob_mount_kind(const char *group, char *out, size_t len);

/*
 * The options of the mount at MP as /proc/self/mountinfo shows them, the
 * mount's then the superblock's ("rw,relatime rw,discard"), into OUT: 0,
 * or -1 with errno (ENOENT: MP is not a mount point).
 */
int knob_mount_text(const char *mp, char *out, size_t len);

/*
 * GROUP's option in force given the mount's options MOUNT ("rw,noatime")
 * and the superblock's SUPER ("rw,discard"), as mountinfo shows them:
 * "noatime", "nodiscard", ...; NULL for a group it does not know. Pure.
 */
const char *knob_mount_state(const char *group, const char *mount,
			     const char *super);

#endif
