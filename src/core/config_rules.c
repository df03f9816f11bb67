/* SPDX-License-Identifier: MIT */
/*
 * config_rules.c - what a valid configuration is: the defaults every run starts
 * from, and the checks that need several values at once (bonnie++'s, and
 * the ones bonnie++ only makes after its I/O tests), all made before any
 * I/O. Returns errors as text; never prints and never exits.
 */
#include "config_rules.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "sys/out.h"

void config_defaults(struct config *cfg, uint64_t ram_mib, uint64_t seed)
{
	struct utsname un;

	memset(cfg, 0, sizeof(*cfg));
	cfg->dir = ".";
	cfg->io.chunk_bytes = DEFAULT_CHUNK_BYTES;
	cfg->io.seeks = DEFAULT_SEEKS;
	cfg->io.seekers = DEFAULT_SEEKERS;
	cfg->files.count_k = 16;
	cfg->files.dirs = 1;
	cfg->files.chunk_bytes = DEFAULT_FILE_CHUNK_BYTES;
	if (uname(&un) == 0)
		snprintf(cfg->machine, sizeof(cfg->machine), "%s", un.nodename);
	cfg->ram_mib = ram_mib;
	cfg->machine_ram_mib = ram_mib;
	cfg->repeat = -1;
	cfg->perchar_mib = -1;
	cfg->concurrency = 1;
	cfg->seed = seed;
	cfg->mode.char_io = CHAR_IO_STDIO;
	cfg->random_time_s = DEFAULT_RANDOM_TIME_S;
	cfg->random_depths[0] = 1;
	cfg->random_depths[1] = 32;
	cfg->n_random_depths = 2;
	cfg->random_threads = 1;
	cfg->engine = ENGINE_AUTO;
	cfg->progress = PROGRESS_AUTO;
	cfg->steady.max_rounds = STEADY_ROUNDS;
}

uint64_t config_max_files_k(uint64_t ram_mib, uint32_t copies)
{
	uint64_t per_k = FILETEST_ENTRY_BYTES * (copies ? copies : 1) * 2;
	uint64_t by_ram;

	if (ram_mib == 0 || ram_mib >= UINT64_MAX / 1024)
		return FILETEST_MAX_COUNT_K;
	by_ram = ram_mib * 1024 / per_k;
	return by_ram < FILETEST_MAX_COUNT_K ? by_ram : FILETEST_MAX_COUNT_K;
}

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* --shared-file, --deadline: what they cannot go with. */
static int job_validate(struct config *cfg, char *err, size_t len)
{
	struct job_mode *job = &cfg->job;
	uint64_t chunk = cfg->io.chunk_bytes;

	if (job->layout != SHARE_OWN && cfg->perchar_mib != 0)
		return out_errf(err, len, "--shared-file: the per-char tests write "
				"through a stream, not into regions; leave them out "
				"with -f");
	if (job->layout != SHARE_OWN && cfg->random_io)
		return out_errf(err, len, "--shared-file: the random-I/O tests run "
				"on files of their own; leave out --random-io");
	if (job->layout == SHARE_STRIDED && job->stripe_bytes == 0)
		job->stripe_bytes = chunk;
	if (job->layout == SHARE_STRIDED && job->stripe_bytes % chunk != 0)
		return out_errf(err, len, "--shared-file strided:%" PRIu64 ": the "
				"stripe must be a multiple of the chunk (%" PRIu64
				" bytes)", job->stripe_bytes, chunk);
	if (job->deadline_s && cfg->verify)
		return out_errf(err, len, "--deadline cuts tests short, and --verify "
				"checks whole files: use one or the other");
	return 0;
}

