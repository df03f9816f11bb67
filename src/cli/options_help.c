/* SPDX-License-Identifier: MIT */
/*
 * options_help.c - the usage lines and --help text, generated from the
 * option table (options.c) and, for --table and --csv, the format table,
 * so that they cannot drift from what the parser accepts; the same for
 * any other table of option_def rows (clyde mark's).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"
#include "mark/mark.h"
#include "options.h"
#include "report/report.h"

/* "-d dir", "-f[size]", "--table fmt" */
static void option_synopsis(const struct option_def *o, char *buf, size_t len)
{
	int n = o->long_name ? snprintf(buf, len, "--%s", o->long_name)
			     : snprintf(buf, len, "-%c", o->key);

	if (o->arg_name && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n,
			 o->has_arg == optional_argument ? "[%s]" : " %s",
			 o->arg_name);
}

void options_usage_of(FILE *out, const char *lead, const char *name,
		      const struct option_def *defs, size_t n)
{
	/* 78 columns after "usage: ", as the classic synopsis always had */
	const size_t width = 71 - strlen(name);
	int indent = (int)strlen(lead) + (int)strlen(name);
	size_t col = 0;

	fprintf(out, "%s%s", lead, name);
	for (size_t i = 0; i < n; i++) {
		char item[96];

		option_synopsis(&defs[i], item, sizeof(item));
		if (col + strlen(item) + 3 > width) {
			fprintf(out, "\n%*s", indent, "");
			col = 0;
		}
		col += (size_t)fprintf(out, " [%s]", item);
	}
	fputc('\n', out);
}

/* The classic run's, clyde report's and clyde mark's synopses (options.h). */
static void synopsis(FILE *out, const char *lead)
{
	size_t n_options, n_mark;
	const struct option_def *defs = options_table(&n_options);
	const struct option_def *mark = mark_options_table(&n_mark);
	char pad[16];

	snprintf(pad, sizeof(pad), "%*s", (int)strlen(lead), "");
	options_usage_of(out, lead, "clyde", defs, n_options);
	fputs(pad, out);
	report_usage(out, (int)strlen(lead));
	options_usage_of(out, pad, "clyde mark", mark, n_mark);
}

void options_usage(FILE *out)
{
	synopsis(out, "");
}

/* TEXT as lines of at most WIDTH columns, each indented by INDENT. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
	while (*text) {
		int room = width - indent;
		int len = (int)strlen(text);
		int cut = len;

		if (len > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		fprintf(out, "%*s%.*s\n", indent, "", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

void options_help_of(FILE *out, const struct option_def *defs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char item[96];

		const struct option_def *o = &defs[i];
		char help[512];

		option_synopsis(o, item, sizeof(item));
		fprintf(out, "  %s\n", item);
		if (o->formats >= 0) {
			char names[128];

			snprintf(help, sizeof(help), "%s %s, none", o->help,
				 format_names((enum format_kind)o->formats, true,
					      names, sizeof(names)));
			print_wrapped(out, help, 6, 78);
		} else {
			print_wrapped(out, o->help, 6, 78);
		}
	}
}

void options_help(FILE *out)
{
	size_t n_options;
	const struct option_def *defs = options_table(&n_options);

	synopsis(out, "usage: ");
	fputs("\nclyde measures a disk the way bonnie++ does and prints its tables "
	      "and CSV.\n\n", out);
	options_help_of(out, defs, n_options);
}

