/* SPDX-License-Identifier: MIT */
/*
 * mark_grid.c - the grid every renderer of mark results draws from
 * (mark_report_internal.h): rows of tests and directions in the order the
 * marks first have them, a column per mark labelled with what tells it
 * apart, and each cell's figures as text; the palette and the Markdown
 * escape every renderer uses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "format/fmt_text.h"
#include "mark_report_internal.h"
#include "core/limit.h"

const char *const mark_metric_names[MARK_METRICS] = {
	"MB/s", "IOPS", "mean µs", "p99 µs", "max µs",
};

const char mark_units_note[] =
	"MB/s: 10^6 bytes a second. Latency in µs: the mean, the p99 and the "
	"maximum of every I/O of every run.";

/* Colour-blind-friendly hues (Okabe-Ito), one per run, again after eight. */
const char *const mark_colours[MARK_COLOURS] = {
	"#0072b2", "#e69f00", "#009e73", "#cc79a7",
	"#56b4e9", "#d55e00", "#7f7f00", "#555555",
};

void mark_md_text(FILE *out, const char *text)
{
	for (; *text; text++) {
		if (strchr("\\`*_[]<>|#~&!", *text))
			fputc('\\', out);
		fputc(*text, out);
	}
}

static bool same_row(const struct mark_row *row, const struct mark_result *t)
{
	return row->writes == t->writes &&
	       row->test.sequential == t->test.sequential &&
	       row->test.block_bytes == t->test.block_bytes &&
	       row->test.depth == t->test.depth && row->test.threads == t->test.threads;
}

/* Each test direction of WRITES in the order the runs first have it. */
static void add_rows(struct mark_grid *g, bool writes)
{
	for (size_t c = 0; c < g->n; c++) {
		for (size_t i = 0; i < g->runs[c].n; i++) {
			const struct mark_result *t = &g->runs[c].tests[i];
			bool seen = t->writes != writes;

			for (size_t r = 0; r < g->n_rows && !seen; r++)
				seen = same_row(&g->rows[r], t);
			if (!seen)
				g->rows[g->n_rows++] = (struct mark_row){ t->test, t->writes };
		}
	}
}

/* What tells the columns apart: which of these differ between runs. */
enum { DIFF_PROFILE = 1, DIFF_SIZE = 2, DIFF_ENGINE = 4, DIFF_VERSION = 8,
       DIFF_METHOD = 16 };

static unsigned differences(const struct mark_results *runs, size_t n)
{
	unsigned d = 0;

	for (size_t c = 1; c < n; c++) {
		if (strcmp(runs[c].profile, runs[0].profile) != 0)
			d |= DIFF_PROFILE;
		if (runs[c].size_mib != runs[0].size_mib)
			d |= DIFF_SIZE;
		if (runs[c].engine != runs[0].engine)
			d |= DIFF_ENGINE;
		if (runs[c].method != runs[0].method)
			d |= DIFF_METHOD;
		if (strcmp(runs[c].version, runs[0].version) != 0)
			d |= DIFF_VERSION;
	}
	return d;
}

/* "box (nvme, 1 GiB, aio, by time, clyde 0.9)": the machine and what differs. */
static void label(struct mark_grid *g, size_t c, unsigned diff)
{
	const struct mark_results *r = &g->runs[c];
	char size[FMT_TEXT_MAX], why[96], *out = g->labels[c];
	size_t cap = sizeof(g->labels[c]), used;
	const char *sep = " (";

	used = (size_t)snprintf(out, cap, "%s", r->machine);
	if ((diff & DIFF_PROFILE) && used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%s%s", sep,
					 r->profile[0] ? r->profile : "tests");
		sep = ", ";
	}
	if ((diff & DIFF_SIZE) && used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%s%s", sep,
					 fmt_bytes_words(r->size_mib * MIB, size,
							 sizeof(size)));
		sep = ", ";
	}
	if ((diff & DIFF_ENGINE) && used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%s%s", sep,
					 engine_name(r->engine));
		sep = ", ";
	}
	if ((diff & DIFF_METHOD) && used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%sby %s", sep,
					 mark_method_name(r->method));
		sep = ", ";
	}
	if ((diff & DIFF_VERSION) && used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%sclyde %s", sep,
					 r->version);
		sep = ", ";
	}
	/* Memory is said whether or not the others differ: it is no disk. */
	if (r->prov_known && limit_memory_fs(&r->prov, why, sizeof(why)) &&
	    used < cap) {
		used += (size_t)snprintf(out + used, cap - used, "%smemory: %s",
					 sep, why);
		sep = ", ";
	}
	if (sep[0] == ',' && used < cap)
		snprintf(out + used, cap - used, ")");
}

