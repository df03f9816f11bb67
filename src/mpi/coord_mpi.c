/* SPDX-License-Identifier: MIT */
/*
 * coord_mpi.c - coordination (coord.h) over MPI, for clyde-mpi: the ranks
 * of MPI_COMM_WORLD, with errors returned rather than fatal so that a rank
 * can still remove its files when the communication breaks. The only file
 * compiled with mpicc; `make` never builds it.
 */
#include "coord.h"

#include <limits.h>
#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#define CLOCK_ROUNDS 8       /* round trips per rank; the shortest counts */
#define CLOCK_TAG 0x434c     /* "CL" */
#define RACE_TAG 0x5243      /* "RC" */
#define SPINS_BEFORE_SLEEP 2000
#define IDLE_SLEEP_NS 100000 /* 0.1 ms: the most a rank lags the others'
			      * leaving an agreement, before the barrier */

static int ok(int rc)
{
	return rc == MPI_SUCCESS ? 0 : -1;
}

static int my_rank(void)
{
	int rank = 0;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	return rank;
}

static int world_size(void)
{
	int size = 1;

	MPI_Comm_size(MPI_COMM_WORLD, &size);
	return size;
}

static MPI_Op mpi_op(enum coord_op op)
{
	return op == COORD_SUM ? MPI_SUM : op == COORD_MIN ? MPI_MIN : MPI_MAX;
}

int coord_init(int *argc, char ***argv, struct coord_info *out)
{
	int provided = 0;

	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) !=
	    MPI_SUCCESS)
		return -1;
	/* clyde's copies are threads that never call MPI; FUNNELED is what
	 * that needs, and an MPI offering only SINGLE still serves it in
	 * practice (the threads touch nothing of MPI's). */
	if (MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN) !=
	    MPI_SUCCESS)
		return -1;
	*out = (struct coord_info){ .rank = my_rank(), .size = world_size(),
				    .mpi = true };
	return 0;
}

void coord_finish(void)
{
	MPI_Finalize();
}

_Noreturn void coord_abort(int status)
{
	MPI_Abort(MPI_COMM_WORLD, status);
	_Exit(status); /* MPI_Abort should not return; be sure */
}

/* A short pause while a collective is pending: yield at first, then sleep,
 * so that waiting ranks leave the CPU to those still at work. */
static void pause_briefly(unsigned spins)
{
	static const struct timespec nap = { .tv_sec = 0, .tv_nsec = IDLE_SLEEP_NS };

	if (spins < SPINS_BEFORE_SLEEP)
		sched_yield();
	else
		nanosleep(&nap, NULL);
}

int coord_agree(bool failed, int *first, void (*idle)(void *), void *arg)
{
	int size = world_size();
	int mine = failed ? my_rank() : size;
	int lowest = size;
	MPI_Request req;

	if (MPI_Iallreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD,
			   &req) != MPI_SUCCESS)
		return -1;
	for (unsigned spins = 0;; spins++) {
		int done = 0;

		if (MPI_Test(&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
			return -1;
		if (done)
			break;
		if (idle)
			idle(arg);
		pause_briefly(spins);
	}
	*first = lowest < size ? lowest : -1;
	/* Everyone is here and healthy: leave together, so that the test's
	 * copies on every rank start within a barrier's time of each other. */
	return *first < 0 ? ok(MPI_Barrier(MPI_COMM_WORLD)) : 0;
}

static int fits_int(size_t n)
{
	return n <= (size_t)INT_MAX;
}

int coord_allreduce_u64(uint64_t *v, size_t n, enum coord_op op)
{
	if (!fits_int(n))
		return -1;
	return ok(MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T,
				mpi_op(op), MPI_COMM_WORLD));
}

/* MPI_Reduce in place: rank 0 passes MPI_IN_PLACE, the others their data. */
static int reduce(void *v, size_t n, MPI_Datatype type, enum coord_op op)
{
	if (!fits_int(n))
		return -1;
	if (my_rank() == 0)
		return ok(MPI_Reduce(MPI_IN_PLACE, v, (int)n, type, mpi_op(op), 0,
				     MPI_COMM_WORLD));
	return ok(MPI_Reduce(v, NULL, (int)n, type, mpi_op(op), 0,
			     MPI_COMM_WORLD));
}

int coord_reduce_u64(uint64_t *v, size_t n, enum coord_op op)
{
	return reduce(v, n, MPI_UINT64_T, op);
}

int coord_reduce_u32(uint32_t *v, size_t n, enum coord_op op)
{
	return reduce(v, n, MPI_UINT32_T, op);
}

int coord_gather(const void *mine, void *all, size_t len)
{
	if (!fits_int(len))
		return -1;
	return ok(MPI_Gather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE,
			     0, MPI_COMM_WORLD));
}

int coord_bcast(void *buf, size_t len, int root)
{
	if (!fits_int(len))
		return -1;
	return ok(MPI_Bcast(buf, (int)len, MPI_BYTE, root, MPI_COMM_WORLD));
}

