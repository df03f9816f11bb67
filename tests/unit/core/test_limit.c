/* SPDX-License-Identifier: MIT */
/*
 * test_limit.c - the verdict of what limited each figure, on made-up runs
 * at and around each threshold: 90% of the cores (one, the copies', the
 * machine's CPUs, the threads engine's QxT), the tail left out of the CPU,
 * the time waiting for a CPU, the page cache's half for reads and writes, dm-crypt's cipher, a SATA
 * link's reach (half duplex) against PCIe's (full duplex), memory
 * (tmpfs, zram), each piece of missing evidence, and the notes: online
 * discard, a disk's write cache off, the CPU's governor.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "core/limit.h"
#include "core/verdict.h"
#include "platform/provenance_read.h"

/* A run on ext4 on one SATA 6 Gb/s disk (a transfer gets 552 MB/s), 4 CPUs. */
static struct run_results base(void)
{
	struct run_results r;

	memset(&r, 0, sizeof(r));
	r.concurrency = 1;
	r.io.seekers = 5;
	r.prov_known = true;
	provenance_clear(&r.prov);
	strcpy(r.prov.fs.type, "ext4");
	r.prov.n_layers = 1;
	r.prov.n_disks = 1;
	r.prov.layers[0] = (struct prov_layer){ .kind = PROV_DISK, .name = "sda",
						.above = -1, .disk = 0 };
	strcpy(r.prov.disks[0].name, "sda");
	strcpy(r.prov.disks[0].link.kind, "sata");
	strcpy(r.prov.disks[0].link.name, "SATA 6.0 Gb/s");
	r.prov.disks[0].link.ceiling_mb_s = 600;
	r.env.cpus = 4;
	strcpy(r.env.device, "sda");
	return r;
}

/*
 * Phase P ran for a second at MB_S (10^6 bytes/s), READS of it read (the
 * rest written; rewrite does both with BYTES once), at CPU percent, the
 * device moving all of it.
 */
static void ran(struct run_results *r, enum phase_id p, double mb_s, bool reads,
		double cpu)
{
	struct phase_result *ph = &r->phase[p];
	uint64_t bytes = (uint64_t)(mb_s * 1e6);

	ph->state = FIGURE_VALUE;
	ph->rate = mb_s * 1e6 / 1024;
	ph->cpu_pct = cpu;
	ph->elapsed_ns = 1000000000;
	ph->bytes = bytes;
	ph->read_bytes = reads || p == PHASE_REWRITE ? bytes : 0;
	ph->dev = (struct device_io){ true, ph->read_bytes,
				      p == PHASE_REWRITE || !reads ? bytes : 0 };
}

static enum limit_kind judged(struct run_results *r, enum phase_id p)
{
	verdict_compute(r);
	return r->phase[p].limit.kind;
}

