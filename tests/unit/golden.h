/* SPDX-License-Identifier: MIT */
/*
 * golden.h - golden-file checks for the formatter tests: compare a text
 * with the file that holds what it must be (showing the first line that
 * differs), or rewrite the file when CLYDE_GOLDEN_UPDATE=1 (make golden).
 * Also a blank results struct to fill by hand. Header-only, tests only.
 *
 * clyde's own version, which a formatter prints whatever the results say
 * (JSON's clyde_version, the HTML generator), stands in a golden file as
 * GOLDEN_VERSION_MARK, so a new CLYDE_VERSION changes no file under tests/.
 * The version a hand-built run claims is test data: GOLDEN_RUN_VERSION.
 */
#ifndef GOLDEN_H
#define GOLDEN_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clyde.h"
#include "results.h"
#include "format/format.h"

#define GOLDEN_VERSION_MARK "@VERSION@"
/* What golden_blank_run() puts in the results' version field. */
#define GOLDEN_RUN_VERSION "9.9.9"

static inline bool golden_updating(void)
{
	const char *v = getenv("CLYDE_GOLDEN_UPDATE");

	return v && strcmp(v, "1") == 0;
}

/* The whole file at PATH (malloc'd), or NULL. */
static inline char *golden_read(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0;
	char buf[4096];
	size_t got;

	if (!f)
		return NULL;
	FILE *mem = open_memstream(&text, &len);
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, got, mem);
	fclose(mem);
	fclose(f);
	return text;
}

/* TEXT with every FROM replaced by TO (malloc'd), or NULL for NULL. */
static inline char *golden_replace(const char *text, const char *from,
				   const char *to)
{
	size_t from_len = strlen(from), len = 0;
	char *out = NULL;
	FILE *mem;

	if (!text)
		return NULL;
	mem = open_memstream(&out, &len);
	for (const char *at; (at = strstr(text, from)) != NULL; text = at + from_len) {
		fwrite(text, 1, (size_t)(at - text), mem);
		fputs(to, mem);
	}
	fputs(text, mem);
	fclose(mem);
	return out;
}

/* GOT against WANT; on a difference show the first differing line. */
static inline void golden_check_text(const char *name, const char *got,
				     const char *want)
{
	size_t line = 1, i = 0;

	if (got && want && strcmp(got, want) != 0) {
		while (got[i] && got[i] == want[i])
			if (got[i++] == '\n')
				line++;
		while (i > 0 && got[i - 1] != '\n')
			i--;
		printf("# %s: line %zu differs\n# got:  %.*s\n# want: %.*s\n",
		       name, line, (int)strcspn(got + i, "\n"), got + i,
		       (int)strcspn(want + i, "\n"), want + i);
	}
	CHECK(name, got && want && strcmp(got, want) == 0);
}

/*
 * GOT against the golden file PATH, with its GOLDEN_VERSION_MARK read as
 * CLYDE_VERSION; or written to PATH, CLYDE_VERSION as the mark, when updating.
 */
static inline void golden_check(const char *name, const char *path,
				const char *got)
{
	if (golden_updating()) {
		char *text = golden_replace(got, CLYDE_VERSION, GOLDEN_VERSION_MARK);
		FILE *f = fopen(path, "w");

		CHECK(name, text && f && fputs(text, f) >= 0 && fclose(f) == 0);
		free(text);
		return;
	}
	char *file = golden_read(path);
	char *want = golden_replace(file, GOLDEN_VERSION_MARK, CLYDE_VERSION);
	if (!want)
		printf("# %s: cannot read %s (make golden writes it)\n", name, path);
	golden_check_text(name, got, want);
	free(want);
	free(file);
}

/* A clyde run with every figure blank: I/O of SIZE_MIB, FILES_K files. */
static inline struct run_results golden_blank_run(const char *machine,
						  uint64_t size_mib,
						  uint64_t files_k)
{
	struct run_results r;

	memset(&r, 0, sizeof(r));
	strcpy(r.program, "clyde");
	strcpy(r.version, GOLDEN_RUN_VERSION);
	snprintf(r.machine, sizeof(r.machine), "%s", machine);
	strcpy(r.seed, "42");
	r.concurrency = 1;
	r.io = (struct io_params){ size_mib, DEFAULT_CHUNK_BYTES, DEFAULT_SEEKS,
				   DEFAULT_SEEKERS };
	r.files = (struct file_params){ files_k, 0, 0, 1, DEFAULT_FILE_CHUNK_BYTES };
	r.perchar_mib = size_mib;
	return r;
}

/* Set one test's state, rate, CPU and maximum latency. */
static inline void golden_set(struct run_results *r, enum phase_id p,
			      enum figure_state s, double rate, double cpu,
			      uint64_t lat_ns)
{
	r->phase[p].state = s;
	r->phase[p].rate = rate;
	r->phase[p].cpu_pct = cpu;
	r->phase[p].lat.max_ns = lat_ns;
}

/* RUNS[0..n) as `clyde report --format NAME` renders them with OPTS, in a
 * string the caller frees. */
static inline char *golden_render(const char *name, const struct run_results *runs,
				  size_t n, const struct render_opts *opts)
{
	const struct format_info *f = format_by_report_name(name);
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	format_render(mem, f, runs, n, opts);
	fclose(mem);
	return text;
}

#endif
