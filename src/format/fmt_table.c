/* SPDX-License-Identifier: MIT */
/*
 * fmt_table.c - bonnie++'s text tables, one writer for every layout: a
 * struct table_layout says what distinguishes 1.03 (doc/formats.md
 * "1.03 table"), 1.96/1.97 and 2.00a (the header lines, the size label,
 * plain or k/m/g rates, Latency rows, the file part's header), and the
 * writer below lays out the I/O part, then the file part, from it.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt.h"
#include "fmt_cells.h"
#include "fmt_text.h"
#include "core/parse.h"
#include "fmt_why.h"
#include "fmt_feel.h"
#include "run_facts.h"
#include "run_source.h"

/* The test-size label of a row: "2G:4k", "64M::2", "64M:4k:2:100:10". */
enum size_label {
	LABEL_103, /* size, then ":4k" (chunk >= 1024) or ":512" */
	LABEL_19X, /* size[:chunk], and "::N" copies when the runs differ in -c */
	LABEL_200  /* size:chunk:copies:seeks:seekers, defaults left empty */
};

struct table_layout {
	enum size_label label;
	bool concurrency_line;  /* "Concurrency   1" opens line 2 (1.96/1.97) */
	bool name_size_etc;     /* line 3 says "Name:Size etc" and "/sec" (2.00) */
	bool scaled;            /* rates as "2126k", "50.6m", " 1.5g" (2.00) */
	bool latency;           /* a Latency row under every row */
	bool files_nameless;    /* the file header skips Version and name after
				 * an I/O part (1.03) */
	bool blank_without_files; /* no file part still ends with an empty line */
};

const struct table_layout table_layout_103 = {
	.label = LABEL_103, .files_nameless = true,
};
const struct table_layout table_layout_19x = {
	.label = LABEL_19X, .concurrency_line = true, .latency = true,
	.blank_without_files = true,
};
const struct table_layout table_layout_200 = {
	.label = LABEL_200, .name_size_etc = true, .scaled = true,
	.latency = true, .blank_without_files = true,
};

/* 1.03's size text: "2G", "300M", then ":4k" (chunk >= 1024) or ":512". */
static void label_103(const struct run_results *r, char *buf, size_t len)
{
	uint64_t chunk = fmt_io_chunk(r);
	size_t end = strlen(buf);

	if (chunk == DEFAULT_CHUNK_BYTES)
		return;
	if (chunk >= 1024)
		snprintf(buf + end, len - end, ":%" PRIu64 "k", chunk / 1024);
	else
		snprintf(buf + end, len - end, ":%" PRIu64, chunk);
}

/*
 * "64M" or "64M:4k". A multi-run table whose runs used different -c values
 * cannot show one number in the Concurrency cell, so each label then carries
 * it in 2.00a's notation ("64M::2") and the header cell stays blank.
 */
static void label_19x(const struct run_results *r, bool mixed_conc, char *buf,
		      size_t len)
{
	size_t end = strlen(buf);

	if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES) {
		buf[end++] = ':';
		format_bytes_short(fmt_io_chunk(r), buf + end, len - end);
		end = strlen(buf);
	}
	if (mixed_conc && fmt_concurrency(r) != 1)
		snprintf(buf + end, len - end, "%s:%" PRIu32,
			 fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES ? "" : ":",
			 fmt_concurrency(r));
}