/* Rank 0's side: answer every other rank's pings with its clock. */
static int serve_clock(uint64_t (*now)(void), int size)
{
	for (int r = 1; r < size; r++)
		for (int k = 0; k < CLOCK_ROUNDS; k++) {
			uint64_t t;

			if (MPI_Recv(&t, 1, MPI_UINT64_T, r, CLOCK_TAG,
				     MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
			    MPI_SUCCESS)
				return -1;
			t = now();
			if (MPI_Send(&t, 1, MPI_UINT64_T, r, CLOCK_TAG,
				     MPI_COMM_WORLD) != MPI_SUCCESS)
				return -1;
		}
	return 0;
}

/*
 * Another rank's side: ping rank 0, which answers with its clock. Rank 0
 * read it somewhere between our send and our receive; taking the middle
 * of the shortest round trip bounds the error by half that trip.
 */
int coord_clock_offset(uint64_t (*now)(void), int64_t *offset_ns,
		       uint64_t *error_ns)
{
	uint64_t best = UINT64_MAX;

	*offset_ns = 0;
	*error_ns = 0;
	if (my_rank() == 0)
		return serve_clock(now, world_size());
	for (int k = 0; k < CLOCK_ROUNDS; k++) {
		uint64_t t1 = now(), t0;

		if (MPI_Send(&t1, 1, MPI_UINT64_T, 0, CLOCK_TAG, MPI_COMM_WORLD) !=
			    MPI_SUCCESS ||
		    MPI_Recv(&t0, 1, MPI_UINT64_T, 0, CLOCK_TAG, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE) != MPI_SUCCESS)
			return -1;
		uint64_t t2 = now(), trip = t2 - t1;

		if (trip < best) {
			best = trip;
			*offset_ns = (int64_t)(t0 - (t1 + trip / 2));
			*error_ns = (trip + 1) / 2;
		}
	}
	return 0;
}

int coord_allgather(const void *mine, void *all, size_t len)
{
	if (!fits_int(len))
		return -1;
	return ok(MPI_Allgather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE,
				MPI_COMM_WORLD));
}

/* Send one race message to each of the ranks TO..TO+N-1, kept in flight
 * in RACE until coord_race_end completes them. */
static int race_send(struct coord_race *race, int to, int n)
{
	static const int word = 1;
	MPI_Request *reqs = calloc((size_t)n, sizeof(*reqs));

	if (!reqs)
		return -1;
	race->sends = reqs;
	race->n_sends = n;
	race->told = true;
	for (int i = 0; i < n; i++)
		if (MPI_Isend(&word, 1, MPI_INT, to + i, RACE_TAG, MPI_COMM_WORLD,
			      &reqs[i]) != MPI_SUCCESS)
			return -1;
	return 0;
}

/* Take one race message from FROM (MPI_ANY_SOURCE: anyone) if one has
 * come: *GOT says whether. */
static int race_take(int from, bool *got)
{
	MPI_Status status;
	int flag = 0, word;

	*got = false;
	if (MPI_Iprobe(from, RACE_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS)
		return -1;
	if (!flag)
		return 0;
	*got = true;
	return ok(MPI_Recv(&word, 1, MPI_INT, status.MPI_SOURCE, RACE_TAG,
			   MPI_COMM_WORLD, MPI_STATUS_IGNORE));
}

int coord_race_poll(struct coord_race *race, bool done, bool *any)
{
	int size = world_size();
	bool got = true;

	*any = done;
	if (size == 1)
		return 0;
	if (my_rank() != 0) {
		if (done && !race->told && race_send(race, 0, 1) != 0)
			return -1;
		if (!race->heard && race_take(0, &race->heard) != 0)
			return -1;
		*any = done || race->heard;
		return 0;
	}
	while (got && race->news < size - 1) {
		if (race_take(MPI_ANY_SOURCE, &got) != 0)
			return -1;
		race->news += got;
	}
	if ((done || race->news > 0) && !race->told &&
	    race_send(race, 1, size - 1) != 0)
		return -1;
	*any = race->told;
	return 0;
}

/* Whether every message of the race has come, and every one sent gone. */
static bool race_settled(const struct coord_race *race, int size)
{
	bool heard = my_rank() == 0 ? race->news == size - 1 : race->heard;

	return heard && race->n_sends == 0;
}

/* One step towards race_settled: *MOVED says whether anything happened. */
static int race_step(struct coord_race *race, int size, bool *moved)
{
	int sent = 0;

	*moved = false;
	if (my_rank() == 0 && race->news < size - 1) {
		if (race_take(MPI_ANY_SOURCE, moved) != 0)
			return -1;
		race->news += *moved;
		return 0;
	}
	if (my_rank() != 0 && !race->heard) {
		if (race_take(0, &race->heard) != 0)
			return -1;
		*moved = race->heard;
		return 0;
	}
	if (MPI_Testall(race->n_sends, race->sends, &sent, MPI_STATUSES_IGNORE) !=
	    MPI_SUCCESS)
		return -1;
	if (sent)
		race->n_sends = 0;
	*moved = sent;
	return 0;
}

int coord_race_end(struct coord_race *race, void (*idle)(void *), void *arg)
{
	int size = world_size();
	bool any;
	int rc = coord_race_poll(race, true, &any);

	for (unsigned spins = 0; rc == 0 && !race_settled(race, size); spins++) {
		bool moved;

		rc = race_step(race, size, &moved);
		if (rc == 0 && !moved) {
			if (idle)
				idle(arg);
			pause_briefly(spins);
		}
	}
	free(race->sends);
	race->sends = NULL;
	race->n_sends = 0;
	return rc;
}
