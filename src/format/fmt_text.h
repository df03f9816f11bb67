/* SPDX-License-Identifier: MIT */
/*
 * fmt_text.h - a run's parameters as every format writes them: the size
 * and file-test spec texts, sizes in words, the defaults a hand-made
 * result leaves unset, figures as bonnie++ truncates them, and texts
 * joined without cutting a character. Pure; fmt_text.c.
 */
#ifndef FMT_TEXT_H
#define FMT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results.h"

#define FMT_TEXT_MAX 128   /* buffers for size texts and file specs */
#define FMT_NAME_MAX (MACHINE_MAX + 512) /* a machine name and its tag */
#define LATENCY_TEXT_MAX 16

/*
 * bonnie++'s latency text for NS nanoseconds: "" for 0, whole seconds + "s"
 * above 99.999999 s, truncated milliseconds + "ms" above 0.099999 s, else
 * truncated microseconds + "us" ("56us", "1366ms", "123s"). Returns buf.
 */
const char *fmt_latency(uint64_t ns, char buf[LATENCY_TEXT_MAX]);

/* Defaults applied to unset (zero) parameters, so hand-made results print sanely. */
uint64_t fmt_io_chunk(const struct run_results *r);
uint64_t fmt_io_seeks(const struct run_results *r);
uint64_t fmt_io_seekers(const struct run_results *r);
uint32_t fmt_concurrency(const struct run_results *r);
/* Whether R ran the I/O tests (a size), the file tests (a count). */
bool fmt_has_io(const struct run_results *r);
bool fmt_has_files(const struct run_results *r);

/* A rate or CPU figure as bonnie++ prints it: truncated, clamped to 0..INT64_MAX. */
int64_t fmt_whole(double value);

/* "64M", "2G", "1024G": MiB, or GiB when divisible by 1024. Returns buf. */
const char *fmt_size_mib(uint64_t mib, char *buf, size_t len);
/* R's size as its source wrote it ("8192M"), else fmt_size_mib's. Returns buf. */
const char *fmt_size_text(const struct run_results *r, char *buf, size_t len);
/* "512 B", "64 KiB", "1 MiB": bytes in the largest unit that divides them. */
const char *fmt_bytes_words(uint64_t bytes, char *buf, size_t len);
/* "16 GiB", "2.3 GiB", "160 MiB": bytes to three figures in the largest
 * binary unit that leaves at least 1. Returns buf. */
const char *fmt_bytes_about(uint64_t bytes, char *buf, size_t len);
/* The file-test spec "16", "1:link", "2:4096:1024/4" of tables and 1.03 CSV. */
const char *fmt_file_spec(const struct run_results *r, char *buf, size_t len);

/*
 * Append SEP (unless BUF, LEN bytes and NUL-terminated, is empty) and TEXT
 * to BUF, cut between UTF-8 characters when it does not fit.
 */
void fmt_join(char *buf, size_t len, const char *sep, const char *text);

#endif
