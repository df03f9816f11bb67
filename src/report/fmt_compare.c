/* SPDX-License-Identifier: MIT */
/*
 * fmt_compare.c - the words of a comparison, one for every format
 * (fmt_compare.h): the title and preamble, values, estimates, methods and
 * verdicts, and the notes on each pair of groups. The renderers only lay
 * them out.
 */
#include "fmt_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt_present.h"
#include "format/fmt_text.h"

const char *fmt_compare_title(const struct comparison *c, char *buf,
			      size_t len)
{
	snprintf(buf, len, "Comparison of %zu groups of %s; the baseline is %s.",
		 c->n_groups, c->marks ? "clyde mark results" : "runs",
		 c->label[c->baseline]);
	return buf;
}

/* A family's size in words: "12", "none". */
static void family_words(char *buf, size_t len, size_t m)
{
	if (m == 0)
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%zu", m);
}

/*
 * After the preamble in BUF, when the runs had --probe: its waits are a
 * third family, with the same promise.
 */
static void feel_preamble(const struct comparison *c, char *buf, size_t len)
{
	size_t used = strlen(buf);
	char feel[64];
	bool any = false;

	for (size_t f = 0; f < c->n_figures; f++)
		any |= c->figure[f].family == CMP_FEEL;
	if (!any || used >= len)
		return;
	used += (size_t)snprintf(buf + used, len - used, " The probe's waits "
				 "beside each test (--probe: what a 4 KiB read, "
				 "or fsynced write, of another file waited while "
				 "the test ran: how the machine felt; lower is "
				 "better, \"faster\" means shorter waits; %s) are "
				 "a third family (",
				 c->marks ? "a mark's waits over all its runs "
					    "are one value"
					  : "each run's p50, p99 and max wait "
					    "are its values");
	if (used >= len)
		return;
	family_words(feel, sizeof(feel), c->family[CMP_FEEL]);
	if (c->family[CMP_FEEL])
		snprintf(buf + used, len - used, "%s) with the same promise: each "
			 "interval a %.4g%% one.", feel,
			 report_compare_level(c, CMP_FEEL) * 100.0);
	else
		snprintf(buf + used, len - used, "%s here: a group without the "
			 "probe, or of one run) with the same promise.", feel);
}

const char *fmt_compare_preamble(const struct comparison *c, char *buf,
				 size_t len)
{
	char rates[24], costs[24];
	double t = c->threshold * 100.0;

	family_words(rates, sizeof(rates), c->family[CMP_RATES]);
	family_words(costs, sizeof(costs), c->family[CMP_COSTS]);
	snprintf(buf, len,
		 "How to read it: each group B is compared with the baseline A "
		 "figure by figure, as the ratio of B's figure to A's with an "
		 "interval that holds the true ratio. \"faster\" or \"slower\" "
		 "(\"less CPU\", \"more CPU\") means the whole interval lies "
		 "beyond \xc2\xb1%.3g%% (--threshold), \"the same within "
		 "\xc2\xb1%.3g%%\" that it lies within, and \"cannot tell\" "
		 "anything else, with the smallest difference these runs would "
		 "detect 4 times in 5. The error rate: the rate verdicts of this "
		 "comparison (%s) are one family and its CPU and latency verdicts "
		 "(%s) another; in each, the chance that any "
		 "verdict is false is at most %.3g%%, because that is shared out "
		 "among its verdicts (Bonferroni): each rate's interval is a "
		 "%.4g%% one, each CPU or latency interval a %.4g%% one. The "
		 "estimate is Hodges-Lehmann's (HL: the median of the ratios of "
		 "every run of B to every run of A) with its rank interval where "
		 "the groups have enough runs, else the ratio of geometric means "
		 "(Welch's t on the logarithms); A and B are the medians or "
		 "geometric means that go with it. A run far from its group's "
		 "median rate is named; a figure that moves steadily in the order "
		 "of the runs (Mann-Kendall) has drifted, and its verdict is "
		 "\"cannot tell\". %s+++++ and missing figures are left out.",
		 t, t, rates, costs, c->alpha * 100.0,
		 report_compare_level(c, CMP_RATES) * 100.0,
		 report_compare_level(c, CMP_COSTS) * 100.0,
		 c->marks ? "Each run of a mark's test is one value (a mark read "
			    "from CSV gives only its score); a mark's IOPS get "
			    "the verdict of its MB/s. " : "");
	feel_preamble(c, buf, len);
	return buf;
}

const char *fmt_compare_runs(const struct comparison *c, size_t k, char *buf,
			     size_t len)
{
	if (c->n_marks)
		snprintf(buf, len, "%zu mark%s, %zu run%s", c->n_marks[k],
			 c->n_marks[k] == 1 ? "" : "s", c->runs[k],
			 c->runs[k] == 1 ? "" : "s");
	else
		snprintf(buf, len, "%zu run%s", c->runs[k], c->runs[k] == 1 ? "" : "s");
	return buf;
}

const char *fmt_compare_heading(const struct comparison *c, size_t k,
				char *buf, size_t len)
{
	char a[64], b[64];

	snprintf(buf, len, "B: %s (%s) against A: %s (%s), the baseline",
		 c->label[k], fmt_compare_runs(c, k, b, sizeof(b)),
		 c->label[c->baseline], fmt_compare_runs(c, c->baseline, a, sizeof(a)));
	return buf;
}

bool fmt_compare_row(const struct comparison *c, size_t f, size_t k)
{
	return report_compare_spread(c, f, c->baseline)->n > 0 ||
	       report_compare_spread(c, f, k)->n > 0;
}

