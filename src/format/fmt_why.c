/* SPDX-License-Identifier: MIT */
/*
 * fmt_why.c - what limited each figure and how each test went over time,
 * in words (fmt_why.h). The verdicts are the results' (core/limit.c,
 * core/shape.c); this only says them.
 */
#include "fmt_why.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "fmt_present.h"
#include "run/phase_info.h"
#include "run_source.h"

#define MIB_D 1048576.0

bool fmt_why_test(const struct run_results *r, size_t i, struct why_test *t)
{
	size_t n_random = r->n_random < MAX_RANDOM_TESTS ? r->n_random : MAX_RANDOM_TESTS;
	const struct random_result *x;

	if (i < PHASE_COUNT) {
		snprintf(t->name, sizeof(t->name), "%s", phase_table[i].name);
		t->limit = &r->phase[i].limit;
		t->series = &r->phase[i].series;
		t->probe = &r->phase[i].probe;
		t->bytes = phase_table[i].unit == UNIT_KIB_S;
		return true;
	}
	if (i - PHASE_COUNT >= n_random)
		return false;
	x = &r->random[i - PHASE_COUNT];
	if (x->threads)
		snprintf(t->name, sizeof(t->name), "random %s Q%" PRIu32 "T%" PRIu32,
			 x->writes ? "writes" : "reads", x->depth, x->threads);
	else
		snprintf(t->name, sizeof(t->name), "random %s at depth %" PRIu32,
			 x->writes ? "writes" : "reads", x->depth);
	t->limit = &x->limit;
	t->series = &x->series;
	t->probe = &x->probe;
	t->bytes = false;
	return true;
}

