/* SPDX-License-Identifier: MIT */
/*
 * null_mark.h - a whole clyde mark through the real driver whose steps are
 * null rows: they do no I/O and report figures the test chooses (the
 * layout, each run, and with --steady each precondition and round), then
 * described as a run on a known machine would be; and the golden check of
 * every output of it; clyde mark's options parsed from a list, and
 * REFUSED for a command line refused. Header-only, for tests/unit/mark.
 */
#ifndef NULL_MARK_H
#define NULL_MARK_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/config_rules.h"
#include "golden.h"
#include "mark/fmt_mark.h"
#include "mark/mark.h"
#include "read/json_read.h"
#include "lib/stats.h"

/* clyde mark's options from the arguments after ERR, up to a NULL. */
static enum opt_outcome parse(struct mark_options *mo, struct config *cfg,
				  char *err, ...)
{
	char *argv[40] = { "mark" };
	int argc = 1;
	va_list ap;

	va_start(ap, err);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 39;)
		argv[argc++] = a;
	va_end(ap);
	return mark_options_parse(argc, argv, 4096, 42, mo, cfg, err, 256);
}

/* The command line ARGS... is refused with a message containing WHY. */
#define REFUSED(why, ...)                                                      \
	do {                                                                   \
		enum opt_outcome o_ = parse(&mo, &cfg, err, __VA_ARGS__, NULL); \
		if (o_ != OPT_ERROR || !strstr(err, why))                    \
			printf("# got %d '%s'\n", o_, err);                      \
		CHECK("mark options refuse: " why, o_ == OPT_ERROR && strstr(err, why)); \
	} while (0)

static unsigned null_calls; /* the driver runs one step at a time */

/* The layout: the whole file in 1 MiB writes, in one second. */
static int null_layout(struct phase_ctx *ctx)
{
	ctx->bytes = ctx->tf->size_bytes;
	ctx->ops = ctx->bytes / MIB;
	for (uint64_t i = 0; i < ctx->ops; i++)
		stats_add(&ctx->lat, 4000000 + 1000 * i);
	ctx->io_ns = 1000000000;
	ctx->io_cpu_ns = 50000000;
	return 0;
}

/*
 * A test run whose figures follow from its spec and the run's number: more
 * I/Os for deeper queues and smaller blocks, fewer for writes, a little
 * different every run; latencies spread over 200 values.
 */
static int null_test(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;
	unsigned n = null_calls++;
	uint64_t per_s = 4000 * (uint64_t)spec->depth * spec->threads /
			 (spec->block_bytes / 4096 > 64 ? 64 : spec->block_bytes / 4096);
	uint64_t ios = per_s * spec->time_ns / 1000000000 * (spec->writes ? 2 : 3) / 3 +
		       17 * (n % 5);

	for (uint64_t i = 0; i < ios; i++)
		stats_add(&ctx->lat, (40 + i % 200) * 1000 * spec->depth);
	ctx->ops = ios;
	ctx->bytes = ios * spec->block_bytes;
	ctx->read_bytes = spec->writes ? 0 : ctx->bytes;
	ctx->io_ns = spec->time_ns + 1000000 * (n % 3);
	ctx->io_cpu_ns = spec->time_ns / 8;
	return 0;
}

static const struct phase_info null_layout_row = {
	.id = PHASE_MARK, .name = "null layout", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .done = "done", .run = null_layout,
};
static const struct phase_info null_test_row = {
	.id = PHASE_MARK, .name = "null mark test", .unit = UNIT_KIB_S,
	.size = SIZE_TIME, .done = "done", .reads = true, .run = null_test,
};

static char *render(void (*f)(FILE *, const struct mark_results *),
		    const struct mark_results *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	f(mem, r);
	fclose(mem);
	return text;
}

static void csv_all(FILE *out, const struct mark_results *r)
{
	fmt_mark_csv_header(out);
	fmt_mark_csv(out, r);
}

static void json_one(FILE *out, const struct mark_results *r)
{
	fmt_mark_json(out, r);
}


/*
 * --steady's null rows: a precondition writes its I/Os in a second; each
 * round's MB/s is null_round_mbs(WRITES, ROUND) of the test (round 0, 1,
 * ...), which the test sets.
 */
static double (*null_round_mbs)(bool writes, unsigned round);
static unsigned null_rounds[2]; /* rounds run, of reads and of writes */
static void (*null_say)(void *arg, const char *line); /* the plan's say */

static int null_fill(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;

	ctx->ops = spec->ios;
	ctx->bytes = spec->ios * spec->block_bytes;
	for (uint64_t i = 0; i < 100; i++)
		stats_add(&ctx->lat, 50000 + 100 * i);
	ctx->io_ns = 1000000000;
	ctx->io_cpu_ns = 10000000;
	return 0;
}

