/* SPDX-License-Identifier: MIT */
/*
 * cipher.h - dm-crypt's cipher and how fast the kernel runs it: cipher.c
 * turns dm-crypt's cipher spec into the kernel crypto API's algorithm
 * name (portable, pure); cipher_linux.c measures that algorithm on one
 * core through an AF_ALG socket, cipher_none.c says it cannot.
 */
#ifndef CIPHER_H
#define CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "provenance.h"

/*
 * dm-crypt's SPEC, "cipher[:keycount]-chainmode-ivmode[:ivopts]" or
 * "capi:template(cipher)-ivmode", as the crypto API names the algorithm
 * dm-crypt asks it for: "aes-xts-plain64" -> "xts(aes)",
 * "aes-cbc-essiv:sha256" -> "cbc(aes)", "capi:xts(aes)-plain64" ->
 * "xts(aes)", "xchacha12,aes-adiantum-plain64" ->
 * "adiantum(xchacha12,aes)". 0, or -1 (OUT "") for a spec without a chain
 * mode ("aes-plain", which old dm-crypt read as CBC) or one that does not
 * fit LEN.
 */
int cipher_algorithm(const char *spec, char *out, size_t len);

/*
 * The key bytes to measure ALGORITHM with, for a dm-crypt key of KEY_BITS
 * (0 unknown): the key's own size when known, else XTS's two AES-256 keys
 * (64 bytes) or one AES-256 key (32).
 */
size_t cipher_key_bytes(const char *algorithm, uint32_t key_bits);

/*
 * Measure C->algorithm (filled by the caller, with c->key_bits) on this
 * core: encrypt, then decrypt, 64 KiB requests of zeros under a random
 * key for about BUDGET_NS each, and set c->encrypt_mb_s and
 * c->decrypt_mb_s in MB/s (10^6 bytes/s). On failure both stay 0 and
 * c->not_measured says why ("AF_ALG: Address family not supported by
 * protocol"). 0 or -1. Prints nothing.
 */
int cipher_measure(struct prov_cipher *c, uint64_t budget_ns);

#endif
