/* SPDX-License-Identifier: MIT */
/*
 * fmt_table19x.c - the bonnie++ 1.96/1.97 text table (reference 8.2): plain
 * K/sec columns, a Concurrency header cell, "size[:chunk]" labels, Latency
 * rows. 1.96 and 1.97 print the same layout; only the Version cell differs.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_internal.h"

/*
 * "64M" or "64M:4k". A multi-run table whose runs used different -c values
 * cannot show one number in the Concurrency cell, so each label then carries
 * it in 2.00a's notation ("64M::2") and the header cell stays blank.
 */
static const char *size_text(const struct run_results *r, bool mixed_conc,
			     char *buf, size_t len)
{
	size_t end;

	fmt_size_mib(r->io.size_mib, buf, len);
	end = strlen(buf);
	if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES) {
		buf[end++] = ':';
		format_bytes_short(fmt_io_chunk(r), buf + end, len - end);
		end = strlen(buf);
	}
	if (mixed_conc && fmt_concurrency(r) != 1)
		snprintf(buf + end, len - end, "%s:%" PRIu32,
			 fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES ? "" : ":",
			 fmt_concurrency(r));
	return buf;
}

/* The concurrency every I/O row shares, or 0 when they differ. */
static uint32_t common_concurrency(const struct run_results *runs, size_t n)
{
	uint32_t conc = 0;

	for (size_t i = 0; i < n; i++) {
		if (!fmt_has_io(&runs[i]))
			continue;
		if (conc == 0)
			conc = fmt_concurrency(&runs[i]);
		else if (conc != fmt_concurrency(&runs[i]))
			return 0;
	}
	return conc;
}

static void io_part(const struct fmt_ctx *ctx, const struct run_results *runs,
		    size_t n, uint32_t conc)
{
	const char *size_word = "Size";
	FILE *out = ctx->out;

	for (size_t i = 0; i < n; i++)
		if (fmt_has_io(&runs[i]) &&
		    fmt_io_chunk(&runs[i]) != DEFAULT_CHUNK_BYTES)
			size_word = "Size:chnk";
	fmt_version_line(ctx, "------Sequential Output------ "
			      "--Sequential Input- --Random-");
	if (conc != 0)
		fprintf(out, "Concurrency %3" PRIu32, conc);
	else
		fprintf(out, "Concurrency    ");
	fmt_spaces(out, ctx->width + 1 - 15);
	fputs("-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n",
	      out);
	fputs("Machine", out);
	fmt_spaces(out, ctx->width - 7 - strlen(size_word));
	fprintf(out, "%s ", size_word);
	fputs("K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct run_results *r = &runs[i];
		char size[FMT_TEXT_MAX];

		if (!fmt_has_io(r))
			continue;
		size_text(r, conc == 0, size, sizeof(size));
		fmt_row_label(out, r->machine, size, ctx->width);
		for (int p = PHASE_IO_FIRST; p < PHASE_SEEKS; p++) {
			fmt_stat_cell(out, &r->phase[p]);
			fmt_cpu_cell(out, &r->phase[p]);
		}
		fmt_seek_cell(out, &r->phase[PHASE_SEEKS]);
		fmt_cpu_cell(out, &r->phase[PHASE_SEEKS]);
		fputc('\n', out);
		fmt_latency_row(ctx, r, PHASE_IO_FIRST);
	}
}

void fmt_table19x(FILE *out, const struct run_results *runs, size_t n,
		  const struct table_style *style)
{
	uint32_t conc = common_concurrency(runs, n);
	struct fmt_ctx ctx;
	size_t io_need = 0;

	for (size_t i = 0; i < n; i++) {
		char size[FMT_TEXT_MAX];
		size_t need;

		if (!fmt_has_io(&runs[i]))
			continue;
		size_text(&runs[i], conc == 0, size, sizeof(size));
		need = fmt_label_need(runs[i].machine, size);
		if (need > io_need)
			io_need = need;
	}
	fmt_ctx_init(&ctx, out, runs, n, style, io_need);
	if (fmt_any_io(runs, n))
		io_part(&ctx, runs, n, conc);
	/* As 2.00a (reference 8.1), no file part still leaves an empty line. */
	if (fmt_any_files(runs, n))
		fmt_file_part(&ctx, runs, n, false, true);
	else
		fputc('\n', out);
}
