/* SPDX-License-Identifier: MIT */
/*
 * memfs.c - memory told from a provenance record (memfs.h): filesystem
 * types that have no backing store, and RAM disks at the bottom of a
 * block stack. A loop device is not followed to its backing file (the
 * record does not say where that file lives), so ext4 on a loop file in
 * /dev/shm is not caught.
 */
#include "memfs.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Filesystems whose only store is the page cache. */
static const char *const memory_types[] = { "tmpfs", "ramfs", "devtmpfs" };

/* NAME is PREFIX followed by a number: "zram0" for "zram". */
static bool numbered(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);

	if (strncmp(name, prefix, n) != 0 || name[n] == '\0')
		return false;
	for (const char *c = name + n; *c; c++)
		if (!isdigit((unsigned char)*c))
			return false;
	return true;
}

/* A block device whose blocks are RAM: zram (compressed) or brd's ramN. */
static bool ram_disk(const struct prov_layer *l)
{
	return l->kind == PROV_OTHER &&
	       (numbered(l->name, "zram") || numbered(l->name, "ram"));
}

/* Whether layer I of P serves no other: the bottom of its branch. */
static bool bottom(const struct provenance *p, size_t i)
{
	for (size_t j = 0; j < p->n_layers; j++)
		if (p->layers[j].above == (int)i)
			return false;
	return true;
}

/* The first RAM disk at the bottom when every bottom is one; else NULL. */
static const char *ram_stack(const struct provenance *p)
{
	const char *first = NULL;
	size_t n = p->n_layers < PROV_MAX_LAYERS ? p->n_layers : PROV_MAX_LAYERS;

	if (n == 0 || p->truncated)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (!bottom(p, i))
			continue;
		if (!ram_disk(&p->layers[i]))
			return NULL;
		if (!first)
			first = p->layers[i].name;
	}
	return first;
}

bool memfs_is_memory(const struct provenance *p, char *why, size_t len)
{
	const char *disk;

	if (why && len)
		why[0] = '\0';
	for (size_t i = 0; i < sizeof(memory_types) / sizeof(memory_types[0]); i++)
		if (strcmp(p->fs.type, memory_types[i]) == 0) {
			if (why)
				snprintf(why, len, "%s", p->fs.type);
			return true;
		}
	if (!(disk = ram_stack(p)))
		return false;
	if (why)
		snprintf(why, len, "%s on %s", p->fs.type[0] ? p->fs.type
							  : "a filesystem", disk);
	return true;
}
