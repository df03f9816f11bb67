# SPDX-License-Identifier: MIT
"""marks.py - `clyde mark` against the reference each of its methods
names, in `make bench`.

- By size (the default): `clyde mark --method size --engine aio --profile
  default` against fio run as KDiskMark runs it (its arguments in its
  order: libaio, direct, --refill_buffers, --end_fsync=1, --size and
  --runtime without time_based, so a run is one pass of the file or the
  time, whichever ends first).
- By time: `clyde mark --method time --profile default` (io_uring) against
  fio io_uring at its best, time_based: DiskSpd, what CrystalDiskMark runs,
  is not on Linux, and fio run for the time with the same engine stands in.

Both step by step (clyde stops before each run, fio runs the same test
right before or after it, which one first alternating from pair to pair)
on clyde's own laid-out file, so that both see the same file in the same
state.
"""

import ctypes
import math
import mmap
import os
import random
import statistics
import struct
import threading
import time

import engines

# KDiskMark's default profile: (name, fio rw word for reads, bs KiB, Q, T).
KDM_DEFAULT = [("SEQ1M Q8T1", "read", 1024, 8, 1), ("SEQ1M Q1T1", "read", 1024, 1, 1),
               ("RND4K Q32T1", "randread", 4, 32, 1), ("RND4K Q1T1", "randread", 4, 1, 1)]
METHODS = ("size", "time")
PLACEMENT_MIB = 256  # the placement group's file


def direction(rw):
    """read or write: the direction of fio's rw word (read, randwrite, ...)."""
    return "write" if "write" in rw else "read"


def against_median(xs):
    """XS paired with their own median, for a row whose ratios show how far
    a figure moves on its own from run to run."""
    return xs, [engines.median(xs)] * len(xs)


def kdm_args(path, size, secs, rw, bs_k, q, t):
    """fio's arguments as KDiskMark gives them, in its order."""
    return ["--ioengine=libaio", "--direct=1", "--randrepeat=0", "--refill_buffers",
            "--end_fsync=1", "--rwmixread=70", "--filename=" + path,
            "--name=" + rw, "--size=%dm" % size, "--zero_buffers=0", "--bs=%dk" % bs_k,
            "--runtime=%d" % secs, "--rw=" + rw, "--iodepth=%d" % q, "--numjobs=%d" % t]


def batched(args, q):
    """KDiskMark's fio with submissions and completions batched as clyde's
    engines batch them from Q8 on: a quarter of the depth at a time. At its
    defaults fio's libaio loop takes completions one at a time, never
    sleeps, and pays an io_submit (a doorbell, an exit to the host on this
    VM) per I/O: at RND4K Q32T1 it is CPU-bound at 312 MB/s where the same
    fio with batches of 8 did 953."""
    return args + engines.fio_batch(q)


def timed_args(path, size, secs, rw, bs_k, q, t):
    """fio io_uring at its best, for the time: the stand-in for DiskSpd."""
    return ["--ioengine=io_uring", "--direct=1", "--randrepeat=0", "--norandommap",
            "--filename=" + path, "--name=" + rw, "--size=%dm" % size,
            "--bs=%dk" % bs_k, "--time_based", "--runtime=%d" % secs, "--rw=" + rw,
            "--iodepth=%d" % q, "--numjobs=%d" % t] + engines.fio_best(q) + \
        engines.FIO_PLAIN_DATA


def new_row():
    """A mark row's lists, one entry a pair: clyde's MB/s, fio's as its
    reference runs it, clyde's seconds, fio batched as clyde's, fio with
    plain data, the disk's mean queue under clyde and under fio, then the
    CPU seconds per I/O of clyde and of each of those three fio runs (None
    where a tool gave none)."""
    return tuple([] for _ in range(11))


# The raw lines' labels of a row's MB/s lists (row index, label): what
# group_mark writes and bench/noise.py reads back.
RAW_MB = ((0, "clyde MB/s"), (1, "fio MB/s"), (3, "fio batched MB/s"),
          (4, "fio plain data MB/s"))