const char *fmt_why_kind(enum limit_kind kind)
{
	static const char *const names[] = {
		[LIMIT_NONE] = "", [LIMIT_UNKNOWN] = "unknown", [LIMIT_CPU] = "cpu",
		[LIMIT_INTERFACE] = "interface", [LIMIT_CIPHER] = "cipher",
		[LIMIT_CACHE] = "cache", [LIMIT_MEMORY] = "memory",
		[LIMIT_DEVICE] = "device",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "";
}

const char *fmt_why_verdict(enum limit_kind kind)
{
	static const char *const words[] = {
		[LIMIT_NONE] = "", [LIMIT_UNKNOWN] = "has no known limit",
		[LIMIT_CPU] = "is CPU-bound", [LIMIT_INTERFACE] = "is interface-bound",
		[LIMIT_CIPHER] = "is cipher-bound", [LIMIT_CACHE] = "is the page cache's",
		[LIMIT_MEMORY] = "is memory's", [LIMIT_DEVICE] = "is device-bound",
	};

	return (unsigned)kind < sizeof(words) / sizeof(words[0]) ? words[kind] : "";
}

const char *fmt_why_rate(double per_s, bool bytes, char *buf, size_t len)
{
	static const char *const units[] = { "B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s" };
	size_t u = 0;

	if (!isfinite(per_s) || per_s < 0)
		per_s = 0;
	if (!bytes) {
		if (per_s >= 10000)
			snprintf(buf, len, "%.1fk/s", per_s / 1000);
		else
			snprintf(buf, len, "%.0f/s", per_s);
		return buf;
	}
	while (per_s >= 1000 && u + 1 < sizeof(units) / sizeof(units[0])) {
		per_s /= 1024;
		u++;
	}
	snprintf(buf, len, per_s < 10 && u > 0 ? "%.1f %s" : "%.0f %s", per_s, units[u]);
	return buf;
}

/* "the 2 cores its 5 threads could use", "one core". */
static void cores_text(const struct figure_limit *l, char *buf, size_t len)
{
	if (l->cores <= 1)
		snprintf(buf, len, "%.0f%% of one core", l->cpu_pct);
	else
		snprintf(buf, len, "%.0f%% CPU, all of the %.0f cores its threads could use",
			 l->cpu_pct, l->cores);
}

/* The CPU verdict's evidence, with the tail it leaves out and the cache. */
static void cpu_text(const struct figure_limit *l, char *buf, size_t len)
{
	size_t n;

	cores_text(l, buf, len);
	n = strlen(buf);
	if (l->wait_pct >= 1 && n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      " and %.0f%% more waiting for a CPU (a busy machine)",
				      l->wait_pct);
	if (l->tail_s > 0 && n < len)
		n += (size_t)snprintf(buf + n, len - n, ", then %.1f s of its final fsync",
				      l->tail_s);
	if (l->cached && n < len)
		snprintf(buf + n, len - n, "; the page cache served it (%u%% %s the disk)",
			 l->pct, l->writes ? "written to" : "from");
}

/* MB/s (10^6) as MiB/s words. */
static const char *mb(double mb_s, char *buf, size_t len)
{
	return fmt_why_rate(mb_s * 1e6, true, buf, len);
}

static void device_text(const struct figure_limit *l, char *buf, size_t len)
{
	char cpu[96], a[32], b[32];
	int n;

	if (l->cores > 1)
		snprintf(cpu, sizeof(cpu), "%.0f%% CPU of %.0f cores", l->cpu_pct, l->cores);
	else
		cores_text(l, cpu, sizeof(cpu));
	n = snprintf(buf, len, "%s; the disk %s %u%% of its bytes", cpu,
		     l->writes ? "wrote" : "read", l->pct);
	if (n < 0 || (size_t)n >= len)
		return;
	if (l->limit_mb_s > 0)
		snprintf(buf + n, len - (size_t)n, "; %s of the ~%s %s carries",
			 mb(l->mb_s, a, sizeof(a)), mb(l->limit_mb_s, b, sizeof(b)), l->what);
	else if (strcmp(l->what, "virtio") == 0)
		snprintf(buf + n, len - (size_t)n, "; virtio has no link of its own");
}

static const char *missing_text(enum limit_missing m)
{
	switch (m) {
	case MISSING_PROVENANCE:
		return "no provenance (read from CSV)";
	case MISSING_COUNTERS:
		return "no counters of the device under it";
	case MISSING_CEILING:
		return "the ceiling of a disk's link could not be read";
	case MISSING_TIMES:
		return "no measured times or bytes";
	case MISSING_FILES:
		return "a file test has no bytes to weigh against the disk";
	case MISSING_CIPHER:
		return "dm-crypt's cipher speed was not measured";
	case MISSING_NOTHING:
		break;
	}
	return "";
}

/* The notes after the evidence in BUF: "; online discard is on". */
static void notes_text(const struct figure_limit *l, char *buf, size_t len)
{
	size_t n = strlen(buf);

	if ((l->notes & LIMIT_NOTE_DISCARD) && n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      "; online discard is on (mounted with discard)");
	if ((l->notes & LIMIT_NOTE_WRITE_THROUGH) && n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      "; a disk's write cache is off (write through)");
	if ((l->notes & LIMIT_NOTE_GOVERNOR) && n < len)
		snprintf(buf + n, len - n, "; the CPU's frequency governor is %s", l->what);
}

const char *fmt_why_evidence(const struct figure_limit *l, char *buf, size_t len)
{
	char a[32], b[32], c[32];

	buf[0] = '\0';
	switch (l->kind) {
	case LIMIT_CPU:
		cpu_text(l, buf, len);
		break;
	case LIMIT_INTERFACE:
		snprintf(buf, len, "%s of %s's ~%s (a transfer gets about %s)",
			 mb(l->mb_s, a, sizeof(a)), l->what, mb(l->ceiling_mb_s, b, sizeof(b)),
			 mb(l->limit_mb_s, c, sizeof(c)));
		break;
	case LIMIT_CIPHER:
		snprintf(buf, len, "%s through dm-crypt's %s, which one core runs at ~%s",
			 mb(l->mb_s, a, sizeof(a)), l->what, mb(l->limit_mb_s, b, sizeof(b)));
		break;
	case LIMIT_CACHE:
		if (l->writes)
			snprintf(buf, len, "the disk wrote %u%% of it by the test's end", l->pct);
		else
			snprintf(buf, len, "%u%% of its reads came from the disk", l->pct);
		break;
	case LIMIT_MEMORY:
		snprintf(buf, len, "the filesystem is in RAM (%s)", l->what);
		break;
	case LIMIT_DEVICE:
		device_text(l, buf, len);
		break;
	case LIMIT_UNKNOWN:
		snprintf(buf, len, "%s", missing_text(l->missing));
		break;
	case LIMIT_NONE:
		break;
	}
	notes_text(l, buf, len);
	return buf;
}

const char *fmt_why_shape(const struct series_shape *sh, bool bytes, char *buf,
			  size_t len)
{
	char a[32], b[32];

	switch (sh->kind) {
	case SHAPE_STEP_DOWN:
	case SHAPE_STEP_UP:
		fmt_why_rate(sh->before, bytes, a, sizeof(a));
		fmt_why_rate(sh->after, bytes, b, sizeof(b));
		if (bytes)
			snprintf(buf, len, "%s from %s to %s after %.1f GiB (at %.1f s)",
				 sh->kind == SHAPE_STEP_DOWN ? "fell" : "rose", a, b,
				 sh->at_bytes / (MIB_D * 1024), sh->at_s);
		else
			snprintf(buf, len, "%s from %s to %s after %.1f s",
				 sh->kind == SHAPE_STEP_DOWN ? "fell" : "rose", a, b, sh->at_s);
		break;
	case SHAPE_DECLINE:
		snprintf(buf, len, "declined steadily from %s to %s over %.1f s",
			 fmt_why_rate(sh->before, bytes, a, sizeof(a)),
			 fmt_why_rate(sh->after, bytes, b, sizeof(b)), sh->len_s);
		break;
	case SHAPE_STALL:
		snprintf(buf, len, "stalled for %.1f s at %.1f s", sh->len_s, sh->at_s);
		break;
	case SHAPE_TAIL:
		snprintf(buf, len, "spent its last %.1f s with no operation done "
			 "(the final fsync, or a close)", sh->len_s);
		break;
	}
	return buf;
}

bool fmt_why_line(const struct run_results *r, size_t k, char *buf, size_t len,
		  bool *shape)
{
	struct why_test t;
	char text[WHY_TEXT_MAX];

	for (size_t i = 0; fmt_why_test(r, i, &t); i++)
		if (t.limit->kind != LIMIT_NONE && t.limit->kind != LIMIT_UNKNOWN &&
		    k-- == 0) {
			snprintf(buf, len, "%s %s: %s", t.name, fmt_why_verdict(t.limit->kind),
				 fmt_why_evidence(t.limit, text, sizeof(text)));
			*shape = false;
			return true;
		}
	for (size_t i = 0; fmt_why_test(r, i, &t); i++)
		for (uint32_t j = 0; j < t.series->n_shapes && j < SERIES_MAX_SHAPES; j++)
			if (k-- == 0) {
				snprintf(buf, len, "%s %s", t.name,
					 fmt_why_shape(&t.series->shape[j], t.bytes, text,
						       sizeof(text)));
				*shape = true;
				return true;
			}
	return false;
}

/* R's lines, "Why" or "Over time" and LABEL before each. */
static void why_lines(FILE *out, const struct run_results *r, const char *label)
{
	char line[WHY_LINE_MAX];
	bool shape;

	for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++)
		fprintf(out, "%s%s: %s\n", shape ? "Over time" : "Why", label, line);
}