static void test_cpu(void)
{
	struct run_results r = base();

	ran(&r, PHASE_PUTC, 50, false, 90.0);
	CHECK("cpu: 90% of one core is CPU-bound", judged(&r, PHASE_PUTC) == LIMIT_CPU);
	CHECK("cpu: one core", r.phase[PHASE_PUTC].limit.cores == 1);
	ran(&r, PHASE_PUTC, 50, false, 89.9);
	CHECK("cpu: 89.9% is not", judged(&r, PHASE_PUTC) == LIMIT_DEVICE);
	r.concurrency = 2;
	ran(&r, PHASE_PUTC, 50, false, 179.9);
	CHECK("cpu: 2 copies need 180%", judged(&r, PHASE_PUTC) == LIMIT_DEVICE);
	ran(&r, PHASE_PUTC, 50, false, 180);
	CHECK("cpu: 2 copies at 180%", judged(&r, PHASE_PUTC) == LIMIT_CPU &&
					    r.phase[PHASE_PUTC].limit.cores == 2);
	r.concurrency = 1;
	ran(&r, PHASE_SEEKS, 5, true, 359);
	CHECK("cpu: 5 seekers on 4 CPUs need 360%", judged(&r, PHASE_SEEKS) == LIMIT_DEVICE &&
							 r.phase[PHASE_SEEKS].limit.cores == 4);
	ran(&r, PHASE_SEEKS, 5, true, 360);
	CHECK("cpu: 5 seekers at 360%", judged(&r, PHASE_SEEKS) == LIMIT_CPU);
	r.env.cpus = 0;
	r.prov.machine.cpus_online = 8;
	ran(&r, PHASE_SEEKS, 5, true, 360);
	CHECK("cpu: the provenance's CPUs when the environment has none",
	      judged(&r, PHASE_SEEKS) == LIMIT_DEVICE && r.phase[PHASE_SEEKS].limit.cores == 5);

	/* 60% over 10 s, of which the last 4 s were the fsync: 100% while it had work. */
	r = base();
	ran(&r, PHASE_PUTC, 50, false, 60);
	r.phase[PHASE_PUTC].elapsed_ns = 10000000000ULL;
	r.phase[PHASE_PUTC].series = (struct phase_series){ .n = 10, .tail_s = 4,
							    .interval_ns = 1000000000,
							    .span_ns = 10000000000ULL };
	CHECK("cpu: the tail left out", judged(&r, PHASE_PUTC) == LIMIT_CPU &&
					     fabs(r.phase[PHASE_PUTC].limit.cpu_pct - 100) < 1e-9 &&
					     r.phase[PHASE_PUTC].limit.tail_s == 4);
	r.phase[PHASE_PUTC].series.tail_s = 5;
	CHECK("cpu: not when the tail is half the time",
	      judged(&r, PHASE_PUTC) != LIMIT_CPU && r.phase[PHASE_PUTC].limit.tail_s == 0);

	/* 40% of a core on a busy machine, waiting for one 50% of the time. */
	r = base();
	ran(&r, PHASE_PUTC, 50, false, 40);
	r.phase[PHASE_PUTC].wait_ns = 500000000;
	CHECK("cpu: the time waiting for a CPU counts", judged(&r, PHASE_PUTC) == LIMIT_CPU &&
							     fabs(r.phase[PHASE_PUTC].limit.wait_pct -
								  50) < 1e-9);
	r.phase[PHASE_PUTC].wait_ns = 499000000;
	CHECK("cpu: 89.9% with it is not", judged(&r, PHASE_PUTC) == LIMIT_DEVICE &&
						r.phase[PHASE_PUTC].limit.wait_pct == 0);
}

static void test_cache(void)
{
	struct run_results r = base();

	ran(&r, PHASE_READ, 100, true, 10);
	r.phase[PHASE_READ].dev.read_bytes = r.phase[PHASE_READ].bytes * 49 / 100;
	CHECK("cache: 49% from the disk", judged(&r, PHASE_READ) == LIMIT_CACHE &&
					       r.phase[PHASE_READ].limit.pct == 49);
	r.phase[PHASE_READ].dev.read_bytes = r.phase[PHASE_READ].bytes / 2;
	CHECK("cache: half from the disk is not", judged(&r, PHASE_READ) == LIMIT_DEVICE);
	ran(&r, PHASE_WRITE, 100, false, 10);
	r.phase[PHASE_WRITE].dev.write_bytes /= 10;
	CHECK("cache: the disk wrote a tenth", judged(&r, PHASE_WRITE) == LIMIT_CACHE &&
						    r.phase[PHASE_WRITE].limit.writes);
	ran(&r, PHASE_GETC, 100, true, 95);
	r.phase[PHASE_GETC].dev.read_bytes = 0;
	CHECK("cache: a CPU-bound read from the cache is CPU-bound, cached",
	      judged(&r, PHASE_GETC) == LIMIT_CPU && r.phase[PHASE_GETC].limit.cached &&
		      r.phase[PHASE_GETC].limit.pct == 0);
}

static void test_links(void)
{
	struct run_results r = base();
	const struct figure_limit *l = &r.phase[PHASE_WRITE].limit;

	ran(&r, PHASE_WRITE, 0.9 * 552 + 0.001, false, 30);
	CHECK("interface: at 90% of what SATA carries", judged(&r, PHASE_WRITE) == LIMIT_INTERFACE &&
							     l->limit_mb_s == 552 &&
							     l->ceiling_mb_s == 600 &&
							     strcmp(l->what, "SATA 6.0 Gb/s") == 0);
	ran(&r, PHASE_WRITE, 0.9 * 552 - 0.5, false, 30);
	CHECK("interface: just under is the device", judged(&r, PHASE_WRITE) == LIMIT_DEVICE &&
							  l->pct == 100);
	/* Rewrite reads and writes 250 MB/s each: 500 on a half-duplex link. */
	ran(&r, PHASE_REWRITE, 250, false, 30);
	CHECK("interface: SATA carries reads and writes in turn",
	      judged(&r, PHASE_REWRITE) == LIMIT_INTERFACE);
	strcpy(r.prov.disks[0].link.kind, "pcie");
	r.prov.disks[0].link.ceiling_mb_s = 568; /* 500 usable */
	CHECK("interface: PCIe carries them both ways at once",
	      judged(&r, PHASE_REWRITE) == LIMIT_DEVICE);
	r.prov.disks[0].link.ceiling_mb_s = 0;
	CHECK("interface: a link without its ceiling is unknown",
	      judged(&r, PHASE_REWRITE) == LIMIT_UNKNOWN &&
		      r.phase[PHASE_REWRITE].limit.missing == MISSING_CEILING);
	strcpy(r.prov.disks[0].link.kind, "virtio");
	CHECK("interface: virtio has none to know", judged(&r, PHASE_REWRITE) == LIMIT_DEVICE);
}

