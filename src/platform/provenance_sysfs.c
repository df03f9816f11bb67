/* SPDX-License-Identifier: MIT */
/*
 * provenance_sysfs.c - the block-device stack under a filesystem, from
 * sysfs: each layer classified (partition, dm-crypt, LVM, other dm, md,
 * loop, disk) and followed down through `slaves` (a partition to its disk),
 * btrfs's devices from /sys/fs/btrfs/UUID/devices, and each disk's queue,
 * identity, driver, transport and link (link_linux.c). Only the attributes named here are read:
 * never serial, wwid, vpd_pg*.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/dm-ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "link.h"
#include "provenance_files.h"
#include "provenance_sysfs.h"

/* "none [mq-deadline] kyber" -> "mq-deadline"; a lone word stays itself. */
static void selected_scheduler(const char *line, char *out, size_t size)
{
	const char *open = strchr(line, '['), *close = open ? strchr(open, ']') : NULL;
	char word[64];
	size_t n = open && close ? (size_t)(close - open - 1) : strcspn(line, " ");

	if (n >= sizeof(word))
		return;
	memcpy(word, open && close ? open + 1 : line, n);
	word[n] = '\0';
	prov_copy(out, size, word);
}

static bool skipped_driver(const char *name)
{
	/* SCSI's upper-level drivers sit on every SCSI disk: not the transport's. */
	return strcmp(name, "sd") == 0 || strcmp(name, "sr") == 0;
}

/*
 * The driver of DEVICE or of the nearest parent that has one, going up the
 * device tree: ahci or ata_piix for a SATA disk (its own is sd), nvme,
 * usb-storage or uas, virtio_blk.
 */
static void find_driver(const struct walker *w, const char *device, char *out,
			size_t size)
{
	char path[PATH_MAX], link[PATH_MAX], top[PATH_MAX], where[PATH_MAX];
	size_t floor_len;

	/* Up to /sys/devices, both resolved: never past the tree's top. */
	if (prov_path_at(where, sizeof(where), w->root, "/sys/devices") != 0 ||
	    !realpath(where, top) || !realpath(device, path))
		return;
	floor_len = strlen(top);
	for (int step = 0; step < 32 && strlen(path) > floor_len; step++) {
		char driver[PATH_MAX + 8];
		ssize_t n;
		char *slash;

		snprintf(driver, sizeof(driver), "%s/driver", path);
		n = readlink(driver, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = '\0';
			if (!skipped_driver(prov_base_name(link))) {
				prov_copy(out, size, prov_base_name(link));
				return;
			}
		}
		slash = strrchr(path, '/');
		if (!slash)
			return;
		*slash = '\0';
	}
}

/* Whether WORD is PREFIX followed by digits only (at least one). */
static bool numbered(const char *word, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	if (len <= n || strncmp(word, prefix, n) != 0)
		return false;
	for (size_t i = n; i < len; i++)
		if (word[i] < '0' || word[i] > '9')
			return false;
	return true;
}

/*
 * How the disk is attached, from the device path's components: a USB
 * bridge wins over the ATA or SCSI behind it; NVMe names its fabric when it
 * is not PCIe.
 */
static void find_transport(const char *disk_dir, char *out, size_t size)
{
	static const char *const order[] = { "usb", "ata", "nvme", "virtio", "mmc", "scsi" };
	bool seen[6] = { false };
	char fabric[32];

	for (const char *c = disk_dir; *c;) {
		size_t len;

		while (*c == '/')
			c++;
		len = strcspn(c, "/");
		seen[0] |= numbered(c, len, "usb");
		seen[1] |= numbered(c, len, "ata");
		seen[2] |= len >= 4 && strncmp(c, "nvme", 4) == 0;
		seen[3] |= numbered(c, len, "virtio");
		seen[4] |= numbered(c, len, "mmc") || (len == 8 && strncmp(c, "mmc_host", 8) == 0);
		seen[5] |= numbered(c, len, "host");
		c += len;
	}
	for (size_t i = 0; i < 6; i++) {
		if (!seen[i])
			continue;
		if (i == 2 && prov_read_in(disk_dir, "device/transport", fabric,
				      sizeof(fabric)) == 0 &&
		    strcmp(fabric, "pcie") != 0) {
			char name[48];

			snprintf(name, sizeof(name), "nvme-%.20s", fabric);
			prov_copy(out, size, name);
		} else {
			prov_copy(out, size, order[i]);
		}
		return;
	}
}

