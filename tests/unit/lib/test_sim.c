/* SPDX-License-Identifier: MIT */
/*
 * test_sim.c - simulations with a fixed seed of whole comparisons
 * (lib/judge.h) and of -x auto's rule (lib/sequential.h), against groups
 * of known truth: the share of whole reports with any false verdict, the
 * power at true 10% and 30% differences, odd runs found, and the coverage
 * of -x auto's final interval, each checked against the stated rate or a
 * floor set from measurements. With `--table REPS` it prints instead the
 * before/after table of issue 22 (compare_groups, the method before,
 * against judge_family; -x auto's old rule against the new), REPS
 * simulated reports or -x auto sessions a cell.
 *
 * The model: a figure of 100 units with a coefficient of variation of 5%,
 * its runs normal (100 (1 + 0.05 Z)), lognormal (100 exp(0.05 Z)), or
 * normal where each run is, with chance 10%, one 2x-slow run (a
 * background job, a TRIM); the other group's runs are the baseline's
 * times the true ratio, so the truth is a shift of the logarithms.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "lib/compare.h"
#include "lib/judge.h"
#include "lib/sequential.h"

#define MAX_RUNS 10
#define MAX_FIGURES 24
#define CV 0.05
#define SLOW_CHANCE 0.10

enum noise { NORMAL, LOGNORMAL, OUTLIERS, NOISE_KINDS };
static const char *const noise_name[] = { "normal", "lognormal",
					  "normal, 10% 2x-slow runs" };

/* splitmix64: a fixed seed gives the same simulation everywhere. */
struct rng {
	uint64_t state;
};

static double uniform(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(struct rng *r)
{
	return sqrt(-2.0 * log(uniform(r))) * cos(2.0 * M_PI * uniform(r));
}

/* N runs of a figure whose true level is 100 * exp(SHIFT); SLOW[i]: made 2x slow. */
static void draw(struct rng *r, enum noise kind, double shift, double *v,
		 bool *slow, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double z = gauss(r);

		v[i] = kind == LOGNORMAL ? 100.0 * exp(CV * z) : 100.0 * (1.0 + CV * z);
		slow[i] = kind == OUTLIERS && uniform(r) < SLOW_CHANCE;
		if (slow[i])
			v[i] /= 2.0;
		v[i] *= exp(shift);
	}
}

/* The verdict the truth SHIFT (log scale) makes right, against +/-THETA. */
static enum judge_verdict truth_of(double shift, double theta)
{
	return shift > theta ? JUDGE_FASTER : shift < -theta ? JUDGE_SLOWER
							     : JUDGE_SAME;
}

struct cell {
	enum noise noise;
	size_t n, m;  /* runs a side, figures a report */
	double shift; /* the true log ratio of every figure, other / baseline */
};

struct tally {
	size_t reports, figures;
	size_t false_after, false_before;   /* reports with a false verdict */
	size_t right_after, right_before;   /* figures with the true direction */
	size_t odd_groups, odd_found;       /* groups with a 2x run; named */
	size_t clean_groups, odd_false;     /* groups without; named anyway */
	size_t drift_reports;               /* reports with a drift finding */
	double *mde;                        /* every figure's MDE, percent */
};

/* Whether group G named its 2x-slow runs (SLOW[0..n)) and nothing else. */
static void tally_odd(const struct judge_group *g, const bool *slow, size_t n,
		      struct tally *t)
{
	size_t count = 0, named = 0;

	for (size_t i = 0; i < n; i++)
		count += slow[i];
	for (size_t i = 0; i < g->n_odd && i < JUDGE_ODD_MAX; i++)
		named += slow[g->odd[i].run];
	if (count == 0) {
		t->clean_groups++;
		t->odd_false += g->n_odd > 0;
		return;
	}
	t->odd_groups++;
	t->odd_found += g->n_odd == count && named == count;
}