void fmt_why(FILE *out, const struct run_results *r)
{
	why_lines(out, r, "");
}

void fmt_why_runs(FILE *out, struct run_source *src)
{
	const struct run_results *r;
	char label[MACHINE_MAX + 32];

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++) {
		snprintf(label, sizeof(label), " (run %zu, %s)", i + 1, r->machine);
		why_lines(out, r, src->n == 1 ? "" : label);
	}
}

bool fmt_why_any(struct run_source *src)
{
	const struct run_results *r;
	char line[WHY_LINE_MAX];
	bool shape;

	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		if (fmt_why_line(r, 0, line, sizeof(line), &shape))
			return true;
	return false;
}

void fmt_why_markdown(FILE *out, struct run_source *src)
{
	const struct run_results *r;
	char line[WHY_LINE_MAX];
	bool shape;

	fputs("**Why these figures**\n\n", out);
	for (size_t i = 0; (r = run_at(src, i)) != NULL; i++)
		for (size_t k = 0; fmt_why_line(r, k, line, sizeof(line), &shape); k++) {
			fprintf(out, "- %s", shape ? "Over time, " : "");
			if (src->n != 1) {
				fprintf(out, "run %zu (", i + 1);
				present_markdown_text(out, r->machine);
				fputs("): ", out);
			}
			present_markdown_text(out, line);
			fputc('\n', out);
		}
}
