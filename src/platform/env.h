/* SPDX-License-Identifier: MIT */
/*
 * env.h - what clyde learns about the machine it runs on: the RAM (the
 * default size and the 2x RAM rule), and the JSON's short summary of where
 * a run happened (kernel, filesystem, device), taken from the run's
 * provenance (provenance.h), which is the one reader of /proc and /sys.
 */
#ifndef ENV_H
#define ENV_H

#include <stdint.h>

#include "results.h"
#include "device.h"

/* Physical RAM in MiB, or 0 when the system cannot tell. */
uint64_t env_ram_mib(void);

/*
 * The summary into *env, from PROV (the run's provenance; NULL when it was
 * not read) and the truth check's device DEV (dev->n 0: none): the
 * kernel, the filesystem's type, RAM and CPUs from PROV; the device's name
 * from DEV, and its scheduler and whether it spins from PROV's disk of
 * that name (a device-mapper or md device is no disk: unknown). What
 * cannot be told stays "" or 0, rotational -1.
 */
void env_describe(const struct provenance *prov, const struct device *dev,
		  struct run_env *env);

#endif
