/* SPDX-License-Identifier: MIT */
/*
 * defaults.h - the defaults and limits the command line, the readers and
 * the formatters share (a CSV line that leaves a field out means its
 * default here).
 */
#ifndef DEFAULTS_H
#define DEFAULTS_H


/* Defaults shared by the CLI, the CSV reader and the formatters. */
#define DEFAULT_CHUNK_BYTES 8192u
#define DEFAULT_SEEKS 8192u
#define DEFAULT_SEEKERS 5u
#define DEFAULT_FILE_CHUNK_BYTES 8192u
#define MIN_SIZE_MIB 300u
#define SYSCALL_PERCHAR_MIB 3u /* 2.00a's per-char default */
#define MACHINE_MAX 256        /* bytes, with the terminating NUL */
#define MAX_CONCURRENCY 200u
#define MAX_RANDOM_DEPTHS 8u
#define MAX_RANDOM_TESTS (2 * MAX_RANDOM_DEPTHS)
#define RANDOM_BLOCK_BYTES 4096u
#define DEFAULT_RANDOM_TIME_S 5u
#define DEADLINE_MAX_S 86400u /* --deadline: a day */
#define MAX_RANDOM_THREADS 256u /* --random-threads; ENGINE_MAX_THREADS */
#define MAX_RANDOM_WORKERS 4096u /* depth x threads, the threads engine's */
#define MARK_MAX_TESTS 8        /* entries of a clyde mark --tests list */
#define MARK_MAX_RUNS 10        /* clyde mark --runs */
#define STEADY_ROUND_S 60u      /* clyde mark --round: SNIA's one-minute rounds */
#define STEADY_ROUNDS 25u       /* --max-rounds: SNIA's most rounds */
/* --vary (src/run/vary.h): the settings one run compares. */
#define VARY_MAX_KEYS 8         /* --vary options */
#define VARY_MAX_VALUES 16      /* values of one key */
#define VARY_TEXT_MAX 2048      /* bytes of one key's values */
/* --probe (src/run/probe.h): the foreground probe beside every test, on
 * a file of its own: a read of one block every 10 ms, and with writes an
 * fsynced write of one block every 100 ms. */
#define PROBE_FILE_BYTES (16u * 1024 * 1024)
#define PROBE_BLOCK_BYTES 4096u
#define PROBE_READ_PERIOD_NS 10000000ULL
#define PROBE_WRITE_PERIOD_NS 100000000ULL
/* The file tests' bounds (-n), known to the checks of the command line. */
#define FILETEST_MAX_DIRS 99999u
/* bonnie++'s limit: 37 bytes of bookkeeping per file must fit in 1 GiB. */
#define FILETEST_MAX_COUNT_K 28339u
/* What one file of a copy's name list takes in memory (filetest.h's
 * struct filetest_entry, which asserts it). */
#define FILETEST_ENTRY_BYTES 64u

#endif