static void test_cipher(void)
{
	struct run_results r = base();
	const struct figure_limit *l = &r.phase[PHASE_WRITE].limit;

	strcpy(r.prov.disks[0].link.kind, "pcie");
	r.prov.disks[0].link.ceiling_mb_s = 8000;
	r.prov.cipher = (struct prov_cipher){ .layer = 0, .spec = "aes-xts-plain64",
					      .algorithm = "xts(aes)", .encrypt_mb_s = 1000,
					      .decrypt_mb_s = 2000 };
	ran(&r, PHASE_WRITE, 900, false, 40);
	CHECK("cipher: 90% of its encryption", judged(&r, PHASE_WRITE) == LIMIT_CIPHER &&
						    strcmp(l->what, "xts(aes)") == 0 &&
						    fabs(l->limit_mb_s - 1000) < 1e-9);
	ran(&r, PHASE_WRITE, 899, false, 40);
	CHECK("cipher: under it, the device", judged(&r, PHASE_WRITE) == LIMIT_DEVICE);
	ran(&r, PHASE_READ, 1799, true, 40);
	CHECK("cipher: reads weigh against decryption", judged(&r, PHASE_READ) == LIMIT_DEVICE);
	ran(&r, PHASE_READ, 1800, true, 40);
	CHECK("cipher: reads at 90% of it", judged(&r, PHASE_READ) == LIMIT_CIPHER);
	r.prov.cipher.encrypt_mb_s = 0;
	CHECK("cipher: unmeasured, unknown", judged(&r, PHASE_READ) == LIMIT_UNKNOWN &&
						  r.phase[PHASE_READ].limit.missing ==
							  MISSING_CIPHER);
}

static void test_memory_unknown(void)
{
	struct run_results r = base();
	char why[32] = "";

	strcpy(r.prov.fs.type, "tmpfs");
	ran(&r, PHASE_PUTC, 50, false, 99);
	CHECK("memory: tmpfs, even at 99% CPU", judged(&r, PHASE_PUTC) == LIMIT_MEMORY &&
						     strcmp(r.phase[PHASE_PUTC].limit.what,
							    "tmpfs") == 0);
	strcpy(r.prov.fs.type, "ext4");
	strcpy(r.prov.layers[0].name, "zram0");
	r.prov.layers[0].kind = PROV_OTHER;
	CHECK("memory: ext4 on zram", limit_memory_fs(&r.prov, why, sizeof(why)) &&
					   strcmp(why, "ext4 on zram0") == 0);
	r.prov.layers[1] = (struct prov_layer){ .kind = PROV_DISK, .name = "sda", .above = -1 };
	r.prov.n_layers = 2;
	CHECK("memory: not when a real disk is in the stack too",
	      !limit_memory_fs(&r.prov, why, sizeof(why)));
	strcpy(r.prov.layers[1].name, "ram12");
	CHECK("memory: zram and a brd RAM disk", limit_memory_fs(&r.prov, why, sizeof(why)));
	strcpy(r.prov.layers[1].name, "ramp");
	CHECK("memory: a name that only starts like one is not",
	      !limit_memory_fs(&r.prov, why, sizeof(why)));

	r = base();
	ran(&r, PHASE_WRITE, 50, false, 20);
	r.prov_known = false;
	CHECK("unknown: no provenance", judged(&r, PHASE_WRITE) == LIMIT_UNKNOWN &&
					     r.phase[PHASE_WRITE].limit.missing ==
						     MISSING_PROVENANCE);
	ran(&r, PHASE_WRITE, 50, false, 95);
	CHECK("unknown: but CPU-bound needs no provenance", judged(&r, PHASE_WRITE) == LIMIT_CPU);
	r = base();
	ran(&r, PHASE_WRITE, 50, false, 20);
	r.phase[PHASE_WRITE].dev.known = false;
	CHECK("unknown: no device counters", judged(&r, PHASE_WRITE) == LIMIT_UNKNOWN &&
						  r.phase[PHASE_WRITE].limit.missing ==
							  MISSING_COUNTERS);
	r.phase[PHASE_SEQ_CREATE] = (struct phase_result){ .state = FIGURE_VALUE, .rate = 5000,
							   .cpu_pct = 50, .ops = 5000,
							   .elapsed_ns = 1000000000 };
	CHECK("unknown: a file test", judged(&r, PHASE_SEQ_CREATE) == LIMIT_UNKNOWN &&
					   r.phase[PHASE_SEQ_CREATE].limit.missing == MISSING_FILES);
	r.phase[PHASE_SEQ_CREATE].cpu_pct = 99;
	CHECK("cpu: a file test at 99%", judged(&r, PHASE_SEQ_CREATE) == LIMIT_CPU);
	r.phase[PHASE_SEQ_CREATE].state = FIGURE_TOO_FAST;
	CHECK("none: a figure too fast to show", judged(&r, PHASE_SEQ_CREATE) == LIMIT_NONE);
	CHECK("none: a test that did not run", judged(&r, PHASE_READ) == LIMIT_NONE);
}

