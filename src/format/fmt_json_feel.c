/* SPDX-License-Identifier: MIT */
/*
 * fmt_json_feel.c - the "probe" object of a test in clyde's JSON and
 * clyde mark's (fmt_json.h): how the probe read, and for its reads and its
 * writes every wait's summary, the waits over 100 ms and 1 s, and the
 * longest wait of each interval over time.
 */
#include <inttypes.h>

#include "fmt_json.h"
#include "json_out.h"

bool fmt_json_probe_ran(const struct probe_result *p)
{
	return p->read.lat.count != 0 || p->write.lat.count != 0;
}

/* One kind's waits, null when it did not run; N points over time. */
static void put_waits(FILE *out, const struct probe_waits *w, uint32_t n)
{
	if (w->lat.count == 0) {
		fputs("null", out);
		return;
	}
	fputs("{\"latency_us\": ", out);
	fmt_json_latency(out, &w->lat);
	fprintf(out, ", \"over_100ms\": %" PRIu64 ", \"over_1s\": %" PRIu64
		     ",\n       \"max_ms\": [", w->over_100ms, w->over_1s);
	for (uint32_t i = 0; i < n && i < PROBE_POINTS; i++) {
		fputs(i ? ", " : "", out);
		json_out_double_or_null(out, w->max_ms[i] >= 0.0f, w->max_ms[i], 3);
	}
	fputs("]}", out);
}

void fmt_json_probe(FILE *out, const struct probe_result *p)
{
	if (!fmt_json_probe_ran(p)) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"method\": \"%s\", \"interval_s\": ",
		p->direct ? "direct" : "evicted");
	json_out_seconds_or_null(out, p->n != 0, p->interval_ns);
	fputs(",\n      \"reads\": ", out);
	put_waits(out, &p->read, p->n);
	fputs(",\n      \"writes\": ", out);
	put_waits(out, &p->write, p->n);
	fputc('}', out);
}
