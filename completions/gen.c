/* SPDX-License-Identifier: MIT */
/*
 * gen.c - writes clyde's shell completion from its option tables, so that
 * it never drifts from them: `gen bash` a bash script (complete -F),
 * `gen zsh` a zsh function (#compdef). Built and run by the Makefile
 * against the library (the command table, src/cli/command.c, and each
 * command's rows); `make install` installs what it writes. Each option's
 * value completes from the row: its choices, directories for "dir", files
 * for "file", users and groups for -u and -g, nothing for a number.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/command.h"

/* What completes an option's value: a list of words, or a kind of name. */
enum value { VALUE_NONE, VALUE_WORDS, VALUE_DIR, VALUE_FILE, VALUE_USER,
	     VALUE_GROUP };

/* How each shell completes each kind: bash's compgen option, zsh's action
 * (the words themselves follow -W, and go in zsh's parentheses). */
static const struct {
	const char *bash, *zsh;
} actions[] = {
	[VALUE_NONE] = { NULL, " " },       /* a value to type */
	[VALUE_WORDS] = { "-W", NULL },
	[VALUE_DIR] = { "-d", "_files -/" },
	[VALUE_FILE] = { "-f", "_files" },
	[VALUE_USER] = { "-u", "_users" },
	[VALUE_GROUP] = { "-g", "_groups" },
};

static enum value value_of(const struct opt_row *r)
{
	if (r->has_arg != required_argument || !r->arg_name)
		return VALUE_NONE;
	if (r->choices)
		return VALUE_WORDS;
	if (strcmp(r->arg_name, "dir") == 0)
		return VALUE_DIR;
	if (strcmp(r->arg_name, "file") == 0)
		return VALUE_FILE;
	if (strncmp(r->arg_name, "user", 4) == 0)
		return VALUE_USER;
	if (strcmp(r->arg_name, "group") == 0)
		return VALUE_GROUP;
	return VALUE_NONE;
}

static void put_choices(FILE *out, const struct opt_row *r, const char *sep)
{
	const char *c;

	for (size_t i = 0; (c = r->choices(i)) != NULL; i++)
		fprintf(out, "%s%s", i ? sep : "", c);
}

static void bash_command(FILE *out, const struct command *c)
{
	const struct opt_set *s = c->opts;
	char name[64];

	fprintf(out, "\t%s)\n\t\topts=\"", c->word ? c->word : "''");
	for (size_t i = 0; i < s->n; i++)
		fprintf(out, "%s%s", i ? " " : "", opt_name(&s->rows[i], name, sizeof(name)));
	fprintf(out, "\"\n\t\toperands=%s\n\t\tcase $prev in\n",
		s->operands ? "files" : "none");
	for (size_t i = 0; i < s->n; i++) {
		const struct opt_row *r = &s->rows[i];
		enum value v = value_of(r);

		if (r->has_arg != required_argument)
			continue;
		fprintf(out, "\t\t%s) COMPREPLY=(", opt_name(r, name, sizeof(name)));
		if (actions[v].bash) {
			fprintf(out, "$(compgen %s ", actions[v].bash);
			if (v == VALUE_WORDS) {
				fputc('"', out);
				put_choices(out, r, " ");
				fputs("\" ", out);
			}
			fputs("-- \"$cur\")", out);
		}
		fputs("); return ;;\n", out);
	}
	fputs("\t\tesac ;;\n", out);
}

/* The command words, SEP between them: "report|mark|where". */
static void put_words(FILE *out, const char *sep)
{
	for (size_t i = 0, n = 0; i < command_count; i++)
		if (commands[i].word)
			fprintf(out, "%s%s", n++ ? sep : "", commands[i].word);
}

