/* SPDX-License-Identifier: MIT */
/*
 * vary_sys.c - --vary's system keys on the machine (vary_sys.h): the
 * disks and mounts under the directories, the checks before any I/O, the
 * trial, each setup's changes through the settings registry, FITRIM.
 */
#include "vary_sys.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/knob.h"
#include "setup.h"
#include "sys/out.h"
#include "vary.h"

/* NAME into LIST[0..*n) once. */
static void add_name(char (*list)[64], size_t *n, size_t max, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(list[i], name) == 0)
			return;
	if (*n < max)
		snprintf(list[(*n)++], sizeof(list[0]), "%s", name);
}

/* The bottom and top devices of P's stack, and its mount point, into VS. */
static void gather(struct vary_sys *vs, const struct provenance *p)
{
	for (size_t i = 0; i < p->n_layers; i++) {
		bool leaf = true;

		for (size_t j = 0; j < p->n_layers; j++)
			leaf &= p->layers[j].above != (int)i;
		if (leaf && p->layers[i].kind != PROV_PARTITION)
			add_name(vs->leaves, &vs->n_leaves, VARY_SYS_MAX_DEVICES,
				 p->layers[i].name);
		if (p->layers[i].above == -1)
			add_name(vs->tops, &vs->n_tops, VARY_SYS_MAX_DEVICES,
				 p->layers[i].name);
	}
	for (size_t i = 0; i < vs->n_mounts; i++)
		if (strcmp(vs->mounts[i], p->fs.mount_point) == 0)
			return;
	if (p->fs.mount_point[0] && vs->n_mounts < VARY_SYS_MAX_MOUNTS)
		snprintf(vs->mounts[vs->n_mounts++], sizeof(vs->mounts[0]), "%s",
			 p->fs.mount_point);
}

/* Every value of the scheduler axis A offered by every disk, or a refusal. */
static int check_schedulers(const struct vary_sys *vs, const struct vary_axis *a,
			    char *err, size_t len)
{
	for (size_t d = 0; d < vs->n_leaves; d++) {
		char offered[256], why[160];

		if (knob_schedulers(vs->leaves[d], offered, sizeof(offered)) != 0)
			return out_errf(err, len, "--vary scheduler: cannot read the "
				    "schedulers of %s: %s", vs->leaves[d],
				    strerror(errno));
		for (size_t i = 0; i < a->n; i++) {
			if (knob_in_list(offered, vary_value(a, i)))
				continue;
			knob_scheduler_missing(vary_value(a, i), why, sizeof(why));
			return out_errf(err, len, "--vary scheduler=%s: %s offers %s; %s "
				    "is missing: %s", vary_value(a, i), vs->leaves[d],
				    offered, vary_value(a, i), why);
		}
	}
	return 0;
}

/* Whether the mount at MP is the filesystem that holds /. */
static bool holds_root(const char *mp)
{
	struct stat a, b;

	return stat("/", &a) == 0 && stat(mp, &b) == 0 && a.st_dev == b.st_dev;
}

/* The checks of one key K (its axis A) against what VS found. */
static int check_key(const struct vary_sys *vs, const struct vary_axis *a,
		     const struct run_target *t, char *err, size_t len)
{
	const char *name = vary_keys[a->key].name;
	char fs[64];
	bool disks = a->key == VARY_SCHEDULER || a->key == VARY_NR_REQUESTS ||
		     a->key == VARY_WRITE_CACHE || a->key == VARY_READ_AHEAD;

	snprintf(fs, sizeof(fs), "%s", t->prov.fs.type[0] ? t->prov.fs.type : "?");
	if (disks && (vs->n_leaves == 0 || vs->n_tops == 0))
		return out_errf(err, len, "--vary %s: %s is on %s, with no block device "
			    "clyde can find under it: no disk to change", name,
			    t->prov.fs.mount_point[0] ? t->prov.fs.mount_point : "-d",
			    fs);
	if (a->key == VARY_SCHEDULER)
		return check_schedulers(vs, a, err, len);
	if (a->key == VARY_MOUNT || a->key == VARY_TRIM) {
		if (vs->n_mounts == 0)
			return out_errf(err, len, "--vary %s: the mount under -d cannot be "
				    "found", name);
	}
	if (a->key == VARY_MOUNT && !vs->spec->root_fs)
		for (size_t i = 0; i < vs->n_mounts; i++)
			if (holds_root(vs->mounts[i]))
				return out_errf(err, len, "--vary mount: %s is the "
					    "filesystem that holds /, and remounting "
					    "it changes the whole system; give "
					    "--vary-root-fs to do it anyway",
					    vs->mounts[i]);
	return 0;
}

