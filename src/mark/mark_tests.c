/* SPDX-License-Identifier: MIT */
/*
 * mark_tests.c - what a `clyde mark` test is: the strict parser of --tests
 * lists ("RND4K-Q32T1,SEQ128K-Q32T1:write"), the names CrystalDiskMark
 * gives tests ("RND4K Q32T1"), the profiles as KDiskMark has them, the
 * names of the methods, and whether a file size holds a list. Pure: no I/O, no globals but the
 * constant profile table.
 */
#include "mark.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

/*
 * KDiskMark's profiles (its "NVMe SSD" preset of the default profile is
 * nvme). The default and nvme figures are the mean of the runs, peak and
 * real the best run, as KDiskMark computes them.
 */
const struct mark_profile mark_profiles[] = {
	{ "default", "SEQ1M-Q8T1,SEQ1M-Q1T1,RND4K-Q32T1,RND4K-Q1T1", MARK_MEAN },
	{ "nvme", "SEQ1M-Q8T1,SEQ128K-Q32T1,RND4K-Q32T16,RND4K-Q1T1", MARK_MEAN },
	{ "peak", "SEQ1M-Q8T1,RND4K-Q32T1", MARK_BEST },
	{ "real", "SEQ1M-Q1T1,RND4K-Q1T1", MARK_BEST },
};
const size_t mark_profile_count = sizeof(mark_profiles) / sizeof(mark_profiles[0]);

const struct mark_profile *mark_profile_by_name(const char *name)
{
	for (size_t i = 0; i < mark_profile_count; i++)
		if (strcmp(mark_profiles[i].name, name) == 0)
			return &mark_profiles[i];
	return NULL;
}

static const char *const method_names[] = { "size", "time" };

const char *mark_method_name(enum mark_method m)
{
	return m == MARK_BY_TIME ? method_names[1] : method_names[0];
}

int mark_method_from_name(const char *name, enum mark_method *out)
{
	for (int i = 0; i < 2; i++) {
		if (strcmp(name, method_names[i]) == 0) {
			*out = i ? MARK_BY_TIME : MARK_BY_SIZE;
			return 0;
		}
	}
	return -1;
}

const char *mark_method_reference(enum mark_method m)
{
	return m == MARK_BY_TIME ? "CrystalDiskMark" : "KDiskMark";
}

#define ENTRY_SHOWN 32 /* bytes of a bad entry quoted in a message */

static int fail(struct parse_error *err, const char *entry, size_t len,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* "ENTRY: why", the entry cut at ENTRY_SHOWN bytes and made printable. */
static int fail(struct parse_error *err, const char *entry, size_t len,
		const char *fmt, ...)
{
	char shown[ENTRY_SHOWN + 4];
	size_t n = len < ENTRY_SHOWN ? len : ENTRY_SHOWN;
	va_list ap;
	int used;

	for (size_t i = 0; i < n; i++)
		shown[i] = isprint((unsigned char)entry[i]) ? entry[i] : '?';
	strcpy(shown + n, len > n ? "..." : "");
	used = snprintf(err->msg, sizeof(err->msg), "'%s': ", shown);
	if (used < 0 || (size_t)used >= sizeof(err->msg))
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg + used, sizeof(err->msg) - (size_t)used, fmt, ap);
	va_end(ap);
	return -1;
}

/* Case-insensitive: does the text at *P start with WORD? Then skip it. */
static bool take(const char **p, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - *p) < n || strncasecmp(*p, word, n) != 0)
		return false;
	*p += n;
	return true;
}

/* Decimal digits at *P into *out (at most MAX); false when none, too big
 * or with a leading zero. */
static bool number(const char **p, const char *end, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	const char *start = *p;

	if (end - *p >= 2 && (*p)[0] == '0' && (*p)[1] >= '0' && (*p)[1] <= '9')
		return false;
	while (*p < end && **p >= '0' && **p <= '9') {
		v = v * 10 + (uint64_t)(**p - '0');
		if (v > max)
			return false;
		(*p)++;
	}
	*out = v;
	return *p > start;
}

/* One entry, E .. END (no comma inside), into *t. */
static int parse_entry(const char *e, const char *end, struct mark_test *t,
		       struct parse_error *err)
{
	const char *p = e;
	size_t len = (size_t)(end - e);
	uint64_t size, q, n;

