/* SPDX-License-Identifier: MIT */
/*
 * fmt_cells.c - the fixed-width cells of the text tables (fmt_cells.h):
 * rates, CPU and latency as bonnie++ pads them, row labels, and text cut
 * to a width between UTF-8 characters.
 */
#include "fmt_cells.h"

#include <inttypes.h>
#include <string.h>

#include "fmt_text.h"
#include "lib/utf8.h"

void fmt_spaces(FILE *out, size_t count)
{
	while (count-- > 0)
		fputc(' ', out);
}

size_t fmt_char_bytes(const char *text)
{
	/* A bound, not the length: a UTF-8 sequence stops at the NUL. */
	size_t k = utf8_seq_len((const unsigned char *)text, strnlen(text, 4));

	return k ? k : 1;
}

size_t fmt_hidden_at(const char *text, char *name, size_t len)
{
	const unsigned char *u = (const unsigned char *)text;
	size_t have = strnlen(text, 4);

	if (have == 0 || utf8_printable_at(text, have) != 0)
		return 0;
	if (utf8_seq_len(u, have))
		snprintf(name, len, "U+%04lX", utf8_code_point(u, fmt_char_bytes(text)));
	else
		snprintf(name, len, "0x%02X", *u);
	return fmt_char_bytes(text);
}

const char *fmt_visible(const char *text, char *buf, size_t len)
{
	size_t o = 0;

	while (*text) {
		char name[16], piece[20];
		size_t k = fmt_hidden_at(text, name, sizeof(name));
		size_t plen;

		if (k) {
			plen = (size_t)snprintf(piece, sizeof(piece), "[%s]", name);
		} else {
			k = plen = fmt_char_bytes(text);
			memcpy(piece, text, k);
		}
		if (o + plen >= len)
			break;
		memcpy(buf + o, piece, plen);
		o += plen;
		text += k;
	}
	if (len > 0)
		buf[o] = '\0';
	return buf;
}

void fmt_put_cut(FILE *out, const char *name, size_t cols)
{
	char shown[FMT_VISIBLE_MAX];
	const char *text = fmt_visible(name, shown, sizeof(shown));
	size_t have = utf8_cols(text);

	/* Whole characters while they fit; never split a UTF-8 sequence. */
	fwrite(text, 1, utf8_cut_cols(text, cols), out);
	fmt_spaces(out, have < cols ? cols - have : 0);
}

size_t fmt_label_need(const char *name, const char *spec)
{
	char shown[FMT_VISIBLE_MAX];

	return utf8_cols(fmt_visible(name, shown, sizeof(shown))) + 1 + utf8_cols(spec);
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
