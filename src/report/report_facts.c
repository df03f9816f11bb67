/* SPDX-License-Identifier: MIT */
/*
 * report_facts.c - working out the facts `clyde report` prints beside
 * its runs (report_facts.h): the caption of what all runs share, the
 * attributes that vary, the notes on runs that share a name but differ
 * or that measured memory, and each run's group. No state outside the
 * caller's struct run_facts.
 */
#include "report_facts.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_groups.h"
#include "format/fmt_text.h"
#include "lib/utf8.h"
#include "core/limit.h"

int report_facts_note(struct run_facts *f, const char *fmt, ...)
{
	va_list ap;
	char *note;
	int len;

	if (f->n_notes >= FACTS_NOTES_MAX) {
		f->notes_dropped++;
		return 0;
	}
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0 || !(note = malloc((size_t)len + 1)))
		return -1;
	va_start(ap, fmt);
	vsnprintf(note, (size_t)len + 1, fmt, ap);
	va_end(ap);
	/* Cut between characters: names in notes may be any UTF-8. */
	note[utf8_cut_bytes(note, (size_t)len, FACTS_NOTE_MAX - 1)] = '\0';
	f->notes[f->n_notes++] = note;
	return 0;
}

int report_facts_done(struct run_facts *f)
{
	size_t dropped = f->notes_dropped;

	if (dropped == 0 || f->n_notes > FACTS_NOTES_MAX)
		return 0;
	f->n_notes = FACTS_NOTES_MAX - 1; /* make room for the count */
	free(f->notes[f->n_notes]);
	f->notes_dropped = 0;
	return report_facts_note(f, "%zu more notes left out", dropped + 1);
}

void report_facts_free(struct run_facts *f)
{
	for (size_t i = 0; i < f->n_notes; i++)
		free(f->notes[i]);
	free(f->group);
	memset(f, 0, sizeof(*f));
}

static void join(char *buf, size_t len, const char *text)
{
	fmt_join(buf, len, ", ", text);
}

/* What one attribute looks like over every setup. */
struct attr_seen {
	char first[RUN_ATTR_TEXT_MAX]; /* the first known value */
	bool known, unknown, differ;
};

/* Which attributes vary over the setups of S; the caption of the others. */
static void survey(struct run_store *s, struct run_facts *f)
{
	struct attr_seen seen[RUN_ATTR_MAX] = { 0 };
	size_t n = run_store_setups(s);

	for (size_t k = 0; k < n; k++) {
		const struct run_results *r = run_store_setup(s, (uint32_t)k);

		for (size_t a = 0; a < run_attr_count; a++) {
			struct attr_seen *e = &seen[a];
			char value[RUN_ATTR_TEXT_MAX];

			if (!run_attrs[a].read(r, value))
				continue;
			if (!value[0])
				e->unknown = true;
			else if (!e->known)
				memcpy(e->first, value, sizeof(value));
			else if (strcmp(value, e->first) != 0)
				e->differ = true;
			e->known |= value[0] != '\0';
		}
	}
	for (size_t a = 0; a < run_attr_count; a++) {
		const struct attr_seen *e = &seen[a];

		/* Known here and not there is a difference too. */
		f->varies[a] = e->differ || (e->known && e->unknown);
		if (!f->varies[a] && e->known && run_attrs[a].in_row == ROW_NONE &&
		    !run_attrs[a].detail)
			join(f->caption, sizeof(f->caption), e->first);
	}
}

#define NOTE_VALUES_MAX 16 /* values of one attribute a note lists */

static void join_sep_values(char *buf, size_t len, const char *value)
{
	fmt_join(buf, len, "; ", value[0] ? value : "not recorded");
}

/*
 * The distinct values of attribute A over the setups SETUPS[0..n) as
 * "v1; v2" into BUF ("not recorded" for a source that did not say, runs it
 * means nothing for left out); whether there are two or more.
 */