/* The disk at DIR into disks[] (once per name); its index, or -1 when full. */
static int add_disk(struct walker *w, const char *dir)
{
	struct provenance *o = w->out;
	const char *name = prov_base_name(dir);
	struct prov_disk *d;
	char text[256], device[PATH_MAX + 8];
	uint64_t v;

	for (size_t i = 0; i < o->n_disks; i++)
		if (strcmp(o->disks[i].name, name) == 0)
			return (int)i;
	if (o->n_disks >= PROV_MAX_DISKS) {
		o->truncated = true;
		return -1;
	}
	d = &o->disks[o->n_disks];
	prov_copy(d->name, sizeof(d->name), name);
	if (prov_read_u64_in(dir, "queue/rotational", &v))
		d->rotational = v != 0;
	if (prov_read_u64_in(dir, "queue/logical_block_size", &v) && v <= UINT32_MAX)
		d->logical_block_bytes = (uint32_t)v;
	if (prov_read_u64_in(dir, "queue/physical_block_size", &v) && v <= UINT32_MAX)
		d->physical_block_bytes = (uint32_t)v;
	if (prov_read_in(dir, "queue/write_cache", text, sizeof(text)) == 0)
		prov_copy(d->write_cache, sizeof(d->write_cache), text);
	if (prov_read_u64_in(dir, "queue/discard_max_bytes", &d->discard_max_bytes))
		d->discard = d->discard_max_bytes > 0;
	if (prov_read_u64_in(dir, "queue/nr_requests", &v) && v <= UINT32_MAX)
		d->nr_requests = (uint32_t)v;
	if (prov_read_in(dir, "queue/scheduler", text, sizeof(text)) == 0)
		selected_scheduler(text, d->scheduler, sizeof(d->scheduler));
	if (prov_read_u64_in(dir, "queue/read_ahead_kb", &v) && v <= INT64_MAX)
		d->read_ahead_kib = (int64_t)v;
	if (prov_read_in(dir, "device/model", text, sizeof(text)) == 0)
		prov_copy(d->model, sizeof(d->model), text);
	if (prov_read_in(dir, "device/vendor", text, sizeof(text)) == 0)
		prov_copy(d->vendor, sizeof(d->vendor), text);
	if (prov_read_in(dir, "device/rev", text, sizeof(text)) == 0 ||
	    prov_read_in(dir, "device/firmware_rev", text, sizeof(text)) == 0)
		prov_copy(d->firmware, sizeof(d->firmware), text);
	if (prov_read_u64_in(dir, "device/queue_depth", &v) && v <= UINT32_MAX)
		d->queue_depth = (uint32_t)v;
	snprintf(device, sizeof(device), "%s/device", dir);
	find_driver(w, device, d->driver, sizeof(d->driver));
	find_transport(dir, d->transport, sizeof(d->transport));
	link_read(dir, d->transport, &d->link);
	return (int)o->n_disks++;
}

/*
 * dm-crypt's cipher. sysfs does not show it; the device-mapper table does,
 * but only to root, through the DM_TABLE_STATUS ioctl on
 * /dev/mapper/control, and that table line holds the key (in hex, or a
 * keyring reference) as its second word. So: only for the live system and
 * as root; DM_SECURE_DATA_FLAG asks the kernel to wipe its own copy; the
 * first word is copied out and the whole buffer zeroed at once by
 * provenance_crypt_cipher, then zeroed again whatever happened. Anyone
 * else gets "" (unknown).
 */
