/* SPDX-License-Identifier: MIT */
/*
 * fmt_common.c - what the text layouts share: the latency text, size and
 * file-spec texts, the stat/CPU/latency cells and row labels.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_internal.h"
#include "run_source.h"
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

void fmt_usage(struct run_source *src, struct fmt_usage *u)
{
	const struct run_results *r;

	memset(u, 0, sizeof(*u));
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		u->n++;
		u->io_rows += fmt_has_io(r);
		u->file_rows += fmt_has_files(r);
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct phase_result *ph = &r->phase[p];

			u->used[p] |= ph->state != FIGURE_NONE;
			u->latency[p] |= ph->state != FIGURE_NONE &&
					 ph->lat.max_ns != 0;
		}
	}
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

void fmt_spaces(FILE *out, size_t count)
{
	while (count-- > 0)
		fputc(' ', out);
}

void fmt_put_cut(FILE *out, const char *text, size_t cols)
{
	size_t have = utf8_cols(text);

	/* Whole characters while they fit; never split a UTF-8 sequence. */
	fwrite(text, 1, utf8_cut_cols(text, cols), out);
	fmt_spaces(out, have < cols ? cols - have : 0);
}

size_t fmt_label_need(const char *name, const char *spec)
{
	return utf8_cols(name) + 1 + utf8_cols(spec);
}

void fmt_row_label(FILE *out, const char *name, const char *spec,
		   size_t width)
{
	size_t spec_cols = utf8_cols(spec);

	if (spec_cols >= width) {
		fputs(spec, out);
		return;
	}
	fmt_put_cut(out, name, width - 1 - spec_cols);
	fputc(' ', out);
	fputs(spec, out);
}

void fmt_stat_cell(FILE *out, const struct phase_result *p)
{
	if (p->state == FIGURE_TOO_FAST)
		fputs(" +++++", out);
	else if (p->state == FIGURE_VALUE)
		fprintf(out, " %5" PRId64, fmt_whole(p->rate));
	else
		fmt_spaces(out, 6);
}

/* 2.00a's text scaling of KiB/s: "2126k", "50.6m", " 327m", " 1.5g". */
void fmt_stat_cell_scaled(FILE *out, const struct phase_result *p)
{
	int64_t kib = fmt_whole(p->rate);

	if (p->state != FIGURE_VALUE) {
		fmt_stat_cell(out, p);
	} else if (kib < 10000) {
		fprintf(out, " %4" PRId64 "k", kib);
	} else if (kib / 1024 < 1000) {
		double mib = (double)kib / 1024.0;

		if (mib < 100.0)
			fprintf(out, " %4.1fm", mib);
		else
			fprintf(out, " %4" PRId64 "m", (int64_t)(mib + 0.5));
	} else {
		fprintf(out, " %4.1fg", (double)kib / (1024.0 * 1024.0));
	}
}

void fmt_seek_cell(FILE *out, const struct phase_result *p)
{
	if (p->state != FIGURE_VALUE)
		fmt_stat_cell(out, p);
	else if (p->rate >= 1000.0)
		fprintf(out, " %5.0f", p->rate);
	else
		fprintf(out, " %5.1f", p->rate > 0 ? p->rate : 0.0);
}

void fmt_cpu_cell(FILE *out, const struct phase_result *p)
{
	if (p->state == FIGURE_TOO_FAST)
		fputs(" +++", out);
	else if (p->state == FIGURE_VALUE)
		fprintf(out, " %3" PRId64, fmt_whole(p->cpu_pct));
	else
		fmt_spaces(out, 4);
}

void fmt_latency_cell(FILE *out, const struct phase_result *p)
{
	char text[LATENCY_TEXT_MAX];

	fprintf(out, " %9s",
		p->state == FIGURE_NONE ? "" : fmt_latency(p->lat.max_ns, text));
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
