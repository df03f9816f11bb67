/* SPDX-License-Identifier: MIT */
/*
 * cipher.c - dm-crypt's cipher spec as the kernel crypto API's algorithm
 * name, and the key size to measure it with (cipher.h). Pure.
 */
#include "cipher.h"

#include <stdio.h>
#include <string.h>

int cipher_algorithm(const char *spec, char *out, size_t len)
{
	const char *dash, *mode, *end;
	size_t n;
	int w;

	out[0] = '\0';
	if (strncmp(spec, "capi:", 5) == 0) {
		/* "capi:xts(aes)-plain64": up to the last dash after the ')'. */
		spec += 5;
		end = strrchr(spec, ')');
		if (!end || end == spec)
			return -1;
		n = (size_t)(end - spec) + 1;
		if (n >= len)
			return -1;
		memcpy(out, spec, n);
		out[n] = '\0';
		return 0;
	}
	dash = strchr(spec, '-');
	if (!dash || dash == spec)
		return -1;
	mode = dash + 1;
	end = strchr(mode, '-');
	if (!end || end == mode)
		return -1;
	/* The cipher may carry ":keycount" ("aes:64-cbc-lmk"): drop it. */
	n = strcspn(spec, ":-");
	w = snprintf(out, len, "%.*s(%.*s)", (int)(end - mode), mode, (int)n, spec);
	if (w < 0 || (size_t)w >= len) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

size_t cipher_key_bytes(const char *algorithm, uint32_t key_bits)
{
	if (key_bits >= 8 && key_bits % 8 == 0 && key_bits <= 8 * 512)
		return key_bits / 8;
	return strncmp(algorithm, "xts(", 4) == 0 ? 64 : 32;
}
