/* SPDX-License-Identifier: MIT */
/*
 * engine.h - the I/O engine behind random I/O and `clyde mark`: T threads
 * each keeping Q reads or writes of one block size in flight over a file
 * made of pieces, until a time limit, an exact number of I/Os, a stop
 * request or the first error. Three ways to keep I/Os in flight: io_uring
 * and Linux AIO through their system calls, or one thread per in-flight I/O
 * with blocking pread/pwrite. Prints nothing; uses no globals.
 *
 * Buffered I/O (no O_DIRECT) is another matter, measured with 4 KiB random
 * I/O on a 1 GiB file (Linux 6.18, ext4 on virtio, 2 shared vCPUs, two runs
 * of 3 s; figures vary by a third between runs, conclusions did not):
 * - Reads of a cached file complete inside the submitting call on every
 *   engine: io_uring 315-545k IOPS at 1.2-2.2 us CPU per I/O, aio 225-470k
 *   at 1.4-2.8 us, threads 310-580k at 1.4-1.6 us. The depth adds no
 *   parallelism to io_uring or aio: one thread copies from the page cache.
 * - Reads that miss the cache: io_uring issues them asynchronously with no
 *   helper thread (Q32T1 26-37k IOPS against 5-7k at Q1T1: the depth is
 *   real); aio blocks in io_submit until each read is done, so its depth is
 *   nominal (Q32T1 0.8-3.9k IOPS, no better than Q1T1's 7-9k); threads read
 *   in parallel (Q32T1 45-60k, at 14 us CPU per I/O against io_uring's 10).
 * - Writes to the page cache: io_uring hands them to its io-wq worker
 *   threads ("iou-wrk", in the process's CPU time: 1 at T1, 8 at Q32T4),
 *   which costs 9-13 us CPU per I/O at Q1T1 (33-60k IOPS) against aio's 4
 *   (135-145k IOPS, done inside io_submit) and threads' 2.5-2.8 (255-265k).
 * So buffered figures measure the page cache and the engine's copying, and
 * a buffered "Q32" is only a queue with io_uring reads and threads.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine_name.h"
#include "results.h"
#include "lib/meter.h"
#include "lib/stats.h"

/* enum engine_kind is results.h's; engine_name.h spells its names. */

enum engine_pattern {
	ENGINE_RANDOM,     /* blocks from a seeded generator over the whole file */
	ENGINE_SEQUENTIAL, /* each thread walks its own region, wrapping */
	ENGINE_SHUFFLED,   /* each thread visits every block once, in a seeded
			    * order, then again (fio's random map) */
};

#define ENGINE_MAX_DEPTH 1024u   /* Q: I/Os in flight per thread */
#define ENGINE_MAX_WORKERS MAX_RANDOM_WORKERS /* the threads engine's Q x T */
#define ENGINE_MAX_THREADS MAX_RANDOM_THREADS /* T */
#define ENGINE_STAMP_BYTES 16u   /* block number, then seed, at a write's start */

/*
 * One job. The file is PIECES descriptors: every piece but the last holds
 * exactly PIECE_BYTES, and all of them together FILE_BYTES. Block B of the
 * file is the B-th BLOCK_BYTES of it, at piece B / (PIECE_BYTES /
 * BLOCK_BYTES); a partial last block is never touched. The descriptors stay
 * the caller's: opened before, closed after, with O_DIRECT if wanted (then
 * BLOCK_BYTES and ALIGN must satisfy it).
 *
 * Which blocks: I/O number N of thread I (N = 0, 1, ...) goes to
 * - random: data_mix64(mix of SEED, I and N) modulo the file's blocks;
 * - sequential: block FIRST_I + N modulo LEN_I, where thread I's region
 *   [FIRST_I, FIRST_I + LEN_I) is its share of the blocks, the first
 *   blocks % T threads getting one more;
 * - shuffled: P_I(N modulo the file's blocks), where P_I is a permutation
 *   of the blocks keyed by SEED and I: every run of as many I/Os as the
 *   file has blocks visits each block once.
 * Every engine visits the same blocks for the same job: with IOS set, the
 * multiset of completed blocks does not depend on the engine (nor with
 * THREAD_IOS set).
 *
 * Writes copy their buffer: incompressible bytes made once from SEED (zeros
 * with ZEROS), the first 8 bytes then stamped with the block number and the
 * next 8 with SEED (native byte order). With VERIFY, every completed read
 * checks that stamp.
 */