static bool attr_values(struct run_store *s, size_t a, const uint32_t *setups,
			size_t n, char *buf, size_t len)
{
	char seen[NOTE_VALUES_MAX][RUN_ATTR_TEXT_MAX];
	size_t distinct = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < n; k++) {
		char value[RUN_ATTR_TEXT_MAX];
		bool again = false;

		if (!run_attrs[a].read(run_store_setup(s, setups[k]), value))
			continue;
		for (size_t j = 0; j < distinct && !again; j++)
			again = strcmp(value, seen[j]) == 0;
		if (again || distinct == NOTE_VALUES_MAX)
			continue;
		memcpy(seen[distinct++], value, sizeof(value));
		join_sep_values(buf, len, value);
	}
	return distinct > 1;
}

#define NOTE_SETUPS_MAX 16 /* setups of one name whose values a note lists */

/* The note on the runs of name group G (several setups) of S. */
static int name_note(struct run_store *s, const struct report_groups *g,
		     size_t k, struct run_facts *f)
{
	uint32_t setups[NOTE_SETUPS_MAX];
	size_t n = 0;
	char text[FACTS_NOTE_MAX] = "", values[FACTS_NOTE_MAX / 2];

	for (uint32_t i = 0; i < g->count[k] && n < NOTE_SETUPS_MAX; i++) {
		uint32_t id = run_store_setup_id(s, g->run[g->start[k] + i]);
		bool seen = false;

		for (size_t j = 0; j < n; j++)
			seen |= setups[j] == id;
		if (!seen)
			setups[n++] = id;
	}
	for (size_t a = 0; a < run_attr_count; a++) {
		if (!attr_values(s, a, setups, n, values, sizeof(values)))
			continue;
		join(text, sizeof(text), run_attrs[a].name);
		fmt_join(text, sizeof(text), "", " (");
		fmt_join(text, sizeof(text), "", values);
		fmt_join(text, sizeof(text), "", ")");
	}
	if (!text[0])
		return 0;
	return report_facts_note(f, "%s: its %u runs differ in %s",
				 run_store_name(s, run_store_name_id(s, g->run[g->start[k]])),
				 g->count[k], text);
}

/* The note on the runs of name group K whose -d was in RAM, if any. */
static int memory_note(struct run_store *s, const struct report_groups *g,
		       size_t k, struct run_facts *f)
{
	char why[96] = "", first[96] = "";
	uint32_t in_memory = 0;

	for (uint32_t i = 0; i < g->count[k]; i++) {
		uint32_t id = run_store_setup_id(s, g->run[g->start[k] + i]);
		const struct run_results *r = run_store_setup(s, id);

		if (r->prov_known && limit_memory_fs(&r->prov, why, sizeof(why)) &&
		    in_memory++ == 0)
			memcpy(first, why, sizeof(first));
	}
	if (in_memory == 0)
		return 0;
	const char *name = run_store_name(s, run_store_name_id(s, g->run[g->start[k]]));
	if (in_memory < g->count[k])
		return report_facts_note(f, "%s: %u of its %u runs had -d on %s: "
					 "their figures are memory's, not a disk's",
					 name, in_memory, g->count[k], first);
	return report_facts_note(f, "%s: -d was on %s: these figures are "
				 "memory's, not a disk's", name, first);
}

/* Each run's group by name and test attributes into f->group. */
static int test_groups(struct run_store *s, struct run_facts *f)
{
	struct report_groups g;

	if (report_groups_build(s, false, &g) != 0)
		return -1;
	f->group = malloc((f->runs + 1) * sizeof(*f->group));
	if (f->group) {
		f->n_group = f->runs;
		for (size_t k = 0; k < g.n; k++)
			for (uint32_t i = 0; i < g.count[k]; i++)
				f->group[g.run[g.start[k] + i]] = (uint32_t)k;
	}
	report_groups_free(&g);
	return f->group ? 0 : -1;
}

int report_facts_compute(struct run_store *s, struct run_facts *f)
{
	struct report_groups g;
	int rc = 0;

	memset(f, 0, sizeof(*f));
	f->runs = run_store_count(s);
	survey(s, f);
	if (report_groups_build(s, true, &g) != 0)
		return -1;
	for (size_t k = 0; k < g.n && rc == 0; k++)
		if ((rc = memory_note(s, &g, k, f)) == 0 && g.setups[k] > 1)
			rc = name_note(s, &g, k, f);
	report_groups_free(&g);
	return rc == 0 ? test_groups(s, f) : rc;
}
