/* SPDX-License-Identifier: MIT */
/*
 * test_provenance.c - tests of the provenance reader on fake /proc and /sys
 * trees built in a temporary directory (the test directory itself, so that
 * its real st_dev leads into the fake tree): a SATA partition behind ahci,
 * dm-crypt over LVM over a partition, md raid1 over two disks, a loop
 * device, NVMe, virtio, USB, btrfs over two devices, missing files, and
 * files holding identifiers that must never be read. Then the live
 * machine against findmnt and /sys as read here.
 */
#include <sys/utsname.h>

#include "fake_tree.h"

static void test_sata_partition(void)
{
	const char *disk, *part;
	const struct prov_disk *d = &prov.disks[0];
	const struct prov_machine *m = &prov.machine;

	fresh_tree();
	disk = sata_disk("sda", "0000:00:1f.2", "ahci", 0, "0\n");
	part = partition(disk, "sda2", 2);
	filesystem_on(part);
	mount_line("ext4", "/dev/sda2", "rw,discard,errors=remount-ro");
	read_tree("sata");
	CHECK_STR("sata: fs type", prov.fs.type, "ext4");
	CHECK_STR("sata: source", prov.fs.source, "/dev/sda2");
	CHECK_STR("sata: mount point (device beats a longer mount)", prov.fs.mount_point, "/");
	CHECK_STR("sata: mount options", prov.fs.mount_options, "rw,noatime");
	CHECK_STR("sata: superblock options", prov.fs.super_options,
		  "rw,discard,errors=remount-ro");
	CHECK("sata: space from statvfs", prov.fs.space_known && prov.fs.size_bytes > 0 &&
						 prov.fs.block_bytes > 0 &&
						 prov.fs.used_bytes <= prov.fs.size_bytes);
	CHECK("sata: two layers", prov.n_layers == 2 && prov.n_disks == 1 && !prov.truncated);
	check_layer("sata", 0, PROV_PARTITION, "sda2", -1);
	check_layer("sata", 1, PROV_DISK, "sda", 0);
	CHECK_STR("sata: partition number", prov.layers[0].detail, "2");
	CHECK("sata: disk index", prov.layers[1].disk == 0 && prov.layers[0].disk == -1);
	CHECK_STR("sata: disk name", d->name, "sda");
	CHECK_STR("sata: model trimmed", d->model, "Samsung SSD 860");
	CHECK_STR("sata: vendor trimmed", d->vendor, "ATA");
	CHECK_STR("sata: firmware", d->firmware, "4B6Q");
	CHECK_STR("sata: transport", d->transport, "ata");
	CHECK_STR("sata: driver past sd", d->driver, "ahci");
	CHECK("sata: queue", d->rotational == 0 && d->logical_block_bytes == 512 &&
				     d->physical_block_bytes == 4096 && d->discard == 1 &&
				     d->discard_max_bytes == 2147450880u &&
				     d->queue_depth == 32 && d->nr_requests == 64 &&
				     d->read_ahead_kib == 128);
	CHECK_STR("sata: write cache", d->write_cache, "write back");
	CHECK_STR("sata: scheduler in brackets", d->scheduler, "bfq");
	CHECK_STR("machine: kernel", m->kernel, "Linux 6.1.0-test");
	CHECK_STR("machine: cpu model", m->cpu_model, "Fake CPU 9000 @ 2.00GHz");
	CHECK("machine: cpus online 0-3,6", m->cpus_online == 5);
	CHECK_U64("machine: ram", m->ram_bytes, UINT64_C(16384000) * 1024);
	CHECK_STR("machine: governor", m->governor, "performance");
}

