/* SPDX-License-Identifier: MIT */
/*
 * test_iobuf.c - the I/O buffer allocator (src/io/iobuf.c): large buffers
 * start on a huge page, every page already in memory, and are kept for
 * reuse in place; small ones are page-aligned; io_reserve makes regions
 * that later buffers are cut from; the layout it reports agrees with what
 * /proc/self/pagemap says (known as root only: the kernel hides page
 * frames from others). Whether the kernel gives huge pages is a setting of
 * the machine, not the test's: the pieces are checked against the pages
 * the allocator reports it got.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "io/iobuf.h"

#define ONE_MIB (1u << 20)

static bool aligned(const void *p, size_t to)
{
	return ((uintptr_t)p & (to - 1)) == 0;
}

int main(void)
{
	bool root = geteuid() == 0;
	struct buffer_layout lay;

	io_buffer_layout(&lay);
	CHECK("iobuf: nothing allocated, no layout", lay.bytes == 0 &&
						     lay.pages == BUFFER_PAGES_NONE);

	unsigned char *small = io_alloc(4096, 512);
	CHECK("iobuf: a small buffer is page-aligned",
	      small && aligned(small, (size_t)sysconf(_SC_PAGESIZE)));
	io_free(small);

	unsigned char *one = io_alloc(ONE_MIB, 4096);
	CHECK("iobuf: 1 MiB starts on a 2 MiB boundary", one && aligned(one, IOBUF_HUGE_BYTES));
	double pieces = one ? io_pieces_per_mib(one, ONE_MIB) : -1;
	if (root) {
		/* Every page in memory already: a 1 MiB buffer lies in 1..256 pieces. */
		CHECK("iobuf: 1 MiB in memory, 1 to 256 pieces a MiB", pieces >= 1 && pieces <= 256);
	} else {
		CHECK("iobuf: not root, pieces unknown", pieces < 0);
	}
	memset(one, 0x5a, ONE_MIB);
	io_free(one);
	unsigned char *again = io_alloc(ONE_MIB / 2 + ONE_MIB, 4096);
	CHECK("iobuf: a region given back is reused in place", again == one);

	unsigned char *eight = io_alloc(8 * ONE_MIB, 4096);
	CHECK("iobuf: 8 MiB on a 2 MiB boundary, apart from the first",
	      eight && aligned(eight, IOBUF_HUGE_BYTES) && eight != again);
	io_buffer_layout(&lay);
	CHECK("iobuf: the layout names the largest region and its pages",
	      lay.bytes == 8 * ONE_MIB && lay.pages != BUFFER_PAGES_NONE);
	if (root && eight) {
		double p8 = io_pieces_per_mib(eight, 8 * ONE_MIB);
		CHECK("iobuf: the layout's pieces are the most any region had",
		      p8 >= 0 && lay.pieces_per_mib >= p8);
		printf("# pages %d, 8 MiB in %.3f pieces a MiB\n", (int)lay.pages, p8);
		/* A 2 MiB page is one piece: huge pages granted, 0.5 a MiB. */
		if (lay.pages == BUFFER_PAGES_HUGETLB)
			CHECK("iobuf: explicit huge pages, 0.5 pieces a MiB", p8 == 0.5);
	} else {
		CHECK("iobuf: not root, the layout's pieces unknown", lay.pieces_per_mib < 0);
	}
	io_free(again);
	io_free(eight);

	CHECK("iobuf: reserve 3 regions of 3 MiB", io_reserve(3, 3 * ONE_MIB) == 0);
	unsigned char *r[3];
	for (int i = 0; i < 3; i++)
		r[i] = io_alloc(3 * ONE_MIB, 4096);
	CHECK("iobuf: reserved regions are distinct and aligned",
	      r[0] && r[1] && r[2] && r[0] != r[1] && r[1] != r[2] && r[0] != r[2] &&
	      aligned(r[0], IOBUF_HUGE_BYTES) && aligned(r[1], IOBUF_HUGE_BYTES) &&
	      aligned(r[2], IOBUF_HUGE_BYTES));
	for (int i = 0; i < 3; i++)
		io_free(r[i]);
	CHECK("iobuf: a small reserve does nothing", io_reserve(4, 4096) == 0);
	io_free(NULL);
	return check_done();
}
