/* SPDX-License-Identifier: MIT */
/*
 * run_copies.c - the copies of a run (run_internal.h): each one's I/O
 * file, its own or its region of the one shared file (--shared-file), the
 * file block input reads (another rank's under --reorder), its data pool,
 * buffer and file-test state; and what they made, removed at the end.
 */
#include "run_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"
#include "lib/timer.h"
#include "platform/device.h"
#include "platform/platform.h"
#include "sys/cleanup.h"
#include "filetest.h"
#include "io/io.h"
#include "run_series.h"

/* Copy COPY of every rank's writes data of its own, from the job's seed. */
static uint64_t data_seed(uint64_t seed, uint64_t first_copy, unsigned copy)
{
	return seed + (first_copy + copy) * 0x9e3779b97f4a7c15ULL;
}

/* --shared-file: copy I's file is its region of the job's shared file. */
static void make_region(struct iofile *tf, const struct config *cfg,
			const struct run_share *sh, uint32_t rank, unsigned i,
			struct run_agreed *agreed)
{
	snprintf(tf->dir, sizeof(tf->dir), "%s", sh->job_dir);
	tf->dir_fd = sh->job_fd;
	tf->region = (struct iofile_region){
		.index = rank * cfg->concurrency + i,
		.count = sh->ranks * cfg->concurrency,
		.stripe_bytes = cfg->job.layout == SHARE_STRIDED
					? cfg->job.stripe_bytes : 0,
		.maker = rank == 0 && i == 0 && sh->rank == 0,
		.ino_only = !sh->job_host,
		.made = &agreed->shared,
	};
}

/*
 * What copy I's block input reads under --reorder: the same copy of rank
 * read_rank, its region of the shared file or its own file (foreign: this
 * rank only reads it), with that copy's data for --verify. 0 or -1.
 */
static int make_reader(struct copy *c, const struct config *cfg,
		       const struct run_target *target, uint64_t seed, unsigned i,
		       size_t align, struct run_agreed *agreed)
{
	const struct run_share *sh = &target->share;
	uint64_t size = cfg->io.size_mib * MIB, piece = target->piece_bytes;
	unsigned n = cfg->concurrency;
	int rc;

	if (cfg->job.layout != SHARE_OWN) {
		rc = iofile_init(&c->read_tf, sh->job_fd, sh->job_dir, i, n, size,
				 piece);
		if (rc == 0)
			make_region(&c->read_tf, cfg, sh, sh->read_rank, i, agreed);
	} else {
		rc = iofile_init(&c->read_tf, sh->read_fd, sh->read_dir, i, n, size,
				 piece);
		c->read_tf.foreign = true;
	}
	if (rc != 0 || data_init(&c->read_data, data_seed(seed, sh->read_first_copy, i),
				 cfg->io.chunk_bytes, align, cfg->mode.zeros) != 0)
		return -1;
	c->ctx.read_tf = &c->read_tf;
	c->ctx.read_data = &c->read_data;
	return 0;
}

/* Copy I's files, data and buffer; 0, or -1 (out of memory). */
static int make_copy(struct copy *c, const struct config *cfg,
		     const struct run_target *target, uint64_t seed, unsigned i,
		     size_t align, struct run_agreed *agreed)
{
	const struct run_share *sh = &target->share;
	size_t chunk = cfg->io.chunk_bytes;
	unsigned n = cfg->concurrency;

	c->ctx.tf = &c->tf;
	c->ctx.data = &c->data;
	c->ctx.read_tf = &c->tf;
	c->ctx.read_data = &c->data;
	c->ctx.buf = io_alloc(chunk, align);
	if (cfg->files.count_k > 0)
		c->ctx.files = filetest_state_new(cfg, &target->rng, seed,
						  target->dir_fd, target->workdir,
						  i, n);
	if (c->ctx.files && cfg->job.shared_dir) {
		struct filetest_share fsh = {
			.job_fd = sh->job_fd, .job_dir = sh->job_dir,
			.index = sh->rank * n + i, .copies = sh->ranks * n,
			.peer = (cfg->job.reorder ? sh->read_rank : sh->rank) * n + i,
			.maker = sh->rank == 0 && i == 0,
		};

		if (filetest_state_share(c->ctx.files, &fsh) != 0)
			return -1;
	}
	if (iofile_init(&c->tf, target->dir_fd, target->workdir, i, n,
			cfg->io.size_mib * MIB, target->piece_bytes) != 0 ||
	    !c->ctx.buf || (cfg->files.count_k > 0 && !c->ctx.files) ||
	    data_init(&c->data, data_seed(seed, target->first_copy, i), chunk,
		      align, cfg->mode.zeros) != 0)
		return -1;
	if (cfg->job.layout != SHARE_OWN)
		make_region(&c->tf, cfg, sh, sh->rank, i, agreed);
	if (cfg->job.reorder && sh->read_rank != sh->rank)
		return make_reader(c, cfg, target, seed, i, align, agreed);
	return 0;
}