/* "64M:4k", "64M::2::10": fields at their default are left empty, trailing ':' dropped. */
static void label_200(const struct run_results *r, char *buf, size_t len)
{
	char chunk[32] = "", conc[16] = "", seeks[32] = "", seekers[32] = "";
	size_t end = strlen(buf);

	if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES)
		format_bytes_short(fmt_io_chunk(r), chunk, sizeof(chunk));
	if (fmt_concurrency(r) != 1)
		snprintf(conc, sizeof(conc), "%" PRIu32, fmt_concurrency(r));
	if (fmt_io_seeks(r) != DEFAULT_SEEKS &&
	    !(r->unrecorded & UNRECORDED_SEEKS))
		snprintf(seeks, sizeof(seeks), "%" PRIu64, fmt_io_seeks(r));
	if (fmt_io_seekers(r) != DEFAULT_SEEKERS &&
	    !(r->unrecorded & UNRECORDED_SEEKERS))
		snprintf(seekers, sizeof(seekers), "%" PRIu64, fmt_io_seekers(r));
	snprintf(buf + end, len - end, ":%s:%s:%s:%s", chunk, conc, seeks,
		 seekers);
	end = strlen(buf);
	while (end > 0 && buf[end - 1] == ':')
		buf[--end] = '\0';
}

static const char *size_label(const struct table_layout *l,
			      const struct run_results *r, bool mixed_conc,
			      char *buf, size_t len)
{
	fmt_size_text(r, buf, len);
	if (l->label == LABEL_103)
		label_103(r, buf, len);
	else if (l->label == LABEL_19X)
		label_19x(r, mixed_conc, buf, len);
	else
		label_200(r, buf, len);
	return buf;
}


/*
 * Per-table state shared by the row and header printers. width is the label
 * column (19, or wider with wide_names); multi means n > 1, where every row
 * names its run and the file header's machine-name line is left blank.
 */
struct table_ctx {
	FILE *out;
	const struct table_layout *layout;
	struct run_source *src;
	const struct run_facts *facts; /* clyde report's, or NULL */
	size_t width;
	bool multi;
	char version[32];    /* the Version cell: the runs' version, or "mixed" */
	uint32_t conc;       /* the concurrency every I/O row shares, 0 if none */
	bool any_io, any_files;
	bool chunk_word;     /* some I/O row has a chunk: "Size:chnk" */
	int files_kind;      /* 0 "files", 1 "files:max", 2 "files:max:min" */
};

/* "Version 0.1.0" padded to the label column plus one, then TAIL and '\n'. */
static void version_line(const struct table_ctx *ctx, const char *tail)
{
	int used = fprintf(ctx->out, "Version %5s", ctx->version);

	/* Keep the columns even for a version longer than bonnie++'s five. */
	if (used < 0 || (size_t)used >= ctx->width + 1)
		fputc(' ', ctx->out);
	else
		fmt_spaces(ctx->out, ctx->width + 1 - (size_t)used);
	fprintf(ctx->out, "%s\n", tail);
}

/* "Latency" row for the six phases from FIRST. */
static void latency_row(const struct table_ctx *ctx, const struct run_results *r,
			int first)
{
	fputs("Latency", ctx->out);
	fmt_spaces(ctx->out, ctx->width - 2 - 7);
	for (int i = 0; i < 6; i++)
		fmt_latency_cell(ctx->out, &r->phase[first + i]);
	fputc('\n', ctx->out);
}

/* R's name, with its tag when clyde report's facts give it one: "ssd [direct I/O]". */
static const char *row_name(const struct table_ctx *ctx,
			    const struct run_results *r, char *buf, size_t len)
{
	char tag[FACTS_CAPTION_MAX];

	if (!run_facts_tag(ctx->facts, r, false, tag, sizeof(tag))[0])
		return r->machine;
	snprintf(buf, len, "%s", r->machine);
	fmt_join(buf, len, " [", tag);
	fmt_join(buf, len, "", "]");
	return buf;
}

