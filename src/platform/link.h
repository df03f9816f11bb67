/* SPDX-License-Identifier: MIT */
/*
 * link.h - the link a disk sits behind (include/provenance.h's struct
 * prov_link): link.c turns the kernel's words for a link's speed into a
 * name and a ceiling in MB/s, portable and pure; link_linux.c finds those
 * words in sysfs for the disk provenance_sysfs.c walks to.
 */
#ifndef LINK_H
#define LINK_H

#include <stdint.h>

#include "provenance.h"

/*
 * Fill L's name and ceiling_mb_s from its kind, speed and width (and
 * max_speed, max_width for PCIe), as the kernel words them:
 * - "sata": sata_spd, "1.5 Gbps", "3.0 Gbps", "6.0 Gbps" (8b/10b: 150,
 *   300, 600 MB/s);
 * - "pata": xfer_mode, "UDMA/133" (133 MB/s) down to "UDMA/16", "MWDMA0-2",
 *   "PIO0-4";
 * - "pcie": current_link_speed "8.0 GT/s PCIe" (or "8 GT/s") times
 *   current_link_width lanes, at 250, 500, 985, 1969, 3938, 7563 MB/s a
 *   lane for 2.5 to 64 GT/s;
 * - "usb": speed in Mb/s, "12", "480", "5000", "10000", "20000", "40000"
 *   (1, 53, 500, 1212, 2424, 4848 MB/s: USB 2.0's is its bulk transfers'
 *   most, 13 packets of 512 bytes a microframe);
 * - "sas": negotiated_linkrate "12.0 Gbit" times WIDTH phys (150, 300,
 *   600, 1200, 2400 MB/s a phy for 1.5 to 22.5 Gbit);
 * - "virtio": no link, ceiling 0.
 * A speed it does not know leaves the ceiling 0 and names the link by its
 * kind and the kernel's words.
 */
void link_describe(struct prov_link *l);

/*
 * The link of the disk whose resolved sysfs directory is DISK_DIR (under
 * ROOT's /sys), attached through TRANSPORT (struct prov_disk's: "ata",
 * "nvme", "usb", "virtio", "scsi"), into *out, described (link_describe).
 * What cannot be read stays unknown. Linux only (link_linux.c).
 */
void link_read(const char *disk_dir, const char *transport, struct prov_link *out);

#endif
