/* SPDX-License-Identifier: MIT */
/*
 * fuzz_options.c - fuzz harness for options_parse on a fuzzed argv: the
 * input is the arguments separated by NUL bytes, its first byte picks the
 * detected RAM. Oracles: a config that comes out valid holds every checked
 * limit, an error is one line with a reason, nothing is printed (--help
 * included: main prints), and a second parse of the same argv gives the
 * same result (getopt's state is reset).
 */
#define FUZZ_NAME "options"
#include "fuzz.h"

#include <inttypes.h>

#include "run/filetest.h"
#include "cli/options.h"
#include "run/repeat.h"

#define MAX_ARGS 64

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* The least -s (MiB per copy) the 2x RAM rule allows, computed without a wrap. */
static uint64_t least_size(const struct config *c)
{
	uint64_t twice = c->ram_mib * 2; /* -r stops at INT64_MAX */

	return twice / c->concurrency + (twice % c->concurrency != 0);
}

static void check_config(const struct config *c)
{
	FUZZ_CHECK(power_of_two(c->io.chunk_bytes) && c->io.chunk_bytes >= 256 &&
			   c->io.chunk_bytes <= MIB,
		   "chunk %" PRIu64, c->io.chunk_bytes);
	FUZZ_CHECK(c->io.seeks >= 1 && c->io.seekers >= 1 &&
			   c->io.seekers <= 1024,
		   "seeks %" PRIu64 " seekers %" PRIu64, c->io.seeks,
		   c->io.seekers);
	FUZZ_CHECK(power_of_two(c->files.chunk_bytes) &&
			   c->files.chunk_bytes >= 256 && c->files.chunk_bytes <= MIB,
		   "file chunk %" PRIu64, c->files.chunk_bytes);
	FUZZ_CHECK(c->files.dirs >= 1 && c->files.dirs <= FILETEST_MAX_DIRS &&
			   c->files.count_k <= FILETEST_MAX_COUNT_K,
		   "dirs %" PRIu64 " files %" PRIu64, c->files.dirs,
		   c->files.count_k);
	FUZZ_CHECK(c->files.max_bytes >= FILES_SYMLINKS &&
			   (c->files.max_bytes < 0 ? c->files.min_bytes == 0
						   : c->files.min_bytes <=
							     c->files.max_bytes),
		   "max %" PRId64 " min %" PRId64, c->files.max_bytes,
		   c->files.min_bytes);
	FUZZ_CHECK(c->io.size_mib || c->files.count_k, "nothing to test");
	FUZZ_CHECK(!c->repeat_auto || (c->repeat >= REPEAT_AUTO_MIN &&
				       c->repeat <= REPEAT_AUTO_LIMIT),
		   "-x auto:%ld", c->repeat);
	FUZZ_CHECK(c->concurrency >= 1 && c->concurrency <= MAX_CONCURRENCY,
		   "-c %" PRIu32, c->concurrency);
	FUZZ_CHECK(c->io.size_mib <= (UINT64_MAX / MIB) / MAX_CONCURRENCY,
		   "size %" PRIu64 " MiB overflows in bytes", c->io.size_mib);
	/* The 2x RAM rule, without the multiply that could wrap. */
	if (c->io.size_mib && c->ram_mib)
		FUZZ_CHECK(c->io.size_mib >= least_size(c),
			   "size %" PRIu64 " x %" PRIu32 " under 2 x %" PRIu64,
			   c->io.size_mib, c->concurrency, c->ram_mib);
	if (!c->size_given)
		FUZZ_CHECK(c->io.size_mib ==
				   (c->ram_mib * 2 > MIN_SIZE_MIB ? c->ram_mib * 2
								  : MIN_SIZE_MIB),
			   "default size %" PRIu64 " for %" PRIu64 " MiB RAM",
			   c->io.size_mib, c->ram_mib);
	FUZZ_CHECK(c->perchar_mib >= -1 &&
			   c->perchar_mib <= (int64_t)c->io.size_mib,
		   "-f %" PRId64 " of %" PRIu64, c->perchar_mib, c->io.size_mib);
	FUZZ_CHECK(c->n_random_depths >= 1 &&
			   c->n_random_depths <= MAX_RANDOM_DEPTHS &&
			   c->random_time_s >= 1 && c->random_time_s <= 3600,
		   "random depths %zu time %" PRIu32, c->n_random_depths,
		   c->random_time_s);
	FUZZ_CHECK(c->machine[0] == '\0' ||
			   strcspn(c->machine, ",\x7f\x01\x02\x03\x04\x05\x06\x07"
					       "\x08\t\n\v\f\r\x0e\x0f\x10\x11"
					       "\x12\x13\x14\x15\x16\x17\x18"
					       "\x19\x1a\x1b\x1c\x1d\x1e\x1f") ==
				   strlen(c->machine),
		   "machine '%s'", c->machine);
	FUZZ_CHECK(!(c->processes && c->sync_mode), "-p with -y");
	FUZZ_CHECK(c->dir && c->dir[0], "empty -d");
	FUZZ_CHECK(!c->json_path || c->json_path[0], "empty --json");
}

