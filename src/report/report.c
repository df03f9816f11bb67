/* SPDX-License-Identifier: MIT */
/*
 * report.c - the `clyde report` command: the pipeline
 * from the runs read (report_input.c) to the one formatter that renders
 * them all: streamed straight through for CSV and JSON, kept in the
 * compact store for tables and pages, with the facts, the summary rows
 * and the comparison worked out before anything is rendered.
 */
#include "report.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_compare.h"
#include "report_compare.h"
#include "report_facts.h"
#include "mark/mark_read.h"
#include "mark/mark_report.h"
#include "report_input.h"
#include "run_store.h"
#include "summary.h"

/*
 * The runs of a stream passed straight through to a formatter, kept in a
 * store on the way when a summary will follow them.
 */
struct passing {
	struct run_source *input;
	struct run_store *store;   /* --summary, else NULL */
	struct run_facts *facts;
	struct summary summary;
	size_t n;                  /* runs passed so far */
	bool done;                 /* the input is exhausted */
	int error;                 /* -1: memory ran out */
};

static const struct run_results *passing_at(struct run_source *src, size_t i)
{
	struct passing *p = src->ctx;
	const struct run_results *r;

	if (!p->done) {
		if ((r = run_at(p->input, i)) != NULL) {
			if (p->store && run_store_add(p->store, r) != 0) {
				p->error = -1;
				p->done = true;
				return NULL;
			}
			p->n = i + 1;
			return r;
		}
		p->done = true;
		if (p->store && (summary_rows(p->store, p->facts, &p->summary) ||
				 report_facts_done(p->facts)))
			p->error = -1;
	}
	return i >= p->n && i - p->n < p->summary.n_rows
		       ? &p->summary.rows[i - p->n]
		       : NULL;
}

/* Each note on NOTES, for the formats that cannot hold them. */
static void print_notes(FILE *notes, const struct run_facts *f)
{
	for (size_t i = 0; i < f->n_notes; i++)
		fprintf(notes, "clyde: report: note: %s\n", f->notes[i]);
}

/* CSV and JSON: every run written as it is read. */
static int render_stream(FILE *out, FILE *notes,
			 const struct report_options *o,
			 struct run_source *input, size_t *n_runs)
{
	static const struct render_opts ropts = { .wide_names = true,
						  .json_array = true };
	struct run_facts facts;
	struct passing p = { .input = input, .facts = &facts };
	struct run_source src = { .at = passing_at, .n = RUN_SOURCE_STREAM,
				  .ctx = &p };

	memset(&facts, 0, sizeof(facts));
	if (o->summary && !(p.store = run_store_new()))
		return -1;
	o->format->render(out, o->format, &src, &ropts);
	*n_runs = p.n;
	if (p.error == 0)
		print_notes(notes, &facts);
	summary_free(&p.summary);
	report_facts_free(&facts);
	run_store_free(p.store);
	return p.error;
}

/* The renderer of each way a format shows a comparison (format.h). */
static void (*const compare_renderers[])(FILE *, const struct comparison *) = {
	[FORMAT_COMPARE_TEXT] = fmt_compare_text,
	[FORMAT_COMPARE_MARKDOWN] = fmt_compare_markdown,
	[FORMAT_COMPARE_HTML] = fmt_compare_html,
	[FORMAT_COMPARE_SVG] = fmt_compare_svg,
};

/*
 * The comparison C that report_compare or report_compare_marks made with
 * RC and ERR, in O's format to OUT, then freed: RC, the reason to NOTES
 * when it is -2.
 */
static int render_comparison(FILE *out, FILE *notes,
			     const struct report_options *o, int rc,
			     struct comparison *c, const struct parse_error *err)
{
	if (rc == -2)
		fprintf(notes, "clyde: report: %s\n", err->msg);
	if (rc != 0)
		return rc;
	compare_renderers[o->format->compare](out, c);
	report_compare_free(c);
	return 0;
}

/*
 * --compare (report_compare.h): the comparison of the stored runs in the
 * format's rendering of it; -2 after the reason went to NOTES.
 */
static int render_compare(FILE *out, FILE *notes,
			  const struct report_options *o,
			  struct run_store *store,
			  const struct run_facts *facts)
{
	const struct cmp_options co = { o->baseline, o->threshold };
	struct parse_error err = { "" };
	struct comparison c;
	int rc = report_compare(store, facts, &co, &c, &err);

	return render_comparison(out, notes, o, rc, &c, &err);
}

/*
 * Tables, pages and --compare: every run kept in the store, the facts
 * (and the summary rows) worked out before anything is rendered.
 */
static int render_stored(FILE *out, FILE *notes,
			 const struct report_options *o,
			 struct run_source *input, size_t *n_runs)
{
	struct render_opts ropts = { .wide_names = true, .json_array = true };
	struct run_store *store = run_store_new();
	struct summary sm = { NULL, 0 };
	struct run_facts facts;
	const struct run_results *r;
	struct run_source src;
	int rc = store ? 0 : -1;

