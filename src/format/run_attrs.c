/* SPDX-License-Identifier: MIT */
/*
 * run_attrs.c - the attribute table (run_attrs.h): how each attribute
 * that tells runs apart reads from a run, and what a bonnie++ version
 * implies where its CSV line says nothing (its per-char method).
 */
#include "run_attrs.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine_name.h"
#include "fmt_text.h"
#include "platform/provenance_read.h"

bool run_attrs_measured(const struct run_results *r)
{
	return r->format_id[0] == '\0';
}

/* TEXT as the value; the attribute applies. */
static bool put(char *buf, const char *text)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s", text);
	return true;
}

/* The attribute means nothing for this run (seekers without I/O tests). */
static bool not_applicable(char *buf)
{
	buf[0] = '\0';
	return false;
}

static bool read_program(const struct run_results *r, char *buf)
{
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s %s",
		 r->program[0] ? r->program : "clyde",
		 r->version[0] ? r->version : CLYDE_VERSION);
	return true;
}

static bool read_size(const struct run_results *r, char *buf)
{
	if (!fmt_has_io(r))
		return put(buf, "no I/O tests");
	fmt_size_text(r, buf, RUN_ATTR_TEXT_MAX);
	return true;
}

static bool read_chunk(const struct run_results *r, char *buf)
{
	char words[32];

	if (!fmt_has_io(r))
		return not_applicable(buf);
	if (r->unrecorded & UNRECORDED_CHUNK)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s chunks",
		 fmt_bytes_words(fmt_io_chunk(r), words, sizeof(words)));
	return true;
}

static bool read_copies(const struct run_results *r, char *buf)
{
	uint32_t n = fmt_concurrency(r);

	if (r->unrecorded & UNRECORDED_CONCURRENCY)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu32 " %s", n,
		 n == 1 ? "copy" : "copies");
	return true;
}

static bool read_seeks(const struct run_results *r, char *buf)
{
	if (!fmt_has_io(r))
		return not_applicable(buf);
	if (r->unrecorded & UNRECORDED_SEEKS)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu64 " seeks", fmt_io_seeks(r));
	return true;
}

static bool read_seekers(const struct run_results *r, char *buf)
{
	if (!fmt_has_io(r))
		return not_applicable(buf);
	if (r->unrecorded & UNRECORDED_SEEKERS)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu64 " seekers",
		 fmt_io_seekers(r));
	return true;
}

static bool read_files(const struct run_results *r, char *buf)
{
	char spec[FMT_TEXT_MAX];

	if (!fmt_has_files(r))
		return put(buf, "no file tests");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "files %s",
		 fmt_file_spec(r, spec, sizeof(spec)));
	return true;
}

/*
 * bonnie++ 1.00 to 1.03e use stdio's putc and getc; from 1.92 on it is one
 * read() or write() a byte. A clyde CSV line does not say which it used.
 */
static bool read_char_io(const struct run_results *r, char *buf)
{
	bool syscall;

	if (!fmt_has_io(r) ||
	    (run_attrs_measured(r) && r->perchar_mib == 0))
		return not_applicable(buf);
	if (run_attrs_measured(r))
		syscall = r->mode.char_io == CHAR_IO_SYSCALL;
	else if (strcmp(r->program, "bonnie++") == 0)
		syscall = strncmp(r->version, "1.0", 3) != 0;
	else
		return put(buf, "");
	return put(buf, syscall ? "per-char via syscalls" : "per-char via stdio");
}

static bool read_perchar_size(const struct run_results *r, char *buf)
{
	if (!fmt_has_io(r))
		return not_applicable(buf);
	if (!run_attrs_measured(r))
		return put(buf, "");
	if (r->perchar_mib == 0)
		return put(buf, "no per-char tests");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "per-char on %" PRIu64 " MiB",
		 r->perchar_mib);
	return true;
}

static bool read_mode(const struct run_results *r, char *buf)
{
	if (!run_attrs_measured(r))
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s I/O%s%s",
		 r->mode.direct ? "direct" : "buffered",
		 r->mode.sync_writes ? ", synchronous writes" : "",
		 r->mode.pieces ? ", 1 GiB pieces" : "");
	return true;
}

static bool read_data(const struct run_results *r, char *buf)
{
	if (!run_attrs_measured(r))
		return put(buf, "");
	return put(buf, r->mode.zeros ? "zero-filled data" : "incompressible data");
}