static void test_crypt_lvm(void)
{
	const char *disk, *part, *lvm, *crypt;
	char lvm_dir[PATH_MAX], crypt_dir[PATH_MAX];

	fresh_tree();
	disk = sata_disk("sda", "0000:00:1f.2", "ahci", 0, "1\n");
	part = partition(disk, "sda3", 3);
	link_to(fmt("%s/slaves/sda3", (lvm = virtual_dev("dm-0"))), part);
	SPRINTF(lvm_dir, "%s", lvm);
	put(fmt("%s/dm/name", lvm_dir), "vg0-root\n");
	put(fmt("%s/dm/uuid", lvm_dir), "LVM-Qx1oM5pYt2d9aZ\n");
	crypt = virtual_dev("dm-1");
	SPRINTF(crypt_dir, "%s", crypt);
	link_to(fmt("%s/slaves/dm-0", crypt_dir), lvm_dir);
	link_to(fmt("%s/holders/dm-1", lvm_dir), crypt_dir);
	put(fmt("%s/dm/name", crypt_dir), "cryptroot\n");
	put(fmt("%s/dm/uuid", crypt_dir), "CRYPT-LUKS2-0f3b8e21c9d74c5b-cryptroot\n");
	put(fmt("%s/dev", crypt_dir), "254:1\n");
	filesystem_on(crypt_dir);
	mount_line("ext4", "/dev/mapper/cryptroot", "rw");
	read_tree("crypt");
	CHECK("crypt: four layers", prov.n_layers == 4 && prov.n_disks == 1);
	check_layer("crypt", 0, PROV_CRYPT, "dm-1", -1);
	check_layer("crypt", 1, PROV_LVM, "dm-0", 0);
	check_layer("crypt", 2, PROV_PARTITION, "sda3", 1);
	check_layer("crypt", 3, PROV_DISK, "sda", 2);
	CHECK_STR("crypt: dm name", prov.layers[0].label, "cryptroot");
	CHECK_STR("crypt: lvm name", prov.layers[1].label, "vg0-root");
	/* A fake tree is never the live system: the cipher stays unknown. */
	CHECK_STR("crypt: cipher unknown off the live system", prov.layers[0].detail, "");
	CHECK("crypt: spinning disk", prov.disks[0].rotational == 1);
}

static void test_md_raid1(void)
{
	const char *md;
	char md_dir[PATH_MAX];

	fresh_tree();
	md = virtual_dev("md0");
	SPRINTF(md_dir, "%s", md);
	put(fmt("%s/md/level", md_dir), "raid1\n");
	link_to(fmt("%s/slaves/sdb1", md_dir),
		partition(sata_disk("sdb", "0000:00:1f.2", "ahci", 1, "1\n"), "sdb1", 1));
	link_to(fmt("%s/slaves/sdc", md_dir),
		sata_disk("sdc", "0000:00:01.1", "ata_piix", 2, "1\n"));
	filesystem_on(md_dir);
	mount_line("xfs", "/dev/md0", "rw,attr2,inode64");
	read_tree("md");
	CHECK("md: four layers, two disks", prov.n_layers == 4 && prov.n_disks == 2);
	check_layer("md", 0, PROV_MD, "md0", -1);
	check_layer("md", 1, PROV_PARTITION, "sdb1", 0);
	check_layer("md", 2, PROV_DISK, "sdb", 1);
	check_layer("md", 3, PROV_DISK, "sdc", 0);
	CHECK_STR("md: level", prov.layers[0].detail, "raid1");
	CHECK("md: disk indexes", prov.layers[2].disk == 0 && prov.layers[3].disk == 1);
	CHECK_STR("md: first disk behind ahci", prov.disks[0].driver, "ahci");
	CHECK_STR("md: second disk behind ata_piix", prov.disks[1].driver, "ata_piix");
}

static void test_md_same_disk(void)
{
	const char *disk, *md;
	char disk_dir[PATH_MAX], md_dir[PATH_MAX];

	fresh_tree();
	disk = sata_disk("sdb", "0000:00:1f.2", "ahci", 1, "0\n");
	SPRINTF(disk_dir, "%s", disk);
	md = virtual_dev("md1");
	SPRINTF(md_dir, "%s", md);
	put(fmt("%s/md/level", md_dir), "raid0\n");
	link_to(fmt("%s/slaves/sdb1", md_dir), partition(disk_dir, "sdb1", 1));
	link_to(fmt("%s/slaves/sdb2", md_dir), partition(disk_dir, "sdb2", 2));
	filesystem_on(md_dir);
	mount_line("ext4", "/dev/md1", "rw");
	read_tree("md same disk");
	CHECK("md same disk: one disk, listed once", prov.n_layers == 5 && prov.n_disks == 1 &&
							   prov.layers[2].disk == 0 &&
							   prov.layers[4].disk == 0);
}

