/* SPDX-License-Identifier: MIT */
/*
 * vary.c - the --vary keys and their values, the setups they make, each
 * setup's configuration and label, and the shuffled order of each round
 * (vary.h). Pure: nothing here reads or changes the machine.
 */
#include "vary.h"

#include <inttypes.h>
#include <string.h>

#include "core/opt.h"
#include "core/parse.h"
#include "engine/engine_name.h"
#include "io/rng.h"
#include "platform/knob.h"
#include "probe.h"
#include "sys/out.h"

static int check_scheduler(const char *v, char *err, size_t len)
{
	if (strlen(v) >= 32 || strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-_") !=
				       strlen(v))
		return out_errf(err, len, "not a scheduler's name");
	return 0;
}

static int check_count(const char *v, int64_t min, int64_t max, char *err,
		       size_t len)
{
	struct parse_error pe;
	int64_t n;

	if (parse_int_range(v, min, max, &n, &pe) != 0)
		return out_errf(err, len, "%s", pe.msg);
	return 0;
}

static int check_nr_requests(const char *v, char *err, size_t len)
{
	return check_count(v, 1, 1 << 20, err, len);
}

static int check_read_ahead(const char *v, char *err, size_t len)
{
	return check_count(v, 0, 1 << 22, err, len);
}

static int check_words(const char *v, const char *const *words, char *err,
		       size_t len)
{
	for (size_t i = 0; words[i]; i++)
		if (strcmp(v, words[i]) == 0)
			return 0;
	return out_errf(err, len, "use %s%s%s", words[0], words[2] ? ", " : " or ",
		    words[2] ? "..." : words[1]);
}

static int check_write_cache(const char *v, char *err, size_t len)
{
	static const char *const w[] = { "write-back", "write-through", NULL };

	return check_words(v, w, err, len);
}

static int check_mount(const char *v, char *err, size_t len)
{
	if (strcmp(v, "ro") == 0 || strcmp(v, "rw") == 0)
		return out_errf(err, len, "clyde writes its files there, so the "
			    "filesystem stays read-write");
	if (!knob_mount_group(v))
		return out_errf(err, len, "clyde varies by remount only %s",
			    knob_mount_options_known());
	return 0;
}

static int check_trim(const char *v, char *err, size_t len)
{
	static const char *const w[] = { "before", "none", NULL };

	return check_words(v, w, err, len);
}

static int check_on_off(const char *v, char *err, size_t len)
{
	static const char *const w[] = { "on", "off", NULL };

	return check_words(v, w, err, len);
}

static int check_chunk(const char *v, char *err, size_t len)
{
	struct parse_error pe;
	uint64_t b;

	if (parse_size(v, UNIT_BYTES, &b, &pe) != 0)
		return out_errf(err, len, "%s", pe.msg);
	if (b < 256 || b > 1024 * 1024 || (b & (b - 1)))
		return out_errf(err, len, "a chunk size is a power of two from 256 to 1m");
	return 0;
}

static int check_char_io(const char *v, char *err, size_t len)
{
	static const char *const w[] = { "stdio", "syscall", NULL };

	return check_words(v, w, err, len);
}

static int check_engine(const char *v, char *err, size_t len)
{
	enum engine_kind k;

	if (engine_from_name(v, &k) != 0)
		return out_errf(err, len, "use auto, io_uring, aio or threads");
	return 0;
}

static int check_probe(const char *v, char *err, size_t len)
{
	unsigned kinds;

	return probe_parse(v, &kinds, err, len);
}

static int check_dir(const char *v, char *err, size_t len)
{
	return v[0] ? 0 : out_errf(err, len, "an empty directory name");
}

static void apply_direct(struct config *cfg, const char *v)
{
	cfg->mode.direct = strcmp(v, "on") == 0;
}

static void apply_sync(struct config *cfg, const char *v)
{
	cfg->mode.sync_writes = strcmp(v, "on") == 0;
}

static void apply_chunk(struct config *cfg, const char *v)
{
	struct parse_error pe;

	parse_size(v, UNIT_BYTES, &cfg->io.chunk_bytes, &pe);
}

static void apply_char_io(struct config *cfg, const char *v)
{
	cfg->mode.char_io = strcmp(v, "syscall") == 0 ? CHAR_IO_SYSCALL
						      : CHAR_IO_STDIO;
}

static void apply_engine(struct config *cfg, const char *v)
{
	engine_from_name(v, &cfg->engine);
}

static void apply_probe(struct config *cfg, const char *v)
{
	char why[128];

	probe_parse(v, &cfg->probe, why, sizeof(why));
}

static void apply_dir(struct config *cfg, const char *v)
{
	cfg->dir = v;
}

