# SPDX-License-Identifier: MIT
"""marks.py - `clyde mark` against the reference each of its methods
names, in `make bench`.

- By size (the default): `clyde mark --method size --engine aio --profile
  default` against fio run exactly as KDiskMark runs it (its literal line:
  bench/kdiskmark.md; libaio, direct, --refill_buffers, --end_fsync=1,
  --size and --runtime without time_based, so a run is one pass of the
  file or the time, whichever ends first), and against fio doing the same
  work as clyde (batched as clyde's engine submits, plain data for writes).
- By time: `clyde mark --method time --profile default` (io_uring) against
  fio io_uring at its best, time_based (DiskSpd, what CrystalDiskMark
  runs, is not on Linux: fio run for the time with the same engine stands
  in), and against KDiskMark's literal line as well.

Both step by step (clyde stops before each run, fio runs the same test
right before or after it, which one first alternating from pair to pair)
on clyde's own laid-out file, so that both see the same file in the same
state. Every fio process is a fresh one, as its users run it: nothing in
the bench touches its memory. Beside every test, fio's literal line runs a
second time (the null): fio against itself by the same procedure, whose
spread is the bar a row's ratio must reach.
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


def fmt_pieces(xs):
    """The median of the pieces per MiB in XS, or n/a."""
    known = [x for x in xs if x is not None]
    return "%.1f" % statistics.median(known) if known else "n/a"


def against_median(xs):
    """XS paired with their own median, for a row whose ratios show how far
    a figure moves on its own from run to run."""
    return xs, [engines.median(xs)] * len(xs)


def kdm_args(path, size, secs, rw, bs_k, q, t):
    """fio's arguments as KDiskMark gives them, in its order (its literal
    line: bench/kdiskmark.md)."""
    return ["--ioengine=libaio", "--direct=1", "--randrepeat=0", "--refill_buffers",
            "--end_fsync=1", "--rwmixread=70", "--filename=" + path,
            "--name=" + rw, "--size=%dm" % size, "--zero_buffers=0", "--bs=%dk" % bs_k,
            "--runtime=%d" % secs, "--rw=" + rw, "--iodepth=%d" % q, "--numjobs=%d" % t]


def batched(args, q):
    """KDiskMark's fio with its queue refilled as clyde's engines refill
    theirs (engines.fio_refill): every completion there is reaped after a
    wait for one, and all the slots they freed submitted in one call. At
    its defaults fio's libaio loop reaps one completion at a time and pays
    an io_submit (a doorbell, an exit to the host on this VM) per I/O."""
    return args + engines.fio_refill(q)


def timed_args(path, size, secs, rw, bs_k, q, t):
    """fio io_uring at its best, for the time: the stand-in for DiskSpd."""
    return ["--ioengine=io_uring", "--direct=1", "--randrepeat=0", "--norandommap",
            "--filename=" + path, "--name=" + rw, "--size=%dm" % size,
            "--bs=%dk" % bs_k, "--time_based", "--runtime=%d" % secs, "--rw=" + rw,
            "--iodepth=%d" % q, "--numjobs=%d" % t] + engines.fio_best(q) + \
        engines.FIO_PLAIN_DATA


def new_row():
    """A mark row's lists, one entry a pair: clyde's MB/s, fio's as its
    reference runs it (by size KDiskMark's literal line, by time fio
    io_uring time_based), clyde's seconds, fio batched as clyde's, fio with
    plain data, the disk's mean queue under clyde and under fio, then the
    CPU seconds per I/O of clyde and of each of those three fio runs (None
    where a tool gave none); then the null (fio's reference run again, by
    the same procedure), KDiskMark's literal line by time, and the pieces
    per MiB of clyde's and of fio's I/O buffers."""
    return tuple([] for _ in range(15))


# The raw lines' labels of a row's MB/s lists (row index, label): what
# group_mark writes and bench/noise.py reads back.
RAW_MB = ((0, "clyde MB/s"), (1, "fio MB/s"), (3, "fio batched MB/s"),
          (4, "fio plain data MB/s"), (11, "fio null MB/s"), (12, "fio KDiskMark MB/s"))
NULL, LITERAL_BY_TIME, CLYDE_PIECES, FIO_PIECES = 11, 12, 13, 14
# The index of each tool's CPU per I/O list, by the index of its MB/s
# list; the raw lines' labels of both kinds.
CPU_OF = {0: 7, 1: 8, 3: 9, 4: 10}
CLYDE_CPU = CPU_OF[0]
LABEL = dict(RAW_MB + tuple((CPU_OF[i], label.replace("MB/s", "CPU µs/I/O"))
                            for i, label in RAW_MB if i in CPU_OF))


def fio_runs(method, args, name, ddir, q):
    """The fio runs beside one clyde test, from the furthest to the one
    right beside clyde's: (key, label, argv). Last, the reference as its
    users run it (KDiskMark's literal line by size, fio io_uring time_based
    by time); right before it, the same again (the null); further out the
    same-work runs: by size fio with clyde's loop (reads from Q8) and with
    plain data (writes; with clyde's loop from Q8)."""
    key = (name, ddir)
    label = "fio as KDiskMark runs it" if method == "size" else "fio io_uring best, time_based"
    runs = []
    if method == "size" and q >= 8 and ddir == "read":  # clyde's loop
        runs.append((key + ("batched",), label + ", clyde's loop", batched(args, q)))
    if method == "size" and ddir == "write":  # fio's data work apart
        runs.append((key + ("plain",), label + (", clyde's loop," if q >= 8 else ",") +
                     " plain data", [x for x in (batched(args, q) if q >= 8 else args)
                                     if x != "--refill_buffers"] + engines.FIO_PLAIN_DATA))
    return runs + [(key + ("null",), label + ", again (the null)", args), (key, label, args)]


def group_mark(b, log, method):
    """clyde mark --profile default by METHOD against its references, run
    by run; {(test name, op): the row's lists (new_row)}."""
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
                path = engines.clyde_file(b)
                args = (kdm_args if method == "size" else timed_args)(
                    path, size, secs, rw, bs_k, q, t)
                ddir = direction(rw)
                runs = fio_runs(method, args, name, ddir, q)
                if method == "time":  # KDiskMark's literal line too, furthest out
                    runs.insert(0, ((name, ddir, "literal"), "fio as KDiskMark runs it",
                                    kdm_args(path, size, secs, rw, bs_k, q, t)))
                # The reference as its users run it right beside clyde's,
                # the null next to it, the rest further out.
                for key, what, argv in (runs[::-1] if clyde_first else runs):
                    seen = MarkWatch("fio", bs_k * q << 10, b.work)
                    # KDiskMark's line (by size) holds its end_fsync in
                    # fio's clock; time_based does not, and fio_timed adds
                    # the flush.
                    timed = "--time_based" in argv
                    got[key] = engines.fio_timed(b, what, argv, ddir, path) if timed else \
                        engines.fio_figures(engines.fio_jobs(b, what, argv), ddir)
                    watched[("fio",) + key] = seen.result()
            return go
        tests = []  # clyde's steps from 1 on: (name, op)
        for name, rw, bs_k, q, t in KDM_DEFAULT:
            for word in (rw, rw.replace("read", "write")):
                steps.append(run_step(name, word, bs_k, q, t))
                tests.append((name, direction(word)))
        watched = {}  # (tool, name, op[, run]): MarkWatch.result()

        def watch(k):
            return engines.DiskQueue(b.work) if k else None
        opts = ["-s", "%dM" % size, "--runs", "1", "--time", str(secs), "--method", method,
                "--profile", "default"] + (["--engine", "aio"] if method == "size" else [])
        proc = engines.mark_start(b, "clyde mark --method %s" % method, opts)
        for k, v in engines.paired(b, proc, steps, clyde_first, watch).items():
            watched[("clyde",) + tests[k - 1]] = {"queue": v}
        j = engines.mark_json(b, proc)
        clyde_pieces = (j["environment"].get("io_buffers") or {}).get("pieces_per_mib")
        for t in j["tests"]:
            key = (t["name"], t["op"])
            f = got[key]
            row = rows.setdefault(key, new_row())
            # {row index: figure} of this pair: MB/s, seconds, CPU per I/O
            figs = {0: t["mb_per_s"], 2: t["elapsed_s"],
                    CLYDE_CPU: t["cpu_s"] / t["ios"] if t.get("ios") else None}
            for i, run in ((1, f), (3, got.get(key + ("batched",))),
                           (4, got.get(key + ("plain",))), (NULL, got.get(key + ("null",))),
                           (LITERAL_BY_TIME, got.get(key + ("literal",)))):
                if run:
                    figs[i] = run["mb"]
                    if i in CPU_OF:
                        figs[CPU_OF[i]] = run.get("cpu")
            cw, fw = watched.get(("clyde",) + key, {}), watched.get(("fio",) + key, {})
            if t["block_bytes"] >= 1 << 20:  # the buffers' layout: 1 MiB requests
                figs[CLYDE_PIECES] = clyde_pieces
                figs[FIO_PIECES] = fw.get("pieces")
            for i, x in figs.items():
                row[i].append(x)
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
                [("%s buffer pieces/MiB" % who, figs[i]) for who, i in
                 (("clyde", CLYDE_PIECES), ("fio", FIO_PIECES)) if figs.get(i) is not None])))
    return rows


