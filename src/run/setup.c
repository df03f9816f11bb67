/* SPDX-License-Identifier: MIT */
/*
 * setup.c - from a valid configuration to a place to run (setup.h):
 * descriptor and thread limits, the free-space preflight, clyde's
 * directory and its O_DIRECT probe, the device for the truth check, the
 * engine, the
 * provenance.
 */
#include "setup.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include "platform/device.h"
#include "engine/engine.h"
#include "platform/env.h"
#include "core/limit.h"
#include "exit_status.h"
#include "platform/platform.h"
#include "platform/provenance_read.h"
#include "io/rng.h"
#include "io/iofile.h"
#include "io/space.h"
#include "io/workdir.h"

int setup_file_limit(const struct config *cfg, char *err, size_t len)
{
	/* The most pieces the file can have (1 GiB each): the layout is
	 * learned later, in clyde's directory. */
	uint64_t pieces = (cfg->io.size_mib * MIB + IOFILE_PIECE_BYTES - 1) /
			  IOFILE_PIECE_BYTES;
	/* The copy's directory (and the registry's hold on it), each
	 * sub-directory, a file and a readdir. */
	uint64_t dirs = cfg->files.count_k == 0 ? 0
			: 4 + (cfg->files.dirs > 1 ? cfg->files.dirs : 0);
	/* The registry holds every piece for the whole run; a phase opens
	 * them all again, or the file tests their directories. */
	uint64_t need = (pieces + (pieces > dirs ? pieces : dirs)) * cfg->concurrency + 64;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 0;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		char why[96] = "";

		if (pieces > dirs)
			snprintf(why, sizeof(why), " (the test file is %" PRIu64 " pieces "
				 "of at most 1 GiB%s, each held open twice)", pieces,
				 cfg->concurrency > 1 ? " for each copy" : "");
		snprintf(err, len, "the test keeps %" PRIu64 " files open%s but the "
			 "limit is %llu; raise it (ulimit -n) or use a smaller -s "
			 "or -c (or fewer -n directories)", need, why,
			 (unsigned long long)rl.rlim_cur);
		return EXIT_SETUP;
	}
	return 0;
}

/*
 * Why -d DIR cannot be tested in, in words, for the errno of statvfs or
 * mkdtemp there; WHAT names the step for the errors no word fits.
 */
static void dir_problem(const char *dir, int errnum, const char *what,
			char *err, size_t len)
{
	switch (errnum) {
	case ENOENT:
		snprintf(err, len, "%s: there is no such directory; -d names an "
			 "existing directory to test in", dir);
		break;
	case ENOTDIR:
		snprintf(err, len, "%s: not a directory; -d names an existing "
			 "directory to test in", dir);
		break;
	case EACCES:
	case EPERM:
		snprintf(err, len, "%s: clyde may not write in this directory "
			 "(permission denied); choose another -d, or -u a user "
			 "who may", dir);
		break;
	case EROFS:
		snprintf(err, len, "%s: the filesystem is read-only", dir);
		break;
	default:
		snprintf(err, len, "%s: %s: %s", dir, what, strerror(errnum));
	}
}

void setup_machine_read(struct setup_machine *m)
{
	pthread_attr_t attr;
	struct rlimit rl;
	size_t stack = 0;

	memset(m, 0, sizeof(*m));
	m->ram_bytes = env_ram_mib() * MIB;
	/* The kernel does not hold root to RLIMIT_NPROC. */
	if (geteuid() != 0 && getrlimit(RLIMIT_NPROC, &rl) == 0 &&
	    rl.rlim_cur != RLIM_INFINITY)
		m->nproc = (uint64_t)rl.rlim_cur;
	m->threads_max = platform_threads_max();
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		m->as_bytes = (uint64_t)rl.rlim_cur;
	if (pthread_attr_init(&attr) == 0) {
		pthread_attr_getstacksize(&attr, &stack);
		pthread_attr_destroy(&attr);
	}
	m->stack_bytes = stack ? (uint64_t)stack : 8 * MIB;
}

