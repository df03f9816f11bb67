/* SPDX-License-Identifier: MIT */
/*
 * report.c - the `clyde report` command: its options, reading CSV lines
 * from files or stdin (numbering them for error messages), the optional
 * summary rows, and the one formatter that renders every run together.
 */
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "format.h"
#include "report_input.h"
#include "summary.h"

void report_usage(FILE *out)
{
	fputs("clyde report [--format fmt] [--summary] [file ...]\n", out);
}

static void report_help(FILE *out)
{
	fputs("usage: ", out);
	report_usage(out);
	fputs("\nReads CSV lines of bonnie++ 1.03, 1.93c, 1.96, 1.97, 1.98 and "
	      "of clyde, and\nclyde's JSON, from the files (standard input "
	      "without any) and prints every\nrun in one comparison.\n\n"
	      "  --format fmt\n", out);
	for (size_t f = 0; f < format_count; f++)
		fprintf(out, "      %-10s %s\n", format_table[f].report_name,
			format_table[f].help);
	fputs("  --summary\n      add min, median and max rows for every "
	      "machine name with several runs\n  --help\n      print this "
	      "help and exit\n", out);
}

/* The runs read so far, in input order. */
struct run_list {
	struct run_results *v;
	size_t n, cap;
};

static int list_push(struct run_list *list, const struct run_results *r)
{
	if (list->n == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 16;
		struct run_results *v = realloc(list->v, cap * sizeof(*v));

		if (!v)
			return -1;
		list->v = v;
		list->cap = cap;
	}
	list->v[list->n++] = *r;
	return 0;
}

/* Options into *format and *summary; -1 after a usage error, 1 after --help. */
static int parse_options(int argc, char **argv,
			 const struct format_info **format, bool *summary)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "summary", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	optind = 0; /* start afresh: clyde's own parser may have run */
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!(*format = format_by_report_name(optarg))) {
				fprintf(stderr, "clyde: report: unknown format "
					"'%s'\n", optarg);
				return -1;
			}
			break;
		case 's':
			*summary = true;
			break;
		case 'h':
			report_help(stdout);
			return 1;
		case ':':
			fprintf(stderr, "clyde: report: %s needs a value\n",
				argv[optind - 1]);
			return -1;
		default:
			if (optopt > 0)
				fprintf(stderr, "clyde: report: unknown option "
					"'-%c'\n", optopt);
			else
				fprintf(stderr, "clyde: report: unknown option "
					"'%s'\n", argv[optind - 1]);
			return -1;
		}
	}
	return 0;
}

/* Every run of the inputs into LIST; 0, 1 after a bad input, -1 without memory. */
static int read_inputs(int argc, char **argv, int first,
		       struct run_list *list)
{
	struct report_input *in = report_input_open(argv + first,
						    (size_t)(argc - first),
						    stderr);
	struct run_results r;
	int rc;

	if (!in)
		return -1;
	while ((rc = report_input_next(in, &r)) > 0)
		if (list_push(list, &r) != 0) {
			rc = -1;
			break;
		}
	if (rc == 0)
		rc = report_input_status(in);
	report_input_close(in);
	return rc;
}

int report_main(int argc, char **argv)
{
	static const struct render_opts opts = { .wide_names = true,
						 .json_array = true };
	const struct format_info *format = format_by_report_name("text-1.03");
	struct run_list list = { NULL, 0, 0 };
	struct run_results *shown;
	size_t n_shown;
	bool summary = false;
	int status = parse_options(argc, argv, &format, &summary);

	if (status != 0)
		return status < 0 ? 1 : 0;
	status = read_inputs(argc, argv, optind, &list);
	shown = list.v;
	n_shown = list.n;
	if (status >= 0 && summary && list.n > 0 &&
	    summary_add(list.v, list.n, &shown, &n_shown, stderr) != 0)
		status = -1;
	if (status < 0) {
		fprintf(stderr, "clyde: report: out of memory\n");
		free(list.v);
		return 1;
	}
	if (n_shown == 0 && status == 0) {
		fprintf(stderr, "clyde: report: no results in the input\n");
		status = 1;
	}
	if (n_shown > 0)
		format_render(stdout, format, shown, n_shown, &opts);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "clyde: report: write: %s\n", strerror(errno));
		status = 1;
	}
	if (shown != list.v)
		free(shown);
	free(list.v);
	return status;
}
