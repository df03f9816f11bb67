/* SPDX-License-Identifier: MIT */
/*
 * phase_table.c - the phase table (phase_info.h): one row per test, in
 * bonnie++ order, and the sizes each follows from the configuration.
 */
#include "phase_info.h"

#include "phase.h"

const struct phase_info phase_table[PHASE_COUNT] = {
	[PHASE_PUTC] = {
		.id = PHASE_PUTC, .name = "per-char output", .key = "putc",
		.title = "Per-char write", .column = "Per-char write MiB/s",
		.unit = UNIT_KIB_S, .size = SIZE_PERCHAR,
		.deadline = true,
		.words = "Writing a byte at a time...", .done = "done",
		.prepare = phase_remove_iofile, .run = phase_putc_run,
	},
	[PHASE_WRITE] = {
		.id = PHASE_WRITE, .name = "block output", .key = "put_block",
		.title = "Block write", .column = "Block write MiB/s",
		.unit = UNIT_KIB_S, .size = SIZE_FILE,
		.deadline = true,
		.words = "Writing intelligently...", .done = "done",
		.prepare = phase_fresh_iofile, .run = phase_write_run,
	},
	[PHASE_REWRITE] = {
		.id = PHASE_REWRITE, .name = "rewrite", .key = "rewrite",
		.title = "Rewrite", .column = "Rewrite MiB/s",
		.unit = UNIT_KIB_S, .size = SIZE_FILE,
		.deadline = true,
		.words = "Rewriting...", .done = "done", .reads = true,
		.run = phase_rewrite_run,
	},
	[PHASE_GETC] = {
		.id = PHASE_GETC, .name = "per-char input", .key = "getc",
		.title = "Per-char read", .column = "Per-char read MiB/s",
		.unit = UNIT_KIB_S, .size = SIZE_PERCHAR,
		.deadline = true,
		.words = "Reading a byte at a time...", .done = "done",
		.reads = true, .run = phase_getc_run,
	},
	[PHASE_READ] = {
		.id = PHASE_READ, .name = "block input", .key = "get_block",
		.title = "Block read", .column = "Block read MiB/s",
		.unit = UNIT_KIB_S, .size = SIZE_FILE,
		.deadline = true,
		.words = "Reading intelligently...", .done = "done",
		.reads = true, .run = phase_read_run,
	},
	[PHASE_SEEKS] = {
		.id = PHASE_SEEKS, .name = "seeks", .key = "seeks",
		.title = "Random seeks", .column = "Seeks/s",
		.unit = UNIT_SEEKS_S, .size = SIZE_SEEKS,
		.deadline = true,
		.words = "start 'em...", .done = "done...",
		.done_per_seeker = true, .reads = true, .run = phase_seeks_run,
	},
	[PHASE_SEQ_CREATE] = {
		.id = PHASE_SEQ_CREATE, .name = "sequential create",
		.key = "seq_create", .title = "Sequential create",
		.column = "Seq. create/s", .unit = UNIT_FILES_S,
		.size = SIZE_FILES,
		.words = "Create files in sequential order...", .done = "done.",
		.prepare = phase_seq_create_prepare, .run = phase_create_run,
	},
	[PHASE_SEQ_STAT] = {
		.id = PHASE_SEQ_STAT, .name = "sequential stat",
		.key = "seq_stat", .title = "Sequential read",
		.column = "Seq. read/s", .unit = UNIT_FILES_S,
		.size = SIZE_FILES,
		.words = "Stat files in sequential order...", .done = "done.",
		.check = phase_files_check, .run = phase_seq_stat_run,
	},
	[PHASE_SEQ_DELETE] = {
		.id = PHASE_SEQ_DELETE, .name = "sequential delete",
		.key = "seq_del", .title = "Sequential delete",
		.column = "Seq. delete/s", .unit = UNIT_FILES_S,
		.size = SIZE_FILES,
		.words = "Delete files in sequential order...", .done = "done.",
		.check = phase_files_check, .run = phase_seq_delete_run,
	},
	[PHASE_RAN_CREATE] = {
		.id = PHASE_RAN_CREATE, .name = "random create",
		.key = "ran_create", .title = "Random create",
		.column = "Random create/s", .unit = UNIT_FILES_S,
		.size = SIZE_FILES,
		.words = "Create files in random order...", .done = "done.",
		.prepare = phase_ran_create_prepare, .run = phase_create_run,
	},
	[PHASE_RAN_STAT] = {
		.id = PHASE_RAN_STAT, .name = "random stat", .key = "ran_stat",
		.title = "Random read", .column = "Random read/s",
		.unit = UNIT_FILES_S, .size = SIZE_FILES,
		.words = "Stat files in random order...", .done = "done.",
		.prepare = phase_stat_shuffle_prepare, .check = phase_files_check,
		.run = phase_ran_stat_run,
	},
	[PHASE_RAN_DELETE] = {
		.id = PHASE_RAN_DELETE, .name = "random delete", .key = "ran_del",
		.title = "Random delete", .column = "Random delete/s",
		.unit = UNIT_FILES_S, .size = SIZE_FILES,
		.words = "Delete files in random order...", .done = "done.",
		.prepare = phase_shuffle_prepare, .check = phase_files_check,
		.run = phase_ran_delete_run,
	},
};

