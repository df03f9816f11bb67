/* SPDX-License-Identifier: MIT */
/*
 * fmt_footer.c - the lines after clyde's own tables: which figures were too
 * fast to measure and the options that would measure them, the mode line,
 * and the truth check's warning about reads the page cache served. The
 * conclusions themselves are in the results (verdict.c); this only words
 * them.
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_internal.h"

/*
 * r->advice as "; a larger test would measure them: -s 4G::64k -n 64", or,
 * for figures without times (read from CSV), "; a larger -s or -n would
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
	fputs("; a larger test would measure them:", out);
	if (a->s) {
		fprintf(out, " -s %s", fmt_size_mib(a->size_mib, text, sizeof(text)));
		if (a->seeks)
			fprintf(out, ":%s:%" PRIu64 "k",
				fmt_io_chunk(r) == DEFAULT_CHUNK_BYTES ? ""
				: format_bytes_short(fmt_io_chunk(r), text,
						     sizeof(text)),
				a->seeks / 1024);
	}
	if (a->f)
		fprintf(out, " -f %" PRIu64 "M", a->perchar_mib);
	if (a->n) {
		const struct file_params *f = &r->files;

		fprintf(out, " -n %" PRIu64, a->files_k);
		if (f->max_bytes != 0 || f->dirs > 1)
			fprintf(out, ":%" PRId64 ":%" PRId64, f->max_bytes,
				f->min_bytes);
		if (f->dirs > 1)
			fprintf(out, ":%" PRIu64, f->dirs);
	}
	fputc('\n', out);
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
	fprintf(out, "%s %s: %s I/O%s, %s chunks, %s data, ",
		r->program[0] ? r->program : "clyde",
		r->version, r->mode.direct ? "direct" : "buffered",
		r->mode.sync_writes ? ", synchronous writes" : "",
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
	fputc('\n', out);
}

/* The name of a truth-check finding: "block input", "random reads at depth 32". */
static void hit_name(FILE *out, const struct truth_hit *h)
{
	if (h->id == PHASE_RANDOM)
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
