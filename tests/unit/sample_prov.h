/* SPDX-License-Identifier: MIT */
/*
 * sample_prov.h - the provenance of a made-up live run, for the JSON tests
 * (test_json.c's golden files, test_json_results.c's round trips): ext4 on
 * LVM on dm-crypt (its cipher timed) on a partition of a SATA SSD on a
 * 6 Gb/s link, or, as VARIANT 1, md RAID1 over two partitions with much
 * unknown. Header-only, for tests only.
 */
#ifndef SAMPLE_PROV_H
#define SAMPLE_PROV_H

#include <string.h>

#include "results.h"
#include "platform/provenance_read.h"

static void sample_layer(struct provenance *p, enum prov_kind kind,
			 const char *name, const char *label,
			 const char *detail, int above, int disk)
{
	struct prov_layer *l = &p->layers[p->n_layers++];

	l->kind = kind;
	strcpy(l->name, name);
	strcpy(l->label, label);
	strcpy(l->detail, detail);
	l->above = above;
	l->disk = disk;
}

static void sample_prov(struct run_results *r, int variant)
{
	struct provenance *p = &r->prov;
	struct prov_disk *d = &p->disks[0];

	strcpy(r->started, variant ? "2024-05-01T23:59:60Z" : "2024-05-01T12:34:56Z");
	strcpy(r->command_line, variant ? "clyde -d '/mnt/it'\\''s here' -x 3"
					: "/usr/sbin/clyde -d /mnt -s 1g -u root");
	r->prov_known = true;
	provenance_clear(p);
	strcpy(p->fs.type, "ext4");
	strcpy(p->fs.source, variant ? "/dev/md0" : "/dev/mapper/vg0-root");
	strcpy(p->fs.mount_point, "/mnt");
	strcpy(p->fs.mount_options, "rw,noatime");
	strcpy(p->fs.super_options, "rw,discard,errors=remount-ro");
	p->fs.space_known = variant == 0;
	if (variant == 0) {
		p->fs.block_bytes = 4096;
		p->fs.size_bytes = 502392610816;
		p->fs.used_bytes = 120034123776;
		p->fs.avail_bytes = 356779806720;
	}
	if (variant == 0) {
		sample_layer(p, PROV_LVM, "dm-1", "vg0-root", "", -1, -1);
		sample_layer(p, PROV_CRYPT, "dm-0", "cryptroot", "aes-xts-plain64", 0, -1);
		sample_layer(p, PROV_PARTITION, "sda2", "", "2", 1, -1);
		sample_layer(p, PROV_DISK, "sda", "", "", 2, 0);
		p->n_disks = 1;
		strcpy(d->name, "sda");
		strcpy(d->model, "Samsung SSD 860 EVO 500GB");
		strcpy(d->vendor, "ATA");
		strcpy(d->firmware, "RVT04B6Q");
		strcpy(d->transport, "ata");
		strcpy(d->driver, "ahci");
		d->rotational = 0;
		d->logical_block_bytes = 512;
		d->physical_block_bytes = 512;
		strcpy(d->write_cache, "write back");
		d->discard = 1;
		d->discard_max_bytes = 2147450880;
		d->queue_depth = 32;
		d->nr_requests = 64;
		strcpy(d->scheduler, "mq-deadline");
		d->read_ahead_kib = 128;
		strcpy(d->link.kind, "sata");
		strcpy(d->link.speed, "6.0 Gbps");
		strcpy(d->link.name, "SATA 6.0 Gb/s");
		d->link.ceiling_mb_s = 600;
		p->cipher.layer = 1;
		strcpy(p->cipher.spec, "aes-xts-plain64");
		strcpy(p->cipher.algorithm, "xts(aes)");
		p->cipher.key_bits = 512;
		p->cipher.encrypt_mb_s = 1900;
		p->cipher.decrypt_mb_s = 1950;
		strcpy(p->machine.kernel, "Linux 6.1.0-13-amd64");
		strcpy(p->machine.cpu_model, "Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz");
		p->machine.cpus_online = 8;
		p->machine.ram_bytes = 16663998464;
		strcpy(p->machine.governor, "powersave");
		return;
	}
	sample_layer(p, PROV_MD, "md0", "", "raid1", -1, -1);
	sample_layer(p, PROV_PARTITION, "sdb1", "", "1", 0, -1);
	sample_layer(p, PROV_DISK, "sdb", "", "", 1, 0);
	sample_layer(p, PROV_PARTITION, "sdc1", "", "1", 0, -1);
	sample_layer(p, PROV_DISK, "sdc", "", "", 3, 1);
	sample_layer(p, PROV_LOOP, "loop0", "", "/var/tmp/disk \"1\".img", -1, -1);
	p->n_disks = 2;
	strcpy(p->disks[0].name, "sdb");
	p->disks[0].rotational = 1;
	p->disks[0].discard = 0;
	strcpy(p->disks[1].name, "sdc");
	strcpy(p->disks[1].transport, "usb");
	strcpy(p->disks[1].driver, "usb-storage");
	p->disks[1].read_ahead_kib = 0;
	p->truncated = true;
	strcpy(p->machine.kernel, "Linux 5.10.0");
}

#endif