static void bash(FILE *out)
{
	fputs("# bash completion for clyde and clyde-mpi, written by the build "
	      "from clyde's\n# option tables (completions/gen.c): do not edit.\n"
	      "_clyde()\n{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	      "\tlocal cmd='' opts operands\n"
	      "\tcase ${COMP_WORDS[1]} in\n\t", out);
	put_words(out, "|");
	fputs(") [ \"$COMP_CWORD\" -gt 1 ] && cmd=${COMP_WORDS[1]} ;;\n\tesac\n"
	      "\tCOMPREPLY=()\n\tcase $cmd in\n", out);
	for (size_t i = 0; i < command_count; i++)
		bash_command(out, &commands[i]);
	fputs("\tesac\n"
	      "\tif [ \"$COMP_CWORD\" -eq 1 ] && [ \"${cur#-}\" = \"$cur\" ]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"", out);
	put_words(out, " ");
	fputs("\" -- \"$cur\"))\n"
	      "\telif [ \"${cur#-}\" != \"$cur\" ]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	      "\telif [ \"$operands\" = files ]; then\n"
	      "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\tfi\n}\ncomplete -F _clyde clyde clyde-mpi\n", out);
}

/* TEXT in a single-quoted zsh word, ' made harmless, and also the
 * characters in SPECIAL escaped with a backslash. */
static void zsh_quoted(FILE *out, const char *text, size_t n, const char *special)
{
	for (size_t i = 0; i < n && text[i]; i++) {
		if (text[i] == '\'')
			fputs("'\\''", out);
		else if (strchr(special, text[i]))
			fprintf(out, "\\%c", text[i]);
		else
			fputc(text[i], out);
	}
}

/* An option's or a command's description: TEXT's first sentence or
 * line, cut between words to at most MAX bytes, [ ] and : escaped. */
static void zsh_text(FILE *out, const char *text, size_t max)
{
	size_t n = strcspn(text, ";\n");

	if (n > max) {
		n = max;
		while (n > 0 && text[n] != ' ')
			n--;
	}
	while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == ','))
		n--;
	zsh_quoted(out, text, n, "[]:\\");
}

static void zsh_spec(FILE *out, const struct opt_row *r)
{
	char name[64];

	fprintf(out, " \\\n\t\t'%s%s[", opt_name(r, name, sizeof(name)),
		r->has_arg == no_argument ? ""
		: r->has_arg == optional_argument ? "-"
		: r->long_name ? "=" : "+");
	zsh_text(out, r->help ? r->help : r->long_name, 60);
	fputc(']', out);
	if (r->has_arg == required_argument) {
		fputc(':', out);
		zsh_quoted(out, r->arg_name, strlen(r->arg_name), ":\\");
		fputc(':', out);
		if (value_of(r) == VALUE_WORDS) {
			fputc('(', out);
			put_choices(out, r, " ");
			fputc(')', out);
		} else {
			fputs(actions[value_of(r)].zsh, out);
		}
	}
	fputc('\'', out);
}

static void zsh_arguments(FILE *out, const struct command *c)
{
	fputs("_arguments -s -S", out);
	for (size_t i = 0; i < c->opts->n; i++)
		zsh_spec(out, &c->opts->rows[i]);
	if (c->opts->operands)
		fputs(" \\\n\t\t'*:file:_files'", out);
	fputs("\n", out);
}

static void zsh(FILE *out)
{
	fputs("#compdef clyde clyde-mpi\n# zsh completion for clyde and "
	      "clyde-mpi, written by the build from clyde's\n# option tables "
	      "(completions/gen.c): do not edit.\n_clyde() {\n"
	      "\tlocal -a cmds\n\tcmds=(", out);
	for (size_t i = 0; i < command_count; i++) {
		if (!commands[i].word)
			continue;
		fprintf(out, "\n\t\t'%s:", commands[i].word);
		zsh_text(out, commands[i].opts->about ? commands[i].opts->about : "",
			 60);
		fputc('\'', out);
	}
	fputs("\n\t)\n\tcase $words[2] in\n", out);
	for (size_t i = 0; i < command_count; i++) {
		if (!commands[i].word)
			continue;
		fprintf(out, "\t%s)\n\t\tshift words\n\t\t(( CURRENT-- ))\n\t\t",
			commands[i].word);
		zsh_arguments(out, &commands[i]);
		fputs("\t\t;;\n", out);
	}
	fputs("\t*)\n\t\tif (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n"
	      "\t\t\t_describe command cmds\n\t\t\treturn\n\t\tfi\n\t\t", out);
	for (size_t i = 0; i < command_count; i++)
		if (!commands[i].word)
			zsh_arguments(out, &commands[i]);
	fputs("\t\t;;\n\tesac\n}\n_clyde \"$@\"\n", out);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "bash") == 0)
		bash(stdout);
	else if (argc == 2 && strcmp(argv[1], "zsh") == 0)
		zsh(stdout);
	else {
		fputs("usage: gen bash|zsh\n", stderr);
		return 1;
	}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
