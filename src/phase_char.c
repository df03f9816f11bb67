/* SPDX-License-Identifier: MIT */
/*
 * phase_char.c - the per-char phases. Default (--char-io stdio): bonnie++
 * 1.03's method, putc/getc through a stdio stream whose buffer is one
 * aligned chunk, so O_DIRECT works too. It calls the _unlocked variants:
 * each phase runs in its own thread, so glibc locks the stream on every
 * plain putc/getc, about 20 ns a byte against 1 ns unlocked, where 1.03's
 * single-threaded process paid about 3 ns (glibc 2.36, bench/charbench.c,
 * bench/results.md). A stream here belongs to one thread, so the lock would
 * guard nothing and only make each byte cost six times what it cost 1.03.
 * --char-io syscall: 2.00a's method, one write(2)/read(2) per byte. Latency
 * unit: one chunk's worth of bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "io.h"
#include "phase.h"
#include "timer.h"

static uint64_t perchar_total(const struct phase_ctx *ctx)
{
	return ctx->perchar_bytes;
}

static uint32_t perchar_pieces(const struct phase_ctx *ctx)
{
	return (uint32_t)((ctx->perchar_bytes + TESTFILE_PIECE_BYTES - 1) /
			  TESTFILE_PIECE_BYTES);
}

static uint64_t perchar_piece_bytes(const struct phase_ctx *ctx, uint32_t p)
{
	uint64_t left = ctx->perchar_bytes - (uint64_t)p * TESTFILE_PIECE_BYTES;

	return left < TESTFILE_PIECE_BYTES ? left : TESTFILE_PIECE_BYTES;
}

/* A stdio stream on FD whose buffer is ctx->buf: one aligned chunk. */
static FILE *open_stream(struct phase_ctx *ctx, int fd, const char *how,
			 const char *path)
{
	FILE *f = fdopen(fd, how);

	if (!f) {
		phase_fail(ctx, path, "fdopen", errno);
		close(fd);
		return NULL;
	}
	if (setvbuf(f, (char *)ctx->buf, _IOFBF, ctx->cfg->io.chunk_bytes) != 0) {
		phase_fail(ctx, path, "setvbuf", errno);
		fclose(f);
		return NULL;
	}
	return f;
}

/* Flush, fsync and close F; the stream's errors become the phase's. */
static int close_stream(struct phase_ctx *ctx, FILE *f, const char *path)
{
	int rc = fflush(f);
	int err = errno;

	if (rc == 0 && fsync(fileno(f)) != 0) {
		rc = -1;
		err = errno;
	}
	if (fclose(f) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc != 0)
		return phase_fail(ctx, path, "write", err);
	return 0;
}

/* Record one chunk done: its latency and the progress. */
static void chunk_done(struct phase_ctx *ctx, uint64_t *t0, bool reading)
{
	uint64_t t1 = timer_now_ns();

	stats_add(&ctx->lat, t1 - *t0);
	*t0 = t1;
	ctx->bytes += ctx->cfg->io.chunk_bytes;
	if (reading)
		ctx->read_bytes += ctx->cfg->io.chunk_bytes;
	ctx->ops++;
	atomic_store_explicit(&ctx->progress, ctx->bytes, memory_order_relaxed);
}

static int putc_piece_stdio(struct phase_ctx *ctx, int fd, uint64_t n,
			    uint64_t *block, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	FILE *f = open_stream(ctx, fd, "w", path);

	if (!f)
		return -1;
	uint64_t t0 = timer_now_ns();
	for (uint64_t i = 0; i < n; i++, (*block)++) {
		const unsigned char *data = data_block(ctx->data, *block);

		for (size_t j = 0; j < chunk; j++)
			if (putc_unlocked(data[j], f) == EOF)
				break;
		if (ferror(f) || phase_interrupted(ctx)) {
			if (!ctx->err.op[0])
				phase_fail(ctx, path, "write", errno);
			fclose(f);
			return -1;
		}
		chunk_done(ctx, &t0, false);
	}
	return close_stream(ctx, f, path);
}

