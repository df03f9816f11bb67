# SPDX-License-Identifier: MIT
"""engines.py - the engine and `clyde mark` comparisons of `make bench`.

Imported by bench.py. Two groups, each paired run by run (which tool goes
first alternates) and step by step inside a run: `clyde mark -y p` stops
before every step, and the bench runs the fio command doing the same I/O
right before or after it.

- engine: 4 KiB random reads and writes at Q1T1, Q3T1, Q32T1 and Q32T16,
  clyde (its io_uring engine, through `clyde mark --tests`, the same run
  function as --random-io) against `fio --ioengine=io_uring` at the same
  QnTm; IOPS, and CPU per I/O (clyde: process CPU over the test's window;
  fio: each job's usr+sys over its runtime, summed over the jobs).
- mark: `clyde mark --profile default` against the same profile run with
  fio the way KDiskMark runs it: a create_only layout, then one fio process
  per test and run, libaio, direct, end_fsync, refill_buffers, randrepeat=0,
  --runtime without time_based (a run also ends after --size), the mean of
  the runs.
"""

import json
import os
import statistics

TESTS = [("Q1T1", 1, 1), ("Q3T1", 3, 1), ("Q32T1", 32, 1), ("Q32T16", 32, 16)]
# KDiskMark's default profile: (name, fio rw word, bs KiB, Q, T).
KDM_DEFAULT = [("SEQ1M Q8T1", "read", 1024, 8, 1), ("SEQ1M Q1T1", "read", 1024, 1, 1),
               ("RND4K Q32T1", "randread", 4, 32, 1), ("RND4K Q1T1", "randread", 4, 1, 1)]


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fio_jobs(b, label, cmd):
    """Run fio (JSON output) with CMD's arguments; every job of it."""
    out = os.path.join(b.work, "fio.json")
    full = ["fio", "--output-format=json", "--output=" + out] + cmd
    b.note(label, full)
    r = b.run(full)
    with open(out) as f:
        text = f.read()
    os.unlink(out)
    b.note_rss("fio", r)
    return json.loads(text[text.index("{"):])["jobs"]


