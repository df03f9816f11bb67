/* SPDX-License-Identifier: MIT */
/*
 * fmt_text.c - a run's parameters and figures as every format writes them
 * (fmt_text.h): bonnie++'s latency text, the defaults of unset
 * parameters, sizes, file-test specs, and texts joined whole characters
 * at a time.
 */
#include "fmt_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lib/utf8.h"

/*
 * bonnie++ measures in microseconds and switches units above 99999 us and
 * 99999 ms, so work on truncated microseconds: 99999999 ns is "99999us",
 * 100000000 ns "100ms", and nothing prints as "99s" just under 100 s.
 */
const char *fmt_latency(uint64_t ns, char buf[LATENCY_TEXT_MAX])
{
	uint64_t us = ns / 1000;

	if (ns == 0)
		buf[0] = '\0';
	else if (us > UINT64_C(99999999))
		snprintf(buf, LATENCY_TEXT_MAX, "%" PRIu64 "s", us / 1000000);
	else if (us > UINT64_C(99999))
		snprintf(buf, LATENCY_TEXT_MAX, "%" PRIu64 "ms", us / 1000);
	else
		snprintf(buf, LATENCY_TEXT_MAX, "%" PRIu64 "us", us);
	return buf;
}

uint64_t fmt_io_chunk(const struct run_results *r)
{
	return r->io.chunk_bytes ? r->io.chunk_bytes : DEFAULT_CHUNK_BYTES;
}

uint64_t fmt_io_seeks(const struct run_results *r)
{
	return r->io.seeks ? r->io.seeks : DEFAULT_SEEKS;
}

uint64_t fmt_io_seekers(const struct run_results *r)
{
	return r->io.seekers ? r->io.seekers : DEFAULT_SEEKERS;
}

uint32_t fmt_concurrency(const struct run_results *r)
{
	return r->concurrency ? r->concurrency : 1;
}

bool fmt_has_io(const struct run_results *r)
{
	return r->io.size_mib != 0;
}

bool fmt_has_files(const struct run_results *r)
{
	return r->files.count_k != 0;
}

int64_t fmt_whole(double value)
{
	if (!(value > 0)) /* also NaN */
		return 0;
	if (value >= 9223372036854775807.0)
		return INT64_MAX;
	return (int64_t)value;
}

const char *fmt_size_mib(uint64_t mib, char *buf, size_t len)
{
	if (mib % 1024 == 0)
		snprintf(buf, len, "%" PRIu64 "G", mib / 1024);
	else
		snprintf(buf, len, "%" PRIu64 "M", mib);
	return buf;
}

const char *fmt_size_text(const struct run_results *r, char *buf, size_t len)
{
	if (r->size_text[0] == '\0')
		return fmt_size_mib(r->io.size_mib, buf, len);
	snprintf(buf, len, "%s", r->size_text);
	return buf;
}

const char *fmt_file_spec(const struct run_results *r, char *buf, size_t len)
{
	const struct file_params *f = &r->files;
	size_t used;

	snprintf(buf, len, "%" PRIu64, f->count_k);
	used = strlen(buf);
	if (f->max_bytes == FILES_HARD_LINKS)
		snprintf(buf + used, len - used, ":link");
	else if (f->max_bytes == FILES_SYMLINKS)
		snprintf(buf + used, len - used, ":symlink");
	else if (f->max_bytes != 0)
		snprintf(buf + used, len - used, ":%" PRId64 ":%" PRId64,
			 f->max_bytes, f->min_bytes);
	used = strlen(buf);
	if (f->dirs > 1)
		snprintf(buf + used, len - used, "/%" PRIu64, f->dirs);
	return buf;
}

const char *fmt_bytes_words(uint64_t bytes, char *buf, size_t len)
{
	if (bytes != 0 && bytes % MIB == 0)
		snprintf(buf, len, "%" PRIu64 " MiB", (uint64_t)(bytes / MIB));
	else if (bytes != 0 && bytes % KIB == 0)
		snprintf(buf, len, "%" PRIu64 " KiB", (uint64_t)(bytes / KIB));
	else
		snprintf(buf, len, "%" PRIu64 " B", bytes);
	return buf;
}

const char *fmt_bytes_about(uint64_t bytes, char *buf, size_t len)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	size_t u = 0;

	while (v >= 1024 && u + 1 < sizeof(units) / sizeof(units[0])) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, v >= 100 ? "%.0f %s" : "%.3g %s", v, units[u]);
	return buf;
}

/* Append TEXT to BUF, cut between characters if it does not fit. */
static void append(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf), add = strlen(text);

	if (add > len - 1 - used)
		add = utf8_cut_bytes(text, add, len - 1 - used);
	memcpy(buf + used, text, add);
	buf[used + add] = '\0';
}

void fmt_join(char *buf, size_t len, const char *sep, const char *text)
{
	if (buf[0])
		append(buf, len, sep);
	append(buf, len, text);
}