static void io_part(const struct table_ctx *ctx)
{
	const struct table_layout *l = ctx->layout;
	const char *size_word = ctx->chunk_word ? "Size:chnk" : "Size";
	const struct run_results *r;
	FILE *out = ctx->out;

	version_line(ctx, "------Sequential Output------ "
			  "--Sequential Input- --Random-");
	if (!l->concurrency_line)
		fmt_spaces(out, ctx->width + 1);
	else if (ctx->conc != 0)
		fprintf(out, "Concurrency %3" PRIu32 "%*s", ctx->conc,
			(int)(ctx->width + 1 - 15), "");
	else
		fprintf(out, "Concurrency    %*s", (int)(ctx->width + 1 - 15), "");
	fputs("-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n",
	      out);
	if (l->name_size_etc) {
		fputs("Name:Size etc", out);
		fmt_spaces(out, ctx->width + 1 - strlen("Name:Size etc"));
		fputs(" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n",
		      out);
	} else {
		fputs("Machine", out);
		fmt_spaces(out, ctx->width - 7 - strlen(size_word));
		fprintf(out, "%s K/sec %%CP K/sec %%CP K/sec %%CP K/sec %%CP "
			"K/sec %%CP  /sec %%CP\n", size_word);
	}
	for (size_t i = 0; (r = run_at(ctx->src, i)) != NULL; i++) {
		char size[FMT_TEXT_MAX], name[FMT_NAME_MAX];

		if (!fmt_has_io(r))
			continue;
		size_label(l, r, ctx->conc == 0, size, sizeof(size));
		fmt_row_label(out, row_name(ctx, r, name, sizeof(name)), size,
			      ctx->width);
		for (int p = PHASE_IO_FIRST; p < PHASE_SEEKS; p++) {
			if (l->scaled)
				fmt_stat_cell_scaled(out, &r->phase[p]);
			else
				fmt_stat_cell(out, &r->phase[p]);
			fmt_cpu_cell(out, &r->phase[p]);
		}
		fmt_seek_cell(out, &r->phase[PHASE_SEEKS]);
		fmt_cpu_cell(out, &r->phase[PHASE_SEEKS]);
		fputc('\n', out);
		if (l->latency)
			latency_row(ctx, r, PHASE_IO_FIRST);
	}
}

/* Line 3's first columns: "files:max:min", "files:max" or "files", the most any run needs. */
static void file_header_prefix(const struct table_ctx *ctx)
{
	if (ctx->files_kind == 0) {
		fmt_spaces(ctx->out, ctx->width - 5);
		fputs("files ", ctx->out);
	} else {
		const char *word = ctx->files_kind == 2 ? "files:max:min"
							 : "files:max";

		fputs(word, ctx->out);
		fmt_spaces(ctx->out, ctx->width + 1 - strlen(word));
	}
}

/*
 * The three header lines and the rows of the file part: line 2 shows the
 * machine name, or blanks (1.03 after an I/O part, NAMELESS; and every
 * multi-run table).
 */
static void file_part(const struct table_ctx *ctx, bool nameless)
{
	const struct run_results *r;
	FILE *out = ctx->out;

	if (nameless) {
		fmt_spaces(out, ctx->width + 1);
		fputs("------Sequential Create------ --------Random Create--------\n",
		      out);
		fmt_spaces(out, ctx->width + 1);
	} else {
		version_line(ctx, "------Sequential Create------ "
				  "--------Random Create--------");
		if (ctx->multi || (r = run_at(ctx->src, 0)) == NULL)
			fmt_spaces(out, ctx->width);
		else
			fmt_put_cut(out, r->machine, ctx->width);
		fputc(' ', out);
	}
	fputs("-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n",
	      out);
	file_header_prefix(ctx);
	fputs(" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n", out);
	for (size_t i = 0; (r = run_at(ctx->src, i)) != NULL; i++) {
		char spec[FMT_TEXT_MAX], name[FMT_NAME_MAX];

		if (!fmt_has_files(r))
			continue;
		fmt_file_spec(r, spec, sizeof(spec));
		if (ctx->multi)
			fmt_row_label(out, row_name(ctx, r, name, sizeof(name)),
				      spec, ctx->width);
		else
			fprintf(out, "%*s", (int)ctx->width, spec);
		for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++) {
			fmt_stat_cell(out, &r->phase[p]);
			fmt_cpu_cell(out, &r->phase[p]);
		}
		fputc('\n', out);
		if (ctx->layout->latency)
			latency_row(ctx, r, PHASE_FILE_FIRST);
	}
}

