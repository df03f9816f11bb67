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

#include "format.h"
#include "mark.h"
#include "options.h"
#include "report.h"

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

void options_usage_of(FILE *out, const char *lead, const struct option_def *defs,
		      size_t n, const char *tail)
{
	size_t col = strlen(lead), indent = strlen(lead);

	fputs(lead, out);
	for (size_t i = 0; i < n; i++) {
		char item[96];

		option_synopsis(&defs[i], item, sizeof(item));
		if (col + strlen(item) + 3 > 78) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		}
		col += (size_t)fprintf(out, " [%s]", item);
	}
	if (tail && col + strlen(tail) + 1 > 78)
		fprintf(out, "\n%*s %s", (int)indent, "", tail);
	else if (tail)
		fprintf(out, " %s", tail);
	fputc('\n', out);
}

void options_usage(FILE *out)
{
	size_t n_options;
	const struct option_def *defs = options_table(&n_options);

	options_usage_of(out, "usage: clyde", defs, n_options, NULL);
	fputs("       ", out);
	report_usage(out);
	mark_usage(out, "       clyde mark");
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

	options_usage(out);
	fputs("\nclyde measures a disk the way bonnie++ does and prints its tables "
	      "and CSV.\n\n", out);
	options_help_of(out, defs, n_options);
}

