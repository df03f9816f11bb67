/* SPDX-License-Identifier: MIT */
/*
 * main.c - argv -> config -> set-up checks -> runs -> formatters -> exit
 * status. The only file that exits, so nothing deep in a phase can strand
 * a test file: every path out goes through cleanup_all().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "device.h"
#include "exit_status.h"
#include "fmt.h"
#include "format.h"
#include "options.h"
#include "parse.h"
#include "platform.h"
#include "privs.h"
#include "progress.h"
#include "report.h"
#include "run.h"
#include "sync.h"
#include "testfile.h"

static uint64_t detect_ram_mib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long page = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || page <= 0)
		return 0;
	return (uint64_t)pages * (uint64_t)page / MIB;
}

/* The path cleanup_all() could not remove: a stranded test file matters
 * more than any figure, so it is always said, after the error that led here. */
static void report_left(int left, const struct cleanup_failure *f)
{
	if (left == 0)
		return;
	fprintf(stderr, "clyde: %s: %s: %s (%d path%s clyde made %s left)\n",
		f->path, f->op, strerror(f->errnum), left, left > 1 ? "s" : "",
		left > 1 ? "are" : "is");
}

/* Remove everything clyde made, then give back STATUS. */
static int finish(int status)
{
	struct cleanup_failure f;
	int left = cleanup_all(&f);

	report_left(left, &f);
	return left && status == 0 ? EXIT_IO : status;
}

