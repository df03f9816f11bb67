/* SPDX-License-Identifier: MIT */
/*
 * coord.h - what the copies of clyde that a launcher (mpirun, srun) starts
 * need from each other: who is who, an agreement at each barrier on whether
 * anyone failed, gather, reduce and broadcast towards rank 0, and one clock.
 * Two implementations with the same symbols: coord_plain.c (one process,
 * every call immediate; in the default build) and mpi/coord_mpi.c (MPI;
 * linked ahead of the library by `make clyde-mpi`). Only the main thread
 * calls them. They print nothing and never exit, except coord_abort.
 */
#ifndef COORD_H
#define COORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct coord_info {
	int rank;  /* 0 .. size - 1; rank 0 prints the results */
	int size;  /* how many copies the launcher started */
	bool mpi;  /* the MPI build, even when it runs as one rank */
};

enum coord_op { COORD_SUM, COORD_MIN, COORD_MAX };

/*
 * Join the launcher's job (MPI_Init_thread, only the main thread calling
 * MPI) and say who this process is. Call once, first thing. 0, or -1 when
 * the launcher's runtime cannot be reached.
 */
int coord_init(int *argc, char ***argv, struct coord_info *out);

/* Leave the job (MPI_Finalize) after the last of the calls below. */
void coord_finish(void);

/* Take the whole job down with STATUS, when the calls below fail and the
 * ranks can no longer agree on anything. Does not return. */
_Noreturn void coord_abort(int status);

/*
 * The agreement every rank reaches at the same points, in the same order:
 * each says whether it FAILED, and *first receives the lowest rank that
 * did, or -1 when none did; then, when none did, all leave together (a
 * barrier). While it waits IDLE(ARG) is called every so often (IDLE may be
 * NULL), so a rank can clean up on a signal without waiting for the others.
 * 0, or -1 when the communication failed.
 */
int coord_agree(bool failed, int *first, void (*idle)(void *), void *arg);

/* V[0..n) combined element-wise with OP over all ranks, in place on every
 * rank. 0 or -1. */
int coord_allreduce_u64(uint64_t *v, size_t n, enum coord_op op);

/* The same, with the result on rank 0 only (the others' V is unchanged). */
int coord_reduce_u64(uint64_t *v, size_t n, enum coord_op op);
int coord_reduce_u32(uint32_t *v, size_t n, enum coord_op op);

/*
 * LEN bytes from every rank into ALL on rank 0, in rank order (ALL holds
 * size x LEN bytes there; other ranks may pass NULL). Every rank runs the
 * same binary, so structs travel as bytes. 0 or -1.
 */
int coord_gather(const void *mine, void *all, size_t len);

/* LEN bytes of BUF from rank ROOT to every rank. 0 or -1. */
int coord_bcast(void *buf, size_t len, int root);

/* LEN bytes from every rank into ALL on every rank, in rank order (ALL
 * holds size x LEN bytes). 0 or -1. */
int coord_allgather(const void *mine, void *all, size_t len);

/*
 * The race of one test under --deadline: every rank stops when the first
 * is done (finished, or at the deadline). Zero a struct coord_race before
 * the test; while it runs, each rank calls coord_race_poll every few ms,
 * DONE saying whether its own copies are done, and *ANY becomes true once
 * some rank's are (this one's included). Rank 0 hears each rank's news
 * and passes the first on: two small messages a rank, not N x N. Every
 * rank that started the test then calls coord_race_end once its copies
 * have stopped, which settles the messages (rank 0 waits for every rank's
 * news, the others for rank 0's word), calling IDLE(ARG) while it waits.
 * Every rank must make these calls for the same tests. 0 or -1.
 */
struct coord_race {
	bool told;      /* rank 0: its word sent to all; others: news sent */
	bool heard;     /* others: rank 0's word received */
	int news;       /* rank 0: the other ranks' news received */
	void *sends;    /* the messages still on their way (coord_mpi.c's) */
	int n_sends;
};
int coord_race_poll(struct coord_race *race, bool done, bool *any);
int coord_race_end(struct coord_race *race, void (*idle)(void *), void *arg);

/*
 * This rank's clock against rank 0's: NOW() on rank 0 at the same instant
 * is NOW() here + *offset_ns, within *error_ns (half the shortest of a few
 * round trips to rank 0). Rank 0 gets 0 and 0. Collective. 0 or -1.
 */
int coord_clock_offset(uint64_t (*now)(void), int64_t *offset_ns,
		       uint64_t *error_ns);

#endif
