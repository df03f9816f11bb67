/* SPDX-License-Identifier: MIT */
/*
 * fmt_mark.c - `clyde mark`'s outputs, pure functions of struct
 * mark_results: the table in CrystalDiskMark's layout ([Read] and [Write]
 * sections, MB/s in 10^6 bytes, IOPS, mean latency in microseconds) with
 * p99 and max latency added, the truth check's line, a CSV line per test
 * and the JSON with every run.
 */
#include "fmt_mark.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "engine/engine.h"
#include "format/fmt_drive.h"
#include "format/fmt.h"
#include "format/fmt_cells.h"
#include "format/fmt_feel.h"
#include "format/fmt_text.h"
#include "format/fmt_json.h"
#include "format/fmt_why.h"
#include "format/json_out.h"

#define RULE "------------------------------------------------------------------------------\n"

/* A figure for the table: the value, or dashes when it is not finite. */
static void cell(FILE *out, int width, int decimals, double v)
{
	if (isfinite(v) && v >= 0 && v < 1e12)
		fprintf(out, "%*.*f", width, decimals, v);
	else
		fprintf(out, "%*s", width, "-");
}

/* "  SEQ    1MiB (Q=  8, T= 1):" as CrystalDiskMark labels its rows. */
static void row_label(FILE *out, const struct mark_test *t)
{
	bool mib = t->block_bytes >= 1024 * 1024;

	fprintf(out, "  %s %4" PRIu32 "%s (Q=%3" PRIu32 ", T=%2" PRIu32 "):",
		t->sequential ? "SEQ" : "RND",
		mib ? t->block_bytes / (1024 * 1024) : t->block_bytes / 1024,
		mib ? "MiB" : "KiB", t->depth, t->threads);
}

static void row(FILE *out, const struct mark_result *t)
{
	bool ran = t->n_runs > 0 && t->score.elapsed_ns > 0;

	row_label(out, &t->test);
	fputc(' ', out);
	cell(out, 9, 3, ran ? t->score.mb_per_s : NAN);
	fputs(" MB/s [", out);
	cell(out, 9, 1, ran ? t->score.iops : NAN);
	fputs(" IOPS] <", out);
	cell(out, 9, 2, ran ? t->score.mean_us : NAN);
	fputs(" us> p99 <", out);
	cell(out, 9, 2, ran && t->lat.count ? (double)t->lat.p99_ns / 1e3 : NAN);
	fputs(" us> max <", out);
	cell(out, 9, 2, ran && t->lat.count ? (double)t->lat.max_ns / 1e3 : NAN);
	fputs(" us>\n", out);
}

static const char *score_words(const struct mark_results *r)
{
	return r->score == MARK_BEST ? "the best of" : "the mean of";
}

static bool same_test(const struct mark_test *a, const struct mark_test *b)
{
	return a->sequential == b->sequential && a->block_bytes == b->block_bytes &&
	       a->depth == b->depth && a->threads == b->threads;
}

/* "default profile" or "RND4K Q3T1 write, SEQ1M Q8T1" for a --tests list. */
static void what_ran(FILE *out, const struct mark_results *r)
{
	char name[MARK_NAME_MAX];

	if (r->profile[0]) {
		fprintf(out, "%s profile", r->profile);
		return;
	}
	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];
		bool both = i + 1 < r->n && !t->writes && r->tests[i + 1].writes &&
			    same_test(&t->test, &r->tests[i + 1].test);

		fprintf(out, "%s%s%s", i ? ", " : "", mark_test_name(&t->test, name,
								      sizeof(name)),
			both ? "" : t->writes ? " write" : " read");
		if (both)
			i++;
	}
}

/* "Over time: RND4K Q32T1 read, run 2, fell from ..." for each run's shapes. */
static void over_time(FILE *out, const struct mark_results *r)
{
	char name[MARK_NAME_MAX], text[WHY_TEXT_MAX];

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		for (size_t k = 0; k < t->n_runs && k < MARK_MAX_RUNS; k++) {
			const struct phase_series *s = &t->run[k].series;

			for (uint32_t j = 0; j < s->n_shapes && j < SERIES_MAX_SHAPES; j++)
				fprintf(out, "Over time: %s %s, run %zu, %s\n",
					mark_test_name(&t->test, name, sizeof(name)),
					t->writes ? "write" : "read", k + 1,
					fmt_why_shape(&s->shape[j], false, text, sizeof(text)));
		}
	}
}

