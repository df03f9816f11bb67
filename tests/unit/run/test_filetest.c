/* SPDX-License-Identifier: MIT */
/*
 * test_filetest.c - the file tests' rules: names (hex index, alphabet,
 * lengths, sequential vs random order, directory prefix), the spread over
 * directories, sizes, symlink targets, shuffles, and the clean-up that
 * removes only what clyde made.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "run/filetest.h"
#include "sys/cleanup.h"

static const char alphabet[] =
	"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static bool all_in_alphabet(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!s[i] || !strchr(alphabet, s[i]))
			return false;
	return true;
}

static void test_rand(void)
{
	struct rng a, b;
	bool same = true, in_range = true, saw[7] = { false };

	rng_seeded(&a, 42);
	rng_seeded(&b, 42);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_below(&a, 7);

		same = same && x == rng_below(&b, 7);
		in_range = in_range && x < 7;
		if (x < 7)
			saw[x] = true;
	}
	CHECK("rand: same seed, same numbers", same);
	CHECK("rand_below: in range", in_range);
	CHECK("rand_below: every value drawn",
	      saw[0] && saw[1] && saw[2] && saw[3] && saw[4] && saw[5] && saw[6]);
	CHECK_U64("rand_below(1) is 0", rng_below(&a, 1), 0);
}

/* Files per directory for N files over D directories. */
static void spread(uint64_t n, uint64_t d, uint64_t *count)
{
	memset(count, 0, d * sizeof(*count));
	for (uint64_t i = 0; i < n; i++) {
		uint64_t k = filetest_dir_of(i, n, d);
		if (k < d)
			count[k]++;
	}
}

static void test_spread(void)
{
	uint64_t c[1024];
	uint64_t prev = 0;
	bool ordered = true;

	spread(1024, 2, c);
	CHECK_U64("spread 1024/2: directory 0", c[0], 513);
	CHECK_U64("spread 1024/2: directory 1", c[1], 511);
	spread(1000, 3, c);
	CHECK_U64("spread 1000/3: directory 0", c[0], 334);
	CHECK_U64("spread 1000/3: directory 1", c[1], 334);
	CHECK_U64("spread 1000/3: directory 2 gets the rest", c[2], 332);
	spread(4096, 4, c);
	CHECK_U64("spread 4096/4: directory 0", c[0], 1025);
	CHECK_U64("spread 4096/4: directory 3", c[3], 1021);
	spread(1024, 1, c);
	CHECK_U64("spread 1024/1: all in one", c[0], 1024);
	CHECK_U64("spread D=1 is directory 0", filetest_dir_of(1023, 1024, 1), 0);
	/* More directories than N/2: bonnie++'s rule leaves the last ones empty. */
	spread(1024, 1024, c);
	CHECK_U64("spread 1024/1024: two per directory", c[0], 2);
	CHECK_U64("spread 1024/1024: last directories empty", c[1023], 0);
	bool in_range = true;
	for (uint64_t n = 1024; n <= 5120; n += 1024)
		for (uint64_t d = 1; d <= 3000; d += 37)
			for (uint64_t i = 0; i < n; i += 7) {
				uint64_t k = filetest_dir_of(i, n, d);
				in_range = in_range && k < d;
			}
	CHECK("spread: every directory index below D", in_range);
	for (uint64_t i = 0; i < 3000; i++) {
		uint64_t k = filetest_dir_of(i, 3000, 7);
		ordered = ordered && k >= prev;
		prev = k;
	}
	CHECK("spread: index order fills directories in order", ordered);

	char name[8];
	filetest_dir_name(0, name, sizeof(name));
	CHECK_STR("directory name 0", name, "00000");
	filetest_dir_name(99998, name, sizeof(name));
	CHECK_STR("directory name 99998", name, "99998");
}

