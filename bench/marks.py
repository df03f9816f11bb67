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
            "--iodepth=%d" % q, "--numjobs=%d" % t] + engines.fio_best(q)


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
                runs = [((name, ddir), label, args)]
                if method == "size" and q >= 8:  # the reasons apart
                    runs.append(((name, ddir, "batched"), label + ", batched as clyde's",
                                 batched(args, q)))
                if method == "size" and ddir == "write":  # new random data every write
                    runs.append(((name, ddir, "plain"), label + (
                        ", batched," if q >= 8 else ",") + " without --refill_buffers",
                        [x for x in (batched(args, q) if q >= 8 else args)
                         if x != "--refill_buffers"]))
                for key, what, argv in (runs if i % 2 == 0 else runs[::-1]):
                    # By size fio's clock holds its end_fsync; time_based it
                    # does not, and fio_timed adds the flush.
                    got[key] = engines.fio_figures(engines.fio_jobs(b, what, argv), ddir) \
                        if method == "size" else \
                        engines.fio_timed(b, what, argv, ddir, engines.clyde_file(b))
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
            fb = got.get(key + ("batched",))
            fp = got.get(key + ("plain",))
            row = rows.setdefault(key, ([], [], [], [], []))
            row[0].append(t["mb_per_s"])
            row[1].append(f["mb"])
            row[2].append(t["elapsed_s"])
            if fb:
                row[3].append(fb["mb"])
            if fp:
                row[4].append(fp["mb"])
            b.raw.append(("mark by " + method, "%s %s" % key, dict(
                [("clyde MB/s", t["mb_per_s"]), ("fio MB/s", f["mb"]),
                 ("clyde s", t["elapsed_s"])] +
                ([("fio flush s", f["flush_s"])] if "flush_s" in f else []) +
                ([("fio batched MB/s", fb["mb"])] if fb else []) +
                ([("fio without refill MB/s", fp["mb"])] if fp else []))))
    return rows


def report_rows(marks, row_line, unmet):
    """The results-table rows of both methods; appends what missed to UNMET."""
    L = []
    for method in METHODS:
        m = marks.get(method)
        if not m:
            continue
        ref = "fio as KDiskMark:" if method == "size" else "fio io_uring time_based:"
        for name, _, _, q, _ in KDM_DEFAULT:
            for op in ("read", "write"):
                r = m.get((name, op))
                if not r:
                    continue
                what = "mark by %s %s %s (MB/s; clyde %.2f s a run)" % (
                    method, name, op, engines.median(r[2]))
                # By size, the target is against fio doing what clyde does:
                # submissions batched as clyde's from Q8 (r[3]), and for
                # writes no new random data per write (r[4]); what each of
                # KDiskMark's choices is worth is shown apart.
                same = r[4] or r[3]
                L.append(row_line(what, (r[0], r[1]), ref, 1, 1,
                                  None if same else ("within", 0.03), unmet))
                if not same:
                    continue
                L.append(row_line("mark by %s %s %s, same work (MB/s)" % (method, name, op),
                                  (r[0], same), "fio as KDiskMark%s%s:" % (
                                      ", batched as clyde's" if r[3] else "",
                                      ", without --refill_buffers" if r[4] else ""),
                                  1, 1, ("within", 0.03), unmet))
                if r[3]:
                    L.append(row_line("the reason apart: %s %s, fio batched as clyde's "
                                      "(MB/s)" % (name, op), (r[3], r[1]),
                                      "fio as KDiskMark:", 1, 1, None, unmet))
                if r[4]:
                    L.append(row_line("the reason apart: %s %s, fio without "
                                      "--refill_buffers (MB/s)" % (name, op),
                                      (r[4], r[3] or r[1]), "fio batched:" if r[3]
                                      else "fio as KDiskMark:", 1, 1, None, unmet))
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
        "(the same submissions as clyde's), the target is against that, and the row "
        "*the reason apart* gives fio batched ÷ fio as KDiskMark: what the batching "
        "alone is worth. Every write test also runs fio without KDiskMark's "
        "`--refill_buffers` (new random data for every write; clyde stamps each block "
        "of an incompressible pool made once): the target row (*same work*) is against "
        "fio batched where Q ≥ 8 and, for writes, without it, and a row *the reason "
        "apart* gives what `--refill_buffers` costs fio.",
        "- **clyde mark by time**: `clyde mark -y p --method time --profile default --runs 1 "
        "--time %d` (io_uring) against fio io_uring at its best (the engine group's flags) "
        "with `--time_based --runtime=%d --norandommap --randrepeat=0`, on clyde's file, "
        "writes with their flush timed as the engine group times it (fio's time_based "
        "clock leaves `--end_fsync` out; by size it holds it: a 512 MiB write ran 259 ms "
        "without it and 498 ms with it): CrystalDiskMark runs DiskSpd for its duration; "
        "DiskSpd is not on Linux, and fio for the time with the same engine class stands "
        "in for it." % (a.mark_time, a.mark_time),
    ]