static void test_loop(void)
{
	char dir[PATH_MAX];

	fresh_tree();
	SPRINTF(dir, "%s", virtual_dev("loop3"));
	put(fmt("%s/loop/backing_file", dir), "/var/tmp/disk image.img\n");
	put(fmt("%s/queue/rotational", dir), "1\n");
	filesystem_on(dir);
	mount_line("ext2", "/dev/loop3", "rw");
	read_tree("loop");
	CHECK("loop: one layer, no disk", prov.n_layers == 1 && prov.n_disks == 0);
	check_layer("loop", 0, PROV_LOOP, "loop3", -1);
	CHECK_STR("loop: backing file", prov.layers[0].detail, "/var/tmp/disk image.img");
}

static void test_nvme(void)
{
	const char *pci = "sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0";
	char ctrl_dir[PATH_MAX], ns[PATH_MAX];

	fresh_tree();
	SPRINTF(ctrl_dir, "%s/nvme/nvme0", pci);
	SPRINTF(ns, "%s/nvme0n1", ctrl_dir);
	link_to(fmt("%s/driver", pci), "sys/bus/pci/drivers/nvme");
	put(fmt("%s/model", ctrl_dir), "Samsung SSD 970 EVO Plus 1TB            \n");
	put(fmt("%s/firmware_rev", ctrl_dir), "2B2QEXM7\n");
	put(fmt("%s/transport", ctrl_dir), "pcie\n");
	put(fmt("%s/serial", ctrl_dir), SECRET "\n");
	link_to(fmt("%s/device", ns), ctrl_dir);
	queue(ns, "0\n", "[none] mq-deadline\n");
	filesystem_on(partition(ns, "nvme0n1p2", 2));
	mount_line("ext4", "/dev/nvme0n1p2", "rw");
	read_tree("nvme");
	check_layer("nvme", 0, PROV_PARTITION, "nvme0n1p2", -1);
	check_layer("nvme", 1, PROV_DISK, "nvme0n1", 0);
	CHECK_STR("nvme: model", prov.disks[0].model, "Samsung SSD 970 EVO Plus 1TB");
	CHECK_STR("nvme: firmware", prov.disks[0].firmware, "2B2QEXM7");
	CHECK_STR("nvme: no vendor in sysfs", prov.disks[0].vendor, "");
	CHECK_STR("nvme: transport", prov.disks[0].transport, "nvme");
	CHECK_STR("nvme: driver", prov.disks[0].driver, "nvme");
	CHECK_STR("nvme: scheduler none", prov.disks[0].scheduler, "none");
	CHECK("nvme: no queue_depth file", prov.disks[0].queue_depth == 0);
	/* The same over TCP names the fabric. */
	put(fmt("%s/transport", ctrl_dir), "tcp\n");
	read_tree("nvme over tcp");
	CHECK_STR("nvme over tcp: transport", prov.disks[0].transport, "nvme-tcp");
}