static void test_names(void)
{
	char name[FILETEST_NAME_MAX];
	struct rng rng;
	bool seq_ok = true, ran_ok = true, alpha_ok = true;
	bool saw_len0 = false, saw_len12 = false, len_ok = true;

	rng_seeded(&rng, 7);
	filetest_make_name(name, 0x1a2b, 1024, 1, FILETEST_SEQUENTIAL, &rng);
	CHECK("sequential name starts with the 10-digit hex index",
	      strncmp(name, "0000001a2b", 10) == 0);
	CHECK_U64("sequential name index parses back", (uint64_t)filetest_seq_index(name),
		  0x1a2b);
	filetest_make_name(name, 0xabcdef, 1024, 1, FILETEST_RANDOM, &rng);
	CHECK("random name ends with the hex index",
	      strlen(name) >= 10 && strcmp(name + strlen(name) - 10, "0000abcdef") == 0);

	for (uint64_t i = 0; i < 2000; i++) {
		char hex[11];
		size_t len;

		snprintf(hex, sizeof(hex), "%010llx", (unsigned long long)i);
		filetest_make_name(name, i, 2000, 1, FILETEST_SEQUENTIAL, &rng);
		len = strlen(name);
		len_ok = len_ok && len >= 10 && len <= 22;
		saw_len0 = saw_len0 || len == 10;
		saw_len12 = saw_len12 || len == 22;
		seq_ok = seq_ok && strncmp(name, hex, 10) == 0 &&
			 filetest_seq_index(name) == (int64_t)i;
		alpha_ok = alpha_ok && all_in_alphabet(name + 10, len - 10);
		filetest_make_name(name, i, 2000, 1, FILETEST_RANDOM, &rng);
		len = strlen(name);
		len_ok = len_ok && len >= 10 && len <= 22;
		ran_ok = ran_ok && len >= 10 && strcmp(name + len - 10, hex) == 0;
		alpha_ok = alpha_ok && all_in_alphabet(name, len - 10);
	}
	CHECK("names: 10 to 22 characters", len_ok);
	CHECK("names: no random characters happens", saw_len0);
	CHECK("names: 12 random characters happens", saw_len12);
	CHECK("names: sequential = index then characters", seq_ok);
	CHECK("names: random = characters then index", ran_ok);
	CHECK("names: random characters from [a-z0-9A-Z]", alpha_ok);

	filetest_make_name(name, 600, 1024, 2, FILETEST_SEQUENTIAL, &rng);
	CHECK("names: file 600 of 1024 in 2 dirs is in 00001/",
	      strncmp(name, "00001/0000000258", 16) == 0);
	CHECK_STR("leaf drops the directory", filetest_leaf("00001/00000002", 2),
		  "00000002");
	CHECK_STR("leaf with one directory", filetest_leaf("00000002", 1), "00000002");
	filetest_make_name(name, 512, 1024, 2, FILETEST_RANDOM, &rng);
	CHECK("names: file 512 of 1024 in 2 dirs is in 00000/",
	      strncmp(name, "00000/", 6) == 0);

	CHECK("seq index: too short", filetest_seq_index("00000abc") == -1);
	CHECK("seq index: too long", filetest_seq_index("0000000000abcdefghijklm") == -1);
	CHECK("seq index: not hex", filetest_seq_index("00000000zz") == -1);
	CHECK("seq index: upper-case hex refused", filetest_seq_index("00000000AB") == -1);
	CHECK("seq index: a random-order name", filetest_seq_index("xyz0000000001") == -1);
}

