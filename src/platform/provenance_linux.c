/* SPDX-License-Identifier: MIT */
/*
 * provenance_linux.c - provenance_read() on Linux: the mountinfo line of
 * the test directory and the machine from /proc and /sys; provenance_sysfs.c
 * walks the block devices below the filesystem; a dm-crypt cipher among
 * them is timed (cipher_linux.c). Reads only the files named
 * here: never hostname or anything that names a user.
 */
#include "provenance_read.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "cipher.h"
#include "provenance_files.h"
#include "provenance_sysfs.h"

/* How well mount point MP holds DIR: its length, or -1 when it does not. */
static long holds(const char *mp, const char *dir)
{
	size_t n = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return 1;
	if (strncmp(dir, mp, n) == 0 && (dir[n] == '/' || dir[n] == '\0'))
		return (long)n;
	return -1;
}

/*
 * The mount of DIR (resolved) on device MAJOR:MINOR into fs: a line with
 * that device beats one without, then the longest mount point, then the
 * later line (it is mounted over the earlier). Returns 0, -1 if none.
 */
static int find_mount(const struct walker *w, const char *dir, unsigned major,
		      unsigned minor, struct prov_fs *fs)
{
	char path[PATH_MAX], *line = NULL;
	size_t cap = 0;
	long best = -1;
	bool best_dev = false;
	FILE *f;

	if (prov_path_at(path, sizeof(path), w->root, "/proc/self/mountinfo") != 0 ||
	    !(f = fopen(path, "re")))
		return -1;
	while (getline(&line, &cap, f) > 0) {
		struct prov_mount_line m;
		long len;
		bool dev;

		if (provenance_split_mountinfo(line, &m) != 0 ||
		    (len = holds(m.mount_point, dir)) < 0)
			continue;
		dev = m.major == major && m.minor == minor;
		if ((dev && !best_dev) || (dev == best_dev && len >= best)) {
			best = len;
			best_dev = dev;
			prov_copy(fs->type, sizeof(fs->type), m.type);
			prov_copy(fs->source, sizeof(fs->source), m.source);
			prov_copy(fs->mount_point, sizeof(fs->mount_point), m.mount_point);
			provenance_keep_options(m.options, fs->mount_options, sizeof(fs->mount_options));
			provenance_keep_options(m.super, fs->super_options, sizeof(fs->super_options));
		}
	}
	free(line);
	fclose(f);
	return best >= 0 ? 0 : -1;
}

/* The first value of KEY in a "key<tabs>: value" file such as /proc/cpuinfo. */
static bool find_key(const char *path, const char *key, char *out, size_t size)
{
	char *line = NULL;
	size_t cap = 0, n = strlen(key);
	bool found = false;
	FILE *f = fopen(path, "re");

	while (f && !found && getline(&line, &cap, f) > 0) {
		char *colon = strchr(line, ':');

		if (!colon || strncmp(line, key, n) != 0 ||
		    strspn(line + n, " \t") != (size_t)(colon - line - (long)n))
			continue;
		colon += 1 + strspn(colon + 1, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		prov_copy(out, size, colon);
		found = out[0] != '\0';
	}
	free(line);
	if (f)
		fclose(f);
	return found;
}

static void read_machine(const struct walker *w, struct prov_machine *m)
{
	static const char *const cpu_keys[] = { "model name", "cpu model", "Processor" };
	char path[PATH_MAX], type[64], release[128], text[128];
	uint64_t kib;

	if (prov_path_at(path, sizeof(path), w->root, "/proc/sys/kernel") == 0 &&
	    prov_read_in(path, "ostype", type, sizeof(type)) == 0 &&
	    prov_read_in(path, "osrelease", release, sizeof(release)) == 0) {
		snprintf(text, sizeof(text), "%.40s %.80s", type, release);
		prov_copy(m->kernel, sizeof(m->kernel), text);
	}
	if (prov_path_at(path, sizeof(path), w->root, "/proc/cpuinfo") == 0)
		for (size_t i = 0; i < 3 && !m->cpu_model[0]; i++)
			find_key(path, cpu_keys[i], m->cpu_model, sizeof(m->cpu_model));
	if (prov_path_at(path, sizeof(path), w->root, "/proc/meminfo") == 0 &&
	    find_key(path, "MemTotal", text, sizeof(text)) &&
	    sscanf(text, "%" SCNu64 " kB", &kib) == 1 && kib < UINT64_MAX / 1024)
		m->ram_bytes = kib * 1024;
	if (prov_path_at(path, sizeof(path), w->root, "/sys/devices/system/cpu") == 0) {
		if (prov_read_in(path, "online", text, sizeof(text)) == 0)
			m->cpus_online = provenance_count_cpus(text);
		if (prov_read_in(path, "cpu0/cpufreq/scaling_governor", text, sizeof(text)) == 0)
			prov_copy(m->governor, sizeof(m->governor), text);
	}
}

/* How long cipher_measure runs each direction: about 0.3 s in all. */
#define CIPHER_BUDGET_NS 150000000ULL

/*
 * The stack's dm-crypt cipher as the crypto API names it, and on the
 * running system its speed on one core; why not, when not.
 */
static void measure_cipher(const struct walker *w, struct prov_cipher *c)
{
	if (c->layer < 0)
		return;
	if (!c->spec[0])
		snprintf(c->not_measured, sizeof(c->not_measured),
			 "the cipher is read only when clyde starts as root");
	else if (cipher_algorithm(c->spec, c->algorithm, sizeof(c->algorithm)) != 0)
		snprintf(c->not_measured, sizeof(c->not_measured),
			 "no crypto API name for %.60s", c->spec);
	else if (!w->live)
		snprintf(c->not_measured, sizeof(c->not_measured),
			 "not the running system");
	else
		cipher_measure(c, CIPHER_BUDGET_NS);
}

int provenance_read(const char *dir, const char *root, struct provenance *out)
{
	struct walker w = { root, root[0] == '\0', out };
	char real[PATH_MAX], link[PATH_MAX], dev_dir[PATH_MAX];
	struct stat st;

	provenance_clear(out);
	read_machine(&w, &out->machine);
	if (stat(dir, &st) != 0 || !realpath(dir, real))
		return -1;
	provenance_read_space(dir, &out->fs);
	if (find_mount(&w, real, major(st.st_dev), minor(st.st_dev), &out->fs) != 0)
		return 0;
	if (strcmp(out->fs.type, "btrfs") == 0)
		prov_btrfs_stack(&w, out->fs.source);
	else if (major(st.st_dev) != 0 &&
		 prov_path_at(link, sizeof(link), root, "/sys/dev/block/%u:%u",
			 major(st.st_dev), minor(st.st_dev)) == 0 &&
		 realpath(link, dev_dir))
		prov_walk(&w, dev_dir, -1, 0);
	measure_cipher(&w, &out->cipher);
	return 0;
}
