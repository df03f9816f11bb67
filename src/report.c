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

#include "csv.h"
#include "format.h"
#include "mark_report.h"
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
	      "of clyde from\nthe files (standard input without any) and prints "
	      "every run in one comparison;\nclyde mark's CSV and JSON, its marks "
	      "beside each other.\n\n  --format fmt\n", out);
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

/* A line cut here is still longer than the parser allows, so it says so. */
#define LINE_KEEP (CSV_LINE_MAX + 3)

/*
 * The next line of IN into BUF (LINE_KEEP + 1 bytes), NUL bytes and the
 * newline included, NUL-terminated. Past LINE_KEEP bytes the rest of the
 * line is read and dropped: a file with no newline (a disk image, /dev/zero)
 * costs no more memory than one line. Returns the bytes kept, -1 at the end.
 */
static ssize_t read_line(FILE *in, char *buf)
{
	size_t len = 0;
	int c = EOF;

	while ((c = getc_unlocked(in)) != EOF) {
		if (len < LINE_KEEP)
			buf[len++] = (char)c;
		if (c == '\n')
			break;
	}
	if (c == EOF && len == 0)
		return -1;
	buf[len] = '\0';
	return (ssize_t)len;
}

/*
 * Every line of IN (called NAME in messages) into LIST. Returns 0, 1 when
 * some line was bad or the stream failed (each said on stderr), -1 when
 * memory ran out.
 */
static int read_stream(FILE *in, const char *name, struct run_list *list,
		       struct mark_set *marks)
{
	static const char bom[] = "\xef\xbb\xbf";
	char *line = malloc(LINE_KEEP + 1);
	size_t lineno = 0;
	ssize_t len;
	int status = 0;

	if (!line)
		return -1;
	if ((status = mark_report_try_json(in, name, marks, stderr, &lineno)) != 2) {
		free(line);
		return status; /* only clyde mark's JSON is read here */
	}
	status = 0;
	while ((len = read_line(in, line)) >= 0) {
		struct parse_error err = { "" };
		struct run_results r;
		const char *nul = memchr(line, '\0', (size_t)len);
		int rc;

		lineno++;
		/* A spreadsheet's byte-order mark before the first line. */
		if (lineno == 1 && len >= 3 && memcmp(line, bom, 3) == 0) {
			memmove(line, line + 3, (size_t)len - 2);
			len -= 3;
			nul = memchr(line, '\0', (size_t)len);
		}
		/*
		 * The parser sees the text up to a NUL: a bad byte it finds
		 * there comes first, anything else it says is beside the point.
		 */
		rc = mark_csv_is_mark(line, (size_t)len)
			     ? mark_csv_line(marks, line, (size_t)len, &err) * 2
			     : csv_parse_line(line, &r, &err);
		if (nul && (rc >= 0 || (strncmp(err.msg, "control ", 8) != 0 &&
					strncmp(err.msg, "binary ", 7) != 0))) {
			snprintf(err.msg, sizeof(err.msg), "binary byte 0x00 at "
				 "byte %zu", (size_t)(nul - line) + 1);
			rc = -1;
		}
		if (rc < 0) {
			fprintf(stderr, "clyde: %s:%zu: %s\n", name, lineno,
				err.msg);
			status = 1;
		} else if (rc == 1 && list_push(list, &r) != 0) {
			status = -1;
			break;
		}
	}
	if (status >= 0 && ferror(in)) {
		fprintf(stderr, "clyde: %s: read: %s\n", name, strerror(errno));
		status = 1;
	}
	free(line);
	return status;
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

/* Read every input named in ARGV[first..argc), or stdin. */
static int read_inputs(int argc, char **argv, int first,
		       struct run_list *list, struct mark_set *marks)
{
	int status = 0;

	if (first >= argc)
		return read_stream(stdin, "stdin", list, marks);
	for (int i = first; i < argc && status >= 0; i++) {
		bool is_stdin = strcmp(argv[i], "-") == 0;
		FILE *in = is_stdin ? stdin : fopen(argv[i], "r");
		int rc;

		if (!in) {
			fprintf(stderr, "clyde: %s: %s\n", argv[i],
				strerror(errno));
			status = 1;
			continue;
		}
		rc = read_stream(in, is_stdin ? "stdin" : argv[i], list, marks);
		if (!is_stdin)
			fclose(in);
		status = rc < 0 ? rc : (status | rc);
	}
	return status;
}

/*
 * clyde mark's results in MARKS (N_CLASSIC classic runs read beside them)
 * rendered as FORMAT asks; STATUS so far in, the exit status out.
 */
static int report_marks(struct mark_set *marks, size_t n_classic,
			const struct format_info *format, bool summary, int status)
{
	int rc = -1;

	if (n_classic > 0)
		fprintf(stderr, "clyde: report: clyde mark results and classic runs "
			"cannot share one report; give them to separate commands\n");
	else if (summary)
		fprintf(stderr, "clyde: report: --summary is for classic runs, not "
			"clyde mark results\n");
	else if ((rc = mark_report_render(stdout, format->report_name, marks->v,
					  marks->n)) != 0)
		fprintf(stderr, "clyde: report: %s\n", rc == -1 ? "format not "
			"available for clyde mark results" : "out of memory");
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "clyde: report: write: %s\n", strerror(errno));
		rc = -1;
	}
	mark_set_free(marks);
	return rc == 0 ? status : 1;
}

int report_main(int argc, char **argv)
{
	static const struct render_opts opts = { .wide_names = true,
						 .json_array = true };
	const struct format_info *format = format_by_report_name("text-1.03");
	struct run_list list = { NULL, 0, 0 };
	struct mark_set marks = { NULL, 0, 0, false };
	struct run_results *shown;
	size_t n_shown;
	bool summary = false;
	int status = parse_options(argc, argv, &format, &summary);

	if (status != 0)
		return status < 0 ? 1 : 0;
	status = read_inputs(argc, argv, optind, &list, &marks);
	if (status >= 0 && marks.n > 0) {
		status = report_marks(&marks, list.n, format, summary, status);
		free(list.v);
		return status;
	}
	shown = list.v;
	n_shown = list.n;
	if (status >= 0 && summary && list.n > 0 &&
	    summary_add(list.v, list.n, &shown, &n_shown, stderr) != 0)
		status = -1;
	if (status < 0) {
		fprintf(stderr, "clyde: report: out of memory\n");
		mark_set_free(&marks);
		free(list.v);
		return 1;
	}
	if (n_shown == 0 && status == 0) {
		fprintf(stderr, "clyde: report: no results in the input\n");
		status = 1;
	}
	if (n_shown > 0)
		format->render(stdout, format, shown, n_shown, &opts);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "clyde: report: write: %s\n", strerror(errno));
		status = 1;
	}
	if (shown != list.v)
		free(shown);
	free(list.v);
	return status;
}