class MarkWatch:
    """One fio run of a mark test, watched from outside without touching
    it: the pieces per MiB its I/O buffers lie in, for buffers of 1 MiB or
    more (BufferLayout), and the disk's mean queue while busy
    (engines.DiskQueue). Started right before the run; result() right
    after: {"queue", "pieces"}."""

    def __init__(self, comm, nbytes, path):
        self.layout = BufferLayout(comm, nbytes) if nbytes >= 1 << 20 else None
        self.queue = engines.DiskQueue(path)

    def result(self):
        return {"queue": self.queue.result(),
                "pieces": self.layout.result() if self.layout else None}


def literal_runs(method, r):
    """The MB/s of KDiskMark's literal fio line, pair by pair."""
    return r[1] if method == "size" else r[LITERAL_BY_TIME]


def same_work(method, r):
    """The fio runs doing what clyde does, where they differ from
    KDiskMark's literal line: (MB/s list or None, what they are). By time,
    fio io_uring at its best time_based; by size, for writes fio with plain
    data (batched from Q8), for reads from Q8 fio batched as clyde's."""
    if method == "time":
        return r[1], "fio io_uring best, time_based:"
    if r[4]:
        return r[4], "fio as KDiskMark, plain data:"
    if r[3]:
        return r[3], "fio as KDiskMark, clyde's loop:"
    return None, None


