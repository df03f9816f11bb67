/* SPDX-License-Identifier: MIT */
/*
 * test_run_store.c - the verdicts in `clyde report`'s compact store
 * (src/report/run_store.c): each run comes back with the verdicts it was
 * added with, whether a compact row holds it (a CSV line's advice) or it
 * is kept whole (an advice with sizes, truth-check findings); the store
 * computes none itself; a setup comes back without any.
 */
#include <string.h>

#include "check.h"
#include "core/verdict.h"
#include "read/csv.h"
#include "report/run_store.h"

/* A 1.96 line whose block write was too fast: the advice names -s only. */
static const char fast_line[] =
	"1.96,1.96,csv,1,1307255609,4018M,,,,+++++,+++,32386,12,,,88826,16,"
	"110.1,3,,,,,,,,,,,,,,,,,,,5549ms,228ms,,43102us,430ms,,,,,,";

/* A live run: block write too fast after 0.1 s, block input from the cache. */
static void live_run(struct run_results *r)
{
	struct phase_result *w = &r->phase[PHASE_WRITE];
	struct phase_result *in = &r->phase[PHASE_READ];

	memset(r, 0, sizeof(*r));
	snprintf(r->machine, sizeof(r->machine), "live");
	snprintf(r->env.device, sizeof(r->env.device), "sda");
	r->io = (struct io_params){ 1024, DEFAULT_CHUNK_BYTES, DEFAULT_SEEKS,
				    DEFAULT_SEEKERS };
	r->files.dirs = 1;
	r->concurrency = 1;
	w->state = FIGURE_TOO_FAST;
	w->elapsed_ns = 100000000;
	in->state = FIGURE_VALUE;
	in->rate = 4e6;
	in->elapsed_ns = 2000000000;
	in->read_bytes = (uint64_t)1 << 30;
	in->dev = (struct device_io){ .known = true, .read_bytes = 1 << 20 };
	verdict_compute(r);
}

static bool same_advice(const struct advice *a, const struct advice *b)
{
	return a->any == b->any && a->sized == b->sized && a->s == b->s &&
	       a->f == b->f && a->n == b->n &&
	       a->io.size_mib == b->io.size_mib &&
	       a->files.count_k == b->files.count_k &&
	       a->perchar_mib == b->perchar_mib && a->copies == b->copies;
}

int main(void)
{
	static struct run_results in[3];
	struct parse_error err = { "" };
	struct run_store *s = run_store_new();
	const struct run_results *got;

	CHECK("a CSV line with +++++ reads", s &&
	      csv_parse_line(fast_line, &in[0], &err) == 1 &&
	      in[0].advice.any && in[0].advice.s && !in[0].advice.sized);
	live_run(&in[1]);
	CHECK("a live run has sized advice and a truth-check finding",
	      in[1].advice.sized && in[1].n_truth == 1);
	/* Handed over with a verdict its figures would not give: kept as is. */
	in[2] = in[0];
	snprintf(in[2].machine, sizeof(in[2].machine), "handed");
	in[2].advice = (struct advice){ .any = true, .n = true };
	for (size_t i = 0; i < 3; i++)
		CHECK("store add", s && run_store_add(s, &in[i]) == 0);

	got = s ? run_store_get(s, 0) : NULL;
	CHECK("compact row: the advice as it was added",
	      got && same_advice(&got->advice, &in[0].advice) &&
	      got->n_truth == 0);
	got = s ? run_store_get(s, 1) : NULL;
	CHECK("kept whole: the sized advice and the finding as added",
	      got && same_advice(&got->advice, &in[1].advice) &&
	      got->n_truth == 1 && got->truth[0].id == PHASE_READ &&
	      got->truth[0].pct == in[1].truth[0].pct);
	got = s ? run_store_get(s, 2) : NULL;
	CHECK("the store computes no verdict: a handed one comes back",
	      got && got->advice.any && got->advice.n && !got->advice.s);
	got = s ? run_store_setup(s, run_store_setup_id(s, 0)) : NULL;
	CHECK("a setup has no figures and no verdict",
	      got && !got->advice.any && got->n_truth == 0);
	run_store_free(s);
	return check_done();
}
