/* SPDX-License-Identifier: MIT */
/*
 * test_advice.c - the "too fast to measure" hint is a command line that
 * runs: for every configuration of a grid (sizes, chunk, seeks, seekers,
 * -r, the detected RAM, -c, -n forms, -f forms, --char-io) and every set of
 * too-fast phases, the suggestion the footer prints, given in place of the
 * run's sizing options, passes options_parse (every check config_validate
 * makes), keeps what it does not enlarge, and enlarges what was too fast.
 */
#include <stdlib.h>

#include "check.h"
#include "core/config_rules.h"
#include "format/fmt.h"
#include "cli/options.h"
#include "run/phase_info.h"
#include "core/verdict.h"

#define MAX_ARGS 32

/* The grid; NULL leaves the option out. */
static const char *const sizes[] = { NULL, "1", "64", "300", "1G", "5000", "0" };
static const char *const s_tails[] = { "", ":4k::10", "::100", ":1m:3k:2" };
static const char *const rams[] = { NULL, "0", "1", "200", "4096" };
static const uint64_t detected[] = { 0, 1024, 24576 };
static const char *const copies[] = { NULL, "2", "7" };
static const char *const files[] = { NULL, "0", "1", "4:4k:1k:3", "2:-1",
				      "200:0:0:1:4k", "28000" };
static const char *const perchars[] = { NULL, "-f", "2M", "1G" };
static const char *const char_ios[] = { NULL, "syscall" };
/* Sets of too-fast phases, as bits of enum phase_id. */
static const unsigned fast_sets[] = {
	1u << PHASE_WRITE,
	1u << PHASE_SEEKS,
	1u << PHASE_PUTC,
	(1u << PHASE_GETC) | (1u << PHASE_READ) | (1u << PHASE_SEQ_STAT),
	(1u << PHASE_RAN_DELETE),
	(1u << PHASE_COUNT) - 1,
};
static const uint64_t fast_ns[] = { 1000000, 200000000, 499000000 };

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct tally {
	unsigned configs, runnable, hints, stuck, failures;
};

static void add(char **argv, int *argc, const char *a, const char *b)
{
	argv[(*argc)++] = (char *)a;
	if (b)
		argv[(*argc)++] = (char *)b;
}

/* The results a run of CFG would give, with the phases in FAST too fast after T ns. */
static struct run_results results_of(const struct config *cfg, uint64_t ram,
				     unsigned fast, uint64_t t)
{
	struct run_results r;

	memset(&r, 0, sizeof(r));
	strcpy(r.program, "clyde");
	r.concurrency = cfg->concurrency;
	r.io = cfg->io;
	r.files = cfg->files;
	r.perchar_mib = phase_perchar_bytes(cfg) / MIB;
	r.mode = cfg->mode;
	r.ram_mib = cfg->ram_mib;
	r.env.ram_mib = ram;
	for (int p = 0; p < PHASE_COUNT; p++) {
		bool ran = p < PHASE_FILE_FIRST ? cfg->io.size_mib > 0 &&
			   ((p != PHASE_PUTC && p != PHASE_GETC) || r.perchar_mib > 0)
			   : cfg->files.count_k > 0;

		if (!ran)
			continue;
		r.phase[p].state = fast & (1u << p) ? FIGURE_TOO_FAST : FIGURE_VALUE;
		r.phase[p].elapsed_ns = fast & (1u << p) ? t : 2000000000;
		r.phase[p].rate = 1000;
	}
	return r;
}

/* The words after "measure them: " into WORDS (at most MAX); how many. */
static int hint_words(char *footer, char **words, int max)
{
	char *at = strstr(footer, "measure them: ");
	int n = 0;

	if (!at)
		return 0;
	at += strlen("measure them: ");
	at[strcspn(at, "\n")] = '\0';
	if (strstr(at, " (about ")) /* the cost after the options */
		*strstr(at, " (about ") = '\0';
	for (char *tok = strtok(at, " "); tok && n < max; tok = strtok(NULL, " "))
		words[n++] = tok;
	return n;
}

