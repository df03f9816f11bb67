/* SPDX-License-Identifier: MIT */
/*
 * setting.h - the registry of machine settings clyde changed (--vary), the
 * settings' counterpart of cleanup.h's paths: each setting's original value
 * is written to a journal file and synced, then kept here, before the
 * first change; every ending that can run code puts the originals back
 * (session.c, beside cleanup_all). A run killed outright leaves its
 * journal, and setting_recover puts its values back later. Settings are
 * read and written through the caller's accessors (platform/knob.h): this
 * file knows no machine. Main thread only; no signal handler touches it.
 */
#ifndef SETTING_H
#define SETTING_H

#include <stdbool.h>
#include <stddef.h>

/* Where journals are kept: the stated place, emptied by every boot. */
#define SETTING_JOURNAL_DIR "/run/clyde"
/* The longest setting value or place a journal holds. */
#define SETTING_TEXT_MAX 512

/* How a setting is read and written; KIND names its family (knob.h). */
struct setting_access {
	/* The value of KIND at WHERE now into OUT: 0, or -1 with errno. */
	int (*get)(const char *kind, const char *where, char *out, size_t len);
	/* Set KIND at WHERE to VALUE: 0, or -1 with errno. */
	int (*put)(const char *kind, const char *where, const char *value);
};

/* A setting that could not be changed or put back, and why. */
struct setting_failure {
	char kind[32];
	char where[SETTING_TEXT_MAX];
	char value[SETTING_TEXT_MAX]; /* what it should have become */
	char now[SETTING_TEXT_MAX];   /* what it reads instead ("" unread) */
	int errnum;                   /* 0: it took VALUE but reads NOW */
};

/*
 * Start this process's journal in DIR (made mode 0700 when missing), as
 * DIR/settings.PID, locked (flock) for as long as the process lives, so
 * that setting_recover knows it for a live one. ACCESS must live to the
 * end. 0, or -1 with errno (EEXIST: a journal of that name was left and
 * could not be recovered). Calling it again does nothing.
 */
int setting_begin(const char *dir, const struct setting_access *access);

/* The journal's path ("" before setting_begin). */
const char *setting_journal(void);

/*
 * Record KIND at WHERE with the value it has now, unless recorded
 * already: into the journal (written and synced) first, then the
 * registry. 0, or -1 with errno: EBUSY when a live clyde's journal (other
 * than this one) holds the same setting (*PID its process), ENOSPC when
 * the registry is full.
 */
int setting_record(const char *kind, const char *where, long *pid);

/*
 * Record KIND at WHERE (setting_record), then set it to VALUE and read it
 * back. 0, or -1 with *F saying what failed (errnum EBUSY with f->now the
 * other clyde's pid).
 */
int setting_change(const char *kind, const char *where, const char *value,
		   struct setting_failure *f);

/* Whether KIND at WHERE is recorded. */
bool setting_is_recorded(const char *kind, const char *where);

/* How many settings are recorded. */
size_t setting_count(void);

/*
 * Put every recorded setting back to its original value, in the order
 * recorded (a scheduler before the queue depth it resets), writing only
 * where it differs now, and check that each reads back so. A setting
 * whose place is gone (get fails with ENOENT) has nothing to put back. Keeps the
 * records. Returns how many could not be put back, the first in *FIRST
 * (may be NULL); SAID (may be NULL) hears of each one changed.
 */
int setting_restore(struct setting_failure *first,
		    void (*said)(void *arg, const char *kind, const char *where,
				 const char *value),
		    void *arg);

/*
 * The final: setting_restore, then forget the records and remove the
 * journal when every value is back (else keep it, for setting_recover).
 * Returns setting_restore's count. Harmless without setting_begin.
 */
int setting_end(struct setting_failure *first);

/* What setting_recover found in one journal. */
struct setting_recovered {
	char journal[SETTING_TEXT_MAX];
	long pid;          /* the process that wrote it */
	size_t put_back;   /* settings that differed and were put back */
	size_t entries;    /* settings the journal held */
	int failed;        /* settings that could not be put back */
	struct setting_failure first;
};

/*
 * Every journal in DIR that no live process holds: its settings put back
 * through ACCESS, in order, where they differ; the journal removed when
 * all are back. SAY (may be NULL) is called after each journal, and
 * CHANGED (may be NULL) for each value put back. Returns the number of
 * journals found, or -1 with errno when DIR cannot be read (ENOENT: none
 * was ever made; not an error for the caller to say). *FAILED gets the
 * count of settings not put back.
 */
int setting_recover(const char *dir, const struct setting_access *access,
		    void (*say)(void *arg, const struct setting_recovered *r),
		    void (*changed)(void *arg, const char *kind,
				    const char *where, const char *value),
		    void *arg, int *failed);

#endif