# The index of each tool's CPU per I/O list, by the index of its MB/s
# list; the raw lines' labels of both kinds.
CPU_OF = {0: 7, 1: 8, 3: 9, 4: 10}
CLYDE_CPU = CPU_OF[0]
LABEL = dict(RAW_MB + tuple((CPU_OF[i], label.replace("MB/s", "CPU µs/I/O"))
                            for i, label in RAW_MB))


def group_mark(b, log, method):
    """clyde mark --profile default by METHOD against its reference, run
    by run; {(test name, op): (clyde MB/s list, reference MB/s list)}."""
    a = b.a
    size, secs = a.mark_mib, a.mark_time
    rows = {}
    for i in range(a.mark_pairs):
        clyde_first = i % 2 == 0
        log("mark by %s: pair %d/%d (%s first), load %.1f" % (
            method, i + 1, a.mark_pairs, "clyde" if clyde_first else "fio",
            os.getloadavg()[0]))
        got = {}
        steps = [lambda: None]  # the layout

        def run_step(name, rw, bs_k, q, t):
            def go():
                args = (kdm_args if method == "size" else timed_args)(
                    engines.clyde_file(b), size, secs, rw, bs_k, q, t)
                label = "fio as KDiskMark runs it" if method == "size" else \
                    "fio io_uring best, time_based"
                ddir = direction(rw)
                runs = [((name, ddir), label, args)]
                if method == "size" and q >= 8:  # the reasons apart
                    runs.append(((name, ddir, "batched"), label + ", batched as clyde's",
                                 batched(args, q)))
                if method == "size" and ddir == "write":  # fio's data work apart
                    runs.append(((name, ddir, "plain"), label + (
                        ", batched," if q >= 8 else ",") + " plain data",
                        [x for x in (batched(args, q) if q >= 8 else args)
                         if x != "--refill_buffers"] + engines.FIO_PLAIN_DATA))
                # The run the target compares with (the last) right beside
                # clyde's, the reasons apart further out.
                for key, what, argv in (runs[::-1] if clyde_first else runs):
                    seen = MarkWatch("fio", bs_k * q << 10, b.work)
                    # By size fio's clock holds its end_fsync; time_based it
                    # does not, and fio_timed adds the flush.
                    got[key] = engines.fio_figures(engines.fio_jobs(b, what, argv), ddir) \
                        if method == "size" else \
                        engines.fio_timed(b, what, argv, ddir, engines.clyde_file(b))
                    seen = seen.result()
                    if key == runs[-1][0]:
                        watched[("fio",) + key[:2]] = seen
            return go
        tests = []  # clyde's steps from 1 on: (name, op, buffer bytes)
        for name, rw, bs_k, q, t in KDM_DEFAULT:
            for word in (rw, rw.replace("read", "write")):
                steps.append(run_step(name, word, bs_k, q, t))
                tests.append((name, direction(word), bs_k * q << 10))
        watched = {}  # (tool, name, op): MarkWatch.result()

        def watch(k):
            return MarkWatch("clyde", tests[k - 1][2], b.work) if k else None
        opts = ["-s", "%dM" % size, "--runs", "1", "--time", str(secs), "--method", method,
                "--profile", "default"] + (["--engine", "aio"] if method == "size" else [])
        proc = engines.mark_start(b, "clyde mark --method %s" % method, opts)
        for k, v in engines.paired(b, proc, steps, clyde_first, watch).items():
            watched[("clyde",) + tests[k - 1][:2]] = v
        j = engines.mark_json(b, proc)
        for t in j["tests"]:
            key = (t["name"], t["op"])
            f = got[key]
            fb = got.get(key + ("batched",))
            fp = got.get(key + ("plain",))
            row = rows.setdefault(key, new_row())
            # {row index: figure} of this pair: MB/s, seconds, CPU per I/O
            figs = {0: t["mb_per_s"], 2: t["elapsed_s"],
                    CLYDE_CPU: t["cpu_s"] / t["ios"] if t.get("ios") else None}
            for i, run in ((1, f), (3, fb), (4, fp)):
                if run:
                    figs[i], figs[CPU_OF[i]] = run["mb"], run.get("cpu")
            for i, x in figs.items():
                row[i].append(x)
            cw, fw = watched.get(("clyde",) + key, {}), watched.get(("fio",) + key, {})
            if cw.get("queue") and fw.get("queue"):
                row[5].append(cw["queue"])
                row[6].append(fw["queue"])
            b.raw.append(("mark by " + method, "%s %s" % key, dict(
                [(LABEL[i], figs[i] * (1e6 if i in CPU_OF.values() else 1))
                 for i in sorted(LABEL) if figs.get(i) is not None] +
                [("clyde s", t["elapsed_s"])] +
                ([("fio flush s", f["flush_s"])] if "flush_s" in f else []) +
                [("%s disk queue" % who, w["queue"]) for who, w in (("clyde", cw), ("fio", fw))
                 if w.get("queue")] +
                [("%s buffer pieces/MiB" % who, w["pieces"])
                 for who, w in (("clyde", cw), ("fio", fw)) if w.get("pieces")])))
    return rows