static void test_virtio_usb(void)
{
	const char *pci = "sys/devices/pci0000:00/0000:00:02.0";
	const char *usb = "sys/devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0";
	char vdir[PATH_MAX], scsi_dir[PATH_MAX], disk[PATH_MAX];

	fresh_tree();
	SPRINTF(vdir, "%s/virtio1", pci);
	link_to(fmt("%s/driver", pci), "sys/bus/pci/drivers/virtio-pci");
	link_to(fmt("%s/driver", vdir), "sys/bus/virtio/drivers/virtio_blk");
	put(fmt("%s/vendor", vdir), "0x1af4\n");
	link_to(fmt("%s/block/vda/device", vdir), vdir);
	queue(fmt("%s/block/vda", vdir), "1\n", "none [mq-deadline] kyber bfq\n");
	filesystem_on(fmt("%s/block/vda", vdir));
	mount_line("ext4", "/dev/vda", "rw,discard");
	read_tree("virtio");
	check_layer("virtio", 0, PROV_DISK, "vda", -1);
	CHECK_STR("virtio: transport", prov.disks[0].transport, "virtio");
	CHECK_STR("virtio: driver", prov.disks[0].driver, "virtio_blk");
	CHECK_STR("virtio: vendor id", prov.disks[0].vendor, "0x1af4");
	CHECK_STR("virtio: scheduler", prov.disks[0].scheduler, "mq-deadline");

	fresh_tree();
	SPRINTF(scsi_dir, "%s/host6/target6:0:0/6:0:0:0", usb);
	SPRINTF(disk, "%s/block/sdd", scsi_dir);
	link_to("sys/devices/pci0000:00/0000:00:14.0/driver", "sys/bus/pci/drivers/xhci_hcd");
	link_to("sys/devices/pci0000:00/0000:00:14.0/usb2/2-1/driver", "sys/bus/usb/drivers/usb");
	link_to(fmt("%s/driver", usb), "sys/bus/usb/drivers/usb-storage");
	link_to(fmt("%s/driver", scsi_dir), "sys/bus/scsi/drivers/sd");
	put(fmt("%s/model", scsi_dir), "Flash Disk      \n");
	put(fmt("%s/vendor", scsi_dir), "Generic \n");
	link_to(fmt("%s/device", disk), scsi_dir);
	queue(disk, "1\n", "[mq-deadline] none\n");
	filesystem_on(partition(disk, "sdd1", 1));
	mount_line("vfat", "/dev/sdd1", "rw,fmask=0022");
	read_tree("usb");
	CHECK_STR("usb: transport over the SCSI host", prov.disks[0].transport, "usb");
	CHECK_STR("usb: driver", prov.disks[0].driver, "usb-storage");
	CHECK_STR("usb: vendor", prov.disks[0].vendor, "Generic");
}

static void test_btrfs(void)
{
	const char *uuid = "sys/fs/btrfs/7b0e5d1c-2f4a-4c3e-9a51-3f2d6c8b9e10";
	const char *other = "sys/fs/btrfs/0a0a0a0a-1111-2222-3333-444444444444";
	char sde[PATH_MAX], sdf[PATH_MAX], sdg[PATH_MAX];

	fresh_tree();
	SPRINTF(sde, "%s", sata_disk("sde", "0000:00:1f.2", "ahci", 4, "1\n"));
	SPRINTF(sdf, "%s", sata_disk("sdf", "0000:00:1f.2", "ahci", 5, "1\n"));
	SPRINTF(sdg, "%s", sata_disk("sdg", "0000:00:1f.2", "ahci", 6, "0\n"));
	link_to(fmt("%s/devices/sdg", other), sdg);
	link_to(fmt("%s/devices/sde", uuid), sde);
	link_to(fmt("%s/devices/sdf", uuid), sdf);
	make_dirs("sys/fs/btrfs/features");
	/* btrfs's anonymous device: no /sys/dev/block link, and a mountinfo
	 * device that is not the directory's st_dev. */
	put("proc/self/mountinfo",
	    "27 1 0:45 / / rw,relatime shared:1 - btrfs /dev/sdf rw,ssd,space_cache=v2,subvolid=5,subvol=/\n");
	read_tree("btrfs");
	CHECK_STR("btrfs: fs type", prov.fs.type, "btrfs");
	CHECK("btrfs: two devices, two disks", prov.n_layers == 2 && prov.n_disks == 2);
	check_layer("btrfs", 0, PROV_DISK, "sde", -1);
	check_layer("btrfs", 1, PROV_DISK, "sdf", -1);
	CHECK_STR("btrfs: superblock options", prov.fs.super_options,
		  "rw,ssd,space_cache=v2,subvolid=5,subvol=/");
}

