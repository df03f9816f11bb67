/* SPDX-License-Identifier: MIT */
/*
 * opt.c - the option module (opt.h): getopt_long's tables made from a
 * command's rows, the loop over them with the checks every option shares,
 * the error wording, and the usage and --help text generated from the same
 * rows. Returns errors as text; prints only what it is asked to.
 */
#include "opt.h"

#include <getopt.h>
#include <stdarg.h>
#include <string.h>

#include "sys/out.h"

/* TEXT on one line: a newline or an escape typed into a value must not
 * break the message or reach the terminal. */
static void one_line(char *text)
{
	for (char *p = text; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
}

enum opt_outcome opt_fail(struct opt_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, st->len, fmt, ap);
	va_end(ap);
	one_line(st->err);
	return OPT_ERROR;
}

const char *opt_name(const struct opt_row *row, char *buf, size_t len)
{
	if (row->long_name)
		snprintf(buf, len, "--%s", row->long_name);
	else
		snprintf(buf, len, "-%c", row->key);
	return buf;
}

enum opt_outcome opt_refuse(struct opt_state *st, const char *arg,
			    const struct parse_error *pe)
{
	char name[64], shown[OUT_ECHO_BYTES];

	return opt_fail(st, "%s %s: %s", opt_name(st->row, name, sizeof(name)),
			out_echo(arg, shown), pe->msg);
}

enum opt_outcome opt_bad_choice(struct opt_state *st, const char *arg)
{
	const char *(*choice)(size_t) = st->row->choices;
	char list[256] = "", name[64], shown[OUT_ECHO_BYTES];
	size_t used = 0, n = 0;

	while (choice(n))
		n++;
	for (size_t i = 0; i < n && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i == 0 ? "" : i + 1 == n ? " or " : ", ",
					 choice(i));
	return opt_fail(st, "%s %s: use %s", opt_name(st->row, name, sizeof(name)),
			out_echo(arg, shown), list);
}

enum opt_outcome opt_choice(struct opt_state *st, const char *arg, size_t *index)
{
	const char *name;

	for (size_t i = 0; (name = st->row->choices(i)) != NULL; i++)
		if (strcmp(arg, name) == 0) {
			*index = i;
			return OPT_RUN;
		}
	return opt_bad_choice(st, arg);
}

