/* SPDX-License-Identifier: MIT */
/*
 * test_link.c - each disk's link and its ceiling, read from fake sysfs
 * trees (SATA at 1.5, 3 and 6 Gb/s, a PATA disk at UDMA/133 as master and
 * as slave, NVMe on PCIe 3.0 x4 and on a link trained below its maximum,
 * USB 2 and 3, virtio, a SAS wide port), the words of each interface
 * turned into ceilings, what a transfer gets through them; dm-crypt's
 * cipher named for the crypto API, and measured through AF_ALG on this
 * machine where the kernel has it; a thread's time waiting for a CPU.
 */
#include <math.h>

#include "fake_tree.h"
#include "core/limit.h"
#include "platform/cipher.h"
#include "platform/link.h"
#include "platform/platform.h"

/* A SATA disk whose link negotiated SPD ("6.0 Gbps", "<unknown>"). */
static const char *sata_at(const char *spd)
{
	const char *disk;

	fresh_tree();
	disk = sata_disk("sda", "0000:00:1f.2", "ahci", 0, "0\n");
	put("sys/devices/pci0000:00/0000:00:1f.2/ata1/link1/ata_link/link1/sata_spd", spd);
	filesystem_on(disk);
	mount_line("ext4", "/dev/sda", "rw");
	return disk;
}

static void test_sata(void)
{
	static const struct {
		const char *spd, *name;
		uint32_t mb_s;
	} cases[] = {
		{ "1.5 Gbps\n", "SATA 1.5 Gb/s", 150 },
		{ "3.0 Gbps\n", "SATA 3.0 Gb/s", 300 },
		{ "6.0 Gbps\n", "SATA 6.0 Gb/s", 600 },
	};
	const struct prov_link *l = &prov.disks[0].link;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sata_at(cases[i].spd);
		read_tree("sata link");
		CHECK_STR(fmt("sata %s: kind", cases[i].name), l->kind, "sata");
		CHECK_STR(fmt("sata %s: name", cases[i].name), l->name, cases[i].name);
		CHECK_U64(fmt("sata %s: ceiling", cases[i].name), l->ceiling_mb_s,
			  cases[i].mb_s);
	}
	CHECK("sata 6 Gb/s: a transfer gets 92% of it",
	      fabs(limit_link_usable(l) - 552) < 1e-9);
}

static void test_pata(void)
{
	const char *ctl = "sys/devices/pci0000:00/0000:00:1f.1";
	const struct prov_link *l = &prov.disks[0].link;
	char scsi_dir[PATH_MAX], disk[PATH_MAX];

	sata_at("<unknown>\n");
	put(fmt("%s/ata1/link1/dev1.0/ata_device/dev1.0/xfer_mode", "sys/devices/pci0000:00/"
							   "0000:00:1f.2"), "UDMA/133\n");
	read_tree("pata");
	CHECK_STR("pata master: kind", l->kind, "pata");
	CHECK_STR("pata master: the mode is the name", l->name, "UDMA/133");
	CHECK_U64("pata master: 133 MB/s", l->ceiling_mb_s, 133);
	CHECK("pata: a transfer gets 80% of it", fabs(limit_link_usable(l) - 106.4) < 1e-9);

	/* The slave (SCSI target id 1) is device 1 of the link. */
	fresh_tree();
	SPRINTF(scsi_dir, "%s/ata3/host2/target2:0:1/2:0:1:0", ctl);
	SPRINTF(disk, "%s/block/sdb", scsi_dir);
	link_to(fmt("%s/driver", ctl), "sys/bus/pci/drivers/ata_piix");
	link_to(fmt("%s/device", disk), scsi_dir);
	queue(disk, "1\n", "[mq-deadline] none\n");
	put(fmt("%s/ata3/link3/ata_link/link3/sata_spd", ctl), "<unknown>\n");
	put(fmt("%s/ata3/link3/dev3.0/ata_device/dev3.0/xfer_mode", ctl), "UDMA/133\n");
	put(fmt("%s/ata3/link3/dev3.1/ata_device/dev3.1/xfer_mode", ctl), "UDMA/33\n");
	filesystem_on(disk);
	mount_line("ext3", "/dev/sdb", "rw");
	read_tree("pata slave");
	CHECK_STR("pata slave: its own mode", l->name, "UDMA/33");
	CHECK_U64("pata slave: 33 MB/s", l->ceiling_mb_s, 33);
}

/* An NVMe drive whose PCI function's link is NOW x WIDTH of MAX x MAX_WIDTH. */
static void nvme_at(const char *now, const char *width, const char *max,
		    const char *max_width)
{
	const char *pci = "sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0";
	char ns[PATH_MAX];

	fresh_tree();
	SPRINTF(ns, "%s/nvme/nvme0/nvme0n1", pci);
	link_to(fmt("%s/driver", pci), "sys/bus/pci/drivers/nvme");
	link_to(fmt("%s/device", ns), fmt("%s/nvme/nvme0", pci));
	put(fmt("%s/nvme/nvme0/transport", pci), "pcie\n");
	put(fmt("%s/current_link_speed", pci), now);
	put(fmt("%s/current_link_width", pci), width);
	put(fmt("%s/max_link_speed", pci), max);
	put(fmt("%s/max_link_width", pci), max_width);
	queue(ns, "0\n", "[none]\n");
	filesystem_on(ns);
	mount_line("xfs", "/dev/nvme0n1", "rw");
	read_tree("nvme link");
}