def target_runs(method, r):
    """The reference MB/s a row's noise is taken against: fio doing the
    same work where it differs from its reference's own run, else that
    run (r[1], whose second run is the null), pair by pair."""
    return same_work(method, r)[0] or r[1]


def target_cpu(r):
    """(clyde's, the reference's) CPU seconds per I/O, pair by pair."""
    return r[CLYDE_CPU], r[CPU_OF[1]]


def null_spread(r):
    """The null's per-pair ratios (fio's reference run again over itself)
    and their spread: (ratios, low, high), the 10th and 90th percentiles
    (the least and the most below ten pairs); low and high None without a
    null."""
    rs = [x / y for x, y in zip(r[NULL], r[1]) if x and y]
    if not rs:
        return rs, None, None
    rs_sorted = sorted(rs)
    k = len(rs) // 10
    return rs, rs_sorted[k], rs_sorted[-1 - k]


def layout_share(xs, under=8):
    """(runs whose buffers lay in fewer than UNDER pieces a MiB, runs with a
    figure)."""
    known = [x for x in xs if x is not None]
    return sum(1 for x in known if x < under), len(known)


NOISE_TRIALS = 2000


def row_noise(marks):
    """Each mark row's per-pair log ratios (clyde over its target's
    reference) about their own median: the row's noise, its bias taken
    out. A list, one list per row."""
    devs = []
    for method in METHODS:
        for r in (marks.get(method) or {}).values():
            xs = [math.log(c / f) for c, f in zip(r[0], target_runs(method, r)) if c and f]
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
    appends what missed to UNMET. Each test against KDiskMark's literal
    line and against fio doing the same work, each met when its median of
    per-pair ratios and its ratio of the means of runs reach the null's
    spread; under them the null itself and the reasons apart."""
    L = []
    for method in METHODS:
        m = marks.get(method)
        if not m:
            continue
        for name, _, bs_k, q, _ in KDM_DEFAULT:
            for op in ("read", "write"):
                r = m.get((name, op))
                if not r:
                    continue
                nulls, lo, hi = null_spread(r)
                target = ("null", lo, hi) if lo is not None else None
                what = "mark by %s %s %s" % (method, name, op)
                if literal_runs(method, r):
                    L.append(row_line("%s against KDiskMark's literal line (MB/s; clyde %.2f "
                                      "s a run)" % (what, engines.median(r[2])),
                                      (r[0], literal_runs(method, r)), "fio as KDiskMark:",
                                      1, 1, target, unmet))
                same, label = same_work(method, r)
                if same:
                    L.append(row_line("%s, same work (MB/s)" % what, (r[0], same), label,
                                      1, 1, target, unmet))
                if nulls:
                    L.append(row_line("the null: %s %s, fio's reference run again ÷ itself "
                                      "(MB/s)" % (name, op), (r[NULL], r[1]), "first run:",
                                      1, 1, None, unmet))
                if bs_k >= 1024 and op == "read" and any(x is not None for x in
                                                          r[CLYDE_PIECES]):
                    c_in, c_n = layout_share(r[CLYDE_PIECES])
                    f_in, f_n = layout_share(r[FIO_PIECES])
                    ok = c_n > 0 and c_in >= 0.95 * c_n
                    if not ok:
                        unmet.append("%s buffers" % what)
                    L.append("| %s: runs whose I/O buffers lay in under 8 pieces a MiB | "
                             "%d of %d (median %s) | fio %s | | | ≥ 95%% of runs | %s |" % (
                                 what, c_in, c_n, fmt_pieces(r[CLYDE_PIECES]),
                                 "%d of %d (median %s)" % (f_in, f_n, fmt_pieces(
                                     r[FIO_PIECES])) if f_n else "n/a",
                                 "**met**" if ok else "**not met**"))
                if q == 1:  # each loop's own work, in series with every I/O
                    L.append(row_line("the reason apart: %s %s, CPU µs per I/O" % (name, op),
                                      target_cpu(r), "the reference's:", 1e-6, 2, None,
                                      unmet))
                if q >= 8 and bs_k < 1024 and r[5]:  # 1 MiB requests merge
                    L.append(row_line("the reason apart: %s %s, requests at the disk while "
                                      "busy" % (name, op), (r[5], r[6]), "the reference's:",
                                      1, 1, None, unmet))
                if r[3]:
                    L.append(row_line("the reason apart: %s %s, fio with clyde's loop "
                                      "(MB/s)" % (name, op), (r[3], r[1]),
                                      "fio as KDiskMark:", 1, 1, None, unmet))
                if r[4]:
                    L.append(row_line("the reason apart: %s %s, fio with plain data "
                                      "(MB/s)" % (name, op), (r[4], r[1]),
                                      "fio as KDiskMark:", 1, 1, None, unmet))
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
        " clyde's engines wait for one completion, reap every one there is and refill "
        "all their slots in one submission; fio as KDiskMark runs it reaps one completion "
        "at a time and pays an io_submit per I/O, each a doorbell (an exit to the host) on "
        "this VM. So from Q8 on each test also runs fio with `--iodepth_batch_submit=Q "
        "--iodepth_batch_complete_min=1 --iodepth_batch_complete_max=Q` (clyde's loop: "
        "for reads the row *same work*), and the row *the reason apart* gives it ÷ fio as "
        "KDiskMark: what that loop alone is worth. Every write test also runs fio with "
        "plain data: without "
        "KDiskMark's `--refill_buffers` (new random data for every write) and with "
        "`--scramble_buffers=0` (by default fio writes its offset and the time into every "
        "512 bytes of each write), so that it writes one buffer of random data made once, "
        "where clyde writes slots of an incompressible pool made once and stamps 16 bytes "
        "of each write: for writes the row *same work* is against fio with plain data, "
        "with clyde's loop where Q ≥ 8, and a row *the reason apart* gives what "
        "KDiskMark's data costs fio.",
        "- **clyde mark by time**: `clyde mark -y p --method time --profile default --runs 1 "
        "--time %d` (io_uring) against fio io_uring at its best (the engine group's flags) "
        "with `--time_based --runtime=%d --norandommap --randrepeat=0 "
        "--scramble_buffers=0`, on clyde's file, "
        "writes with their flush timed as the engine group times it (fio's time_based "
        "clock leaves `--end_fsync` out; by size it holds it: a 512 MiB write ran 259 ms "
        "without it and 498 ms with it): CrystalDiskMark runs DiskSpd for its duration; "
        "DiskSpd is not on Linux, and fio for the time with the same engine class stands "
        "in for it (the row *same work*). Each test also runs KDiskMark's literal line, "
        "as by size (the row *against KDiskMark's literal line*)." % (a.mark_time, a.mark_time),
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
        "in guest memory. So beside every 1 MiB mark test the raw lines give the pieces per "
        "MiB of each tool's I/O buffers: clyde's from its JSON (`environment.io_buffers`, "
        "its own pagemap: clyde cuts every buffer of 1 MiB or more from 2 MiB-aligned regions "
        "of huge pages, reserved before its layout), fio's from outside "
        "(`BufferLayout`: the process's one anonymous allocation of depth × block, from "
        "/proc/PID/pagemap, looked for every 20 ms during the run; 256 is every page apart). "
        "Nothing touches either tool's memory: every fio run is a fresh process drawing its "
        "layout as it does for its users (the bench once held free memory in one state for "
        "both, `ScatteredMemory`, which put fio's buffers into the worst layout and is gone). "
        "The row *runs whose I/O buffers lay in under 8 pieces a MiB* counts clyde's runs "
        "(target: 95%%) beside fio's." % PLACEMENT_MIB,
        "- **The null and the pass rule**: beside every test fio's reference run (KDiskMark's "
        "literal line by size, fio io_uring time_based by time) runs twice in a row, the "
        "second right beside clyde's run; *the null* row gives the second over the first, "
        "pair by pair: a tool equal to fio measured by the same procedure. Its spread (the "
        "10th to the 90th percentile of those ratios, the least to the most under ten pairs) "
        "is the bar: a row is met when clyde's median of per-pair ratios and its ratio of "
        "the means of runs (what KDiskMark prints: the mean of its runs) are both at or above "
        "the spread's low end. Each test has two such rows: against KDiskMark's literal "
        "line (bench/kdiskmark.md) and against fio doing the same work as clyde.",
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