/* What one run adds to the table's shared facts (all but the width). */
static void table_ctx_add(struct table_ctx *ctx, const struct run_results *r,
			  size_t i)
{
	const struct file_params *f = &r->files;

	if (i == 0)
		snprintf(ctx->version, sizeof(ctx->version), "%s", r->version);
	else if (strcmp(r->version, ctx->version) != 0)
		strcpy(ctx->version, "mixed");
	if (fmt_has_io(r)) {
		if (!ctx->any_io)
			ctx->conc = fmt_concurrency(r);
		else if (ctx->conc != fmt_concurrency(r))
			ctx->conc = 0;
		ctx->any_io = true;
		ctx->chunk_word |= fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES;
	}
	if (fmt_has_files(r)) {
		ctx->any_files = true;
		if (f->min_bytes != 0 && ctx->files_kind < 2)
			ctx->files_kind = 2;
		else if (f->max_bytes != 0 && ctx->files_kind < 1)
			ctx->files_kind = 1;
	}
}

/* The label column wide enough for every row's name and size or spec. */
static void table_ctx_widen(struct table_ctx *ctx)
{
	const struct run_results *r;

	for (size_t i = 0; (r = run_at(ctx->src, i)) != NULL; i++) {
		char text[FMT_TEXT_MAX], name[FMT_NAME_MAX];
		const char *shown = row_name(ctx, r, name, sizeof(name));
		size_t need;

		if (fmt_has_io(r)) {
			size_label(ctx->layout, r, ctx->conc == 0, text,
				   sizeof(text));
			need = fmt_label_need(shown, text);
			if (need > ctx->width)
				ctx->width = need;
		}
		if (fmt_has_files(r)) {
			need = fmt_label_need(shown,
					      fmt_file_spec(r, text, sizeof(text)));
			if (need > ctx->width)
				ctx->width = need;
		}
	}
}

/* Settle the table's shared facts from the runs of SRC; false without runs. */
static bool table_ctx_init(struct table_ctx *ctx, FILE *out,
			   const struct table_layout *layout,
			   struct run_source *src, bool wide_names,
			   const struct run_facts *facts)
{
	const struct run_results *r;
	size_t n = 0;

	*ctx = (struct table_ctx){ .out = out, .layout = layout, .src = src,
				   .facts = facts, .width = FMT_LABEL_WIDTH };
	for (; (r = run_at(src, n)) != NULL; n++)
		table_ctx_add(ctx, r, n);
	ctx->multi = n > 1;
	if (wide_names)
		table_ctx_widen(ctx);
	return n > 0;
}

void fmt_facts_text(FILE *out, const struct run_facts *f)
{
	char count[128];

	fputs(run_facts_count(f, count, sizeof(count)), out);
	if (f->caption[0])
		fprintf(out, "; every run: %s", f->caption);
	fputs(".\n", out);
	for (size_t i = 0; i < f->n_notes; i++)
		fprintf(out, "Note: %s.\n", f->notes[i]);
}

void fmt_table(FILE *out, const struct table_layout *layout,
	       struct run_source *src, bool wide_names,
	       const struct run_facts *facts)
{
	struct table_ctx ctx;

	if (!table_ctx_init(&ctx, out, layout, src, wide_names, facts))
		return;
	if (ctx.any_io)
		io_part(&ctx);
	if (ctx.any_files)
		file_part(&ctx, layout->files_nameless && ctx.any_io);
	else if (layout->blank_without_files)
		fputc('\n', out);
	if (facts) {
		fmt_facts_text(out, facts);
		fmt_why_runs(out, src);
		fmt_feel_runs(out, src);
	}
}
