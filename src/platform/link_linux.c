/* SPDX-License-Identifier: MIT */
/*
 * link_linux.c - link_read() (link.h): the words sysfs has for the link of
 * a disk, found on the disk's own device path: libata's ataN/linkN (SATA's
 * sata_spd, else the device's xfer_mode for PATA), the PCI function above
 * an NVMe controller (current_link_speed/width and their maxima), the USB
 * device above a USB disk (speed), and the SAS port nearest the disk
 * (negotiated_linkrate of each of its phys).
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link.h"
#include "provenance_files.h"

/* Whether the LEN characters at C are digits only (at least one). */
static bool digits(const char *c, size_t len)
{
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (c[i] < '0' || c[i] > '9')
			return false;
	return true;
}

/* "0000:02:00.0": a PCI function's name. */
static bool is_pci(const char *c, size_t len)
{
	return len == 12 && c[4] == ':' && c[7] == ':' && c[10] == '.';
}

/* "2-1", "2-1.4": a USB device's name (its interfaces add ":1.0"). */
static bool is_usb_device(const char *c, size_t len)
{
	size_t dash = strcspn(c, "-/");

	if (dash >= len || !digits(c, dash))
		return false;
	for (size_t i = dash + 1; i < len; i++)
		if (!((c[i] >= '0' && c[i] <= '9') || c[i] == '.'))
			return false;
	return dash + 1 < len;
}

/*
 * The deepest component of PATH that MATCH accepts: PREFIX gets PATH up to
 * and with it, NAME the component itself. false when none does.
 */
static bool deepest(const char *path, bool (*match)(const char *, size_t),
		    char *prefix, char *name, size_t name_size)
{
	const char *found = NULL;
	size_t found_len = 0;

	for (const char *c = path; *c;) {
		size_t len;

		while (*c == '/')
			c++;
		len = strcspn(c, "/");
		if (len && match(c, len)) {
			found = c;
			found_len = len;
		}
		c += len;
	}
	if (!found || found_len >= name_size)
		return false;
	memcpy(prefix, path, (size_t)(found - path) + found_len);
	prefix[found - path + (long)found_len] = '\0';
	memcpy(name, found, found_len);
	name[found_len] = '\0';
	return true;
}

static bool is_ata_port(const char *c, size_t len)
{
	return len > 3 && strncmp(c, "ata", 3) == 0 && digits(c + 3, len - 3);
}

static bool is_target(const char *c, size_t len)
{
	return len > 6 && strncmp(c, "target", 6) == 0;
}

static bool is_sas_port(const char *c, size_t len)
{
	return len > 5 && strncmp(c, "port-", 5) == 0;
}

/* SATA's negotiated speed, or for PATA (sata_spd "<unknown>") the mode. */
static void read_ata(const char *disk_dir, struct prov_link *out)
{
	char port[PATH_MAX], name[16], target[PATH_MAX], tname[32], attr[160];
	const char *n;
	unsigned devno = 0, h, c, t;

	if (!deepest(disk_dir, is_ata_port, port, name, sizeof(name)))
		return;
	n = name + 3;
	snprintf(attr, sizeof(attr), "link%s/ata_link/link%s/sata_spd", n, n);
	if (prov_read_in(port, attr, out->speed, sizeof(out->speed)) == 0 &&
	    out->speed[0] != '<') {
		prov_copy(out->kind, sizeof(out->kind), "sata");
		return;
	}
	out->speed[0] = '\0';
	/* PATA: libata's SCSI target id is the device number (0 master, 1 slave). */
	if (deepest(disk_dir, is_target, target, tname, sizeof(tname)) &&
	    sscanf(tname, "target%u:%u:%u", &h, &c, &t) == 3 && t < 2)
		devno = t;
	snprintf(attr, sizeof(attr), "link%s/dev%s.%u/ata_device/dev%s.%u/xfer_mode",
		 n, n, devno, n, devno);
	if (prov_read_in(port, attr, out->speed, sizeof(out->speed)) == 0)
		prov_copy(out->kind, sizeof(out->kind), "pata");
}

static void read_u32(const char *dir, const char *name, uint32_t *out)
{
	uint64_t v;

	if (prov_read_u64_in(dir, name, &v) && v <= UINT32_MAX)
		*out = (uint32_t)v;
}

static void read_pcie(const char *disk_dir, struct prov_link *out)
{
	char fn[PATH_MAX], name[32];

	if (!deepest(disk_dir, is_pci, fn, name, sizeof(name)) ||
	    prov_read_in(fn, "current_link_speed", out->speed, sizeof(out->speed)) != 0)
		return;
	prov_copy(out->kind, sizeof(out->kind), "pcie");
	prov_read_in(fn, "max_link_speed", out->max_speed, sizeof(out->max_speed));
	read_u32(fn, "current_link_width", &out->width);
	read_u32(fn, "max_link_width", &out->max_width);
}

static void read_usb(const char *disk_dir, struct prov_link *out)
{
	char dev[PATH_MAX], name[64];

	if (deepest(disk_dir, is_usb_device, dev, name, sizeof(name)) &&
	    prov_read_in(dev, "speed", out->speed, sizeof(out->speed)) == 0)
		prov_copy(out->kind, sizeof(out->kind), "usb");
}

/* The SAS port nearest the disk: its phys' rate (the first's) and count. */
static void read_sas(const char *disk_dir, struct prov_link *out)
{
	char port[PATH_MAX], name[64], phy[PATH_MAX], attr[160];
	struct dirent **e;
	int n;

	if (!deepest(disk_dir, is_sas_port, port, name, sizeof(name)))
		return;
	n = scandir(port, &e, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		if (strncmp(e[i]->d_name, "phy-", 4) == 0 &&
		    prov_resolve_in(port, e[i]->d_name, phy) == 0) {
			snprintf(attr, sizeof(attr), "sas_phy/%.64s/negotiated_linkrate",
				 e[i]->d_name);
			if (out->width == 0 &&
			    prov_read_in(phy, attr, out->speed, sizeof(out->speed)) == 0)
				prov_copy(out->kind, sizeof(out->kind), "sas");
			out->width += out->kind[0] != '\0';
		}
		free(e[i]);
	}
	if (n >= 0)
		free(e);
}

void link_read(const char *disk_dir, const char *transport, struct prov_link *out)
{
	memset(out, 0, sizeof(*out));
	if (strcmp(transport, "ata") == 0)
		read_ata(disk_dir, out);
	else if (strcmp(transport, "nvme") == 0)
		read_pcie(disk_dir, out);
	else if (strcmp(transport, "usb") == 0)
		read_usb(disk_dir, out);
	else if (strcmp(transport, "virtio") == 0)
		prov_copy(out->kind, sizeof(out->kind), "virtio");
	else if (strcmp(transport, "scsi") == 0)
		read_sas(disk_dir, out);
	if (out->kind[0])
		link_describe(out);
}
