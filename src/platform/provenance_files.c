/* SPDX-License-Identifier: MIT */
/*
 * provenance_files.c - reading one small file of /proc or /sys at a time
 * under a root prefix (provenance_files.h), for the Linux readers of the
 * provenance and of the device's counters.
 */
#include "provenance_files.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/parse.h"
#include "lib/utf8.h"

/* ROOT followed by the formatted path into BUF; -1 if it does not fit. */
int prov_path_at(char *buf, size_t size, const char *root, const char *fmt, ...)
{
	size_t n = strlen(root);
	va_list ap;
	int m;

	if (n >= size)
		return -1;
	memcpy(buf, root, n);
	va_start(ap, fmt);
	m = vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	return m < 0 || (size_t)m >= size - n ? -1 : 0;
}

/* SRC into DST[0..size), cut at a UTF-8 character boundary. */
void prov_copy(char *dst, size_t size, const char *src)
{
	size_t n = utf8_cut_bytes(src, strlen(src), size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * The first line of DIR/NAME (NAME may be "" for DIR itself), without the
 * newline and the padding spaces SCSI strings carry; -1 if unreadable or
 * empty.
 */
int prov_read_in(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	size_t len, start = 0;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s%s%s", dir, name[0] ? "/" : "",
		     name) >= (int)sizeof(path))
		return -1;
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	len = strcspn(buf, "\n");
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	while (start < len && buf[start] == ' ')
		start++;
	memmove(buf, buf + start, len - start);
	buf[len - start] = '\0';
	return buf[0] ? 0 : -1;
}

/* A decimal number in DIR/NAME; false if absent or not a number. */
bool prov_read_u64_in(const char *dir, const char *name, uint64_t *out)
{
	char text[64];
	struct parse_error err;
	int64_t v;

	if (prov_read_in(dir, name, text, sizeof(text)) != 0 ||
	    parse_int_range(text, 0, INT64_MAX, &v, &err) != 0)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* Whether DIR/NAME exists. */
bool prov_exists_in(const char *dir, const char *name)
{
	char path[PATH_MAX];

	return snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) &&
	       access(path, F_OK) == 0;
}

/* The last component of PATH. */
const char *prov_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* DIR/NAME resolved into OUT (PATH_MAX); -1 if it does not resolve. */
int prov_resolve_in(const char *dir, const char *name, char *out)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -1;
	return realpath(path, out) ? 0 : -1;
}
