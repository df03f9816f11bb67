/* SPDX-License-Identifier: MIT */
/*
 * fmt_present.c - figures as the human formats show them: test titles and
 * units, MiB/s with one decimal, latency with a unit, readable size and
 * file-test descriptions, the worst-to-best scale HTML shades by, and
 * what a source's runs hold (fmt_internal.h's fmt_usage).
 */
#include "fmt_present.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "fmt_cells.h"
#include "fmt_internal.h"
#include "fmt_text.h"
#include "run_source.h"
#include "lib/utf8.h"

const char *present_unit_name(enum phase_unit unit)
{
	/* The human formats show bulk rates in MiB/s, the stored KiB/s / 1024. */
	return unit == UNIT_KIB_S ? "MiB/s" : phase_unit_name(unit);
}

double present_value(const struct phase_result *p, enum phase_id phase)
{
	double rate = p->rate > 0 ? p->rate : 0.0;

	return phase_table[phase].unit == UNIT_KIB_S ? rate / 1024.0 : rate;
}

const char *present_rate(const struct phase_result *p, enum phase_id phase,
			 char *buf, size_t len)
{
	double v = present_value(p, phase);
	enum phase_unit unit = phase_table[phase].unit;

	if (p->state == FIGURE_NONE)
		snprintf(buf, len, "%s", "");
	else if (p->state == FIGURE_TOO_FAST)
		snprintf(buf, len, "+++++");
	else if (unit == UNIT_KIB_S)
		/* Whole KiB/s below 1 MiB/s would all read "0.0". */
		snprintf(buf, len, v < 0.95 ? "%.3f" : "%.1f", v);
	else if (unit == UNIT_SEEKS_S)
		snprintf(buf, len, v >= 1000.0 ? "%.0f" : "%.1f", v);
	else
		snprintf(buf, len, "%" PRId64, fmt_whole(v));
	return buf;
}

const char *present_cpu(const struct phase_result *p, char *buf, size_t len)
{
	if (p->state == FIGURE_VALUE)
		snprintf(buf, len, "%" PRId64, fmt_whole(p->cpu_pct));
	else
		snprintf(buf, len, "%s", "");
	return buf;
}

/* Whole microseconds, as bonnie++ measures them; the unit follows the size. */
const char *present_latency(uint64_t ns, char *buf, size_t len)
{
	uint64_t us = ns / 1000;

	if (ns == 0)
		snprintf(buf, len, "%s", "");
	else if (us < 1000)
		snprintf(buf, len, "%" PRIu64 " \xc2\xb5s", us);
	else if (us < 100000)
		snprintf(buf, len, "%.1f ms", (double)us / 1e3);
	else if (us < 1000000)
		snprintf(buf, len, "%.0f ms", (double)us / 1e3);
	else if (us < 100000000)
		snprintf(buf, len, "%.2f s", (double)us / 1e6);
	else
		snprintf(buf, len, "%.0f s", (double)us / 1e6);
	return buf;
}

/* Append ", TEXT" style pieces to BUF without overflowing it. */
static void append(char *buf, size_t len, const char *fmt, uint64_t value)
{
	size_t used = strlen(buf);

	if (used < len)
		snprintf(buf + used, len - used, fmt, value);
}

const char *present_io(const struct run_results *r, char *buf, size_t len)
{
	char chunk[32];
	size_t used;

	if (r->io.size_mib % 1024 == 0)
		snprintf(buf, len, "%" PRIu64 " GiB", r->io.size_mib / 1024);
	else
		snprintf(buf, len, "%" PRIu64 " MiB", r->io.size_mib);
	if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES) {
		used = strlen(buf);
		snprintf(buf + used, len - used, ", %s chunks",
			 fmt_bytes_words(fmt_io_chunk(r), chunk, sizeof(chunk)));
	}
	if (fmt_concurrency(r) != 1)
		append(buf, len, ", %" PRIu64 " copies", fmt_concurrency(r));
	if (fmt_io_seeks(r) != DEFAULT_SEEKS &&
	    !(r->unrecorded & UNRECORDED_SEEKS))
		append(buf, len, ", %" PRIu64 " seeks", fmt_io_seeks(r));
	if (fmt_io_seekers(r) != DEFAULT_SEEKERS &&
	    !(r->unrecorded & UNRECORDED_SEEKERS))
		append(buf, len, ", %" PRIu64 " seekers", fmt_io_seekers(r));
	return buf;
}