const struct vary_key_info vary_keys[VARY_KEYS] = {
	[VARY_SCHEDULER] = { "scheduler", "name,...",
		"the I/O scheduler (queue/scheduler in sysfs) of every disk "
		"under -d's filesystem, e.g. mq-deadline,none,bfq,kyber: only "
		"those the kernel offers (root)",
		true, true, check_scheduler, NULL },
	[VARY_NR_REQUESTS] = { "nr-requests", "n,...",
		"the queue depth the scheduler keeps (queue/nr_requests) of "
		"every disk under -d (root)",
		true, true, check_nr_requests, NULL },
	[VARY_READ_AHEAD] = { "read-ahead", "KiB,...",
		"read-ahead in KiB (queue/read_ahead_kb) of the block device "
		"-d's filesystem is on (root)",
		true, true, check_read_ahead, NULL },
	[VARY_WRITE_CACHE] = { "write-cache", "write-back,write-through",
		"whether the kernel treats the disks under -d as having a "
		"volatile write cache (queue/write_cache; root)",
		true, true, check_write_cache, NULL },
	[VARY_MOUNT] = { "mount", "option,...",
		"remount -d's filesystem with each option of one group: "
		"noatime,relatime,strictatime; nodiratime,diratime; "
		"discard,nodiscard; sync,async; lazytime,nolazytime; "
		"barrier,nobarrier (root; the filesystem holding / only with "
		"--vary-root-fs)",
		true, true, check_mount, NULL },
	[VARY_TRIM] = { "trim", "before,none",
		"before: FITRIM -d's filesystem before each run, timed (its "
		"duration is in the JSON); none: do not (root)",
		true, true, check_trim, NULL },
	[VARY_DIRECT] = { "direct", "on,off", "O_DIRECT, as -D",
		false, false, check_on_off, apply_direct },
	[VARY_SYNC] = { "sync", "on,off", "synchronous writes, as -b",
		false, false, check_on_off, apply_sync },
	[VARY_CHUNK] = { "chunk", "size,...", "the I/O chunk size, as -s's",
		false, false, check_chunk, apply_chunk },
	[VARY_CHAR_IO] = { "char-io", "stdio,syscall", "the per-char method, "
		"as --char-io", false, false, check_char_io, apply_char_io },
	[VARY_ENGINE] = { "engine", "name,...", "the random-I/O engine, as "
		"--engine", false, true, check_engine, apply_engine },
	[VARY_PROBE] = { "probe", "off,read,write,read+write", "the foreground "
		"probe, as --probe (off: none): probe=off,read measures what the "
		"probe's own I/O costs the tests", false, true, check_probe,
		apply_probe },
	[VARY_DIR] = { "dir", "dir,...", "the directory tested, as -d: two "
		"disks, filesystems or mounts", false, true, check_dir, apply_dir },
};

const char *vary_key_name(size_t i)
{
	return i < VARY_KEYS ? vary_keys[i].name : NULL;
}

const char *vary_value(const struct vary_axis *a, size_t i)
{
	return a->text + a->at[i];
}

/* The key named by ARG up to '=' (LEN bytes), or VARY_KEYS. */
static int key_named(const char *arg, size_t len)
{
	for (int k = 0; k < VARY_KEYS; k++)
		if (strlen(vary_keys[k].name) == len &&
		    strncmp(vary_keys[k].name, arg, len) == 0)
			return k;
	return VARY_KEYS;
}

/* The values after '=' into A (split at commas), each checked. */
static int take_values(struct vary_axis *a, const char *arg, const char *list,
		       char *err, size_t len)
{
	const struct vary_key_info *k = &vary_keys[a->key];
	char why[256];
	size_t used = 0;

	if (strlen(list) >= sizeof(a->text))
		return out_errf(err, len, "--vary %s: too long", arg);
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");

		if (a->n == VARY_MAX_VALUES)
			return out_errf(err, len, "--vary %s: at most %d values", arg,
				    VARY_MAX_VALUES);
		a->at[a->n] = (uint16_t)used;
		memcpy(a->text + used, p, n);
		a->text[used + n] = '\0';
		if (k->check(a->text + used, why, sizeof(why)) != 0)
			return out_errf(err, len, "--vary %s: '%s': %s", arg,
				    a->text + used, why);
		for (size_t i = 0; i < a->n; i++)
			if (strcmp(vary_value(a, i), a->text + used) == 0)
				return out_errf(err, len, "--vary %s: '%s' given twice",
					    arg, a->text + used);
		used += n + 1;
		a->n++;
		p += n;
		if (*p != ',')
			break;
	}
	if (a->n < 2)
		return out_errf(err, len, "--vary %s: give two or more values to "
			    "compare", arg);
	if (a->key == VARY_MOUNT)
		for (size_t i = 1; i < a->n; i++)
			if (strcmp(knob_mount_group(vary_value(a, i)),
				   knob_mount_group(vary_value(a, 0))) != 0)
				return out_errf(err, len, "--vary %s: '%s' and '%s' change "
					    "different things; give the options of "
					    "one group, e.g. discard,nodiscard", arg,
					    vary_value(a, 0), vary_value(a, i));
	return 0;
}