struct copy *run_copies_new(const struct config *cfg,
			    const struct run_target *target,
			    enum engine_kind engine, struct run_agreed *agreed,
			    struct series_rec *rec, struct phase_error *err)
{
	unsigned n = cfg->concurrency;
	size_t align = target->dio_align ? target->dio_align : 64;
	/* Over MPI the job's seed is rank 0's; alone, -z's or -Z's. */
	uint64_t seed = target->share.ranks > 1 ? target->share.seed
						: rng_source_seed(&target->rng, cfg);
	struct copy *copies = rec ? calloc(n, sizeof(*copies)) : NULL;

	for (unsigned i = 0; copies && i < n; i++) {
		struct copy *c = &copies[i];

		c->ctx.cfg = cfg;
		c->ctx.copy = i;
		c->ctx.rng = &target->rng;
		c->ctx.seed = seed;
		c->ctx.perchar_bytes = phase_perchar_bytes(cfg);
		c->ctx.buf_align = align;
		c->ctx.engine = engine;
		c->ctx.meter = series_rec_meter(rec);
		if (make_copy(c, cfg, target, seed, i, align, agreed) != 0) {
			run_copies_free(copies, i + 1);
			copies = NULL;
		}
	}
	if (copies)
		return copies;
	memset(err, 0, sizeof(*err));
	snprintf(err->path, sizeof(err->path), "%s", target->workdir);
	snprintf(err->op, sizeof(err->op), "allocate buffers");
	err->errnum = ENOMEM;
	err->status = EXIT_SETUP;
	return NULL;
}

void run_copies_extent(struct copy *copies, unsigned n, uint64_t extent)
{
	for (unsigned i = 0; i < n; i++) {
		copies[i].tf.extent_bytes = extent;
		copies[i].read_tf.extent_bytes = extent;
	}
}

int run_copies_removal_failed(int status, const char *path, const char *op,
			      struct phase_error *err)
{
	if (status != 0)
		return status;
	memset(err, 0, sizeof(*err));
	snprintf(err->path, sizeof(err->path), "%s", path);
	snprintf(err->op, sizeof(err->op), "%s", op);
	err->errnum = errno;
	return err->status = EXIT_IO;
}

int run_copies_remove(struct copy *copies, unsigned n,
		      const struct run_target *target, const struct device *dev,
		      int status, struct removal_figure *fig,
		      struct phase_error *err)
{
	const struct config *cfg = n ? copies[0].ctx.cfg : NULL;
	char path[PATH_MAX];
	uint64_t bytes = 0, t0 = timer_now_ns(), t1, before, gone = 0;
	bool all = true, counts = dev && device_discarded(dev, &before);

	for (unsigned i = 0; i < n; i++) {
		uint64_t made = iofile_made_bytes(&copies[i].tf);

		if (iofile_remove(&copies[i].tf, path, sizeof(path)) != 0) {
			status = run_copies_removal_failed(status, path, "unlink", err);
			all = false;
		}
		bytes += made;
	}
	if (status == 0 && !cleanup_stopping() && bytes > 0 && all &&
	    platform_sync_fs(target->dir_fd) == 0) {
		t1 = timer_now_ns();
		if (counts)
			gone = device_discard_wait(dev, before, bytes,
						   cleanup_stopping, &t1);
		*fig = (struct removal_figure){ true, bytes, t1 - t0, gone };
	}
	for (unsigned i = 0; i < n; i++)
		if (filetest_state_cleanup(copies[i].ctx.files, path, sizeof(path)) != 0)
			status = run_copies_removal_failed(status, path, "remove", err);
	/* Alone, every copy's files are gone now; over MPI, rank 0 waits for
	 * every rank's (mpi/ranks_share.c). */
	if (cfg && cfg->job.shared_dir && cfg->files.count_k && target->share.ranks == 1 &&
	    filetest_tree_remove(target->share.job_fd, target->share.job_dir,
				 cfg->files.dirs, path, sizeof(path)) != 0)
		status = run_copies_removal_failed(status, path, "rmdir", err);
	return status;
}

void run_copies_free(struct copy *copies, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		iofile_free(&copies[i].tf);
		iofile_free(&copies[i].read_tf);
		data_free(&copies[i].data);
		data_free(&copies[i].read_data);
		io_free(copies[i].ctx.buf);
		filetest_state_free(copies[i].ctx.files);
	}
	free(copies);
}