class MarkWatch:
    """One tool's run of a mark test: for I/O buffers of 1 MiB or more,
    the same memory for either tool (ScatteredMemory) and the pieces per
    MiB its buffers lay in (BufferLayout); and the disk's mean queue while
    busy (engines.DiskQueue). Started right before the run; result() right
    after: {"queue", "pieces"}."""

    def __init__(self, comm, nbytes, path):
        big = nbytes >= 1 << 20
        self.memory = ScatteredMemory() if big else None
        self.layout = BufferLayout(comm, nbytes) if big else None
        self.queue = engines.DiskQueue(path)

    def result(self):
        got = {"queue": self.queue.result(),
               "pieces": self.layout.result() if self.layout else None}
        if self.memory:
            self.memory.close()
        return got


SCATTER_MIB = 64  # ScatteredMemory's region of each kind: half of it freed


class ScatteredMemory:
    """Free memory in the same state for whichever tool runs next. The
    page allocator hands out its smallest free blocks first, from one list
    for ordinary pages and another for pages pinned as a request's memory
    (registering an io_uring buffer faults it in that way: fio's
    --fixedbufs reads). So this process fills a region of SCATTER_MIB of
    each kind, on every CPU it may run on (each CPU keeps a cache of free
    pages), gives back every other page and holds the rest until close():
    a buffer allocated meanwhile lies in single pages, 256 pieces a MiB,
    for clyde and fio alike. Without it each process draws a layout of its
    own (121-256 pieces a MiB in one run's sequential pairs; fio's pinned
    buffers fewer), and a 1 MiB request's speed on this VM follows it (the
    placement group)."""

    def __init__(self):
        n, page = SCATTER_MIB << 20, mmap.PAGESIZE
        self.maps = []
        cpus = os.sched_getaffinity(0)
        try:
            for pinned in (False, True):
                m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
                self.maps.append(m)
                if hasattr(mmap, "MADV_NOHUGEPAGE"):
                    m.madvise(mmap.MADV_NOHUGEPAGE)
                part = n // len(cpus) // (2 * page) * (2 * page)
                for k, cpu in enumerate(sorted(cpus)):
                    os.sched_setaffinity(0, {cpu})
                    lo, hi = k * part, n if k == len(cpus) - 1 else (k + 1) * part
                    if not (pin_pages(m, lo, hi - lo) if pinned else populate(m, lo, hi - lo)):
                        m[lo:hi] = b"\1" * (hi - lo)
                    for off in range(lo, hi, 2 * page):
                        m.madvise(mmap.MADV_DONTNEED, off, page)
        finally:
            os.sched_setaffinity(0, cpus)

    def close(self):
        for m in self.maps:
            m.close()


def populate(buf, off, length):
    """Fault LENGTH bytes of BUF from OFF in as ordinary writable pages,
    as a first write would (MADV_POPULATE_WRITE, Linux 5.14); False where
    the kernel cannot."""
    try:
        buf.madvise(getattr(mmap, "MADV_POPULATE_WRITE", 23), off, length)
        return True
    except OSError:
        return False


