/* SPDX-License-Identifier: MIT */
/*
 * device_none.c - the portable fallback for device.h where there is no
 * sysfs: no device is ever found, so the truth check says so and stands
 * aside.
 */
#include "device.h"

#include <string.h>

void device_find(int dir_fd, const struct provenance *prov,
		 struct device *dev)
{
	(void)dir_fd;
	(void)prov;
	memset(dev, 0, sizeof(*dev));
}

void device_counters(const struct device *dev, struct device_io *io)
{
	(void)dev;
	memset(io, 0, sizeof(*io));
}

bool device_discarded(const struct device *dev, uint64_t *bytes)
{
	(void)dev;
	*bytes = 0;
	return false;
}

uint64_t device_discard_wait(const struct device *dev, uint64_t before,
			     uint64_t bytes, bool (*stop)(void), uint64_t *last_ns)
{
	(void)dev;
	(void)before;
	(void)bytes;
	(void)stop;
	(void)last_ns;
	return 0;
}
