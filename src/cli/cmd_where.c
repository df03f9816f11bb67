/* SPDX-License-Identifier: MIT */
/*
 * cmd_where.c - `clyde where`: the mounted filesystems a user could test
 * (platform/mounts.h), one line each with its type, free space, whether it
 * is RAM, a disk or a network, whether the user clyde runs as may write
 * there, and its device with the disk's model (platform provenance), so
 * that choosing -d needs no other tool.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "command.h"
#include "exit_status.h"
#include "format/fmt_text.h"
#include "core/limit.h"
#include "platform/mounts.h"
#include "platform/provenance_read.h"
#include "session.h"
#include "sys/cleanup.h"

enum where_long { LONG_HELP = OPT_LONG_ONLY };

static const struct opt_row rows[] = {
	{ LONG_HELP, "help", no_argument, NULL, "print this help and exit",
	  .set = opt_ask_help },
};

const struct opt_set where_opt_set = {
	.name = "clyde where",
	.about = "clyde where lists the mounted filesystems clyde could test "
		 "in, one a line:\nwhere it is mounted, its type, the space free "
		 "to you, whether it is RAM\n(which clyde refuses without "
		 "--allow-memory), a disk or a network filesystem,\nwhether you "
		 "may write there (or in which directory), and its device with\n"
		 "the disk's model.",
	.rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]),
};

enum opt_outcome cmd_where_parse(void *state, int argc, char **argv, char *err,
				 size_t len)
{
	struct opt_state st = { .target = state, .err = err, .len = len };

	return opt_parse(&where_opt_set, argc - 1, argv + 1, &st);
}

/* Filesystems whose data is on another machine. */
static const char *const network_types[] = {
	"nfs", "nfs4", "cifs", "smb3", "smbfs", "ceph", "lustre", "glusterfs",
	"9p", "afs", "beegfs", "gpfs", "fuse.sshfs", "fuse.glusterfs",
	"fuse.cephfs", "virtiofs",
};

/* One line of the list. */
struct where_row {
	char mount_point[256], type[32], free[32], kind[16], write[128];
	char device[512];
};

static bool network(const char *type)
{
	for (size_t i = 0; i < sizeof(network_types) / sizeof(network_types[0]); i++)
		if (strcmp(type, network_types[i]) == 0)
			return true;
	return false;
}

/* "79.1 GiB", "512 MiB", "980 KiB": BYTES as a person reads free space. */
static void put_free(uint64_t bytes, char *buf, size_t len)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes / 1024.0;
	size_t u = 0;

	while (v >= 1024.0 && u + 1 < sizeof(units) / sizeof(units[0])) {
		v /= 1024.0;
		u++;
	}
	snprintf(buf, len, v < 100 && u > 0 ? "%.1f %s" : "%.0f %s", v, units[u]);
}

/*
 * The device of P's filesystem as mounted (SOURCE), then its disks with
 * their models: "/dev/mapper/vg0-root on sda (Samsung SSD 860 EVO)",
 * "/dev/vda (virtio)", "tmpfs".
 */
static void put_device(const char *source, const struct provenance *p,
		       char *buf, size_t len)
{
	size_t disks = p->n_disks < PROV_MAX_DISKS ? p->n_disks : PROV_MAX_DISKS;
	const char *sep = " on ";

	snprintf(buf, len, "%s", source);
	for (size_t i = 0; i < disks && i < 3; i++) {
		const struct prov_disk *d = &p->disks[i];
		const char *what = d->model[0] ? d->model : d->transport;
		const char *base = strrchr(source, '/');
		bool same = base && strcmp(base + 1, d->name) == 0;
		char part[160];

		snprintf(part, sizeof(part), "%s%s%s%s%s", same ? " " : sep,
			 same ? "" : d->name, what[0] ? (same ? "(" : " (") : "",
			 what, what[0] ? ")" : "");
		fmt_join(buf, len, "", part);
		sep = ", ";
	}
	if (disks > 3) {
		char more[32];

		snprintf(more, sizeof(more), " and %zu more", disks - 3);
		fmt_join(buf, len, "", more);
	}
	/* No disk: say what the device is, a loop device's file above all. */
	if (disks == 0 && p->n_layers > 0) {
		const struct prov_layer *l = &p->layers[0];
		char part[sizeof(l->detail) + 32];

		snprintf(part, sizeof(part), " (%s%s%s)", provenance_kind_name(l->kind),
			 l->kind == PROV_LOOP && l->detail[0] ? " of " : "",
			 l->kind == PROV_LOOP ? l->detail : "");
		fmt_join(buf, len, "", part);
	}
}

