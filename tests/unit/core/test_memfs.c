/* SPDX-License-Identifier: MIT */
/*
 * test_memfs.c - limit_memory_fs on provenance records: memory types,
 * a disk, ext4 on zram and on brd's ram0, md over a RAM disk and a real
 * disk (not memory: one branch ends on a disk), a record that says
 * nothing, and the live /dev/shm when it is a tmpfs.
 */
#include <string.h>

#include "check.h"
#include "core/limit.h"
#include "platform/provenance_read.h"

static struct provenance p; /* large: not on the stack */

static void fs(const char *type)
{
	provenance_clear(&p);
	snprintf(p.fs.type, sizeof(p.fs.type), "%s", type);
}

/* Layer I: NAME of KIND, serving layer ABOVE. */
static void layer(size_t i, enum prov_kind kind, const char *name, int above)
{
	p.layers[i] = (struct prov_layer){ .kind = kind, .above = above,
					   .disk = -1 };
	snprintf(p.layers[i].name, sizeof(p.layers[i].name), "%s", name);
	if (p.n_layers <= i)
		p.n_layers = i + 1;
}

int main(void)
{
	const char *types[] = { "tmpfs", "ramfs", "devtmpfs" };
	char why[64];

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		fs(types[i]);
		CHECK(types[i], limit_memory_fs(&p, why, sizeof(why)));
		CHECK_STR("the type says why", why, types[i]);
	}
	fs("ext4");
	layer(0, PROV_DISK, "vda", -1);
	CHECK("ext4 on a disk: not memory", !limit_memory_fs(&p, why, sizeof(why)));
	CHECK_STR("not memory: why is empty", why, "");
	fs("ext4");
	layer(0, PROV_OTHER, "zram0", -1);
	CHECK("ext4 on zram0", limit_memory_fs(&p, why, sizeof(why)));
	CHECK_STR("zram: why names the stack", why, "ext4 on zram0");
	fs("xfs");
	layer(0, PROV_PARTITION, "ram1p1", -1);
	layer(1, PROV_OTHER, "ram1", 0);
	CHECK("xfs on a partition of brd's ram1", limit_memory_fs(&p, why, sizeof(why)));
	CHECK_STR("brd: the bottom named", why, "xfs on ram1");
	fs("ext4");
	layer(0, PROV_MD, "md0", -1);
	layer(1, PROV_OTHER, "zram0", 0);
	layer(2, PROV_DISK, "sda", 0);
	CHECK("md over zram0 and sda: one branch on a disk",
	      !limit_memory_fs(&p, NULL, 0));
	fs("ext4");
	layer(0, PROV_OTHER, "nbd0", -1);
	CHECK("nbd0 is not a RAM disk", !limit_memory_fs(&p, NULL, 0));
	fs("ext4");
	layer(0, PROV_OTHER, "ramdisk", -1);
	CHECK("a name that only starts like ram", !limit_memory_fs(&p, NULL, 0));
	fs("");
	CHECK("nothing known: not memory", !limit_memory_fs(&p, why, sizeof(why)));
	fs("nfs4");
	CHECK("a network filesystem: not memory", !limit_memory_fs(&p, NULL, 0));

	/* The live machine: /dev/shm is tmpfs wherever it is mounted as one. */
	provenance_clear(&p);
	if (provenance_read("/dev/shm", "", &p) != 0 || strcmp(p.fs.type, "tmpfs") != 0)
		check_skip("live /dev/shm", "no tmpfs at /dev/shm here");
	else
		CHECK("live /dev/shm is memory", limit_memory_fs(&p, NULL, 0));
	return check_done();
}