	memset(t, 0, sizeof(*t));
	if (take(&p, end, "SEQ"))
		t->sequential = true;
	else if (!take(&p, end, "RND"))
		return fail(err, e, len, "starts with SEQ or RND");
	if (!number(&p, end, MARK_MAX_BLOCK, &size) || size == 0)
		return fail(err, e, len, "a block size follows SEQ or RND (4K to 64M)");
	if (take(&p, end, "K"))
		size *= 1024;
	else if (take(&p, end, "M"))
		size *= 1024 * 1024;
	else
		return fail(err, e, len, "the block size needs K (KiB) or M (MiB)");
	if (size < MARK_MIN_BLOCK || size > MARK_MAX_BLOCK || (size & (size - 1)))
		return fail(err, e, len, "the block size is a power of two from 4K "
			    "to 64M");
	if (!take(&p, end, "-Q") || !number(&p, end, 1024, &q) || q == 0)
		return fail(err, e, len, "-Q and a queue depth from 1 to 1024 follow "
			    "the block size");
	if (!take(&p, end, "T") || !number(&p, end, MAX_RANDOM_THREADS, &n) || n == 0)
		return fail(err, e, len, "T and a thread count from 1 to %u follow "
			    "the queue depth", MAX_RANDOM_THREADS);
	if (q * n > MAX_RANDOM_WORKERS)
		return fail(err, e, len, "at most %u I/Os in flight (Q x T)",
			    MAX_RANDOM_WORKERS);
	t->dirs = MARK_READ | MARK_WRITE;
	if (p < end && *p == ':') {
		p++;
		if (take(&p, end, "read") && p == end)
			t->dirs = MARK_READ;
		else if (take(&p, end, "write") && p == end)
			t->dirs = MARK_WRITE;
		else
			return fail(err, e, len, "the direction after ':' is read or "
				    "write");
	}
	if (p != end)
		return fail(err, e, len, "unexpected text after the thread count");
	t->block_bytes = (uint32_t)size;
	t->depth = (uint32_t)q;
	t->threads = (uint32_t)n;
	return 0;
}

/* Merge T into LIST: a new test, or new directions of one already there. */
static int add_test(struct mark_list *list, const struct mark_test *t,
		    const char *e, size_t len, struct parse_error *err)
{
	for (size_t i = 0; i < list->n; i++) {
		struct mark_test *o = &list->tests[i];

		if (o->sequential != t->sequential || o->block_bytes != t->block_bytes ||
		    o->depth != t->depth || o->threads != t->threads)
			continue;
		if (o->dirs & t->dirs)
			return fail(err, e, len, "given twice");
		o->dirs |= t->dirs;
		return 0;
	}
	if (list->n == MARK_MAX_TESTS)
		return fail(err, e, len, "more than %u tests", MARK_MAX_TESTS);
	list->tests[list->n++] = *t;
	return 0;
}

int mark_parse_tests(const char *text, struct mark_list *out,
		     struct parse_error *err)
{
	const char *p = text;

	memset(out, 0, sizeof(*out));
	if (*text == '\0') {
		snprintf(err->msg, sizeof(err->msg), "the list is empty");
		return -1;
	}
	for (;;) {
		const char *end = strchr(p, ',');
		struct mark_test t;

		if (!end)
			end = p + strlen(p);
		if (end == p) {
			snprintf(err->msg, sizeof(err->msg), "an empty entry (two commas, "
				 "or one at an end)");
			return -1;
		}
		if (parse_entry(p, end, &t, err) != 0 ||
		    add_test(out, &t, p, (size_t)(end - p), err) != 0)
			return -1;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

const char *mark_test_name(const struct mark_test *t, char *buf, size_t len)
{
	bool mib = t->block_bytes >= 1024 * 1024;

	snprintf(buf, len, "%s%" PRIu32 "%s Q%" PRIu32 "T%" PRIu32,
		 t->sequential ? "SEQ" : "RND",
		 mib ? t->block_bytes / (1024 * 1024) : t->block_bytes / 1024,
		 mib ? "M" : "K", t->depth, t->threads);
	return buf;
}

int mark_check_size(const struct mark_list *list, uint64_t size_bytes,
		    char *err, size_t len)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct mark_test *t = &list->tests[i];
		uint64_t need = t->sequential ? (uint64_t)t->block_bytes * t->threads
					      : t->block_bytes;
		char name[MARK_NAME_MAX];

		if (size_bytes >= need)
			continue;
		mark_test_name(t, name, sizeof(name));
		snprintf(err, len, "-s %" PRIu64 "M is too small for %s: it needs "
			 "%s%" PRIu64 " MiB", size_bytes / MIB, name,
			 t->sequential && t->threads > 1 ? "a block per thread, " : "",
			 (need + MIB - 1) / MIB);
		return -1;
	}
	return 0;
}
