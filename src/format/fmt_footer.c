/* SPDX-License-Identifier: MIT */
/*
 * fmt_footer.c - the lines after clyde's own tables: which figures were too
 * fast to measure, the options that would measure them and how long that
 * would take, a -d in memory, the mode line, and the truth check's warning
 * about reads the page cache served. The conclusions themselves are in the
 * results (verdict.c); this only words them.
 */
#include <inttypes.h>
#include <string.h>

#include "engine/engine.h"
#include "fmt.h"
#include "fmt_drive.h"
#include "fmt_text.h"
#include "core/parse.h"
#include "core/limit.h"
#include "run/phase_info.h"

/* FIELDS[0..n) joined by ':', without the trailing empty ones (bonnie++'s defaults). */
static void put_colon_fields(FILE *out, char fields[][FMT_TEXT_MAX], int n)
{
	while (n > 1 && fields[n - 1][0] == '\0')
		n--;
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? ":" : "", fields[i]);
}

/* " -s 4G::64k": the size, then chunk, seeks and seekers where not the default. */
static void put_s(FILE *out, const struct io_params *io)
{
	char f[4][FMT_TEXT_MAX] = { "", "", "", "" };

	fmt_size_mib(io->size_mib, f[0], sizeof(f[0]));
	if (io->chunk_bytes != DEFAULT_CHUNK_BYTES)
		format_bytes_short(io->chunk_bytes, f[1], sizeof(f[1]));
	if (io->seeks != DEFAULT_SEEKS)
		snprintf(f[2], sizeof(f[2]), io->seeks % 1024 ? "%" PRIu64
			 : "%" PRIu64 "k", io->seeks % 1024 ? io->seeks
							    : io->seeks / 1024);
	if (io->seekers != DEFAULT_SEEKERS)
		snprintf(f[3], sizeof(f[3]), "%" PRIu64, io->seekers);
	fputs(" -s ", out);
	put_colon_fields(out, f, 4);
}

/* " -n 64:4096:1024:2": -n where it is not the default 16, empty fields for defaults. */
static void put_n(FILE *out, const struct file_params *fp)
{
	char f[5][FMT_TEXT_MAX] = { "", "", "", "", "" };

	if (fp->count_k == 16 && fp->max_bytes == 0 && fp->min_bytes == 0 &&
	    fp->dirs == 1 && fp->chunk_bytes == DEFAULT_FILE_CHUNK_BYTES)
		return;
	snprintf(f[0], sizeof(f[0]), "%" PRIu64, fp->count_k);
	if (fp->max_bytes != 0)
		snprintf(f[1], sizeof(f[1]), "%" PRId64, fp->max_bytes);
	if (fp->min_bytes != 0)
		snprintf(f[2], sizeof(f[2]), "%" PRId64, fp->min_bytes);
	if (fp->dirs != 1)
		snprintf(f[3], sizeof(f[3]), "%" PRIu64, fp->dirs);
	if (fp->chunk_bytes != DEFAULT_FILE_CHUNK_BYTES)
		format_bytes_short(fp->chunk_bytes, f[4], sizeof(f[4]));
	fputs(" -n ", out);
	put_colon_fields(out, f, 5);
}

/* " (about 3 min at this run's rates)": NS rounded to what a person plans by. */
static void put_cost(FILE *out, uint64_t ns)
{
	uint64_t s = ns / 1000000000u + (ns % 1000000000u >= 500000000u);
	uint64_t min = (s + 30) / 60;

	if (ns == 0)
		return;
	if (s < 60)
		fprintf(out, " (about %" PRIu64 " s", s ? s : 1);
	else if (min < 60)
		fprintf(out, " (about %" PRIu64 " min", min);
	else if (min % 60 == 0 || min >= 600)
		fprintf(out, " (about %" PRIu64 " h", (min + 30) / 60);
	else
		fprintf(out, " (about %" PRIu64 " h %" PRIu64 " min", min / 60,
			min % 60);
	fputs(" at this run's rates)", out);
}

/*
 * r->advice as "; a larger test would measure them: -s 4G::64k -r 512
 * (about 3 min at this run's rates)", the run's sizing options with the
 * larger values and how long that run would take (verdict.c), or, for
 * figures without times (read from CSV), "; a larger -s or -n would
 * measure them".
 */
static void print_fix(FILE *out, const struct run_results *r)
{
	const struct advice *a = &r->advice;
	char text[FMT_TEXT_MAX];

	if (!a->sized) {
		fprintf(out, "; a larger %s%s%s would measure them\n",
			a->s ? "-s" : "", a->s && (a->f || a->n) ? " or " : "",
			a->f ? (a->n ? "-f or -n" : "-f") : (a->n ? "-n" : ""));
		return;
	}
	if (!a->s && !a->f && !a->n) {
		fputs("; no larger -n fits clyde's limits (each copy's name list"
		      " must stay under half the RAM of -r)\n", out);
		return;
	}
	fputs("; a larger test would measure them:", out);
	put_s(out, &a->io);
	put_n(out, &a->files);
	if (a->perchar_mib == 0)
		fputs(" -f", out);
	else if (a->perchar_mib > 0)
		fprintf(out, " -f %s", fmt_size_mib((uint64_t)a->perchar_mib, text,
						    sizeof(text)));
	if (a->copies > 1)
		fprintf(out, " -c %" PRIu32, a->copies);
	if (a->ram)
		fprintf(out, " -r %" PRIu64, a->ram_mib);
	put_cost(out, a->cost_ns);
	fputc('\n', out);
}

