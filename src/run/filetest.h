/* SPDX-License-Identifier: MIT */
/*
 * filetest.h - the file tests (-n): one copy's state (its directory, its name
 * list, its buffer) and the pure rules behind them: names, their spread
 * over directories, sizes, symlink targets and shuffles, all drawn from a
 * generator seeded by -z, or from -Z's numbers (rng.h), so the same seed
 * or file makes the same files.
 */
#ifndef FILETEST_H
#define FILETEST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "config.h"
#include "io/rng.h"
#include "platform/platform.h"

#define FILETEST_HEX_DIGITS 10     /* the index, as bonnie++ 1.96+ prints it */
#define FILETEST_RAND_CHARS_MAX 12 /* 0..12 random characters per name */
#define FILETEST_NAME_DRAWS 4      /* numbers a name takes from its stream */
#define FILETEST_DIR_CHARS 6       /* "00001/" when there are several dirs */
#define FILETEST_NAME_MAX 32       /* longest name (28) + NUL, rounded up */

/*
 * One file of the list: what create makes, what the other tests find. A
 * file test makes too many files to hold each open (as the registry holds
 * what else clyde makes), so a file is told from a later one that got its
 * inode number by its birth time and inode generation, where the
 * filesystem keeps them (platform.h).
 */
struct filetest_entry {
	uint64_t size_bytes;
	uint64_t ino;                 /* its inode once made (a symlink: its
				       * own; a hard link: file 0's) */
	uint64_t btime_ns;            /* its birth time, where kept */
	char name[FILETEST_NAME_MAX]; /* relative to the copy's directory */
	uint32_t gen;                 /* its inode generation, where kept */
};
_Static_assert(sizeof(struct filetest_entry) == FILETEST_ENTRY_BYTES,
	       "defaults.h's FILETEST_ENTRY_BYTES is one name list entry");

/* Sequential names start with the index, random ones end with it. */
enum filetest_order { FILETEST_SEQUENTIAL, FILETEST_RANDOM };


/*
 * Directory of file I of N spread over DIRS, as bonnie++ does: directory 0
 * until it holds N / DIRS + 1 files, then directory 1, and so on (N = 1024,
 * DIRS = 2 gives 513 and 511).
 */
uint64_t filetest_dir_of(uint64_t i, uint64_t n, uint64_t dirs);

/* Name of sub-directory D ("00000") into OUT (at least 6 bytes). */
void filetest_dir_name(uint64_t d, char *out, size_t len);

/*
 * Name of file INDEX of N into OUT (FILETEST_NAME_MAX bytes): with DIRS > 1
 * its directory "%05u/" first (that of INDEX % N: in a shared directory
 * every copy's names start at a multiple of N), then 10 lower-case hex digits of INDEX and 0..12
 * random characters from [a-z0-9A-Z], index first for FILETEST_SEQUENTIAL,
 * last for FILETEST_RANDOM. Draws FILETEST_NAME_DRAWS numbers from *RNG
 * (the length, then three that give five characters each).
 */
void filetest_make_name(char *out, uint64_t index, uint64_t n, uint64_t dirs,
		     enum filetest_order order, struct rng *rng);

/*
 * Size of one file under FP: 0 for links, max when max == min, else
 * min + uniform(0 .. max - min). Draws one number from *RNG only when random.
 */
uint64_t filetest_pick_size(const struct file_params *fp, struct rng *rng);

/*
 * Target of every symlink (-n N:-2), given file 0's NAME0: a path that
 * resolves from every directory ("../00000/x" with DIRS > 1, "x" with one).
 */
void filetest_symlink_target(const char *name0, uint64_t dirs, char *out,
			  size_t len);

/*
 * Fisher-Yates shuffle of LIST[0..n), every order equally likely. Polls
 * the stop flag: 0, or -1 with errno EINTR (the list is then still a
 * permutation).
 */
int filetest_shuffle(struct filetest_entry *list, uint64_t n, struct rng *rng);

/* The index a sequential-order name LEAF (no directory) starts with, or -1. */
int64_t filetest_seq_index(const char *leaf);

/* LEAF: NAME without its "00001/" directory, given DIRS. */
const char *filetest_leaf(const char *name, uint64_t dirs);