int vary_parse(struct vary_spec *spec, const char *arg, bool mark, char *err,
	       size_t len)
{
	const char *eq = strchr(arg, '=');
	struct vary_axis a;
	size_t at;

	if (!eq)
		return out_errf(err, len, "--vary %s: say KEY=VALUE,VALUE...", arg);
	memset(&a, 0, sizeof(a));
	a.key = key_named(arg, (size_t)(eq - arg));
	if (a.key == VARY_KEYS) {
		char names[256] = "";

		for (size_t k = 0; k < VARY_KEYS; k++)
			if (!mark || vary_keys[k].mark)
				snprintf(names + strlen(names), sizeof(names) - strlen(names),
					 "%s%s", k ? ", " : "", vary_keys[k].name);
		return out_errf(err, len, "--vary %s: unknown key '%.*s' (keys: %s)", arg,
			    (int)(eq - arg), arg, names);
	}
	if (mark && !vary_keys[a.key].mark)
		return out_errf(err, len, "--vary %s: clyde mark has no %s to vary", arg,
			    vary_keys[a.key].name);
	for (size_t i = 0; i < spec->n; i++)
		if (spec->axis[i].key == a.key)
			return out_errf(err, len, "--vary %s: %s is varied twice", arg,
				    vary_keys[a.key].name);
	if (spec->n == VARY_MAX_KEYS)
		return out_errf(err, len, "--vary %s: at most %d keys", arg, VARY_MAX_KEYS);
	if (take_values(&a, arg, eq + 1, err, len) != 0)
		return -1;
	/* In the key table's order: the order a setup applies them. */
	for (at = spec->n; at > 0 && spec->axis[at - 1].key > a.key; at--)
		spec->axis[at] = spec->axis[at - 1];
	spec->axis[at] = a;
	spec->n++;
	return 0;
}

/* --baseline ARG: its key's axis and the value's index into *AXIS, *V. */
static int find_baseline(struct vary_spec *spec, const char *arg, size_t *axis,
			 size_t *v, char *err, size_t len)
{
	const char *eq = strchr(arg, '=');
	int key = eq ? key_named(arg, (size_t)(eq - arg)) : VARY_KEYS;

	for (size_t i = 0; key != VARY_KEYS && i < spec->n; i++) {
		if (spec->axis[i].key != key)
			continue;
		for (size_t k = 0; k < spec->axis[i].n; k++)
			if (strcmp(vary_value(&spec->axis[i], k), eq + 1) == 0) {
				*axis = i;
				*v = k;
				return 0;
			}
		return out_errf(err, len, "--baseline %s: not one of the values --vary "
			    "%s gives", arg, vary_keys[key].name);
	}
	return out_errf(err, len, "--baseline %s: say KEY=VALUE for a key --vary "
		    "varies", arg);
}

int vary_finish(struct vary_spec *spec, const char *machine, char *err,
		size_t len)
{
	char label[MACHINE_MAX];
	size_t n = vary_setups(spec);

	if (spec->n_baselines && spec->n == 0)
		return out_errf(err, len, "--baseline names a value of --vary; give "
			    "--vary too");
	for (size_t i = 0; i < spec->n_baselines; i++) {
		size_t axis = 0, v = 0;

		if (find_baseline(spec, spec->baseline[i], &axis, &v, err, len) != 0)
			return -1;
		spec->axis[axis].baseline = v;
	}
	if (n > VARY_MAX_SETUPS)
		return 0; /* vary_check_count says it with the run's load */
	for (size_t s = 0; s < n; s++)
		if (vary_label(spec, machine, s, label, sizeof(label)) != 0)
			return out_errf(err, len, "--vary: the label '%s' of a setup is "
				    "longer than a machine name (%d bytes); use a "
				    "shorter -m or shorter values", label,
				    MACHINE_MAX - 1);
	return 0;
}

size_t vary_setups(const struct vary_spec *spec)
{
	size_t n = 1;

	for (size_t i = 0; i < spec->n; i++)
		n *= spec->axis[i].n; /* at most 16^8: no overflow */
	return n;
}