	memset(&facts, 0, sizeof(facts));
	for (size_t i = 0; rc == 0 && (r = run_at(input, i)) != NULL; i++)
		rc = run_store_add(store, r);
	if (rc == 0)
		rc = report_facts_compute(store, &facts);
	if (rc == 0 && o->summary)
		rc = summary_rows(store, &facts, &sm);
	if (rc == 0)
		rc = report_facts_done(&facts);
	*n_runs = store ? run_store_count(store) : 0;
	if (rc == 0 && o->compare) {
		rc = render_compare(out, notes, o, store, &facts);
	} else if (rc == 0) {
		run_store_source(store, &src, sm.rows, sm.n_rows);
		ropts.facts = &facts;
		o->format->render(out, o->format, &src, &ropts);
	}
	summary_free(&sm);
	report_facts_free(&facts);
	run_store_free(store);
	return rc;
}

int report_render(FILE *out, FILE *notes, const struct report_options *opts,
		  struct run_source *input, size_t *n_runs)
{
	*n_runs = 0;
	/* Nothing is written, not even "[", before the first run is in. */
	if (!run_at(input, 0))
		return 0;
	if (format_streams(opts->format) && !opts->compare)
		return render_stream(out, notes, opts, input, n_runs);
	return render_stored(out, notes, opts, input, n_runs);
}

/* The runs of report_input as a stream; run I asked twice is read once. */
struct input_stream {
	struct report_input *in;
	struct run_results r;
	size_t next;   /* the index the next read gives */
	int error;
};

static const struct run_results *input_at(struct run_source *src, size_t i)
{
	struct input_stream *s = src->ctx;
	int rc = 0;

	if (s->next > 0 && i == s->next - 1)
		return &s->r;
	if (i != s->next || (rc = report_input_next(s->in, &s->r)) <= 0) {
		if (i == s->next && rc < 0)
			s->error = -1;
		return NULL;
	}
	s->next++;
	return &s->r;
}

/*
 * --compare on clyde mark's results MARKS[0..n): their comparison in O's
 * format to OUT. Returns 0, -1 when memory ran out, -2 after the reason
 * went to NOTES.
 */
static int compare_marks(FILE *out, FILE *notes, const struct report_options *o,
			 const struct mark_results *marks, size_t n)
{
	const struct cmp_options co = { o->baseline, o->threshold };
	struct parse_error err = { "" };
	struct comparison c;
	int rc = report_compare_marks(marks, n, &co, &c, &err);

	return render_comparison(out, notes, o, rc, &c, &err);
}

int report_render_marks(FILE *out, FILE *notes, const struct report_options *o,
			const struct mark_results *marks, size_t n)
{
	int rc;

	if (o->compare) {
		if ((rc = compare_marks(out, notes, o, marks, n)) == -1)
			fprintf(notes, "clyde: report: out of memory\n");
	} else if ((rc = mark_report_render(out, o->format->report_name, marks,
					    n)) != 0) {
		fprintf(notes, "clyde: report: %s\n", rc == -1 ? "format not "
			"available for clyde mark results" : "out of memory");
		rc = rc == -1 ? -2 : -1;
	}
	return rc;
}

/*
 * clyde mark's results in MARKS (N_CLASSIC classic runs read beside them)
 * rendered as O asks; STATUS so far in, the exit status out.
 */
static int report_marks(const struct mark_set *marks, size_t n_classic,
			const struct report_options *o, int status)
{
	if (n_classic > 0)
		fprintf(stderr, "clyde: report: clyde mark results and classic runs "
			"cannot share one report; give them to separate commands\n");
	else if (o->summary)
		fprintf(stderr, "clyde: report: --summary is for classic runs, not "
			"clyde mark results\n");
	else if (report_render_marks(stdout, stderr, o, marks->v, marks->n) == 0)
		return status;
	return 1;
}

int report_main(const struct report_options *o, char **files, size_t n_files)
{
	struct input_stream s = { .error = 0 };
	struct run_source src = { .at = input_at, .n = RUN_SOURCE_STREAM,
				  .ctx = &s };
	size_t n = 0;
	int status, rc;

	if (!(s.in = report_input_open(files, n_files, stderr))) {
		fprintf(stderr, "clyde: report: out of memory\n");
		return 1;
	}
	rc = report_render(stdout, stderr, o, &src, &n);
	status = report_input_status(s.in);
	/* Marks are set aside as the input is read; nothing of them is out yet. */
	const struct mark_set *marks = report_input_marks(s.in);
	if (rc >= 0 && s.error == 0 && marks->n > 0) {
		status = report_marks(marks, n, o, status);
		n += marks->n;
	}
	report_input_close(s.in);
	if (rc == -2)
		return 1;
	if (rc < 0 || s.error < 0) {
		fprintf(stderr, "clyde: report: out of memory\n");
		return 1;
	}
	if (n == 0 && status == 0) {
		fprintf(stderr, "clyde: report: no results in the input\n");
		status = 1;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "clyde: report: write: %s\n", strerror(errno));
		status = 1;
	}
	return status;
}
