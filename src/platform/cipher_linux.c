/* SPDX-License-Identifier: MIT */
/*
 * cipher_linux.c - cipher_measure() (cipher.h) through the kernel's
 * AF_ALG sockets: the algorithm dm-crypt uses, keyed with random bytes,
 * encrypting and then decrypting 64 KiB requests for a fixed time on the
 * calling thread. What it finds is the kernel's own speed for that cipher
 * on one core, the most dm-crypt gets from a core; requests the size of a
 * sector would add a system call per sector, which dm-crypt does not pay.
 */
#include <errno.h>
#include <linux/if_alg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cipher.h"
#include "lib/timer.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define REQUEST_BYTES 65536u
#define IV_BYTES 16u

/* Say why in C->not_measured, from OP and errno ERR; -1. */
static int failed(struct prov_cipher *c, const char *op, int err)
{
	snprintf(c->not_measured, sizeof(c->not_measured), "AF_ALG %s: %s", op,
		 strerror(err));
	return -1;
}

/* One request of LEN bytes through OP's socket FD; the bytes done, or -1. */
static ssize_t one_request(int fd, uint32_t op, unsigned char *buf, size_t len)
{
	union {
		struct cmsghdr align;
		char bytes[CMSG_SPACE(sizeof(uint32_t)) +
			   CMSG_SPACE(sizeof(struct af_alg_iv) + IV_BYTES)];
	} control;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = control.bytes,
			      .msg_controllen = sizeof(control.bytes) };
	struct cmsghdr *cm;
	struct af_alg_iv *iv;
	ssize_t sent, got = 0;

	memset(&control, 0, sizeof(control));
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(cm), &op, sizeof(op));
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + IV_BYTES);
	iv = (struct af_alg_iv *)(void *)CMSG_DATA(cm);
	iv->ivlen = IV_BYTES; /* the IV itself: zeros */
	sent = sendmsg(fd, &msg, 0);
	if (sent <= 0)
		return -1;
	while (got < sent) {
		ssize_t n = read(fd, buf + got, (size_t)(sent - got));

		if (n <= 0)
			return -1;
		got += n;
	}
	return got;
}

/* MB/s of OP over BUDGET_NS on socket FD, or 0 with errno set. */
static uint32_t rate(int fd, uint32_t op, unsigned char *buf, uint64_t budget_ns)
{
	uint64_t t0 = timer_now_ns(), t = t0, bytes = 0;
	double mb_s;

	/* One untimed request first: the transform's own set-up. */
	if (one_request(fd, op, buf, REQUEST_BYTES) < 0)
		return 0;
	t0 = timer_now_ns();
	do {
		ssize_t n = one_request(fd, op, buf, REQUEST_BYTES);

		if (n < 0)
			return 0;
		bytes += (uint64_t)n;
		t = timer_now_ns();
	} while (t - t0 < budget_ns);
	mb_s = (double)bytes * 1e3 / (double)(t - t0);
	return mb_s < 1 ? 1 : mb_s > 4e9 ? 4000000000u : (uint32_t)(mb_s + 0.5);
}

int cipher_measure(struct prov_cipher *c, uint64_t budget_ns)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "skcipher" };
	unsigned char key[512], *buf;
	size_t key_len = cipher_key_bytes(c->algorithm, c->key_bits);
	int tfm, fd, rc = -1;

	c->encrypt_mb_s = c->decrypt_mb_s = 0;
	c->not_measured[0] = '\0';
	if (strlen(c->algorithm) >= sizeof(sa.salg_name)) {
		snprintf(c->not_measured, sizeof(c->not_measured),
			 "AF_ALG: algorithm name too long");
		return -1;
	}
	memcpy(sa.salg_name, c->algorithm, strlen(c->algorithm) + 1);
	if (getrandom(key, key_len, 0) != (ssize_t)key_len)
		return failed(c, "key", errno);
	tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (tfm < 0)
		return failed(c, "socket", errno);
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		failed(c, "bind", errno);
	} else if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)key_len) != 0) {
		failed(c, "key", errno);
	} else if ((fd = accept(tfm, NULL, 0)) < 0) {
		failed(c, "accept", errno);
	} else {
		buf = calloc(1, REQUEST_BYTES);
		if (!buf) {
			failed(c, "buffer", ENOMEM);
		} else if ((c->encrypt_mb_s = rate(fd, ALG_OP_ENCRYPT, buf, budget_ns)) == 0 ||
			   (c->decrypt_mb_s = rate(fd, ALG_OP_DECRYPT, buf, budget_ns)) == 0) {
			failed(c, "request", errno);
			c->encrypt_mb_s = c->decrypt_mb_s = 0;
		} else {
			rc = 0;
		}
		free(buf);
		close(fd);
	}
	close(tfm);
	memset(key, 0, sizeof(key));
	return rc;
}