/* One simulated report of cell C: M figures, half of them going down. */
static void one_report(const struct cell *c, const struct judge_options *opt,
		       struct rng *r, struct tally *t)
{
	double base[MAX_FIGURES][MAX_RUNS], other[MAX_FIGURES][MAX_RUNS];
	double shift[MAX_FIGURES], theta = log1p(opt->threshold);
	bool slow[MAX_FIGURES][MAX_RUNS], slow_other[MAX_RUNS];
	struct judge_pair pairs[MAX_FIGURES];
	struct judge_result res[MAX_FIGURES];
	bool false_after = false, false_before = false, drift = false;

	for (size_t f = 0; f < c->m; f++) {
		shift[f] = (f % 2 ? -1.0 : 1.0) * c->shift;
		draw(r, c->noise, 0.0, base[f], slow[f], c->n);
		draw(r, c->noise, shift[f], other[f], slow_other, c->n);
		pairs[f] = (struct judge_pair){ base[f], c->n, other[f], c->n,
						COMPARE_HIGHER_IS_BETTER };
	}
	judge_family(pairs, c->m, opt, res);
	for (size_t f = 0; f < c->m; f++) {
		enum judge_verdict want = truth_of(shift[f], theta), got = res[f].verdict;
		struct compare_result before;
		bool before_says = false, before_right = false;

		compare_groups(base[f], c->n, other[f], c->n,
			       COMPARE_HIGHER_IS_BETTER, &before);
		if (before.verdict == COMPARE_FASTER || before.verdict == COMPARE_SLOWER) {
			before_says = true;
			before_right = shift[f] != 0.0 &&
				       (before.verdict == COMPARE_FASTER) == (shift[f] > 0);
		}
		false_after |= got != JUDGE_CANNOT_TELL && got != want;
		false_before |= before_says && !before_right;
		t->right_after += got == want;
		t->right_before += before_right;
		drift |= res[f].drift;
		if (t->mde)
			t->mde[t->figures + f] = res[f].mde_pct;
		tally_odd(&res[f].base, slow[f], c->n, t);
	}
	t->reports++;
	t->figures += c->m;
	t->false_after += false_after;
	t->false_before += false_before;
	t->drift_reports += drift;
}

static int by_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/*
 * REPS reports of cell C from SEED; with MDE, also the median of the
 * figures' smallest detectable differences in *mde (percent).
 */
static struct tally run_cell(const struct cell *c, size_t reps, uint64_t seed,
			     double *mde)
{
	struct judge_options opt = { JUDGE_ALPHA, JUDGE_THRESHOLD };
	struct rng r = { seed };
	struct tally t = { 0 };

	t.mde = mde ? malloc(reps * c->m * sizeof(*t.mde)) : NULL;
	for (size_t i = 0; i < reps; i++)
		one_report(c, &opt, &r, &t);
	if (t.mde) {
		qsort(t.mde, t.figures, sizeof(*t.mde), by_value);
		*mde = t.mde[t.figures / 2];
		free(t.mde);
	} else if (mde) {
		*mde = NAN;
	}
	return t;
}

static double share(size_t part, size_t whole)
{
	return whole ? (double)part / (double)whole : NAN;
}

/* The share's upper simulation bound: RATE plus 3 standard errors. */
static double allowance(double rate, size_t reps)
{
	return rate + 3.0 * sqrt(rate * (1.0 - rate) / (double)reps);
}

/* ---- -x auto ---- */

struct auto_tally {
	size_t sessions, covered, runs, drift_stops;
	size_t early, early_covered; /* sessions stopped before MAX */
};

/*
 * One -x auto session of one figure: lognormal runs with coefficient of
 * variation CV, AR(1) with lag-1 correlation RHO, at most MAX runs; NEW
 * for the rule of sequential.h, else the rule before it (stop at the
 * first run from 3 whose 95% interval is within 3%). Tallies whether the
 * final interval covers the true geometric mean.
 */
static void auto_session(double cv, double rho, size_t max, bool new_rule,
			 struct rng *r, struct auto_tally *t)
{
	double v[MAX_RUNS], e = gauss(r), sigma = log1p(cv), half = NAN;
	size_t n;

