/* SPDX-License-Identifier: MIT */
/*
 * provenance.c - the portable part of provenance.h: clearing a record to
 * "unknown", the names of the layer kinds, the filesystem's size and fill
 * (statvfs), the dm-crypt table helper that keeps the cipher and wipes the
 * key, and the pure parsers of the kernel's texts (a mountinfo line, mount
 * options, a CPU list), which the fuzzer can reach on any system.
 */
#include <stdbool.h>
#include <string.h>
#include <sys/statvfs.h>

#include "provenance_read.h"

void provenance_clear(struct provenance *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < PROV_MAX_DISKS; i++) {
		out->disks[i].rotational = -1;
		out->disks[i].discard = -1;
		out->disks[i].read_ahead_kib = -1;
	}
	for (size_t i = 0; i < PROV_MAX_LAYERS; i++) {
		out->layers[i].above = -1;
		out->layers[i].disk = -1;
	}
	out->cipher.layer = -1;
}

const char *provenance_kind_name(enum prov_kind kind)
{
	static const char *const names[] = {
		[PROV_PARTITION] = "partition", [PROV_CRYPT] = "crypt",
		[PROV_LVM] = "lvm",             [PROV_DM] = "dm",
		[PROV_MD] = "md",               [PROV_LOOP] = "loop",
		[PROV_DISK] = "disk",           [PROV_OTHER] = "other",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind]
								 : "other";
}

void provenance_wipe(void *p, size_t len)
{
	/* Through a volatile pointer: each store must happen. */
	volatile unsigned char *b = p;

	while (len--)
		*b++ = 0;
}

/*
 * The key's size from the table's second word at KEY[0..len), never its
 * bytes: hex digits (4 bits each), or a keyring reference
 * ":<bytes>:<type>:<description>". 0 when neither.
 */
static uint32_t key_bits_of(const char *key, size_t len)
{
	uint32_t bytes = 0;
	size_t i = 1;

	if (len > 1 && key[0] == ':') {
		for (; i < len && key[i] >= '0' && key[i] <= '9' && bytes < 65536; i++)
			bytes = bytes * 10 + (uint32_t)(key[i] - '0');
		return i > 1 && i < len && key[i] == ':' && bytes < 65536 ? bytes * 8 : 0;
	}
	for (i = 0; i < len; i++)
		if (!((key[i] >= '0' && key[i] <= '9') || (key[i] >= 'a' && key[i] <= 'f') ||
		      (key[i] >= 'A' && key[i] <= 'F')))
			return 0;
	return len < 65536 ? (uint32_t)len * 4 : 0;
}

int provenance_crypt_cipher(char *table, size_t len, char *cipher, size_t size,
			    uint32_t *key_bits)
{
	size_t start = 0, end, key;
	int rc = -1;

	cipher[0] = '\0';
	if (key_bits)
		*key_bits = 0;
	while (start < len && table[start] == ' ')
		start++;
	end = start;
	while (end < len && table[end] != ' ' && table[end] != '\0')
		end++;
	if (end > start && end - start < size) {
		memcpy(cipher, table + start, end - start);
		cipher[end - start] = '\0';
		rc = 0;
	}
	for (key = end; key < len && table[key] == ' ';)
		key++;
	if (rc == 0 && key_bits) {
		size_t n = 0;

		while (key + n < len && table[key + n] != ' ' && table[key + n] != '\0')
			n++;
		*key_bits = key_bits_of(table + key, n);
	}
	provenance_wipe(table, len);
	return rc;
}

int provenance_read_space(const char *dir, struct prov_fs *fs)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) != 0)
		return -1;
	fs->space_known = true;
	fs->block_bytes = sv.f_bsize;
	fs->size_bytes = (uint64_t)sv.f_blocks * sv.f_frsize;
	fs->used_bytes = (uint64_t)(sv.f_blocks - sv.f_bfree) * sv.f_frsize;
	fs->avail_bytes = (uint64_t)sv.f_bavail * sv.f_frsize;
	return 0;
}