static void test_pcie(void)
{
	const struct prov_link *l = &prov.disks[0].link;

	nvme_at("8.0 GT/s PCIe\n", "4\n", "8.0 GT/s PCIe\n", "4\n");
	CHECK_STR("pcie 3.0 x4: kind", l->kind, "pcie");
	CHECK_STR("pcie 3.0 x4: name", l->name, "PCIe 3.0 x4");
	CHECK_U64("pcie 3.0 x4: 4 x 985 MB/s", l->ceiling_mb_s, 3940);
	CHECK("pcie 3.0 x4: widths kept", l->width == 4 && l->max_width == 4);
	nvme_at("8 GT/s\n", "2\n", "16.0 GT/s PCIe\n", "4\n");
	CHECK_STR("pcie below its maximum: both named", l->name, "PCIe 3.0 x2 (of 4.0 x4)");
	CHECK_U64("pcie below its maximum: the current link's ceiling", l->ceiling_mb_s, 1970);
	nvme_at("Unknown\n", "4\n", "Unknown\n", "4\n");
	CHECK_U64("pcie speed unknown: no ceiling", l->ceiling_mb_s, 0);
}

/* A USB disk behind device 2-1 at SPEED Mb/s. */
static void test_usb(void)
{
	const char *usb = "sys/devices/pci0000:00/0000:00:14.0/usb2/2-1";
	const struct prov_link *l = &prov.disks[0].link;
	char scsi_dir[PATH_MAX], disk[PATH_MAX];

	for (int pass = 0; pass < 2; pass++) {
		fresh_tree();
		SPRINTF(scsi_dir, "%s/2-1:1.0/host6/target6:0:0/6:0:0:0", usb);
		SPRINTF(disk, "%s/block/sdd", scsi_dir);
		link_to(fmt("%s/2-1:1.0/driver", usb), "sys/bus/usb/drivers/uas");
		link_to(fmt("%s/device", disk), scsi_dir);
		queue(disk, "1\n", "[mq-deadline] none\n");
		put(fmt("%s/speed", usb), pass ? "5000\n" : "480\n");
		put("sys/devices/pci0000:00/0000:00:14.0/usb2/speed", "10000\n"); /* the hub's */
		filesystem_on(disk);
		mount_line("exfat", "/dev/sdd", "rw");
		read_tree("usb link");
		CHECK_STR(fmt("usb %d: kind", pass), l->kind, "usb");
		CHECK_STR(fmt("usb %d: the device's speed, not its hub's", pass), l->speed,
			  pass ? "5000" : "480");
		CHECK_U64(fmt("usb %d: ceiling", pass), l->ceiling_mb_s, pass ? 500 : 53);
	}
	CHECK_STR("usb 3: name", l->name, "USB 5 Gb/s");
	CHECK("usb 3: a transfer gets 90% of it", fabs(limit_link_usable(l) - 450) < 1e-9);
}

static void test_virtio_sas(void)
{
	const char *vdir = "sys/devices/pci0000:00/0000:00:02.0/virtio1";
	const char *host = "sys/devices/pci0000:00/0000:00:1c.0/0000:02:00.0/host0";
	const struct prov_link *l = &prov.disks[0].link;
	char scsi_dir[PATH_MAX], disk[PATH_MAX];

	fresh_tree();
	link_to(fmt("%s/block/vda/device", vdir), vdir);
	queue(fmt("%s/block/vda", vdir), "1\n", "[none]\n");
	filesystem_on(fmt("%s/block/vda", vdir));
	mount_line("ext4", "/dev/vda", "rw");
	read_tree("virtio link");
	CHECK("virtio: no link of its own",
	      strcmp(l->kind, "virtio") == 0 && l->ceiling_mb_s == 0 &&
		      limit_link_usable(l) == 0);

	fresh_tree();
	SPRINTF(scsi_dir, "%s/port-0:0/end_device-0:0/target0:0:0/0:0:0:0", host);
	SPRINTF(disk, "%s/block/sda", scsi_dir);
	link_to(fmt("%s/device", disk), scsi_dir);
	queue(disk, "1\n", "[mq-deadline]\n");
	for (int phy = 0; phy < 2; phy++) {
		put(fmt("%s/phy-0:%d/sas_phy/phy-0:%d/negotiated_linkrate", host, phy, phy),
		    "12.0 Gbit\n");
		link_to(fmt("%s/port-0:0/phy-0:%d", host, phy), fmt("%s/phy-0:%d", host, phy));
	}
	filesystem_on(disk);
	mount_line("xfs", "/dev/sda", "rw");
	read_tree("sas link");
	CHECK_STR("sas wide port: name", l->name, "SAS 12 Gb/s x2");
	CHECK_U64("sas wide port: two phys' ceiling", l->ceiling_mb_s, 2400);
}

