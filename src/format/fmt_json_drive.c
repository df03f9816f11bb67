/* SPDX-License-Identifier: MIT */
/*
 * fmt_json_drive.c - the JSON about the drive as it is used, in clyde's
 * run JSON and clyde mark's alike (fmt_json.h): a --steady test's rounds
 * and the rule's numbers, the test file's removal, the FITRIM before the
 * run. null where there is none.
 */
#include <inttypes.h>

#include "fmt_json.h"
#include "json_out.h"

void fmt_json_steady(FILE *out, const struct steady_record *rec)
{
	static const char *const ends[] = {
		[STEADY_SETTLED] = "settled", [STEADY_UNSETTLED] = "max_rounds",
		[STEADY_WRITE_CAP] = "max_write",
	};

	if (rec->end == STEADY_OFF) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"end\": \"%s\", \"round_s\": %" PRIu32
		", \"precondition_bytes\": %" PRIu64 ", \"precondition_s\": ",
		ends[rec->end], rec->round_s, rec->precondition_bytes);
	json_out_seconds(out, rec->precondition_ns);
	fprintf(out, ", \"written_bytes\": %" PRIu64 ",\n       \"rounds\": [",
		rec->written_bytes);
	for (size_t i = 0; i < rec->n; i++) {
		fputs(i ? ", " : "", out);
		json_out_double(out, rec->rate[i], 3);
	}
	fprintf(out, "],\n       \"window_first\": %zu, \"mean\": ", rec->window_first);
	json_out_double(out, rec->mean, 3);
	fputs(", \"range_percent\": ", out);
	json_out_double(out, rec->range * 100, 2);
	fputs(", \"change_percent\": ", out);
	json_out_double(out, rec->change * 100, 2);
	fputs(", \"ratio\": ", out);
	json_out_double(out, rec->ratio, 4);
	fputc('}', out);
}

void fmt_json_drive(FILE *out, const struct removal_figure *rm,
		    const struct trim_figure *trim)
{
	fputs("  \"trim\": ", out);
	if (trim->done) {
		fputs("{\"seconds\": ", out);
		json_out_seconds(out, trim->elapsed_ns);
		fprintf(out, ", \"bytes\": %" PRIu64 "}", trim->bytes);
	} else {
		fputs("null", out);
	}
	fputs(", \"removal\": ", out);
	if (rm->known) {
		fputs("{\"seconds\": ", out);
		json_out_seconds(out, rm->elapsed_ns);
		fprintf(out, ", \"bytes\": %" PRIu64 ", \"discarded_bytes\": %" PRIu64
			"}", rm->bytes, rm->discarded_bytes);
	} else {
		fputs("null", out);
	}
	fputs(",\n", out);
}
