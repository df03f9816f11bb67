/* SPDX-License-Identifier: MIT */
/*
 * provenance_none.c - the portable fallback for provenance.h where there is
 * no /proc or /sys: the filesystem's size and fill (statvfs), the kernel
 * (uname) and the online CPUs, which POSIX can tell; everything else stays
 * unknown.
 */
#include "provenance_read.h"

#include <stdio.h>
#include <sys/utsname.h>
#include <unistd.h>

int provenance_read(const char *dir, const char *root, struct provenance *out)
{
	struct utsname u;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	(void)root;
	provenance_clear(out);
	if (uname(&u) == 0 &&
	    snprintf(out->machine.kernel, sizeof(out->machine.kernel), "%s %s",
		     u.sysname, u.release) >= (int)sizeof(out->machine.kernel))
		out->machine.kernel[0] = '\0'; /* cut: better unknown than wrong */
	if (cpus > 0)
		out->machine.cpus_online = (uint32_t)cpus;
	return provenance_read_space(dir, &out->fs);
}