static void test_unknowns(void)
{
	const struct prov_disk *d = &prov.disks[0];

	/* A disk with nothing but its device link; no machine files. */
	remove_tree();
	mkdir(root, 0755);
	link_to("sys/devices/platform/bare/block/xda/device", "sys/devices/platform/bare");
	filesystem_on("sys/devices/platform/bare/block/xda");
	mount_line("ext4", "/dev/xda", "rw");
	read_tree("unknowns");
	CHECK("unknowns: the disk is there", prov.n_disks == 1 && prov.n_layers == 1);
	CHECK("unknowns: queue unknown",
	      d->rotational == -1 && d->discard == -1 && d->read_ahead_kib == -1 &&
		      d->logical_block_bytes == 0 && d->queue_depth == 0 &&
		      d->nr_requests == 0 && !d->scheduler[0] && !d->write_cache[0]);
	CHECK("unknowns: identity unknown", !d->model[0] && !d->vendor[0] &&
						    !d->firmware[0] && !d->driver[0] &&
						    !d->transport[0]);
	CHECK("unknowns: machine unknown",
	      !prov.machine.kernel[0] && !prov.machine.cpu_model[0] &&
		      prov.machine.cpus_online == 0 && prov.machine.ram_bytes == 0 &&
		      !prov.machine.governor[0]);

	/* No mountinfo: no filesystem, no stack; the space is still known. */
	remove_tree();
	mkdir(root, 0755);
	read_tree("no mountinfo");
	CHECK("no mountinfo: nothing but space",
	      !prov.fs.type[0] && !prov.fs.mount_point[0] && prov.n_layers == 0 &&
		      prov.fs.space_known);

	/* A device number with no sysfs entry: the filesystem, no stack. */
	mount_line("ext4", "/dev/sdz1", "rw");
	read_tree("no sysfs");
	CHECK("no sysfs: filesystem without a stack",
	      strcmp(prov.fs.type, "ext4") == 0 && prov.n_layers == 0);

	errno = 0;
	CHECK("missing directory: -1 and errno",
	      provenance_read(fmt("%s/none", root), root, &prov) == -1 && errno == ENOENT);
}

static void test_mountinfo(void)
{
	char spaced[PATH_MAX];
	struct stat st;

	/* A mount point with a space (\040) that holds the directory, and a
	 * cifs mount's options that name a user and a host. */
	SPRINTF(spaced, "%s/my dir", root);
	remove_tree();
	mkdir(root, 0755);
	mkdir(spaced, 0755);
	stat(spaced, &st);
	put("proc/self/mountinfo",
	    fmt("27 1 %u:%u / / rw - ext4 /dev/vda rw\n"
		"40 27 %u:%u / %s/my\\040dir rw,nosuid,relatime shared:7 master:2 - cifs"
		" //nas/share\\040x rw,vers=3.0,username=alice,domain=HOME,uid=0,addr=10.1.2.3\n",
		major(st.st_dev), minor(st.st_dev), major(st.st_dev),
		minor(st.st_dev), root));
	CHECK("mountinfo: reads", provenance_read(spaced, root, &prov) == 0);
	CHECK_STR("mountinfo: escaped mount point", prov.fs.mount_point, spaced);
	CHECK_STR("mountinfo: escaped source", prov.fs.source, "//nas/share x");
	CHECK_STR("mountinfo: type", prov.fs.type, "cifs");
	CHECK_STR("mountinfo: optional fields skipped", prov.fs.mount_options,
		  "rw,nosuid,relatime");
	CHECK_STR("mountinfo: user and host options dropped", prov.fs.super_options,
		  "rw,vers=3.0,uid=0");
	/* Malformed lines are skipped. */
	put("proc/self/mountinfo", "garbage\n27 1 x:y / / rw - ext4\n1 2 3:4 / / rw\n");
	CHECK("mountinfo: malformed lines skipped",
	      provenance_read(root, root, &prov) == 0 && !prov.fs.type[0]);
}

