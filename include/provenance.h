/* SPDX-License-Identifier: MIT */
/*
 * provenance.h - what a run measured, and on what: the filesystem under the
 * test directory (type, mount and superblock options, block size, size and
 * fill), the stack of block devices from it down to the disks (partition,
 * dm-crypt, LVM, other device-mapper, md RAID, loop), each disk's identity
 * and queue settings, and the machine. provenance_linux.c reads /proc and
 * /sys, under a root prefix so that tests can hand it a fake tree;
 * provenance_none.c is the portable fallback. Every value that cannot be
 * read is left unknown ("" for text, 0 or -1 as each field says), never
 * guessed.
 *
 * Privacy: nothing that identifies the machine or its owner is read, not
 * even opened: no serial number, WWN/wwid, VPD page, MAC address, host name
 * or user name. Mount options that name a user or a host (cifs's
 * username=, domain=, addr=, NFS's clientaddr=) are dropped. Paths (the
 * mount point, a loop device's backing file) are kept, as the test
 * directory itself is.
 */
#ifndef PROVENANCE_H
#define PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROV_MAX_LAYERS 32 /* block devices in the stack, all branches */
#define PROV_MAX_DISKS 16
#define PROV_MAX_DEPTH 16  /* layers from the filesystem down one branch */

/* The filesystem holding the test directory. */
struct prov_fs {
	char type[32];           /* "ext4" */
	char source[256];        /* "/dev/mapper/vg0-root", as mounted */
	char mount_point[256];
	char mount_options[512]; /* the mount's own: "rw,relatime" */
	char super_options[512]; /* the superblock's: "rw,discard,errors=remount-ro" */
	bool space_known;        /* statvfs of the directory worked */
	uint64_t block_bytes;    /* statvfs f_bsize */
	uint64_t size_bytes, used_bytes, avail_bytes; /* before the run */
};

enum prov_kind {
	PROV_PARTITION, /* detail: the partition number */
	PROV_CRYPT,     /* dm-crypt; detail: the cipher ("aes-xts-plain64"), "" unknown */
	PROV_LVM,       /* a device-mapper device LVM made */
	PROV_DM,        /* other device-mapper; detail: the uuid's prefix ("mpath"), if any */
	PROV_MD,        /* md RAID; detail: the level ("raid1") */
	PROV_LOOP,      /* detail: the backing file, "" when unknown */
	PROV_DISK,      /* a whole disk; disk indexes disks[] */
	PROV_OTHER,     /* a virtual device with no parent: zram, ram, nbd */
};

/*
 * One block device of the stack. layers[] lists them depth first from the
 * filesystem down: a layer's `above` is the index of the layer it serves
 * (-1 for the filesystem's own device, or devices for a multi-device btrfs).
 * md over two partitions gives md0 (above -1), sda1 (0), sda (1), sdb1 (0),
 * sdb (3): several branches, a tree written as a list.
 */
struct prov_layer {
	enum prov_kind kind;
	char name[64];     /* the kernel's: "sda1", "dm-0", "md0", "loop0" */
	char label[128];   /* device-mapper's name: "vg0-root", "cryptroot" */
	char detail[256];  /* per kind, see enum prov_kind */
	int above;
	int disk;          /* PROV_DISK: index into disks[]; -1 otherwise */
};

/* A whole disk, as the kernel describes it (text trimmed of padding). */
struct prov_disk {
	char name[64];          /* "sda", "nvme0n1", "vda" */
	char model[64];         /* "Samsung SSD 860 EVO 500GB" */
	char vendor[32];        /* "ATA", "0x1af4"; "" for NVMe (sysfs has none) */
	char firmware[32];      /* SCSI rev / NVMe firmware_rev */
	char transport[16];     /* "ata", "usb", "nvme", "virtio", "mmc", "scsi" */
	char driver[32];        /* "ahci", "ata_piix", "nvme", "usb-storage", "virtio_blk" */
	int rotational;         /* 1 spinning, 0 not, -1 unknown */
	uint32_t logical_block_bytes, physical_block_bytes; /* 0 unknown */
	char write_cache[16];   /* "write back", "write through" */
	int discard;            /* 1 the disk takes discards, 0 not, -1 unknown */
	uint64_t discard_max_bytes;
	uint32_t queue_depth;   /* device/queue_depth (SCSI, ATA); 0 unknown */
	uint32_t nr_requests;   /* queue/nr_requests; 0 unknown */
	char scheduler[32];     /* the selected one: "mq-deadline", "none" */
	int64_t read_ahead_kib; /* -1 unknown */
};

struct prov_machine {
	char kernel[128];    /* "Linux 6.1.0-13-amd64" */
	char cpu_model[128]; /* "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz" */
	uint32_t cpus_online;/* 0 unknown */
	uint64_t ram_bytes;  /* MemTotal; 0 unknown */
	char governor[32];   /* cpu0's scaling governor: "performance" */
};

struct provenance {
	struct prov_fs fs;
	size_t n_layers, n_disks;
	struct prov_layer layers[PROV_MAX_LAYERS];
	struct prov_disk disks[PROV_MAX_DISKS];
	bool truncated; /* the stack had more than fits: the rest is left out */
	struct prov_machine machine;
};

/*
 * Fill *out for the test directory DIR: /proc and /sys are read under ROOT
 * ("" for the running system; a test's fake tree otherwise), DIR itself
 * (stat, realpath, statvfs) on the real filesystem. The filesystem is the
 * mountinfo line whose device is DIR's st_dev and whose mount point is the
 * longest one above DIR (any mount above DIR when no device matches:
 * btrfs subvolumes have their own anonymous st_dev). dm-crypt's cipher is
 * only read for ROOT "" and as root (see provenance_linux.c). Returns 0,
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
 * CIPHER[0..size), then overwrite all LEN bytes of TABLE with zeros (the
 * second word is the key, or a keyring reference) in a way the compiler
 * may not optimise away. Returns 0, or -1 (CIPHER "") when the line has no
 * first word that fits.
 */
int provenance_crypt_cipher(char *table, size_t len, char *cipher, size_t size);

/* One line of /proc/self/mountinfo, split in place: pointers into the line. */
struct prov_mount_line {
	unsigned major, minor; /* the device, "8:1" */
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
