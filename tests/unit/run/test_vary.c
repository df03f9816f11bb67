/* SPDX-License-Identifier: MIT */
/*
 * test_vary.c - --vary's keys and setups: the strict parse of every key's
 * values and its refusals, the setups as every combination (the first
 * key changing slowest), --baseline, the labels, each setup's own
 * configuration, the refusal of too many runs, and the order of each
 * round: a permutation drawn from the seed, the same for the same seed,
 * different from round to round, and fair over many rounds.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/config_rules.h"
#include "run/vary.h"

/* Parse the --vary arguments of a NULL-terminated list into *SPEC; 0 or -1. */
static int parse(struct vary_spec *spec, bool mark, char *err, size_t len, ...)
{
	va_list ap;
	const char *arg;
	int rc = 0;

	memset(spec, 0, sizeof(*spec));
	va_start(ap, len);
	while (rc == 0 && (arg = va_arg(ap, const char *)) != NULL)
		rc = vary_parse(spec, arg, mark, err, len);
	va_end(ap);
	return rc;
}

#define REFUSED(want, mark, ...)                                               \
	do {                                                                   \
		char e_[512] = "";                                             \
		struct vary_spec s_;                                           \
		int r_ = parse(&s_, mark, e_, sizeof(e_), __VA_ARGS__, NULL);  \
		CHECK("refused: " want, r_ != 0 && strstr(e_, want) != NULL);  \
		if (r_ == 0 || !strstr(e_, want))                              \
			printf("# said: %s\n", e_);                            \
	} while (0)

static void test_parse(void)
{
	struct vary_spec spec;
	char err[512];

	CHECK("scheduler and trim parse",
	      parse(&spec, false, err, sizeof(err), "trim=before,none",
		    "scheduler=mq-deadline,none,kyber", NULL) == 0 &&
		      spec.n == 2);
	CHECK("keys are kept in the table's order (the scheduler first)",
	      spec.axis[0].key == VARY_SCHEDULER && spec.axis[1].key == VARY_TRIM);
	CHECK_STR("values split at commas", vary_value(&spec.axis[0], 2), "kyber");
	CHECK_U64("3 x 2 setups", vary_setups(&spec), 6);
	CHECK("the machine changes", vary_changes_machine(&spec));
	CHECK("clyde's own keys parse",
	      parse(&spec, false, err, sizeof(err), "direct=on,off",
		    "chunk=4k,64k", "char-io=stdio,syscall", "engine=aio,threads",
		    "dir=/a,/b", "sync=off,on", NULL) == 0 &&
		      !vary_changes_machine(&spec) && vary_setups(&spec) == 64);
	CHECK("mount options of one group parse",
	      parse(&spec, true, err, sizeof(err), "mount=discard,nodiscard",
		    "read-ahead=128,4096", "nr-requests=64,256",
		    "write-cache=write-back,write-through", NULL) == 0);

	REFUSED("give two or more values to compare", false, "scheduler=none");
	REFUSED("unknown key 'speed' (keys: scheduler,", false, "speed=1,2");
	REFUSED("say KEY=VALUE,VALUE", false, "scheduler");
	REFUSED("'none' given twice", false, "scheduler=none,none");
	REFUSED("scheduler is varied twice", false, "scheduler=none,kyber",
		"scheduler=bfq,none");
	REFUSED("'BFQ': not a scheduler's name", false, "scheduler=none,BFQ");
	REFUSED("'-1':", false, "read-ahead=-1,128");
	REFUSED("'0':", false, "nr-requests=0,64");
	REFUSED("'4k':", false, "nr-requests=4k,64");
	REFUSED("'wb': use write-back or write-through", false,
		"write-cache=wb,write-through");
	REFUSED("'ro': clyde writes its files there", false, "mount=ro,rw");
	REFUSED("'data=writeback': clyde varies by remount only noatime", false,
		"mount=data=writeback,data=ordered");
	REFUSED("'noatime' and 'discard' change different things", false,
		"mount=noatime,discard");
	REFUSED("'later': use before or none", false, "trim=before,later");
	REFUSED("'yes': use on or off", false, "direct=yes,no");
	REFUSED("'100': a chunk size is a power of two", false, "chunk=100,4k");
	REFUSED("'4q':", false, "chunk=4q,4k");
	REFUSED("'fast': use auto, io_uring, aio or threads", false,
		"engine=aio,fast");
	REFUSED("'': an empty directory name", false, "dir=/a,");
	REFUSED("clyde mark has no direct to vary", true, "direct=on,off");
	REFUSED("at most 16 values", false,
		"read-ahead=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17");
}

