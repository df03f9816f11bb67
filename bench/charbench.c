/* SPDX-License-Identifier: MIT */
/*
 * charbench.c - what a byte costs through stdio, for `make bench`: putc and
 * getc against putc_unlocked and getc_unlocked, in a process that never
 * made a thread (bonnie++ 1.03, where glibc skips the stream lock) and in
 * clyde's setting (the loop runs in a second thread, so glibc has switched
 * stream locking on for good). Not part of clyde.
 *
 *   charbench cpu st|mt BYTES      putc and putc_unlocked into /dev/null,
 *                                  getc and getc_unlocked from /dev/zero
 *                                  through an 8 KiB buffer: ns per byte
 *   charbench file DIR BYTES       bonnie++ 1.03's per-char method on a
 *                                  real file: fopen "w+", default stdio
 *                                  buffer, putc; then fopen "r", getc
 *
 * Output: one JSON object on stdout.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define BUF_BYTES 8192u

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t cpu_ns(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000u +
	       (uint64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000u;
}

static void die(const char *what)
{
	fprintf(stderr, "charbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static FILE *open_buffered(const char *path, const char *how, char *buf)
{
	FILE *f = fopen(path, how);

	if (!f)
		die(path);
	if (buf && setvbuf(f, buf, _IOFBF, BUF_BYTES) != 0)
		die("setvbuf");
	return f;
}

/* The four loops; each returns ns per byte. The byte pattern is 1.03's. */
static double put_locked(uint64_t bytes)
{
	static char buf[BUF_BYTES];
	FILE *f = open_buffered("/dev/null", "w", buf);
	uint64_t t0 = now_ns();

	for (uint64_t i = 0; i < bytes; i++)
		if (putc((int)(i & 0x7f), f) == EOF)
			die("putc");
	fflush(f);
	uint64_t t1 = now_ns();
	fclose(f);
	return (double)(t1 - t0) / (double)bytes;
}

static double put_unlocked(uint64_t bytes)
{
	static char buf[BUF_BYTES];
	FILE *f = open_buffered("/dev/null", "w", buf);
	uint64_t t0 = now_ns();

	for (uint64_t i = 0; i < bytes; i++)
		if (putc_unlocked((int)(i & 0x7f), f) == EOF)
			die("putc_unlocked");
	fflush(f);
	uint64_t t1 = now_ns();
	fclose(f);
	return (double)(t1 - t0) / (double)bytes;
}

static volatile uint64_t sink;

static double get_locked(uint64_t bytes)
{
	static char buf[BUF_BYTES];
	FILE *f = open_buffered("/dev/zero", "r", buf);
	uint64_t sum = 0;
	uint64_t t0 = now_ns();

	for (uint64_t i = 0; i < bytes; i++) {
		int c = getc(f);
		if (c == EOF)
			die("getc");
		sum += (unsigned)c + 1;
	}
	uint64_t t1 = now_ns();
	sink = sum;
	fclose(f);
	return (double)(t1 - t0) / (double)bytes;
}

static double get_unlocked(uint64_t bytes)
{
	static char buf[BUF_BYTES];
	FILE *f = open_buffered("/dev/zero", "r", buf);
	uint64_t sum = 0;
	uint64_t t0 = now_ns();

	for (uint64_t i = 0; i < bytes; i++) {
		int c = getc_unlocked(f);
		if (c == EOF)
			die("getc_unlocked");
		sum += (unsigned)c + 1;
	}
	uint64_t t1 = now_ns();
	sink = sum;
	fclose(f);
	return (double)(t1 - t0) / (double)bytes;
}

struct cpu_job {
	uint64_t bytes;
	double ns[4];
};

static void *cpu_loops(void *arg)
{
	struct cpu_job *j = arg;

	j->ns[0] = put_locked(j->bytes);
	j->ns[1] = put_unlocked(j->bytes);
	j->ns[2] = get_locked(j->bytes);
	j->ns[3] = get_unlocked(j->bytes);
	return NULL;
}

static int cpu_main(const char *setting, uint64_t bytes)
{
	struct cpu_job job = { .bytes = bytes };
	int threaded = strcmp(setting, "mt") == 0;

	if (threaded) {
		/* As in clyde: the loop runs in a thread while main waits. */
		pthread_t t;
		int err = pthread_create(&t, NULL, cpu_loops, &job);

		if (err != 0) {
			errno = err;
			die("pthread_create");
		}
		pthread_join(t, NULL);
	} else {
		cpu_loops(&job);
	}
	printf("{\"setting\": \"%s\", \"bytes\": %llu, \"putc_ns\": %.4f, "
	       "\"putc_unlocked_ns\": %.4f, \"getc_ns\": %.4f, \"getc_unlocked_ns\": %.4f}\n",
	       threaded ? "threaded" : "single-threaded", (unsigned long long)bytes,
	       job.ns[0], job.ns[1], job.ns[2], job.ns[3]);
	return 0;
}

/* bonnie++ 1.03's per-char output and input on DIR/charbench.PID, with the
 * fsync clyde does at the end of per-char output so both pay the same. */
static int file_main(const char *dir, uint64_t bytes)
{
	char path[4096];
	uint64_t sum = 0;

	snprintf(path, sizeof(path), "%s/charbench.%ld", dir, (long)getpid());
	unlink(path);
	FILE *f = open_buffered(path, "w+", NULL);
	uint64_t c0 = cpu_ns(), t0 = now_ns();
	for (uint64_t i = 0; i < bytes; i++)
		if (putc((int)(i & 0x7f), f) == EOF)
			die("putc");
	if (fflush(f) != 0 || fsync(fileno(f)) != 0 || fclose(f) != 0)
		die("close");
	uint64_t t1 = now_ns(), c1 = cpu_ns();

	f = open_buffered(path, "r", NULL);
	uint64_t c2 = cpu_ns(), t2 = now_ns();
	for (uint64_t i = 0; i < bytes; i++) {
		int c = getc(f);
		if (c == EOF)
			die("getc");
		sum += (unsigned)c;
	}
	fclose(f);
	uint64_t t3 = now_ns(), c3 = cpu_ns();
	sink = sum;
	unlink(path);
	printf("{\"bytes\": %llu, \"putc_kib_s\": %.1f, \"putc_cpu_percent\": %.1f, "
	       "\"getc_kib_s\": %.1f, \"getc_cpu_percent\": %.1f}\n",
	       (unsigned long long)bytes,
	       (double)bytes / 1024.0 / ((double)(t1 - t0) / 1e9),
	       (double)(c1 - c0) * 100.0 / (double)(t1 - t0),
	       (double)bytes / 1024.0 / ((double)(t3 - t2) / 1e9),
	       (double)(c3 - c2) * 100.0 / (double)(t3 - t2));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "cpu") == 0)
		return cpu_main(argv[2], strtoull(argv[3], NULL, 10));
	if (argc == 4 && strcmp(argv[1], "file") == 0)
		return file_main(argv[2], strtoull(argv[3], NULL, 10));
	fprintf(stderr, "usage: charbench cpu st|mt BYTES | charbench file DIR BYTES\n");
	return 1;
}
