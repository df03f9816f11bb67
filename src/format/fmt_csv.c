/* SPDX-License-Identifier: MIT */
/*
 * fmt_csv.c - the CSV writers and header lines of formats 1.03 (27 fields),
 * 1.96 and 1.97 (48) and 1.98 (50), field for field as bonnie++ places them
 * (doc/formats.md, "CSV lines"), and the field names the CSV reader quotes in its errors.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt.h"
#include "fmt_cells.h"
#include "fmt_text.h"
#include "core/parse.h"
#include "run/phase_info.h"

/*
 * bonnie++ 1.98/2.00a print a stale 48-name header for their 50 fields.
 * clyde's 1.98 header inserts the two missing names, "seek_count" and
 * "seek_proc_count", after io_chunk_size (not "seeks", which already names
 * the seek rate in field 19) so that every name sits over its
 * column. Fields 24 and 25 keep bonnie++'s names (num_dirs, file_chunk_size)
 * although bonnie++ really writes the directory count into field 25: the
 * data keeps bonnie++'s placement, so the names stay as parsers know them.
 */
static const char *const names_198[50] = {
	"format_version", "bonnie_version", "name", "concurrency", "seed",
	"file_size", "io_chunk_size", "seek_count", "seek_proc_count",
	"putc", "putc_cpu", "put_block", "put_block_cpu", "rewrite",
	"rewrite_cpu", "getc", "getc_cpu", "get_block", "get_block_cpu",
	"seeks", "seeks_cpu", "num_files", "max_size", "min_size", "num_dirs",
	"file_chunk_size", "seq_create", "seq_create_cpu", "seq_stat",
	"seq_stat_cpu", "seq_del", "seq_del_cpu", "ran_create",
	"ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del", "ran_del_cpu",
	"putc_latency", "put_block_latency", "rewrite_latency", "getc_latency",
	"get_block_latency", "seeks_latency", "seq_create_latency",
	"seq_stat_latency", "seq_del_latency", "ran_create_latency",
	"ran_stat_latency", "ran_del_latency",
};

/*
 * 1.97's header, correct for its 48 fields. bonnie++ 1.96 prints it without
 * concurrency,seed (46 names over 48 fields); clyde's 1.96 header is this
 * one, so that a CSV reader finds every value under its own name.
 */
static const char *const names_197[48] = {
	"format_version", "bonnie_version", "name", "concurrency", "seed",
	"file_size", "io_chunk_size", "putc", "putc_cpu", "put_block",
	"put_block_cpu", "rewrite", "rewrite_cpu", "getc", "getc_cpu",
	"get_block", "get_block_cpu", "seeks", "seeks_cpu", "num_files",
	"max_size", "min_size", "num_dirs", "file_chunk_size", "seq_create",
	"seq_create_cpu", "seq_stat", "seq_stat_cpu", "seq_del", "seq_del_cpu",
	"ran_create", "ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del",
	"ran_del_cpu", "putc_latency", "put_block_latency", "rewrite_latency",
	"getc_latency", "get_block_latency", "seeks_latency",
	"seq_create_latency", "seq_stat_latency", "seq_del_latency",
	"ran_create_latency", "ran_stat_latency", "ran_del_latency",
};

static const char *const names_103[27] = {
	"name", "file_size", "putc", "putc_cpu", "put_block", "put_block_cpu",
	"rewrite", "rewrite_cpu", "getc", "getc_cpu", "get_block",
	"get_block_cpu", "seeks", "seeks_cpu", "num_files", "seq_create",
	"seq_create_cpu", "seq_stat", "seq_stat_cpu", "seq_del", "seq_del_cpu",
	"ran_create", "ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del",
	"ran_del_cpu",
};

const char *const *fmt_csv_field_names(enum csv_format format, size_t *count)
{
	switch (format) {
	case CSV_103:
		*count = 27;
		return names_103;
	case CSV_196:
	case CSV_197:
		*count = 48;
		return names_197;
	case CSV_198:
		break;
	}
	*count = 50;
	return names_198;
}

void fmt_csv_header(FILE *out, enum csv_format format)
{
	size_t count;
	const char *const *names = fmt_csv_field_names(format, &count);

	for (size_t i = 0; i < count; i++)
		fprintf(out, "%s%s", i ? "," : "", names[i]);
	fputc('\n', out);
}