/* Decimal digits at *S into *OUT (at most UINT32_MAX), advancing *S; -1 if none or too large. */
static int number(const char **s, unsigned *out)
{
	uint64_t v = 0;
	const char *p = *s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > UINT32_MAX)
			return -1;
	}
	*out = (unsigned)v;
	*s = p;
	return 0;
}

/* "MAJ:MIN" exactly. */
static int device_number(const char *text, unsigned *major, unsigned *minor)
{
	if (number(&text, major) != 0 || *text++ != ':' ||
	    number(&text, minor) != 0 || *text != '\0')
		return -1;
	return 0;
}

/* Decode mountinfo's octal escapes (\040 space, \011 tab, \012, \134) in place. */
static void unescape(char *s)
{
	char *to = s;

	for (char *from = s; *from; to++) {
		if (from[0] == '\\' && from[1] >= '0' && from[1] <= '3' &&
		    from[2] >= '0' && from[2] <= '7' && from[3] >= '0' &&
		    from[3] <= '7') {
			*to = (char)((from[1] - '0') << 6 | (from[2] - '0') << 3 |
				     (from[3] - '0'));
			from += 4;
		} else {
			*to = *from++;
		}
	}
	*to = '\0';
}

int provenance_split_mountinfo(char *line, struct prov_mount_line *m)
{
	char *field[6], *save = NULL, *word;
	int n = 0;

	line[strcspn(line, "\n")] = '\0';
	while (n < 6 && (word = strtok_r(n ? NULL : line, " ", &save)))
		field[n++] = word;
	if (n < 6 || device_number(field[2], &m->major, &m->minor) != 0)
		return -1;
	m->root = field[3];
	m->mount_point = field[4];
	m->options = field[5];
	while ((word = strtok_r(NULL, " ", &save)) && strcmp(word, "-") != 0)
		; /* optional fields: shared:N, master:N, ... */
	m->type = word ? strtok_r(NULL, " ", &save) : NULL;
	m->source = m->type ? strtok_r(NULL, " ", &save) : NULL;
	m->super = m->source ? strtok_r(NULL, " ", &save) : NULL;
	if (!m->super)
		return -1;
	unescape(m->root);
	unescape(m->mount_point);
	unescape(m->source);
	return 0;
}

void provenance_keep_options(const char *options, char *out, size_t size)
{
	static const char *const dropped[] = { "user", "username", "domain",
					       "addr", "clientaddr", "password",
					       "credentials", "cred" };
	size_t len = 0;

	out[0] = '\0';
	for (const char *o = options; *o;) {
		size_t n = strcspn(o, ","), key = strcspn(o, ",=");
		bool drop = false;

		for (size_t i = 0; i < sizeof(dropped) / sizeof(dropped[0]); i++)
			drop |= key == strlen(dropped[i]) && strncmp(o, dropped[i], key) == 0;
		if (!drop && n > 0 && len + n + 2 <= size) {
			if (len)
				out[len++] = ',';
			memcpy(out + len, o, n);
			len += n;
			out[len] = '\0';
		}
		o += n + (o[n] == ',');
	}
}

uint32_t provenance_count_cpus(const char *list)
{
	size_t len = strlen(list);
	const char *end = list + len - (len && list[len - 1] == '\n');
	uint64_t count = 0;
	unsigned a, b;

	while (list < end) {
		if (number(&list, &a) != 0)
			return 0;
		b = a;
		if (*list == '-') {
			list++;
			if (number(&list, &b) != 0 || b < a)
				return 0;
		}
		count += (uint64_t)b - a + 1;
		if (count > UINT32_MAX || list > end)
			return 0;
		if (list < end && (*list != ',' || list + 1 == end))
			return 0;
		list += list < end;
	}
	return (uint32_t)count;
}
