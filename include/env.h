/* SPDX-License-Identifier: MIT */
/*
 * env.h - what clyde learns about the machine it runs on: the RAM (the
 * default size and the 2x RAM rule) and where a run happened (kernel,
 * filesystem, device), for the results.
 */
#ifndef ENV_H
#define ENV_H

#include <stdint.h>

#include "clyde.h"
#include "device.h"

/* Physical RAM in MiB, or 0 when the system cannot tell. */
uint64_t env_ram_mib(void);

/*
 * Describe the machine and clyde's directory (open as DIR_FD) on device DEV
 * (dev->found false: none) into *env; what cannot be told stays empty or
 * 0, rotational -1.
 */
void env_describe(int dir_fd, const struct device *dev,
		  struct run_env *env);

#endif
