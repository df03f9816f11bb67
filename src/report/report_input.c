/* SPDX-License-Identifier: MIT */
/*
 * report_input.c - `clyde report`'s reader: files or stdin, each told by
 * its first non-blank byte to be CSV lines or clyde's JSON ('{' or '['),
 * read one line or one JSON run at a time so that memory does not grow
 * with the input, and refused at the first byte no text has there.
 */
#include "report_input.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "read/csv.h"
#include "lib/grow.h"
#include "read/json_read.h"
#include "read/json_results.h"
#include "mark/mark_read.h"
#include "sys/out.h"

/* A line cut here is still longer than the CSV parser allows, so it says so. */
#define LINE_KEEP (CSV_LINE_MAX + 3)

enum input_kind { KIND_UNKNOWN, KIND_CSV, KIND_JSON };

/*
 * Where the JSON splitter is: inside a top-level value (an object, or an
 * array whose items are runs), inside one item, inside a string. Items are
 * cut out by bracket depth, then parsed one at a time.
 */
struct json_split {
	char *buf;
	size_t len, cap;
	unsigned depth;      /* open brackets in the current item */
	bool in_string, escape;
	bool in_doc, array, in_item;
	bool need_sep;       /* an item ended: ',' or ']' comes next */
	bool too_long;       /* the item passed REPORT_JSON_RUN_MAX */
	int pending;         /* a byte that ended a scalar item, still to read */
	size_t item_line;    /* the line the item began on */
	size_t index;        /* the item's place in its array */
};

struct report_input {
	char *const *paths;
	size_t n_paths, next_path;
	FILE *msgs;
	FILE *in;
	char name[OUT_ECHO_BYTES]; /* the current file as messages name it */
	bool is_stdin;
	size_t lineno, col; /* col: JSON only, bytes into the line */
	enum input_kind kind;
	char *line;
	struct json_split js;
	struct run_results *queue; /* runs of the last JSON item */
	struct mark_set marks;     /* clyde mark's results, set aside */
	size_t queue_n, queue_at;
	int back[3];               /* bytes read ahead, handed out first */
	int n_back;
	int status;
};

