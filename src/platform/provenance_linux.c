/* SPDX-License-Identifier: MIT */
/*
 * provenance_linux.c - provenance.h on Linux: the mountinfo line of the
 * test directory, the machine from /proc and /sys, and the helpers that
 * read both under the root prefix; provenance_sysfs.c walks the block
 * devices below the filesystem. Reads only the files named here: never
 * hostname or anything that names a user.
 */
#include "provenance_read.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "core/parse.h"
#include "lib/utf8.h"
#include "provenance_linux.h"

/* ROOT followed by the formatted path into BUF; -1 if it does not fit. */
int prov_path_at(char *buf, size_t size, const char *root, const char *fmt, ...)
{
	size_t n = strlen(root);
	va_list ap;
	int m;

	if (n >= size)
		return -1;
	memcpy(buf, root, n);
	va_start(ap, fmt);
	m = vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	return m < 0 || (size_t)m >= size - n ? -1 : 0;
}

/* SRC into DST[0..size), cut at a UTF-8 character boundary. */
void prov_copy(char *dst, size_t size, const char *src)
{
	size_t n = utf8_cut_bytes(src, strlen(src), size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * The first line of DIR/NAME (NAME may be "" for DIR itself), without the
 * newline and the padding spaces SCSI strings carry; -1 if unreadable or
 * empty.
 */
int prov_read_in(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	size_t len, start = 0;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s%s%s", dir, name[0] ? "/" : "",
		     name) >= (int)sizeof(path))
		return -1;
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	len = strcspn(buf, "\n");
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	while (start < len && buf[start] == ' ')
		start++;
	memmove(buf, buf + start, len - start);
	buf[len - start] = '\0';
	return buf[0] ? 0 : -1;
}

/* A decimal number in DIR/NAME; false if absent or not a number. */
bool prov_read_u64_in(const char *dir, const char *name, uint64_t *out)
{
	char text[64];
	struct parse_error err;
	int64_t v;

	if (prov_read_in(dir, name, text, sizeof(text)) != 0 ||
	    parse_int_range(text, 0, INT64_MAX, &v, &err) != 0)
		return false;
	*out = (uint64_t)v;
	return true;
}

bool prov_exists_in(const char *dir, const char *name)
{
	char path[PATH_MAX];

	return snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) &&
	       access(path, F_OK) == 0;
}

/* The last component of PATH. */
const char *prov_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* DIR/NAME resolved into OUT (PATH_MAX); -1 if it does not resolve. */
int prov_resolve_in(const char *dir, const char *name, char *out)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -1;
	return realpath(path, out) ? 0 : -1;
}

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
	return 0;
}
