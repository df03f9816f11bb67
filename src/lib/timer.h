/* SPDX-License-Identifier: MIT */
/*
 * timer.h - the one place clyde reads clocks: monotonic wall time and the
 * process's CPU time, both as integer nanoseconds. Units exist only in the
 * formatters.
 */
#ifndef TIMER_H
#define TIMER_H

#include <stdint.h>

/* CLOCK_MONOTONIC in nanoseconds. Thread-safe. */
uint64_t timer_now_ns(void);

/* User + system CPU time of the whole process (getrusage) in nanoseconds. */
uint64_t timer_cpu_ns(void);

#endif