def pin_pages(buf, off, length):
    """Fault LENGTH bytes of BUF from OFF in as memory pinned for I/O, the
    way registering an io_uring buffer does, then let them go again (they
    stay mapped); False where io_uring cannot."""
    libc = ctypes.CDLL(None, use_errno=True)
    params = ctypes.create_string_buffer(120)  # struct io_uring_params
    fd = libc.syscall(425, 1, params)  # io_uring_setup
    if fd < 0:
        return False
    try:
        iov = (ctypes.c_size_t * 2)(address_of(buf) + off, length)
        if libc.syscall(427, fd, 0, iov, 1) != 0:  # IORING_REGISTER_BUFFERS
            return False
        libc.syscall(427, fd, 1, None, 0)  # IORING_UNREGISTER_BUFFERS
        return True
    finally:
        os.close(fd)


def target_index(r):
    """The index in R of the reference MB/s list a mark row's 3% target
    compares clyde's with. By size, the target is against fio doing what
    clyde does at its best: for writes without new random data per write
    (4, batched from Q8); for reads from Q8 the faster, by median, of
    fio's loop as KDiskMark runs it (1) and batched as clyde's (3: three
    times as fast at RND4K Q32T1, slower at SEQ1M Q8T1); else fio as its
    reference runs it (1). What each choice is worth is shown apart."""
    if r[4]:
        return 4
    if r[3] and engines.median(r[3]) > engines.median(r[1]):
        return 3
    return 1


def same_work(r):
    """A mark row's fio runs doing what clyde does, where they differ from
    fio as its reference runs it (r[1]): (MB/s list or None, whether
    batched)."""
    i = target_index(r)
    return (r[i] if i != 1 else None), bool(r[3]) and i != 1


def target_runs(r):
    """The reference MB/s a mark row's 3% target compares clyde's with."""
    return r[target_index(r)]


def target_cpu(r):
    """(clyde's, the target's reference's) CPU seconds per I/O, pair by pair."""
    return r[CLYDE_CPU], r[CPU_OF[target_index(r)]]


NOISE_TRIALS = 2000


def row_noise(marks):
    """Each mark row's per-pair log ratios (clyde over its target's
    reference) about their own median: the row's noise, its bias taken
    out. A list, one list per row."""
    devs = []
    for method in METHODS:
        for r in (marks.get(method) or {}).values():
            xs = [math.log(c / f) for c, f in zip(r[0], target_runs(r)) if c and f]
            if xs:
                mid = statistics.median(xs)
                devs.append([x - mid for x in xs])
    return devs


def equal_tool(devs, pairs=None, within=0.03, trials=NOISE_TRIALS):
    """A tool equal to every reference (each row's true ratio exactly 1),
    its PAIRS pairs a row (default: as many as the row has) drawn from
    DEVS (row_noise): (how many rows put their median within WITHIN on
    average, the share of runs in which all of them do)."""
    rng, bound = random.Random(27), math.log(1 + within)
    inside = every = 0
    for _ in range(trials):
        k = sum(abs(statistics.median(rng.choice(d) for _ in range(pairs or len(d)))) <= bound
                for d in devs)
        inside += k
        every += k == len(devs)
    return inside / trials, every / trials


def noise_claim(marks, within=0.03):
    """What this run's noise lets its pairs show (equal_tool on this run's
    own pairs): a claims-table entry (claim, evidence, holds) or None;
    holds when a tool equal to every reference would meet every row in at
    least half of runs."""
    devs = row_noise(marks)
    if not devs:
        return None
    mean, share = equal_tool(devs, within=within)
    return ("a run of %d pairs can show each `clyde mark` row within %.0f%% of its reference "
            "(a tool equal to every reference would be shown so in at least half of runs)" % (
                max(len(d) for d in devs), within * 100),
            "such a tool, its pairs drawn from this run's (%d rows, each about its own "
            "median, %d trials): %.1f of %d rows within %.0f%% on average, all %d in %.1f%% "
            "of runs" % (len(devs), NOISE_TRIALS, mean, len(devs), within * 100, len(devs),
                         100 * share),
            share >= 0.5)


