/* SPDX-License-Identifier: MIT */
/*
 * json_provenance.h - the provenance keys of a run in clyde's JSON
 * (started, command_line, provenance; fmt_json.c writes them) read back,
 * for json_results.c. Each key is optional, so that JSON written before
 * clyde recorded them still reads: absent is unknown, as null is.
 */
#ifndef JSON_PROVENANCE_H
#define JSON_PROVENANCE_H

#include "results.h"
#include "json_field.h"

/*
 * From the run object RUN (at W) into r->started, r->command_line,
 * r->prov_known and r->prov, every one of them set. Returns 0, or -1 with
 * the reason in *w->err: a value of the wrong type or out of range, a
 * stack or disk list longer than provenance.h holds, a layer whose
 * "above" is not an earlier layer or whose "disk" is not in "disks".
 */
int json_provenance_read(const struct json_where *w,
			 const struct json_value *run, struct run_results *r);

/* Where json_provenance_fields puts what it reads: any document's fields. */
struct json_origin {
	char *started;
	size_t started_size;
	char *command_line;
	size_t command_line_size;
	bool *prov_known;
	struct provenance *prov;
};

/*
 * json_provenance_read for a document other than a classic run (clyde
 * mark's): the same keys of RUN into the fields O points to.
 */
int json_provenance_fields(const struct json_where *w,
			   const struct json_value *run, struct json_origin *o);

#endif
