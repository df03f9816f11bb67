/* SPDX-License-Identifier: MIT */
/*
 * rng.h - the run's random numbers. Every random choice clyde makes (seek
 * tickets, file names, sizes and shuffles, the data it writes, the
 * --random-io offsets) comes from the -z seed through splitmix64, or with
 * -Z from a file of numbers read before the first byte is written, as
 * bonnie++ 2.00a takes them: 4-byte big-endian integers, absolute values.
 */
#ifndef RNG_H
#define RNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* The largest number a -Z file gives (the absolute value of -2^31). */
#define RNG_NUMBER_MAX ((uint64_t)1 << 31)

/*
 * Where each draw of a run starts among a -Z file's numbers, in the order
 * bonnie++ takes them: the seek tickets, the sequential create's names and
 * sizes, the random create's names and sizes followed by its two shuffles
 * (stat, then delete), and last two numbers that start clyde's generator
 * for what is too large to read from a file (the data, --random-io).
 */
struct rng_layout {
	size_t seeks;         /* first ticket; per_ticket numbers each */
	unsigned per_ticket;  /* 1, or 2 when the file has over 2^31 chunks */
	size_t seq_list;      /* sequential create: per_file numbers a file */
	size_t ran_list;      /* random create, then its shuffles */
	unsigned per_file;    /* 4 for the name, then the size's (0..2) */
	size_t seed;          /* two numbers: the generator's 64-bit start */
	size_t total;         /* numbers the run takes */
};

/* The run's random source: the -Z numbers (count 0 without -Z) and the seed. */
struct rng_source {
	const uint32_t *words;   /* the file's 4-byte words as read, host order */
	size_t count;
	struct rng_layout at;
};

/* One stream of draws: from the generator, or from a stretch of -Z numbers. */
struct rng {
	uint64_t state;          /* splitmix64, when words is NULL */
	const uint32_t *start;   /* the stretch of -Z numbers ... */
	const uint32_t *end;     /* ... and its end */
	const uint32_t *words;   /* the next number */
};

/*
 * Where CFG's draws lie among -Z numbers, into *at. -1/EOVERFLOW when the
 * run would take more numbers than a size_t counts.
 */
int rng_layout(const struct config *cfg, struct rng_layout *at);

/*
 * Read the numbers CFG's run takes from cfg->random_file into *src (the
 * words are malloc'ed and live until the process ends). 0, or -1 with a
 * one-line reason in ERR (no "clyde: " prefix): the file cannot be read,
 * or it holds fewer bytes than the run needs (the message says how many).
 */
int rng_source_load(const struct config *cfg, struct rng_source *src,
		    char *err, size_t len);

/* The seed of clyde's generator: -z's, or with -Z the file's last two words. */
uint64_t rng_source_seed(const struct rng_source *src, const struct config *cfg);

/* Number I of the -Z file (0..2^31); I < src->count. */
uint64_t rng_source_number(const struct rng_source *src, size_t i);

/*
 * Seek ticket I (< the run's seeks) over CHUNKS chunks: the chunk to read
 * and whether to write it back. From SEED (SRC NULL or without numbers) a
 * hash of (SEED, I), one in ten written back. From -Z as bonnie++ 2.00a
 * uses its numbers: number I of the tickets' stretch mod CHUNKS (past 2^31
 * chunks two numbers, a * 2^31 + b), written back when it is divisible by
 * 10 and not 0, so that the same file seeks the same chunks as bonnie++.
 */
uint64_t rng_ticket(const struct rng_source *src, uint64_t seed, uint64_t i,
		    uint64_t chunks, bool *write_back);

/* A stream from the generator at SEED. */
void rng_seeded(struct rng *r, uint64_t seed);

/* A stream over src's numbers AT .. AT+COUNT (past them it wraps to AT). */
void rng_numbers(struct rng *r, const struct rng_source *src, size_t at,
		 size_t count);

/* 64 random bits from the generator (a numbers stream gives its numbers). */
uint64_t rng_next(struct rng *r);

/*
 * A number in 0..N-1 (N >= 1). From the generator every value is equally
 * likely; from -Z numbers it is one number mod N, or two (a * 2^31 + b)
 * mod N when N exceeds 2^31, so a stretch is used up in a known count.
 */
uint64_t rng_below(struct rng *r, uint64_t n);

/* How many -Z numbers rng_below(N) takes: 1, or 2 when N > 2^31. */
unsigned rng_numbers_below(uint64_t n);

#endif
