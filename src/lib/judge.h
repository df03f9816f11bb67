/* SPDX-License-Identifier: MIT */
/*
 * judge.h - verdicts on a whole comparison that keep one promise: across a
 * family of figures (each figure of each group against the baseline), the
 * chance that ANY verdict is false is at most alpha (5%). Each figure gets
 * "faster", "slower", "the same within +/-T", or "cannot tell", with the
 * estimate and interval it was decided on, the method used, the smallest
 * difference its runs could reliably detect, the runs that look odd, and
 * a drift of either group in run order. Pure functions: no I/O, no
 * globals, thread-safe. Arithmetic only; the words are the renderers'.
 *
 * One error rate for the family: simultaneous intervals. Every figure's
 * interval for the log ratio of the groups has level 1 - alpha/m, m the
 * family's size (Bonferroni); the verdict reads where it lies against the
 * threshold T (on the log scale, +/-log(1 + T), so that swapping the groups
 * only swaps the words): wholly above +T "faster" (for a higher-is-better
 * figure), wholly below -T "slower", wholly inside "the same within
 * +/-T%", anything else "cannot tell". A false verdict of any kind needs
 * the interval to miss its figure's truth: a false "faster" or the wrong
 * direction needs the truth below the interval, a false "the same" needs
 * the truth outside +/-T and so outside the interval. If every interval
 * covers its truth, which happens with chance at least 1 - m * alpha/m =
 * 1 - alpha whatever the figures' dependence, no verdict is false;
 * "cannot tell" is never false. Holm's step-down would not help: it gains
 * only when some hypotheses are false, and here every figure always has a
 * true statement that a false verdict would contradict (the region its
 * truth is in), so every step still divides by m. Benjamini-Hochberg
 * bounds the expected share of false verdicts among verdicts, not the
 * chance of any, so it would not keep this promise. The price is wider
 * intervals: at m = 12 each is a 99.6% interval.
 *
 * The family is the caller's: one family for a whole report (one error
 * rate, the report says "at most 5% of such reports contain a false
 * verdict"), or two families of 5% each (rates and IOPS; CPU and
 * latency), if the report says so. judge_family_size counts a family.
 *
 * The method: the Hodges-Lehmann shift of the logarithms (the median of
 * all pairwise differences of log other - log baseline) with its
 * distribution-free rank interval (Mann-Whitney's exact distribution),
 * when the rank interval at the family's level leaves out at least one
 * pairwise difference at each end (rank_mw_critical >= 1, i.e.
 * 1 / C(na + nb, na) <= alpha/(2m): at m = 12, 6 runs a side, or 5
 * against 7); one bad run moves it little. Below that, Welch's t on the
 * logarithms (the ratio of geometric means, Welch-Satterthwaite degrees
 * of freedom). The estimate shown is the one tested, with its method.
 *
 * Drift: each group of each pair is tested for a trend in run order
 * (Mann-Kendall) at alpha/(2m), so that the chance of any false drift
 * finding in a family is at most alpha as well, and only a change from
 * the first run to the last past T counts. A group that drifted does not
 * measure one speed, so its pair's verdict is "cannot tell" (the interval
 * alone is kept in interval_verdict). With the level that far down,
 * drift cannot be found in fewer than 7 runs or so (a steady rise of 6
 * runs happens by chance once in 360).
 *
 * The practical threshold T (JUDGE_THRESHOLD, 3%): differences smaller
 * than the run-to-run noise of a quiet disk (1-3%) do not reproduce on
 * another day and are not worth a verdict; what people tune (a scheduler,
 * a mount option, a file system) is 5-30%; and it is -x auto's tolerance,
 * so a group made with -x auto knows its own figure to about T.
 */
#ifndef JUDGE_H
#define JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "compare.h"
#include "rank.h"

#define JUDGE_ALPHA 0.05      /* a family's chance of any false verdict */
#define JUDGE_THRESHOLD 0.03  /* differences within +/-3% are "the same" */
#define JUDGE_POWER 0.80      /* the chance behind "could reliably detect" */
/*
 * An odd run is far from its group's median in robust units (the score:
 * |log distance| / (1.4826 MAD of the logs)): either past the score that
 * only 0.5% of groups of that many normal runs reach anywhere (233 for 3
 * runs, 26 for 5, 8.3 for 10, 5.8 from 20: the MAD of a few runs is
 * itself very noisy) and at least JUDGE_ODD_MIN off the median, or past
 * JUDGE_ODD_BLATANT_SCORE and at least JUDGE_ODD_BLATANT off it (a
 * 2x-slow run among runs that agree within 5%, which 3 runs cannot show
 * by the first test).
 */
#define JUDGE_ODD_MIN 0.10          /* 10% faster or slower than the median */
#define JUDGE_ODD_BLATANT_SCORE 5.0
#define JUDGE_ODD_BLATANT 0.5       /* 1.5x faster or slower */
#define JUDGE_ODD_MAX 4       /* odd runs kept per group, the oddest first */