	for (size_t i = 0; i < max; i++) {
		if (i)
			e = rho * e + sqrt(1.0 - rho * rho) * gauss(r);
		v[i] = 100.0 * exp(sigma * e);
	}
	for (n = SEQUENTIAL_MIN_RUNS; n <= max; n++) {
		struct sequential_figure f;
		bool stop;

		if (new_rule) {
			if (!sequential_is_look(n, max))
				continue;
			sequential_check(v, n, max, 1, SEQUENTIAL_TOLERANCE, &f);
			half = f.half_width;
			stop = f.settled || f.drift.found;
			t->drift_stops += f.drift.found;
		} else {
			half = sequential_half_width(v, n, 0.95);
			stop = half <= SEQUENTIAL_TOLERANCE;
		}
		if (stop || n == max)
			break;
	}
	{
		double sum = 0.0;
		bool covered;

		for (size_t i = 0; i < n; i++)
			sum += log(v[i]);
		/* The truth is 100: covered when |log mean - log 100| <= log1p(half). */
		covered = fabs(sum / (double)n - log(100.0)) <= log1p(half);
		t->covered += covered;
		t->early += n < max;
		t->early_covered += n < max && covered;
	}
	t->sessions++;
	t->runs += n;
}

static struct auto_tally run_auto(double cv, double rho, bool new_rule,
				  size_t reps, uint64_t seed)
{
	struct rng r = { seed };
	struct auto_tally t = { 0 };

	for (size_t i = 0; i < reps; i++)
		auto_session(cv, rho, MAX_RUNS, new_rule, &r, &t);
	return t;
}

/* ---- the table ---- */