static int null_round(struct phase_ctx *ctx)
{
	const struct random_spec *spec = ctx->arg;
	double mbs = null_round_mbs(spec->writes, null_rounds[spec->writes]++);
	uint64_t ios = (uint64_t)(mbs * 1e6 * ((double)spec->time_ns / 1e9) /
				  spec->block_bytes + 0.5);

	for (uint64_t i = 0; i < 100; i++)
		stats_add(&ctx->lat, 60000 + 100 * i);
	ctx->ops = ios;
	ctx->bytes = ios * spec->block_bytes;
	ctx->read_bytes = spec->writes ? 0 : ctx->bytes;
	ctx->io_ns = spec->time_ns;
	ctx->io_cpu_ns = spec->time_ns / 10;
	return 0;
}

static const struct phase_info null_fill_row = {
	.id = PHASE_MARK, .name = "null precondition", .unit = UNIT_KIB_S,
	.size = SIZE_IOS, .done = "done", .run = null_fill,
};
static const struct phase_info null_round_row = {
	.id = PHASE_MARK, .name = "null round", .unit = UNIT_KIB_S,
	.size = SIZE_TIME, .done = "done", .reads = true, .run = null_round,
};

/* The null row of step I of MP. */
static const struct phase_info *null_row(const struct mark_plan *mp, size_t i)
{
	const struct plan_step *step = &mp->plan.steps[i];

	if (i == 0)
		return &null_layout_row;
	if (step->info == &phase_mark_fill_info)
		return &null_fill_row;
	for (size_t k = 0; k < mp->n; k++)
		if (step->arg == &mp->st[k].round)
			return &null_round_row;
	return &null_test_row;
}

/*
 * A whole mark of MO through run_phases with the plan's rows swapped for
 * null ones, then described as a run on a known machine would be.
 */
static int null_mark(const struct mark_options *mo, const struct config *parsed,
		     struct mark_plan *mp, struct mark_results *res, const char *dir)
{
	static struct run_results scratch;
	static struct run_target target;
	struct config cfg;
	struct phase_error err;

	config_defaults(&cfg, 0, 99);
	cfg.io.size_mib = 64;
	cfg.io.chunk_bytes = MIB;
	cfg.files.count_k = 0;
	cfg.perchar_mib = 0;
	cfg.random_io = true;
	cfg.steady = parsed->steady;
	snprintf(target.workdir, sizeof(target.workdir), "%s", dir);
	target.engine = ENGINE_IO_URING;
	null_calls = 0;
	null_rounds[0] = null_rounds[1] = 0;
	mark_plan_init(mp, mo, &cfg);
	mp->say = null_say;
	for (size_t i = 0; i < mp->plan.n; i++)
		mp->plan.steps[i].info = null_row(mp, i);
	int st = run_phases(&cfg, &target, mp->plan.steps, mp->plan.n, NULL, &scratch,
			    &err);
	/* Null tests do no operation over time: nothing to draw. */
	for (size_t k = 0; k < mp->n; k++)
		for (size_t r = 0; r < mo->runs; r++)
			memset(&mp->results[k][r].series, 0, sizeof(mp->results[k][r].series));
	memset(res, 0, sizeof(*res));
	snprintf(res->version, sizeof(res->version), GOLDEN_RUN_VERSION);
	snprintf(res->machine, sizeof(res->machine), "box \"7\"");
	snprintf(res->profile, sizeof(res->profile), "%s", mo->profile ? mo->profile : "");
	snprintf(res->dir, sizeof(res->dir), "/mnt/ssd");
	res->size_mib = 64;
	res->runs = mo->runs;
	res->time_s = mo->time_s;
	res->method = mo->method;
	res->seed = 99;
	res->engine = ENGINE_IO_URING;
	res->dio_align = 512;
	snprintf(res->env.kernel, sizeof(res->env.kernel), "Linux 6.1.0");
	snprintf(res->env.fs_type, sizeof(res->env.fs_type), "ext4");
	snprintf(res->env.device, sizeof(res->env.device), "nvme0n1");
	res->env.rotational = 0;
	res->env.cpus = 2;
	return st;
}

static void golden_all(const char *label, const char *base, const struct mark_results *r)
{
	char path[128], name[128];
	char *table = render(fmt_mark_table, r), *csv = render(csv_all, r);
	char *json = render(json_one, r), *truth = render(fmt_mark_truth, r);

	snprintf(path, sizeof(path), GOLDEN "/%s.txt", base);
	snprintf(name, sizeof(name), "%s: table", label);
	golden_check(name, path, table);
	snprintf(path, sizeof(path), GOLDEN "/%s.csv", base);
	snprintf(name, sizeof(name), "%s: csv", label);
	golden_check(name, path, csv);
	snprintf(path, sizeof(path), GOLDEN "/%s.json", base);
	snprintf(name, sizeof(name), "%s: json", label);
	golden_check(name, path, json);
	snprintf(path, sizeof(path), GOLDEN "/%s.truth", base);
	snprintf(name, sizeof(name), "%s: truth line", label);
	golden_check(name, path, truth);
	struct json_error jerr;
	struct json_value *tree = json_parse(json, strlen(json), NULL, &jerr);
	snprintf(name, sizeof(name), "%s: the JSON parses", label);
	CHECK(name, tree != NULL);
	json_free(tree);
	free(table);
	free(csv);
	free(json);
	free(truth);
}

#endif
