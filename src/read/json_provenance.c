/* SPDX-License-Identifier: MIT */
/*
 * json_provenance.c - started, command_line and the provenance object of
 * a run in clyde's JSON back into struct run_results (json_provenance.h),
 * key by key as fmt_json.c writes them; the disks' links and the cipher,
 * which older JSON lacks, when they are there.
 */
#include "json_provenance.h"
#include "platform/provenance_read.h"

#include <stdint.h>

/* A count or size fmt_json prints null for when it is 0 (unknown). */
static int read_count(const struct json_where *w, const struct json_value *obj,
		      const char *key, uint64_t max, uint64_t *out)
{
	bool known;

	return json_field_uint(w, obj, key, true, max, out, &known);
}

/* rotational, discard: true 1, false 0, null -1. */
static int read_tristate(const struct json_where *w,
			 const struct json_value *obj, const char *key, int *out)
{
	bool value, known;

	if (json_field_bool(w, obj, key, true, &value, &known) != 0)
		return -1;
	*out = known ? value : -1;
	return 0;
}

/*
 * An index below LIMIT into *out, or -1 for null; past it, "N is not
 * WHAT". A layer's "above" must be an earlier layer: the stack is a tree.
 */
static int read_index(const struct json_where *w, const struct json_value *obj,
		      const char *key, size_t limit, const char *what, int *out)
{
	uint64_t v;
	bool known;

	if (json_field_uint(w, obj, key, true, INT32_MAX, &v, &known) != 0)
		return -1;
	if (known && v >= limit)
		return json_field_fail(w, key, "%llu is not %s",
				       (unsigned long long)v, what);
	*out = known ? (int)v : -1;
	return 0;
}

static int read_fs(const struct json_where *top, const struct json_value *prov,
		   struct prov_fs *fs)
{
	const struct json_value *o;
	struct json_where w = json_field_child(top, "filesystem", -1);
	const struct {
		const char *key;
		char *text;
		size_t size;
	} texts[] = {
		{ "type", fs->type, sizeof(fs->type) },
		{ "source", fs->source, sizeof(fs->source) },
		{ "mount_point", fs->mount_point, sizeof(fs->mount_point) },
		{ "mount_options", fs->mount_options, sizeof(fs->mount_options) },
		{ "super_options", fs->super_options, sizeof(fs->super_options) },
	};
	const struct {
		const char *key;
		uint64_t *value;
	} sizes[] = {
		{ "block_bytes", &fs->block_bytes },
		{ "size_bytes", &fs->size_bytes },
		{ "used_bytes", &fs->used_bytes },
		{ "available_bytes", &fs->avail_bytes },
	};

	if (json_field_object(top, prov, "filesystem", false, &o) != 0)
		return -1;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (json_field_text(&w, o, texts[i].key, true, texts[i].text,
				    texts[i].size) != 0)
			return -1;
	fs->space_known = true;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		bool known;

		if (json_field_uint(&w, o, sizes[i].key, true, UINT64_MAX,
				    sizes[i].value, &known) != 0)
			return -1;
		fs->space_known &= known; /* fmt_json writes all four or none */
	}
	return 0;
}

