/* SPDX-License-Identifier: MIT */
/*
 * mark_read.c - `clyde mark`'s CSV lines back into struct mark_results
 * (mark_read.h), field by field as fmt_mark_csv writes them, grouping
 * consecutive lines into marks; the checks of a test that the JSON reader
 * (mark_read_json.c) shares.
 */
#include "mark_read.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "lib/grow.h"
#include "mark_read_internal.h"
#include "lib/utf8.h"
#include "read/csv.h"

#define MARK_CSV_FIELDS 22
#define MARK_CSV_FIELDS_OLD 21 /* before the method: those marks ran for their time */
#define MARK_CSV_HEADER "format,version,machine,profile,test"

void mark_set_free(struct mark_set *set)
{
	free(set->v);
	*set = (struct mark_set){ NULL, 0, 0, false };
}

struct mark_results *mark_set_add(struct mark_set *set)
{
	struct mark_results *v = grow_array(set->v, set->n, &set->cap,
					    sizeof(*v), 4);

	if (!v)
		return NULL;
	set->v = v;
	memset(&set->v[set->n], 0, sizeof(set->v[0]));
	set->v[set->n].env.rotational = -1;
	return &set->v[set->n++];
}

bool mark_csv_is_mark(const char *line, size_t len)
{
	size_t h = sizeof(MARK_CSV_HEADER) - 1;

	return (len >= 5 && memcmp(line, "mark,", 5) == 0) ||
	       (len >= h && memcmp(line, MARK_CSV_HEADER, h) == 0);
}

int mark_check_test(const struct mark_test *t, const char *name, char *why,
		    size_t len)
{
	char want[MARK_NAME_MAX];

	if (t->block_bytes < MARK_MIN_BLOCK || t->block_bytes > MARK_MAX_BLOCK ||
	    (t->block_bytes & (t->block_bytes - 1)))
		snprintf(why, len, "block of %" PRIu32 " bytes: not a power of two "
			 "from 4K to 64M", t->block_bytes);
	else if (t->depth < 1 || t->depth > 1024)
		snprintf(why, len, "queue depth %" PRIu32 ": not 1 to 1024", t->depth);
	else if (t->threads < 1 || t->threads > MAX_RANDOM_THREADS)
		snprintf(why, len, "threads %" PRIu32 ": not 1 to %d", t->threads,
			 MAX_RANDOM_THREADS);
	else if (strcmp(mark_test_name(t, want, sizeof(want)), name) != 0)
		snprintf(why, len, "test '%s' is not what its fields say (%s)", name,
			 want);
	else
		return 0;
	return -1;
}

