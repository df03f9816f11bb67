/* SPDX-License-Identifier: MIT */
/*
 * timer.c - the one place clyde reads clocks: CLOCK_MONOTONIC for wall time
 * and getrusage(RUSAGE_SELF) for the CPU time of the whole process.
 */
#include "timer.h"

#include <sys/resource.h>
#include <time.h>

uint64_t timer_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t timeval_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

uint64_t timer_cpu_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return timeval_ns(&ru.ru_utime) + timeval_ns(&ru.ru_stime);
}