def report_rows(marks, placement, row_line, unmet):
    """The results-table rows of both methods and of the placement group;
    appends what missed to UNMET. Under each target, its reference against
    its own median pair by pair: how far the reference alone moves."""
    L = []
    for method in METHODS:
        m = marks.get(method)
        if not m:
            continue
        ref = "fio as KDiskMark:" if method == "size" else "fio io_uring time_based:"
        for name, _, bs_k, q, _ in KDM_DEFAULT:
            for op in ("read", "write"):
                r = m.get((name, op))
                if not r:
                    continue
                what = "mark by %s %s %s (MB/s; clyde %.2f s a run)" % (
                    method, name, op, engines.median(r[2]))
                same, batched = same_work(r)
                L.append(row_line(what, (r[0], r[1]), ref, 1, 1,
                                  None if same else ("within", 0.03), unmet))
                if same:
                    L.append(row_line("mark by %s %s %s, same work (MB/s)" % (
                        method, name, op), (r[0], same), "fio as KDiskMark%s%s:" % (
                            ", batched as clyde's" if batched else "",
                            ", plain data" if r[4] else ""),
                        1, 1, ("within", 0.03), unmet))
                target = target_runs(r)
                L.append(row_line("the noise: %s %s, the reference ÷ its median (MB/s)" % (
                    name, op), against_median(target),
                    "its median:", 1, 1, None, unmet))
                if q == 1:  # each loop's own work, in series with every I/O
                    L.append(row_line("the reason apart: %s %s, CPU µs per I/O" % (name, op),
                                      target_cpu(r), "the reference's:", 1e-6, 2, None,
                                      unmet))
                if q >= 8 and bs_k < 1024 and r[5]:  # 1 MiB requests merge
                    L.append(row_line("the reason apart: %s %s, requests at the disk while "
                                      "busy" % (name, op), (r[5], r[6]), "the reference's:",
                                      1, 1, None, unmet))
                if r[3]:
                    L.append(row_line("the reason apart: %s %s, fio batched as clyde's "
                                      "(MB/s)" % (name, op), (r[3], r[1]),
                                      "fio as KDiskMark:", 1, 1, None, unmet))
                if r[4]:
                    L.append(row_line("the reason apart: %s %s, fio with plain data "
                                      "(MB/s)" % (name, op),
                                      (r[4], r[3] or r[1]), "fio batched:" if r[3]
                                      else "fio as KDiskMark:", 1, 1, None, unmet))
    if placement and placement["4k"]:
        small = placement["4k"]
        L.append(row_line("the VM apart: 1 MiB direct reads into one process's %d buffers "
                          "of 4 KiB pages, each ÷ their median (MB/s)" % len(small),
                          against_median(small), "their median:",
                          1, 0, None, unmet))
        if placement["huge"]:
            L.append(row_line("the VM apart: the same reads into buffers that are one "
                              "2 MiB page each (MB/s)", (placement["huge"], small),
                              "4 KiB pages:", 1, 0, None, unmet))
    return L