/*
 * Where the user may write on the filesystem of mount point MP (device
 * DEV): "yes" at the mount point, else "in DIR" for the first of $HOME,
 * /var/tmp and /tmp that is on it and writable, else "no".
 */
static void put_write(const char *mp, dev_t dev, char *buf, size_t len)
{
	const char *home = getenv("HOME");
	const char *dirs[] = { home && home[0] == '/' ? home : NULL, "/var/tmp",
			       "/tmp" };
	struct stat st;

	if (access(mp, W_OK) == 0) {
		snprintf(buf, len, "yes");
		return;
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (dirs[i] && stat(dirs[i], &st) == 0 && st.st_dev == dev &&
		    S_ISDIR(st.st_mode) && access(dirs[i], W_OK) == 0) {
			snprintf(buf, len, "in %s", dirs[i]);
			return;
		}
	snprintf(buf, len, "no");
}

/* The line of mount M into *R, P a scratch provenance; false to leave it out. */
static bool describe(const struct mount_entry *m, struct provenance *p,
		     struct where_row *r)
{
	struct statvfs vfs;
	struct stat st;
	char why[96];

	/* A file bind-mounted (a container's /etc/hosts) is no place to test. */
	if (stat(m->mount_point, &st) != 0 || !S_ISDIR(st.st_mode))
		return false;
	memset(r, 0, sizeof(*r));
	snprintf(r->mount_point, sizeof(r->mount_point), "%s", m->mount_point);
	snprintf(r->type, sizeof(r->type), "%s", m->type);
	if (statvfs(m->mount_point, &vfs) == 0 && vfs.f_blocks > 0)
		put_free((uint64_t)vfs.f_bavail * vfs.f_frsize, r->free,
			 sizeof(r->free));
	else
		snprintf(r->free, sizeof(r->free), "-");
	if (provenance_read(m->mount_point, "", p) != 0)
		provenance_clear(p);
	snprintf(p->fs.type, sizeof(p->fs.type), "%s", m->type);
	snprintf(r->kind, sizeof(r->kind), "%s",
		 limit_memory_fs(p, why, sizeof(why)) ? "RAM"
		 : network(m->type)                   ? "network"
		 : p->n_disks > 0 || m->major != 0    ? "disk"
						      : "other");
	put_write(m->mount_point, st.st_dev, r->write, sizeof(r->write));
	put_device(m->source, p, r->device, sizeof(r->device));
	return true;
}

static int by_mount_point(const void *a, const void *b)
{
	return strcmp(((const struct where_row *)a)->mount_point,
		      ((const struct where_row *)b)->mount_point);
}

/* ROWS[0..n) under a header, in columns as wide as their widest cell. */
static void print_rows(FILE *out, const struct where_row *rows, size_t n)
{
	static const struct where_row head = { "mount point", "type", "free",
					       "kind", "you may write",
					       "device (model)" };
	int w[5] = { 0 };

	for (size_t i = 0; i <= n; i++) {
		const struct where_row *r = i < n ? &rows[i] : &head;
		const char *cell[5] = { r->mount_point, r->type, r->free, r->kind,
					r->write };

		for (int c = 0; c < 5; c++)
			if ((int)strlen(cell[c]) > w[c])
				w[c] = (int)strlen(cell[c]);
	}
	for (size_t i = 0; i <= n; i++) {
		const struct where_row *r = i == 0 ? &head : &rows[i - 1];

		fprintf(out, "%-*s  %-*s  %*s  %-*s  %-*s  %s\n", w[0],
			r->mount_point, w[1], r->type, w[2], r->free, w[3], r->kind,
			w[4], r->write, r->device);
	}
}

int cmd_where_run(void *state, const struct command_env *env)
{
	struct mount_entry *m;
	struct where_row *rows;
	struct provenance *p;
	size_t n, shown = 0;

	(void)state;
	(void)env;
	cleanup_ignore_sigpipe();
	if (mounts_testable("", &m, &n) != 0)
		return session_fail(EXIT_SETUP, "where: cannot list the mounted "
				    "filesystems here: %s", strerror(errno));
	rows = calloc(n + 1, sizeof(*rows));
	p = malloc(sizeof(*p));
	if (!rows || !p) {
		free(m);
		free(rows);
		free(p);
		return session_fail(EXIT_SETUP, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		shown += describe(&m[i], p, &rows[shown]);
	qsort(rows, shown, sizeof(*rows), by_mount_point);
	print_rows(stdout, rows, shown);
	free(m);
	free(rows);
	free(p);
	return out_check(stdout, "stdout") == 0 ? EXIT_OK : session_fail_output();
}