int report_input_binary_byte(int c)
{
	return c == 0 || (c < 0x20 && c != '\t' && c != '\r' && c != '\n') ||
	       c == 0x7f || c == 0xc0 || c == 0xc1 || c >= 0xf5;
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

struct report_input *report_input_open(char *const *paths, size_t n,
				       FILE *msgs)
{
	static char *const stdin_only[] = { "-" };
	struct report_input *in = calloc(1, sizeof(*in));

	if (!in)
		return NULL;
	in->line = malloc(LINE_KEEP + 1);
	if (!in->line) {
		free(in);
		return NULL;
	}
	in->paths = n ? paths : stdin_only;
	in->n_paths = n ? n : 1;
	in->msgs = msgs;
	return in;
}

int report_input_status(const struct report_input *in)
{
	return in->status;
}

void report_input_close(struct report_input *in)
{
	if (!in)
		return;
	if (in->in && !in->is_stdin)
		fclose(in->in);
	free(in->line);
	free(in->js.buf);
	free(in->queue);
	mark_set_free(&in->marks);
	free(in);
}

struct mark_set *report_input_marks(struct report_input *in)
{
	return &in->marks;
}

static int next_byte(struct report_input *in)
{
	if (in->n_back > 0)
		return in->back[--in->n_back];
	return getc_unlocked(in->in);
}

/* "clyde: " and the printf-style message on the messages, made safe for a
 * terminal (it quotes file names and what the files hold); something was
 * wrong. */
static void note(struct report_input *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void note(struct report_input *in, const char *fmt, ...)
{
	char raw[2048], shown[4 * sizeof(raw)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	fprintf(in->msgs, "clyde: %s\n", out_safe(raw, shown, sizeof(shown)));
	in->status = 1;
}

/* "clyde: FILE:LINE: WHY" on the messages; something was wrong. */
static void say(struct report_input *in, size_t line, const char *why,
		const char *detail)
{
	note(in, "%s:%zu: %s%s", in->name, line, why, detail);
}

static void close_current(struct report_input *in)
{
	if (in->in && !in->is_stdin)
		fclose(in->in);
	in->in = NULL;
}

/* Binary data at byte COL of the current line: said once, the file dropped. */
static void refuse_binary(struct report_input *in, int c, size_t col)
{
	note(in, "%s:%zu: binary data (byte 0x%02x at byte %zu), not CSV or JSON; "
	     "%s is not read further", in->name, in->lineno, (unsigned)c, col,
	     in->name);
	close_current(in);
}

/* A spreadsheet's byte-order mark is dropped; other first bytes are kept. */
static void skip_bom(struct report_input *in)
{
	static const unsigned char mark[3] = { 0xef, 0xbb, 0xbf };
	int got[3], n = 0;

	while (n < 3 && (got[n] = getc_unlocked(in->in)) == mark[n])
		n++;
	if (n == 3)
		return;
	/* back[] is a stack: push the last byte read first. */
	if (got[n] != EOF)
		in->back[in->n_back++] = got[n];
	while (n > 0)
		in->back[in->n_back++] = got[--n];
}

/* Open the next path; false when none is left. */
static bool open_next(struct report_input *in)
{
	while (in->next_path < in->n_paths) {
		const char *path = in->paths[in->next_path++];

		in->is_stdin = strcmp(path, "-") == 0;
		out_echo(in->is_stdin ? "stdin" : path, in->name);
		in->in = in->is_stdin ? stdin : fopen(path, "r");
		if (!in->in) {
			note(in, "%s: %s", in->name, strerror(errno));
			continue;
		}
		in->lineno = 1;
		in->col = 0;
		in->kind = KIND_UNKNOWN;
		in->js = (struct json_split){ .buf = in->js.buf,
					      .cap = in->js.cap,
					      .pending = EOF };
		in->n_back = 0;
		skip_bom(in);
		return true;
	}
	return false;
}

/* The end of the current file: a read error, or JSON cut short, is said. */
static void end_of_file(struct report_input *in)
{
	if (ferror(in->in)) {
		note(in, "%s: read: %s", in->name, strerror(errno));
	} else if (in->kind == KIND_JSON && in->js.in_doc) {
		say(in, in->lineno, "the JSON ends inside a document", "");
	}
	close_current(in);
}

enum line_status { LINE_OK, LINE_END, LINE_JSON, LINE_REFUSED };

/*
 * The next line into in->line (NUL-terminated, newline kept, at most
 * LINE_KEEP bytes kept: the rest of a longer line is read and dropped, so
 * a file without newlines costs one line of memory), its kept length into
 * *len, and in->lineno moved past it. While the kind is unknown, a line
 * whose first byte other than blanks is '{' or '[' makes the file JSON
 * (LINE_JSON, that byte pending), and a byte of binary data anywhere in
 * the first line with content refuses the file; so does a NUL on any line.
 */
static enum line_status read_line(struct report_input *in, size_t *len)
{
	bool sniffing = in->kind == KIND_UNKNOWN, content = false;
	size_t kept = 0, col = 0;
	int c = EOF;

	while ((c = next_byte(in)) != EOF) {
		col++;
		if (sniffing && !content && (c == '{' || c == '[')) {
			in->kind = KIND_JSON;
			in->js.pending = c;
			return LINE_JSON;
		}
		if (c == 0 || (sniffing && report_input_binary_byte(c))) {
			refuse_binary(in, c, col);
			return LINE_REFUSED;
		}
		content |= !is_space(c);
		if (kept < LINE_KEEP)
			in->line[kept++] = (char)c;
		if (c == '\n')
			break;
	}
	if (c == EOF && col == 0)
		return LINE_END;
	if (sniffing && content)
		in->kind = KIND_CSV;
	in->line[kept] = '\0';
	*len = kept;
	in->lineno += c == '\n';
	return LINE_OK;
}

/*
 * CSV lines until one holds a run (1, in *out), or the file ends or turns
 * out to be JSON or binary (0).
 */
static int csv_next(struct report_input *in, struct run_results *out)
{
	enum line_status st;
	size_t len, line = in->lineno;

	while ((st = read_line(in, &len)) == LINE_OK) {
		struct parse_error err = { "" };
		int rc;

		if (mark_csv_is_mark(in->line, len)) {
			if (mark_csv_line(&in->marks, in->line, len, &err) < 0)
				say(in, line, err.msg, "");
			line = in->lineno;
			continue;
		}
		rc = csv_parse_line(in->line, out, &err);
		if (rc < 0)
			say(in, line, err.msg, "");
		else if (rc > 0)
			return 1;
		line = in->lineno;
	}
	if (st == LINE_END)
		end_of_file(in);
	return 0;
}

/* A JSON structure the splitter cannot follow: said, the file dropped. */
static int json_refuse(struct report_input *in, const char *why, int c)
{
	char found[16] = "";

	if (c >= 0x21 && c < 0x7f)
		snprintf(found, sizeof(found), " ('%c')", c);
	say(in, in->lineno, why, found);
	close_current(in);
	return -1;
}

/* Append C to the item; past REPORT_JSON_RUN_MAX bytes it is only noted. */
static int item_put(struct json_split *j, int c)
{
	if (j->len >= REPORT_JSON_RUN_MAX) {
		j->too_long = true;
		return 0;
	}
	char *buf = grow_array(j->buf, j->len, &j->cap, 1, 4096);

	if (!buf)
		return -2;
	j->buf = buf;
	buf[j->len++] = (char)c;
	return 0;
}

/* The item is complete: an array waits for ',' or ']', an object doc ends. */
static int item_end(struct json_split *j)
{
	j->in_item = false;
	if (j->array)
		j->need_sep = true;
	else
		j->in_doc = false;
	return 1;
}

/* One byte inside an item: 0 go on, 1 the item ended, -2 no memory. */
static int item_byte(struct json_split *j, int c)
{
	if (!j->in_string && j->depth == 0 && j->len > 0 &&
	    (c == ',' || c == ']' || is_space(c))) {
		j->pending = c; /* a scalar item ends here; C is read again */
		return item_end(j);
	}
	if (item_put(j, c) != 0)
		return -2;
	if (j->in_string) {
		if (j->escape)
			j->escape = false;
		else if (c == '\\')
			j->escape = true;
		else if (c == '"')
			j->in_string = false;
	} else if (c == '"') {
		j->in_string = true;
	} else if (c == '{' || c == '[') {
		j->depth++;
	} else if ((c == '}' || c == ']') && j->depth > 0 && --j->depth == 0) {
		return item_end(j);
	}
	return 0;
}

static int item_start(struct report_input *in, int c)
{
	struct json_split *j = &in->js;

	j->in_item = true;
	j->len = 0;
	j->depth = 0;
	j->in_string = j->escape = j->too_long = false;
	j->item_line = in->lineno;
	return item_byte(j, c);
}

/*
 * One byte of a JSON file: 0 go on, 1 an item (a run, or the whole
 * document) is in js.buf, -1 the structure broke (said, the file dropped),
 * -2 no memory.
 */
static int json_byte(struct report_input *in, int c)
{
	struct json_split *j = &in->js;

	if (j->in_item)
		return item_byte(j, c);
	if (is_space(c))
		return 0;
	if (!j->in_doc) {
		if (c != '{' && c != '[')
			return json_refuse(in, "expected a JSON object or array",
					   c);
		*j = (struct json_split){ .buf = j->buf, .cap = j->cap,
					  .pending = EOF, .in_doc = true,
					  .array = c == '[' };
		return c == '{' ? item_start(in, c) : 0;
	}
	if (c == ']' && (j->need_sep || j->index == 0)) {
		j->in_doc = false;
		return 0;
	}
	if (c == ',' && j->need_sep) {
		j->need_sep = false;
		return 0;
	}
	if (j->need_sep)
		return json_refuse(in, "expected ',' or ']' after a run", c);
	if (c == ',' || c == ']')
		return json_refuse(in, "expected a run", c);
	return item_start(in, c);
}

/* "PATH: WHY" of an item of an array becomes "[INDEX]: PATH: WHY". */
static void json_item_fail(struct report_input *in, size_t line,
			   const char *msg)
{
	char where[32] = "";

	if (in->js.array)
		snprintf(where, sizeof(where), "[%zu]: ", in->js.index);
	say(in, line, where, msg);
}

/* Whether DOC is clyde mark's: an object whose "kind" is "mark". */
static bool is_mark(const struct json_value *doc)
{
	const struct json_value *kind =
		doc->type == JSON_OBJECT ? json_get(doc, "kind") : NULL;

	return kind && kind->type == JSON_STRING &&
	       strcmp(kind->string, "mark") == 0;
}

/* The item in js.buf into the queue of runs (clyde mark's into the marks),
 * or what is wrong with it said. */
static int json_item(struct report_input *in)
{
	struct json_split *j = &in->js;
	struct json_error jerr;
	struct parse_error err = { "" };
	struct json_value *doc;
	struct run_results *runs;
	size_t n;
	int rc;

	if (j->too_long) {
		json_item_fail(in, j->item_line, "a run longer than 1 MiB");
		return 0;
	}
	doc = json_parse(j->buf, j->len, NULL, &jerr);
	if (!doc) {
		snprintf(err.msg, sizeof(err.msg), "column %zu: %s",
			 jerr.column, jerr.msg);
		json_item_fail(in, j->item_line + jerr.line - 1, err.msg);
		return 0;
	}
	if (is_mark(doc)) {
		rc = mark_json_document(&in->marks, doc, &err);
		json_free(doc);
		if (rc != 0)
			json_item_fail(in, j->item_line, err.msg);
		return 0;
	}
	rc = json_results_from_tree(doc, &runs, &n, &err);
	json_free(doc);
	if (rc != 0) {
		json_item_fail(in, j->item_line, err.msg);
		return 0;
	}
	free(in->queue);
	in->queue = runs;
	in->queue_n = n;
	in->queue_at = 0;
	return 0;
}

/*
 * JSON bytes until an item has put runs in the queue (1), the file ends
 * or is dropped (0), or memory runs out (-1).
 */
static int json_next(struct report_input *in)
{
	struct json_split *j = &in->js;

	for (;;) {
		int c = j->pending, rc;

		j->pending = EOF;
		if (c == EOF)
			c = next_byte(in);
		if (c == EOF) {
			end_of_file(in);
			return 0;
		}
		in->col++;
		/* JSON text never holds a raw control character or a byte
		 * UTF-8 never uses, in a string or out of one. */
		if (report_input_binary_byte(c)) {
			refuse_binary(in, c, in->col);
			return 0;
		}
		rc = json_byte(in, c);
		/* A newline is counted once, when it is not read again. */
		if (c == '\n' && j->pending == EOF) {
			in->lineno++;
			in->col = 0;
		}
		in->col -= j->pending != EOF;
		if (rc == -2)
			return -1;
		if (rc == -1)
			return 0;
		if (rc == 1) {
			size_t index = j->index;

			if (json_item(in) != 0)
				return -1;
			j->index = index + 1;
			if (in->queue_n > in->queue_at)
				return 1;
		}
	}
}

int report_input_next(struct report_input *in, struct run_results *out)
{
	for (;;) {
		int rc;

		if (in->queue_at < in->queue_n) {
			*out = in->queue[in->queue_at++];
			return 1;
		}
		if (!in->in && !open_next(in))
			return 0;
		if (in->kind == KIND_JSON)
			rc = json_next(in);
		else if ((rc = csv_next(in, out)) == 1)
			return 1;
		if (rc < 0)
			return -1;
	}
}