void fmt_mark_table(FILE *out, const struct mark_results *r)
{
	char size[FMT_TEXT_MAX];

	fputs(RULE, out);
	fprintf(out, "clyde mark %s: ", r->version);
	what_ran(out, r);
	fprintf(out, ", %s %" PRIu32 " run%s\n", score_words(r), r->runs,
		r->runs == 1 ? "" : "s");
	fputs(RULE, out);
	fputs("* MB/s: 10^6 bytes a second; KiB and MiB: 1024 and 1024 x 1024 bytes\n"
	      "* <us>: the mean latency in microseconds, then the p99 and the\n"
	      "  maximum of every I/O of every run\n",
	      out);
	for (int writes = 0; writes <= 1; writes++) {
		bool any = false;

		for (size_t i = 0; i < r->n; i++) {
			if (r->tests[i].writes != (writes == 1))
				continue;
			if (!any)
				fputs(writes ? "\n[Write]\n" : "\n[Read]\n", out);
			any = true;
			row(out, &r->tests[i]);
		}
	}
	char machine[FMT_VISIBLE_MAX], dir[FMT_VISIBLE_MAX];

	fmt_mark_steady(out, r);
	fprintf(out, "\n    Test: %s file, %" PRIu32 " run%s of %s%" PRIu32 " s%s, as %s "
		"[%s: %s", fmt_bytes_words(r->size_mib * MIB, size, sizeof(size)),
		r->runs, r->runs == 1 ? "" : "s",
		r->method == MARK_BY_SIZE ? "one pass (" : "", r->time_s,
		r->method == MARK_BY_SIZE ? " at most)" : "",
		mark_method_reference(r->method),
		fmt_visible(r->machine, machine, sizeof(machine)),
		fmt_visible(r->dir, dir, sizeof(dir)));
	if (r->env.fs_type[0])
		fprintf(out, ", %s", r->env.fs_type);
	if (r->env.device[0])
		fprintf(out, " on %s", r->env.device);
	fprintf(out, "]\n    Mode: direct I/O, incompressible data, %s\n",
		engine_name(r->engine));
	fmt_memory_line(out, "    Note: ", r->prov_known, &r->prov);
	fmt_mark_drive(out, "    ", r);
	over_time(out, r);
	fmt_mark_feel(out, r);
}

bool fmt_mark_feel_line(const struct mark_results *r, size_t k, char *buf,
			size_t len)
{
	char name[MARK_NAME_MAX], text[FEEL_TEXT_MAX];

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		if (!fmt_json_probe_ran(&t->probe) || k-- != 0)
			continue;
		snprintf(buf, len, "%s %s: %s",
			 mark_test_name(&t->test, name, sizeof(name)),
			 t->writes ? "write" : "read",
			 fmt_feel_text(&t->probe, text, sizeof(text)));
		return true;
	}
	return false;
}

void fmt_mark_feel(FILE *out, const struct mark_results *r)
{
	char line[FMT_MARK_FEEL_MAX];

	for (size_t k = 0; fmt_mark_feel_line(r, k, line, sizeof(line)); k++)
		fprintf(out, "Feel: %s\n", line);
}

const char *fmt_mark_steady_words(char *buf, size_t len,
				  const struct mark_result *t)
{
	char name[MARK_NAME_MAX + 8];
	const struct fmt_steady_test what = {
		name, t->writes, "MB/s", t->n_runs > 0 ? t->score.mb_per_s : NAN,
	};

	mark_test_name(&t->test, name, sizeof(name));
	strcat(name, t->writes ? " write" : " read");
	return fmt_steady_words(buf, len, &what, &t->steady);
}