int vary_sys_prepare(struct vary_sys *vs, const struct vary_spec *spec,
		     const struct run_target *targets, size_t n,
		     const char *journal_dir, char *err, size_t len)
{
	memset(vs, 0, sizeof(*vs));
	vs->spec = spec;
	vs->active = vary_changes_machine(spec);
	if (!vs->active)
		return 0;
	for (size_t i = 0; i < spec->n; i++)
		if (vary_keys[spec->axis[i].key].system && geteuid() != 0)
			return out_errf(err, len, "--vary %s changes the machine's "
				    "settings and puts them back after: clyde must "
				    "run as root throughout (-u root)",
				    vary_keys[spec->axis[i].key].name);
	for (size_t t = 0; t < n; t++)
		gather(vs, &targets[t].prov);
	for (size_t i = 0; i < spec->n; i++)
		if (vary_keys[spec->axis[i].key].system &&
		    check_key(vs, &spec->axis[i], &targets[0], err, len) != 0)
			return -1;
	if (vary_axis_of(spec, VARY_TRIM)) {
		for (size_t t = 0; t < n; t++) {
			struct fitrim_result r;

			if (setup_trim(&targets[t], "--vary trim", &r, err, len) != 0)
				return -1;
		}
	}
	if (setting_begin(journal_dir, &knob_access) != 0)
		return out_errf(err, len, "--vary: cannot keep the journal of the "
			    "settings it changes in %s: %s", journal_dir,
			    strerror(errno));
	return 0;
}

/* KIND at WHERE to VALUE through the registry, or the failure in ERR. */
static int change(const char *kind, const char *where, const char *value,
		  char *err, size_t len)
{
	struct setting_failure f;

	if (setting_change(kind, where, value, &f) == 0)
		return 0;
	vary_sys_failure(&f, err, len);
	return -1;
}

/* Record KIND at WHERE, or the failure in ERR. */
static int record(const char *kind, const char *where, char *err, size_t len)
{
	struct setting_failure f;
	long pid;

	if (setting_record(kind, where, &pid) == 0)
		return 0;
	memset(&f, 0, sizeof(f));
	snprintf(f.kind, sizeof(f.kind), "%s", kind);
	snprintf(f.where, sizeof(f.where), "%s", where);
	snprintf(f.now, sizeof(f.now), "%ld", pid);
	f.errnum = errno;
	vary_sys_failure(&f, err, len);
	return -1;
}

/*
 * DEV's scheduler to NAME. The first time, the queue depth and the
 * scheduler's tunables are recorded too, after the scheduler, so that
 * they are put back after it: a switch resets them.
 */
static int set_scheduler(const char *dev, const char *name, char *err, size_t len)
{
	char path[512], dep[512], tunables[32][64];

	knob_queue_path(dev, "scheduler", path, sizeof(path));
	if (!setting_is_recorded(KNOB_SCHEDULER, path)) {
		size_t n = knob_iosched(dev, tunables, 32);

		if (record(KNOB_SCHEDULER, path, err, len) != 0 ||
		    record(KNOB_SYSFS, knob_queue_path(dev, "nr_requests", dep,
						       sizeof(dep)), err, len) != 0)
			return -1;
		for (size_t i = 0; i < n; i++) {
			char attr[128];

			snprintf(attr, sizeof(attr), "iosched/%s", tunables[i]);
			if (record(KNOB_SYSFS, knob_queue_path(dev, attr, dep,
							       sizeof(dep)),
				   err, len) != 0)
				return -1;
		}
	}
	return change(KNOB_SCHEDULER, path, name, err, len);
}