static void test_setups(void)
{
	struct vary_spec spec;
	char err[512], text[MACHINE_MAX], label[MACHINE_MAX];

	parse(&spec, false, err, sizeof(err), "scheduler=mq-deadline,none",
	      "trim=before,none", "direct=on,off", NULL);
	/* setup = ((scheduler * 2) + trim) * 2 + direct */
	CHECK_STR("setup 0 is every first value",
		  vary_setting_text(&spec, 0, text, sizeof(text)),
		  "scheduler=mq-deadline trim=before direct=on");
	CHECK_STR("the last key changes fastest",
		  vary_setting_text(&spec, 1, text, sizeof(text)),
		  "scheduler=mq-deadline trim=before direct=off");
	CHECK_STR("the first key changes slowest",
		  vary_setting_text(&spec, 4, text, sizeof(text)),
		  "scheduler=none trim=before direct=on");
	CHECK("vary_value_index agrees",
	      vary_value_index(&spec, 6, 0) == 1 && vary_value_index(&spec, 6, 1) == 1 &&
		      vary_value_index(&spec, 6, 2) == 0);
	CHECK("the baseline is setup 0 by default",
	      vary_finish(&spec, "box", err, sizeof(err)) == 0 &&
		      vary_baseline_setup(&spec) == 0);
	spec.baseline[spec.n_baselines++] = "scheduler=none";
	spec.baseline[spec.n_baselines++] = "direct=off";
	CHECK("--baseline picks each key's value",
	      vary_finish(&spec, "box", err, sizeof(err)) == 0 &&
		      vary_baseline_setup(&spec) == 5);
	spec.baseline[spec.n_baselines++] = "direct=maybe";
	CHECK("--baseline with a value --vary does not give is refused",
	      vary_finish(&spec, "box", err, sizeof(err)) != 0 &&
		      strstr(err, "--baseline direct=maybe: not one of the values"));
	spec.n_baselines = 0;
	CHECK("a label is the machine and the setup's values",
	      vary_label(&spec, "box", 5, label, sizeof(label)) == 0 &&
		      strcmp(label, "box [scheduler=none trim=before direct=off]") == 0);
	char machine[MACHINE_MAX];
	memset(machine, 'm', sizeof(machine) - 1);
	machine[sizeof(machine) - 1] = '\0';
	CHECK("a label longer than a machine name is refused",
	      vary_finish(&spec, machine, err, sizeof(err)) != 0 &&
		      strstr(err, "longer than a machine name"));
}

static void test_config(void)
{
	static struct config base, out;
	char err[512];

	config_defaults(&base, 1024, 9);
	snprintf(base.machine, sizeof(base.machine), "box");
	base.dir = "/x";
	parse(&base.vary, false, err, sizeof(err), "direct=off,on", "chunk=8k,64k",
	      "char-io=stdio,syscall", "engine=aio,threads", "dir=/a,/b",
	      "sync=off,on", NULL);
	vary_config(&base, vary_setups(&base.vary) - 1, &out);
	CHECK("the last setup takes every last value",
	      out.mode.direct && out.mode.sync_writes &&
		      out.io.chunk_bytes == 65536 &&
		      out.mode.char_io == CHAR_IO_SYSCALL &&
		      out.engine == ENGINE_THREADS && strcmp(out.dir, "/b") == 0);
	CHECK_STR("and its label as the machine name", out.machine,
		  "box [direct=on sync=on chunk=64k char-io=syscall engine=threads "
		  "dir=/b]");
	vary_config(&base, 0, &out);
	CHECK("the first setup every first value",
	      !out.mode.direct && !out.mode.sync_writes &&
		      out.io.chunk_bytes == 8192 && out.mode.char_io == CHAR_IO_STDIO &&
		      out.engine == ENGINE_AIO && strcmp(out.dir, "/a") == 0);
}

static bool is_permutation(const size_t *order, size_t n)
{
	bool seen[64] = { false };

	for (size_t i = 0; i < n; i++) {
		if (order[i] >= n || seen[order[i]])
			return false;
		seen[order[i]] = true;
	}
	return true;
}

static void test_order(void)
{
	size_t a[8], b[8];
	bool perm = true, same = true, rounds_differ = false, seeds_differ = false;
	unsigned first[3] = { 0, 0, 0 };

	for (size_t r = 0; r < 50; r++) {
		vary_order(42, r, 8, a);
		vary_order(42, r, 8, b);
		perm &= is_permutation(a, 8);
		same &= memcmp(a, b, sizeof(a)) == 0;
		vary_order(42, r + 1, 8, b);
		rounds_differ |= memcmp(a, b, sizeof(a)) != 0;
		vary_order(43, r, 8, b);
		seeds_differ |= memcmp(a, b, sizeof(a)) != 0;
	}
	CHECK("each round's order is a permutation of the setups", perm);
	CHECK("the same seed and round give the same order", same);
	CHECK("rounds differ", rounds_differ);
	CHECK("seeds differ", seeds_differ);
	/* 3000 rounds of 3 setups: each setup first about 1000 times. */
	for (size_t r = 0; r < 3000; r++) {
		vary_order(7, r, 3, a);
		first[a[0]]++;
	}
	CHECK("every setup goes first about as often (900..1100 of 3000)",
	      first[0] > 900 && first[0] < 1100 && first[1] > 900 &&
		      first[1] < 1100 && first[2] > 900 && first[2] < 1100);
	vary_order(7, 0, 1, a);
	CHECK("one setup: order 0", a[0] == 0);
}

static void test_count(void)
{
	struct vary_spec spec;
	char err[512];

	parse(&spec, false, err, sizeof(err), "read-ahead=1,2,3,4,5,6,7,8",
	      "nr-requests=1,2,3,4,5,6,7,8,9", NULL);
	CHECK("72 setups are refused, with the count and the load",
	      vary_check_count(&spec, 2, 4ull << 30, 0, err, sizeof(err)) != 0 &&
		      strstr(err, "2 keys make 72 setups, 144 runs in 2 rounds, "
				  "moving 576 GiB (about 2 hours at 100 MB/s)"));
	parse(&spec, false, err, sizeof(err), "read-ahead=1,2,3,4", NULL);
	CHECK("4 setups x 250 rounds pass",
	      vary_check_count(&spec, 250, 1 << 20, 0, err, sizeof(err)) == 0);
	CHECK("4 setups x 251 rounds are too many runs",
	      vary_check_count(&spec, 251, 1 << 20, 0, err, sizeof(err)) != 0 &&
		      strstr(err, "1004 runs in 251 rounds"));
}

int main(void)
{
	test_parse();
	test_setups();
	test_config();
	test_order();
	test_count();
	return check_done();
}