void fmt_mark_steady(FILE *out, const struct mark_results *r)
{
	char words[FMT_DRIVE_TEXT_MAX];
	bool any = false;

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		if (t->steady.end == STEADY_OFF)
			continue;
		if (!any)
			fputs("\n[Steady state] each test preconditioned, then run in "
			      "rounds until the SNIA rule holds\n", out);
		any = true;
		fprintf(out, "  %s\n", fmt_mark_steady_words(words, sizeof(words), t));
		fmt_steady_rounds(out, "    ", &t->steady, "MB/s");
	}
}

void fmt_mark_drive(FILE *out, const char *prefix, const struct mark_results *r)
{
	char text[FMT_DRIVE_TEXT_MAX];

	if (fmt_trim_text(text, sizeof(text), &r->trim)[0])
		fprintf(out, "%s%s\n", prefix, text);
	if (fmt_removal_text(text, sizeof(text), &r->removal,
			     r->prov_known ? &r->prov : NULL)[0])
		fprintf(out, "%s%s\n", prefix, text);
}

void fmt_mark_truth(FILE *out, const struct mark_results *r)
{
	char name[MARK_NAME_MAX];
	bool any = false;

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];

		if (t->writes || t->disk_pct < 0 || t->disk_pct >= 50)
			continue;
		fprintf(out, "%s%d%% of %s reads", any ? ", " : "clyde: ", t->disk_pct,
			mark_test_name(&t->test, name, sizeof(name)));
		any = true;
	}
	if (any)
		fputs(" came from the disk, the page cache served the rest: the "
		      "filesystem does not honour O_DIRECT\n", out);
}

static const char *const csv_fields[] = {
	"format", "version", "machine", "profile", "test", "op", "pattern",
	"block_bytes", "queue_depth", "threads", "runs", "time_s", "size_mib",
	"mb_per_s", "iops", "mean_us", "p99_us", "max_us", "device_read_bytes",
	"device_write_bytes", "engine", "method",
};

void fmt_mark_csv_header(FILE *out)
{
	for (size_t i = 0; i < sizeof(csv_fields) / sizeof(csv_fields[0]); i++)
		fprintf(out, "%s%s", i ? "," : "", csv_fields[i]);
	fputc('\n', out);
}

void fmt_mark_csv(FILE *out, const struct mark_results *r)
{
	char name[MARK_NAME_MAX];

	for (size_t i = 0; i < r->n; i++) {
		const struct mark_result *t = &r->tests[i];
		bool ran = t->n_runs > 0 && t->score.elapsed_ns > 0;

		fputs("mark,", out);
		fmt_csv_text(out, "clyde-", r->version, sizeof(r->version) - 1);
		fputc(',', out);
		fmt_csv_text(out, "", r->machine, sizeof(r->machine) - 1);
		fputc(',', out);
		fmt_csv_text(out, "", r->profile[0] ? r->profile : "tests",
			     sizeof(r->profile) - 1);
		fprintf(out, ",%s,%s,%s,%" PRIu32 ",%" PRIu32
			     ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",",
			mark_test_name(&t->test, name, sizeof(name)),
			t->writes ? "write" : "read",
			t->test.sequential ? "sequential" : "random",
			t->test.block_bytes, t->test.depth, t->test.threads, r->runs,
			r->time_s, r->size_mib);
		if (ran)
			fprintf(out, "%.3f,%.1f,%.2f,%.2f,%.2f,", t->score.mb_per_s,
				t->score.iops, t->score.mean_us,
				(double)t->lat.p99_ns / 1e3, (double)t->lat.max_ns / 1e3);
		else
			fputs(",,,,,", out);
		if (t->dev.known)
			fprintf(out, "%" PRIu64 ",%" PRIu64 ",", t->dev.read_bytes,
				t->dev.write_bytes);
		else
			fputs(",,", out);
		fprintf(out, "%s,%s\n", engine_name(r->engine), mark_method_name(r->method));
	}
}

