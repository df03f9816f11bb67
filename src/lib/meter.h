/* SPDX-License-Identifier: MIT */
/*
 * meter.h - what a test has done so far, readable while it runs: bytes,
 * and a coarse histogram of its operations' latencies (4 buckets a power
 * of two), summed over lanes that the threads of a test share by index so
 * that they seldom write the same cache line. Writers add with relaxed
 * atomics from any thread; one reader (the driver's series recorder)
 * adds the lanes up whenever it likes. No locks, no globals.
 */
#ifndef METER_H
#define METER_H

#include <stdatomic.h>
#include <stdint.h>

#define METER_LANES 8
#define METER_SUB 4                      /* buckets a power of two */
#define METER_BUCKETS (42 * METER_SUB)   /* up to 2^42 ns, about 73 minutes */

struct meter_lane {
	_Alignas(64) _Atomic uint64_t bytes;
	_Atomic uint32_t lat[METER_BUCKETS];
};

struct meter {
	struct meter_lane lane[METER_LANES];
};

/* What a meter held at one moment, its lanes added up. */
struct meter_reading {
	uint64_t bytes;
	uint32_t lat[METER_BUCKETS]; /* counts wrap: subtract readings mod 2^32 */
};

/* Zero every count (no writer may be adding meanwhile). */
void meter_reset(struct meter *m);

/*
 * One operation done on lane LANE (any number; it is taken modulo
 * METER_LANES): BYTES moved, NS its latency. Thread-safe, lock-free.
 */
void meter_add(struct meter *m, unsigned lane, uint64_t bytes, uint64_t ns);

/* M's counts now into *out. Safe while writers add. */
void meter_read(const struct meter *m, struct meter_reading *out);

/* The latency bucket of NS, and the middle of bucket I in nanoseconds. */
unsigned meter_bucket(uint64_t ns);
double meter_bucket_ns(unsigned i);

#endif
