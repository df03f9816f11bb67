/* SPDX-License-Identifier: MIT */
/*
 * rng.c - the run's random numbers (rng.h): splitmix64 from the -z seed,
 * or a -Z file's numbers, each stretch of them laid out for one draw of
 * the run so that every run with the same file makes the same choices.
 */
#include "rng.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "io.h"

#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ULL
#define NAME_NUMBERS 4u /* a file name: its length, then 3 x 5 characters */

unsigned rng_numbers_below(uint64_t n)
{
	return n > RNG_NUMBER_MAX ? 2 : 1;
}

/* *n += count * each, or false when it would not fit a size_t. */
static bool grow(size_t *n, uint64_t count, uint64_t each)
{
	if (each && count > (SIZE_MAX - *n) / each)
		return false;
	*n += (size_t)(count * each);
	return true;
}

int rng_layout(const struct config *cfg, struct rng_layout *at)
{
	const struct file_params *fp = &cfg->files;
	uint64_t chunks = cfg->io.size_mib * MIB / cfg->io.chunk_bytes;
	uint64_t files = fp->count_k * 1024;
	unsigned per_size = fp->max_bytes >= 0 && fp->max_bytes > fp->min_bytes
			    ? rng_numbers_below((uint64_t)(fp->max_bytes -
							   fp->min_bytes) + 1)
			    : 0;
	size_t n = 0;

	memset(at, 0, sizeof(*at));
	at->per_ticket = rng_numbers_below(chunks);
	at->per_file = NAME_NUMBERS + per_size;
	if (!grow(&n, cfg->io.size_mib ? cfg->io.seeks : 0, at->per_ticket))
		goto overflow;
	at->seq_list = n;
	if (!grow(&n, files, at->per_file))
		goto overflow;
	at->ran_list = n;
	/* The list, then a shuffle for random stat and one for random delete. */
	if (!grow(&n, files, at->per_file) ||
	    !grow(&n, files ? files - 1 : 0, 2))
		goto overflow;
	at->seed = n;
	if (!grow(&n, 2, 1))
		goto overflow;
	at->total = n;
	return 0;
overflow:
	errno = EOVERFLOW;
	return -1;
}

int rng_source_load(const struct config *cfg, struct rng_source *src,
		    char *err, size_t len)
{
	const char *path = cfg->random_file;
	unsigned char *bytes;
	uint32_t *words;
	ssize_t got;
	size_t need;

	memset(src, 0, sizeof(*src));
	if (!path)
		return 0;
	if (rng_layout(cfg, &src->at) != 0 || src->at.total > SIZE_MAX / 4) {
		snprintf(err, len, "-Z %s: this run would take more random numbers "
			 "than clyde can count; use a smaller -s seeks or -n", path);
		return -1;
	}
	need = src->at.total * 4;
	words = malloc(need);
	if (!words) {
		snprintf(err, len, "-Z %s: no memory for the %zu random numbers this "
			 "run takes", path, src->at.total);
		return -1;
	}
	bytes = (unsigned char *)words;
	got = io_read_named(path, bytes, need);
	if (got < 0) {
		snprintf(err, len, "-Z %s: cannot read it: %s", path, strerror(errno));
		free(words);
		return -1;
	}
	if ((size_t)got < need) {
		snprintf(err, len, "-Z %s: too short: it holds %zd bytes, but this run "
			 "takes %zu random numbers of 4 bytes, %zu bytes (see -Z in "
			 "clyde(1))", path, got, src->at.total, need);
		free(words);
		return -1;
	}
	for (size_t i = 0; i < src->at.total; i++) {
		const unsigned char *b = bytes + 4 * i;

		words[i] = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
			   (uint32_t)b[2] << 8 | b[3];
	}
	src->words = words;
	src->count = src->at.total;
	return 0;
}

uint64_t rng_source_seed(const struct rng_source *src, const struct config *cfg)
{
	if (src->count == 0)
		return cfg->seed;
	return (uint64_t)src->words[src->at.seed] << 32 |
	       src->words[src->at.seed + 1];
}

/* A word as bonnie++ reads it: a signed 32-bit integer's absolute value. */
static uint64_t number_of(uint32_t w)
{
	return w < RNG_NUMBER_MAX ? w : ((uint64_t)1 << 32) - w;
}

uint64_t rng_source_number(const struct rng_source *src, size_t i)
{
	return number_of(src->words[i]);
}

uint64_t rng_ticket(const struct rng_source *src, uint64_t seed, uint64_t i,
		    uint64_t chunks, bool *write_back)
{
	if (src && src->count) {
		size_t at = src->at.seeks + (size_t)i * src->at.per_ticket;
		uint64_t a = rng_source_number(src, at);
		uint64_t v = src->at.per_ticket == 2
			     ? a * RNG_NUMBER_MAX + rng_source_number(src, at + 1)
			     : a;

		*write_back = a % 10 == 0 && a != 0;
		return v % chunks;
	}
	uint64_t h = data_mix64(seed ^ data_mix64(i));

	*write_back = (h >> 40) % 10 == 0;
	return h % chunks;
}

void rng_seeded(struct rng *r, uint64_t seed)
{
	r->state = seed;
	r->start = r->words = r->end = NULL;
}

void rng_numbers(struct rng *r, const struct rng_source *src, size_t at,
		 size_t count)
{
	r->state = 0;
	r->start = r->words = src->words + at;
	r->end = r->words + count;
}

/* The stream's next -Z number; past its stretch it starts the stretch again. */
static uint64_t take(struct rng *r)
{
	if (r->start == r->end)
		return 0; /* an empty stretch: nothing to take */
	if (r->words == r->end)
		r->words = r->start;
	return number_of(*r->words++);
}

uint64_t rng_next(struct rng *r)
{
	if (r->words) {
		uint64_t a = take(r);

		return a * RNG_NUMBER_MAX + take(r);
	}
	uint64_t x = r->state;

	r->state += SPLITMIX_GAMMA;
	return data_mix64(x); /* data_mix64 adds the gamma first */
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	if (r->words) {
		uint64_t a = take(r);

		return n > RNG_NUMBER_MAX ? (a * RNG_NUMBER_MAX + take(r)) % n
					  : a % n;
	}
	/* Reject the 2^64 mod n lowest values, so every residue is equally likely. */
	uint64_t threshold = (0 - n) % n;

	for (;;) {
		uint64_t x = rng_next(r);

		if (x >= threshold)
			return x % n;
	}
}