/* The threads each copy starts in one phase at most, and their buffer. */
static uint64_t workers_per_copy(const struct config *cfg, uint64_t *buf_bytes)
{
	uint64_t n = 0;

	*buf_bytes = 0;
	if (cfg->io.size_mib > 0) {
		n = cfg->io.seekers;
		*buf_bytes = cfg->io.chunk_bytes;
	}
	/* At most depth x threads: one per I/O in flight on the threads engine. */
	for (size_t i = 0; cfg->random_io && i < cfg->n_random_depths; i++) {
		uint64_t t = (uint64_t)cfg->random_depths[i] * cfg->random_threads;

		if (t > n) {
			n = t;
			*buf_bytes = RANDOM_BLOCK_BYTES;
		}
	}
	return n;
}

uint64_t setup_threads_needed(const struct config *cfg)
{
	uint64_t buf;

	return 1 + (uint64_t)cfg->concurrency * (1 + workers_per_copy(cfg, &buf));
}

/* A thread's kernel stack, the pages of its own stack it touches, its TLS. */
#define THREAD_COST_BYTES (64 * KIB)

int setup_thread_limit(const struct config *cfg, const struct setup_machine *m,
		       char *err, size_t len)
{
	uint64_t buf, per_copy = workers_per_copy(cfg, &buf);
	uint64_t threads = setup_threads_needed(cfg);
	uint64_t page_buf = (buf + 4095) / 4096 * 4096;
	uint64_t mem = threads * (THREAD_COST_BYTES + page_buf);
	char why[160];

	if (m->nproc && threads > m->nproc)
		snprintf(why, sizeof(why), "the limit on processes and threads is "
			 "%" PRIu64 " (ulimit -u)", m->nproc);
	else if (m->threads_max && threads > m->threads_max)
		snprintf(why, sizeof(why), "the kernel allows %" PRIu64 " "
			 "(/proc/sys/kernel/threads-max, pid_max)", m->threads_max);
	else if (m->as_bytes && threads > m->as_bytes / m->stack_bytes)
		snprintf(why, sizeof(why), "their stacks alone (%" PRIu64 " MiB) "
			 "pass the address-space limit of %" PRIu64 " MiB (ulimit -v)",
			 threads * m->stack_bytes / MIB, m->as_bytes / MIB);
	else if (m->ram_bytes && mem > m->ram_bytes / 2)
		snprintf(why, sizeof(why), "they would take about %" PRIu64 " MiB, "
			 "more than half the RAM (%" PRIu64 " MiB)", mem / MIB,
			 m->ram_bytes / MIB);
	else
		return 0;
	snprintf(err, len, "-c %" PRIu32 " copies x %" PRIu64 " %s need %" PRIu64
		 " threads at once, but %s; use a smaller -c, fewer seekers or "
		 "smaller --random-depths or --random-threads", cfg->concurrency, per_copy,
		 buf == RANDOM_BLOCK_BYTES ? "random-I/O threads" : "seekers",
		 threads, why);
	return EXIT_SETUP;
}

int setup_limits(const struct config *cfg, char *err, size_t len)
{
	struct setup_machine m;
	int status;

	setup_machine_read(&m);
	if ((status = setup_thread_limit(cfg, &m, err, len)) != 0 ||
	    (!cfg->no_preflight && (status = setup_preflight(cfg, err, len)) != 0))
		return status;
	return setup_file_limit(cfg, err, len);
}