/* Each test's own name ("random reads, depth 32") replaces name and words. */
const struct phase_info phase_random_info = {
	.id = PHASE_RANDOM, .name = "random I/O", .key = "random_io",
	.title = "Random I/O", .column = "IOPS", .unit = UNIT_IOPS,
	.size = SIZE_TIME, .done = "done", .reads = true,
	.run = phase_random_run,
};

/*
 * clyde mark lays its file out with block output's writes (1 MiB chunks,
 * O_DIRECT, incompressible, fsync), then runs its tests as the random-I/O
 * row does; each step's own name says what it is.
 */
const struct phase_info phase_mark_layout_info = {
	.id = PHASE_MARK, .name = "laying out the file", .key = "layout",
	.title = "Layout", .column = "Layout MiB/s", .unit = UNIT_KIB_S,
	.size = SIZE_FILE, .done = "done",
	.prepare = phase_remove_iofile, .run = phase_write_run,
};

const struct phase_info phase_mark_info = {
	.id = PHASE_MARK, .name = "mark test", .key = "mark",
	.title = "Mark test", .column = "MB/s", .unit = UNIT_KIB_S,
	.size = SIZE_TIME, .done = "done", .reads = true,
	.run = phase_random_run,
};

/* --steady's preconditioning of a mark test: writes counted, not timed. */
const struct phase_info phase_mark_fill_info = {
	.id = PHASE_MARK, .name = "preconditioning", .key = "precondition",
	.title = "Precondition", .column = "MB/s", .unit = UNIT_KIB_S,
	.size = SIZE_IOS, .done = "done", .run = phase_random_run,
};

/* A --random-io test's rounds after its first, under --steady. */
const struct phase_info phase_random_round_info = {
	.id = PHASE_MARK, .name = "random I/O round", .key = "random_io",
	.title = "Random I/O", .column = "IOPS", .unit = UNIT_IOPS,
	.size = SIZE_TIME, .done = "done", .reads = true,
	.run = phase_random_run,
};

void phase_random_result(const struct phase_result *r, bool writes,
			 uint32_t depth, struct random_result *out)
{
	out->writes = writes;
	out->depth = depth;
	out->ops = r->ops;
	out->start_ns = r->start_ns;
	out->elapsed_ns = r->elapsed_ns;
	out->cpu_ns = r->cpu_ns;
	out->wait_ns = r->wait_ns;
	out->iops = r->rate;
	out->mib_per_s = r->rate * RANDOM_BLOCK_BYTES / (double)MIB;
	out->cpu_pct = r->cpu_pct;
	out->lat = r->lat;
	out->dev = r->dev;
	out->series = r->series;
	out->probe = r->probe;
}

const char *phase_unit_name(enum phase_unit unit)
{
	switch (unit) {
	case UNIT_KIB_S:
		return "KiB/s";
	case UNIT_SEEKS_S:
		return "seeks/s";
	case UNIT_FILES_S:
		return "files/s";
	case UNIT_IOPS:
		break;
	}
	return "IOPS";
}

uint64_t phase_perchar_bytes(const struct config *cfg)
{
	uint64_t mib = cfg->perchar_mib >= 0 ? (uint64_t)cfg->perchar_mib
		       : cfg->mode.char_io == CHAR_IO_STDIO ? cfg->io.size_mib
							    : SYSCALL_PERCHAR_MIB;
	if (mib > cfg->io.size_mib)
		mib = cfg->io.size_mib;
	return mib * MIB;
}

uint64_t phase_units(const struct phase_info *info, const struct config *cfg,
		     const void *arg)
{
	const struct random_spec *spec = arg;

	switch (info->size) {
	case SIZE_PERCHAR:
		return phase_perchar_bytes(cfg);
	case SIZE_FILE:
		return cfg->io.size_mib * MIB;
	case SIZE_SEEKS:
		return cfg->io.size_mib ? cfg->io.seeks : 0;
	case SIZE_FILES:
		return cfg->files.count_k * 1024;
	case SIZE_IOS:
		return cfg->io.size_mib && spec ? spec->ios : 0;
	case SIZE_TIME:
		break;
	}
	return cfg->io.size_mib && spec ? spec->time_ns : 0;
}

bool phase_runs(const struct phase_info *info, const struct config *cfg)
{
	static const struct random_spec any = { .time_ns = 1, .ios = 1 };

	if (info->id == PHASE_RANDOM && !cfg->random_io)
		return false;
	return phase_units(info, cfg, &any) != 0;
}