def fio_figures(jobs, ddir):
    """IOPS, bytes per second and CPU seconds per I/O of all JOBS in DDIR."""
    iops = sum(j[ddir]["iops"] for j in jobs)
    bw = sum(j[ddir]["bw_bytes"] for j in jobs)
    ios = sum(j[ddir]["total_ios"] for j in jobs)
    cpu = sum((j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1000.0
              for j in jobs)
    return iops, bw, (cpu / ios if ios else None)


def paired(b, clyde_proc, fio_steps, clyde_first):
    """Let CLYDE_PROC (started with -y p) run its steps, running
    FIO_STEPS[k] (a function) right before clyde's step k when fio goes
    first, right after it otherwise."""
    k = 0
    while True:
        n = clyde_proc.next_test()
        if n is None:
            break
        if clyde_first and k > 0:
            fio_steps[k - 1]()
        elif not clyde_first:
            fio_steps[k]()
        clyde_proc.go()
        k += 1
    if clyde_first and k > 0:
        fio_steps[k - 1]()
    if k != len(fio_steps):
        raise SystemExit("bench: clyde mark ran %d steps, expected %d" % (k, len(fio_steps)))


def mark_json(b, proc):
    r = proc.finish()
    with open(proc.json_path) as f:
        j = json.load(f)
    os.unlink(proc.json_path)
    b.note_rss("clyde", r)
    return j


def mark_start(b, label, opts):
    b.seq += 1
    path = os.path.join(b.work, "mark.%d.json" % b.seq)
    cmd = [b.a.clyde, "mark", "-d", b.work] + b.user() + opts + \
        ["--json", path, "--progress", "never", "-y", "p", "-m", "bench"]
    b.note(label, cmd)
    proc = b.start(cmd, gated=True)
    proc.json_path = path
    return proc


def group_engine(b, log):
    """clyde's engine against fio io_uring, QnTm by QnTm, reads and writes."""
    a = b.a
    size, secs = a.engine_mib, a.engine_time
    fio_file = os.path.join(b.work, "fio-engine")
    tests = ",".join("RND4K-%s" % name for name, _, _ in TESTS)
    rows = {}
    for i in range(a.engine_pairs):
        clyde_first = i % 2 == 0
        log("engines: pair %d/%d (%s first)" % (i + 1, a.engine_pairs,
                                                "clyde" if clyde_first else "fio"))
        got = {}
        steps = [lambda: None]  # the layout: fio lays its file out once

        def fio_step(name, q, t, op):
            def go():
                cmd = ["--name=" + op, "--filename=" + fio_file, "--size=%dm" % size,
                       "--direct=1", "--ioengine=io_uring", "--rw=rand" + op,
                       "--bs=4k", "--iodepth=%d" % q, "--numjobs=%d" % t,
                       "--time_based", "--runtime=%d" % secs, "--norandommap",
                       "--randrepeat=0"] + (["--end_fsync=1"] if op == "write" else [])
                got[(name, op)] = fio_figures(fio_jobs(b, "fio io_uring", cmd), op)
            return go
        for name, q, t in TESTS:
            for op in ("read", "write"):
                steps.append(fio_step(name, q, t, op))
        proc = mark_start(b, "clyde mark (engine)", ["-s", "%dM" % size, "--runs", "1",
                                                      "--time", str(secs), "--tests", tests])
        paired(b, proc, steps, clyde_first)
        j = mark_json(b, proc)
        for t in j["tests"]:
            name = t["name"].split()[1]
            c_cpu = t["cpu_s"] / t["ios"] if t["ios"] else None
            f_iops, _, f_cpu = got[(name, t["op"])]
            row = rows.setdefault((name, t["op"]), {"iops": ([], []), "cpu": ([], [])})
            row["iops"][0].append(t["iops"])
            row["iops"][1].append(f_iops)
            row["cpu"][0].append(c_cpu * 1e6 if c_cpu else None)
            row["cpu"][1].append(f_cpu * 1e6 if f_cpu else None)
            b.raw.append(("engine", "%s %s" % (name, t["op"]), {
                "clyde IOPS": t["iops"], "fio IOPS": f_iops,
                "clyde CPU us/IO": row["cpu"][0][-1], "fio CPU us/IO": row["cpu"][1][-1]}))
        b.engine = j["config"]["engine"]
    return rows


def kdm_fio(b, fio_file, size, secs, rw, bs_k, q, t):
    """One fio run as KDiskMark starts it (its arguments, in its order)."""
    cmd = ["--ioengine=libaio", "--direct=1", "--randrepeat=0", "--refill_buffers",
           "--end_fsync=1", "--rwmixread=70", "--filename=" + fio_file,
           "--name=" + rw, "--size=%dm" % size, "--zero_buffers=0", "--bs=%dk" % bs_k,
           "--runtime=%d" % secs, "--rw=" + rw, "--iodepth=%d" % q, "--numjobs=%d" % t]
    jobs = fio_jobs(b, "fio as KDiskMark runs it", cmd)
    ddir = "read" if "read" in rw else "write"
    iops, bw, _ = fio_figures(jobs, ddir)
    return bw / 1e6, iops


def group_mark(b, log):
    """clyde mark --profile default against KDiskMark's fio, run by run."""
    a = b.a
    size, runs, secs = a.mark_mib, a.mark_runs, a.mark_time
    fio_file = os.path.join(b.work, "fio-mark")
    rows = {}
    for i in range(a.mark_pairs):
        clyde_first = i % 2 == 0
        log("mark: pair %d/%d (%s first)" % (i + 1, a.mark_pairs,
                                             "clyde" if clyde_first else "fio"))
        got = {}

        def prepare():
            if os.path.exists(fio_file):
                os.unlink(fio_file)
            fio_jobs(b, "fio prepare, as KDiskMark", [
                "--create_only=1", "--filename=" + fio_file, "--size=%dm" % size,
                "--zero_buffers=0", "--name=prepare"])
        steps = [prepare]

        def run_step(name, rw, bs_k, q, t):
            def go():
                got.setdefault((name, "write" if "write" in rw else "read"), []).append(
                    kdm_fio(b, fio_file, size, secs, rw, bs_k, q, t))
            return go
        for name, rw, bs_k, q, t in KDM_DEFAULT:
            for word in (rw, rw.replace("read", "write")):
                steps += [run_step(name, word, bs_k, q, t)] * runs
        proc = mark_start(b, "clyde mark --profile default",
                          ["-s", "%dM" % size, "--runs", str(runs), "--time", str(secs),
                           "--profile", "default"])
        paired(b, proc, steps, clyde_first)
        j = mark_json(b, proc)
        for t in j["tests"]:
            key = (t["name"], t["op"])
            f_runs = got[key]
            f_mb = statistics.mean(x[0] for x in f_runs)
            row = rows.setdefault(key, ([], []))
            row[0].append(t["mb_per_s"])
            row[1].append(f_mb)
            b.raw.append(("mark", "%s %s" % key, {"clyde MB/s": t["mb_per_s"],
                                                   "fio MB/s": f_mb}))
    if os.path.exists(fio_file):
        os.unlink(fio_file)
    return rows


def report_rows(b, engine, mark, row_line, unmet):
    """The results-table rows of both groups; appends what missed to UNMET."""
    L = []
    for name, _, _ in TESTS:
        for op in ("read", "write"):
            r = engine.get((name, op))
            if not r:
                continue
            L.append(row_line("random %ss 4 KiB %s (IOPS)" % (op, name), r["iops"],
                              "fio io_uring:", 1, 0, (">=", 0.98), unmet))
            L.append(row_line("random %ss 4 KiB %s: CPU µs per I/O" % (op, name),
                              r["cpu"], "fio io_uring:", 1, 2, ("<=", 1.0), unmet))
    for name, _, _, _, _ in KDM_DEFAULT:
        for op in ("read", "write"):
            r = mark.get((name, op))
            if r:
                L.append(row_line("mark default %s %s (MB/s)" % (name, op), r,
                                  "fio, KDiskMark's way:", 1, 1, ("within", 0.03), unmet))
    return L
