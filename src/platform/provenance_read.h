/* SPDX-License-Identifier: MIT */
/*
 * provenance_read.h - filling the provenance records (include/provenance.h)
 * from the machine: provenance_linux.c and provenance_sysfs.c read /proc and
 * /sys, under a root prefix so that tests can hand them a fake tree;
 * provenance_none.c is the portable fallback; provenance.c holds the
 * portable helpers and the pure parsers the fuzzers reach.
 */
#ifndef PROVENANCE_READ_H
#define PROVENANCE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "provenance.h"

/*
 * Fill *out for the test directory DIR: /proc and /sys are read under ROOT
 * ("" for the running system; a test's fake tree otherwise), DIR itself
 * (stat, realpath, statvfs) on the real filesystem. The filesystem is the
 * mountinfo line whose device is DIR's st_dev and whose mount point is the
 * longest one above DIR (any mount above DIR when no device matches:
 * btrfs subvolumes have their own anonymous st_dev). dm-crypt's cipher is
 * only read for ROOT "" and as root (see provenance_linux.c), and then
 * timed on one core through AF_ALG (about 0.3 s; cipher.h). Each disk's
 * link is read from its device path (link.h). Returns 0,
 * or -1 with errno set when DIR cannot be looked at (then only the machine
 * is filled). Not thread-safe with anything that changes the mounts.
 */
int provenance_read(const char *dir, const char *root, struct provenance *out);

/*
 * The size and fill of the filesystem holding DIR (statvfs) into FS; 0, or
 * -1 with errno (FS untouched).
 */
int provenance_read_space(const char *dir, struct prov_fs *fs);

/* Everything unknown: text "", counts 0, rotational/discard/read-ahead -1. */
void provenance_clear(struct provenance *out);

/* "partition", "crypt", "lvm", "dm", "md", "loop", "disk", "other". */
const char *provenance_kind_name(enum prov_kind kind);

/*
 * From a dm-crypt table line ("aes-xts-plain64 <key> <iv_offset> <device>
 * <offset> [options]") keep only the cipher, its first word, in
 * CIPHER[0..size), and (KEY_BITS not NULL) the key's size in bits, read
 * from the length of the second word (hex digits) or from a keyring
 * reference's ":64:logon:..." (0 when neither), never its bytes; then
 * overwrite all LEN bytes of TABLE with zeros (the second word is the
 * key, or a keyring reference) in a way the compiler may not optimise
 * away. Returns 0, or -1 (CIPHER "", *KEY_BITS 0) when the line has no
 * first word that fits.
 */
int provenance_crypt_cipher(char *table, size_t len, char *cipher, size_t size,
			    uint32_t *key_bits);

/* One line of /proc/self/mountinfo, split in place: pointers into the line. */
struct prov_mount_line {
	unsigned major, minor; /* the device, "8:1" */
	char *root;            /* what of the filesystem is mounted: "/", "/sub" */
	char *mount_point;     /* octal escapes (\040) decoded */
	char *options;         /* the mount's */
	char *type;
	char *source;          /* escapes decoded */
	char *super;           /* the superblock's options */
};

/*
 * Split LINE ("36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root
 * rw,errors=continue", a trailing newline allowed) in place into *m; 0, or
 * -1 when it is not such a line.
 */
int provenance_split_mountinfo(char *line, struct prov_mount_line *m);

/*
 * OPTIONS ("rw,vers=3.0,username=alice") into OUT[0..size) without those
 * that name a user or a host (user, username, domain, addr, clientaddr,
 * password, credentials, cred) or do not fit: "rw,vers=3.0".
 */
void provenance_keep_options(const char *options, char *out, size_t size);

/* How many CPUs a kernel CPU list names: "0-3,6" -> 5; 0 if malformed. */
uint32_t provenance_count_cpus(const char *list);

/* Zero LEN bytes at P, not optimised away: for buffers that held a key. */
void provenance_wipe(void *p, size_t len);

#endif