static void test_sizes(void)
{
	struct file_params fixed = { 16, 4096, 4096, 1, 8192 };
	struct file_params ranged = { 16, 4096, 1024, 1, 8192 };
	struct file_params from0 = { 16, 4096, 0, 1, 8192 };
	struct file_params tiny = { 16, 10, 8, 1, 8192 };
	struct file_params links = { 16, FILES_HARD_LINKS, 0, 1, 8192 };
	struct file_params zero = { 16, 0, 0, 1, 8192 };
	struct rng rng, before;
	bool ranged_ok = true, from0_ok = true, saw[3] = { false };

	rng_seeded(&rng, 3);
	before = rng;
	CHECK_U64("size: fixed 4k:4k", filetest_pick_size(&fixed, &rng), 4096);
	CHECK("size: fixed draws no number", rng.state == before.state);
	CHECK_U64("size: 0:0 is empty", filetest_pick_size(&zero, &rng), 0);
	CHECK_U64("size: links make file 0 empty", filetest_pick_size(&links, &rng), 0);
	for (int i = 0; i < 1000; i++) {
		uint64_t s = filetest_pick_size(&ranged, &rng);
		uint64_t t = filetest_pick_size(&from0, &rng);
		uint64_t u = filetest_pick_size(&tiny, &rng);

		ranged_ok = ranged_ok && s >= 1024 && s <= 4096;
		from0_ok = from0_ok && t <= 4096;
		if (u >= 8 && u <= 10)
			saw[u - 8] = true;
		else
			ranged_ok = false;
	}
	CHECK("size: 4k:1k stays in [1024, 4096]", ranged_ok);
	CHECK("size: 4k alone is random in [0, 4096]", from0_ok);
	CHECK("size: 10:8 reaches 8, 9 and 10", saw[0] && saw[1] && saw[2]);
}

static void test_symlinks(void)
{
	char target[64];

	filetest_symlink_target("0000000000abc", 1, target, sizeof(target));
	CHECK_STR("symlink target, one directory", target, "0000000000abc");
	filetest_symlink_target("00000/0000000000abc", 4, target, sizeof(target));
	CHECK_STR("symlink target, several directories", target,
		  "../00000/0000000000abc");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct filetest_entry *)a)->name,
		      ((const struct filetest_entry *)b)->name);
}

static void test_shuffle(void)
{
	enum { N = 1000 };
	static struct filetest_entry list[N], copy[N], again[N];
	struct file_params fp = { 1, 100, 0, 3, 8192 };
	struct rng rng, rng2;
	bool moved = false;

	rng_seeded(&rng, 11);
	rng_seeded(&rng2, 11);
	filetest_build_list(list, N, 0, &fp, FILETEST_SEQUENTIAL, &rng);
	filetest_build_list(again, N, 0, &fp, FILETEST_SEQUENTIAL, &rng2);
	CHECK("build: same seed, same list", memcmp(list, again, sizeof(list)) == 0);
	memcpy(copy, list, sizeof(list));
	filetest_shuffle(list, N, &rng);
	for (int i = 0; i < N; i++)
		moved = moved || strcmp(list[i].name, copy[i].name) != 0;
	CHECK("shuffle: changes the order", moved);
	qsort(list, N, sizeof(list[0]), by_name);
	qsort(copy, N, sizeof(copy[0]), by_name);
	CHECK("shuffle: a permutation of the list", memcmp(list, copy, sizeof(list)) == 0);

	/* Unbiased: each of 3 elements lands in each place about a third of the time. */
	unsigned where[3][3] = { { 0 } };
	for (int t = 0; t < 30000; t++) {
		struct filetest_entry three[3] = {
			{ .size_bytes = 0, .name = "a" },
			{ .size_bytes = 1, .name = "b" },
			{ .size_bytes = 2, .name = "c" },
		};

		filetest_shuffle(three, 3, &rng);
		for (int p = 0; p < 3; p++)
			where[three[p].size_bytes][p]++;
	}
	bool even = true;
	for (int e = 0; e < 3; e++)
		for (int p = 0; p < 3; p++)
			even = even && where[e][p] > 9400 && where[e][p] < 10600;
	CHECK("shuffle: every place equally likely", even);
}