int setup_preflight(const struct config *cfg, char *err, size_t len)
{
	struct space_info have;
	struct space_need need;

	if (space_query(cfg->dir, &have) != 0) {
		dir_problem(cfg->dir, errno, "statvfs", err, len);
		return EXIT_SETUP;
	}
	if (have.read_only) {
		char fs[64];
		int fd = open(cfg->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		platform_fs_name(fd, fs, sizeof(fs));
		if (fd >= 0)
			close(fd);
		snprintf(err, len, "%s: the %s filesystem there is read-only; use "
			 "another -d", cfg->dir, fs);
		return EXIT_SETUP;
	}
	space_need(cfg, have.block_bytes, &need);
	if (have.size_known && have.avail_bytes < need.bytes) {
		char parts[96];
		uint64_t files_mib = (need.files_bytes + MIB - 1) / MIB;

		if (need.io_bytes && need.files_bytes)
			snprintf(parts, sizeof(parts), "%" PRIu64 " MiB of I/O files and "
				 "%" PRIu64 " MiB for the file tests, with 1%% to spare",
				 need.io_bytes / MIB, files_mib);
		else
			snprintf(parts, sizeof(parts), "with 1%% to spare");
		snprintf(err, len, "%s: not enough free space: the test needs %"
			 PRIu64 " MiB (%s), %" PRIu64 " MiB are free; use a "
			 "smaller -s or -n, another -d, or --no-preflight", cfg->dir,
			 (need.bytes + MIB - 1) / MIB, parts, have.avail_bytes / MIB);
		return EXIT_SETUP;
	}
	if (have.inodes_known && have.avail_inodes < need.inodes) {
		snprintf(err, len, "%s: not enough free inodes: the test makes %"
			 PRIu64 " files and directories, %" PRIu64 " inodes are "
			 "free; use a smaller -n, another -d, or --no-preflight",
			 cfg->dir, need.inodes, have.avail_inodes);
		return EXIT_SETUP;
	}
	return 0;
}

/* Check O_DIRECT and learn the alignment it needs, and how the I/O file
 * is laid out there, before any real I/O. */
static int probe(const struct config *cfg, struct run_target *target,
		 char *err, size_t len)
{
	const char *failed_op;
	uint32_t align = 0;
	char fs[64];

	if (workdir_probe(target->dir_fd, target->workdir, cfg->mode.direct,
			  &align, &failed_op) != 0) {
		int e = errno;

		platform_fs_name(target->dir_fd, fs, sizeof(fs));
		if (cfg->mode.direct && e == EINVAL)
			snprintf(err, len, "%s: the %s filesystem refuses O_DIRECT, "
				 "so -D cannot run here", cfg->dir, fs);
		else
			snprintf(err, len, "%s: %s: %s", target->workdir, failed_op,
				 strerror(e));
		return EXIT_SETUP;
	}
	target->piece_bytes = iofile_piece_size_at(target->dir_fd,
						   cfg->io.size_mib * MIB,
						   cfg->mode.pieces);
	if (!cfg->mode.direct)
		return 0;
	platform_fs_name(target->dir_fd, fs, sizeof(fs));
	if (cfg->random_io && (RANDOM_BLOCK_BYTES % align != 0)) {
		snprintf(err, len, "-D --random-io: %s (%s) needs %u-byte "
			 "alignment for O_DIRECT, more than the 4 KiB random "
			 "blocks", cfg->dir, fs, align);
		return EXIT_USAGE;
	}
	if (cfg->io.chunk_bytes % align != 0) {
		snprintf(err, len, "-D: the chunk size (%" PRIu64 " bytes) is not "
			 "a multiple of the %u bytes O_DIRECT needs on %s (%s)",
			 cfg->io.chunk_bytes, align, cfg->dir, fs);
		return EXIT_USAGE;
	}
	target->dio_align = align;
	return 0;
}

/*
 * The engine --engine asks for, or when it is refused here the next that
 * runs (io_uring, then Linux AIO, then threads), with the reason in
 * target->engine_note.
 */
static void choose_engine(enum engine_kind want, struct run_target *target)
{
	char why[160] = "", why_aio[160] = "";
	enum engine_kind got;

	if (engine_select(want, &got, why, sizeof(why)) == 0) {
		target->engine = got;
		snprintf(target->engine_note, sizeof(target->engine_note), "%s", why);
		return;
	}
	if (want == ENGINE_IO_URING &&
	    engine_select(ENGINE_AIO, &got, why_aio, sizeof(why_aio)) == 0) {
		target->engine = ENGINE_AIO;
		snprintf(target->engine_note, sizeof(target->engine_note),
			 "%s; using Linux AIO", why);
		return;
	}
	target->engine = ENGINE_THREADS;
	snprintf(target->engine_note, sizeof(target->engine_note),
		 "%s%s%s; using one thread per I/O", why, why_aio[0] ? "; " : "",
		 why_aio);
}

enum engine_kind setup_engine_for(const struct run_target *target,
				  const struct plan_step *steps, size_t n)
{
	enum engine_kind kind = target->engine;
	char why[8];

	for (size_t i = 0; kind == ENGINE_AUTO && i < n; i++)
		if (steps[i].info->id == PHASE_RANDOM || steps[i].info->id == PHASE_MARK)
			engine_select(ENGINE_AUTO, &kind, why, sizeof(why));
	return kind;
}

int setup_target(const struct config *cfg, const char *tag,
		 struct run_target *target, char *err, size_t len)
{
	int status;

	/* The provenance, read earlier by setup_provenance, stays. */
	memset(target->workdir, 0, sizeof(target->workdir));
	target->parent_fd = target->dir_fd = -1;
	target->dio_align = 0;
	target->piece_bytes = IOFILE_PIECE_BYTES;
	target->first_copy = 0;
	memset(&target->rng, 0, sizeof(target->rng));
	/* -Z's numbers before anything is made: a short file stops nothing half-done. */
	if (rng_source_load(cfg, &target->rng, err, len) != 0)
		return EXIT_USAGE;
	if (workdir_create(cfg->dir, tag, target->workdir, sizeof(target->workdir),
			   &target->parent_fd, &target->dir_fd) != 0) {
		dir_problem(cfg->dir, errno, "cannot make clyde's directory",
			    err, len);
		return EXIT_SETUP;
	}
	/* Alone: rank 0 of 1, sharing (the copies') in its own directory. */
	target->share = (struct run_share){
		.ranks = 1, .seed = rng_source_seed(&target->rng, cfg),
		.job_fd = target->dir_fd, .job_host = true, .read_fd = -1,
	};
	snprintf(target->share.job_dir, sizeof(target->share.job_dir), "%s",
		 target->workdir);
	if (cfg->io.size_mib > 0 && (status = probe(cfg, target, err, len)) != 0)
		return status;
	device_find(target->dir_fd, target->prov_known ? &target->prov : NULL,
		    &target->dev);
	if (cfg->random_io && cfg->io.size_mib > 0)
		choose_engine(cfg->engine, target);
	return 0;
}

int setup_target_for(const struct config *cfg, const struct run_target *made,
		     struct run_target *target, char *err, size_t len)
{
	int status;

	*target = *made;
	target->dio_align = 0;
	target->piece_bytes = IOFILE_PIECE_BYTES;
	target->engine = ENGINE_AUTO;
	target->engine_note[0] = '\0';
	if ((status = setup_limits(cfg, err, len)) != 0)
		return status;
	if (cfg->io.size_mib > 0 && (status = probe(cfg, target, err, len)) != 0)
		return status;
	if (cfg->random_io && cfg->io.size_mib > 0)
		choose_engine(cfg->engine, target);
	return 0;
}

int setup_memory(const struct config *cfg, const struct run_target *target,
		 char *err, size_t len)
{
	char why[96];

	if (cfg->allow_memory || !target->prov_known ||
	    !limit_memory_fs(&target->prov, why, sizeof(why)))
		return 0;
	snprintf(err, len, "%s is on %s: this measures memory, not a disk; use -d "
		 "on a disk's filesystem (clyde where lists them), or "
		 "--allow-memory to measure memory anyway", cfg->dir, why);
	return EXIT_SETUP;
}

void setup_provenance(const struct config *cfg, struct run_target *target)
{
	/* A directory that cannot be looked at fails setup_target next. */
	provenance_read(cfg->dir, "", &target->prov);
	target->prov_known = true;
}

int setup_trim(const struct run_target *target, const char *option,
	       struct fitrim_result *r, char *err, size_t len)
{
	if (fitrim_run(target->dir_fd, r) == 0)
		return 0;
	snprintf(err, len, "%s: FITRIM on %s (%s): %s%s", option,
		 target->prov.fs.mount_point[0] ? target->prov.fs.mount_point
						: target->workdir,
		 target->prov.fs.type[0] ? target->prov.fs.type : "?",
		 strerror(errno),
		 errno == EOPNOTSUPP || errno == ENOTTY
			 ? " (the filesystem or its device cannot discard)"
		 : errno == EPERM ? " (it needs root: run clyde as root with -u root)"
				  : "");
	return -1;
}
