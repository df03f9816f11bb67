/* SPDX-License-Identifier: MIT */
/*
 * provenance_linux.h - what the two Linux files of the provenance reader
 * share (not a public interface): the walk's state, and the helpers that
 * read /proc and /sys under the root prefix. provenance_linux.c reads the
 * mounts and the machine; provenance_sysfs.c walks the block devices.
 */
#ifndef PROVENANCE_LINUX_H
#define PROVENANCE_LINUX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "provenance_read.h"

struct walker {
	const char *root; /* "" or a fake tree */
	bool live;        /* root "": the crypt table may be asked for */
	struct provenance *out;
};

/* ROOT followed by the formatted path into BUF; -1 if it does not fit. */
int prov_path_at(char *buf, size_t size, const char *root, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* SRC into DST[0..size), cut at a UTF-8 character boundary. */
void prov_copy(char *dst, size_t size, const char *src);

/*
 * The first line of DIR/NAME (NAME "" for DIR itself), without the newline
 * and the padding spaces SCSI strings carry; -1 if unreadable or empty.
 */
int prov_read_in(const char *dir, const char *name, char *buf, size_t size);

/* A decimal number in DIR/NAME; false if absent or not a number. */
bool prov_read_u64_in(const char *dir, const char *name, uint64_t *out);

bool prov_exists_in(const char *dir, const char *name);

/* The last component of PATH. */
const char *prov_base_name(const char *path);

/* DIR/NAME resolved into OUT (PATH_MAX bytes); -1 if it does not resolve. */
int prov_resolve_in(const char *dir, const char *name, char *out);

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