void fmt_compare_rows(FILE *out, const struct comparison *c, size_t k,
		      void (*row)(FILE *out, const struct comparison *c,
				  size_t f, size_t k))
{
	for (int fam = 0; fam < CMP_FAMILIES; fam++)
		for (size_t f = 0; f < c->n_figures; f++)
			if (c->figure[f].family == (enum cmp_family)fam &&
			    fmt_compare_row(c, f, k))
				row(out, c, f, k);
}

const char *fmt_compare_value(const struct cmp_figure *f, double v, char *buf,
			      size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (f->latency)
		present_latency((uint64_t)(v + 0.5), buf, len);
	else if (f->kind == CMP_CPU || v < 0.95)
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, v >= 1000.0 ? "%.0f" : "%.1f", v);
	return buf;
}

double fmt_compare_shown(const struct comparison *c, size_t f, size_t k,
			 bool base)
{
	const struct judge_result *r = report_compare_result(c, f, k);
	const struct judge_group *g = base ? &r->base : &r->other;

	if (r->verdict == JUDGE_NO_FIGURES)
		return report_compare_spread(c, f, base ? c->baseline : k)->median;
	return r->method == JUDGE_HODGES_LEHMANN ? g->median : g->geomean;
}

/* A percentage to BUF+*used: "+5.9%", or "+27521%" from 100% on. */
static void put_pct(char *buf, size_t len, size_t *used, const char *before,
		    double pct)
{
	/* 99.96 rounds to 100.0: from there on, whole percents. */
	int n = snprintf(buf + *used, len - *used, "%s%+.*f%%", before,
			 fabs(pct) >= 99.95 ? 0 : 1, pct);

	if (n > 0)
		*used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

const char *fmt_compare_difference(const struct judge_result *r, char *buf,
				   size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	if (!isfinite(r->diff_pct))
		return buf;
	put_pct(buf, len, &used, "", r->diff_pct);
	if (isfinite(r->low_pct)) {
		put_pct(buf, len, &used, " [", r->low_pct);
		put_pct(buf, len, &used, ", ", r->high_pct);
		snprintf(buf + used, len - used, "]");
	}
	return buf;
}

const char *fmt_compare_method(const struct judge_result *r, char *buf,
			       size_t len)
{
	if (r->method == JUDGE_NO_METHOD)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%s %.4g%%",
			 r->method == JUDGE_HODGES_LEHMANN ? "HL" : "Welch",
			 r->level * 100.0);
	return buf;
}

/* Whether the page cache served figure F in either group of pair K. */
static bool cached(const struct comparison *c, size_t f, size_t k)
{
	return report_compare_spread(c, f, c->baseline)->cached > 0 ||
	       report_compare_spread(c, f, k)->cached > 0;
}

const char *fmt_compare_verdict(const struct comparison *c, size_t f, size_t k,
				char *buf, size_t len)
{
	const struct judge_result *r = report_compare_result(c, f, k);
	const struct cmp_figure *fig = &c->figure[f];
	bool up = r->verdict == JUDGE_FASTER;

	if (cached(c, f, k) && r->verdict != JUDGE_NO_FIGURES) {
		snprintf(buf, len, "page cache, not the disk");
	} else if (r->verdict == JUDGE_FASTER || r->verdict == JUDGE_SLOWER) {
		if (c->versus[k].workload)
			snprintf(buf, len, "%s: not the same test",
				 r->ratio > 1.0 ? "higher" : "lower");
		else if (fig->kind == CMP_CPU)
			snprintf(buf, len, up ? "less CPU" : "more CPU");
		else
			snprintf(buf, len, up ? "faster" : "slower");
	} else if (r->verdict == JUDGE_SAME) {
		snprintf(buf, len, "the same within \xc2\xb1%.3g%%",
			 c->threshold * 100.0);
	} else if (r->verdict == JUDGE_CANNOT_TELL && r->drift) {
		snprintf(buf, len, "cannot tell: drift");
	} else if (r->verdict == JUDGE_CANNOT_TELL && isfinite(r->mde_pct) &&
		   r->mde_pct < 100.0) {
		snprintf(buf, len, "cannot tell (reliably detects %.2g%% or more)",
			 r->mde_pct);
	} else if (r->verdict == JUDGE_CANNOT_TELL && isfinite(r->mde_pct)) {
		double factor = 1.0 + r->mde_pct / 100.0;

		snprintf(buf, len, factor < 10 ? "cannot tell (reliably detects "
			 "only a factor of %.2g or more)" : "cannot tell (reliably "
			 "detects only a factor of %.0f or more)", factor);
	} else if (r->verdict == JUDGE_ONE_RUN) {
		snprintf(buf, len, "cannot tell from one run");
	} else {
		snprintf(buf, len, "nothing to compare: a group has no value");
	}
	return buf;
}

enum fmt_compare_tone fmt_compare_tone(const struct comparison *c, size_t f,
				       size_t k)
{
	const struct judge_result *r = report_compare_result(c, f, k);

	if (cached(c, f, k) && r->verdict != JUDGE_NO_FIGURES)
		return TONE_CACHE;
	if (r->verdict == JUDGE_FASTER && !c->versus[k].workload)
		return TONE_BETTER;
	if (r->verdict == JUDGE_SLOWER && !c->versus[k].workload)
		return TONE_WORSE;
	return r->verdict == JUDGE_SAME ? TONE_SAME : TONE_UNCLEAR;
}

const char *fmt_compare_tone_name(enum fmt_compare_tone t)
{
	static const char *const names[] = {
		[TONE_BETTER] = "better", [TONE_WORSE] = "worse",
		[TONE_SAME] = "same", [TONE_UNCLEAR] = "unclear",
		[TONE_CACHE] = "cache",
	};

	return names[t];
}