static int putc_piece_syscall(struct phase_ctx *ctx, int fd, uint64_t n,
			      uint64_t *block, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < n; i++, (*block)++) {
		const unsigned char *data = data_block(ctx->data, *block);

		for (size_t j = 0; j < chunk; j++) {
			if (io_write_full(fd, &data[j], 1, -1) != 0) {
				phase_fail(ctx, path, "write", errno);
				close(fd);
				return -1;
			}
		}
		if (phase_interrupted(ctx)) {
			close(fd);
			return -1;
		}
		chunk_done(ctx, &t0, false);
	}
	if (io_sync_close(fd) != 0)
		return phase_fail(ctx, path, "fsync", errno);
	return 0;
}

static int putc_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	char path[PATH_MAX];
	uint64_t block = 0;

	for (uint32_t p = 0; p < perchar_pieces(ctx); p++) {
		uint64_t n = perchar_piece_bytes(ctx, p) / chunk;
		int fd = testfile_create(ctx->tf, p, &ctx->cfg->mode);

		testfile_path(ctx->tf, p, path, sizeof(path));
		if (fd < 0)
			return phase_fail(ctx, path, "create", errno);
		int rc = ctx->cfg->mode.char_io == CHAR_IO_STDIO
				 ? putc_piece_stdio(ctx, fd, n, &block, path)
				 : putc_piece_syscall(ctx, fd, n, &block, path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int getc_piece_stdio(struct phase_ctx *ctx, int fd, uint64_t n,
			    const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	FILE *f = open_stream(ctx, fd, "r", path);
	uint64_t sum = 0;

	if (!f)
		return -1;
	uint64_t t0 = timer_now_ns();
	for (uint64_t i = 0; i < n; i++) {
		for (size_t j = 0; j < chunk; j++) {
			int c = getc_unlocked(f);

			if (c == EOF) {
				phase_fail(ctx, path,
					   ferror(f) ? "read"
						     : "read: file shorter than written",
					   ferror(f) ? errno : 0);
				fclose(f);
				return -1;
			}
			sum += (unsigned)c;
		}
		if (phase_interrupted(ctx)) {
			fclose(f);
			return -1;
		}
		chunk_done(ctx, &t0, true);
	}
	ctx->checksum += sum;
	fclose(f);
	return 0;
}

static int getc_piece_syscall(struct phase_ctx *ctx, int fd, uint64_t n,
			      const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	uint64_t sum = 0;
	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < n; i++) {
		for (size_t j = 0; j < chunk; j++) {
			unsigned char c;
			ssize_t got = io_read_full(fd, &c, 1, -1);

			if (got != 1) {
				phase_fail(ctx, path,
					   got < 0 ? "read"
						   : "read: file shorter than written",
					   got < 0 ? errno : 0);
				close(fd);
				return -1;
			}
			sum += c;
		}
		if (phase_interrupted(ctx)) {
			close(fd);
			return -1;
		}
		chunk_done(ctx, &t0, true);
	}
	ctx->checksum += sum;
	close(fd);
	return 0;
}

static int getc_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	char path[PATH_MAX];

	for (uint32_t p = 0; p < perchar_pieces(ctx); p++) {
		uint64_t n = perchar_piece_bytes(ctx, p) / chunk;

		testfile_path(ctx->tf, p, path, sizeof(path));
		int fd = io_open(path, IO_READ, &ctx->cfg->mode);
		if (fd < 0)
			return phase_fail(ctx, path, "open", errno);
		int rc = ctx->cfg->mode.char_io == CHAR_IO_STDIO
				 ? getc_piece_stdio(ctx, fd, n, path)
				 : getc_piece_syscall(ctx, fd, n, path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

const struct phase_def phase_putc = {
	.id = PHASE_PUTC,
	.name = "per-char output",
	.rate_in_kib = true,
	.prepare = phase_remove_testfile,
	.run = putc_run,
	.total = perchar_total,
};
const struct phase_def phase_getc = {
	.id = PHASE_GETC,
	.name = "per-char input",
	.rate_in_kib = true,
	.run = getc_run,
	.total = perchar_total,
};
