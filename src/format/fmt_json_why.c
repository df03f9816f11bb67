/* SPDX-License-Identifier: MIT */
/*
 * fmt_json_why.c - the "limits" and "series" members of each test in
 * clyde's JSON (fmt_json.c, and clyde mark's, mark/fmt_mark.c): what
 * limited the figure with its evidence, and the test over time with its
 * shapes, each with the words the text says them in. Keys are documented
 * in the man page (JSON, under OUTPUT).
 */
#include <inttypes.h>
#include <string.h>

#include "fmt_json.h"
#include "fmt_why.h"
#include "json_out.h"

static const char *const missing_names[] = {
	[MISSING_NOTHING] = "", [MISSING_PROVENANCE] = "provenance",
	[MISSING_COUNTERS] = "counters", [MISSING_CEILING] = "ceiling",
	[MISSING_TIMES] = "times", [MISSING_FILES] = "files",
	[MISSING_CIPHER] = "cipher",
};

const char *fmt_json_missing_name(enum limit_missing m)
{
	return (unsigned)m < sizeof(missing_names) / sizeof(missing_names[0])
		       ? missing_names[m] : "";
}

static const struct {
	unsigned bit;
	const char *name;
} note_names[] = {
	{ LIMIT_NOTE_DISCARD, "discard" },
	{ LIMIT_NOTE_WRITE_THROUGH, "write_through" },
	{ LIMIT_NOTE_GOVERNOR, "governor" },
};

static const char *const shape_names[] = {
	[SHAPE_STEP_DOWN] = "step_down", [SHAPE_STEP_UP] = "step_up",
	[SHAPE_DECLINE] = "decline",     [SHAPE_STALL] = "stall",
	[SHAPE_TAIL] = "tail",
};

const char *fmt_json_shape_name(enum shape_kind kind)
{
	return (unsigned)kind < sizeof(shape_names) / sizeof(shape_names[0])
		       ? shape_names[kind] : "";
}

void fmt_json_limit(FILE *out, const struct figure_limit *l)
{
	char text[WHY_TEXT_MAX];
	bool bytes = l->kind == LIMIT_INTERFACE || l->kind == LIMIT_CIPHER ||
		     l->kind == LIMIT_DEVICE;

	if (l->kind == LIMIT_NONE) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"verdict\": \"%s\", \"text\": ", fmt_why_kind(l->kind));
	json_out_string(out, fmt_why_evidence(l, text, sizeof(text)));
	fputs(", \"missing\": ", out);
	json_out_text_or_null(out, fmt_json_missing_name(l->missing));
	fputs(",\n      \"cpu_percent\": ", out);
	json_out_double(out, l->cpu_pct, 3);
	fputs(", \"wait_percent\": ", out);
	json_out_double(out, l->wait_pct, 3);
	fputs(", \"tail_s\": ", out);
	json_out_double_or_null(out, l->tail_s > 0, l->tail_s, 3);
	fputs(", \"cores\": ", out);
	json_out_double(out, l->cores, 0);
	fputs(", \"mb_s\": ", out);
	json_out_double_or_null(out, bytes, l->mb_s, 3);
	fputs(", \"limit_mb_s\": ", out);
	json_out_double_or_null(out, bytes && l->limit_mb_s > 0, l->limit_mb_s, 3);
	fputs(", \"ceiling_mb_s\": ", out);
	json_out_double_or_null(out, bytes && l->ceiling_mb_s > 0, l->ceiling_mb_s, 3);
	fputs(",\n      \"device_percent\": ", out);
	json_out_u64_or_null(out, l->kind == LIMIT_CACHE || l->kind == LIMIT_DEVICE ||
				       l->cached, l->pct);
	fputs(", \"cached\": ", out);
	fputs(l->cached || l->kind == LIMIT_CACHE ? "true" : "false", out);
	fputs(", \"writes\": ", out);
	fputs(l->writes ? "true" : "false", out);
	fputs(", \"notes\": [", out);
	for (size_t i = 0, shown = 0; i < sizeof(note_names) / sizeof(note_names[0]); i++)
		if (l->notes & note_names[i].bit)
			fprintf(out, "%s\"%s\"", shown++ ? ", " : "", note_names[i].name);
	fputc(']', out);
	fputs(", \"what\": ", out);
	json_out_text_or_null(out, l->what);
	fputc('}', out);
}

static void put_shape(FILE *out, const struct series_shape *sh, bool bytes)
{
	char text[WHY_TEXT_MAX];

	fprintf(out, "{\"kind\": \"%s\", \"at_s\": ", fmt_json_shape_name(sh->kind));
	json_out_float(out, sh->at_s);
	fputs(", \"len_s\": ", out);
	json_out_float(out, sh->len_s);
	fputs(", \"before\": ", out);
	json_out_double(out, sh->before, 3);
	fputs(", \"after\": ", out);
	json_out_double(out, sh->after, 3);
	fputs(", \"at_bytes\": ", out);
	json_out_double(out, sh->at_bytes, 0);
	fputs(", \"text\": ", out);
	json_out_string(out, fmt_why_shape(sh, bytes, text, sizeof(text)));
	fputc('}', out);
}

void fmt_json_series(FILE *out, const struct phase_series *s, bool bytes)
{
	uint32_t n = s->n < SERIES_MAX_POINTS ? s->n : SERIES_MAX_POINTS;

	if (n == 0) {
		fputs("null", out);
		return;
	}
	fputs("{\"interval_s\": ", out);
	json_out_double(out, (double)s->interval_ns / 1e9, 9);
	fputs(", \"span_s\": ", out);
	json_out_double(out, (double)s->span_ns / 1e9, 9);
	fputs(", \"tail_s\": ", out);
	json_out_float(out, s->tail_s);
	fputs(", \"rate\": ", out);
	fputs(bytes ? "\"bytes_s\"" : "\"ops_s\"", out);
	fputs(",\n      \"points\": [", out);
	for (uint32_t i = 0; i < n; i++) {
		const struct series_point *p = &s->point[i];

		fputs(i ? (i % 4 ? ", " : ",\n       ") : "", out);
		fputc('[', out);
		json_out_float(out, p->bytes_s);
		fputs(", ", out);
		json_out_float(out, p->ops_s);
		fputs(", ", out);
		if (p->p99_us < 0)
			fputs("null", out);
		else
			json_out_float(out, p->p99_us);
		fputc(']', out);
	}
	fputs("],\n      \"gaps\": [", out);
	for (uint32_t i = 0; i < s->n_gaps && i < SERIES_MAX_GAPS; i++) {
		fputs(i ? ", [" : "[", out);
		json_out_float(out, s->gap[i].at_s);
		fputs(", ", out);
		json_out_float(out, s->gap[i].len_s);
		fputc(']', out);
	}
	fputs("],\n      \"shapes\": [", out);
	for (uint32_t i = 0; i < s->n_shapes && i < SERIES_MAX_SHAPES; i++) {
		fputs(i ? ",\n       " : "", out);
		put_shape(out, &s->shape[i], bytes);
	}
	fputs("]}", out);
}
