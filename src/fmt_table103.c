/* SPDX-License-Identifier: MIT */
/*
 * fmt_table103.c - the classic bonnie++ 1.03 text table (reference 8.3):
 * plain K/sec columns, "2G" / "256M:4k" labels, no Latency rows, and a file
 * part whose header drops "Version" and the name when an I/O part came first.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_internal.h"

/* 1.03's size text: "2G", "300M", then ":4k" (chunk >= 1024) or ":512". */
static const char *size_text(const struct run_results *r, char *buf,
			     size_t len)
{
	uint64_t chunk = fmt_io_chunk(r);
	size_t end;

	fmt_size_mib(r->io.size_mib, buf, len);
	end = strlen(buf);
	if (chunk == DEFAULT_CHUNK_BYTES)
		return buf;
	if (chunk >= 1024)
		snprintf(buf + end, len - end, ":%" PRIu64 "k", chunk / 1024);
	else
		snprintf(buf + end, len - end, ":%" PRIu64, chunk);
	return buf;
}

static void io_part(const struct fmt_ctx *ctx, const struct run_results *runs,
		    size_t n)
{
	const char *size_word = "Size";
	FILE *out = ctx->out;

	for (size_t i = 0; i < n; i++)
		if (fmt_has_io(&runs[i]) &&
		    fmt_io_chunk(&runs[i]) != DEFAULT_CHUNK_BYTES)
			size_word = "Size:chnk";
	fmt_version_line(ctx, "------Sequential Output------ "
			      "--Sequential Input- --Random-");
	fmt_spaces(out, ctx->width + 1);
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
		fmt_row_label(out, r->machine, size_text(r, size, sizeof(size)),
			      ctx->width);
		for (int p = PHASE_IO_FIRST; p < PHASE_SEEKS; p++) {
			fmt_stat_cell(out, &r->phase[p]);
			fmt_cpu_cell(out, &r->phase[p]);
		}
		fmt_seek_cell(out, &r->phase[PHASE_SEEKS]);
		fmt_cpu_cell(out, &r->phase[PHASE_SEEKS]);
		fputc('\n', out);
	}
}

void fmt_table103(FILE *out, const struct run_results *runs, size_t n,
		  const struct table_style *style)
{
	bool any_io = fmt_any_io(runs, n);
	struct fmt_ctx ctx;
	size_t io_need = 0;

	for (size_t i = 0; i < n; i++) {
		char size[FMT_TEXT_MAX];
		size_t need;

		if (!fmt_has_io(&runs[i]))
			continue;
		need = fmt_label_need(runs[i].machine,
				      size_text(&runs[i], size, sizeof(size)));
		if (need > io_need)
			io_need = need;
	}
	fmt_ctx_init(&ctx, out, runs, n, style, io_need);
	if (any_io)
		io_part(&ctx, runs, n);
	/* 1.03 prints nothing at all for -n 0: no empty line, unlike 2.00a. */
	if (fmt_any_files(runs, n))
		fmt_file_part(&ctx, runs, n, any_io, false);
}
