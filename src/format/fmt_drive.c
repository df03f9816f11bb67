/* SPDX-License-Identifier: MIT */
/*
 * fmt_drive.c - the words about the drive as it is used (fmt_drive.h): a
 * --steady test's rounds and their meaning, the removal of the test file,
 * the FITRIM before a run.
 */
#include "fmt_drive.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "fmt_text.h"
#include "lib/steady.h"

#define ROUNDS_PER_LINE 10

/* The printf-style text added at the end of BUF (LEN bytes, terminated). */
static void add(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* " (25.3 against 40.8 MB/s, in 9 rounds; range 8%, change 3%)" */
static void add_detail(char *buf, size_t len, const struct fmt_steady_test *t,
		       const struct steady_record *rec)
{
	if (isfinite(t->fresh))
		add(buf, len, " (%.1f against %.1f %s, ", rec->mean, t->fresh,
		    t->unit);
	else
		add(buf, len, " (%.1f %s, ", rec->mean, t->unit);
	add(buf, len, "in %zu round%s; range %.0f%%, change %.0f%%)", rec->n,
	    rec->n == 1 ? "" : "s", rec->range * 100, rec->change * 100);
}

/* Where a settled test ended against its fresh figure. */
static void add_settled(char *buf, size_t len, const struct fmt_steady_test *t,
			const struct steady_record *rec, const char *written)
{
	const char *who = t->writes ? "the drive" : "the drive's reads";
	const char *its = t->writes ? "its" : "their";

	if (!isfinite(rec->ratio))
		add(buf, len, "after %s written %s settled", written, who);
	else if (rec->ratio < FMT_STEADY_KEPT)
		add(buf, len, "after %s written %s settled at %.0f%% of %s fresh "
		    "speed", written, who, rec->ratio * 100, its);
	else if (rec->ratio <= 2 - FMT_STEADY_KEPT)
		add(buf, len, "%s kept %s fresh speed: after %s written %s settled "
		    "at %.0f%% of it", who, its, written, t->writes ? "it" : "they",
		    rec->ratio * 100);
	else
		add(buf, len, "after %s written %s settled at %.0f%% of %s fresh "
		    "speed, faster once used", written, who, rec->ratio * 100, its);
	add_detail(buf, len, t, rec);
}

const char *fmt_steady_words(char *buf, size_t len,
			     const struct fmt_steady_test *t,
			     const struct steady_record *rec)
{
	char written[32];

	buf[0] = '\0';
	if (rec->end == STEADY_OFF)
		return buf;
	fmt_bytes_about(rec->written_bytes, written, sizeof(written));
	add(buf, len, "%s: ", t->name);
	if (rec->end == STEADY_SETTLED) {
		add_settled(buf, len, t, rec, written);
		return buf;
	}
	if (rec->end == STEADY_WRITE_CAP && rec->n < STEADY_WINDOW) {
		add(buf, len, "stopped by --max-write after %zu round%s (%s "
		    "written), too few for the rule", rec->n, rec->n == 1 ? "" : "s",
		    written);
		return buf;
	}
	if (rec->end == STEADY_WRITE_CAP)
		add(buf, len, "stopped by --max-write after %zu rounds (%s written) "
		    "before the rule held: ", rec->n, written);
	else
		add(buf, len, "not settled in %zu rounds (%s written): ", rec->n,
		    written);
	add(buf, len, "the last %d range %.0f%% of their mean (the rule allows "
	    "%.0f%%) and their line changes %.0f%% (%.0f%%)", STEADY_WINDOW,
	    rec->range * 100, STEADY_RANGE * 100, rec->change * 100,
	    STEADY_SLOPE * 100);
	if (isfinite(rec->ratio))
		add(buf, len, "; they average %.0f%% of the fresh speed",
		    rec->ratio * 100);
	return buf;
}

void fmt_steady_rounds(FILE *out, const char *indent,
		       const struct steady_record *rec, const char *unit)
{
	bool window = rec->n >= STEADY_WINDOW;

	if (rec->n == 0)
		return;
	fprintf(out, "%srounds, %s%s:", indent, unit,
		window ? ", the last window in [ ]" : "");
	for (size_t i = 0; i < rec->n; i++) {
		if (i > 0 && i % ROUNDS_PER_LINE == 0)
			fprintf(out, "\n%s ", indent);
		fprintf(out, " %s%.*f%s", window && i == rec->window_first ? "[" : "",
			rec->rate[i] >= 1000 ? 0 : 1, rec->rate[i],
			window && i + 1 == rec->n ? "]" : "");
	}
	fputc('\n', out);
}

/* Whether the comma-separated OPTIONS hold NAME itself. */
static bool has_option(const char *options, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = options; p && *p;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && strncmp(p, name, len) == 0)
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

bool fmt_online_discard(const struct prov_fs *fs)
{
	return has_option(fs->mount_options, "discard") ||
	       has_option(fs->super_options, "discard");
}

const char *fmt_removal_text(char *buf, size_t len,
			     const struct removal_figure *rm,
			     const struct provenance *prov)
{
	char size[32], gone[32], after[64] = "";

	buf[0] = '\0';
	if (!rm->known)
		return buf;
	if (rm->discarded_bytes > 0)
		snprintf(after, sizeof(after), ", then the device's discards of %s",
			 fmt_bytes_about(rm->discarded_bytes, gone, sizeof(gone)));
	add(buf, len, "delete: %.2f s for %s (unlink, last close and the "
	    "filesystem's sync%s%s)", (double)rm->elapsed_ns / 1e9,
	    fmt_bytes_about(rm->bytes, size, sizeof(size)), after,
	    prov && fmt_online_discard(&prov->fs)
		    ? "; mounted with discard, whose discards of the freed "
		      "blocks are inside it"
		    : "");
	return buf;
}

const char *fmt_trim_text(char *buf, size_t len, const struct trim_figure *t)
{
	char size[32];

	buf[0] = '\0';
	if (t->done)
		add(buf, len, "FITRIM before the run: %s trimmed in %.2f s",
		    fmt_bytes_about(t->bytes, size, sizeof(size)),
		    (double)t->elapsed_ns / 1e9);
	return buf;
}
