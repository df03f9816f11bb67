/* SPDX-License-Identifier: MIT */
/*
 * fmt_json_prov.c - the "provenance" object of clyde's JSON (fmt_json.c,
 * fmt_mark.c): the filesystem, the device stack, the disks with their
 * links, the dm-crypt cipher and the machine, each member null when not
 * known. Keys are documented in the
 * man page (JSON, under OUTPUT).
 */
#include <inttypes.h>

#include "fmt_json.h"
#include "json_out.h"
#include "core/limit.h"
#include "platform/provenance_read.h"

/*
 * One member of the provenance's objects: LEAD (what comes before its key:
 * "{", ", " or a line break and indent), the key, and the value, null when
 * not known (an empty text is not known).
 */
struct member {
	const char *lead, *key;
	enum { MEMBER_TEXT, MEMBER_U64, MEMBER_BOOL } kind;
	bool known;
	const char *text;
	uint64_t value;
};

static struct member text_m(const char *lead, const char *key, const char *text)
{
	return (struct member){ lead, key, MEMBER_TEXT, text[0] != '\0', text, 0 };
}

static struct member u64_m(const char *lead, const char *key, bool known,
			   uint64_t value)
{
	return (struct member){ lead, key, MEMBER_U64, known, "", value };
}

/* A count or size that is 0 when unknown. */
static struct member count_m(const char *lead, const char *key, uint64_t value)
{
	return u64_m(lead, key, value != 0, value);
}

/* rotational, discard: 1 true, 0 false, -1 unknown. */
static struct member bool_m(const char *lead, const char *key, int value)
{
	return (struct member){ lead, key, MEMBER_BOOL, value == 0 || value == 1,
				"", value == 1 };
}

/* An index into stack or disks, unknown when negative. */
static struct member index_m(const char *lead, const char *key, int index)
{
	return u64_m(lead, key, index >= 0, index >= 0 ? (uint64_t)index : 0);
}

/* M[0..n), then "}". */
static void put_members(FILE *out, const struct member *m, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "%s\"%s\": ", m[i].lead, m[i].key);
		if (!m[i].known)
			fputs("null", out);
		else if (m[i].kind == MEMBER_TEXT)
			json_out_string(out, m[i].text);
		else if (m[i].kind == MEMBER_BOOL)
			fputs(m[i].value ? "true" : "false", out);
		else
			fprintf(out, "%" PRIu64, m[i].value);
	}
	fputc('}', out);
}

/* The filesystem of P; in_memory is limit_memory_fs's verdict, known with the type. */
static void put_prov_fs(FILE *out, const struct provenance *p)
{
	const struct prov_fs *fs = &p->fs;
	const char *next = ",\n                   ";
	bool space = fs->space_known;
	const struct member m[] = {
		text_m("    \"filesystem\": {", "type", fs->type),
		(struct member){ ", ", "in_memory", MEMBER_BOOL, fs->type[0] != '\0',
				 "", limit_memory_fs(p, NULL, 0) },
		text_m(", ", "source", fs->source),
		text_m(", ", "mount_point", fs->mount_point),
		text_m(next, "mount_options", fs->mount_options),
		text_m(", ", "super_options", fs->super_options),
		u64_m(next, "block_bytes", space, fs->block_bytes),
		u64_m(", ", "size_bytes", space, fs->size_bytes),
		u64_m(", ", "used_bytes", space, fs->used_bytes),
		u64_m(", ", "available_bytes", space, fs->avail_bytes),
	};

	put_members(out, m, sizeof(m) / sizeof(m[0]));
	fputs(",\n", out);
}

static void put_prov_layer(FILE *out, const struct prov_layer *l)
{
	const struct member m[] = {
		text_m("      {", "kind", provenance_kind_name(l->kind)),
		text_m(", ", "name", l->name),
		text_m(", ", "label", l->label),
		text_m(", ", "detail", l->detail),
		index_m(", ", "above", l->above),
		index_m(", ", "disk", l->kind == PROV_DISK ? l->disk : -1),
	};

	put_members(out, m, sizeof(m) / sizeof(m[0]));
}

