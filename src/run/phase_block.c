/* SPDX-License-Identifier: MIT */
/*
 * phase_block.c - the block phases: block output (write the file chunk by
 * chunk), rewrite (read a chunk, change it, write it back in place) and
 * block input (read the file chunk by chunk, checking it under --verify).
 * The writers keep every piece open and fsync them all once the whole file
 * is written (phase_pieces_begin), inside the timed region, as bonnie++
 * fsyncs its one file; block input fsyncs and closes each piece as it ends.
 * A phase that stops (an error, a signal) only closes: the file is about
 * to go, and a signalled clyde has little time (mpirun kills a second
 * later).
 */
#include <errno.h>
#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

#include "io/io.h"
#include "phase.h"
#include "lib/timer.h"

/* Open piece PIECE of TF for reading or rewriting. */
static int open_piece(struct phase_ctx *ctx, const struct iofile *tf,
		      uint32_t piece, enum io_access acc, char *path, size_t len)
{
	iofile_path(tf, piece, path, len);
	int fd = iofile_open(tf, piece, acc, &ctx->cfg->mode);
	if (fd < 0)
		phase_fail_open(ctx, path, errno);
	return fd;
}

static int close_piece(struct phase_ctx *ctx, int fd, const char *path)
{
	if (io_sync_close(fd) != 0)
		return phase_fail(ctx, path, "fsync", errno);
	return 0;
}

int phase_write_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	struct phase_pieces held;
	char path[PATH_MAX];
	uint64_t block = 0;

	if (phase_pieces_begin(&held, ctx) != 0)
		return -1;
	for (uint32_t p = 0; p < ctx->tf->pieces && !ctx->err.op[0] &&
			     !phase_cut(ctx); p++) {
		uint64_t n = iofile_piece_bytes(ctx->tf, p) / chunk;
		int fd = iofile_create(ctx->tf, p, &ctx->cfg->mode);

		iofile_path(ctx->tf, p, path, sizeof(path));
		if (fd < 0) { /* a region opens the shared file its maker made */
			if (ctx->tf->region.count)
				phase_fail_open(ctx, path, errno);
			else
				phase_fail(ctx, path, "create", errno);
			break;
		}
		held.fds[p] = fd;
		uint64_t t0 = timer_now_ns();
		for (uint64_t i = 0; i < n && !phase_cut(ctx); i++, block++) {
			const unsigned char *data = data_block(ctx->data, block);
			off_t off = (off_t)iofile_offset(ctx->tf, p, i * chunk);

			if (io_write_full(fd, data, chunk, off) != 0 ||
			    phase_interrupted(ctx)) {
				if (!ctx->err.op[0])
					phase_fail(ctx, path, "write", errno);
				break;
			}
			phase_count_chunk(ctx, &t0, chunk, 0);
		}
	}
	if (ctx->err.op[0]) {
		phase_pieces_end(&held, false);
		return -1;
	}
	return phase_pieces_end(&held, true);
}

/* Read one chunk at OFF of FD into ctx->buf; a short read is an error. */
static int read_chunk(struct phase_ctx *ctx, int fd, off_t off, const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	ssize_t got = io_read_full(fd, ctx->buf, chunk, off);

	if (got < 0)
		return phase_fail(ctx, path, "read", errno);
	if ((size_t)got < chunk)
		return phase_fail(ctx, path, "read: file shorter than written", 0);
	return 0;
}

/* Rewrite piece P, open on FD: read each chunk, change it, write it back. */
static int rewrite_piece(struct phase_ctx *ctx, uint32_t p, int fd,
			 const char *path)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	uint64_t n = iofile_piece_bytes(ctx->tf, p) / chunk;
	uint64_t t0 = timer_now_ns();

	for (uint64_t i = 0; i < n && !phase_cut(ctx); i++) {
		off_t off = (off_t)iofile_offset(ctx->tf, p, i * chunk);

		if (read_chunk(ctx, fd, off, path) != 0)
			return -1;
		data_dirty(ctx->buf, chunk);
		if (io_write_full(fd, ctx->buf, chunk, off) != 0 ||
		    phase_interrupted(ctx)) {
			if (!ctx->err.op[0])
				phase_fail(ctx, path, "write", errno);
			return -1;
		}
		phase_count_chunk(ctx, &t0, chunk, chunk);
	}
	return 0;
}

int phase_rewrite_run(struct phase_ctx *ctx)
{
	struct phase_pieces held;
	char path[PATH_MAX];

	if (phase_pieces_begin(&held, ctx) != 0)
		return -1;
	for (uint32_t p = 0; p < iofile_pieces_in_use(ctx->tf); p++) {
		held.fds[p] = open_piece(ctx, ctx->tf, p, IO_WRITE, path, sizeof(path));
		if (held.fds[p] < 0 || rewrite_piece(ctx, p, held.fds[p], path) != 0) {
			phase_pieces_end(&held, false);
			return -1;
		}
	}
	return phase_pieces_end(&held, true);
}

/*
 * Block input: the copy's file, or under --reorder the file (or region)
 * another rank's copy wrote, checked against that copy's data.
 */
int phase_read_run(struct phase_ctx *ctx)
{
	const size_t chunk = ctx->cfg->io.chunk_bytes;
	const struct iofile *tf = ctx->read_tf;
	const uint64_t blocks_per_piece = tf->piece_bytes / chunk;
	char path[PATH_MAX];

	for (uint32_t p = 0; p < iofile_pieces_in_use(tf) && !phase_cut(ctx); p++) {
		uint64_t n = iofile_piece_bytes(tf, p) / chunk;
		int fd = open_piece(ctx, tf, p, IO_READ, path, sizeof(path));

		if (fd < 0)
			return -1;
		uint64_t t0 = timer_now_ns();
		for (uint64_t i = 0; i < n && !phase_cut(ctx); i++) {
			off_t off = (off_t)iofile_offset(tf, p, i * chunk);

			if (read_chunk(ctx, fd, off, path) != 0 ||
			    phase_interrupted(ctx)) {
				close(fd);
				return -1;
			}
			phase_count_chunk(ctx, &t0, chunk, chunk);
			if (ctx->cfg->verify) {
				if (phase_verify(ctx, ctx->read_data,
						 p * blocks_per_piece + i, ctx->buf,
						 (uint64_t)off, path) != 0) {
					close(fd);
					return -1;
				}
				t0 = timer_now_ns(); /* checking is not the disk's time */
			}
		}
		if (close_piece(ctx, fd, path) != 0)
			return -1;
	}
	return 0;
}