/* A whole number of at most MAX in decimal digits alone. */
static int csv_uint(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (d > 9 || v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

/* A figure: digits with at most one '.', finite. */
static int csv_figure(const char *s, double *out)
{
	char *end;

	if (!*s || strspn(s, "0123456789.") != strlen(s) || *s == '.')
		return -1;
	*out = strtod(s, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

/* Where one line's fields are, cut at the commas in BUF. */
struct csv_fields {
	char *f[MARK_CSV_FIELDS];
	struct parse_error *err;
};

static int field_fail(struct csv_fields *c, int i, const char *why)
{
	static const char *const names[MARK_CSV_FIELDS] = {
		"format", "version", "machine", "profile", "test", "op", "pattern",
		"block_bytes", "queue_depth", "threads", "runs", "time_s",
		"size_mib", "mb_per_s", "iops", "mean_us", "p99_us", "max_us",
		"device_read_bytes", "device_write_bytes", "engine", "method",
	};

	snprintf(c->err->msg, sizeof(c->err->msg), "field %d (%s): %s", i,
		 names[i], why);
	return -1;
}

static int want_uint(struct csv_fields *c, int i, uint64_t max, uint64_t *out)
{
	if (csv_uint(c->f[i], max, out) != 0)
		return field_fail(c, i, "not a whole number in range");
	return 0;
}

/*
 * Text into OUT[0..size): not empty, valid UTF-8, no control bytes; without
 * the ' the writer puts before a field that starts like a formula
 * (csv_formula_guard).
 */
static int want_text(struct csv_fields *c, int i, char *out, size_t size)
{
	const char *s = c->f[i] + csv_formula_guard(c->f[i], strlen(c->f[i]));
	size_t len = strlen(s);

	if (len == 0 || len >= size)
		return field_fail(c, i, len ? "too long" : "empty");
	if (!utf8_valid(s, len))
		return field_fail(c, i, "not UTF-8");
	for (size_t k = 0; k < len; k++)
		if ((unsigned char)s[k] < 0x20 || s[k] == 0x7f)
			return field_fail(c, i, "a control character");
	memcpy(out, s, len + 1);
	return 0;
}

/* Fields 0 to 3 and 10 to 12, 20: what every line of one mark shares. */
static int read_head(struct csv_fields *c, struct mark_results *m)
{
	const struct mark_profile *p;
	uint64_t runs, time_s;

	if (strcmp(c->f[0], "mark") != 0)
		return field_fail(c, 0, "not 'mark'");
	if (strncmp(c->f[1], "clyde-", 6) != 0)
		return field_fail(c, 1, "not clyde-VERSION");
	c->f[1] += 6;
	if (want_text(c, 1, m->version, sizeof(m->version)) != 0 ||
	    want_text(c, 2, m->machine, sizeof(m->machine)) != 0 ||
	    want_text(c, 3, m->profile, sizeof(m->profile)) != 0 ||
	    want_uint(c, 10, MARK_MAX_RUNS, &runs) != 0 ||
	    want_uint(c, 11, UINT32_MAX, &time_s) != 0 ||
	    want_uint(c, 12, UINT64_MAX / MIB, &m->size_mib) != 0)
		return -1;
	if (strcmp(m->profile, "tests") == 0)
		m->profile[0] = '\0';
	p = m->profile[0] ? mark_profile_by_name(m->profile) : NULL;
	m->score = p ? p->score : MARK_MEAN;
	m->runs = (uint32_t)runs;
	m->time_s = (uint32_t)time_s;
	if (engine_from_name(c->f[20], &m->engine) != 0)
		return field_fail(c, 20, "not an engine clyde knows");
	m->method = MARK_BY_TIME;
	if (c->f[21] && mark_method_from_name(c->f[21], &m->method) != 0)
		return field_fail(c, 21, "not size or time");
	return 0;
}

/* The score from MB/s, IOPS and latencies, and what follows from them. */
static int read_score(struct csv_fields *c, const struct mark_results *m,
		      struct mark_result *t)
{
	double v[5], seconds = (double)m->runs * m->time_s;
	int empty = 0;

	for (int i = 0; i < 5; i++)
		empty += c->f[13 + i][0] == '\0';
	if (empty == 5)
		return 0;
	for (int i = 0; i < 5; i++)
		if (csv_figure(c->f[13 + i], &v[i]) != 0)
			return field_fail(c, 13 + i, "not a figure");
	if (m->runs == 0 || seconds * 1e9 >= 1.8e19 || v[1] * seconds >= 1.8e19 ||
	    v[0] * 1e6 * seconds >= 1.8e19 || v[3] >= 1.8e16 || v[4] >= 1.8e16)
		return field_fail(c, m->runs ? 13 : 10,
				  m->runs ? "too large" : "figures without runs");
	t->n_runs = m->runs;
	t->score.mb_per_s = v[0];
	t->score.iops = v[1];
	t->score.mean_us = v[2];
	t->score.elapsed_ns = (uint64_t)(seconds * 1e9);
	t->score.ios = (uint64_t)(v[1] * seconds + 0.5);
	t->score.bytes = (uint64_t)(v[0] * 1e6 * seconds + 0.5);
	t->lat.count = t->score.ios ? t->score.ios : 1;
	t->lat.p99_ns = (uint64_t)(v[3] * 1e3 + 0.5);
	t->lat.max_ns = (uint64_t)(v[4] * 1e3 + 0.5);
	return 0;
}

/* Fields 4 to 9 and 13 to 19: one test in one direction. */
static int read_test(struct csv_fields *c, const struct mark_results *m,
		     struct mark_result *t)
{
	uint64_t block, depth, threads;
	char why[120];

	memset(t, 0, sizeof(*t));
	t->disk_pct = -1;
	if (strcmp(c->f[5], "read") != 0 && strcmp(c->f[5], "write") != 0)
		return field_fail(c, 5, "not read or write");
	if (strcmp(c->f[6], "sequential") != 0 && strcmp(c->f[6], "random") != 0)
		return field_fail(c, 6, "not sequential or random");
	if (want_uint(c, 7, UINT32_MAX, &block) != 0 ||
	    want_uint(c, 8, UINT32_MAX, &depth) != 0 ||
	    want_uint(c, 9, UINT32_MAX, &threads) != 0)
		return -1;
	t->writes = c->f[5][0] == 'w';
	t->test = (struct mark_test){ c->f[6][0] == 's', (uint32_t)block,
				      (uint32_t)depth, (uint32_t)threads,
				      t->writes ? MARK_WRITE : MARK_READ };
	if (mark_check_test(&t->test, c->f[4], why, sizeof(why)) != 0)
		return field_fail(c, 4, why);
	if (read_score(c, m, t) != 0)
		return -1;
	if (c->f[18][0] || c->f[19][0]) {
		t->dev.known = true;
		if (want_uint(c, 18, UINT64_MAX, &t->dev.read_bytes) != 0 ||
		    want_uint(c, 19, UINT64_MAX, &t->dev.write_bytes) != 0)
			return -1;
	}
	return 0;
}

/* Whether line M's mark can take T: the same mark, and T not there yet. */
static bool continues(const struct mark_results *cur, const struct mark_results *m,
		      const struct mark_result *t)
{
	if (strcmp(cur->version, m->version) != 0 ||
	    strcmp(cur->machine, m->machine) != 0 ||
	    strcmp(cur->profile, m->profile) != 0 || cur->runs != m->runs ||
	    cur->time_s != m->time_s || cur->method != m->method ||
	    cur->size_mib != m->size_mib || cur->engine != m->engine ||
	    cur->n >= 2 * MARK_MAX_TESTS)
		return false;
	for (size_t i = 0; i < cur->n; i++)
		if (cur->tests[i].writes == t->writes &&
		    memcmp(&cur->tests[i].test, &t->test, sizeof(t->test)) == 0)
			return false;
	return true;
}

/* LINE split at its commas into C (BUF holds the copy), or -1. */
static int split(const char *line, size_t len, char *buf, struct csv_fields *c)
{
	int n = 0;

	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (memchr(line, '\0', len)) {
		snprintf(c->err->msg, sizeof(c->err->msg), "a NUL byte");
		return -1;
	}
	memcpy(buf, line, len);
	buf[len] = '\0';
	c->f[n++] = buf;
	for (char *p = buf; (p = strchr(p, ',')) != NULL; *p++ = '\0') {
		if (n == MARK_CSV_FIELDS) {
			n++;
			break;
		}
		c->f[n++] = p + 1;
	}
	if (n != MARK_CSV_FIELDS && n != MARK_CSV_FIELDS_OLD) {
		snprintf(c->err->msg, sizeof(c->err->msg), "%s fields, not %d",
			 n > MARK_CSV_FIELDS ? "more" : "fewer", MARK_CSV_FIELDS);
		return -1;
	}
	if (n == MARK_CSV_FIELDS_OLD)
		c->f[MARK_CSV_FIELDS_OLD] = NULL;
	return 0;
}

static bool blank(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", line[i]) || line[i] == '\0')
			return false;
	return true;
}

int mark_csv_line(struct mark_set *set, const char *line, size_t len,
		  struct parse_error *err)
{
	static const struct mark_results empty;
	struct csv_fields c = { .err = err };
	struct mark_results *m, *cur;
	struct mark_result t;
	char *buf;
	int rc = -1;

	if (blank(line, len))
		return 0;
	if (len >= sizeof(MARK_CSV_HEADER) - 1 &&
	    memcmp(line, MARK_CSV_HEADER, sizeof(MARK_CSV_HEADER) - 1) == 0) {
		set->csv_header = true;
		return 0;
	}
	buf = malloc(len + 1);
	m = malloc(sizeof(*m));
	if (!buf || !m) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		goto out;
	}
	*m = empty;
	m->env.rotational = -1;
	if (split(line, len, buf, &c) != 0 || read_head(&c, m) != 0 ||
	    read_test(&c, m, &t) != 0)
		goto out;
	cur = set->n ? &set->v[set->n - 1] : NULL;
	if (!cur || set->csv_header || !continues(cur, m, &t)) {
		if (!(cur = mark_set_add(set))) {
			snprintf(err->msg, sizeof(err->msg), "out of memory");
			goto out;
		}
		*cur = *m;
		set->csv_header = false;
	}
	cur->tests[cur->n++] = t;
	rc = 1;
out:
	free(buf);
	free(m);
	return rc;
}
