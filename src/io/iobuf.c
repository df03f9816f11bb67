/* SPDX-License-Identifier: MIT */
/*
 * iobuf.c - clyde's I/O buffers (iobuf.h): small ones from posix_memalign,
 * large ones as regions of whole huge pages, mapped once, faulted in at
 * once, measured, and kept in a list for reuse. On a VM each physically
 * contiguous piece of a buffer is one segment of a request, and a 1 MiB
 * read's speed falls as its pieces rise (bench/analysis.md): a region of
 * 2 MiB pages is one piece per 2 MiB.
 */
#include "iobuf.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The regions kept once given back: enough for any mark test's buffers
 * (SEQ1M Q8T1's 8 MiB, a few threads of them), not a big engine job's. */
#define IOBUF_KEEP_BYTES (64u << 20)
#define PAGEMAP_PFN_MASK ((UINT64_C(1) << 55) - 1)
#define PAGEMAP_PRESENT (UINT64_C(1) << 63)

struct region {
	struct region *next;
	unsigned char *base;      /* the mapping, IOBUF_HUGE_BYTES aligned */
	size_t len;               /* a multiple of IOBUF_HUGE_BYTES */
	bool used;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct region *regions;  /* every region mapped, used or kept */
static struct buffer_layout seen; /* what they got */

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

static size_t page_size(void)
{
	long page = sysconf(_SC_PAGESIZE);

	return page > 0 ? (size_t)page : 4096;
}

/*
 * A mapping of LEN bytes (a multiple of IOBUF_HUGE_BYTES) that starts on a
 * huge page: explicit huge pages where the administrator set a pool aside,
 * else ordinary memory mapped with room to trim to the alignment, with
 * transparent huge pages asked for. *PAGES says which.
 */
static unsigned char *map_region(size_t len, enum buffer_pages *pages)
{
	void *p;

#ifdef MAP_HUGETLB
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (p != MAP_FAILED) {
		*pages = BUFFER_PAGES_HUGETLB;
		return p;
	}
#endif
	size_t span = len + IOBUF_HUGE_BYTES;
	unsigned char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	uintptr_t at = ((uintptr_t)raw + IOBUF_HUGE_BYTES - 1) &
		       ~(uintptr_t)(IOBUF_HUGE_BYTES - 1);
	unsigned char *start = (unsigned char *)at;
	size_t head = (size_t)(start - raw), tail = span - head - len;

	if (head)
		munmap(raw, head);
	if (tail)
		munmap(start + len, tail);
	*pages = BUFFER_PAGES_SMALL;
#ifdef MADV_HUGEPAGE
	if (madvise(start, len, MADV_HUGEPAGE) == 0)
		*pages = BUFFER_PAGES_THP;
#endif
	return start;
}

/* Every page of P in memory now, not at the first I/O: one write a page. */
static void fault_in(unsigned char *p, size_t len)
{
	size_t page = page_size();

	for (size_t off = 0; off < len; off += page)
		((volatile unsigned char *)p)[off] = 0;
}

double io_pieces_per_mib(const void *p, size_t len)
{
	size_t page = page_size();
	uintptr_t first = (uintptr_t)p / page, last = ((uintptr_t)p + len - 1) / page;
	size_t pages = (size_t)(last - first + 1);
	uint64_t chunk[512], prev = 0;
	double pieces = 0;
	int fd;

	if (len == 0)
		return -1;
	do
		fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return -1;
	for (size_t i = 0; i < pages;) {
		size_t n = pages - i < 512 ? pages - i : 512;
		off_t at = (off_t)((first + i) * sizeof(uint64_t));
		ssize_t got = pread(fd, chunk, n * sizeof(uint64_t), at);

		if (got != (ssize_t)(n * sizeof(uint64_t))) {
			pieces = -1;
			break;
		}
		for (size_t k = 0; k < n; k++) {
			uint64_t pfn = chunk[k] & PAGEMAP_PFN_MASK;

			/* Frame 0: hidden from an unprivileged reader. */
			if (!(chunk[k] & PAGEMAP_PRESENT) || pfn == 0) {
				pieces = -1;
				break;
			}
			if (i + k == 0 || pfn != prev + 1)
				pieces++;
			prev = pfn;
		}
		if (pieces < 0)
			break;
		i += n;
	}
	close(fd);
	return pieces < 0 ? -1 : pieces / ((double)len / (1u << 20));
}

/* A new region of at least LEN bytes, measured; in the list, unused. */
static struct region *region_new(size_t len)
{
	struct region *r = calloc(1, sizeof(*r));
	enum buffer_pages pages;

	if (!r)
		return NULL;
	r->len = round_up(len, IOBUF_HUGE_BYTES);
	r->base = map_region(r->len, &pages);
	if (!r->base) {
		free(r);
		return NULL;
	}
	fault_in(r->base, r->len);
	double pieces = io_pieces_per_mib(r->base, r->len);
	if (r->len > seen.bytes)
		seen.bytes = r->len;
	seen.pages = pages;
	if (pieces < 0 || seen.pieces_per_mib < 0)
		seen.pieces_per_mib = -1;
	else if (pieces > seen.pieces_per_mib)
		seen.pieces_per_mib = pieces;
	r->next = regions;
	regions = r;
	return r;
}

/* The smallest unused region that holds LEN bytes, or NULL. */
static struct region *region_fit(size_t len)
{
	struct region *best = NULL;

	for (struct region *r = regions; r; r = r->next)
		if (!r->used && r->len >= len && (!best || r->len < best->len))
			best = r;
	return best;
}

void *io_alloc(size_t len, size_t align)
{
	size_t page = page_size();
	void *p = NULL;

	if (align < page)
		align = page;
	if (len >= IOBUF_HUGE_MIN && align <= IOBUF_HUGE_BYTES) {
		pthread_mutex_lock(&lock);
		struct region *r = region_fit(len);
		if (!r)
			r = region_new(len);
		if (r)
			r->used = true;
		pthread_mutex_unlock(&lock);
		if (!r)
			errno = ENOMEM;
		return r ? r->base : NULL;
	}
	int rc = posix_memalign(&p, align, len ? len : align);

	if (rc != 0) {
		errno = rc;
		return NULL;
	}
	return p;
}

void io_free(void *p)
{
	struct region **at, *r;
	size_t kept = 0;

	if (!p)
		return;
	pthread_mutex_lock(&lock);
	for (at = &regions; *at && (*at)->base != p; at = &(*at)->next)
		;
	r = *at;
	if (r) {
		r->used = false;
		for (struct region *q = regions; q; q = q->next)
			kept += q->used ? 0 : q->len;
		if (kept > IOBUF_KEEP_BYTES) {
			*at = r->next;
			munmap(r->base, r->len);
			free(r);
		}
	}
	pthread_mutex_unlock(&lock);
	if (!r)
		free(p);
}

int io_reserve(size_t count, size_t len)
{
	struct region *made[16];
	size_t n = 0;
	int rc = 0;

	if (len < IOBUF_HUGE_MIN)
		return 0;
	if (count > sizeof(made) / sizeof(made[0]))
		count = sizeof(made) / sizeof(made[0]);
	pthread_mutex_lock(&lock);
	/* Taken while they are made, so that each count is a region of its own. */
	for (; n < count; n++) {
		made[n] = region_fit(len);
		if (!made[n])
			made[n] = region_new(len);
		if (!made[n]) {
			rc = -1;
			break;
		}
		made[n]->used = true;
	}
	while (n > 0)
		made[--n]->used = false;
	pthread_mutex_unlock(&lock);
	if (rc != 0)
		errno = ENOMEM;
	return rc;
}

void io_buffer_layout(struct buffer_layout *out)
{
	pthread_mutex_lock(&lock);
	*out = seen;
	pthread_mutex_unlock(&lock);
}
