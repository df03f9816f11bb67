/* SPDX-License-Identifier: MIT */
/*
 * iobuf.h - the one allocator of clyde's I/O buffers, for every engine,
 * phase and probe: aligned buffers, and from IOBUF_HUGE_MIN on 2 MiB-aligned
 * regions backed by huge pages where the kernel gives them (explicit huge
 * pages where configured, else transparent ones asked for), faulted in when
 * allocated and kept for reuse, so that a process keeps one physical layout
 * for all its tests; and what layout they got, for the JSON.
 */
#ifndef IOBUF_H
#define IOBUF_H

#include <stddef.h>

#include "results.h"

#define IOBUF_HUGE_BYTES (2u << 20) /* a huge page: the regions' alignment */
#define IOBUF_HUGE_MIN (1u << 20)   /* buffers this big or bigger get one */

/*
 * LEN bytes aligned to ALIGN (a power of two >= sizeof(void *)) and never
 * less than a page, whatever ALIGN says: a direct write from a buffer that
 * only meets the filesystem's 512-byte alignment straddles one page more and
 * ran 4x slower on a virtio disk. From IOBUF_HUGE_MIN bytes on, the buffer
 * starts a region of whole huge pages, aligned to IOBUF_HUGE_BYTES, every
 * page of it already in memory. NULL on ENOMEM. Free with io_free.
 * Thread-safe.
 */
void *io_alloc(size_t len, size_t align);

/*
 * Give back a buffer of io_alloc (NULL: nothing). A region is kept for the
 * next io_alloc that fits in it, up to IOBUF_KEEP_BYTES of them; its pages
 * keep their place in memory.
 */
void io_free(void *p);

/*
 * Make sure COUNT regions of LEN bytes each are there to be taken, before
 * the test files fill memory with their cache: a process that reserves at
 * its start draws its huge pages from memory nothing has broken up yet.
 * Below IOBUF_HUGE_MIN nothing is done. 0, or -1 with errno.
 */
int io_reserve(size_t count, size_t len);

/*
 * In how many physically contiguous pieces the LEN bytes at P lie, per MiB,
 * from /proc/self/pagemap: -1 when the page frames cannot be read (not
 * root: the kernel hides them) or a page is not in memory.
 */
double io_pieces_per_mib(const void *p, size_t len);

/*
 * What the regions this process allocated so far got (struct
 * buffer_layout, results.h): the largest, whether huge pages were asked
 * for and of which kind, and the most pieces per MiB any had.
 */
void io_buffer_layout(struct buffer_layout *out);

#endif
