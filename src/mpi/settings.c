/* SPDX-License-Identifier: MIT */
/*
 * settings.c - the settings every rank of a clyde-mpi run must share
 * (settings.h): one row each, its value as one number, and the words for
 * ranks that differ.
 */
#include "settings.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/parse.h"
#include "engine/engine_name.h"
#include "io/data.h"
#include "run/phase_info.h"

/* What a value is, for the words. */
enum shown { BYTES, MIB_SIZE, COUNT, SIGNED, ON_OFF, RUNS, ENGINE, CHAR_IO,
	     LAYOUT, REORDER, LIST };

enum key { S_SIZE, S_CHUNK, S_SEEKS, S_SEEKERS, N_FILES, N_MAX, N_MIN, N_DIRS,
	   N_CHUNK, PERCHAR, COPIES, RUNS_X, DIRECT, SYNC, ZEROS, PIECES, CHARIO, VERIFY,
	   RANDOM, R_TIME, R_DEPTHS, R_THREADS, ENGINE_ASKED, ENGINE_USED,
	   SHARED_FILE, STRIPE, SHARED_DIR, REORDER_AT, DEADLINE };

struct setting {
	enum key key;
	const char *name;  /* as the command line gives it */
	enum shown shown;
};

static const struct setting settings[] = {
	{ S_SIZE, "-s size", MIB_SIZE },
	{ S_CHUNK, "-s chunk", BYTES },
	{ S_SEEKS, "-s seeks", COUNT },
	{ S_SEEKERS, "-s seekers", COUNT },
	{ N_FILES, "-n files (x 1024)", COUNT },
	{ N_MAX, "-n max size", SIGNED },
	{ N_MIN, "-n min size", SIGNED },
	{ N_DIRS, "-n dirs", COUNT },
	{ N_CHUNK, "-n chunk", BYTES },
	{ PERCHAR, "-f (the per-char size)", MIB_SIZE },
	{ COPIES, "-c", COUNT },
	{ RUNS_X, "-x", RUNS },
	{ DIRECT, "-D", ON_OFF },
	{ SYNC, "-b", ON_OFF },
	{ ZEROS, "--zeros", ON_OFF },
	{ PIECES, "--pieces", ON_OFF },
	{ CHARIO, "--char-io", CHAR_IO },
	{ VERIFY, "--verify", ON_OFF },
	{ RANDOM, "--random-io", ON_OFF },
	{ R_TIME, "--random-time", COUNT },
	{ R_DEPTHS, "--random-depths", LIST },
	{ R_THREADS, "--random-threads", COUNT },
	{ ENGINE_ASKED, "--engine", ENGINE },
	{ ENGINE_USED, "the engine set-up chose", ENGINE },
	{ SHARED_FILE, "--shared-file", LAYOUT },
	{ STRIPE, "--shared-file stripe", BYTES },
	{ SHARED_DIR, "--shared-dir", ON_OFF },
	{ REORDER_AT, "--reorder", REORDER },
	{ DEADLINE, "--deadline", COUNT },
};
#define N_SETTINGS (sizeof(settings) / sizeof(settings[0]))

/* --reorder as one number: 0 off, 1 automatic, 2 random, 3 + shift. */
#define REORDER_AUTO 1u
#define REORDER_RANDOM 2u
#define REORDER_SHIFT0 3u
/* -x as one number: the runs + 1 (0: -x not given), auto's top bit. */
#define RUNS_AUTO (1ULL << 63)

size_t settings_count(void)
{
	return N_SETTINGS;
}

static uint64_t depth_list(const struct config *cfg)
{
	uint64_t h = cfg->n_random_depths;

	for (size_t i = 0; i < cfg->n_random_depths; i++)
		h = data_mix64(h ^ cfg->random_depths[i]);
	return h;
}

static uint64_t value_of(enum key key, const struct config *cfg,
			 const struct run_target *t)
{
	const struct job_mode *job = &cfg->job;

	switch (key) {
	case S_SIZE: return cfg->io.size_mib;
	case S_CHUNK: return cfg->io.chunk_bytes;
	case S_SEEKS: return cfg->io.seeks;
	case S_SEEKERS: return cfg->io.seekers;
	case N_FILES: return cfg->files.count_k;
	case N_MAX: return (uint64_t)cfg->files.max_bytes;
	case N_MIN: return (uint64_t)cfg->files.min_bytes;
	case N_DIRS: return cfg->files.dirs;
	case N_CHUNK: return cfg->files.chunk_bytes;
	case PERCHAR: return phase_perchar_bytes(cfg) / MIB;
	case COPIES: return cfg->concurrency;
	case RUNS_X: return (uint64_t)(cfg->repeat + 1) |
			    (cfg->repeat_auto ? RUNS_AUTO : 0);
	case DIRECT: return cfg->mode.direct;
	case SYNC: return cfg->mode.sync_writes;
	case ZEROS: return cfg->mode.zeros;
	case PIECES: return cfg->mode.pieces;
	case CHARIO: return cfg->mode.char_io;
	case VERIFY: return cfg->verify;
	case RANDOM: return cfg->random_io;
	case R_TIME: return cfg->random_io ? cfg->random_time_s : 0;
	case R_DEPTHS: return cfg->random_io ? depth_list(cfg) : 0;
	case R_THREADS: return cfg->random_io ? cfg->random_threads : 0;
	case ENGINE_ASKED: return cfg->random_io ? cfg->engine : 0;
	case ENGINE_USED: return cfg->random_io ? t->engine : 0;
	case SHARED_FILE: return job->layout;
	case STRIPE: return job->layout == SHARE_STRIDED ? job->stripe_bytes : 0;
	case SHARED_DIR: return job->shared_dir;
	case REORDER_AT:
		return !job->reorder ? 0 : job->reorder_random ? REORDER_RANDOM
		       : job->reorder_shift ? REORDER_SHIFT0 + job->reorder_shift
					    : REORDER_AUTO;
	case DEADLINE: return job->deadline_s;
	}
	return 0;
}