static void failure(struct tally *t, const char *what, char **argv0, int argc0,
		    const char *footer, const char *err)
{
	if (t->failures++ >= 5)
		return;
	printf("# %s:", what);
	for (int i = 1; i < argc0; i++)
		printf(" %s", argv0[i]);
	printf("\n#   %s#   %s\n", footer, err);
}

/* A too-fast phase's quantity grew in NEW; the rest of the shape is OLD's. */
static const char *compare(const struct config *old, const struct config *new,
			   const struct advice *a)
{
	uint64_t pc_new = phase_perchar_bytes(new) / MIB;
	uint64_t want_pc = a->perchar_mib < 0 ? a->io.size_mib
			   : (uint64_t)a->perchar_mib;

	if (new->io.size_mib != a->io.size_mib || new->io.seeks != a->io.seeks ||
	    pc_new != want_pc || new->files.count_k != a->files.count_k)
		return "the run does not have the values printed";
	if (new->io.chunk_bytes != old->io.chunk_bytes ||
	    new->io.seekers != old->io.seekers ||
	    new->files.max_bytes != old->files.max_bytes ||
	    new->files.min_bytes != old->files.min_bytes ||
	    new->files.dirs != old->files.dirs ||
	    new->files.chunk_bytes != old->files.chunk_bytes ||
	    new->concurrency != old->concurrency || new->ram_mib != old->ram_mib)
		return "an option it does not enlarge changed";
	if (new->io.size_mib < old->io.size_mib || new->io.seeks < old->io.seeks ||
	    new->files.count_k < old->files.count_k)
		return "a value shrank";
	if ((a->s && new->io.size_mib == old->io.size_mib &&
	     new->io.seeks == old->io.seeks) ||
	    (a->f && pc_new <= phase_perchar_bytes(old) / MIB) ||
	    (a->n && new->files.count_k <= old->files.count_k))
		return "an option it enlarges did not grow";
	return NULL;
}

static void one(struct tally *t, char **argv0, int argc0, const char *char_io,
		uint64_t ram, unsigned fast, uint64_t ns)
{
	struct config cfg0, cfg1;
	struct run_results r;
	char err[256], *text = NULL, *copy;
	char *argv1[MAX_ARGS];
	size_t len = 0;
	FILE *mem;
	int argc1;

	t->configs++;
	if (options_parse(argc0, argv0, ram, 1, &cfg0, err, sizeof(err)) != OPT_RUN)
		return;
	t->runnable++;
	r = results_of(&cfg0, ram, fast, ns);
	verdict_compute(&r);
	if (!r.advice.any)
		return;
	mem = open_memstream(&text, &len);
	fmt_footer(mem, &r);
	fclose(mem);
	copy = strdup(text);
	/* The hint in place of the run's sizing options: --char-io stays. */
	argv1[0] = "clyde";
	argc1 = 1;
	if (char_io)
		add(argv1, &argc1, "--char-io", char_io);
	int n = hint_words(copy, argv1 + argc1, MAX_ARGS - 1 - argc1);
	argc1 += n;
	argv1[argc1] = NULL;
	if (n == 0) {
		if (strstr(text, "no larger -n fits") && !r.advice.s &&
		    !r.advice.f && !r.advice.n)
			t->stuck++;
		else
			failure(t, "no sized hint", argv0, argc0, text, "");
	} else {
		const char *why;

		t->hints++;
		if (options_parse(argc1, argv1, ram, 1, &cfg1, err, sizeof(err)) !=
		    OPT_RUN)
			failure(t, "the hint is refused", argv0, argc0, text, err);
		else if ((why = compare(&cfg0, &cfg1, &r.advice)) != NULL)
			failure(t, why, argv0, argc0, text, "");
	}
	free(copy);
	free(text);
}

