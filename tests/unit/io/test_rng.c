/* SPDX-License-Identifier: MIT */
/*
 * test_rng.c - -Z: how many numbers a run takes and where each draw finds
 * them, reading a file of known bytes (and the errors for a short or an
 * unreadable one), seek tickets and file names that follow from those
 * bytes as documented, the same twice, and different for another file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "core/config_rules.h"
#include "run/filetest.h"
#include "io/rng.h"

static struct config config_of(uint64_t size_mib, uint64_t chunk, uint64_t seeks,
			       struct file_params files)
{
	struct config cfg;

	memset(&cfg, 0, sizeof(cfg));
	cfg.io = (struct io_params){ size_mib, chunk, seeks, DEFAULT_SEEKERS };
	cfg.files = files;
	cfg.concurrency = 1;
	cfg.seed = 99;
	return cfg;
}

static void test_layout(void)
{
	struct file_params none = { 0, 0, 0, 1, 8192 };
	struct file_params one = { 1, 0, 0, 1, 8192 };
	struct file_params sized = { 2, 4096, 1024, 1, 8192 };
	struct file_params wide = { 1, INT64_C(1) << 40, 0, 1, 8192 };
	struct file_params links = { 1, FILES_SYMLINKS, 0, 1, 8192 };
	struct config cfg;
	struct rng_layout at;

	cfg = config_of(4, 8192, 8192, one);
	CHECK("layout: -s 4M -n 1", rng_layout(&cfg, &at) == 0);
	CHECK_U64("layout: -s 4M -n 1 takes 8192 + 2 x 1024 x 4 + 2 x 1023 + 2",
		  at.total, 8192 + 2 * 1024 * 4 + 2 * 1023 + 2);
	CHECK("layout: tickets, lists, shuffles, seed in order",
	      at.seeks == 0 && at.seq_list == 8192 && at.ran_list == 8192 + 4096 &&
	      at.seed == at.total - 2);
	/* The man page's figures: the defaults, and -s 1G -n 0. */
	cfg = config_of(48 * 1024, 8192, DEFAULT_SEEKS,
			(struct file_params){ 16, 0, 0, 1, 8192 });
	rng_layout(&cfg, &at);
	CHECK_U64("layout: the defaults take 688,128 bytes", at.total * 4, 688128);
	cfg = config_of(1024, 8192, DEFAULT_SEEKS, none);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: -s 1G -n 0 takes 32,776 bytes", at.total * 4, 32776);
	cfg = config_of(4, 8192, 100, none);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: -n 0 takes the tickets and the seed", at.total, 102);
	cfg = config_of(0, 8192, 8192, sized);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: -s 0 -n 2:4096:1024 takes 5 a file", at.per_file, 5);
	CHECK_U64("layout: -s 0 takes no tickets", at.seq_list, 0);
	CHECK_U64("layout: -s 0 -n 2:4096:1024 total", at.total,
		  2 * 2048 * 5 + 2 * 2047 + 2);
	cfg = config_of(0, 8192, 8192, wide);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: sizes over 2^31 apart take 2 numbers", at.per_file, 6);
	cfg = config_of(0, 8192, 8192, links);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: links take no size", at.per_file, 4);
	cfg = config_of(UINT64_C(32) << 20, 256, 10, none);
	rng_layout(&cfg, &at);
	CHECK_U64("layout: over 2^31 chunks a ticket takes 2 numbers", at.per_ticket, 2);
	CHECK_U64("layout: ... so 10 tickets take 20", at.total, 22);
	cfg = config_of(UINT64_C(32) << 20, 256, UINT64_MAX / 2 + 1, none);
	CHECK("layout: more numbers than a size_t counts is refused",
	      rng_layout(&cfg, &at) != 0 && errno == EOVERFLOW);
}

/* A scratch file of COUNT big-endian words: word i is WORD(i). */
static void write_words(const char *path, size_t count, uint32_t (*word)(size_t))
{
	FILE *f = fopen(path, "wb");

	for (size_t i = 0; f && i < count; i++) {
		uint32_t w = word(i);
		unsigned char b[4] = { (unsigned char)(w >> 24), (unsigned char)(w >> 16),
				       (unsigned char)(w >> 8), (unsigned char)w };
		fwrite(b, 1, 4, f);
	}
	if (f)
		fclose(f);
}

/* Known words: i * 7 for most, and the cases bonnie++'s reading turns on. */
static uint32_t known(size_t i)
{
	switch (i) {
	case 0: return 0;          /* chunk 0, never written back */
	case 1: return 10;         /* divisible by 10: written back */
	case 2: return 0xfffffff6; /* -10: absolute value 10, written back */
	case 3: return 0x80000000; /* -2^31: 2^31, 2147483648 % 10 = 8 */
	case 4: return 1001;       /* chunk 1001 % 512 = 489 */
	default: return (uint32_t)(i * 7);
	}
}

static uint32_t other(size_t i)
{
	return (uint32_t)(i * 7919 + 3);
}

