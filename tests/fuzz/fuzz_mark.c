/* SPDX-License-Identifier: MIT */
/*
 * fuzz_mark.c - fuzz harness for mark_parse_tests, the parser of `clyde
 * mark --tests` lists; the input is the list. Oracles: every test that
 * comes out is in range (a power-of-two block from 4K to 64M, Q 1..1024,
 * T 1..256, Q x T within the threads engine's limit, a direction), at most
 * MARK_MAX_TESTS of them, no test twice; written back as entries
 * ("SEQ1M-Q8T1:read,...") the list parses to the same tests; a refusal has
 * a reason, valid UTF-8 when the input was.
 */
#define FUZZ_NAME "mark"
#include "fuzz.h"

#include <inttypes.h>

#include "mark/mark.h"

static void check_test(const struct mark_test *t)
{
	FUZZ_CHECK(t->block_bytes >= MARK_MIN_BLOCK && t->block_bytes <= MARK_MAX_BLOCK &&
			   !(t->block_bytes & (t->block_bytes - 1)),
		   "block %" PRIu32, t->block_bytes);
	FUZZ_CHECK(t->depth >= 1 && t->depth <= 1024 && t->threads >= 1 &&
			   t->threads <= MAX_RANDOM_THREADS &&
			   (uint64_t)t->depth * t->threads <= MAX_RANDOM_WORKERS,
		   "Q%" PRIu32 "T%" PRIu32, t->depth, t->threads);
	FUZZ_CHECK(t->dirs >= 1 && t->dirs <= (MARK_READ | MARK_WRITE), "dirs %u",
		   t->dirs);
}

/* LIST written back as a --tests list, one entry per direction. */
static void write_back(const struct mark_list *list, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < list->n; i++) {
		const struct mark_test *t = &list->tests[i];
		char name[MARK_NAME_MAX];

		mark_test_name(t, name, sizeof(name));
		*strchr(name, ' ') = '-';
		for (unsigned d = MARK_READ; d <= MARK_WRITE; d <<= 1) {
			if (!(t->dirs & d) || used >= len)
				continue;
			used += (size_t)snprintf(buf + used, len - used, "%s%s:%s",
						 used ? "," : "", name,
						 d == MARK_READ ? "read" : "write");
		}
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mark_list list, again;
	struct parse_error err = { "" };
	char *text = fuzz_string(data, size);
	char back[2 * MARK_MAX_TESTS * 40];

	if (mark_parse_tests(text, &list, &err) != 0) {
		size_t len = strnlen(err.msg, sizeof(err.msg));

		FUZZ_CHECK(len > 0 && len < sizeof(err.msg), "no reason for '%s'", text);
		FUZZ_CHECK(!fuzz_utf8_ok(text, strlen(text)) || fuzz_utf8_ok(err.msg, len),
			   "reason '%s' is not UTF-8", err.msg);
		free(text);
		return 0;
	}
	FUZZ_CHECK(list.n >= 1 && list.n <= MARK_MAX_TESTS, "%zu tests", list.n);
	for (size_t i = 0; i < list.n; i++) {
		check_test(&list.tests[i]);
		for (size_t j = 0; j < i; j++) {
			const struct mark_test *a = &list.tests[i], *b = &list.tests[j];

			FUZZ_CHECK(a->sequential != b->sequential ||
					   a->block_bytes != b->block_bytes ||
					   a->depth != b->depth || a->threads != b->threads,
				   "test %zu is test %zu again in '%s'", i, j, text);
		}
	}
	write_back(&list, back, sizeof(back));
	FUZZ_CHECK(mark_parse_tests(back, &again, &err) == 0 &&
			   memcmp(&list, &again, sizeof(list)) == 0,
		   "'%s' wrote back as '%s', which parses %s", text, back,
		   err.msg[0] ? err.msg : "to other tests");
	free(text);
	return 0;
}
