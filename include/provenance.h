/* SPDX-License-Identifier: MIT */
/*
 * provenance.h - what a run measured, and on what: the filesystem under the
 * test directory (type, mount and superblock options, block size, size and
 * fill), the stack of block devices from it down to the disks (partition,
 * dm-crypt, LVM, other device-mapper, md RAID, loop), each disk's identity
 * and queue settings, and the machine: the records only.
 * src/platform/provenance_read.h reads them from /proc and /sys. Every value
 * that cannot be read is left unknown ("" for text, 0 or -1 as each field
 * says), never guessed.
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

/*
 * The link a disk sits behind and what it carries (src/platform/link*.c):
 * a SATA link's negotiated speed, a PATA disk's transfer mode, an NVMe
 * drive's PCIe link (current and maximum), a USB device's speed, a SAS
 * port's rate and width. ceiling_mb_s is the link's payload rate after its
 * line code, in MB/s (10^6 bytes/s): 600 for SATA 6 Gb/s. A virtio disk
 * has no link of its own (kind "virtio", ceiling 0).
 */
struct prov_link {
	char kind[16];       /* "sata", "pata", "pcie", "usb", "sas",
			      * "virtio"; "" unknown */
	char name[48];       /* "SATA 6.0 Gb/s", "UDMA/133", "PCIe 3.0 x4" */
	char speed[32];      /* the kernel's words: "6.0 Gbps", "UDMA/133",
			      * "8.0 GT/s PCIe", "480" (Mb/s) */
	char max_speed[32];  /* PCIe: what the link could train to */
	uint32_t width, max_width; /* PCIe lanes, SAS phys; 0 unknown */
	uint32_t ceiling_mb_s;     /* 0: unknown, or no link (virtio) */
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
	struct prov_link link;
};

/*
 * The dm-crypt cipher of the stack (its first crypt layer) and the
 * kernel's own speed for it on one core, measured through AF_ALG when
 * clyde set up (src/platform/cipher*.c): 0 MB/s when not measured, and
 * then not_measured says why ("" when there is no cipher to measure).
 */
struct prov_cipher {
	int layer;            /* index in layers[]; -1: no dm-crypt layer */
	char spec[64];        /* dm-crypt's: "aes-xts-plain64" */
	char algorithm[64];   /* the crypto API's: "xts(aes)" */
	uint32_t key_bits;    /* 512 for aes-xts-plain64 with 2 x 256; 0 unknown */
	uint32_t encrypt_mb_s, decrypt_mb_s; /* 10^6 bytes/s */
	char not_measured[96];
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
	struct prov_cipher cipher;
	struct prov_machine machine;
};

#endif