struct engine_job {
	const int *fds;
	uint32_t pieces;
	uint64_t piece_bytes;     /* a multiple of block_bytes */
	uint64_t file_bytes;
	uint32_t block_bytes;     /* >= ENGINE_STAMP_BYTES, a multiple of align */
	size_t align;             /* buffer alignment (O_DIRECT); 0: a page */
	bool writes;
	bool zeros;
	bool verify;              /* reads only */
	enum engine_pattern pattern;
	uint32_t depth;           /* Q, 1..ENGINE_MAX_DEPTH */
	uint32_t threads;         /* T, 1..ENGINE_MAX_THREADS */
	uint64_t seed;
	uint64_t time_ns;         /* stop submitting after this long; 0: no limit */
	uint64_t ios;             /* this many I/Os in all (fewer only when
				   * TIME_NS ends the job first), split between
				   * the threads as blocks are; 0: no limit */
	const uint64_t *thread_ios; /* when not NULL: thread I does exactly
				   * THREAD_IOS[I] I/Os, and IOS is ignored
				   * (a verify pass over what a time-limited
				   * job wrote: its result's thread_ios) */
	/*
	 * When not NULL, every thread adds the I/Os it completed to it once
	 * per batch of completions (relaxed atomics), and they all add up to
	 * the result's ios by the time engine_run returns: a progress count
	 * for whoever watches, e.g. a job limited by ios rather than time.
	 */
	_Atomic uint64_t *progress;
	/*
	 * When not NULL, every I/O completed in full is added to it, with its
	 * bytes and latency, on lane METER_LANE + the thread's index: what
	 * the job has done so far, for whoever records its rate over time.
	 */
	struct meter *meter;
	unsigned meter_lane;
	/*
	 * Asked by every thread once per batch of completions, and by the
	 * io_uring (Linux 5.11 and later) and aio engines at least every
	 * ENGINE_POLL_NS while they wait on the kernel; the threads engine
	 * asks between its blocking I/Os. True stops the job: no new I/O,
	 * those in flight are reaped. Must be thread-safe and cheap. NULL:
	 * never stop. A job needs a limit: time, ios or this.
	 */
	bool (*should_stop)(void *arg);
	void *stop_arg;
};

#define ENGINE_POLL_NS 100000000u /* 100 ms: the longest wait between polls */

/*
 * The first error of a job. OP is "read", "write" or "verify" for an I/O
 * (PIECE and OFFSET say where), or the set-up step that failed
 * ("io_uring_setup", "io_setup", "allocate buffers", "start threads", ...;
 * PIECE is then -1). ERRNUM is the errno, or 0 for a short transfer (DONE
 * bytes of the block moved; a read past the end of the file is one) and
 * for a wrong stamp.
 */
struct engine_error {
	const char *op;           /* static string; NULL: no error */
	int errnum;
	int32_t piece;
	uint64_t offset;          /* bytes from the start of the piece */
	uint64_t done;            /* short transfer: bytes moved */
};

/* What a job did, every thread merged. */
struct engine_result {
	enum engine_kind engine;  /* the engine that ran */
	uint64_t ios;             /* I/Os completed in full */
	uint64_t bytes;           /* ios x block_bytes */
	uint64_t submitted;       /* I/Os handed to the kernel; equals ios +
				   * failed on return: nothing is in flight */
	uint64_t failed;          /* I/Os that completed with an error */
	uint64_t block_sum;       /* sum of the completed I/Os' block numbers
				   * (mod 2^64): a fingerprint engines share */
	uint64_t elapsed_ns;      /* from the start of the first I/O to the
				   * last completion */
	uint64_t cpu_ns;          /* process CPU time over elapsed_ns */
	bool stopped;             /* should_stop ended it */
	uint64_t thread_ios[ENGINE_MAX_THREADS]; /* I/Os each job thread (its
				   * stream of blocks) completed: with the same
				   * job's seed, threads and pattern, these
				   * counts as THREAD_IOS visit exactly the
				   * blocks this job did */
	struct latency_stats lat; /* one sample per completed I/O, submission to
				   * completion */
	struct engine_error err;
};

/*
 * Find out what WANT can run here. Returns 0 and the engine in *GOT: WANT
 * itself, or for ENGINE_AUTO the first available of io_uring, aio and
 * threads; when AUTO had to pass one over, WHY (LEN bytes) holds one line
 * saying why, e.g. "io_uring: Operation not permitted
 * (kernel.io_uring_disabled=2); using Linux AIO", else WHY is "". An
 * explicit engine that is unavailable returns -1 with errno and the reason
 * in WHY. Opens and closes a probe ring or context; thread-safe.
 */
int engine_select(enum engine_kind want, enum engine_kind *got, char *why,
		  size_t len);

/*
 * Run JOB on engine KIND (ENGINE_AUTO: the first available, silently) and
 * fill *RES. Blocks until every thread has finished and every I/O it
 * submitted has completed and been reaped; the descriptors are not used
 * after it returns. Returns 0 when the job reached its limit or was
 * stopped (RES->stopped), -1 with errno and RES->err when the job is
 * invalid (EINVAL, RES->err.op "job"), the engine could not start, or an
 * I/O failed: the first error stops every thread and is the one reported.
 * Thread-safe: jobs share nothing.
 */
int engine_run(const struct engine_job *job, enum engine_kind kind,
	       struct engine_result *res);

#endif