/* Every configuration of the grid with every set of fast phases. */
static void test_grid(void)
{
	struct tally t = { 0 };
	char sbuf[64];

	for (size_t si = 0; si < N(sizes); si++)
	for (size_t ti = 0; ti < (sizes[si] ? N(s_tails) : 1); ti++)
	for (size_t ri = 0; ri < N(rams); ri++)
	for (size_t di = 0; di < N(detected); di++)
	for (size_t ci = 0; ci < N(copies); ci++)
	for (size_t ni = 0; ni < N(files); ni++)
	for (size_t pi = 0; pi < N(perchars); pi++)
	for (size_t ii = 0; ii < N(char_ios); ii++)
	for (size_t fi = 0; fi < N(fast_sets); fi++) {
		char *argv[MAX_ARGS] = { "clyde" };
		int argc = 1;

		if (sizes[si]) {
			snprintf(sbuf, sizeof(sbuf), "%s%s", sizes[si], s_tails[ti]);
			add(argv, &argc, "-s", sbuf);
		}
		if (rams[ri])
			add(argv, &argc, "-r", rams[ri]);
		if (copies[ci])
			add(argv, &argc, "-c", copies[ci]);
		if (files[ni])
			add(argv, &argc, "-n", files[ni]);
		if (perchars[pi])
			add(argv, &argc, "-f", strcmp(perchars[pi], "-f") ? perchars[pi]
								: NULL);
		if (char_ios[ii])
			add(argv, &argc, "--char-io", char_ios[ii]);
		argv[argc] = NULL;
		one(&t, argv, argc, char_ios[ii], detected[di], fast_sets[fi],
		    fast_ns[(si + ni + fi) % N(fast_ns)]);
	}
	printf("# %u configurations, %u valid, %u hints, %u where -n cannot grow\n",
	       t.configs, t.runnable, t.hints, t.stuck);
	CHECK("advice grid: many valid configurations", t.runnable > 10000);
	CHECK("advice grid: many hints checked", t.hints > 10000);
	CHECK_U64("advice grid: every hint runs, as printed, enlarged", t.failures, 0);
}

/* The case: -s 1G -r 512 on a machine with more RAM names -r. */
static void test_example(void)
{
	char *argv[] = { "clyde", "-s", "1G", "-r", "512", "-n", "0", NULL };
	struct config cfg;
	struct run_results r;
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *mem;

	CHECK("example parses", options_parse(7, argv, 24576, 1, &cfg, err,
					      sizeof(err)) == OPT_RUN);
	r = results_of(&cfg, 24576, (1u << PHASE_READ) | (1u << PHASE_SEEKS),
		       250000000);
	verdict_compute(&r);
	mem = open_memstream(&text, &len);
	fmt_footer(mem, &r);
	fclose(mem);
	/* 0.25 s aimed at 0.75 s: three times the size and the seeks; the
	 * four phases of 2 s each and the two too fast, all three times. */
	CHECK("example: -s 1G -r 512 suggests -s 3G, keeps -r 512 and -n 0, "
	      "and says how long",
	      strstr(text, "measure them: -s 3G::24k -n 0 -r 512 (about 26 s at "
			   "this run's rates)\n") != NULL);
	free(text);
}

/* clyde-mpi: three ranks of one copy each count 3 in the concurrency, but
 * the suggestion, pasted back under mpirun, gives -c per rank (issue 20.5). */
static void test_ranks(void)
{
	char *argv[] = { "clyde", "-s", "16M", "-r", "0", "-n", "0", "-c", "2", NULL };
	struct rank_report reports[3];
	struct config cfg;
	struct run_results r;
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *mem;

	CHECK("ranks example parses", options_parse(9, argv, 24576, 1, &cfg, err,
						    sizeof(err)) == OPT_RUN);
	r = results_of(&cfg, 24576, 1u << PHASE_WRITE, 250000000);
	memset(reports, 0, sizeof(reports));
	r.concurrency = 3 * cfg.concurrency;
	r.ranks = (struct rank_set){ .n = 3, .hosts = 1, .rank = reports };
	verdict_compute(&r);
	mem = open_memstream(&text, &len);
	fmt_footer(mem, &r);
	fclose(mem);
	CHECK("3 ranks x -c 2: the suggestion says -c 2, not -c 6",
	      strstr(text, " -c 2 -r 0 (about ") != NULL && strstr(text, "-c 6") == NULL);
	CHECK("3 ranks x -c 2: the footer counts 6 copies in 3 ranks",
	      strstr(text, "6 copies in 3 MPI ranks on 1 host") != NULL);
	free(text);
}

int main(void)
{
	test_example();
	test_ranks();
	test_grid();
	return check_done();
}
