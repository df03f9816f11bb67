/* SPDX-License-Identifier: MIT */
/*
 * provenance_files.h - one small file of /proc or /sys at a time, under a
 * root prefix so that tests can hand the readers a fake tree: the helpers
 * provenance_linux.c, provenance_sysfs.c and device_linux.c share (not a
 * public interface). POSIX only; prints nothing.
 */
#ifndef PROVENANCE_FILES_H
#define PROVENANCE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* Whether DIR/NAME exists. */
bool prov_exists_in(const char *dir, const char *name);

/* The last component of PATH. */
const char *prov_base_name(const char *path);

/* DIR/NAME resolved into OUT (PATH_MAX bytes); -1 if it does not resolve. */
int prov_resolve_in(const char *dir, const char *name, char *out);

#endif
