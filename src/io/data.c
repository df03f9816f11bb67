/* SPDX-License-Identifier: MIT */
/*
 * data.c - the data clyde writes: a random (or zero) pool of chunk-sized
 * slices, stamped per block so every 4 KiB is unique and reproducible.
 */
#include "data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

/* A random pool spans at least this much so fs compressors (128 KiB
 * extents, 64 KiB LZ windows) never see a repeat. A zero pool has nothing
 * to hide from them: two slices, which stay in the CPU's nearest cache (a
 * 256 KiB one cost the buffered block write 4% more CPU per GiB, the
 * kernel's copy reading it from further away: bench/analysis.md). */
#define POOL_MIN_BYTES (256u * 1024u)
#define DIRTY_OFFSET DATA_STAMP_BYTES
#define DIRTY_MASK 0x5au

uint64_t data_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

int data_init(struct data_pattern *d, uint64_t seed, size_t chunk, size_t align,
	      bool zeros)
{
	size_t bytes = chunk * 2 > POOL_MIN_BYTES || zeros ? chunk * 2 : POOL_MIN_BYTES;

	d->seed = seed;
	d->chunk = chunk;
	/* A power of two (chunks are), so that picking a block's slice is a
	 * mask, not a division per write. */
	d->slices = 1;
	while (d->slices * 2 <= bytes / chunk)
		d->slices *= 2;
	d->pool = io_alloc(bytes, align);
	if (!d->pool)
		return -1;
	if (zeros) {
		memset(d->pool, 0, bytes);
		return 0;
	}
	uint64_t state = seed;
	for (size_t i = 0; i + 8 <= bytes; i += 8) {
		uint64_t v = data_mix64(state++);
		memcpy(d->pool + i, &v, 8);
	}
	return 0;
}

void data_free(struct data_pattern *d)
{
	io_free(d->pool);
	d->pool = NULL;
}

static void stamp(const struct data_pattern *d, uint64_t block, unsigned char *p)
{
	for (size_t off = 0; off < d->chunk; off += DATA_STAMP_SPAN) {
		uint64_t words[2] = { block, d->seed ^ (uint64_t)off };
		size_t n = d->chunk - off < DATA_STAMP_BYTES ? d->chunk - off
							  : DATA_STAMP_BYTES;
		memcpy(p + off, words, n);
	}
}

const unsigned char *data_block(struct data_pattern *d, uint64_t block)
{
	unsigned char *p = d->pool + (block & (d->slices - 1)) * d->chunk;

	stamp(d, block, p);
	return p;
}

void data_dirty(unsigned char *buf, size_t chunk)
{
	buf[DIRTY_OFFSET % chunk] ^= DIRTY_MASK;
}

long data_check_rewritten(struct data_pattern *d, uint64_t block,
			  const unsigned char *buf)
{
	const unsigned char *want = data_block(d, block);
	size_t dirty = DIRTY_OFFSET % d->chunk;

	for (size_t i = 0; i < d->chunk; i++) {
		unsigned char w = want[i];

		if (i == dirty)
			w ^= DIRTY_MASK;
		if (buf[i] != w)
			return (long)i;
	}
	return -1;
}
