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
 * unit: one chunk's worth of bytes. Under --verify per-char input checks
 * every chunk, as block input does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "io/io.h"
#include "phase.h"
#include "lib/timer.h"

/* The per-char bytes, within what the file holds (block output may have
 * stopped at a deadline before per-char input). */
static uint64_t perchar_total(const struct phase_ctx *ctx)
{
	uint64_t held = ctx->tf->extent_bytes;

	return ctx->perchar_bytes < held ? ctx->perchar_bytes : held;
}

static uint32_t perchar_pieces(const struct phase_ctx *ctx)
{
	return (uint32_t)((perchar_total(ctx) + ctx->tf->piece_bytes - 1) /
			  ctx->tf->piece_bytes);
}

static uint64_t perchar_piece_bytes(const struct phase_ctx *ctx, uint32_t p)
{
	uint64_t left = perchar_total(ctx) - (uint64_t)p * ctx->tf->piece_bytes;

	return left < ctx->tf->piece_bytes ? left : ctx->tf->piece_bytes;
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

/*
 * Flush and close F, keeping its file open on a descriptor of its own for
 * the fsync at the end of the phase (phase_pieces_end): that descriptor,
 * or -1 with the stream's error as the phase's.
 */
static int stream_done(struct phase_ctx *ctx, FILE *f, const char *path)
{
	int fd = fflush(f) == 0 ? dup(fileno(f)) : -1;
	int err = errno;

	if (fclose(f) != 0 && fd >= 0) {
		err = errno;
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		phase_fail(ctx, path, "write", err);
	return fd;
}

/* Per-char output into piece FD through stdio; the descriptor to hold, or -1. */
static int putc_piece_stdio(struct phase_ctx *ctx, int fd, uint64_t n,
			    uint64_t *block, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	FILE *f = open_stream(ctx, fd, "w", path);

	if (!f)
		return -1;
	uint64_t t0 = timer_now_ns();
	for (uint64_t i = 0; i < n && !phase_cut(ctx); i++, (*block)++) {
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
		phase_count_chunk(ctx, &t0, chunk, 0);
	}
	return stream_done(ctx, f, path);
}

/* Per-char output into piece FD a write(2) a byte; FD to hold, or -1. */
static int putc_piece_syscall(struct phase_ctx *ctx, int fd, uint64_t n,
			      uint64_t *block, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < n && !phase_cut(ctx); i++, (*block)++) {
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
		phase_count_chunk(ctx, &t0, chunk, 0);
	}
	return fd;
}

/* Every piece written whole, then all fsynced (phase_pieces_begin says why). */
int phase_putc_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	struct phase_pieces held;
	char path[PATH_MAX];
	uint64_t block = 0;

	if (phase_pieces_begin(&held, ctx) != 0)
		return -1;
	for (uint32_t p = 0; p < perchar_pieces(ctx) && !phase_cut(ctx); p++) {
		uint64_t n = perchar_piece_bytes(ctx, p) / chunk;
		int fd = iofile_create(ctx->tf, p, &ctx->cfg->mode);

		iofile_path(ctx->tf, p, path, sizeof(path));
		if (fd < 0)
			phase_fail(ctx, path, "create", errno);
		else
			held.fds[p] = ctx->cfg->mode.char_io == CHAR_IO_STDIO
				? putc_piece_stdio(ctx, fd, n, &block, path)
				: putc_piece_syscall(ctx, fd, n, &block, path);
		if (held.fds[p] < 0) {
			phase_pieces_end(&held, false);
			return -1;
		}
	}
	return phase_pieces_end(&held, true);
}

/*
 * --verify: one chunk of per-char input is in CHECK. Per-char input reads
 * what block output wrote and rewrite changed, so it is checked as block
 * input checks it. Checking is not the disk's time: *t0 restarts after.
 */
static int verify_chunk(struct phase_ctx *ctx, const unsigned char *check,
			uint32_t piece, uint64_t i, const char *path, uint64_t *t0)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	const uint64_t block = piece * (ctx->tf->piece_bytes / chunk) + i;

	if (phase_verify(ctx, ctx->data, block, check, i * chunk, path) != 0)
		return -1;
	*t0 = timer_now_ns();
	return 0;
}

/* One chunk through getc into KEEP (NULL: only summed); -1 at EOF or error. */
static inline int getc_chunk(FILE *f, size_t chunk, unsigned char *keep,
			     uint64_t *sum)
{
	uint64_t s = 0;

	for (size_t j = 0; j < chunk; j++) {
		int c = getc_unlocked(f);

		if (c == EOF)
			return -1;
		if (keep)
			keep[j] = (unsigned char)c;
		s += (unsigned)c;
	}
	*sum += s;
	return 0;
}

static int getc_piece_stdio(struct phase_ctx *ctx, int fd, uint32_t piece,
			    uint64_t n, unsigned char *check, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	FILE *f = open_stream(ctx, fd, "r", path);
	uint64_t sum = 0;

	if (!f)
		return -1;
	uint64_t t0 = timer_now_ns();
	for (uint64_t i = 0; i < n && !phase_cut(ctx); i++) {
		/* Two calls, so the usual one compiles without the copy. */
		int rc = check ? getc_chunk(f, chunk, check, &sum)
			       : getc_chunk(f, chunk, NULL, &sum);

		if (rc != 0) {
			phase_fail(ctx, path,
				   ferror(f) ? "read" : "read: file shorter than written",
				   ferror(f) ? errno : 0);
			fclose(f);
			return -1;
		}
		if (phase_interrupted(ctx)) {
			fclose(f);
			return -1;
		}
		phase_count_chunk(ctx, &t0, chunk, chunk);
		if (check && verify_chunk(ctx, check, piece, i, path, &t0) != 0) {
			fclose(f);
			return -1;
		}
	}
	ctx->checksum += sum;
	fclose(f);
	return 0;
}

static int getc_piece_syscall(struct phase_ctx *ctx, int fd, uint32_t piece,
			      uint64_t n, unsigned char *check, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	uint64_t sum = 0;
	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < n && !phase_cut(ctx); i++) {
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
			if (check)
				check[j] = c;
			sum += c;
		}
		if (phase_interrupted(ctx)) {
			close(fd);
			return -1;
		}
		phase_count_chunk(ctx, &t0, chunk, chunk);
		if (check && verify_chunk(ctx, check, piece, i, path, &t0) != 0) {
			close(fd);
			return -1;
		}
	}
	ctx->checksum += sum;
	close(fd);
	return 0;
}

int phase_getc_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	char path[PATH_MAX];
	/* --verify: the chunk just read, byte by byte (ctx->buf is the stream's). */
	unsigned char *check = NULL;
	int rc = 0;

	if (ctx->cfg->verify && !(check = malloc(chunk)))
		return phase_fail(ctx, ctx->tf->dir, "allocate buffers", ENOMEM);
	for (uint32_t p = 0; p < perchar_pieces(ctx) && rc == 0 && !phase_cut(ctx);
	     p++) {
		uint64_t n = perchar_piece_bytes(ctx, p) / chunk;

		iofile_path(ctx->tf, p, path, sizeof(path));
		int fd = iofile_open(ctx->tf, p, IO_READ, &ctx->cfg->mode);
		if (fd < 0) {
			rc = phase_fail_open(ctx, path, errno);
			break;
		}
		rc = ctx->cfg->mode.char_io == CHAR_IO_STDIO
			     ? getc_piece_stdio(ctx, fd, p, n, check, path)
			     : getc_piece_syscall(ctx, fd, p, n, check, path);
	}
	free(check);
	return rc;
}