enum opt_outcome opt_int(struct opt_state *st, const char *arg, int64_t min,
			 int64_t max, int64_t *out)
{
	struct parse_error pe;

	if (parse_int_range(arg, min, max, out, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	return OPT_RUN;
}

enum opt_outcome opt_u32(struct opt_state *st, const char *arg, int64_t min,
			 int64_t max, uint32_t *out)
{
	int64_t v;

	if (opt_int(st, arg, min, max, &v) != OPT_RUN)
		return OPT_ERROR;
	*out = (uint32_t)v;
	return OPT_RUN;
}

enum opt_outcome opt_size(struct opt_state *st, const char *arg,
			  enum unit_kind unit, uint64_t *out)
{
	struct parse_error pe;

	if (parse_size(arg, unit, out, &pe) != 0)
		return opt_refuse(st, arg, &pe);
	return OPT_RUN;
}

/* The index of the row of KEY in SET, or SET->n. */
static size_t row_of(const struct opt_set *set, int key)
{
	size_t i = 0;

	while (i < set->n && set->rows[i].key != key)
		i++;
	return i;
}

bool opt_given(const struct opt_state *st, int key)
{
	size_t i = row_of(st->set, key);

	return i < st->set->n && (st->given >> i & 1);
}

enum opt_outcome opt_flag(struct opt_state *st, const char *arg)
{
	(void)arg;
	*(bool *)((char *)st->target + st->row->offset) = true;
	return OPT_RUN;
}

enum opt_outcome opt_text(struct opt_state *st, const char *arg)
{
	*(const char **)((char *)st->target + st->row->offset) = arg;
	return OPT_RUN;
}

enum opt_outcome opt_ask_help(struct opt_state *st, const char *arg)
{
	(void)st;
	(void)arg;
	return OPT_HELP;
}

enum opt_outcome opt_ask_version(struct opt_state *st, const char *arg)
{
	(void)st;
	(void)arg;
	return OPT_VERSION;
}

/*
 * getopt_long's tables from SET's rows (at most OPT_MAX_ROWS): SHORTS
 * needs 3 * OPT_MAX_ROWS + 3 bytes. '+' stops at the first operand when
 * the command takes none, so that it is refused at once; ':' reports a
 * missing value apart from an unknown option.
 */
static void getopt_tables(const struct opt_set *set, struct option *longs,
			  char *shorts)
{
	size_t nl = 0;
	char *end = shorts;

	if (!set->operands)
		*end++ = '+';
	*end++ = ':';
	for (size_t i = 0; i < set->n; i++) {
		const struct opt_row *o = &set->rows[i];

		if (o->long_name)
			longs[nl++] = (struct option){ o->long_name, o->has_arg, NULL,
						       o->key };
		if (o->key >= OPT_LONG_ONLY)
			continue;
		*end++ = (char)o->key;
		if (o->has_arg != no_argument)
			*end++ = ':';
		if (o->has_arg == optional_argument)
			*end++ = ':';
	}
	*end = '\0';
	memset(&longs[nl], 0, sizeof(longs[nl]));
}

/* getopt_long's answer C that is no option: a missing value, an unknown option. */
static enum opt_outcome bad_option(struct opt_state *st, int c)
{
	char shown[OUT_ECHO_BYTES];
	const char *typed = out_echo(st->argv[optind - 1], shown);
	bool letter = optopt > 0 && optopt < OPT_LONG_ONLY;

	if (c == ':' && letter)
		return opt_fail(st, "option -%c needs a value", optopt);
	if (c == ':')
		return opt_fail(st, "option %s needs a value", typed);
	if (letter)
		return opt_fail(st, "unknown option -%c (%s --help lists them)", optopt,
				st->set->name);
	return opt_fail(st, "unknown option %s (%s --help lists them)", typed,
			st->set->name);
}

enum opt_outcome opt_parse(const struct opt_set *set, int argc, char **argv,
			   struct opt_state *st)
{
	struct option longs[OPT_MAX_ROWS + 1];
	char shorts[3 * OPT_MAX_ROWS + 3];
	int c;

	st->set = set;
	st->row = NULL;
	st->argc = argc;
	st->argv = argv;
	st->operands = argc;
	st->given = 0;
	if (set->n > OPT_MAX_ROWS)
		return opt_fail(st, "%s has more than %d options", set->name,
				OPT_MAX_ROWS);
	getopt_tables(set, longs, shorts);
	opterr = 0;
	optind = 0; /* a full reset: a process may parse more than once */
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		size_t i = row_of(set, c);
		char name[64];
		enum opt_outcome out;

		if (i == set->n) /* '?' or ':' */
			return bad_option(st, c);
		st->row = &set->rows[i];
		opt_name(st->row, name, sizeof(name));
		if (optarg && optarg[0] == '\0')
			return opt_fail(st, "%s: the value is empty", name);
		if (st->row->once && (st->given >> i & 1))
			return opt_fail(st, "%s given twice", name);
		st->given |= UINT64_C(1) << i;
		out = st->row->set(st, optarg);
		if (out != OPT_RUN)
			return out;
	}
	st->operands = optind;
	char shown[OUT_ECHO_BYTES];
	if (optind < argc && !set->operands)
		return opt_fail(st, "unexpected argument '%s' (%s takes only options)",
				out_echo(argv[optind], shown), set->name);
	return OPT_RUN;
}

/* --- the usage and --help, from the same rows --------------------------- */

/* "-d dir", "-f[size]", "--table fmt", "--reorder[=shift]" (getopt_long
 * takes a long option's optional value only after '=') */
static void row_synopsis(const struct opt_row *o, char *buf, size_t len)
{
	size_t n = strlen(opt_name(o, buf, len));
	bool optional = o->has_arg == optional_argument;

	if (o->arg_name && n < len)
		snprintf(buf + n, len - n, !optional ? " %s"
				 : o->key >= OPT_LONG_ONLY ? "[=%s]" : "[%s]",
			 o->arg_name);
}

/*
 * The text inside one bracket of the usage, from row I on: the row, then
 * each row after it that is its alternative (" | --compare") or goes
 * within it (" [--baseline name]"). Returns the index of the next row.
 */
static size_t bracket(const struct opt_set *set, size_t i, char *buf, size_t len)
{
	row_synopsis(&set->rows[i], buf, len);
	for (i++; i < set->n && (set->rows[i].usage == OPT_USAGE_OR ||
				 set->rows[i].usage == OPT_USAGE_IN); i++) {
		size_t used = strlen(buf);
		char item[96];

		row_synopsis(&set->rows[i], item, sizeof(item));
		if (used < len)
			snprintf(buf + used, len - used,
				 set->rows[i].usage == OPT_USAGE_OR ? " | %s" : " [%s]",
				 item);
	}
	return i;
}

/* " [ITEM]" at column COL, on a new line (INDENT spaces) when it would
 * pass WIDTH. Returns the new column. */
static size_t place(FILE *out, const char *item, size_t col, size_t width,
		    int indent)
{
	if (col + strlen(item) + 3 > width) {
		fprintf(out, "\n%*s", indent, "");
		col = 0;
	}
	return col + (size_t)fprintf(out, " [%s]", item);
}

void opt_usage(FILE *out, const char *lead, const struct opt_set *set)
{
	/* 78 columns after "usage: ", as the classic synopsis always had */
	const size_t width = 71 - strlen(set->name);
	int indent = (int)(strlen(lead) + strlen(set->name));
	size_t col = 0;

	fprintf(out, "%s%s", lead, set->name);
	for (size_t i = 0; i < set->n;) {
		char item[256];

		if (set->rows[i].usage == OPT_USAGE_HIDDEN) {
			i++;
			continue;
		}
		i = bracket(set, i, item, sizeof(item));
		col = place(out, item, col, width, indent);
	}
	if (set->operands)
		place(out, set->operands, col, width, indent);
	fputc('\n', out);
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

void opt_help_text(FILE *out, const char *text)
{
	print_wrapped(out, text, 6, 78);
}

void opt_help(FILE *out, const struct opt_set *set)
{
	fprintf(out, "\n%s\n\n", set->about);
	for (size_t i = 0; i < set->n; i++) {
		const struct opt_row *o = &set->rows[i];
		char item[96];

		row_synopsis(o, item, sizeof(item));
		fprintf(out, "  %s\n", item);
		if (o->help_fn)
			o->help_fn(out, o);
		else
			opt_help_text(out, o->help);
	}
}