static void crypt_cipher(const struct walker *w, const char *dir, char *out,
			 size_t size, uint32_t *key_bits)
{
	union {
		struct dm_ioctl io;
		char bytes[16384];
	} buf;
	char text[32];
	unsigned major, minor;
	int fd;

	if (!w->live || geteuid() != 0 || prov_read_in(dir, "dev", text, sizeof(text)) != 0 ||
	    sscanf(text, "%u:%u", &major, &minor) != 2)
		return;
	fd = open("/dev/mapper/control", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	memset(&buf, 0, sizeof(buf));
	buf.io.version[0] = DM_VERSION_MAJOR;
	buf.io.data_size = sizeof(buf);
	buf.io.data_start = sizeof(struct dm_ioctl);
	buf.io.flags = DM_STATUS_TABLE_FLAG | DM_SECURE_DATA_FLAG;
	buf.io.dev = makedev(major, minor);
	if (ioctl(fd, DM_TABLE_STATUS, &buf) == 0 && buf.io.target_count >= 1 &&
	    !(buf.io.flags & DM_BUFFER_FULL_FLAG) &&
	    buf.io.data_start + sizeof(struct dm_target_spec) < sizeof(buf)) {
		struct dm_target_spec *spec =
			(struct dm_target_spec *)(buf.bytes + buf.io.data_start);
		char *params = (char *)(spec + 1);
		size_t room = sizeof(buf) - (size_t)(params - buf.bytes);

		if (strncmp(spec->target_type, "crypt", DM_MAX_TYPE_NAME) == 0)
			provenance_crypt_cipher(params, strnlen(params, room), out, size,
						key_bits);
	}
	provenance_wipe(&buf, sizeof(buf));
	close(fd);
}

/* Every entry of DIR/slaves, in name order, below layer INDEX. */
static void walk_slaves(struct walker *w, const char *dir, int index,
			unsigned depth)
{
	char slaves[PATH_MAX], real[PATH_MAX];
	struct dirent **names;
	int n;

	if (snprintf(slaves, sizeof(slaves), "%s/slaves", dir) >= (int)sizeof(slaves))
		return;
	n = scandir(slaves, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' &&
		    prov_resolve_in(slaves, names[i]->d_name, real) == 0)
			prov_walk(w, real, index, depth + 1);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

/* The layer at DIR (a resolved sysfs block-device directory) and all below it. */
void prov_walk(struct walker *w, const char *dir, int above, unsigned depth)
{
	struct provenance *o = w->out;
	struct prov_layer *l;
	char text[PATH_MAX], parent[PATH_MAX];
	int index;

	if (depth >= PROV_MAX_DEPTH || o->n_layers >= PROV_MAX_LAYERS) {
		o->truncated = true; /* also how a cycle in a broken tree ends */
		return;
	}
	index = (int)o->n_layers++;
	l = &o->layers[index];
	l->above = above;
	prov_copy(l->name, sizeof(l->name), prov_base_name(dir));
	if (prov_read_in(dir, "partition", text, sizeof(text)) == 0) {
		l->kind = PROV_PARTITION;
		prov_copy(l->detail, sizeof(l->detail), text);
		prov_copy(parent, sizeof(parent), dir);
		*strrchr(parent, '/') = '\0';
		prov_walk(w, parent, index, depth + 1);
	} else if (prov_exists_in(dir, "dm")) {
		if (prov_read_in(dir, "dm/name", text, sizeof(text)) == 0)
			prov_copy(l->label, sizeof(l->label), text);
		if (prov_read_in(dir, "dm/uuid", text, sizeof(text)) != 0)
			text[0] = '\0';
		if (strncmp(text, "CRYPT-", 6) == 0) {
			uint32_t key_bits = 0;

			l->kind = PROV_CRYPT;
			crypt_cipher(w, dir, l->detail, sizeof(l->detail), &key_bits);
			if (o->cipher.layer < 0) {
				o->cipher.layer = index;
				o->cipher.key_bits = key_bits;
				prov_copy(o->cipher.spec, sizeof(o->cipher.spec), l->detail);
			}
		} else if (strncmp(text, "LVM-", 4) == 0) {
			l->kind = PROV_LVM;
		} else {
			/* "mpath-...", "part1-..." (kpartx); the rest is an id. */
			l->kind = PROV_DM;
			text[strcspn(text, "-")] = '\0';
			prov_copy(l->detail, sizeof(l->detail), text);
		}
		walk_slaves(w, dir, index, depth);
	} else if (prov_exists_in(dir, "md")) {
		l->kind = PROV_MD;
		if (prov_read_in(dir, "md/level", text, sizeof(text)) == 0)
			prov_copy(l->detail, sizeof(l->detail), text);
		walk_slaves(w, dir, index, depth);
	} else if (prov_exists_in(dir, "loop") || strncmp(l->name, "loop", 4) == 0) {
		l->kind = PROV_LOOP;
		if (prov_read_in(dir, "loop/backing_file", text, sizeof(text)) == 0)
			prov_copy(l->detail, sizeof(l->detail), text);
	} else if (prov_exists_in(dir, "device")) {
		l->kind = PROV_DISK;
		l->disk = add_disk(w, dir);
	} else {
		l->kind = PROV_OTHER;
		walk_slaves(w, dir, index, depth);
	}
}

/*
 * Whether btrfs device entry NAME (under DEVICES) is the mount source
 * SOURCE: by kernel name ("sda2"), by the name SOURCE resolves to
 * (/dev/disk/by-*), or by device-mapper name (/dev/mapper/NAME).
 */
static bool is_source(const struct walker *w, const char *devices,
		      const char *name, const char *source)
{
	char path[PATH_MAX], real[PATH_MAX], dm[PATH_MAX], label[128];

	if (strcmp(name, prov_base_name(source)) == 0)
		return true;
	if (prov_path_at(path, sizeof(path), w->root, "%s", source) == 0 &&
	    realpath(path, real) && strcmp(name, prov_base_name(real)) == 0)
		return true;
	return strncmp(source, "/dev/mapper/", 12) == 0 &&
	       prov_resolve_in(devices, name, dm) == 0 &&
	       prov_read_in(dm, "dm/name", label, sizeof(label)) == 0 &&
	       strcmp(label, source + 12) == 0;
}

/*
 * btrfs reports an anonymous st_dev: its devices are listed under
 * /sys/fs/btrfs/<UUID>/devices/. Find the filesystem that has the mount
 * source among them, and walk each of its devices.
 */
void prov_btrfs_stack(struct walker *w, const char *source)
{
	char top[PATH_MAX], devices[PATH_MAX], real[PATH_MAX];
	struct dirent **fss, **devs;
	int n = -1, m;

	if (prov_path_at(top, sizeof(top), w->root, "/sys/fs/btrfs") == 0)
		n = scandir(top, &fss, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		bool found = false;

		m = -1;
		if (w->out->n_layers == 0 && fss[i]->d_name[0] != '.' &&
		    snprintf(devices, sizeof(devices), "%s/%s/devices", top,
			     fss[i]->d_name) < (int)sizeof(devices))
			m = scandir(devices, &devs, NULL, alphasort);
		for (int k = 0; k < m && !found; k++)
			found = devs[k]->d_name[0] != '.' &&
				is_source(w, devices, devs[k]->d_name, source);
		for (int k = 0; k < m; k++) {
			if (found && devs[k]->d_name[0] != '.' &&
			    prov_resolve_in(devices, devs[k]->d_name, real) == 0)
				prov_walk(w, real, -1, 0);
			free(devs[k]);
		}
		if (m >= 0)
			free(devs);
		free(fss[i]);
	}
	if (n >= 0)
		free(fss);
}