void settings_values(const struct config *cfg, const struct run_target *target,
		     uint64_t *out)
{
	for (size_t i = 0; i < N_SETTINGS; i++)
		out[i] = value_of(settings[i].key, cfg, target);
}

/* Value V as the command line would give it; NTH: it is the NTH distinct
 * one shown (a list, kept as a hash, is only "one" or "another"). */
static void show(enum shown how, uint64_t v, size_t nth, char *buf, size_t len)
{
	static const char *const layouts[] = { "off", "segmented", "strided" };

	switch (how) {
	case BYTES: format_bytes_short(v, buf, len); return;
	case MIB_SIZE:
		if (v == 0)
			snprintf(buf, len, "0");
		else
			format_bytes_short(v * MIB, buf, len);
		return;
	case COUNT: snprintf(buf, len, "%" PRIu64, v); return;
	case SIGNED: snprintf(buf, len, "%" PRId64, (int64_t)v); return;
	case ON_OFF: snprintf(buf, len, "%s", v ? "on" : "off"); return;
	case RUNS:
		if ((v & ~RUNS_AUTO) == 0)
			snprintf(buf, len, "not given");
		else
			snprintf(buf, len, "%s%" PRIu64, v & RUNS_AUTO ? "auto:" : "",
				 (uint64_t)((v & ~RUNS_AUTO) - 1));
		return;
	case ENGINE: snprintf(buf, len, "%s", engine_name((enum engine_kind)v)); return;
	case CHAR_IO: snprintf(buf, len, "%s", v == CHAR_IO_SYSCALL ? "syscall" : "stdio"); return;
	case LAYOUT: snprintf(buf, len, "%s", v < 3 ? layouts[v] : "?"); return;
	case REORDER:
		if (v < REORDER_SHIFT0)
			snprintf(buf, len, "%s", v == 0 ? "off" : v == REORDER_AUTO
						 ? "automatic" : "random");
		else
			snprintf(buf, len, "shift %" PRIu64, v - REORDER_SHIFT0);
		return;
	case LIST: snprintf(buf, len, "%s", nth ? "another" : "one list"); return;
	}
}

/* Append the printf-style text to OUT at *AT, cut at LEN. */
static void put(char *out, size_t len, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void put(char *out, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*at >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(out + *at, len - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at = *at + (size_t)n < len ? *at + (size_t)n : len - 1;
}

/* The ranks whose setting K holds V, as "rank 2" or "ranks 0-1, 3". */
static void put_ranks(const uint64_t *all, size_t ranks, size_t k, uint64_t v,
		      char *out, size_t len, size_t *at)
{
	size_t count = 0;

	for (size_t r = 0; r < ranks; r++)
		count += all[r * N_SETTINGS + k] == v;
	put(out, len, at, "rank%s ", count > 1 ? "s" : "");
	for (size_t r = 0, listed = 0; r < ranks; r++) {
		size_t end = r;

		if (all[r * N_SETTINGS + k] != v)
			continue;
		while (end + 1 < ranks && all[(end + 1) * N_SETTINGS + k] == v)
			end++;
		put(out, len, at, "%s%zu", listed++ ? ", " : "", r);
		if (end > r)
			put(out, len, at, "-%zu", end);
		r = end;
	}
}

/* Setting K's values, each with its ranks: at most three, then "...". */
static void explain_one(const uint64_t *all, size_t ranks, size_t k, char *out,
			size_t len, size_t *at)
{
	char text[48];
	size_t shown = 0;

	put(out, len, at, "%s: ", settings[k].name);
	for (size_t r = 0; r < ranks; r++) {
		uint64_t v = all[r * N_SETTINGS + k];
		bool seen = false;

		for (size_t q = 0; q < r && !seen; q++)
			seen = all[q * N_SETTINGS + k] == v;
		if (seen)
			continue;
		if (shown++ == 3) {
			put(out, len, at, ", ...");
			break;
		}
		show(settings[k].shown, v, shown - 1, text, sizeof(text));
		put(out, len, at, "%s%s on ", shown > 1 ? ", " : "", text);
		put_ranks(all, ranks, k, v, out, len, at);
	}
}

size_t settings_explain(const uint64_t *all, size_t ranks, char *out,
			size_t len)
{
	size_t differ = 0, at = 0;

	out[0] = '\0';
	for (size_t k = 0; k < N_SETTINGS; k++) {
		bool same = true;

		for (size_t r = 1; r < ranks && same; r++)
			same = all[r * N_SETTINGS + k] == all[k];
		if (same)
			continue;
		if (differ++)
			put(out, len, &at, "; ");
		explain_one(all, ranks, k, out, len, &at);
	}
	return differ;
}
