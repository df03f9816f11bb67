/* SPDX-License-Identifier: MIT */
/*
 * env.c - the machine's RAM (sysconf, needed before any run for the
 * defaults) and a run's surroundings for the JSON (env.h), from the run's
 * provenance and the truth check's device.
 */
#include "env.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

uint64_t env_ram_mib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long page = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || page <= 0)
		return 0;
	return (uint64_t)pages * (uint64_t)page / MIB;
}

void env_describe(const struct provenance *prov, const struct device *dev,
		  struct run_env *env)
{
	memset(env, 0, sizeof(*env));
	env->rotational = -1;
	if (dev->n > 0)
		snprintf(env->device, sizeof(env->device), "%s", dev->name);
	if (!prov)
		return;
	snprintf(env->kernel, sizeof(env->kernel), "%s", prov->machine.kernel);
	snprintf(env->fs_type, sizeof(env->fs_type), "%s", prov->fs.type);
	env->ram_mib = prov->machine.ram_bytes / MIB;
	env->cpus = prov->machine.cpus_online;
	for (size_t i = 0; dev->n > 0 && i < prov->n_disks; i++) {
		const struct prov_disk *d = &prov->disks[i];

		if (strcmp(d->name, dev->name) != 0)
			continue;
		snprintf(env->scheduler, sizeof(env->scheduler), "%s", d->scheduler);
		env->rotational = d->rotational;
	}
}