/*
 * A text field (a machine name or a seed read from results, clyde mark's
 * version, machine and profile): a comma or
 * control byte would break the line, so it becomes '_'; what a terminal
 * would act on or that reorders the text (C1 and bidi controls, bytes that
 * are not UTF-8) is named, "[U+202E]" (fmt_visible); and a field that
 * starts with = + - or @, which a spreadsheet would run as a formula,
 * starts with a ' that makes it text (doc/formats.md; clyde's CSV reader
 * drops it again, bonnie++'s tools show it). LEAD, written as it is,
 * starts the field (the 1.03 line's '_' for a leading '#'): the ' goes only
 * where the field itself starts. ROOM is the most bytes the reader keeps
 * of the text (its buffer less the NUL and LEAD): a name grows where its
 * characters are named, and is cut between them to fit, so that every
 * line clyde writes, clyde reads back.
 */
void fmt_csv_text(FILE *out, const char *lead, const char *text, size_t room)
{
	char plain[FMT_NAME_MAX], shown[FMT_VISIBLE_MAX];
	size_t n = 0;

	for (; *text && n + 1 < sizeof(plain); text++) {
		unsigned char c = (unsigned char)*text;

		plain[n++] = c == ',' || c < 0x20 || c == 0x7f ? '_' : (char)c;
	}
	plain[n] = '\0';
	if (!lead[0] && plain[0] && strchr(CSV_FORMULA_CHARS, plain[0]))
		fputc('\'', out);
	fputs(lead, out);
	fputs(fmt_visible(plain, shown, room < sizeof(shown) ? room + 1 : sizeof(shown)),
	      out);
}

/*
 * Field 1 of a versioned line: the version, after "clyde-" for clyde's
 * own. The reader takes only CSV_VERSION_CHARS there and never an empty
 * field; a version read from JSON may be either, so each other character
 * becomes '_' and an empty version "unknown". Then a text field as any.
 */
static void put_version(FILE *out, const struct run_results *r)
{
	char v[sizeof(r->version)] = "unknown";

	for (size_t i = 0; r->version[i] && i + 1 < sizeof(v); i++) {
		v[i] = strchr(CSV_VERSION_CHARS, r->version[i]) ? r->version[i] : '_';
		v[i + 1] = '\0';
	}
	fmt_csv_text(out, strcmp(r->program, "clyde") == 0 ? "clyde-" : "", v,
		     sizeof(v) - 1);
}

static void put_empty(FILE *out, int count)
{
	while (count-- > 0)
		fputc(',', out);
}

enum seek_style { SEEK_NO, SEEK_AUTO, SEEK_ONE_DECIMAL };

/* ",rate,cpu": empty, "+++++,+++", or truncated integers (seeks: decimals). */
static void put_figure(FILE *out, const struct phase_result *p,
		       enum seek_style seek)
{
	double rate = p->rate > 0 ? p->rate : 0.0;

	if (p->state == FIGURE_NONE) {
		fputs(",,", out);
		return;
	}
	if (p->state == FIGURE_TOO_FAST) {
		fputs(",+++++,+++", out);
		return;
	}
	if (seek == SEEK_ONE_DECIMAL || (seek == SEEK_AUTO && rate < 1000.0))
		fprintf(out, ",%.1f", rate);
	else if (seek == SEEK_AUTO)
		fprintf(out, ",%.0f", rate);
	else
		fprintf(out, ",%" PRId64, fmt_whole(rate));
	fprintf(out, ",%" PRId64, fmt_whole(p->cpu_pct));
}

static void put_io_figures(FILE *out, const struct run_results *r,
			   enum seek_style seek)
{
	for (int p = PHASE_IO_FIRST; p <= PHASE_IO_LAST; p++)
		put_figure(out, &r->phase[p], p == PHASE_SEEKS ? seek : SEEK_NO);
}

/* Fields num_files .. ran_del_cpu of 1.96-1.98: dirs go where bonnie++ puts them. */
static void put_file_part(FILE *out, const struct run_results *r)
{
	const struct file_params *f = &r->files;

	if (!fmt_has_files(r)) {
		put_empty(out, 17);
		return;
	}
	fprintf(out, ",%" PRIu64, f->count_k);
	if (f->max_bytes == FILES_HARD_LINKS)
		fputs(",link,", out);
	else if (f->max_bytes == FILES_SYMLINKS)
		fputs(",symlink,", out);
	else if (f->max_bytes == 0)
		fputs(",,", out);
	else if (f->min_bytes == 0)
		fprintf(out, ",%" PRId64 ",", f->max_bytes);
	else
		fprintf(out, ",%" PRId64 ",%" PRId64, f->max_bytes,
			f->min_bytes);
	fputc(',', out); /* field 24 (1.98) / 22 (1.9x): always empty */
	if (f->dirs > 1)
		fprintf(out, ",%" PRIu64, f->dirs);
	else
		fputc(',', out);
	for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
		put_figure(out, &r->phase[p], SEEK_NO);
}