struct judge_options {
	double alpha;     /* the family's error rate, 0 < alpha < 1 */
	double threshold; /* T as a fraction (0.03); >= 0 */
};

enum judge_verdict {
	JUDGE_NO_FIGURES,  /* a group has no usable value */
	JUDGE_ONE_RUN,     /* a group has a single usable value */
	JUDGE_CANNOT_TELL, /* the interval reaches across +T or -T, or drift */
	JUDGE_SAME,        /* the interval lies within +/-T */
	JUDGE_FASTER,      /* the other group is better by more than T */
	JUDGE_SLOWER,      /* the other group is worse by more than T */
};

enum judge_method {
	JUDGE_NO_METHOD,      /* no interval: under two values in a group */
	JUDGE_WELCH,          /* ratio of geometric means, Welch's t */
	JUDGE_HODGES_LEHMANN, /* Hodges-Lehmann ratio, rank interval */
};

/* A run far from its group's median (JUDGE_ODD_MIN and JUDGE_ODD_BLATANT). */
struct judge_odd {
	size_t run;   /* its position among the group's values, from 0 */
	double ratio; /* its value / the group's median: 0.48 = 2.1x slower */
	double score; /* |log distance| / (1.4826 MAD of the logs); inf if MAD 0 */
};

/*
 * A trend in run order (Mann-Kendall on the logarithms, rank_trend), found
 * when its p-value is within the level and the change it implies from the
 * first run to the last (Sen's slope times the runs between) exceeds T.
 */
struct judge_drift {
	bool found;
	struct rank_trend trend; /* S, p, Sen's slope of the logs per run */
	double level;            /* the p-value it needed */
	double change;           /* first to last, relative: +0.7 = rose 70% */
};

/* One group's values of one figure. */
struct judge_group {
	size_t n;        /* usable values: finite and > 0 */
	size_t missing;  /* the others (+++++, not run, not recorded) */
	double median, geomean; /* of the usable values; NaN when none */
	struct judge_drift drift;
	size_t n_odd;    /* odd runs; the first JUDGE_ODD_MAX in odd[] */
	struct judge_odd odd[JUDGE_ODD_MAX];
};

/* One figure of one group against the baseline: values in run order. */
struct judge_pair {
	const double *base;  /* NaN, inf or <= 0: missing */
	size_t n_base;
	const double *other;
	size_t n_other;
	enum compare_better better;
};

/*
 * The verdict on one pair. Ratios are other / baseline in the figure's own
 * units (for latency, above 1 is worse: the verdict says which is
 * better); percentages are (ratio - 1) * 100. Fields that cannot be known
 * are NaN.
 */
struct judge_result {
	enum judge_verdict verdict;
	/* What the interval alone says; differs from verdict under drift. */
	enum judge_verdict interval_verdict;
	enum judge_method method;
	bool drift;              /* a group drifted: verdict is cannot tell */
	double level;            /* the interval's two-sided confidence */
	double ratio;            /* the estimate tested (HL or geometric means) */
	double ratio_low, ratio_high;
	double diff_pct, low_pct, high_pct;
	double df;               /* Welch's degrees of freedom; NaN otherwise */
	/*
	 * The smallest difference these runs would call faster or slower with
	 * chance JUDGE_POWER at the family's level: T plus the interval's half-
	 * width plus the power's share of the standard error (on the log
	 * scale), in percent. T when the groups are exactly constant.
	 */
	double mde_pct;
	struct judge_group base, other;
};

/*
 * How many of PAIRS[0..n) can carry a verdict (two usable values or more
 * in each group): the m by which each pair's level is divided. Pairs that
 * cannot give a verdict cannot give a false one, so they do not count.
 */
size_t judge_family_size(const struct judge_pair *pairs, size_t n);

/*
 * Judge PAIR as one of a family of FAMILY pairs (judge_family_size of the
 * whole family; values under 1 count as 1) with OPT. Fills *out
 * completely. Returns 0, or -1 when out of memory (out says no figures).
 */
int judge_pair(const struct judge_pair *pair, size_t family,
	       const struct judge_options *opt, struct judge_result *out);

/*
 * Judge PAIRS[0..n) as one family: OUT[i] for PAIRS[i]. Returns 0, or -1
 * when memory ran out for some pair.
 */
int judge_family(const struct judge_pair *pairs, size_t n,
		 const struct judge_options *opt, struct judge_result *out);

/*
 * One group's VALUES[0..n) in run order on their own: counts, median,
 * geometric mean, odd runs, and drift at p-value LEVEL (judge_pair uses
 * alpha / (2 * family)) beyond THRESHOLD. Returns 0, or -1 when out of
 * memory.
 */
int judge_group(const double *values, size_t n, double level,
		double threshold, struct judge_group *out);

#endif
