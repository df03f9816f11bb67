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

import os

import engines

# KDiskMark's default profile: (name, fio rw word for reads, bs KiB, Q, T).
KDM_DEFAULT = [("SEQ1M Q8T1", "read", 1024, 8, 1), ("SEQ1M Q1T1", "read", 1024, 1, 1),
               ("RND4K Q32T1", "randread", 4, 32, 1), ("RND4K Q1T1", "randread", 4, 1, 1)]
METHODS = ("size", "time")


def kdm_args(path, size, secs, rw, bs_k, q, t):
    """fio's arguments as KDiskMark gives them, in its order."""
    return ["--ioengine=libaio", "--direct=1", "--randrepeat=0", "--refill_buffers",
            "--end_fsync=1", "--rwmixread=70", "--filename=" + path,
            "--name=" + rw, "--size=%dm" % size, "--zero_buffers=0", "--bs=%dk" % bs_k,
            "--runtime=%d" % secs, "--rw=" + rw, "--iodepth=%d" % q, "--numjobs=%d" % t]


def timed_args(path, size, secs, rw, bs_k, q, t):
    """fio io_uring at its best, for the time: the stand-in for DiskSpd."""
    return ["--ioengine=io_uring", "--direct=1", "--randrepeat=0", "--norandommap",
            "--filename=" + path, "--name=" + rw, "--size=%dm" % size,
            "--bs=%dk" % bs_k, "--time_based", "--runtime=%d" % secs, "--rw=" + rw,
            "--iodepth=%d" % q, "--numjobs=%d" % t] + engines.fio_best(q) + \
        (["--end_fsync=1"] if "write" in rw else [])


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
                ddir = "write" if "write" in rw else "read"
                got[(name, ddir)] = engines.fio_figures(engines.fio_jobs(b, label, args), ddir)
            return go
        for name, rw, bs_k, q, t in KDM_DEFAULT:
            for word in (rw, rw.replace("read", "write")):
                steps.append(run_step(name, word, bs_k, q, t))
        opts = ["-s", "%dM" % size, "--runs", "1", "--time", str(secs), "--method", method,
                "--profile", "default"] + (["--engine", "aio"] if method == "size" else [])
        proc = engines.mark_start(b, "clyde mark --method %s" % method, opts)
        engines.paired(b, proc, steps, clyde_first)
        j = engines.mark_json(b, proc)
        for t in j["tests"]:
            key = (t["name"], t["op"])
            f = got[key]
            row = rows.setdefault(key, ([], [], []))
            row[0].append(t["mb_per_s"])
            row[1].append(f["mb"])
            row[2].append(t["elapsed_s"])
            b.raw.append(("mark by " + method, "%s %s" % key, {
                "clyde MB/s": t["mb_per_s"], "fio MB/s": f["mb"],
                "clyde s": t["elapsed_s"]}))
    return rows


def report_rows(marks, row_line, unmet):
    """The results-table rows of both methods; appends what missed to UNMET."""
    L = []
    for method in METHODS:
        m = marks.get(method)
        if not m:
            continue
        ref = "fio as KDiskMark:" if method == "size" else "fio io_uring time_based:"
        for name, _, _, _, _ in KDM_DEFAULT:
            for op in ("read", "write"):
                r = m.get((name, op))
                if r:
                    L.append(row_line("mark by %s %s %s (MB/s; clyde %.2f s a run)" % (
                        method, name, op, engines.median(r[2])), (r[0], r[1]), ref, 1, 1,
                        ("within", 0.03), unmet))
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
            a.mark_time, a.mark_mib, a.mark_mib, a.mark_time, a.mark_time),
        "- **clyde mark by time**: `clyde mark -y p --method time --profile default --runs 1 "
        "--time %d` (io_uring) against fio io_uring at its best (the engine group's flags) "
        "with `--time_based --runtime=%d --norandommap --randrepeat=0` and `--end_fsync=1` "
        "for writes, on clyde's file: CrystalDiskMark runs DiskSpd for its duration; "
        "DiskSpd is not on Linux, and fio for the time with the same engine class stands "
        "in for it." % (a.mark_time, a.mark_time),
    ]