static int read_layer(const struct json_where *w, const struct json_value *o,
		      size_t index, size_t n_disks, struct prov_layer *l)
{
	const char *kinds[PROV_OTHER + 1];
	int kind;

	for (int k = 0; k <= PROV_OTHER; k++)
		kinds[k] = provenance_kind_name((enum prov_kind)k);
	if (o->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	if (json_field_choice(w, o, "kind", false, kinds, PROV_OTHER + 1,
			      &kind) != 0 ||
	    json_field_text(w, o, "name", true, l->name, sizeof(l->name)) != 0 ||
	    json_field_text(w, o, "label", true, l->label, sizeof(l->label)) != 0 ||
	    json_field_text(w, o, "detail", true, l->detail,
			    sizeof(l->detail)) != 0 ||
	    read_index(w, o, "above", index, "an earlier layer", &l->above) != 0 ||
	    read_index(w, o, "disk", n_disks, "in disks", &l->disk) != 0)
		return -1;
	l->kind = (enum prov_kind)kind;
	if (l->kind != PROV_DISK && l->disk >= 0)
		return json_field_fail(w, "disk", "set on a %s layer", kinds[kind]);
	return 0;
}

/*
 * A disk's link: absent from JSON written before clyde read links (then
 * unknown), null where not known.
 */
static int read_link(const struct json_where *w, const struct json_value *o,
		     struct prov_link *l)
{
	const struct {
		const char *key;
		char *text;
		size_t size;
	} texts[] = {
		{ "interface", l->kind, sizeof(l->kind) },
		{ "link", l->name, sizeof(l->name) },
		{ "link_speed", l->speed, sizeof(l->speed) },
		{ "link_max_speed", l->max_speed, sizeof(l->max_speed) },
	};
	const struct {
		const char *key;
		uint32_t *value;
	} counts[] = {
		{ "link_width", &l->width },
		{ "link_max_width", &l->max_width },
		{ "ceiling_mb_s", &l->ceiling_mb_s },
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (json_get(o, texts[i].key) &&
		    json_field_text(w, o, texts[i].key, true, texts[i].text,
				    texts[i].size) != 0)
			return -1;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (json_get(o, counts[i].key) &&
		    json_field_u32(w, o, counts[i].key, true, counts[i].value) != 0)
			return -1;
	return 0;
}

/* The cipher: absent (older JSON) or null when the stack has none. */
static int read_cipher(const struct json_where *top, const struct json_value *prov,
		       size_t n_layers, struct prov_cipher *c)
{
	const struct json_value *o = NULL;
	struct json_where w = json_field_child(top, "cipher", -1);

	if (json_get(prov, "cipher") &&
	    json_field_object(top, prov, "cipher", true, &o) != 0)
		return -1;
	if (!o)
		return 0;
	if (read_index(&w, o, "layer", n_layers, "in stack", &c->layer) != 0 ||
	    json_field_text(&w, o, "spec", true, c->spec, sizeof(c->spec)) != 0 ||
	    json_field_text(&w, o, "algorithm", true, c->algorithm,
			    sizeof(c->algorithm)) != 0 ||
	    json_field_u32(&w, o, "key_bits", true, &c->key_bits) != 0 ||
	    json_field_u32(&w, o, "encrypt_mb_s", true, &c->encrypt_mb_s) != 0 ||
	    json_field_u32(&w, o, "decrypt_mb_s", true, &c->decrypt_mb_s) != 0 ||
	    json_field_text(&w, o, "not_measured", true, c->not_measured,
			    sizeof(c->not_measured)) != 0)
		return -1;
	if (c->layer < 0)
		return json_field_fail(&w, "layer", "null");
	return 0;
}

static int read_disk(const struct json_where *w, const struct json_value *o,
		     struct prov_disk *d)
{
	const struct {
		const char *key;
		char *text;
		size_t size;
	} texts[] = {
		{ "name", d->name, sizeof(d->name) },
		{ "model", d->model, sizeof(d->model) },
		{ "vendor", d->vendor, sizeof(d->vendor) },
		{ "firmware", d->firmware, sizeof(d->firmware) },
		{ "transport", d->transport, sizeof(d->transport) },
		{ "driver", d->driver, sizeof(d->driver) },
		{ "write_cache", d->write_cache, sizeof(d->write_cache) },
		{ "scheduler", d->scheduler, sizeof(d->scheduler) },
	};
	uint64_t logical, physical, depth, requests, read_ahead;
	bool known;

	if (o->type != JSON_OBJECT)
		return json_field_fail(w, "", "not an object");
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (json_field_text(w, o, texts[i].key, true, texts[i].text,
				    texts[i].size) != 0)
			return -1;
	if (read_tristate(w, o, "rotational", &d->rotational) != 0 ||
	    read_count(w, o, "logical_block_bytes", UINT32_MAX, &logical) != 0 ||
	    read_count(w, o, "physical_block_bytes", UINT32_MAX, &physical) != 0 ||
	    read_tristate(w, o, "discard", &d->discard) != 0 ||
	    read_count(w, o, "discard_max_bytes", UINT64_MAX,
		       &d->discard_max_bytes) != 0 ||
	    read_count(w, o, "queue_depth", UINT32_MAX, &depth) != 0 ||
	    read_count(w, o, "nr_requests", UINT32_MAX, &requests) != 0 ||
	    json_field_uint(w, o, "read_ahead_kib", true, INT64_MAX, &read_ahead,
			    &known) != 0)
		return -1;
	if (read_link(w, o, &d->link) != 0)
		return -1;
	d->logical_block_bytes = (uint32_t)logical;
	d->physical_block_bytes = (uint32_t)physical;
	d->queue_depth = (uint32_t)depth;
	d->nr_requests = (uint32_t)requests;
	d->read_ahead_kib = known ? (int64_t)read_ahead : -1;
	return 0;
}

static int read_machine(const struct json_where *top,
			const struct json_value *prov, struct prov_machine *m)
{
	const struct json_value *o;
	struct json_where w = json_field_child(top, "machine", -1);

	if (json_field_object(top, prov, "machine", false, &o) != 0 ||
	    json_field_text(&w, o, "kernel", true, m->kernel,
			    sizeof(m->kernel)) != 0 ||
	    json_field_text(&w, o, "cpu_model", true, m->cpu_model,
			    sizeof(m->cpu_model)) != 0 ||
	    json_field_u32(&w, o, "cpus", true, &m->cpus_online) != 0 ||
	    json_field_u64(&w, o, "ram_bytes", true, &m->ram_bytes) != 0 ||
	    json_field_text(&w, o, "governor", true, m->governor,
			    sizeof(m->governor)) != 0)
		return -1;
	return 0;
}

/* The array at KEY, of at most MAX items. */
static int read_list(const struct json_where *w, const struct json_value *obj,
		     const char *key, size_t max, const struct json_value **out)
{
	if (json_field_member(w, obj, key, false, out) != 0)
		return -1;
	if ((*out)->type != JSON_ARRAY)
		return json_field_fail(w, key, "not an array");
	if ((*out)->length > max)
		return json_field_fail(w, key, "%zu items, at most %zu",
				       (*out)->length, max);
	return 0;
}

static int read_provenance(const struct json_where *w,
			   const struct json_value *o, struct provenance *p)
{
	const struct json_value *stack, *disks;
	bool truncated, known;

	if (read_fs(w, o, &p->fs) != 0 ||
	    read_list(w, o, "stack", PROV_MAX_LAYERS, &stack) != 0 ||
	    json_field_bool(w, o, "stack_truncated", false, &truncated,
			    &known) != 0 ||
	    read_list(w, o, "disks", PROV_MAX_DISKS, &disks) != 0 ||
	    read_machine(w, o, &p->machine) != 0)
		return -1;
	p->truncated = truncated;
	for (size_t i = 0; i < disks->length; i++) {
		struct json_where c = json_field_child(w, "disks", (long)i);

		if (read_disk(&c, &disks->items[i], &p->disks[i]) != 0)
			return -1;
	}
	p->n_disks = disks->length;
	for (size_t i = 0; i < stack->length; i++) {
		struct json_where c = json_field_child(w, "stack", (long)i);

		if (read_layer(&c, &stack->items[i], i, p->n_disks,
			       &p->layers[i]) != 0)
			return -1;
	}
	p->n_layers = stack->length;
	return read_cipher(w, o, p->n_layers, &p->cipher);
}

int json_provenance_fields(const struct json_where *w,
			   const struct json_value *run, struct json_origin *o)
{
	const struct json_value *pv = NULL;
	struct json_where c = json_field_child(w, "provenance", -1);

	o->started[0] = o->command_line[0] = '\0';
	*o->prov_known = false;
	provenance_clear(o->prov);
	if ((json_get(run, "started") &&
	     json_field_text(w, run, "started", true, o->started,
			     o->started_size) != 0) ||
	    (json_get(run, "command_line") &&
	     json_field_text(w, run, "command_line", true, o->command_line,
			     o->command_line_size) != 0) ||
	    (json_get(run, "provenance") &&
	     json_field_object(w, run, "provenance", true, &pv) != 0))
		return -1;
	if (!pv)
		return 0;
	if (read_provenance(&c, pv, o->prov) != 0)
		return -1;
	*o->prov_known = true;
	return 0;
}

int json_provenance_read(const struct json_where *w,
			 const struct json_value *run, struct run_results *r)
{
	struct json_origin o = { r->started, sizeof(r->started), r->command_line,
				 sizeof(r->command_line), &r->prov_known, &r->prov };

	return json_provenance_fields(w, run, &o);
}