/* The copy's directory tree, and a clean-up that removes only clyde's files. */
static void test_state(void)
{
	char dir[] = "/tmp/clyde-test-files.XXXXXX";
	char failed[PATH_MAX], stray[PATH_MAX + 16];
	const char *op = "";
	struct config cfg;
	struct rng_source no_file = { 0 };
	struct stat st;

	if (!mkdtemp(dir)) {
		CHECK("state: scratch directory", false);
		return;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.files = (struct file_params){ 1, 16, 16, 3, 4096 };
	cfg.seed = 5;
	int dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	struct filetest_state *fs = filetest_state_new(&cfg, &no_file, cfg.seed,
						       dir_fd, dir, 1, 2);
	CHECK("state: made", fs != NULL);
	if (!fs)
		return;
	CHECK("state: copy directory named files.1",
	      strlen(fs->path) > 8 && strcmp(fs->path + strlen(fs->path) - 8, "/files.1") == 0);
	CHECK_U64("state: 1024 files", fs->count, 1024);
	CHECK("state: prepare", filetest_state_prepare(fs, FILETEST_SEQUENTIAL, failed,
						    sizeof(failed), &op) == 0);
	snprintf(stray, sizeof(stray), "%s/00002", fs->path);
	CHECK("state: sub-directories made", stat(stray, &st) == 0 && S_ISDIR(st.st_mode));
	struct platform_stamp ps;
	int fd = openat(fs->top_fd, fs->list[0].name, O_WRONLY | O_CREAT | O_EXCL, 0600);
	CHECK("state: a file of the list", fd >= 0 && platform_stamp_at(fd, "", false, &ps) == 0);
	filetest_made(fs, &fs->list[0], &ps, fd);
	if (fd >= 0)
		close(fd);
	fs->created = 1;
	CHECK("state: clean-up", filetest_state_cleanup(fs, failed, sizeof(failed)) == 0);
	CHECK("state: directory removed", stat(fs->path, &st) != 0 && errno == ENOENT);
	CHECK("state: clean-up twice is harmless",
	      filetest_state_cleanup(fs, failed, sizeof(failed)) == 0);

	/* A file clyde did not make stays, and so does its directory. */
	CHECK("state: prepare again", filetest_state_prepare(fs, FILETEST_RANDOM, failed,
							  sizeof(failed), &op) == 0);
	snprintf(stray, sizeof(stray), "%s/00001/not-clydes", fs->path);
	fd = open(stray, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd >= 0)
		close(fd);
	CHECK("state: clean-up refuses a foreign file",
	      filetest_state_cleanup(fs, failed, sizeof(failed)) != 0);
	CHECK("state: the foreign file is still there", stat(stray, &st) == 0);
	unlink(stray);
	CHECK("state: clean-up after it went",
	      filetest_state_cleanup(fs, failed, sizeof(failed)) == 0);
	filetest_state_free(fs);
	close(dir_fd);
	CHECK("state: scratch directory empty again", rmdir(dir) == 0);
}

/* Make entry I of FS's list in its top directory, as create does. */
static void make_entry(struct filetest_state *fs, uint64_t i)
{
	struct platform_stamp ps;
	int fd = openat(fs->top_fd, fs->list[i].name, O_WRONLY | O_CREAT | O_EXCL, 0600);

	if (fd < 0 || platform_stamp_at(fd, "", false, &ps) != 0) {
		CHECK("identity: a file made", false);
		return;
	}
	filetest_made(fs, &fs->list[i], &ps, fd);
	close(fd);
	fs->created = i + 1;
}

/* Replace NAME in DFD by a new file that gets inode number INO if the
 * filesystem hands it out within a hundred files; whether it did. */
static bool replace_same_ino(int dfd, const char *name, uint64_t ino)
{
	char spare[32];
	struct stat st;
	int got = -1;

	unlinkat(dfd, name, 0);
	for (int i = 0; i < 100 && got < 0; i++) {
		snprintf(spare, sizeof(spare), ".spare%d", i);
		close(openat(dfd, spare, O_WRONLY | O_CREAT | O_EXCL, 0600));
		if (fstatat(dfd, spare, &st, 0) == 0 && st.st_ino == ino)
			got = i;
	}
	for (int i = 0; i < 100; i++) {
		snprintf(spare, sizeof(spare), ".spare%d", i);
		if (i == got)
			renameat(dfd, spare, dfd, name);
		else
			unlinkat(dfd, spare, 0);
	}
	if (got < 0)
		close(openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL, 0600));
	return got >= 0;
}