static void test_notes(void)
{
	struct run_results r = base();
	const struct figure_limit *l = &r.phase[PHASE_WRITE].limit;

	strcpy(r.prov.fs.super_options, "rw,discard,errors=remount-ro");
	strcpy(r.prov.disks[0].write_cache, "write through");
	ran(&r, PHASE_WRITE, 25, false, 10);
	CHECK("notes: a write on the device, with online discard and no write cache",
	      judged(&r, PHASE_WRITE) == LIMIT_DEVICE &&
		      l->notes == (LIMIT_NOTE_DISCARD | LIMIT_NOTE_WRITE_THROUGH));
	ran(&r, PHASE_READ, 25, true, 10);
	CHECK("notes: none for a read", judged(&r, PHASE_READ) == LIMIT_DEVICE &&
					     r.phase[PHASE_READ].limit.notes == 0);
	strcpy(r.prov.fs.super_options, "rw,nodiscard");
	strcpy(r.prov.fs.mount_options, "rw,discard=async");
	strcpy(r.prov.disks[0].write_cache, "write back");
	CHECK("notes: nodiscard and discard=async are not online discard",
	      judged(&r, PHASE_WRITE) == LIMIT_DEVICE && l->notes == 0);
	strcpy(r.prov.machine.governor, "powersave");
	ran(&r, PHASE_PUTC, 5, false, 95);
	CHECK("notes: a CPU verdict names a governor that is not performance",
	      judged(&r, PHASE_PUTC) == LIMIT_CPU &&
		      r.phase[PHASE_PUTC].limit.notes == LIMIT_NOTE_GOVERNOR &&
		      strcmp(r.phase[PHASE_PUTC].limit.what, "powersave") == 0);
	strcpy(r.prov.machine.governor, "performance");
	CHECK("notes: not performance's", judged(&r, PHASE_PUTC) == LIMIT_CPU &&
					       r.phase[PHASE_PUTC].limit.notes == 0);
}

static void test_random(void)
{
	struct run_results r = base();
	struct random_result *t = &r.random[0];

	r.n_random = 1;
	*t = (struct random_result){ .writes = false, .depth = 4, .threads = 2,
				     .engine = ENGINE_THREADS, .ops = 100000,
				     .elapsed_ns = 1000000000, .cpu_pct = 359,
				     .dev = { true, 100000ULL * RANDOM_BLOCK_BYTES, 0 } };
	verdict_compute(&r);
	CHECK("random: Q4T2 on the threads engine, 8 threads on 4 CPUs",
	      t->limit.cores == 4 && t->limit.kind == LIMIT_DEVICE);
	t->cpu_pct = 360;
	verdict_compute(&r);
	CHECK("random: at 360%", t->limit.kind == LIMIT_CPU);
	t->engine = ENGINE_IO_URING;
	t->cpu_pct = 180;
	verdict_compute(&r);
	CHECK("random: io_uring's T2 at 180%", t->limit.cores == 2 && t->limit.kind == LIMIT_CPU);
	t->ops = 0;
	verdict_compute(&r);
	CHECK("random: a test without operations", t->limit.kind == LIMIT_NONE);
}

int main(void)
{
	test_cpu();
	test_cache();
	test_links();
	test_cipher();
	test_memory_unknown();
	test_notes();
	test_random();
	return check_done();
}