def method_lines(b):
    a = b.a
    return [
        "- **clyde mark by size** (its default): `clyde mark -y p --method size --engine "
        "aio --profile default --runs 1 --time %d -s %dM` against fio as KDiskMark runs it "
        "(`--ioengine=libaio --direct=1 --randrepeat=0 --refill_buffers --end_fsync=1 "
        "--rwmixread=70 --filename --name --size=%dm --zero_buffers=0 --bs --runtime=%d "
        "--rw --iodepth --numjobs`, its order): both the same engine class (Linux AIO) "
        "on the same file (clyde's, laid out by clyde), one pass of it or %d s, whichever "
        "ends first, then the flush for writes; random tests visit each block once "
        "(fio's random map, clyde's shuffled order). MB/s in 10^6 bytes for both "
        "(KDiskMark shows fio's KiB/s ÷ 1000, 2.4%% lower)." % (
            a.mark_time, a.mark_mib, a.mark_mib, a.mark_time, a.mark_time) +
        " From Q8 on clyde's engines submit and wait for completions a quarter of the "
        "depth at a time; fio as KDiskMark runs it takes completions one at a time, never "
        "sleeps, and pays an io_submit per I/O, each a doorbell (an exit to the host) on "
        "this VM, so at Q32 it measures its own loop (CPU-bound). So each such test also "
        "runs fio with `--iodepth_batch_submit=Q/4 --iodepth_batch_complete_min=Q/4` "
        "(the same submissions as clyde's), and the row *the reason apart* gives fio "
        "batched ÷ fio as KDiskMark: what the batching alone is worth. For reads the "
        "target is against the faster of the two by median (batched at RND4K Q32T1, 3× "
        "as fast; at SEQ1M Q8T1 fio's own loop was the faster, batched 0.85-0.91× of "
        "it). Every write test also runs fio with plain data: without "
        "KDiskMark's `--refill_buffers` (new random data for every write) and with "
        "`--scramble_buffers=0` (by default fio writes its offset and the time into every "
        "512 bytes of each write), so that it writes one buffer of random data made once, "
        "where clyde writes slots of an incompressible pool made once and stamps 16 bytes "
        "of each write: for writes the target row (*same work*) is against fio with "
        "plain data, batched where Q ≥ 8, and a row *the reason apart* gives what "
        "KDiskMark's data costs fio.",
        "- **clyde mark by time**: `clyde mark -y p --method time --profile default --runs 1 "
        "--time %d` (io_uring) against fio io_uring at its best (the engine group's flags) "
        "with `--time_based --runtime=%d --norandommap --randrepeat=0 "
        "--scramble_buffers=0`, on clyde's file, "
        "writes with their flush timed as the engine group times it (fio's time_based "
        "clock leaves `--end_fsync` out; by size it holds it: a 512 MiB write ran 259 ms "
        "without it and 498 ms with it): CrystalDiskMark runs DiskSpd for its duration; "
        "DiskSpd is not on Linux, and fio for the time with the same engine class stands "
        "in for it." % (a.mark_time, a.mark_time),
        "- **Run order**: the fio run a target compares with goes right beside clyde's run "
        "(after it when clyde goes first, before it otherwise); the runs that show a reason "
        "apart go further out (a read from Q8 by size compares with the faster of fio's two "
        "loops, picked once all pairs are in, so that run can be one further out). Under "
        "each target, *the noise* row gives that reference run "
        "÷ its own median, pair by pair: how far the reference moves on its own; a 3% target "
        "can only be shown where that range is narrow.",
        "- **The VM apart** (group *placement*, `marks.group_placement`): one Python process "
        "reads a %d MiB file laid out with direct writes, 1 MiB at a time with O_DIRECT, into "
        "each of 8 buffers of ordinary 4 KiB pages and 8 buffers that are one transparent "
        "huge page each (MADV_HUGEPAGE), the buffers taking turns 3 times; the raw lines give "
        "each buffer's MB/s beside the number of physically contiguous pieces its pages lie "
        "in (from /proc/self/pagemap). Each piece is one segment of the request, and the "
        "rate falls as the pieces rise: a sequential read's speed follows its buffer's layout "
        "in guest memory, which each process of either tool draws anew. So beside every "
        "sequential mark run the raw lines give, for clyde and for the fio run its target "
        "compares with, the pieces per MiB of that run's I/O buffers (`BufferLayout`: the "
        "process's one anonymous allocation of depth × block, from /proc/PID/pagemap, looked "
        "for every 20 ms during the run; 256 is every page apart). To give both tools the "
        "same memory, the bench holds free memory in one state through every run of either "
        "tool with 1 MiB blocks or more (`ScatteredMemory`): it faults in %d MiB of ordinary "
        "pages and %d MiB of pages pinned for I/O (an io_uring buffer registration, the "
        "way fio's `--fixedbufs` reads get theirs, from the allocator's other list), a part "
        "on each CPU (each keeps a cache of free pages), gives back every other page and "
        "holds the rest until the run ends. "
        "The allocator hands out its smallest free blocks first, so either tool's buffers "
        "then lie page by page, 256 pieces a MiB, where without it each process drew a "
        "layout of its own." % (PLACEMENT_MIB, SCATTER_MIB, SCATTER_MIB),
        "- **CPU per I/O** at Q1: clyde's CPU over the test (its JSON's `cpu_s`) over its "
        "I/Os, and fio's `usr_cpu + sys_cpu` over the job's runtime over its I/Os, for the fio "
        "run the target compares with. At Q1 the work a loop does between one I/O's "
        "completion and the next one's submission is in series with the disk, so a loop "
        "that does less per I/O finishes sooner; the row *the reason apart* gives clyde's ÷ "
        "the reference's.",
        "- **Requests at the disk** (`engines.DiskQueue`): for each mark run of clyde and "
        "of the fio run its target compares with, the disk's mean queue while it was busy, "
        "from the change in `time_in_queue` over the change in `io_ticks` in "
        "/sys/dev/block/M:m/stat (every request on that disk, a write's closing flush too); "
        "at RND4K Q32T1 a row gives clyde's ÷ the reference's: how much of the same depth "
        "each loop keeps at the disk (not at 1 MiB, where the block layer merges adjacent "
        "reads into larger requests, and by a different amount for each tool).",
    ]