/*
 * What tells a file test's file from a later one: a new file with its
 * inode number (ext4 hands a freed one out again at once), a symlink, a
 * birth time or generation that differ. The clean-up leaves each alone.
 */
static void test_identity(void)
{
	char dir[] = "/tmp/clyde-test-files-id.XXXXXX";
	char failed[PATH_MAX];
	const char *op = "";
	struct config cfg;
	struct rng_source no_file = { 0 };

	if (!mkdtemp(dir)) {
		CHECK("identity: scratch directory", false);
		return;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.files = (struct file_params){ 1, 0, 0, 1, 4096 };
	int dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	struct filetest_state *fs = filetest_state_new(&cfg, &no_file, 7, dir_fd,
						       dir, 0, 1);
	if (!fs || filetest_state_prepare(fs, FILETEST_SEQUENTIAL, failed,
					  sizeof(failed), &op) != 0) {
		CHECK("identity: state", false);
		return;
	}
	for (uint64_t i = 0; i < 4; i++)
		make_entry(fs, i);
	struct filetest_entry *e = fs->list;
	CHECK("identity: a file made is ours",
	      filetest_check(fs, &e[0], fs->top_fd, e[0].name) == FILETEST_OURS);
	uint64_t ino = e[1].ino;
	if (replace_same_ino(fs->top_fd, e[1].name, ino))
		CHECK("identity: a new file with its inode number is not",
		      filetest_check(fs, &e[1], fs->top_fd, e[1].name) == FILETEST_REUSED);
	else
		CHECK("identity: a new file in its place is not",
		      filetest_check(fs, &e[1], fs->top_fd, e[1].name) == FILETEST_OTHER);
	unlinkat(fs->top_fd, e[2].name, 0);
	symlinkat("elsewhere", fs->top_fd, e[2].name);
	CHECK("identity: a symlink in its place is not",
	      filetest_check(fs, &e[2], fs->top_fd, e[2].name) != FILETEST_OURS);
	if (fs->has_btime) {
		e[3].btime_ns++;
		CHECK("identity: another birth time is not",
		      filetest_check(fs, &e[3], fs->top_fd, e[3].name) != FILETEST_OURS);
		e[3].btime_ns--;
	}
	if (fs->has_gen) {
		e[3].gen++;
		CHECK("identity: the same birth, another generation is not",
		      filetest_check(fs, &e[3], fs->top_fd, e[3].name) == FILETEST_REUSED);
		e[3].gen--;
	}
	CHECK("identity: then ours again",
	      filetest_check(fs, &e[3], fs->top_fd, e[3].name) == FILETEST_OURS);
	CHECK("identity: the clean-up refuses the replaced names",
	      filetest_state_cleanup(fs, failed, sizeof(failed)) != 0);
	struct stat st;
	CHECK("identity: both left alone, clyde's own removed",
	      fstatat(fs->top_fd, e[1].name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	      fstatat(fs->top_fd, e[2].name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	      fstatat(fs->top_fd, e[0].name, &st, AT_SYMLINK_NOFOLLOW) != 0 &&
	      fstatat(fs->top_fd, e[3].name, &st, AT_SYMLINK_NOFOLLOW) != 0);
	unlinkat(fs->top_fd, e[1].name, 0);
	unlinkat(fs->top_fd, e[2].name, 0);
	CHECK("identity: then the clean-up ends",
	      filetest_state_cleanup(fs, failed, sizeof(failed)) == 0);
	cleanup_all(NULL);
	filetest_state_free(fs);
	close(dir_fd);
	CHECK("identity: scratch directory empty again", rmdir(dir) == 0);
}

int main(void)
{
	test_identity();
	test_rand();
	test_spread();
	test_names();
	test_sizes();
	test_symlinks();
	test_shuffle();
	test_state();
	return check_done();
}
