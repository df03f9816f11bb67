/* SPDX-License-Identifier: MIT */
/*
 * format.c - the format table (format.h) and the small adapters that give
 * every formatter the table's one render signature.
 */
#include "format.h"

#include <string.h>

#include "fmt.h"

static void render_table(FILE *out, const struct format_info *fmt,
			 struct run_source *src, const struct render_opts *opts)
{
	fmt_table(out, fmt->layout, src, opts->wide_names, opts->facts);
}

static void render_csv(FILE *out, const struct format_info *fmt,
		       struct run_source *src, const struct render_opts *opts)
{
	const struct run_results *r;

	(void)opts;
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		fmt_csv_line(out, r, fmt->csv);
}

/* One object, or (json_array) an array of every run, written as it comes. */
static void render_json(FILE *out, const struct format_info *fmt,
			struct run_source *src, const struct render_opts *opts)
{
	const struct run_results *r;

	(void)fmt;
	if (!opts->json_array) {
		if ((r = run_at(src, 0)) != NULL)
			fmt_json_run(out, r);
		else
			fputs("null", out);
		fputc('\n', out);
		return;
	}
	fputc('[', out);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		fputs(i == 0 ? "" : ", ", out);
		fmt_json_run(out, r);
	}
	fputs("]\n", out);
}

#define PAGE_ADAPTER(name, fn)                                                  \
	static void name(FILE *out, const struct format_info *fmt,             \
			 struct run_source *src, const struct render_opts *opts) \
	{                                                                      \
		(void)fmt;                                                     \
		fn(out, src, opts->facts);                                     \
	}
PAGE_ADAPTER(render_markdown, fmt_markdown)
PAGE_ADAPTER(render_html, fmt_html)
PAGE_ADAPTER(render_svg, fmt_svg)

static const struct run_results *array_at(struct run_source *src, size_t i)
{
	return i < src->n ? &src->runs[i] : NULL;
}

void run_source_array(struct run_source *src, const struct run_results *runs,
		      size_t n)
{
	*src = (struct run_source){ .at = array_at, .n = n, .runs = runs };
}

void format_render(FILE *out, const struct format_info *fmt,
		   const struct run_results *runs, size_t n,
		   const struct render_opts *opts)
{
	struct run_source src;

	run_source_array(&src, runs, n);
	fmt->render(out, fmt, &src, opts);
}

bool format_streams(const struct format_info *fmt)
{
	return fmt->kind == FORMAT_CSV || fmt->kind == FORMAT_JSON;
}

const struct format_info format_table[] = {
	{ FORMAT_TABLE, "1.03", "text-1.03", true,
	  "bonnie++ 1.03's table (the default)", render_table,
	  &table_layout_103, CSV_103,
	  FORMAT_COMPARE_TEXT },
	{ FORMAT_TABLE, "1.96", "text-1.96", false,
	  "bonnie++ 1.96's table, with Latency rows", render_table,
	  &table_layout_19x, CSV_103,
	  FORMAT_COMPARE_TEXT },
	{ FORMAT_TABLE, "1.97", "text-1.97", false,
	  "bonnie++ 1.97's table (1.96's layout)", render_table,
	  &table_layout_19x, CSV_103,
	  FORMAT_COMPARE_TEXT },
	{ FORMAT_TABLE, "2.00", "text-2.00", false,
	  "bonnie++ 2.00's table: k/m/g rates, Latency rows", render_table,
	  &table_layout_200, CSV_103,
	  FORMAT_COMPARE_TEXT },
	{ FORMAT_PAGE, NULL, "markdown", false,
	  "GitHub-flavoured Markdown tables", render_markdown, NULL, CSV_103,
	  FORMAT_COMPARE_MARKDOWN },
	{ FORMAT_PAGE, NULL, "html", false,
	  "one self-contained HTML page, columns shaded", render_html, NULL,
	  CSV_103, FORMAT_COMPARE_HTML },
	{ FORMAT_PAGE, NULL, "svg", false,
	  "one SVG image with a bar chart per test", render_svg, NULL,
	  CSV_103, FORMAT_COMPARE_SVG },
	{ FORMAT_CSV, "1.96", "csv-1.96", true,
	  "every run as a 1.96 CSV line", render_csv, NULL, CSV_196,
	  FORMAT_COMPARE_NONE },
	{ FORMAT_CSV, "1.97", "csv-1.97", false,
	  "every run as a 1.97 CSV line", render_csv, NULL, CSV_197,
	  FORMAT_COMPARE_NONE },
	{ FORMAT_CSV, "1.98", "csv-1.98", false,
	  "every run as a 1.98 CSV line (what bon_csv2txt reads)", render_csv,
	  NULL, CSV_198, FORMAT_COMPARE_NONE },
	{ FORMAT_CSV, "1.03", "csv-1.03", false,
	  "every run as a 1.03 CSV line", render_csv, NULL, CSV_103,
	  FORMAT_COMPARE_NONE },
	{ FORMAT_JSON, NULL, "json", true,
	  "clyde's JSON: an array of every run", render_json, NULL, CSV_103,
	  FORMAT_COMPARE_NONE },
};

const size_t format_count = sizeof(format_table) / sizeof(format_table[0]);

const struct format_info *format_by_name(enum format_kind kind, const char *name)
{
	for (size_t i = 0; i < format_count; i++)
		if (format_table[i].kind == kind && format_table[i].name &&
		    strcmp(format_table[i].name, name) == 0)
			return &format_table[i];
	return NULL;
}

const struct format_info *format_by_report_name(const char *name)
{
	for (size_t i = 0; i < format_count; i++)
		if (strcmp(format_table[i].report_name, name) == 0)
			return &format_table[i];
	return NULL;
}

const struct format_info *format_default(enum format_kind kind)
{
	for (size_t i = 0; i < format_count; i++)
		if (format_table[i].kind == kind && format_table[i].is_default)
			return &format_table[i];
	return NULL;
}

const char *format_names(enum format_kind kind, bool mark_default, char *buf,
			 size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < format_count && used < len; i++) {
		const struct format_info *f = &format_table[i];

		if (f->kind != kind || !f->name)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s",
					 used ? ", " : "", f->name,
					 mark_default && f->is_default ? " (default)" : "");
	}
	return buf;
}