/* "PREFIX TEXT" (or TEXT alone, PREFIX NULL); "" for an empty TEXT. */
static bool labelled(char *buf, const char *prefix, const char *text,
		     const char *suffix)
{
	if (!text[0])
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%s%s%s", prefix, text, suffix);
	return true;
}

static bool read_kernel(const struct run_results *r, char *buf)
{
	return labelled(buf, "", r->env.kernel, "");
}

static bool read_fs(const struct run_results *r, char *buf)
{
	return labelled(buf, "", r->env.fs_type, " filesystem");
}

static bool read_device(const struct run_results *r, char *buf)
{
	return labelled(buf, "device ", r->env.device, "");
}

static bool read_scheduler(const struct run_results *r, char *buf)
{
	return labelled(buf, "scheduler ", r->env.scheduler, "");
}

static bool read_rotational(const struct run_results *r, char *buf)
{
	bool known = run_attrs_measured(r) &&
		     (r->env.rotational == 0 || r->env.rotational == 1);

	return put(buf, !known ? "" : r->env.rotational ? "rotational disk"
							: "solid-state disk");
}

static bool read_ram(const struct run_results *r, char *buf)
{
	if (r->env.ram_mib == 0)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu64 " MiB RAM", r->env.ram_mib);
	return true;
}

static bool read_cpus(const struct run_results *r, char *buf)
{
	if (r->env.cpus == 0)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "%" PRIu32 " CPU%s", r->env.cpus,
		 r->env.cpus == 1 ? "" : "s");
	return true;
}

/* The provenance's first disk (the one under the test directory), or NULL. */
static const struct prov_disk *first_disk(const struct run_results *r)
{
	return r->prov_known && r->prov.n_disks ? &r->prov.disks[0] : NULL;
}

static bool read_disk_model(const struct run_results *r, char *buf)
{
	const struct prov_disk *d = first_disk(r);

	return labelled(buf, "disk ", d ? d->model : "", "");
}

static bool read_firmware(const struct run_results *r, char *buf)
{
	const struct prov_disk *d = first_disk(r);

	return labelled(buf, "firmware ", d ? d->firmware : "", "");
}

static bool read_mount_options(const struct run_results *r, char *buf)
{
	if (!r->prov_known || !r->prov.fs.mount_options[0])
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "mounted %.70s (superblock %.60s)",
		 r->prov.fs.mount_options, r->prov.fs.super_options);
	return true;
}

/* The engine that ran the random-I/O tests; nothing without them. */
static bool read_engine(const struct run_results *r, char *buf)
{
	if (r->n_random == 0)
		return not_applicable(buf);
	if (r->random[0].engine == ENGINE_AUTO)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "engine %s",
		 engine_name(r->random[0].engine));
	return true;
}

/*
 * The block devices from the filesystem down its first branch: "dm-0
 * (lvm) on sda2 (partition) on sda (disk)".
 */
static bool read_stack(const struct run_results *r, char *buf)
{
	char text[RUN_ATTR_TEXT_MAX] = "";
	int at = -1;

	if (!r->prov_known || r->prov.n_layers == 0)
		return put(buf, "");
	for (size_t depth = 0; depth < PROV_MAX_DEPTH; depth++) {
		int next = -1;
		char layer[96];

		for (size_t i = 0; i < r->prov.n_layers && next < 0; i++)
			if (r->prov.layers[i].above == at)
				next = (int)i;
		if (next < 0)
			break;
		snprintf(layer, sizeof(layer), "%.60s (%s)",
			 r->prov.layers[next].name,
			 provenance_kind_name(r->prov.layers[next].kind));
		fmt_join(text, sizeof(text), " on ", layer);
		at = next;
	}
	return labelled(buf, "stack ", text, "");
}

static bool read_read_ahead(const struct run_results *r, char *buf)
{
	const struct prov_disk *d = first_disk(r);

	if (!d || d->read_ahead_kib < 0)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "read-ahead %" PRId64 " KiB",
		 d->read_ahead_kib);
	return true;
}

static bool read_nr_requests(const struct run_results *r, char *buf)
{
	const struct prov_disk *d = first_disk(r);

	if (!d || d->nr_requests == 0)
		return put(buf, "");
	snprintf(buf, RUN_ATTR_TEXT_MAX, "nr_requests %" PRIu32, d->nr_requests);
	return true;
}