static void put_prov_disk(FILE *out, const struct prov_disk *d)
{
	const char *next = ",\n       ";
	const struct member m[] = {
		text_m("      {", "name", d->name),
		text_m(", ", "model", d->model),
		text_m(", ", "vendor", d->vendor),
		text_m(", ", "firmware", d->firmware),
		text_m(", ", "transport", d->transport),
		text_m(", ", "driver", d->driver),
		bool_m(next, "rotational", d->rotational),
		count_m(", ", "logical_block_bytes", d->logical_block_bytes),
		count_m(", ", "physical_block_bytes", d->physical_block_bytes),
		text_m(", ", "write_cache", d->write_cache),
		bool_m(next, "discard", d->discard),
		u64_m(", ", "discard_max_bytes", d->discard >= 0,
		      d->discard_max_bytes),
		count_m(", ", "queue_depth", d->queue_depth),
		count_m(", ", "nr_requests", d->nr_requests),
		text_m(next, "scheduler", d->scheduler),
		u64_m(", ", "read_ahead_kib", d->read_ahead_kib >= 0,
		      (uint64_t)d->read_ahead_kib),
		text_m(next, "interface", d->link.kind),
		text_m(", ", "link", d->link.name),
		text_m(", ", "link_speed", d->link.speed),
		count_m(", ", "link_width", d->link.width),
		text_m(next, "link_max_speed", d->link.max_speed),
		count_m(", ", "link_max_width", d->link.max_width),
		count_m(", ", "ceiling_mb_s", d->link.ceiling_mb_s),
	};

	put_members(out, m, sizeof(m) / sizeof(m[0]));
}

/* The stack's dm-crypt cipher and its speed on one core; null without one. */
static void put_prov_cipher(FILE *out, const struct prov_cipher *c)
{
	const char *next = ",\n               ";
	const struct member m[] = {
		index_m("    \"cipher\": {", "layer", c->layer),
		text_m(", ", "spec", c->spec),
		text_m(", ", "algorithm", c->algorithm),
		count_m(", ", "key_bits", c->key_bits),
		count_m(next, "encrypt_mb_s", c->encrypt_mb_s),
		count_m(", ", "decrypt_mb_s", c->decrypt_mb_s),
		text_m(", ", "not_measured", c->not_measured),
	};

	if (c->layer < 0) {
		fputs("    \"cipher\": null,\n", out);
		return;
	}
	put_members(out, m, sizeof(m) / sizeof(m[0]));
	fputs(",\n", out);
}

static void put_prov_machine(FILE *out, const struct prov_machine *m)
{
	const struct member members[] = {
		text_m("    \"machine\": {", "kernel", m->kernel),
		text_m(", ", "cpu_model", m->cpu_model),
		count_m(",\n                ", "cpus", m->cpus_online),
		count_m(", ", "ram_bytes", m->ram_bytes),
		text_m(", ", "governor", m->governor),
	};

	put_members(out, members, sizeof(members) / sizeof(members[0]));
}

void fmt_json_provenance(FILE *out, bool known, const struct provenance *p)
{
	size_t layers = p->n_layers < PROV_MAX_LAYERS ? p->n_layers : PROV_MAX_LAYERS;
	size_t disks = p->n_disks < PROV_MAX_DISKS ? p->n_disks : PROV_MAX_DISKS;

	if (!known) {
		fputs("  \"provenance\": null,\n", out);
		return;
	}
	fputs("  \"provenance\": {\n", out);
	put_prov_fs(out, p);
	fputs("    \"stack\": [", out);
	for (size_t i = 0; i < layers; i++) {
		fputs(i ? ",\n" : "\n", out);
		put_prov_layer(out, &p->layers[i]);
	}
	fprintf(out, "%s],\n    \"stack_truncated\": %s,\n    \"disks\": [",
		layers ? "\n    " : "", p->truncated ? "true" : "false");
	for (size_t i = 0; i < disks; i++) {
		fputs(i ? ",\n" : "\n", out);
		put_prov_disk(out, &p->disks[i]);
	}
	fputs(disks ? "\n    ],\n" : "],\n", out);
	put_prov_cipher(out, &p->cipher);
	put_prov_machine(out, &p->machine);
	fputs("},\n", out);
}
