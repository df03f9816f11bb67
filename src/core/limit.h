/* SPDX-License-Identifier: MIT */
/*
 * limit.h - what limited each figure of a run (struct figure_limit in
 * results.h), judged once by verdict_compute from the figure, the run's
 * provenance (the filesystem, the disks' links, the dm-crypt cipher and
 * its speed) and the device's counters. limit.c.
 */
#ifndef LIMIT_H
#define LIMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results.h"

/* Near a limit: the figure is at 90% of it or more ("within ~10%"). */
#define LIMIT_NEAR 0.90

/*
 * Fill r->phase[p].limit and r->random[i].limit for every figure with a
 * value; LIMIT_NONE for the others. The first rule that holds wins:
 * 1. memory: the filesystem is in RAM (limit_memory_fs);
 * 2. CPU: the process's CPU over the test is LIMIT_NEAR of the cores its
 *    threads could keep busy (one for a copy's sequential test, seekers
 *    or Q x T threads as the test ran them, times the copies, at most the
 *    machine's CPUs), leaving out the tail of its series (the final fsync)
 *    when that is under half of its time; the time its threads waited for
 *    a CPU they could have used (a busy machine) counts with it; whether
 *    the page cache served it is said beside;
 * 3. cache: the device moved under half of the bytes the test read (the
 *    truth check) or wrote (a write test: under half by its end);
 * 4. cipher: dm-crypt's cipher was busy LIMIT_NEAR of the test's time
 *    (bytes read over its decrypt speed plus bytes written over its
 *    encrypt speed, each as one core runs it);
 * 5. interface: the bytes through the disks' links (read plus written
 *    on a half-duplex link: SATA, PATA, USB 2; the larger on the others)
 *    are LIMIT_NEAR of what a transfer gets through them
 *    (limit_link_usable, added over the disks);
 * 6. device: none of the above, with the evidence to rule them out;
 *    else unknown, with the evidence that is missing.
 * File tests get only 1, 2 or unknown: they have no bytes to weigh.
 * Then the notes: online discard (the filesystem's discard option) and a
 * disk whose write cache is off, for a write's device, interface or
 * cipher verdict; the CPU's frequency governor when it is not
 * "performance", for a CPU verdict. Writes nothing but the limits.
 */
void limit_compute(struct run_results *r);

/*
 * Whether P's filesystem is in RAM: its type is one whose only store is
 * memory (tmpfs, ramfs, devtmpfs, rootfs), or every block device at the
 * bottom of its stack is a zram or brd RAM disk ("zram0", "ram1"). WHY
 * gets what says so, for a message: "tmpfs", "ext4 on zram0" ("" when
 * false; WHY may be NULL). False when P says too little (no type, a
 * stack not read whole): unknown is not memory. Pure.
 */
bool limit_memory_fs(const struct provenance *p, char *why, size_t len);

/*
 * What a transfer gets through link L at best, in MB/s: its ceiling times
 * the share its protocol leaves (PATA 0.80, SATA and SAS 0.92, PCIe 0.88,
 * USB 2 0.80, USB 3 0.90); 0 when the ceiling is unknown or there is no
 * link (virtio).
 */
double limit_link_usable(const struct prov_link *l);

/*
 * Whether DISK bytes are under half of LOGICAL bytes, and if so *PCT, the
 * truncated percentage (overflow-safe): the truth check's test.
 */
bool limit_under_half(uint64_t disk, uint64_t logical, unsigned *pct);

#endif