static void put_latencies(FILE *out, const struct run_results *r)
{
	for (int p = 0; p < PHASE_COUNT; p++) {
		char text[LATENCY_TEXT_MAX];

		fputc(',', out);
		if (r->phase[p].state != FIGURE_NONE)
			fputs(fmt_latency(r->phase[p].lat.max_ns, text), out);
	}
}

static void put_line_103(FILE *out, const struct run_results *r)
{
	char text[FMT_TEXT_MAX];

	/* The machine name starts the line: a '#' there would make it a comment. */
	if (r->machine[0] == '#')
		fmt_csv_text(out, "_", r->machine + 1, sizeof(r->machine) - 2);
	else
		fmt_csv_text(out, "", r->machine, sizeof(r->machine) - 1);
	if (fmt_has_io(r)) {
		uint64_t chunk = fmt_io_chunk(r);

		fprintf(out, ",%s", fmt_size_text(r, text, sizeof(text)));
		if (chunk != DEFAULT_CHUNK_BYTES && chunk >= 1024)
			fprintf(out, ":%" PRIu64 "k", chunk / 1024);
		else if (chunk != DEFAULT_CHUNK_BYTES)
			fprintf(out, ":%" PRIu64, chunk);
		put_io_figures(out, r, SEEK_ONE_DECIMAL);
	} else {
		put_empty(out, 13);
	}
	if (fmt_has_files(r)) {
		fprintf(out, ",%s", fmt_file_spec(r, text, sizeof(text)));
		for (int p = PHASE_FILE_FIRST; p < PHASE_COUNT; p++)
			put_figure(out, &r->phase[p], SEEK_NO);
	} else {
		put_empty(out, 13);
	}
	fputc('\n', out);
}

/* 1.98's seeks and seekers, each empty when the source did not record it. */
static void put_seek_params(FILE *out, const struct run_results *r)
{
	fputc(',', out);
	if (!(r->unrecorded & UNRECORDED_SEEKS))
		fprintf(out, "%" PRIu64, fmt_io_seeks(r));
	fputc(',', out);
	if (!(r->unrecorded & UNRECORDED_SEEKERS))
		fprintf(out, "%" PRIu64, fmt_io_seekers(r));
}

void fmt_csv_line(FILE *out, const struct run_results *r,
		  enum csv_format format)
{
	static const char *const ids[] = { "1.03", "1.96", "1.97", "1.98" };
	char text[FMT_TEXT_MAX];

	if (format == CSV_103) {
		put_line_103(out, r);
		return;
	}
	fprintf(out, "%s,", ids[format]);
	put_version(out, r);
	fputc(',', out);
	fmt_csv_text(out, "", r->machine, sizeof(r->machine) - 1);
	/* A field the source did not record stays empty, never a default. */
	if (r->unrecorded & UNRECORDED_CONCURRENCY)
		fputs(",,", out);
	else
		fprintf(out, ",%" PRIu32 ",", fmt_concurrency(r));
	fmt_csv_text(out, "", r->seed, sizeof(r->seed) - 1);
	if (fmt_has_io(r)) {
		fprintf(out, ",%s,", fmt_size_text(r, text, sizeof(text)));
		/* bonnie++ 1.98 never fills field 6; clyde does when it matters. */
		if (fmt_io_chunk(r) != DEFAULT_CHUNK_BYTES)
			fputs(format_bytes_short(fmt_io_chunk(r), text,
					      sizeof(text)), out);
		if (format == CSV_198)
			put_seek_params(out, r);
		put_io_figures(out, r, SEEK_AUTO);
	} else {
		/* 14 empty fields in 1.96 too: 1.97's fix of 1.96's 47-field line. */
		put_empty(out, format == CSV_198 ? 16 : 14);
	}
	put_file_part(out, r);
	put_latencies(out, r);
	fputc('\n', out);
}
