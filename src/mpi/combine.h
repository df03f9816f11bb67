/* SPDX-License-Identifier: MIT */
/*
 * combine.h - one set of figures from the ranks of a clyde-mpi run. Pure
 * arithmetic on results already gathered (ranks.c moves them):
 *   - bytes, operations and CPU time are summed;
 *   - a rate is the aggregate bandwidth over the job's window, as IOR
 *     computes it: everything the ranks moved over the window from the
 *     first rank's start to the last rank's end (on rank 0's clock), so a
 *     slow rank lowers it rather than hiding (under --deadline each rank
 *     moved what it did before the first stopped: IOR's stonewalling);
 *   - %CP is the ranks' CPU time over that window, per rank: the average
 *     rank's share, comparable with one clyde's (JSON cpu_s is the total);
 *   - latency comes from the ranks' histograms merged, its maximum the
 *     largest of theirs;
 *   - the device's own bytes count each disk once: ranks on one host that
 *     name the same device read the same counters, so the largest counts.
 */
#ifndef COMBINE_H
#define COMBINE_H

#include <stddef.h>

#include "results.h"
#include "run/phase_info.h"
#include "lib/stats.h"

/*
 * A latency histogram as the numbers a reduction over ranks combines:
 * SUMS (COMBINE_LAT_SUMS of them: count, total and every bucket, added
 * up), *MIN (the least taken; UINT64_MAX when nothing was recorded) and
 * *MAX (the most taken). Buckets travel as 64 bits so that the sum cannot
 * wrap; unpacking saturates them as stats_merge does.
 */
#define COMBINE_LAT_SUMS (2 + STATS_BUCKETS)
void combine_lat_pack(const struct latency_stats *s, uint64_t *sums,
		      uint64_t *min, uint64_t *max);
void combine_lat_unpack(const uint64_t *sums, uint64_t min, uint64_t max,
			struct latency_stats *out);

/*
 * Combine PARTS[0..n) (one test's results on each rank; those with state
 * FIGURE_NONE did not run it) into *OUT, counting UNIT. MERGED holds every
 * rank's latencies of the test together. HOSTS[i] and DEVICES[i] name the
 * host and block device of part i ("" device: none found), for the device
 * bytes.
 */
void combine_phase(const struct phase_result *const parts[], size_t n,
		   enum phase_unit unit, const struct latency_stats *merged,
		   const char *const hosts[], const char *const devices[],
		   struct phase_result *out);

/*
 * The run of REPORTS[0..n) (rank order, every rank having run the same
 * tests) into *OUT: rank 0's description and environment, every copy of
 * every rank in the concurrency, each test combined as above from
 * PHASE_LAT[id] and RANDOM_LAT[i] (the random-I/O tests in order), and,
 * last, its own verdicts (verdict_compute). OUT->ranks points at REPORTS, which must outlive it.
 * 0, or -1 with errno ENOMEM (n == 0: EINVAL) and *OUT untouched.
 */
int combine_run(const struct rank_report *reports, size_t n,
		const struct latency_stats *phase_lat,
		const struct latency_stats *random_lat, struct run_results *out);

#endif