def group_placement(b, log, mib=None, buffers=8, rounds=3):
    """What the VM makes of where a read's buffer lies: 1 MiB direct reads
    of one file into each of BUFFERS buffers of 4 KiB pages and BUFFERS
    buffers that are each one transparent huge page, all in this one
    process, the buffers taking turns ROUNDS times; each buffer's MB/s (the
    median of its rounds). Every physically contiguous piece of a buffer is
    one segment of the request, and on this VM the rate falls as the pieces
    rise; a buffer keeps its layout for the process's life.
    {"4k": [MB/s], "huge": [MB/s] or None}."""
    path = os.path.join(b.work, "placement")
    mib = mib or PLACEMENT_MIB
    size, M, H = mib << 20, 1 << 20, 2 << 20
    log("placement: %d MiB, %d buffers of each kind, load %.1f" % (
        mib, buffers, os.getloadavg()[0]))
    # The file, written direct from random data.
    src = mmap.mmap(-1, M)  # page-aligned, as O_DIRECT needs
    src.write(os.urandom(M))
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_DIRECT, 0o600)
    try:
        for off in range(0, size, M):
            os.pwrite(fd, src, off)
        os.fsync(fd)
    finally:
        os.close(fd)
    private = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS  # THP is for private memory
    small = [mmap.mmap(-1, M, flags=private) for _ in range(buffers)]
    for m in small:
        m.write(b"\1" * M)
    huge_map = mmap.mmap(-1, (buffers + 1) * H, flags=private)
    huge = None
    if hasattr(mmap, "MADV_HUGEPAGE"):
        huge_map.madvise(mmap.MADV_HUGEPAGE)
        huge_map.write(b"\1" * len(huge_map))
        start = (-address_of(huge_map)) % H
        view = memoryview(huge_map)
        huge = [view[start + i * H:start + i * H + M] for i in range(buffers)]
        if anon_huge_kib() < buffers * 2048:  # THP off or not granted
            huge = None
    fd = os.open(path, os.O_RDONLY | os.O_DIRECT)

    def rate(buf):
        t = time.monotonic()
        for off in range(0, size, M):
            os.preadv(fd, [buf], off)
        return size / (time.monotonic() - t) / 1e6
    pieces = {"4k": [contiguous_pieces(m) for m in small],
              "huge": [contiguous_pieces(v) for v in huge or []]}
    got = {"4k": [[] for _ in small], "huge": [[] for _ in (huge or [])]}
    try:
        for _ in range(rounds):
            for kind, bufs in (("4k", small), ("huge", huge or [])):
                for k, buf in enumerate(bufs):
                    got[kind][k].append(rate(buf))
    finally:
        os.close(fd)
        os.unlink(path)
        if huge:
            for v in huge:
                v.release()
            view.release()
    out = {k: [statistics.median(x) for x in v] or None for k, v in got.items()}
    for kind, what in (("4k", "4 KiB pages"), ("huge", "a 2 MiB page")):
        if out[kind]:
            b.raw.append(("placement", "1 MiB direct reads into %s (MB/s; in how many "
                          "physically contiguous pieces)" % what, dict(
                              ("buffer %d (%s)" % (k + 1, n or "?"), x)
                              for k, (x, n) in enumerate(zip(out[kind], pieces[kind])))))
    return out


