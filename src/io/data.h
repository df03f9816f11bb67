/* SPDX-License-Identifier: MIT */
/*
 * data.h - what clyde writes. By default a pool of random bytes made once,
 * from which block N takes a chunk-sized slice with (N, seed, sub-block) stamped
 * into the first 16 bytes of every 4 KiB: no compressor finds repeats within
 * its window and no 4 KiB block equals another, so compressing or
 * deduplicating storage cannot inflate results. With zeros, the pool is
 * two zero-filled slices and only the stamps differ (bonnie++-like, highly
 * compressible). Every block's content follows from (seed, N), which is what
 * --verify checks against.
 */
#ifndef DATA_H
#define DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DATA_STAMP_SPAN 4096u /* one stamp per this many bytes */
#define DATA_STAMP_BYTES 16u

struct data_pattern {
	uint64_t seed;
	size_t chunk;   /* bytes per block */
	size_t slices;  /* chunk-sized slices in the pool: a power of two */
	unsigned char *pool; /* slices x chunk bytes, aligned to align */
};

/*
 * Make the pool for blocks of CHUNK bytes (a power of two), aligned to ALIGN
 * for O_DIRECT. Random content from SEED unless ZEROS. -1/ENOMEM on failure.
 * Each concurrent writer needs its own pattern (blocks are stamped in place).
 */
int data_init(struct data_pattern *d, uint64_t seed, size_t chunk, size_t align,
	      bool zeros);
void data_free(struct data_pattern *d);

/*
 * Stamp block BLOCK into its pool slice and return it: chunk bytes, aligned,
 * valid until the next data_block() on the same slice. No copying: the
 * caller writes straight from it.
 */
const unsigned char *data_block(struct data_pattern *d, uint64_t block);

/* Change a block in a way that can be predicted (rewrite, seek write-back). */
void data_dirty(unsigned char *buf, size_t chunk);

/*
 * Offset of the first byte where BUF differs from block BLOCK as written by
 * block output and dirtied once by rewrite, or -1 when it matches.
 */
long data_check_rewritten(struct data_pattern *d, uint64_t block,
			  const unsigned char *buf);

/* splitmix64: the mixer behind the pool, seek tickets and file names. */
uint64_t data_mix64(uint64_t x);

#endif