size_t vary_value_index(const struct vary_spec *spec, size_t s, size_t a)
{
	for (size_t i = spec->n; i-- > a + 1;)
		s /= spec->axis[i].n;
	return s % spec->axis[a].n;
}

size_t vary_baseline_setup(const struct vary_spec *spec)
{
	size_t s = 0;

	for (size_t i = 0; i < spec->n; i++)
		s = s * spec->axis[i].n + spec->axis[i].baseline;
	return s;
}

const struct vary_axis *vary_axis_of(const struct vary_spec *spec,
				     enum vary_key key)
{
	for (size_t i = 0; i < spec->n; i++)
		if (spec->axis[i].key == (int)key)
			return &spec->axis[i];
	return NULL;
}

bool vary_changes_machine(const struct vary_spec *spec)
{
	for (size_t i = 0; i < spec->n; i++)
		if (vary_keys[spec->axis[i].key].system)
			return true;
	return false;
}

char *vary_setting_text(const struct vary_spec *spec, size_t s, char *out,
			size_t len)
{
	size_t n = 0;

	out[0] = '\0';
	for (size_t i = 0; i < spec->n && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s=%s", i ? " " : "",
				      vary_keys[spec->axis[i].key].name,
				      vary_value(&spec->axis[i],
						 vary_value_index(spec, s, i)));
	return out;
}

int vary_label(const struct vary_spec *spec, const char *machine, size_t s,
	       char *out, size_t len)
{
	char text[MACHINE_MAX + 8];
	int n;

	vary_setting_text(spec, s, text, sizeof(text));
	n = snprintf(out, len, "%s [%s]", machine, text);
	return n < 0 || (size_t)n >= MACHINE_MAX || (size_t)n >= len ? -1 : 0;
}

void vary_config(const struct config *base, size_t s, struct config *out)
{
	const struct vary_spec *spec = &base->vary;

	*out = *base;
	for (size_t i = 0; i < spec->n; i++) {
		const struct vary_key_info *k = &vary_keys[spec->axis[i].key];

		if (k->apply)
			k->apply(out, vary_value(&spec->axis[i],
						 vary_value_index(spec, s, i)));
	}
	vary_label(spec, base->machine, s, out->machine, sizeof(out->machine));
}

void vary_order(uint64_t seed, size_t round, size_t n, size_t *order)
{
	struct rng r;

	/* A stream of its own per round: the golden ratio spreads the rounds. */
	rng_seeded(&r, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(round + 1)));
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)rng_below(&r, i);
		size_t t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
}

int vary_check_count(const struct vary_spec *spec, uint64_t rounds,
		     uint64_t run_bytes, uint64_t run_seconds, char *err,
		     size_t len)
{
	uint64_t setups = vary_setups(spec), runs = setups * rounds;
	/* What the runs would take at 100 MB/s, plus their timed tests. */
	double minutes = (double)runs * ((double)run_bytes / 100e6 +
					 (double)run_seconds) / 60.0;
	double gib = (double)runs * (double)run_bytes / (1024.0 * 1024 * 1024);
	char took[48];

	if (setups <= VARY_MAX_SETUPS && runs <= VARY_MAX_RUNS)
		return 0;
	if (minutes < 90)
		snprintf(took, sizeof(took), "%.0f minutes", minutes);
	else
		snprintf(took, sizeof(took), "%.0f hours", minutes / 60);
	return out_errf(err, len, "--vary: %zu key%s make %" PRIu64 " setups, %" PRIu64
		    " runs in %" PRIu64 " round%s, moving %.0f GiB%s (about %s "
		    "at 100 MB/s); clyde runs at most %d setups and %d runs at "
		    "once: vary fewer values, or lower -x", spec->n,
		    spec->n > 1 ? "s" : "", setups, runs, rounds,
		    rounds > 1 ? "s" : "", gib,
		    run_seconds ? " with timed tests" : "", took,
		    VARY_MAX_SETUPS, VARY_MAX_RUNS);
}

void vary_help(FILE *out)
{
	char text[1024];

	opt_help_text(out, "compare setups in one run: every combination of the "
		      "values of every --vary is a setup, each run -x times, in "
		      "rounds that run every setup once in an order shuffled from "
		      "the seed; then one comparison of the setups. What each "
		      "key changes, and where; the machine's are journalled in "
		      SETTING_JOURNAL_DIR " and always put back:");
	for (size_t k = 0; k < VARY_KEYS; k++) {
		snprintf(text, sizeof(text), "%s=%s: %s%s", vary_keys[k].name,
			 vary_keys[k].values, vary_keys[k].help,
			 vary_keys[k].mark ? "" : " (not clyde mark)");
		opt_help_text(out, text);
	}
}