int mark_grid_init(struct mark_grid *g, const struct mark_results *runs,
		   size_t n)
{
	unsigned diff = differences(runs, n);

	*g = (struct mark_grid){ .runs = runs, .n = n };
	g->rows = calloc(n * 2 * MARK_MAX_TESTS + 1, sizeof(*g->rows));
	g->labels = calloc(n + 1, sizeof(*g->labels));
	g->twin = calloc(n + 1, sizeof(*g->twin));
	if (!g->rows || !g->labels || !g->twin) {
		mark_grid_free(g);
		return -1;
	}
	add_rows(g, false);
	g->n_reads = g->n_rows;
	add_rows(g, true);
	for (size_t c = 0; c < n; c++)
		label(g, c, diff);
	/* Runs alike in all of that: their place tells them apart. */
	for (size_t c = 0; c < n; c++)
		for (size_t k = c + 1; k < n; k++)
			if (strcmp(g->labels[k], g->labels[c]) == 0)
				g->twin[c] = g->twin[k] = true;
	for (size_t c = 0; c < n; c++) {
		size_t used = strlen(g->labels[c]);

		if (g->twin[c])
			snprintf(g->labels[c] + used, sizeof(g->labels[c]) - used,
				 " #%zu", c + 1);
		/* A control character (JSON allows them) is no markup's. */
		for (char *p = g->labels[c]; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = ' ';
	}
	return 0;
}

void mark_grid_title(FILE *out, const struct mark_grid *g)
{
	fprintf(out, "clyde mark: %zu mark%s side by side", g->n, g->n == 1 ? "" : "s");
}

void mark_grid_free(struct mark_grid *g)
{
	free(g->rows);
	free(g->labels);
	free(g->twin);
	g->rows = NULL;
	g->labels = NULL;
	g->twin = NULL;
}

const struct mark_result *mark_grid_cell(const struct mark_grid *g, size_t col,
					 size_t row)
{
	const struct mark_results *r = &g->runs[col];

	for (size_t i = 0; i < r->n; i++)
		if (same_row(&g->rows[row], &r->tests[i]))
			return &r->tests[i];
	return NULL;
}

/* Whether T has a measured score (as fmt_mark's table decides). */
static bool measured(const struct mark_result *t)
{
	return t && t->n_runs > 0 && t->score.elapsed_ns > 0;
}

const char *mark_grid_text(const struct mark_grid *g, size_t col, size_t row,
			   enum mark_metric m, char *buf, size_t len)
{
	const struct mark_result *t = mark_grid_cell(g, col, row);
	bool lat = measured(t) && t->lat.count > 0;
	double v = NAN;

	if (measured(t)) {
		switch (m) {
		case MARK_MBS: v = t->score.mb_per_s; break;
		case MARK_IOPS: v = t->score.iops; break;
		case MARK_MEAN_US: v = t->score.mean_us; break;
		case MARK_P99_US: v = lat ? (double)t->lat.p99_ns / 1e3 : NAN; break;
		default: v = lat ? (double)t->lat.max_ns / 1e3 : NAN; break;
		}
	}
	if (isfinite(v) && v >= 0 && v < 1e15)
		snprintf(buf, len, "%.*f", m == MARK_MBS ? 3 : m == MARK_IOPS ? 1 : 2, v);
	else
		snprintf(buf, len, "-");
	return buf;
}

double mark_grid_mbs(const struct mark_grid *g, size_t col, size_t row)
{
	const struct mark_result *t = mark_grid_cell(g, col, row);
	double v = measured(t) ? t->score.mb_per_s : -1;

	return isfinite(v) && v >= 0 && v < 1e15 ? v : -1;
}