/*
 * Fill LIST[0..n) for N files under FP in ORDER: names (with the indexes
 * BASE to BASE + N - 1: a copy's range in a shared directory) and sizes,
 * drawn from the generator at *RNG. Polls the stop flag (cleanup.h) as it
 * goes: 0, or -1 with errno EINTR when clyde is stopping.
 */
int filetest_build_list(struct filetest_entry *list, uint64_t n, uint64_t base,
			const struct file_params *fp, enum filetest_order order,
			struct rng *rng);

/*
 * One copy's file tests. Touched by the driver thread (new, cleanup, free,
 * the phases' prepare) and by that copy's thread while a phase runs, never
 * by two at once.
 */
struct filetest_state {
	const struct config *cfg;
	unsigned copy;
	char path[PATH_MAX];     /* WORKDIR/files, or WORKDIR/files.N under -c */
	const char *leaf;        /* "files" or "files.N": path's last part */
	int workdir_fd;          /* clyde's directory, which holds it */
	uint64_t count;          /* files: count_k x 1024 */
	uint64_t dirs;
	struct filetest_entry *list; /* count records, one allocation */
	unsigned char *buf;      /* file chunk bytes, initialised */
	const struct rng_source *src; /* -Z numbers; count 0 without -Z */
	uint64_t seed;           /* the run's seed (-z, or from -Z) */
	struct rng rng;          /* the current list's draws, then its shuffles */
	int top_fd;              /* the copy's directory, -1 when not open */
	int *dir_fds;            /* dirs > 1: each sub-directory, -1 when not open */
	bool dir_sync;           /* -b, until a filesystem refuses it */
	bool top_made;           /* path exists (clyde made it) */
	uint64_t dirs_made;      /* sub-directories 0..dirs_made-1 exist */
	uint64_t created;        /* list[0..created) were created */
	uint64_t file_dev;       /* st_dev of the files made (file 0's) */
	struct filetest_entry file0; /* file 0, where every link leads */
	bool has_btime;          /* the filesystem keeps birth times */
	bool has_gen;            /* and inode generations */
	/* --shared-dir (filetest_state_share); all zero for a copy's own: */
	bool shared;             /* path is the job's one shared directory */
	bool maker;              /* the job's copy 0 makes it */
	uint64_t index;          /* this copy among every copy of every rank */
	uint64_t total;          /* names every copy's files together hold */
	uint64_t peer;           /* --reorder: the copy whose files the stats
				  * read; index when none */
	struct filetest_entry *peer_list; /* that copy's names and sizes, or
				  * list itself */
};

/*
 * --shared-dir: where a copy's file tests go among every copy's, for
 * filetest_state_share.
 */
struct filetest_share {
	int job_fd;              /* the job's directory, holding the shared one */
	const char *job_dir;     /* as messages show it */
	uint64_t index, copies;  /* this copy, of every copy of every rank */
	uint64_t peer;           /* --reorder: the copy the stats read */
	bool maker;              /* the job's copy 0 */
};

/*
 * The directory descriptor that holds list name NAME, and in *LEAF its
 * name there: every operation on a file of the list goes through it, so
 * no symlink planted in place of a directory is ever followed.
 */
int filetest_dir_fd(const struct filetest_state *fs, const char *name,
		    const char **leaf);

/* What entry E is: S_IFLNK for the symlinks of -n N:-2, else S_IFREG. */
uint32_t filetest_type(const struct filetest_state *fs,
		       const struct filetest_entry *e);

/*
 * Whether *ST (a stamp of entry E's name, or through it when FOLLOWED) is
 * what clyde made there by type, inode and birth time: its own, or file
 * 0's for a followed symlink. As costly as the stat that made *ST, for the
 * timed loops; filetest_check also asks the generation.
 */
bool filetest_is_ours(const struct filetest_state *fs,
		      const struct filetest_entry *e,
		      const struct platform_stamp *st, bool followed);

/* Record in E what tells the file it names apart (*ST, stamped right after
 * it was made, and FD, open on it, or -1 for a symlink). */
void filetest_made(struct filetest_state *fs, struct filetest_entry *e,
		   const struct platform_stamp *st, int fd);

/* What a name of the list holds, as filetest_check finds it. */
enum filetest_found {
	FILETEST_OURS,    /* the file clyde made */
	FILETEST_NONE,    /* nothing */
	FILETEST_OTHER,   /* another file; clyde's may still be elsewhere */
	FILETEST_REUSED,  /* another file with its inode number: clyde's is gone */
};

