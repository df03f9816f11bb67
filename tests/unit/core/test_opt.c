/* SPDX-License-Identifier: MIT */
/*
 * test_opt.c - the option module on a small command of its own: the
 * values the rows store, the wording of every error it makes, operands
 * (GNU order) or none (refused at once), a second parse starting afresh,
 * and the usage and --help generated from the rows: wrapping, [a | b],
 * [a [b]], hidden rows, operands.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>

#include "check.h"
#include "core/opt.h"

/* What the test command's options fill. */
struct pick {
	const char *dir;
	bool quiet, loud;
	int64_t count;
	size_t color;
	const char *name;
};

enum { LONG_COLOR = OPT_LONG_ONLY, LONG_QUIET, LONG_LOUD, LONG_NAME, LONG_HELP };

static const char *colors(size_t i)
{
	static const char *const names[] = { "red", "green", "blue" };

	return i < 3 ? names[i] : NULL;
}

static enum opt_outcome set_count(struct opt_state *st, const char *arg)
{
	return opt_int(st, arg, 1, 9, &((struct pick *)st->target)->count);
}

static enum opt_outcome set_color(struct opt_state *st, const char *arg)
{
	return opt_choice(st, arg, &((struct pick *)st->target)->color);
}

/* --loud after --quiet is refused, as commands refuse a pair. */
static enum opt_outcome set_loud(struct opt_state *st, const char *arg)
{
	if (opt_given(st, LONG_QUIET))
		return opt_fail(st, "--quiet and --loud: give one");
	return opt_flag(st, arg);
}

#define FIELD(f) offsetof(struct pick, f)

static const struct opt_row rows[] = {
	{ 'd', NULL, required_argument, "dir", "where to look",
	  .set = opt_text, .offset = FIELD(dir), .once = true },
	{ 'c', NULL, required_argument, "count",
	  "how many: one to nine, and this help goes on long enough to be "
	  "wrapped onto a second line",
	  .set = set_count },
	{ LONG_COLOR, "color", required_argument, "name", "red, green or blue",
	  .set = set_color, .choices = colors },
	{ LONG_QUIET, "quiet", no_argument, NULL, "say less",
	  .set = opt_flag, .offset = FIELD(quiet) },
	{ LONG_LOUD, "loud", no_argument, NULL, "say more",
	  .set = set_loud, .offset = FIELD(loud), .usage = OPT_USAGE_OR },
	{ LONG_NAME, "name", required_argument, "who", "with --loud: whose",
	  .set = opt_text, .offset = FIELD(name), .usage = OPT_USAGE_IN },
	{ LONG_HELP, "help", no_argument, NULL, "print this help",
	  .set = opt_ask_help, .usage = OPT_USAGE_HIDDEN },
};

static const struct opt_set with_files = {
	.name = "tool", .about = "tool picks.", .rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]), .operands = "file ...",
};

static const struct opt_set no_files = {
	.name = "tool", .about = "tool picks.", .rows = rows,
	.n = sizeof(rows) / sizeof(rows[0]),
};

static struct pick got;
static char err[128];
static int first_operand;

/* Parse "tool ARGS..." (NULL-terminated) by SET into got/err. */
static enum opt_outcome parse(const struct opt_set *set, ...)
{
	static char *argv[16];
	struct opt_state st = { .target = &got, .err = err, .len = sizeof(err) };
	enum opt_outcome out;
	int argc = 0;
	va_list ap;

	argv[argc++] = "tool";
	va_start(ap, set);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 15;)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	memset(&got, 0, sizeof(got));
	err[0] = '\0';
	out = opt_parse(set, argc, argv, &st);
	first_operand = st.operands;
	return out;
}

/* SET's error for ARGS... is exactly WANT. */
#define REFUSED(set, want, ...)                                                \
	do {                                                                   \
		enum opt_outcome o_ = parse(set, __VA_ARGS__, NULL);           \
		CHECK("refused: " want, o_ == OPT_ERROR);                      \
		CHECK_STR("worded: " want, err, want);                         \
	} while (0)

