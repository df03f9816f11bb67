/* SPDX-License-Identifier: MIT */
/*
 * provenance_sysfs.h - the block-device walk of provenance_sysfs.c, for
 * provenance_linux.c, which reads the mounts and the machine and then
 * walks what is below the filesystem (not a public interface).
 */
#ifndef PROVENANCE_SYSFS_H
#define PROVENANCE_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "provenance_read.h"

struct walker {
	const char *root; /* "" or a fake tree */
	bool live;        /* root "": the crypt table may be asked for */
	struct provenance *out;
};

/*
 * Add the block device at DIR (a resolved sysfs directory) as a layer
 * below layer ABOVE (-1: the filesystem), DEPTH layers down, and all that
 * is below it; stops, marking the record truncated, past PROV_MAX_DEPTH or
 * PROV_MAX_LAYERS.
 */
void prov_walk(struct walker *w, const char *dir, int above, unsigned depth);

/* The devices of the btrfs filesystem mounted from SOURCE, each walked. */
void prov_btrfs_stack(struct walker *w, const char *source);

#endif