/* Whether ERR has PHRASE of its own, not quoted from an argument. */
static bool said(const char *err, const char *phrase, int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strstr(argv[i], phrase))
			return false;
	return strstr(err, phrase) != NULL;
}

/* The arguments of DATA (NUL-separated) as a fresh argv; returns argc. */
static int make_argv(const char *data, size_t size, char **argv)
{
	int argc = 0;
	size_t i = 0;

	argv[argc++] = (char *)"clyde";
	while (i <= size && argc < MAX_ARGS) {
		size_t len = strnlen(data + i, size - i);

		argv[argc++] = (char *)data + i;
		i += len + 1;
	}
	argv[argc] = NULL;
	return argc;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* Parsing prints nothing, --help and --version included: a write to
	 * stdout would be a bug, and /dev/full makes it one the test sees. */
	if (!freopen("/dev/full", "w", stdout))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t rams[] = { 0, 512, 24576, UINT64_C(1) << 40 };
	static struct config first, second;
	char *argv[MAX_ARGS + 1], *argv2[MAX_ARGS + 1];
	char err[256] = "", err2[256] = "";
	char *text, *copy;
	uint64_t ram;
	int argc;
	enum opt_outcome o, o2;

	if (size < 1)
		return 0;
	ram = rams[data[0] % (sizeof(rams) / sizeof(rams[0]))];
	/* Two copies with a NUL after the last argument. */
	text = fuzz_string(data + 1, size - 1);
	copy = fuzz_string(data + 1, size - 1);
	argc = make_argv(text, size - 1, argv);
	make_argv(copy, size - 1, argv2);
	o = options_parse(argc, argv, ram, 42, &first, err, sizeof(err));
	if (o == OPT_RUN) {
		check_config(&first);
	} else if (o == OPT_ERROR) {
		size_t n = strnlen(err, sizeof(err));

		FUZZ_CHECK(n > 0 && n < sizeof(err), "error without a reason");
		FUZZ_CHECK(strncmp(err, "clyde:", 6) != 0, "prefixed: %s", err);
		/* Without -s the size defaults to 2x RAM: never nothing. */
		if (said(err, "leave nothing to test", argc, argv))
			FUZZ_CHECK(first.size_given && first.io.size_mib == 0 &&
					   first.files.count_k == 0,
				   "%s, but -s was %s", err,
				   first.size_given ? "not 0" : "not given");
		/* The checks ran on the values parsed: this one must hold. */
		if (said(err, "is less than twice the RAM", argc, argv))
			FUZZ_CHECK(first.io.size_mib < least_size(&first),
				   "%s, but %" PRIu64 " x %" PRIu32 " is not",
				   err, first.io.size_mib, first.concurrency);
	}
	FUZZ_CHECK(fflush(stdout) == 0 && !ferror(stdout), "the parse printed");
	o2 = options_parse(argc, argv2, ram, 42, &second, err2, sizeof(err2));
	FUZZ_CHECK(o == o2 && strcmp(err, err2) == 0,
		   "second parse differs: %d '%s' vs %d '%s'", (int)o, err,
		   (int)o2, err2);
	if (o == OPT_RUN) {
		/* Same values; the pointers into argv differ by the copy. */
		first.dir = second.dir = NULL;
		first.user = second.user = first.group = second.group = NULL;
		first.json_path = second.json_path = NULL;
		first.random_file = second.random_file = NULL;
		first.argv = second.argv = NULL;
		FUZZ_CHECK(memcmp(&first, &second, sizeof(first)) == 0,
			   "second parse gives another config");
	}
	free(text);
	free(copy);
	return 0;
}