static int fail_setup(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail_setup(int status, const char *fmt, ...)
{
	va_list ap;

	fputs("clyde: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return finish(status);
}

/* The phase's error (one line), after the clean-up it calls for. */
static int report_phase_error(const struct phase_error *e)
{
	struct cleanup_failure f;
	int left = cleanup_all(&f);

	if (e->status > EXIT_SIGNAL && !e->errnum) {
		fprintf(stderr, "clyde: interrupted by signal %d (%s)%s\n",
			e->status - EXIT_SIGNAL, strsignal(e->status - EXIT_SIGNAL),
			left ? "" : "; test files removed");
	} else if (e->errnum) {
		fprintf(stderr, "clyde: %s: %s: %s\n", e->path, e->op,
			strerror(e->errnum));
	} else if (e->path[0]) {
		fprintf(stderr, "clyde: %s: %s\n", e->path, e->op);
	} else {
		fprintf(stderr, "clyde: %s\n", e->op);
	}
	report_left(left, &f);
	return e->status ? e->status : EXIT_IO;
}

/*
 * The seek phase keeps every piece of every copy open at once; the file
 * tests keep each copy's directory open, and with -b every sub-directory.
 */
static int raise_file_limit(const struct config *cfg)
{
	uint64_t pieces = (cfg->io.size_mib * MIB + TESTFILE_PIECE_BYTES - 1) /
			  TESTFILE_PIECE_BYTES;
	uint64_t dirs = cfg->files.count_k == 0 ? 0
			: 2 + (cfg->mode.sync_writes ? cfg->files.dirs : 0);
	uint64_t need = (pieces > dirs ? pieces : dirs) * cfg->concurrency + 64;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 0;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need)
		return fail_setup(EXIT_SETUP, "the test keeps %" PRIu64 " files open "
				  "but the limit is %llu; raise it (ulimit -n) or "
				  "use a smaller -s or -c (or fewer -n directories with -b)", need,
				  (unsigned long long)rl.rlim_cur);
	return 0;
}

/* Refuse, before the first byte, a run the filesystem has no room for. */
static int preflight(const struct config *cfg)
{
	struct space_info have;
	struct space_need need;

	if (space_query(cfg->dir, &have) != 0)
		return fail_setup(EXIT_SETUP, "%s: statvfs: %s", cfg->dir,
				  strerror(errno));
	space_need(cfg, have.block_bytes, &need);
	if (have.avail_bytes < need.bytes) {
		char parts[96];
		uint64_t files_mib = (need.files_bytes + MIB - 1) / MIB;

		if (need.io_bytes && need.files_bytes)
			snprintf(parts, sizeof(parts), "%" PRIu64 " MiB of I/O files and "
				 "%" PRIu64 " MiB for the file tests, with 1%% to spare",
				 need.io_bytes / MIB, files_mib);
		else
			snprintf(parts, sizeof(parts), "with 1%% to spare");
		return fail_setup(EXIT_SETUP, "%s: not enough free space: the test "
				  "needs %" PRIu64 " MiB (%s), %" PRIu64 " MiB are "
				  "free; use a smaller -s or -n, another -d, or "
				  "--no-preflight", cfg->dir, (need.bytes + MIB - 1) / MIB,
				  parts, have.avail_bytes / MIB);
	}
	if (have.inodes_known && have.avail_inodes < need.inodes)
		return fail_setup(EXIT_SETUP, "%s: not enough free inodes: the test "
				  "makes %" PRIu64 " files and directories, %" PRIu64
				  " inodes are free; use a smaller -n, another -d, or "
				  "--no-preflight", cfg->dir, need.inodes,
				  have.avail_inodes);
	return 0;
}

/* Check O_DIRECT and learn the alignment it needs, before any real I/O. */
static int probe_workdir(struct config *cfg, const char *workdir)
{
	const char *failed_op;
	uint32_t align = 0;
	char fs[64];

	if (workdir_probe(workdir, cfg->mode.direct, &align, &failed_op) != 0) {
		int err = errno;

		platform_fs_name(workdir, fs, sizeof(fs));
		if (cfg->mode.direct && err == EINVAL)
			return fail_setup(EXIT_SETUP, "%s: the %s filesystem refuses "
					  "O_DIRECT, so -D cannot run here", cfg->dir, fs);
		return fail_setup(EXIT_SETUP, "%s: %s: %s", workdir, failed_op,
				  strerror(err));
	}
	if (cfg->mode.direct) {
		if (cfg->random_io && (RANDOM_BLOCK_BYTES % align != 0)) {
			platform_fs_name(workdir, fs, sizeof(fs));
			return fail_setup(EXIT_USAGE, "-D --random-io: %s (%s) needs "
					  "%u-byte alignment for O_DIRECT, more than the "
					  "4 KiB random blocks", cfg->dir, fs, align);
		}
		if (cfg->io.chunk_bytes % align != 0) {
			platform_fs_name(workdir, fs, sizeof(fs));
			return fail_setup(EXIT_USAGE, "-D: the chunk size (%" PRIu64
					  " bytes) is not a multiple of the %u bytes "
					  "O_DIRECT needs on %s (%s)", cfg->io.chunk_bytes,
					  align, cfg->dir, fs);
		}
		cfg->mode.dio_align = align;
	}
	return 0;
}

/* Where the run happens, for the JSON. */
static void describe_env(const char *workdir, const struct device *dev,
			 struct run_env *env)
{
	struct utsname un;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	memset(env, 0, sizeof(*env));
	if (uname(&un) == 0)
		snprintf(env->kernel, sizeof(env->kernel), "%.60s %.60s", un.sysname,
			 un.release);
	platform_fs_name(workdir, env->fs_type, sizeof(env->fs_type));
	if (dev->found) {
		snprintf(env->device, sizeof(env->device), "%s", dev->name);
		snprintf(env->scheduler, sizeof(env->scheduler), "%s", dev->scheduler);
	}
	env->rotational = dev->rotational;
	env->ram_mib = detect_ram_mib();
	env->cpus = cpus > 0 ? (uint32_t)cpus : 0;
}

/* Tables and footer (single runs), the random-I/O table, the truth
 * warning, the CSV line. With --json - the JSON owns stdout. */
static void print_run(const struct config *cfg, const struct run_results *r)
{
	static const struct render_opts bonnie = { .wide_names = false };
	bool json_stdout = cfg->json_path && strcmp(cfg->json_path, "-") == 0;
	FILE *text = cfg->quiet || json_stdout ? stderr : stdout;
	FILE *csv = json_stdout ? stderr : stdout;

	if (cfg->repeat < 0 && cfg->table) {
		cfg->table->render(text, cfg->table, r, 1, &bonnie);
		fmt_random_table(text, r);
		fmt_footer(text, r);
		fflush(text);
	}
	fmt_truth_warning(stderr, r);
	if (cfg->csv)
		cfg->csv->render(csv, cfg->csv, r, 1, &bonnie);
	fflush(csv);
}

static int write_json(const struct config *cfg, const struct run_results *runs,
		      size_t n)
{
	const struct format_info *json = format_default(FORMAT_JSON);
	const struct render_opts opts = { .json_array = cfg->repeat >= 0 };
	bool to_stdout = strcmp(cfg->json_path, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(cfg->json_path, "w");

	if (!f)
		return fail_setup(EXIT_SETUP, "%s: cannot write the JSON: %s",
				  cfg->json_path, strerror(errno));
	json->render(f, json, runs, n, &opts);
	if ((to_stdout ? fflush(f) : fclose(f)) != 0)
		return fail_setup(EXIT_IO, "%s: write: %s", cfg->json_path,
				  strerror(errno));
	return 0;
}

/* -p N makes the semaphores for N processes, -p -1 removes them. */
static int make_semaphores(long procs)
{
	char err[512];

	if (procs > 0 ? sync_create(procs, err, sizeof(err))
		      : sync_remove(err, sizeof(err)))
		return fail_setup(EXIT_USAGE, "%s", err);
	if (procs > 0)
		printf("Creating semaphore for %ld procs.\n", procs);
	else
		puts("Semaphore removed.");
	return finish(0);
}

/*
 * TEST HOOK: CLYDE_TEST_CORRUPT=BLOCK makes the run flip a byte of that
 * block of the I/O file after the rewrite (run.c test_corrupt), so the
 * tests can watch --verify find it. Documented in the man page's
 * ENVIRONMENT section, not in --help.
 */
static int test_hook_env(struct config *cfg, char *err, size_t len)
{
	const char *text = getenv("CLYDE_TEST_CORRUPT");
	uint64_t blocks = cfg->io.size_mib * MIB / cfg->io.chunk_bytes;
	struct parse_error pe;
	int64_t block;

	if (!text)
		return 0;
	if (parse_int_range(text, 0, INT64_MAX, &block, &pe) != 0) {
		snprintf(err, len, "CLYDE_TEST_CORRUPT=%s: %s", text, pe.msg);
		return -1;
	}
	if ((uint64_t)block >= blocks) {
		snprintf(err, len, "CLYDE_TEST_CORRUPT=%s: the file has %llu blocks",
			 text, (unsigned long long)blocks);
		return -1;
	}
	cfg->test_corrupt_block = block;
	return 0;
}

int main(int argc, char **argv)
{
	struct config cfg;
	char err[1024];
	char workdir[PATH_MAX];
	uint64_t seed = (uint64_t)getpid() ^ (uint64_t)time(NULL);

	if (argc > 1 && strcmp(argv[1], "report") == 0)
		return report_main(argc - 1, argv + 1);
	switch (options_parse(argc, argv, detect_ram_mib(), seed, &cfg, err,
			      sizeof(err))) {
	case OPTIONS_DONE:
		return 0;
	case OPTIONS_ERROR:
		fprintf(stderr, "clyde: %s\n", err);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	if (test_hook_env(&cfg, err, sizeof(err)) != 0) {
		fprintf(stderr, "clyde: %s\n", err);
		return EXIT_USAGE;
	}
	if (cleanup_init() != 0)
		return fail_setup(EXIT_SETUP, "cannot install signal handlers: %s",
				  strerror(errno));
	long uid, gid;
	int switched = privs_switch(cfg.user, cfg.group, &uid, &gid, err, sizeof(err));
	if (switched < 0)
		return fail_setup(EXIT_USAGE, "%s", err);
	if (cfg.processes != 0)
		return make_semaphores(cfg.processes);
	if (cfg.sync_mode == 's' && sync_check(err, sizeof(err)) != 0)
		return fail_setup(EXIT_USAGE, "%s", err);
	if (cfg.repeat == 0)
		return 0;
	int status = raise_file_limit(&cfg);
	if (status == 0 && !cfg.no_preflight)
		status = preflight(&cfg);
	if (status != 0)
		return status;
	if (workdir_create(cfg.dir, workdir, sizeof(workdir)) != 0)
		return fail_setup(EXIT_SETUP, "%s: cannot make clyde's directory: %s",
				  cfg.dir, strerror(errno));
	if (cfg.io.size_mib > 0 && (status = probe_workdir(&cfg, workdir)) != 0)
		return status;
	if (switched && !cfg.quiet)
		fprintf(stderr, "Using uid:%ld, gid:%ld.\n", uid, gid);

	struct device dev;
	device_find(workdir, &dev);
	if (!dev.found && cfg.io.size_mib > 0) {
		char fs[64];
		fprintf(stderr, "clyde: %s (%s) has no block device of its own, so the "
			"disk's own figures cannot be checked\n", cfg.dir,
			platform_fs_name(workdir, fs, sizeof(fs)));
	}

	static struct run_plan plan;
	struct progress progress;
	struct run_hooks hooks = { 0 };
	struct phase_error perr;
	size_t runs = cfg.repeat < 0 ? 1 : (size_t)cfg.repeat;
	/* Every run's results, for the JSON written at the end. */
	struct run_results *res = calloc(cfg.json_path ? runs : 1, sizeof(*res));
	enum progress_style style = progress_style_for(cfg.progress, cfg.quiet,
						       isatty(STDERR_FILENO));

	if (!res)
		return fail_setup(EXIT_SETUP, "out of memory");
	run_plan_init(&plan, &cfg);
	if (cfg.repeat > 1 && cfg.csv)
		fmt_csv_header(cfg.json_path && strcmp(cfg.json_path, "-") == 0 ? stderr
										 : stdout,
			       cfg.csv->csv);
	for (size_t i = 0; i < runs; i++) {
		struct run_results *r = &res[cfg.json_path ? i : 0];

		progress_init(&progress, stderr, style, &cfg, &plan);
		progress_hooks(&progress, &hooks);
		sync_hooks(&cfg, &hooks);
		status = run_once(&cfg, workdir, &dev, &plan, &hooks, r, &perr);
		if (status != 0) {
			progress_abort(&progress);
			free(res);
			return report_phase_error(&perr);
		}
		describe_env(workdir, &dev, &r->env);
		print_run(&cfg, r);
	}
	status = cfg.json_path ? write_json(&cfg, res, runs) : 0;
	free(res);
	return status ? status : finish(0);
}
