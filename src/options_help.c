/* SPDX-License-Identifier: MIT */
/*
 * options_help.c - the usage lines and --help text, generated from the
 * option table (options.c) and, for --table and --csv, the format table,
 * so that they cannot drift from what the parser accepts.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "format.h"
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

/*
 * The synopsis, each line started by LEAD ("" in the man page, "usage: "
 * in --help) or, for continuation lines, as many spaces. The line breaks
 * do not depend on LEAD, so that both print the same lines.
 */
static void synopsis(FILE *out, const char *lead)
{
	const size_t width = 66; /* columns after "usage: clyde", as before */
	size_t col = 0, n_options;
	const struct option_def *defs = options_table(&n_options);
	int indent = (int)strlen(lead) + (int)strlen("clyde");

	fprintf(out, "%sclyde", lead);
	for (size_t i = 0; i < n_options; i++) {
		char item[96];

		option_synopsis(&defs[i], item, sizeof(item));
		if (col + strlen(item) + 3 > width) {
			fprintf(out, "\n%*s", indent, "");
			col = 0;
		}
		col += (size_t)fprintf(out, " [%s]", item);
	}
	fprintf(out, "\n%*s", (int)strlen(lead), "");
	report_usage(out, (int)strlen(lead));
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

void options_help(FILE *out)
{
	size_t n_options;
	const struct option_def *defs = options_table(&n_options);

	synopsis(out, "usage: ");
	fputs("\nclyde measures a disk the way bonnie++ does and prints its tables "
	      "and CSV.\n\n", out);
	for (size_t i = 0; i < n_options; i++) {
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