/*
 * The whole check of entry E, LEAF in the directory DFD, untimed: its
 * type, inode and birth time, and for a regular file its inode generation
 * (opening it for reading, never following a symlink) where the
 * filesystem keeps one. FILETEST_*, or -1 with errno.
 */
int filetest_check(const struct filetest_state *fs,
		   const struct filetest_entry *e, int dfd, const char *leaf);


/*
 * Remove sub-directory D (made by clyde, checked to be the same directory)
 * and close its descriptor. 0, or -1 with errno (0: replaced).
 */
int filetest_remove_dir(struct filetest_state *fs, uint64_t d);

/*
 * The state of copy COPY of COPIES, whose directory will be files (or
 * files.COPY) inside clyde's directory WORKDIR_FD, shown as WORKDIR,
 * drawing from SRC's -Z numbers (every copy the same) or, when SRC is NULL
 * or holds none, from SEED (each copy its own). Allocates the name list
 * and buffer now, before any I/O. NULL with errno
 * (ENOMEM, ENAMETOOLONG) on failure.
 */
struct filetest_state *filetest_state_new(const struct config *cfg,
					  const struct rng_source *src, uint64_t seed,
					  int workdir_fd, const char *workdir,
					  unsigned copy, unsigned copies);

/*
 * Move FS (just made) into the job's shared directory, JOB_DIR/files: its
 * names start at index x count, so that no copy's collide, and with a
 * PEER its stats read that copy's files. 0, or -1 with errno (ENOMEM,
 * ENAMETOOLONG).
 */
int filetest_state_share(struct filetest_state *fs, const struct filetest_share *sh);

/*
 * --shared-dir, before a create: the maker makes the shared directory and
 * its sub-directories (unless an earlier run did; in the create's
 * prepare step, before the copies start), the other copies open them
 * (once the create starts, when the maker has made them), once for the
 * job's whole run. 0, or -1 with errno, the path in
 * FAILED and *OP naming the step. Nothing for a copy's own directory.
 */
int filetest_state_enter(struct filetest_state *fs, char *failed, size_t len,
			 const char **op);

/* The list the stat tests read: the peer's under --reorder, else the
 * copy's own. */
struct filetest_entry *filetest_stat_list(const struct filetest_state *fs);

/*
 * Whether entry E, stamped through its name as *ST, is a file the stat tests may read: the
 * file clyde made (filetest_is_ours), or for a peer's entry, whose inode
 * this copy never saw, a regular file of the size the list says.
 */
bool filetest_stat_ok(const struct filetest_state *fs,
		      const struct filetest_entry *e,
		      const struct platform_stamp *st);

/*
 * Once every copy of every rank has removed its files (the end of a lone
 * process's run; clyde-mpi's rank 0 after the last collective call):
 * remove the shared directory "files" in JOB_FD (shown as JOB_DIR) and its
 * DIRS sub-directories, by name and only as empty directories (rmdir
 * removes nothing else). 0, or -1 with errno and the path in FAILED.
 */
int filetest_tree_remove(int job_fd, const char *job_dir, uint64_t dirs,
			 char *failed, size_t len);

/*
 * Build a fresh name list in ORDER and make the copy's directory and
 * sub-directories for a create phase (each opened without following a
 * symlink, the copy's directory recorded for cleanup). Returns 0, or -1
 * with errno and the failing path in FAILED (LEN bytes) and *OP naming
 * the operation (EINTR: clyde is stopping).
 */
int filetest_state_prepare(struct filetest_state *fs, enum filetest_order order,
			char *failed, size_t len, const char **op);

/*
 * The copy's directory is gone (a delete phase removed it through the
 * registry): close its descriptors.
 */
void filetest_state_removed(struct filetest_state *fs);

/*
 * Remove whatever of the copy's files and directories still exists, by
 * name from the list (only what is still the file clyde created), then
 * the directories. Each name that cannot go is counted as left behind
 * (cleanup_left); the copy's directory then stays in the registry, for
 * cleanup_all to count. Idempotent. Returns 0, or -1 with errno and the
 * first path that could not be removed in FAILED.
 */
int filetest_state_cleanup(struct filetest_state *fs, char *failed, size_t len);

/* Release the state (after filetest_state_cleanup). NULL is fine. */
void filetest_state_free(struct filetest_state *fs);

#endif