static bool read_write_cache(const struct run_results *r, char *buf)
{
	const struct prov_disk *d = first_disk(r);

	return labelled(buf, "write cache ", d ? d->write_cache : "", "");
}

static bool read_cpu_model(const struct run_results *r, char *buf)
{
	return labelled(buf, "CPU ", r->prov_known ? r->prov.machine.cpu_model
						     : "", "");
}

static bool read_governor(const struct run_results *r, char *buf)
{
	return labelled(buf, "governor ", r->prov_known ? r->prov.machine.governor
							  : "", "");
}

/* A --vary run with trim= among its keys: whether FITRIM ran before it. */
static bool read_trim(const struct run_results *r, char *buf)
{
	for (size_t i = 0; r->vary.known && i < r->vary.n; i++)
		if (strcmp(r->vary.setting[i].key, "trim") == 0)
			return put(buf, r->vary.trimmed ? "FITRIM before the run"
							: "no FITRIM before the run");
	return put(buf, "");
}

const struct run_attr run_attrs[] = {
	{ "program", true, ROW_NONE, NULL, WEIGHT_SETTING, false, read_program },
	{ "size", true, ROW_EVERY, NULL, WEIGHT_WORKLOAD, false, read_size },
	{ "chunk", true, ROW_EVERY, "8 KiB chunks", WEIGHT_SETTING, false,
	  read_chunk },
	{ "copies", true, ROW_PAGES, "1 copy", WEIGHT_WORKLOAD, false, read_copies },
	{ "seeks", true, ROW_PAGES, "8192 seeks", WEIGHT_WORKLOAD, false, read_seeks },
	{ "seekers", true, ROW_PAGES, "5 seekers", WEIGHT_WORKLOAD, false,
	  read_seekers },
	{ "file tests", true, ROW_EVERY, NULL, WEIGHT_WORKLOAD, false, read_files },
	{ "mode", true, ROW_NONE, NULL, WEIGHT_METHOD, false, read_mode },
	{ "data", true, ROW_NONE, NULL, WEIGHT_SETTING, false, read_data },
	{ "per-char method", true, ROW_NONE, NULL, WEIGHT_WORKLOAD, false,
	  read_char_io },
	{ "per-char size", true, ROW_NONE, NULL, WEIGHT_WORKLOAD, false,
	  read_perchar_size },
	{ "engine", false, ROW_NONE, NULL, WEIGHT_SETTING, true, read_engine },
	{ "kernel", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_kernel },
	{ "filesystem", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_fs },
	{ "device", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_device },
	{ "device stack", false, ROW_NONE, NULL, WEIGHT_SETTING, true,
	  read_stack },
	{ "scheduler", false, ROW_NONE, NULL, WEIGHT_SETTING, false,
	  read_scheduler },
	{ "read-ahead", false, ROW_NONE, NULL, WEIGHT_SETTING, true,
	  read_read_ahead },
	{ "nr_requests", false, ROW_NONE, NULL, WEIGHT_SETTING, true,
	  read_nr_requests },
	{ "write cache", false, ROW_NONE, NULL, WEIGHT_SETTING, true,
	  read_write_cache },
	{ "disk model", false, ROW_NONE, NULL, WEIGHT_SETTING, false,
	  read_disk_model },
	{ "firmware", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_firmware },
	{ "mount options", false, ROW_NONE, NULL, WEIGHT_SETTING, false,
	  read_mount_options },
	{ "FITRIM", false, ROW_NONE, NULL, WEIGHT_SETTING, true, read_trim },
	{ "disk kind", false, ROW_NONE, NULL, WEIGHT_SETTING, false,
	  read_rotational },
	{ "CPU model", false, ROW_NONE, NULL, WEIGHT_SETTING, true,
	  read_cpu_model },
	{ "governor", false, ROW_NONE, NULL, WEIGHT_SETTING, true, read_governor },
	{ "RAM", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_ram },
	{ "CPUs", false, ROW_NONE, NULL, WEIGHT_SETTING, false, read_cpus },
};

_Static_assert(sizeof(run_attrs) / sizeof(run_attrs[0]) <= RUN_ATTR_MAX,
	       "RUN_ATTR_MAX holds the table");

const size_t run_attr_count = sizeof(run_attrs) / sizeof(run_attrs[0]);
