/* SPDX-License-Identifier: MIT */
/*
 * fmt_table200.c - the bonnie++ 1.98/2.00a text table (reference 8.1): k/m/g
 * scaled rates, Latency rows, the "size:chunk:concurrency:seeks:seekers"
 * label (with every seekers count, unlike 2.00a) and real file-test rates.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_internal.h"

/* "64M", "64M:4k", "64M::2::10": fields at their default are left empty, trailing ':' dropped. */
static const char *size_text(const struct run_results *r, char *buf,
			     size_t len)
{
	char chunk[32] = "";
	char conc[16] = "";
	char seeks[32] = "";
	char seekers[32] = "";
	size_t end;

	if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES)
		format_bytes_short(fmt_io_chunk(r), chunk, sizeof(chunk));
	if (fmt_concurrency(r) != 1)
		snprintf(conc, sizeof(conc), "%" PRIu32, fmt_concurrency(r));
	if (fmt_io_seeks(r) != DEFAULT_SEEKS)
		snprintf(seeks, sizeof(seeks), "%" PRIu64, fmt_io_seeks(r));
	if (fmt_io_seekers(r) != DEFAULT_SEEKERS)
		snprintf(seekers, sizeof(seekers), "%" PRIu64,
			 fmt_io_seekers(r));
	fmt_size_mib(r->io.size_mib, buf, len);
	end = strlen(buf);
	snprintf(buf + end, len - end, ":%s:%s:%s:%s", chunk, conc, seeks,
		 seekers);
	end = strlen(buf);
	while (end > 0 && buf[end - 1] == ':')
		buf[--end] = '\0';
	return buf;
}

static void io_part(const struct fmt_ctx *ctx, const struct run_results *runs,
		    size_t n)
{
	FILE *out = ctx->out;

	fmt_version_line(ctx, "------Sequential Output------ "
			      "--Sequential Input- --Random-");
	fmt_spaces(out, ctx->width + 1);
	fputs("-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n",
	      out);
	fputs("Name:Size etc", out);
	fmt_spaces(out, ctx->width + 1 - strlen("Name:Size etc"));
	fputs(" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct run_results *r = &runs[i];
		char size[FMT_TEXT_MAX];

		if (!fmt_has_io(r))
			continue;
		fmt_row_label(out, r->machine, size_text(r, size, sizeof(size)),
			      ctx->width);
		for (int p = PHASE_IO_FIRST; p < PHASE_SEEKS; p++) {
			fmt_stat_cell_scaled(out, &r->phase[p]);
			fmt_cpu_cell(out, &r->phase[p]);
		}
		fmt_seek_cell(out, &r->phase[PHASE_SEEKS]);
		fmt_cpu_cell(out, &r->phase[PHASE_SEEKS]);
		fputc('\n', out);
		fmt_latency_row(ctx, r, PHASE_IO_FIRST);
	}
}

void fmt_table200(FILE *out, const struct run_results *runs, size_t n,
		  const struct table_style *style)
{
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
	if (fmt_any_io(runs, n))
		io_part(&ctx, runs, n);
	/* Without a file part 2.00a still ends its text with an empty line. */
	if (fmt_any_files(runs, n))
		fmt_file_part(&ctx, runs, n, false, true);
	else
		fputc('\n', out);
}
