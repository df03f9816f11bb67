/* SPDX-License-Identifier: MIT */
/*
 * fuzz_provenance.c - fuzz harness for the provenance reader's parsers of
 * kernel text, on the same input: a mountinfo line (split in place: every
 * field a piece of the line, spaces only where escapes were decoded), mount options (what is kept is a
 * subset of the input's options, never one naming a user or host, and
 * keeping again changes nothing) and a CPU list (a count only for a text of
 * digits, commas and dashes).
 */
#define FUZZ_NAME "provenance"
#include "fuzz.h"

#include "platform/provenance_read.h"

static bool inside(const char *p, const char *buf, size_t len)
{
	return p >= buf && p <= buf + len;
}

static void check_split(const char *text)
{
	size_t len = strlen(text);
	char *line = fuzz_string((const uint8_t *)text, len);
	struct prov_mount_line m;

	if (provenance_split_mountinfo(line, &m) == 0) {
		const char *fields[] = { m.mount_point, m.options, m.type, m.source,
					 m.super };

		/* The mount point and source may hold decoded \040 or \012. */
		for (size_t i = 0; i < 5; i++)
			FUZZ_CHECK(fields[i] && inside(fields[i], line, len) &&
					   (i == 0 || i == 3 ||
					    strcspn(fields[i], " \n") == strlen(fields[i])),
				   "field %zu is not a piece of the line", i);
		FUZZ_CHECK(m.type[0] && m.options[0] && m.super[0],
			   "an empty field from '%s'", text);
	}
	free(line);
}

/* Whether TOKEN (LEN bytes) is one of the comma-separated OPTIONS. */
static bool has_option(const char *options, const char *token, size_t len)
{
	for (const char *o = options; *o;) {
		size_t n = strcspn(o, ",");

		if (n == len && strncmp(o, token, n) == 0)
			return true;
		o += n + (o[n] == ',');
	}
	return false;
}

static void check_options(const char *text)
{
	char out[64], again[64];

	provenance_keep_options(text, out, sizeof(out));
	FUZZ_CHECK(strlen(out) < sizeof(out), "options overflow");
	for (const char *o = out; *o;) {
		size_t n = strcspn(o, ","), key = strcspn(o, ",=");

		FUZZ_CHECK(n > 0 && has_option(text, o, n), "'%s' kept '%.*s'", text,
			   (int)n, o);
		FUZZ_CHECK(!(key == 4 && strncmp(o, "user", 4) == 0) &&
				   !(key == 8 && strncmp(o, "username", 8) == 0) &&
				   !(key == 4 && strncmp(o, "addr", 4) == 0),
			   "'%.*s' names a user or host", (int)n, o);
		o += n + (o[n] == ',');
	}
	provenance_keep_options(out, again, sizeof(again));
	FUZZ_CHECK(strcmp(out, again) == 0, "keeping '%s' again gave '%s'", out, again);
}

static void check_cpus(const char *text)
{
	uint32_t n = provenance_count_cpus(text);

	if (n)
		FUZZ_CHECK(strspn(text, "0123456789,-") == strcspn(text, "\n") &&
				   (text[strcspn(text, "\n")] == '\0' ||
				    text[strcspn(text, "\n") + 1] == '\0'),
			   "'%s' counted %u", text, n);
	FUZZ_CHECK(provenance_count_cpus(text) == n, "not deterministic");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);

	check_split(text);
	check_options(text);
	check_cpus(text);
	free(text);
	return 0;
}