static void test_values(void)
{
	CHECK("a full command line parses",
	      parse(&no_files, "-d", "/x", "-c", "3", "--color", "blue", "--quiet",
		    NULL) == OPT_RUN);
	CHECK_STR("opt_text stores the value", got.dir, "/x");
	CHECK_U64("opt_int stores the number", (uint64_t)got.count, 3);
	CHECK_U64("opt_choice gives the index", got.color, 2);
	CHECK("opt_flag sets the flag", got.quiet && !got.loud);
	CHECK("--help asks for help", parse(&no_files, "-c", "2", "--help", NULL) == OPT_HELP);
	CHECK("an option after --help is not read",
	      parse(&no_files, "--help", "--bogus", NULL) == OPT_HELP);
	CHECK("a repeatable row may repeat",
	      parse(&no_files, "-c", "2", "-c", "4", NULL) == OPT_RUN && got.count == 4);
	CHECK("operands: options among them, GNU order",
	      parse(&with_files, "a", "--quiet", "b", NULL) == OPT_RUN && got.quiet);
	CHECK_U64("operands: they start after the options", (uint64_t)first_operand, 2);
	CHECK("-- ends the options",
	      parse(&with_files, "--", "--quiet", NULL) == OPT_RUN && !got.quiet);
}

static void test_errors(void)
{
	REFUSED(&no_files, "unknown option -x (tool --help lists them)", "-x");
	REFUSED(&no_files, "unknown option --bogus (tool --help lists them)", "--bogus");
	REFUSED(&no_files, "unknown option --quiet=1 (tool --help lists them)", "--quiet=1");
	REFUSED(&no_files, "option -c needs a value", "-c");
	REFUSED(&no_files, "option --color needs a value", "--color");
	REFUSED(&no_files, "-d: the value is empty", "-d", "");
	REFUSED(&no_files, "--color: the value is empty", "--color=");
	REFUSED(&no_files, "-d given twice", "-d", "a", "-d", "b");
	REFUSED(&no_files, "--color pink: use red, green or blue", "--color", "pink");
	REFUSED(&no_files, "-c 10: must be between 1 and 9", "-c", "10");
	REFUSED(&no_files, "--quiet and --loud: give one", "--quiet", "--loud");
	REFUSED(&no_files, "unexpected argument 'a' (tool takes only options)",
		"-c", "1", "a", "-x");
	CHECK("a value's newline never breaks the message",
	      parse(&no_files, "--color", "a\nb", NULL) == OPT_ERROR &&
	      strchr(err, '\n') == NULL && strstr(err, "a?b"));
	/* getopt's state is reset: the same line parses the same twice. */
	parse(&no_files, "-c", NULL);
	CHECK("a second parse starts afresh",
	      parse(&no_files, "-c", "5", NULL) == OPT_RUN && got.count == 5);
}

static char *text_of(void (*print)(FILE *, const struct opt_set *),
		     const struct opt_set *set)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print(f, set);
	fclose(f);
	return buf;
}

static void usage_plain(FILE *out, const struct opt_set *set)
{
	opt_usage(out, "", set);
}

static void usage_lead(FILE *out, const struct opt_set *set)
{
	opt_usage(out, "usage: ", set);
}

static void test_text(void)
{
	char *usage = text_of(usage_plain, &with_files);
	char *lead = text_of(usage_lead, &with_files);
	char *help = text_of(opt_help, &no_files);

	CHECK_STR("usage: [a | b [c]] as one bracket, no hidden row, operands last, 78 columns",
		  usage,
		  "tool [-d dir] [-c count] [--color name] [--quiet | --loud [--name who]]\n"
		  "     [file ...]\n");
	CHECK_STR("usage after a lead: the same breaks, under the name",
		  lead,
		  "usage: tool [-d dir] [-c count] [--color name] [--quiet | --loud [--name who]]\n"
		  "            [file ...]\n");
	CHECK_STR("help: about, then each row with its help, wrapped",
		  help,
		  "\ntool picks.\n\n"
		  "  -d dir\n      where to look\n"
		  "  -c count\n"
		  "      how many: one to nine, and this help goes on long enough to be wrapped\n"
		  "      onto a second line\n"
		  "  --color name\n      red, green or blue\n"
		  "  --quiet\n      say less\n"
		  "  --loud\n      say more\n"
		  "  --name who\n      with --loud: whose\n"
		  "  --help\n      print this help\n");
	free(usage);
	free(lead);
	free(help);
}

int main(void)
{
	test_values();
	test_errors();
	test_text();
	return check_done();
}