const char *present_files(const struct run_results *r, char *buf, size_t len)
{
	const struct file_params *f = &r->files;
	uint64_t count = f->count_k * 1024;

	if (f->max_bytes == FILES_HARD_LINKS)
		snprintf(buf, len, "%" PRIu64 " hard links", count);
	else if (f->max_bytes == FILES_SYMLINKS)
		snprintf(buf, len, "%" PRIu64 " symlinks", count);
	else
		snprintf(buf, len, "%" PRIu64 " files", count);
	if (f->max_bytes > 0 && f->min_bytes != f->max_bytes)
		append(buf, len, ", %" PRIu64, (uint64_t)f->min_bytes);
	if (f->max_bytes > 0)
		append(buf, len, f->min_bytes != f->max_bytes ? "-%" PRIu64 " B"
							      : ", %" PRIu64 " B",
		       (uint64_t)f->max_bytes);
	if (f->dirs > 1)
		append(buf, len, ", %" PRIu64 " dirs", f->dirs);
	return buf;
}

void present_scale_init(struct present_scale *s, bool higher_is_better)
{
	s->lo = s->hi = 0.0;
	s->count = 0;
	s->higher_is_better = higher_is_better;
}

void present_scale_add(struct present_scale *s, double value)
{
	if (s->count == 0 || value < s->lo)
		s->lo = value;
	if (s->count == 0 || value > s->hi)
		s->hi = value;
	s->count++;
}

bool present_scale_on(const struct present_scale *s)
{
	return s->count >= 2 && s->hi > s->lo;
}

double present_scale_pos(const struct present_scale *s, double value)
{
	double t;

	if (!present_scale_on(s))
		return 0.5;
	t = (value - s->lo) / (s->hi - s->lo);
	if (t < 0.0)
		t = 0.0;
	if (t > 1.0)
		t = 1.0;
	if (!s->higher_is_better)
		t = 1.0 - t;
	/* best/worst under 2: a 10% spread spans a tenth of the colours. */
	if (s->lo > 0 && s->hi < 2.0 * s->lo)
		t = 0.5 + (t - 0.5) * (s->hi / s->lo - 1.0);
	return t;
}

size_t present_hidden(FILE *out, const char *text, bool markdown)
{
	char name[16];
	size_t n = fmt_hidden_at(text, name, sizeof(name));

	if (n)
		fprintf(out, markdown ? "\\[%s\\]" : "[%s]", name);
	return n;
}

/* One ASCII character C for HTML and SVG. */
static void markup_char(FILE *out, char c)
{
	switch (c) {
	case '&':
		fputs("&amp;", out);
		break;
	case '<':
		fputs("&lt;", out);
		break;
	case '>':
		fputs("&gt;", out);
		break;
	case '"':
		fputs("&quot;", out);
		break;
	case '\'':
		fputs("&#39;", out);
		break;
	default:
		fputc(c, out);
	}
}

void present_markup_text(FILE *out, const char *text)
{
	while (*text) {
		size_t n = present_hidden(out, text, false);

		if (n == 0) {
			n = fmt_char_bytes(text);
			if (n > 1)
				fwrite(text, 1, n, out);
			else
				markup_char(out, *text);
		}
		text += n;
	}
}

void present_markdown_text(FILE *out, const char *text)
{
	while (*text) {
		size_t n = present_hidden(out, text, true);

		if (n == 0) {
			n = fmt_char_bytes(text);
			if (n == 1 && strchr("\\`*_[]<>|#~&!", *text))
				fputc('\\', out);
			fwrite(text, 1, n, out);
		}
		text += n;
	}
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