int config_validate(struct config *cfg, const char *s_text, const char *n_text,
		    char *err, size_t len)
{
	const struct io_params *io = &cfg->io;
	const struct file_params *fp = &cfg->files;
	char s_shown[OUT_ECHO_BYTES], n_shown[OUT_ECHO_BYTES];

	s_text = s_text ? out_echo(s_text, s_shown) : s_text;
	n_text = n_text ? out_echo(n_text, n_shown) : n_text;
	if (cfg->processes != 0 && cfg->sync_mode)
		return out_errf(err, len, "-p and -y cannot be used together: -p makes "
			    "the semaphores, -y uses them");
	/* Without -s the size is still to be set (2x RAM), never 0. */
	if (cfg->size_given && io->size_mib == 0 && fp->count_k == 0)
		return out_errf(err, len, "-s 0 and -n 0 leave nothing to test");
	if (!power_of_two(io->chunk_bytes) || io->chunk_bytes < 256 ||
	    io->chunk_bytes > MIB)
		return out_errf(err, len, "-s %s: chunk size must be a power of two "
			    "from 256 to 1m", s_text);
	if (io->seeks == 0)
		return out_errf(err, len, "-s %s: the number of seeks must be at least 1",
			    s_text);
	if (io->seekers == 0 || io->seekers > 1024)
		return out_errf(err, len, "-s %s: seekers must be between 1 and 1024",
			    s_text);
	if (!power_of_two(fp->chunk_bytes) || fp->chunk_bytes < 256 ||
	    fp->chunk_bytes > MIB)
		return out_errf(err, len, "-n %s: file chunk size must be a power of two "
			    "from 256 to 1m", n_text);
	if (fp->max_bytes >= 0 && fp->max_bytes < fp->min_bytes)
		return out_errf(err, len, "-n %s: the largest file size is below the "
			    "smallest", n_text);
	if (fp->max_bytes < 0 && fp->min_bytes != 0)
		return out_errf(err, len, "-n %s: links take no smallest file size", n_text);
	if (fp->dirs == 0)
		return out_errf(err, len, "-n %s: at least 1 directory", n_text);
	if (fp->dirs > FILETEST_MAX_DIRS)
		return out_errf(err, len, "-n %s: at most 99,999 directories", n_text);
	if (fp->count_k > FILETEST_MAX_COUNT_K)
		return out_errf(err, len, "-n %s: not enough memory to test with %lluK "
			    "files (at most %uK)", n_text,
			    (unsigned long long)fp->count_k, FILETEST_MAX_COUNT_K);
	/* Each copy keeps its own name list; bonnie++ wants it under half the
	 * RAM. This is memory clyde allocates, so the machine's own RAM
	 * counts, whatever -r says (-r 0 only lifts the twice-the-RAM rule). */
	uint64_t list_kib = fp->count_k * FILETEST_ENTRY_BYTES * cfg->concurrency;
	uint64_t ram = cfg->machine_ram_mib;
	if (fp->count_k > config_max_files_k(ram, cfg->concurrency))
		return out_errf(err, len, "-n %s: the name list of %lluK files%s (%llu "
			    "MiB) would page in %llu MiB of RAM; use fewer files",
			    n_text, (unsigned long long)fp->count_k,
			    cfg->concurrency > 1 ? " x -c" : "",
			    (unsigned long long)((list_kib + 1023) / 1024),
			    (unsigned long long)ram);
	if (cfg->mode.direct && cfg->mode.char_io == CHAR_IO_SYSCALL &&
	    cfg->perchar_mib != 0)
		return out_errf(err, len, "--char-io syscall writes single bytes, which "
			    "O_DIRECT (-D) refuses; use stdio or -f");
	if (cfg->random_io && cfg->size_given && io->size_mib == 0)
		return out_errf(err, len, "--random-io runs on the I/O test file, which "
			    "-s 0 leaves out");
	for (size_t i = 0; i < cfg->n_random_depths; i++)
		if ((uint64_t)cfg->random_depths[i] * cfg->random_threads >
		    MAX_RANDOM_WORKERS)
			return out_errf(err, len, "--random-depths %" PRIu32 " with "
					"--random-threads %" PRIu32 ": at most %u I/Os "
					"in flight (depth x threads)",
					cfg->random_depths[i], cfg->random_threads,
					MAX_RANDOM_WORKERS);
	if (job_validate(cfg, err, len) != 0)
		return -1;
	if (!cfg->size_given) {
		uint64_t twice = cfg->ram_mib * 2;
		cfg->io.size_mib = twice > MIN_SIZE_MIB ? twice : MIN_SIZE_MIB;
	}
	/* First, so that the size x copies below cannot wrap. */
	if (cfg->io.size_mib > CONFIG_MAX_SIZE_MIB)
		return out_errf(err, len, "-s %s: too large", s_text);
	if (cfg->io.size_mib && cfg->ram_mib &&
	    cfg->io.size_mib * cfg->concurrency < cfg->ram_mib * 2)
		return out_errf(err, len, "-s %s%s is less than twice the RAM (%lluM), so "
			    "the page cache would answer; use -s %lluM or more, or "
			    "-r 0 to skip this check", s_text,
			    cfg->concurrency > 1 ? " x -c" : "",
			    (unsigned long long)cfg->ram_mib,
			    (unsigned long long)((cfg->ram_mib * 2 + cfg->concurrency - 1) /
						 cfg->concurrency));
	if (cfg->perchar_mib > (int64_t)cfg->io.size_mib)
		cfg->perchar_mib = (int64_t)cfg->io.size_mib;
	return 0;
}