static void test_load_and_tickets(const char *dir)
{
	struct file_params one = { 1, 0, 0, 1, 8192 };
	struct config cfg = config_of(4, 8192, 8192, one);
	struct rng_layout at;
	struct rng_source src, again;
	char path[512], err[512];
	bool wb[5], same = true;
	uint64_t c[5];

	rng_layout(&cfg, &at);
	snprintf(path, sizeof(path), "%s/numbers", dir);
	cfg.random_file = path;

	write_words(path, at.total - 1, known);
	CHECK("load: one number short is refused",
	      rng_source_load(&cfg, &src, err, sizeof(err)) != 0);
	CHECK("load: the message says too short and how many bytes",
	      strstr(err, "too short") && strstr(err, "73724 bytes") &&
	      strstr(err, "73728 bytes"));
	CHECK("load: the message names the file", strstr(err, path) != NULL);
	write_words(path, at.total, known);
	CHECK("load: enough numbers", rng_source_load(&cfg, &src, err, sizeof(err)) == 0);
	CHECK_U64("load: every number the run takes", src.count, at.total);
	for (int i = 0; i < 5; i++)
		c[i] = rng_ticket(&src, 0, (uint64_t)i, 512, &wb[i]);
	CHECK("ticket 0: chunk 0, no write-back", c[0] == 0 && !wb[0]);
	CHECK("ticket 1: 10, written back", c[1] == 10 && wb[1]);
	CHECK("ticket 2: -10 reads as 10, written back", c[2] == 10 && wb[2]);
	CHECK("ticket 3: -2^31 reads as 2^31, not written back",
	      c[3] == (UINT64_C(1) << 31) % 512 && !wb[3]);
	CHECK("ticket 4: 1001 mod 512", c[4] == 489 && !wb[4]);
	CHECK("load: the seed is the last two words",
	      rng_source_seed(&src, &cfg) == ((uint64_t)known(at.total - 2) << 32 |
					      known(at.total - 1)));
	CHECK("load: the same file again", rng_source_load(&cfg, &again, err,
							     sizeof(err)) == 0);
	for (uint64_t i = 0; i < 8192; i++) {
		bool w1, w2;

		same = same && rng_ticket(&src, 0, i, 512, &w1) ==
			       rng_ticket(&again, 0, i, 512, &w2) && w1 == w2;
	}
	CHECK("tickets: the same file gives the same tickets", same);
	free((void *)again.words);
	write_words(path, at.total, other);
	rng_source_load(&cfg, &again, err, sizeof(err));
	same = true;
	for (uint64_t i = 0; i < 8192; i++) {
		bool w1, w2;

		same = same && rng_ticket(&src, 0, i, 512, &w1) ==
			       rng_ticket(&again, 0, i, 512, &w2);
	}
	CHECK("tickets: another file gives other tickets", !same);
	free((void *)again.words);
	free((void *)src.words);

	snprintf(path, sizeof(path), "%s/missing", dir);
	CHECK("load: a missing file is refused",
	      rng_source_load(&cfg, &src, err, sizeof(err)) != 0 &&
	      strstr(err, "cannot read it: No such file or directory"));
	cfg.random_file = dir;
	CHECK("load: a directory is refused",
	      rng_source_load(&cfg, &src, err, sizeof(err)) != 0 &&
	      strstr(err, "cannot read it"));
	cfg.random_file = NULL;
	CHECK("load: without -Z nothing is read, the seed is -z's",
	      rng_source_load(&cfg, &src, err, sizeof(err)) == 0 && src.count == 0 &&
	      rng_source_seed(&src, &cfg) == 99);
}

/* Names from known numbers: length, then five characters from each of three. */
static uint32_t name_words(size_t i)
{
	/* File 0 of the sequential list: length 7 (20 mod 13), then 0, 1, 62. */
	static const uint32_t first[] = { 20, 0, 1, 62 };

	return i >= 8192 && i < 8196 ? first[i - 8192] : (uint32_t)(i * 31 + 5);
}

static void test_names(const char *dir)
{
	struct file_params one = { 1, 0, 0, 1, 8192 };
	struct config cfg = config_of(4, 8192, 8192, one);
	struct rng_layout at;
	struct rng_source src;
	struct filetest_state *a, *b;
	char path[512], err[512], failed[512];
	const char *op;
	bool same = true;

	rng_layout(&cfg, &at);
	snprintf(path, sizeof(path), "%s/names", dir);
	write_words(path, at.total, name_words);
	cfg.random_file = path;
	if (rng_source_load(&cfg, &src, err, sizeof(err)) != 0) {
		CHECK("names: load", false);
		return;
	}
	int dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	a = filetest_state_new(&cfg, &src, 0, dir_fd, dir, 0, 2);
	b = filetest_state_new(&cfg, &src, 0, dir_fd, dir, 1, 2);
	if (!a || !b) {
		CHECK("names: states", false);
		close(dir_fd);
		return;
	}
	CHECK("names: prepare copy 0", filetest_state_prepare(a, FILETEST_SEQUENTIAL,
					failed, sizeof(failed), &op) == 0);
	CHECK("names: prepare copy 1", filetest_state_prepare(b, FILETEST_SEQUENTIAL,
					failed, sizeof(failed), &op) == 0);
	/* 0 -> "aaaaa", 1 -> "baaaa", 62 -> "abaaa"; the first 7 of them. */
	CHECK_STR("names: file 0 follows from its four numbers", a->list[0].name,
		  "0000000000aaaaaba");
	for (uint64_t i = 0; i < a->count; i++)
		same = same && strcmp(a->list[i].name, b->list[i].name) == 0;
	CHECK("names: every copy makes the same names from the file", same);
	filetest_state_cleanup(a, failed, sizeof(failed));
	filetest_state_cleanup(b, failed, sizeof(failed));
	filetest_state_free(a);
	filetest_state_free(b);
	close(dir_fd);
	free((void *)src.words);
}

int main(void)
{
	char dir[] = "/tmp/clyde-test-rng.XXXXXX";

	test_layout();
	if (!mkdtemp(dir)) {
		CHECK("scratch directory", false);
		return check_done();
	}
	test_load_and_tickets(dir);
	test_names(dir);
	for (int i = 0; i < 2; i++) {
		char path[600];

		snprintf(path, sizeof(path), "%s/%s", dir, i ? "names" : "numbers");
		unlink(path);
	}
	CHECK("scratch directory removed", rmdir(dir) == 0);
	return check_done();
}