/* One axis's value V for setup S on every device or mount it acts on. */
static int apply_axis(const struct vary_sys *vs, const struct vary_axis *a,
		      const char *v, char *err, size_t len)
{
	char path[512], kind[64];

	switch (a->key) {
	case VARY_SCHEDULER:
		for (size_t d = 0; d < vs->n_leaves; d++)
			if (set_scheduler(vs->leaves[d], v, err, len) != 0)
				return -1;
		return 0;
	case VARY_NR_REQUESTS:
	case VARY_WRITE_CACHE:
		for (size_t d = 0; d < vs->n_leaves; d++) {
			bool depth = a->key == VARY_NR_REQUESTS;
			const char *value = depth ? v
					    : strcmp(v, "write-back") == 0 ? "write back"
									   : "write through";

			knob_queue_path(vs->leaves[d], depth ? "nr_requests"
							     : "write_cache",
					path, sizeof(path));
			if (change(KNOB_SYSFS, path, value, err, len) != 0)
				return -1;
		}
		return 0;
	case VARY_READ_AHEAD:
		for (size_t d = 0; d < vs->n_tops; d++)
			if (change(KNOB_SYSFS, knob_queue_path(vs->tops[d],
							       "read_ahead_kb", path,
							       sizeof(path)),
				   v, err, len) != 0)
				return -1;
		return 0;
	case VARY_MOUNT:
		knob_mount_kind(knob_mount_group(v), kind, sizeof(kind));
		for (size_t m = 0; m < vs->n_mounts; m++)
			if (change(kind, vs->mounts[m], v, err, len) != 0)
				return -1;
		return 0;
	default:
		return 0; /* trim changes nothing; the rest are clyde's own */
	}
}

int vary_sys_apply(const struct vary_sys *vs, size_t s, char *err, size_t len)
{
	const struct vary_spec *spec = vs->spec;

	if (!vs->active)
		return 0;
	for (size_t i = 0; i < spec->n; i++)
		if (vary_keys[spec->axis[i].key].system &&
		    apply_axis(vs, &spec->axis[i],
			       vary_value(&spec->axis[i], vary_value_index(spec, s, i)),
			       err, len) != 0)
			return -1;
	return 0;
}

int vary_sys_trial(const struct vary_sys *vs, char *err, size_t len)
{
	struct setting_failure f;
	int rc = 0;

	if (!vs->active)
		return 0;
	for (size_t s = 0; rc == 0 && s < vary_setups(vs->spec); s++)
		rc = vary_sys_apply(vs, s, err, len);
	if (setting_restore(&f, NULL, NULL) != 0 && rc == 0) {
		char what[1024];

		vary_sys_failure(&f, what, sizeof(what));
		return out_errf(err, len, "--vary: after trying every setup, %s", what);
	}
	return rc;
}

bool vary_sys_trims(const struct vary_spec *spec, size_t s)
{
	for (size_t i = 0; i < spec->n; i++)
		if (spec->axis[i].key == VARY_TRIM)
			return strcmp(vary_value(&spec->axis[i],
						 vary_value_index(spec, s, i)),
				      "before") == 0;
	return false;
}

void vary_sys_failure(const struct setting_failure *f, char *err, size_t len)
{
	char what[SETTING_TEXT_MAX + 96];

	if (strncmp(f->kind, KNOB_MOUNT, strlen(KNOB_MOUNT)) == 0)
		snprintf(what, sizeof(what), "the %s option of the mount at %s",
			 f->kind + strlen(KNOB_MOUNT), f->where);
	else
		snprintf(what, sizeof(what), "%s", f->where);
	if (f->errnum == EBUSY)
		snprintf(err, len, "%s: another clyde (process %s) is varying it "
			 "now; run one at a time", what, f->now);
	else if (f->errnum && !f->value[0])
		snprintf(err, len, "%s: cannot record it: %s", what,
			 strerror(f->errnum));
	else if (f->errnum)
		snprintf(err, len, "%s: cannot set it to '%s': %s", what, f->value,
			 strerror(f->errnum));
	else
		snprintf(err, len, "%s: set to '%s', but it reads '%s'", what,
			 f->value, f->now);
}
