/* SPDX-License-Identifier: MIT */
/*
 * vary_sys.h - --vary's keys that change the machine, on the machine:
 * which disks and mounts they act on (found through each directory's
 * provenance: the disks at the bottom of the device stack for the
 * scheduler, nr_requests and the write cache; the filesystem's own device
 * for read-ahead; the mount point for mount options), the checks made
 * before any I/O (root, a disk found, values the kernel offers, the
 * filesystem holding /), a trial of every setup that is put back at once,
 * each setup's changes through the settings registry (sys/setting.h), and
 * FITRIM before a run. Says nothing itself: errors come back as text.
 */
#ifndef VARY_SYS_H
#define VARY_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "run.h"
#include "sys/setting.h"

#define VARY_SYS_MAX_DEVICES PROV_MAX_LAYERS
#define VARY_SYS_MAX_MOUNTS VARY_MAX_VALUES

/* What --vary's system keys act on, found once at set-up. */
struct vary_sys {
	const struct vary_spec *spec;
	bool active;                 /* some key changes the machine */
	size_t n_leaves, n_tops, n_mounts;
	char leaves[VARY_SYS_MAX_DEVICES][64]; /* scheduler, nr_requests, write_cache */
	char tops[VARY_SYS_MAX_DEVICES][64];   /* read_ahead_kb */
	char mounts[VARY_SYS_MAX_MOUNTS][256]; /* remounted */
};

/*
 * Find what SPEC's system keys act on under the N TARGETS (set up, their
 * provenance read) and check, before any I/O, that they can be changed
 * and put back: clyde runs as root, a disk or mount is found, every
 * scheduler named is offered by every disk (the missing ones said, and
 * why), the filesystem holding / is remounted only with --vary-root-fs,
 * and the journal can be kept in JOURNAL_DIR. 0 (vs->active false when
 * no key changes the machine), or -1 with the refusal in ERR.
 */
int vary_sys_prepare(struct vary_sys *vs, const struct vary_spec *spec,
		     const struct run_target *targets, size_t n,
		     const char *journal_dir, char *err, size_t len);

/*
 * Make setup S's changes to the machine (none when vs->active is false),
 * each original recorded and journalled first; a scheduler's queue depth
 * and tunables are recorded too, as switching it resets them. 0, or -1
 * with what failed in ERR.
 */
int vary_sys_apply(const struct vary_sys *vs, size_t s, char *err, size_t len);

/*
 * Before any I/O: every setup's changes made and checked, then every
 * setting put back, so that a value the kernel refuses is refused now.
 * 0, or -1 with the refusal in ERR (everything put back that could be).
 */
int vary_sys_trial(const struct vary_sys *vs, char *err, size_t len);

/* Whether setup S trims before its run (trim=before). */
bool vary_sys_trims(const struct vary_spec *spec, size_t s);

/* F, a setting that failed, in words into ERR. */
void vary_sys_failure(const struct setting_failure *f, char *err, size_t len);

#endif