static void test_crypt_cipher(void)
{
	char table[] = "aes-xts-plain64 d2f1c0ffee0123456789abcdef 0 8:3 4096 1 allow_discards";
	char keyring[] = "  capi:cbc(aes)-essiv:sha256 :32:logon:cryptsetup:1 0 254:0 0";
	char cipher[64];
	uint32_t bits = 1;
	bool zero = true;

	CHECK("cipher: table line", provenance_crypt_cipher(table, sizeof(table) - 1,
								 cipher, sizeof(cipher), &bits) == 0);
	CHECK_STR("cipher: first word kept", cipher, "aes-xts-plain64");
	CHECK("cipher: key size from 26 hex digits", bits == 104);
	for (size_t i = 0; i < sizeof(table); i++)
		zero &= table[i] == '\0';
	CHECK("cipher: the key is wiped", zero);
	CHECK("cipher: keyring form", provenance_crypt_cipher(keyring, sizeof(keyring) - 1,
								   cipher, sizeof(cipher), &bits) == 0);
	CHECK_STR("cipher: capi spec", cipher, "capi:cbc(aes)-essiv:sha256");
	CHECK("cipher: key size from the keyring reference", bits == 256);
	CHECK("cipher: keyring wiped", keyring[20] == '\0' && keyring[0] == '\0');
	strcpy(table, "aes-xts-plain64 00");
	CHECK("cipher: too long for the buffer",
	      provenance_crypt_cipher(table, strlen(table), cipher, 8, &bits) == -1 &&
		      !cipher[0] && table[0] == '\0' && bits == 0);
	CHECK("cipher: empty line", provenance_crypt_cipher(table, 0, cipher, 8, NULL) == -1);
	strcpy(table, "aes-xts-plain64 -");
	CHECK("cipher: no key size in a key that is neither",
	      provenance_crypt_cipher(table, strlen(table), cipher, sizeof(cipher), &bits) == 0 &&
		      bits == 0);
	CHECK_STR("kind names", provenance_kind_name(PROV_LVM), "lvm");
	CHECK_STR("kind names: crypt", provenance_kind_name(PROV_CRYPT), "crypt");
}

static void test_parsers(void)
{
	static const struct {
		const char *list;
		uint32_t count;
	} lists[] = {
		{ "0-3,6", 5 },  { "0", 1 },       { "0-3\n", 4 },  { "2-2,5-7", 4 },
		{ "", 0 },       { "3-1", 0 },     { "0-", 0 },      { "a", 0 },
		{ "1,,2", 0 },   { "1,", 0 },      { "-1", 0 },      { "0-4294967295", 0 },
		{ "4294967296", 0 }, { "0 1", 0 }, { "4294967294-4294967295", 2 },
		{ "0-3\n,6\n", 0 }, { "1,2\n\n", 0 }, { "\n", 0 },
	};
	char line[] = "36 35 98:0 /mnt1 /mnt\\0402 rw,noatime master:1 - ext3 /dev/root rw,errors=continue\n";
	char bad_dev[] = "36 35 98:x / / rw - ext3 /dev/root rw";
	char no_dash[] = "36 35 98:0 / / rw shared:1 ext3 /dev/root rw";
	char short_line[] = "36 35 98:0 / / rw - ext3 /dev/root";
	char options[64];
	struct prov_mount_line m;

	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		CHECK(fmt("cpu list %zu (\"%.*s\") counts %u", i, (int)strcspn(lists[i].list, "\n"), lists[i].list, lists[i].count),
		      provenance_count_cpus(lists[i].list) == lists[i].count);
	CHECK("mountinfo line splits", provenance_split_mountinfo(line, &m) == 0);
	CHECK("mountinfo line: fields",
	      m.major == 98 && m.minor == 0 && strcmp(m.mount_point, "/mnt 2") == 0 &&
		      strcmp(m.options, "rw,noatime") == 0 && strcmp(m.type, "ext3") == 0 &&
		      strcmp(m.source, "/dev/root") == 0 &&
		      strcmp(m.super, "rw,errors=continue") == 0);
	CHECK("mountinfo line: bad device", provenance_split_mountinfo(bad_dev, &m) == -1);
	CHECK("mountinfo line: no separator", provenance_split_mountinfo(no_dash, &m) == -1);
	CHECK("mountinfo line: no superblock options",
	      provenance_split_mountinfo(short_line, &m) == -1);
	provenance_keep_options("rw,user=bob,username=alice,cred=/x,,credentials,ro", options,
				sizeof(options));
	CHECK_STR("options: user and credential keys dropped", options, "rw,ro");
	provenance_keep_options("rw,a_very_long_option_name=that_does_not_fit_in_sixteen", options, 16);
	CHECK_STR("options: what does not fit is left out", options, "rw");
}