static void print_table(size_t reps)
{
	static const size_t ns[] = { 3, 5, 10 };
	static const double cvs[] = { 0.01, 0.03, 0.10 }, rhos[] = { 0.0, 0.3, 0.5 };

	printf("False-verdict rate per whole report (share of reports with any "
	       "false verdict; %zu reports a cell, CV 5%%) and power per figure "
	       "(share of figures with the true verdict); for m = 12 equal "
	       "figures: the baseline's 2x-slow runs named exactly, clean groups "
	       "with a run named odd, the median detectable difference, reports "
	       "with a drift finding\n\n", reps);
	printf("| runs | noise | false m=12 before | after | false m=24 before "
	       "| after | power 10%% before | after | power 30%% before | after "
	       "| odd runs named | odd false | MDE (median) | drift said |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < 3; i++)
		for (int k = 0; k < NOISE_KINDS; k++) {
			struct cell c12 = { k, ns[i], 12, 0.0 }, c24 = { k, ns[i], 24, 0.0 };
			struct cell p10 = { k, ns[i], 12, log(1.1) };
			struct cell p30 = { k, ns[i], 12, log(1.3) };
			double mde;
			struct tally a = run_cell(&c12, reps, 11 + i * 3 + k, &mde);
			struct tally b = run_cell(&c24, reps, 21 + i * 3 + k, NULL);
			struct tally d = run_cell(&p10, reps, 31 + i * 3 + k, NULL);
			struct tally e = run_cell(&p30, reps, 41 + i * 3 + k, NULL);
			char odd[16] = "-";

			if (a.odd_groups)
				snprintf(odd, sizeof(odd), "%.0f%%",
					 100 * share(a.odd_found, a.odd_groups));
			printf("| %zu | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% "
			       "| %.1f%% | %.1f%% | %.1f%% | %s | %.2f%% | %.1f%% | %.1f%% |\n",
			       ns[i], noise_name[k],
			       100 * share(a.false_before, a.reports),
			       100 * share(a.false_after, a.reports),
			       100 * share(b.false_before, b.reports),
			       100 * share(b.false_after, b.reports),
			       100 * share(d.right_before, d.figures),
			       100 * share(d.right_after, d.figures),
			       100 * share(e.right_before, e.figures),
			       100 * share(e.right_after, e.figures),
			       odd, 100 * share(a.odd_false, a.clean_groups), mde,
			       100 * share(a.drift_reports, a.reports));
		}
	printf("\n-x auto: coverage of the final 95%% interval (%zu sessions a "
	       "cell, lognormal runs, at most 10 runs) and mean runs made\n\n",
	       reps);
	printf("| CV | lag-1 correlation | coverage before | after | when stopped "
	       "early: before | after | runs before | after | drift stops after "
	       "|\n|---|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 3; j++) {
			struct auto_tally b = run_auto(cvs[i], rhos[j], false, reps, 51 + i);
			struct auto_tally a = run_auto(cvs[i], rhos[j], true, reps, 51 + i);

			printf("| %.0f%% | %.1f | %.1f%% | %.1f%% | %.1f%% | %.1f%% | "
			       "%.1f | %.1f | %.1f%% |\n",
			       100 * cvs[i], rhos[j], 100 * share(b.covered, b.sessions),
			       100 * share(a.covered, a.sessions),
			       100 * share(b.early_covered, b.early),
			       100 * share(a.early_covered, a.early),
			       (double)b.runs / (double)b.sessions,
			       (double)a.runs / (double)a.sessions,
			       100 * share(a.drift_stops, a.sessions));
		}
}

/* ---- the tests ---- */

static char name_buf[200];

static const char *named(const char *fmt, const struct cell *c, double a, double b)
{
	snprintf(name_buf, sizeof(name_buf), fmt, c->n, noise_name[c->noise],
		 (int)c->m, a, b);
	return name_buf;
}

/*
 * Equal groups: the share of whole reports (24 figures) with any false
 * verdict is within 5% and the simulation's error; and at the threshold's
 * edges, where false verdicts are likeliest: a true ratio of exactly
 * +/-3% (the same: "faster" would be false) and just past it ("the
 * same" would be false).
 */
static void test_family_rate(size_t reps)
{
	static const size_t ns[] = { 3, 5, 10 };
	double theta = log1p(JUDGE_THRESHOLD), bound = allowance(JUDGE_ALPHA, reps);

	for (size_t i = 0; i < 3; i++)
		for (int k = 0; k < NOISE_KINDS; k++) {
			struct cell c = { k, ns[i], 24, 0.0 };
			struct tally t = run_cell(&c, reps, 100 + 3 * i + k, NULL);
			double rate = share(t.false_after, t.reports);

			printf("# equal, %zu runs, %s: %.1f%% of %zu reports with a "
			       "false verdict (before: %.1f%%)\n", c.n,
			       noise_name[k], 100 * rate, reps,
			       100 * share(t.false_before, t.reports));
			CHECK(named("family rate: %zu runs, %s, %d figures: %.1f%% <= %.1f%%",
				    &c, 100 * rate, 100 * bound), rate <= bound);
		}
	for (size_t i = 1; i < 3; i++) {
		struct cell at = { NORMAL, ns[i], 24, theta };
		struct cell past = { NORMAL, ns[i], 24, theta * 1.0001 };
		struct tally a = run_cell(&at, reps, 200 + i, NULL);
		struct tally b = run_cell(&past, reps, 210 + i, NULL);

		CHECK(named("family rate: %zu runs, %s, %d figures at the threshold: "
			    "%.1f%% <= %.1f%%", &at, 100 * share(a.false_after, a.reports),
			    100 * bound), share(a.false_after, a.reports) <= bound);
		CHECK(named("family rate: %zu runs, %s, %d figures past the threshold: "
			    "%.1f%% <= %.1f%%", &past, 100 * share(b.false_after, b.reports),
			    100 * bound), share(b.false_after, b.reports) <= bound);
	}
}

/*
 * Power per figure at true 10% and 30% differences, held to floors set
 * from measurements (tests/unit/lib/test_sim.c --table 2000) less four
 * simulation standard errors, and the odd runs named.
 */
static void test_power(size_t reps)
{
	static const struct {
		size_t n;
		enum noise noise;
		double ratio, floor;
	} rows[] = {
		{ 3, NORMAL, 1.3, 0.27 },  { 5, NORMAL, 1.1, 0.05 },
		{ 5, NORMAL, 1.3, 0.95 },  { 10, NORMAL, 1.1, 0.31 },
		{ 10, NORMAL, 1.3, 0.98 }, { 5, OUTLIERS, 1.3, 0.28 },
		{ 10, OUTLIERS, 1.1, 0.15 }, { 10, OUTLIERS, 1.3, 0.68 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct cell c = { rows[i].noise, rows[i].n, 12, log(rows[i].ratio) };
		struct tally t = run_cell(&c, reps, 300 + i, NULL);
		double power = share(t.right_after, t.figures);

		printf("# power at %+.0f%%, %zu runs, %s: %.1f%% (before %.1f%%)\n",
		       100 * (rows[i].ratio - 1), c.n, noise_name[c.noise],
		       100 * power, 100 * share(t.right_before, t.figures));
		CHECK(named("power: %zu runs, %s, %d figures: %.1f%% >= %.0f%%", &c,
			    100 * power, 100 * rows[i].floor), power >= rows[i].floor);
		if (c.noise == OUTLIERS && c.n == 10)
			CHECK("odd runs: 2x-slow runs named in 90% of groups of 10",
			      share(t.odd_found, t.odd_groups) >= 0.90);
		if (c.noise == NORMAL)
			CHECK("odd runs: named in under 1% of clean groups",
			      share(t.odd_false, t.clean_groups) < 0.01);
	}
}

/*
 * The smallest detectable difference is what it says: at a true
 * difference equal to the median MDE that equal groups report, about 80%
 * of figures are called faster or slower.
 */
static void test_mde(size_t n, size_t reps)
{
	struct cell equal = { NORMAL, n, 12, 0.0 };
	double mde;
	struct tally e = run_cell(&equal, reps, 400 + n, &mde);
	struct cell at = { NORMAL, n, 12, log1p(mde / 100) };
	struct tally t = run_cell(&at, reps, 401 + n, NULL);
	double power = share(t.right_after, t.figures);

	(void)e;
	snprintf(name_buf, sizeof(name_buf), "detectable difference, %zu runs, "
		 "CV 5%%: %.1f%%, found %.1f%% of the time there (70-90%%)", n,
		 mde, 100 * power);
	CHECK(name_buf, power >= 0.70 && power <= 0.90);
}

/*
 * -x auto's final interval covers the truth at its stated 95% (less
 * three simulation standard errors) at CV 1%, 3% and 10%, with
 * independent runs and with a lag-1 correlation of 0.3; at 0.5 it is
 * held to a floor from measurements.
 */
static void test_auto(size_t reps)
{
	static const double cvs[] = { 0.01, 0.03, 0.10 };
	static const struct {
		double rho, floor;
	} rhos[] = { { 0.0, 0.95 }, { 0.3, 0.95 }, { 0.5, 0.86 } };

	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 3; j++) {
			struct auto_tally a = run_auto(cvs[i], rhos[j].rho, true, reps,
						       500 + 3 * i + j);
			struct auto_tally b = run_auto(cvs[i], rhos[j].rho, false,
						       reps, 500 + 3 * i + j);
			double cover = share(a.covered, a.sessions);
			double floor = rhos[j].floor -
				       3.0 * sqrt(rhos[j].floor * (1 - rhos[j].floor) /
						  (double)reps);

			snprintf(name_buf, sizeof(name_buf), "-x auto: CV %.0f%%, "
				 "correlation %.1f: final interval covers %.1f%% >= "
				 "%.1f%% (before %.1f%%; %.1f runs, before %.1f)",
				 100 * cvs[i], rhos[j].rho, 100 * cover, 100 * floor,
				 100 * share(b.covered, b.sessions),
				 (double)a.runs / (double)reps,
				 (double)b.runs / (double)reps);
			CHECK(name_buf, cover >= floor);
		}
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--table") == 0) {
		print_table((size_t)strtoul(argv[2], NULL, 10));
		return 0;
	}
	test_family_rate(400);
	test_power(100);
	test_mde(5, 100);
	test_mde(10, 100);
	test_auto(1000);
	return check_done();
}