/* One run's (or the score's) figures, as members of an open object. */
static void json_figures(FILE *out, const struct mark_figures *f, bool series)
{
	fputs("\"mb_per_s\": ", out);
	json_out_exact_or_null(out, true, f->mb_per_s);
	fputs(", \"iops\": ", out);
	json_out_exact_or_null(out, true, f->iops);
	fputs(", \"mean_us\": ", out);
	json_out_exact_or_null(out, true, f->mean_us);
	fprintf(out, ", \"ios\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"elapsed_s\": ",
		f->ios, f->bytes);
	json_out_seconds(out, f->elapsed_ns);
	fputs(", \"cpu_s\": ", out);
	json_out_seconds(out, f->cpu_ns);
	if (series) {
		fputs(",\n        \"series\": ", out);
		fmt_json_series(out, &f->series, false);
	}
}

static void json_test(FILE *out, const struct mark_result *t)
{
	char name[MARK_NAME_MAX];

	fputs("    {\"name\": ", out);
	json_out_string(out, mark_test_name(&t->test, name, sizeof(name)));
	fprintf(out, ", \"op\": \"%s\", \"pattern\": \"%s\", \"block_bytes\": %" PRIu32
		     ", \"depth\": %" PRIu32 ", \"threads\": %" PRIu32 ",\n     ",
		t->writes ? "write" : "read",
		t->test.sequential ? "sequential" : "random", t->test.block_bytes,
		t->test.depth, t->test.threads);
	json_figures(out, &t->score, false);
	fputs(",\n     \"latency_us\": ", out);
	fmt_json_latency(out, &t->lat);
	fputs(",\n     \"device\": ", out);
	fmt_json_device(out, &t->dev);
	fputs(", \"disk_percent\": ", out);
	if (t->disk_pct >= 0)
		fprintf(out, "%d", t->disk_pct);
	else
		fputs("null", out);
	fputs(",\n     \"probe\": ", out);
	fmt_json_probe(out, &t->probe);
	fputs(",\n     \"steady\": ", out);
	fmt_json_steady(out, &t->steady);
	fputs(",\n     \"runs\": [", out);
	for (size_t r = 0; r < t->n_runs; r++) {
		fputs(r ? ",\n       {" : "\n       {", out);
		json_figures(out, &t->run[r], true);
		fputc('}', out);
	}
	fputs("]}", out);
}

void fmt_mark_json(FILE *out, const struct mark_results *r)
{
	fputs("{\n  \"clyde_version\": \"" CLYDE_VERSION "\", \"kind\": \"mark\", "
	      "\"version\": ", out);
	json_out_string(out, r->version);
	fputs(",\n  \"machine\": ", out);
	json_out_string(out, r->machine);
	fputs(", \"profile\": ", out);
	if (r->profile[0])
		json_out_string(out, r->profile);
	else
		fputs("null", out);
	fprintf(out, ", \"score\": \"%s\",\n  \"config\": {\"directory\": ",
		r->score == MARK_BEST ? "best" : "mean");
	json_out_string(out, r->dir);
	fprintf(out, ", \"size_mib\": %" PRIu64 ", \"runs\": %" PRIu32 ", \"time_s\": %"
		     PRIu32 ", \"method\": \"%s\", \"direct\": true, \"zeros\": false,"
		     "\n             \"engine\": \"%s\", \"dio_align\": %" PRIu32
		     ", \"seed\": \"%" PRIu64 "\", \"probe\": \"%s\"},\n", r->size_mib,
		r->runs, r->time_s, mark_method_name(r->method),
		engine_name(r->engine), r->dio_align, r->seed,
		probe_name(r->probe));
	fmt_json_origin(out, r->started, r->command_line);
	fmt_json_vary(out, &r->vary);
	fmt_json_drive(out, &r->removal, &r->trim);
	fmt_json_environment(out, &r->env);
	fmt_json_provenance(out, r->prov_known, &r->prov);
	fputs("  \"layout\": {", out);
	json_figures(out, &r->layout, false);
	fputs("},\n  \"tests\": [", out);
	for (size_t i = 0; i < r->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_test(out, &r->tests[i]);
	}
	fputs(r->n ? "\n  ]\n}\n" : "]\n}\n", out);
}