/* What this machine says about /tmp against findmnt and /sys read here. */
static void test_live(void)
{
	char line[1024] = "", type[64] = "", options[768] = "", source[256] = "";
	struct utsname u;
	FILE *p = popen("findmnt -no FSTYPE,OPTIONS,SOURCE --target /tmp 2>/dev/null", "r");
	bool have = p && fgets(line, sizeof(line), p) &&
		    sscanf(line, "%63s %767s %255s", type, options, source) == 3;

	if (p)
		pclose(p);
	CHECK("live: /tmp reads", provenance_read("/tmp", "", &prov) == 0);
	if (!have) {
		check_skip("live: findmnt", "no findmnt");
	} else {
		char all[1100];
		bool every = true;

		CHECK_STR("live: type as findmnt", prov.fs.type, type);
		CHECK_STR("live: source as findmnt", prov.fs.source, source);
		/* findmnt merges both option lists; each of ours is in it. */
		SPRINTF(all, ",%s,", options);
		for (int k = 0; k < 2; k++) {
			char copy[512], *save = NULL;

			SPRINTF(copy, "%s",
				 k ? prov.fs.super_options : prov.fs.mount_options);
			for (char *o = strtok_r(copy, ",", &save); o;
			     o = strtok_r(NULL, ",", &save))
				every &= strstr(all, fmt(",%s,", o)) != NULL ||
					 strcmp(o, "rw") == 0 || strcmp(o, "ro") == 0;
		}
		CHECK("live: options as findmnt", every);
	}
	for (size_t i = 0; i < prov.n_disks; i++) {
		const struct prov_disk *d = &prov.disks[i];
		char rot[8] = "", sched[128] = "";
		FILE *f = fopen(fmt("/sys/block/%s/queue/rotational", d->name), "r");

		if (f) {
			if (!fgets(rot, sizeof(rot), f))
				rot[0] = '\0';
			fclose(f);
		}
		CHECK(fmt("live: %s rotational as /sys", d->name),
		      d->rotational == (rot[0] ? rot[0] == '1' : -1));
		f = fopen(fmt("/sys/block/%s/queue/scheduler", d->name), "r");
		if (f) {
			if (!fgets(sched, sizeof(sched), f))
				sched[0] = '\0';
			fclose(f);
		}
		CHECK(fmt("live: %s scheduler as /sys", d->name),
		      !strchr(sched, '[') || strstr(sched, fmt("[%s]", d->scheduler)));
	}
	CHECK("live: cpus as sysconf",
	      prov.machine.cpus_online == (uint32_t)sysconf(_SC_NPROCESSORS_ONLN));
	CHECK("live: ram as sysconf",
	      prov.machine.ram_bytes == (uint64_t)sysconf(_SC_PHYS_PAGES) *
						(uint64_t)sysconf(_SC_PAGESIZE));
	CHECK("live: kernel as uname",
	      uname(&u) == 0 &&
		      strcmp(prov.machine.kernel, fmt("%s %s", u.sysname, u.release)) == 0);
}

int main(void)
{
	SPRINTF(root, "/tmp/clyde-prov-%ld", (long)getpid());
	test_sata_partition();
	test_crypt_lvm();
	test_md_raid1();
	test_md_same_disk();
	test_loop();
	test_nvme();
	test_virtio_usb();
	test_btrfs();
	test_unknowns();
	test_mountinfo();
	test_crypt_cipher();
	test_parsers();
	test_live();
	remove_tree();
	return check_done();
}