def contiguous_pieces(buf):
    """In how many physically contiguous pieces BUF's pages lie (None
    where the page frames cannot be read). Each piece is one segment of a
    request."""
    return pfn_pieces("self", address_of(buf), (len(buf) + mmap.PAGESIZE - 1) // mmap.PAGESIZE)


def address_of(buf):
    """Where writable buffer BUF starts in this process's memory."""
    cell = ctypes.c_char.from_buffer(buf)
    addr = ctypes.addressof(cell)
    del cell  # no pointer into BUF outlives the call
    return addr


def pfn_pieces(pid, addr, pages, present=1.0):
    """In how many physically contiguous pieces the PAGES pages from ADDR
    of process PID lie, from /proc/PID/pagemap, counting the pages in
    memory; None unless at least the share PRESENT of them are, with their
    frames readable (root, CAP_SYS_ADMIN)."""
    try:
        fd = os.open("/proc/%s/pagemap" % pid, os.O_RDONLY)
    except OSError:
        return None
    try:
        raw = os.pread(fd, 8 * pages, addr // mmap.PAGESIZE * 8)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(raw) != 8 * pages:
        return None
    pfns = [x & ((1 << 55) - 1) for x in struct.unpack("%dQ" % pages, raw)]
    pfns = [x for x in pfns if x]
    if not pfns or len(pfns) < present * pages:
        return None
    return 1 + sum(1 for x, y in zip(pfns, pfns[1:]) if y != x + 1)


class BufferLayout(threading.Thread):
    """In how many physically contiguous pieces a MiB the I/O buffers of
    the bench's own running COMM process lie: its private anonymous
    mappings of NBYTES to NBYTES + 64 KiB (the one allocation of depth x
    block that clyde and fio each make), once NBYTES of it are in memory.
    Looked for every 20 ms from now until found or result()."""

    def __init__(self, comm, nbytes):
        super().__init__(daemon=True)
        self.comm, self.nbytes, self.value = comm, nbytes, None
        self.done = threading.Event()
        self.start()

    def run(self):
        while not self.done.is_set() and self.value is None:
            self.value = self.sample()
            self.done.wait(0.02)

    def result(self):
        self.done.set()
        self.join()
        return self.value

    def sample(self):
        pieces = pages = 0
        for pid in own_processes(self.comm):
            try:
                with open("/proc/%d/maps" % pid) as f:
                    maps = f.read().splitlines()
            except OSError:
                continue
            for line in maps:
                f = line.split()
                lo, hi = (int(x, 16) for x in f[0].split("-"))
                if len(f) > 5 or f[1] != "rw-p" or not \
                        self.nbytes <= hi - lo <= self.nbytes + (64 << 10):
                    continue
                n = pfn_pieces(pid, lo, (hi - lo) // mmap.PAGESIZE,
                               self.nbytes / (hi - lo))
                if n:
                    pieces, pages = pieces + n, pages + self.nbytes // mmap.PAGESIZE
        return pieces / (pages * mmap.PAGESIZE / (1 << 20)) if pages else None


def own_processes(comm):
    """The bench's descendant processes named COMM."""
    parent, names = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                st = f.read()
        except OSError:
            continue
        names[int(d)] = st[st.index("(") + 1:st.rindex(")")]
        parent[int(d)] = int(st[st.rindex(")") + 2:].split()[1])
    me, out = os.getpid(), []
    for pid, name in names.items():
        up = parent.get(pid)
        while name == comm and up and up != me:
            up = parent.get(up)
        if name == comm and up == me:
            out.append(pid)
    return out


def anon_huge_kib():
    """This process's anonymous memory in transparent huge pages, KiB."""
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            if line.startswith("AnonHugePages:"):
                return int(line.split()[1])
    return 0
