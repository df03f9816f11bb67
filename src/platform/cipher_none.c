/* SPDX-License-Identifier: MIT */
/*
 * cipher_none.c - cipher_measure() where there is no AF_ALG: never
 * measured, and said so.
 */
#include <stdio.h>

#include "cipher.h"

int cipher_measure(struct prov_cipher *c, uint64_t budget_ns)
{
	(void)budget_ns;
	c->encrypt_mb_s = c->decrypt_mb_s = 0;
	snprintf(c->not_measured, sizeof(c->not_measured),
		 "no AF_ALG on this system");
	return -1;
}