static void test_describe(void)
{
	struct prov_link l = { .kind = "sata", .speed = "12.0 Gbps" };

	link_describe(&l);
	CHECK("describe: an unknown SATA speed is named, no ceiling",
	      strcmp(l.name, "SATA 12.0 Gbps") == 0 && l.ceiling_mb_s == 0);
	l = (struct prov_link){ .kind = "pata", .speed = "MWDMA2" };
	link_describe(&l);
	CHECK("describe: a multiword DMA mode", l.ceiling_mb_s == 16);
	l = (struct prov_link){ .kind = "pcie", .speed = "64.0 GT/s PCIe", .width = 16 };
	link_describe(&l);
	CHECK_U64("describe: PCIe 6.0 x16", l.ceiling_mb_s, 7563 * 16);
	l = (struct prov_link){ .kind = "mmc", .speed = "x" };
	link_describe(&l);
	CHECK("describe: a kind without a table has no ceiling", l.ceiling_mb_s == 0);
}

static void test_cipher_names(void)
{
	static const struct {
		const char *spec, *want;
	} cases[] = {
		{ "aes-xts-plain64", "xts(aes)" },
		{ "aes-cbc-essiv:sha256", "cbc(aes)" },
		{ "capi:xts(aes)-plain64", "xts(aes)" },
		{ "xchacha12,aes-adiantum-plain64", "adiantum(xchacha12,aes)" },
		{ "aes:64-cbc-lmk", "cbc(aes)" },
		{ "serpent-xts-plain", "xts(serpent)" },
	};
	char out[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK(fmt("cipher name of %s", cases[i].spec),
		      cipher_algorithm(cases[i].spec, out, sizeof(out)) == 0);
		CHECK_STR(fmt("cipher name of %s is", cases[i].spec), out, cases[i].want);
	}
	CHECK("cipher: no chain mode, no name",
	      cipher_algorithm("aes-plain", out, sizeof(out)) == -1 && !out[0]);
	CHECK("cipher: too long for the buffer",
	      cipher_algorithm("aes-xts-plain64", out, 6) == -1 && !out[0]);
	CHECK("cipher key: the table's size", cipher_key_bytes("xts(aes)", 256) == 32);
	CHECK("cipher key: XTS's two AES-256 keys when unknown",
	      cipher_key_bytes("xts(aes)", 0) == 64);
	CHECK("cipher key: one AES-256 key when unknown", cipher_key_bytes("cbc(aes)", 0) == 32);
}

/* The kernel's own speed for xts(aes), where this kernel has AF_ALG. */
static void test_cipher_speed(void)
{
	struct prov_cipher c = { .layer = 0, .spec = "aes-xts-plain64",
				 .algorithm = "xts(aes)", .key_bits = 512 };
	struct prov_cipher bad = { .layer = 0, .algorithm = "xts(no-such-cipher)" };
	int rc = cipher_measure(&c, 50000000);

	if (rc != 0 && strstr(c.not_measured, "socket")) {
		check_skip("cipher speed through AF_ALG", c.not_measured);
		return;
	}
	CHECK("cipher: measured", rc == 0 && !c.not_measured[0]);
	CHECK("cipher: a plausible speed, both ways",
	      c.encrypt_mb_s >= 10 && c.encrypt_mb_s < 100000 && c.decrypt_mb_s >= 10 &&
		      c.decrypt_mb_s < 100000);
	printf("# xts(aes) on one core: encrypt %u MB/s, decrypt %u MB/s\n",
	       (unsigned)c.encrypt_mb_s, (unsigned)c.decrypt_mb_s);
	CHECK("cipher: an algorithm the kernel lacks is not measured, and says why",
	      cipher_measure(&bad, 50000000) == -1 && bad.encrypt_mb_s == 0 &&
		      strstr(bad.not_measured, "bind"));
}

/* The thread's time waiting for a CPU: read, and never going back. */
static void test_run_delay(void)
{
	uint64_t a = platform_run_delay_ns(), b;
	volatile uint64_t spin = 0;

	for (uint64_t i = 0; i < 20000000; i++)
		spin += i;
	b = platform_run_delay_ns();
	if (a == 0 && b == 0) {
		check_skip("run delay", "no /proc/thread-self/schedstat here");
		return;
	}
	CHECK("run delay: never goes back", b >= a);
}

int main(void)
{
	SPRINTF(root, "/tmp/clyde-link-%ld", (long)getpid());
	test_sata();
	test_pata();
	test_pcie();
	test_usb();
	test_virtio_sas();
	test_describe();
	test_cipher_names();
	test_cipher_speed();
	test_run_delay();
	remove_tree();
	return check_done();
}