/*
 * What the run says about the drive as it is used: each random-I/O test's
 * --steady rounds in words, the FITRIM before the run, the file's removal.
 */
static void print_drive(FILE *out, const struct run_results *r)
{
	char name[64], text[FMT_DRIVE_TEXT_MAX];
	size_t n = r->n_random < MAX_RANDOM_TESTS ? r->n_random : MAX_RANDOM_TESTS;

	for (size_t i = 0; i < n; i++) {
		const struct random_result *t = &r->random[i];
		const struct fmt_steady_test what = { name, t->writes, "IOPS",
						      t->iops };

		snprintf(name, sizeof(name), "random %s, Q%" PRIu32 "T%" PRIu32,
			 t->writes ? "writes" : "reads", t->depth, t->threads);
		if (!fmt_steady_words(text, sizeof(text), &what, &t->steady)[0])
			continue;
		fprintf(out, "steady: %s\n", text);
		fmt_steady_rounds(out, "  ", &t->steady, "IOPS");
	}
	if (fmt_trim_text(text, sizeof(text), &r->trim)[0])
		fprintf(out, "%s\n", text);
	if (fmt_removal_text(text, sizeof(text), &r->removal,
			     r->prov_known ? &r->prov : NULL)[0])
		fprintf(out, "%s\n", text);
}

void fmt_footer(FILE *out, const struct run_results *r)
{
	const char *sep = ": ";
	bool named = false;
	char chunk[32];

	for (int p = 0; p < PHASE_COUNT; p++) {
		if (r->phase[p].state != FIGURE_TOO_FAST)
			continue;
		if (!named)
			fputs("clyde: too fast to measure (under 0.5 s, shown as"
			      " +++++)", out);
		fprintf(out, "%s%s", sep, phase_table[p].name);
		sep = ", ";
		named = true;
	}
	if (named)
		print_fix(out, r);
	fmt_memory_line(out, "clyde: ", r->prov_known, &r->prov);
	fprintf(out, "%s %s: %s I/O%s%s, %s chunks, %s data, ",
		r->program[0] ? r->program : "clyde",
		r->version, r->mode.direct ? "direct" : "buffered",
		r->mode.sync_writes ? ", synchronous writes" : "",
		r->mode.pieces ? ", 1 GiB pieces" : "",
		fmt_bytes_words(fmt_io_chunk(r), chunk, sizeof(chunk)),
		r->mode.zeros ? "zero-filled" : "incompressible");
	if (r->perchar_mib == 0)
		fputs("no per-char tests", out);
	else
		fprintf(out, "per-char via %s",
			r->mode.char_io == CHAR_IO_SYSCALL ? "syscalls" : "stdio");
	fprintf(out, ", %" PRIu32 " %s", fmt_concurrency(r),
		fmt_concurrency(r) == 1 ? "copy" : "copies");
	if (r->ranks.n > 0)
		fprintf(out, " in %zu MPI rank%s on %zu host%s", r->ranks.n,
			r->ranks.n == 1 ? "" : "s", r->ranks.hosts,
			r->ranks.hosts == 1 ? "" : "s");
	if (r->n_random > 0 && r->random[0].engine != ENGINE_AUTO)
		fprintf(out, ", random I/O via %s%s", engine_name(r->random[0].engine),
			r->random[0].engine == ENGINE_THREADS
				? " (QnTm ran n x m threads, one I/O in flight each)"
				: "");
	fputc('\n', out);
	print_drive(out, r);
}

void fmt_memory_line(FILE *out, const char *lead, bool known,
		     const struct provenance *p)
{
	char why[96];

	if (known && limit_memory_fs(p, why, sizeof(why)))
		fprintf(out, "%s-d is on %s: these figures are memory's, not a "
			"disk's\n", lead, why);
}

/* The name of a truth-check finding: "block input", "random reads Q32T1". */
static void hit_name(FILE *out, const struct truth_hit *h)
{
	if (h->id == PHASE_RANDOM && h->threads)
		fprintf(out, "random reads Q%" PRIu32 "T%" PRIu32, h->depth,
			h->threads);
	else if (h->id == PHASE_RANDOM)
		fprintf(out, "random reads at depth %" PRIu32, h->depth);
	else
		fputs(phase_table[h->id].name, out);
}

/*
 * One finding reads "block input: 3% came from the disk"; several read "0%
 * of rewrite, 3% of block input and 1% of seeks came from the disk", which
 * stays unambiguous for names that end in a number.
 */
void fmt_truth_warning(FILE *out, const struct run_results *r)
{
	size_t n = r->n_truth < MAX_TRUTH_HITS ? r->n_truth : MAX_TRUTH_HITS;

	if (n == 0)
		return;
	fputs("clyde: ", out);
	for (size_t i = 0; i < n; i++) {
		const struct truth_hit *h = &r->truth[i];

		if (n == 1) {
			hit_name(out, h);
			fprintf(out, ": %u%%", h->pct);
			break;
		}
		fprintf(out, "%s%u%% of ", i == 0 ? "" : i + 1 == n ? " and " : ", ",
			h->pct);
		hit_name(out, h);
	}
	fputs(" came from the disk, the page cache served the rest;"
	      " use -D or a larger -s\n",
	      out);
}
