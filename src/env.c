/* SPDX-License-Identifier: MIT */
/*
 * env.c - the machine's RAM and a run's surroundings (env.h), from
 * sysconf, uname and the platform and device modules.
 */
#include "env.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "platform.h"

uint64_t env_ram_mib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long page = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || page <= 0)
		return 0;
	return (uint64_t)pages * (uint64_t)page / MIB;
}

void env_describe(int dir_fd, const struct device *dev,
		  struct run_env *env)
{
	struct utsname un;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	memset(env, 0, sizeof(*env));
	if (uname(&un) == 0)
		snprintf(env->kernel, sizeof(env->kernel), "%.60s %.60s", un.sysname,
			 un.release);
	platform_fs_name(dir_fd, env->fs_type, sizeof(env->fs_type));
	if (dev->found) {
		snprintf(env->device, sizeof(env->device), "%s", dev->name);
		snprintf(env->scheduler, sizeof(env->scheduler), "%s", dev->scheduler);
	}
	env->rotational = dev->rotational;
	env->ram_mib = env_ram_mib();
	env->cpus = cpus > 0 ? (uint32_t)cpus : 0;
}
