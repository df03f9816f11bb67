# SPDX-License-Identifier: MIT
"""engines.py - the engine comparison of `make bench`, and what the mark
comparisons (marks.py) share with it.

clyde's engine (through `clyde mark -y p --method time --tests`, the run
function of --random-io) against fio's io_uring engine at its best, 4 KiB
random reads and writes at Q1T1, Q2T1, Q3T1, Q4T1, Q32T1 and Q32T16, step
by step: clyde stops before every test, and fio runs the same I/O on
clyde's own laid-out file right before or after it (which one first
alternates from pair to pair). Also measured beside each step:

- the depth each tool really kept (Little's law: IOPS x mean latency); fio
  3.33's io_uring engine rounds --iodepth up to a power of two, so its
  "Q3" keeps 4 I/Os in flight, and fio's libaio engine is the reference
  that keeps exactly 3;
- fio with its defaults at Q1T1, to show what registered buffers and
  files (clyde always, fio with --fixedbufs --registerfiles) are worth
  apart;
- the device's limit for reads: fio --readonly on the block device when it
  can be read, else nothing (the best fio figure on the file stands in).
"""

import glob
import json
import os
import statistics
import time

TESTS = [("Q1T1", 1, 1), ("Q2T1", 2, 1), ("Q3T1", 3, 1), ("Q4T1", 4, 1),
         ("Q32T1", 32, 1), ("Q32T16", 32, 16)]
SHALLOW = ("Q1T1", "Q2T1", "Q3T1", "Q4T1")  # the target: >= 1.0x fio


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fio_best(q):
    """fio io_uring's best flags at depth Q on this machine (see
    analysis.md): registered buffers and files always, and from Q8 batches
    of Q/4 submitted and reaped at once. --hipri needs poll queues (the
    virtio disk here has none: EOPNOTSUPP) and --sqthread_poll cost 10x the
    IOPS on 2 shared CPUs, so neither is used."""
    return ["--fixedbufs", "--registerfiles"] + (fio_batch(q) if q >= 8 else [])


# fio writing the same data as clyde: by default fio writes its offset and
# the time into every 512 bytes of each write's buffer (scramble_buffers,
# against deduplication; 24 bytes in two cache lines of every 512), at Q1
# in series with the I/O: SEQ1M Q1T1 writes went at 1.09 GB/s with it and
# 1.22 without (4 alternating runs each). clyde stamps 16 bytes a write.
# A no-op for reads.
FIO_PLAIN_DATA = ["--scramble_buffers=0"]


def fio_refill(q):
    """fio's loop as clyde's engines run theirs at depth Q: wait for one
    completion, reap every one there is (up to Q) and submit all that they
    freed in one call (the queue full: fio commits a batch of Q once no
    more can be queued)."""
    return ["--iodepth_batch_submit=%d" % q, "--iodepth_batch_complete_min=1",
            "--iodepth_batch_complete_max=%d" % q]


def fio_batch(q):
    """Submissions and completions a quarter of depth Q at a time: fio's
    best at Q32 on this VM (analysis.md), and what clyde's engines did from
    Q8 on before they refilled every completion as it came."""
    return ["--iodepth_batch_submit=%d" % (q // 4),
            "--iodepth_batch_complete_min=%d" % (q // 4)]


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


class DiskQueue:
    """How many requests the disk under PATH held on average while it was
    busy, from now until result(): the change in its time_in_queue (the
    sum of every request's time) over the change in its io_ticks (the time
    with one or more in flight), both from /sys/dev/block/M:m/stat. It
    counts every request on that disk, the flush at a write's end too.
    None where the file is missing."""

    def __init__(self, path):
        st = os.stat(path)
        self.file = "/sys/dev/block/%d:%d/stat" % (os.major(st.st_dev), os.minor(st.st_dev))
        self.start = self.ticks()

    def ticks(self):
        try:
            with open(self.file) as f:
                v = f.read().split()
            return int(v[9]), int(v[10])
        except (OSError, IndexError, ValueError):
            return None

    def result(self):
        end = self.ticks()
        if not end or not self.start or end[0] <= self.start[0]:
            return None
        return (end[1] - self.start[1]) / (end[0] - self.start[0])


def fio_figures(jobs, ddir):
    """IOPS, bytes per second, CPU seconds per I/O and the mean number of
    I/Os in flight (IOPS x mean latency, summed) of all JOBS in DDIR."""
    iops = sum(j[ddir]["iops"] for j in jobs)
    bw = sum(j[ddir]["bw_bytes"] for j in jobs)
    ios = sum(j[ddir]["total_ios"] for j in jobs)
    cpu = sum((j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1000.0
              for j in jobs)
    depth = sum(j[ddir]["iops"] * j[ddir]["lat_ns"]["mean"] / 1e9 for j in jobs)
    return {"iops": iops, "mb": bw / 1e6, "cpu": cpu / ios if ios else None,
            "depth": depth}


def fio_timed(b, label, args, ddir, path):
    """fio's figures for a time_based job on PATH, its flush counted as
    clyde counts its own. fio 3.33 stops a time_based job's clock before
    its end_fsync: `runtime` was 1001 ms for --runtime=1 with and without
    it, while a sync right after a run without it took 0.29-0.34 s (0.00 s
    after a run with it). So ARGS have no end_fsync, and for a write the
    fsync of the file right after it, timed here, is added to fio's
    runtime."""
    jobs = fio_jobs(b, label, args)
    if ddir != "write":
        return fio_figures(jobs, ddir)
    t0 = time.monotonic()
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    flush = time.monotonic() - t0
    f = fio_figures(jobs, ddir)
    run = max(j[ddir]["runtime"] for j in jobs) / 1000.0
    scale = run / (run + flush) if run > 0 else 1.0
    for k in ("iops", "mb", "depth"):
        f[k] *= scale
    f["flush_s"] = flush
    return f


def paired(b, clyde_proc, fio_steps, clyde_first, watch=None):
    """Let CLYDE_PROC (started with -y p) run its steps, running
    FIO_STEPS[k] (a function) right before clyde's step k when fio goes
    first, right after it otherwise. Step 0 is clyde's layout; from then on
    a hard link keeps clyde's file, so that fio's step after clyde's last
    one runs on the same file after clyde has removed its own name.
    WATCH(k), when given, is called right before clyde's step k and
    returns an object whose result() is taken once that step is over;
    {k: result}."""
    k = 0
    watched, pending = {}, None
    held = os.path.join(b.work, "held")
    while True:
        n = clyde_proc.next_test()
        if pending is not None:
            watched[k - 1] = pending.result()
            pending = None
        if n is None:
            break
        if k == 1:  # laid out: a second name keeps the file for fio's last step
            os.link(clyde_file(b), held)
        if clyde_first and k > 0:
            fio_steps[k - 1]()
        elif not clyde_first:
            fio_steps[k]()
        pending = watch(k) if watch else None
        clyde_proc.go()
        k += 1
    if clyde_first and k > 0:
        fio_steps[k - 1]()
    if os.path.exists(held):
        os.unlink(held)
    if k != len(fio_steps):
        raise SystemExit("bench: clyde mark ran %d steps, expected %d" % (k, len(fio_steps)))
    return watched


def clyde_file(b):
    """The file clyde mark laid out (its first piece): the one fio runs on
    too, so that both see the same file in the same state. Once clyde has
    finished, the bench's own second name of it (paired keeps it)."""
    held = os.path.join(b.work, "held")
    if os.path.exists(held):
        return held
    found = glob.glob(os.path.join(b.work, "clyde.*", "f000"))
    if len(found) != 1:
        raise SystemExit("bench: expected one clyde file, found %r in %r" % (found, os.listdir(b.work)))
    return found[0]


def mark_start(b, label, opts):
    b.seq += 1
    path = os.path.join(b.work, "mark.%d.json" % b.seq)
    cmd = [b.a.clyde, "mark", "-d", b.work] + b.user() + opts + \
        ["--json", path, "--progress", "never", "-y", "p", "-m", "bench"]
    b.note(label, cmd)
    proc = b.start(cmd, gated=True)
    proc.json_path = path
    return proc


def mark_json(b, proc):
    r = proc.finish()
    with open(proc.json_path) as f:
        j = json.load(f)
    os.unlink(proc.json_path)
    b.note_env(j)
    b.note_rss("clyde", r)
    return j


def device_path(directory):
    """The block device under DIRECTORY (its partition, if any) when it can
    be read (root, in a VM or on bare metal), else None."""
    st = os.stat(directory)
    sys_path = "/sys/dev/block/%d:%d" % (os.major(st.st_dev), os.minor(st.st_dev))
    if not os.path.exists(sys_path):
        return None
    path = "/dev/" + os.path.basename(os.path.realpath(sys_path))
    try:  # a container may refuse it (device cgroup) whatever its mode says
        os.close(os.open(path, os.O_RDONLY | os.O_DIRECT))
    except OSError:
        return None
    return path


def group_engine(b, log):
    """clyde's engine against fio io_uring at its best, QnTm by QnTm."""
    a = b.a
    size, secs = a.engine_mib, a.engine_time
    tests = ",".join("RND4K-%s" % name for name, _, _ in TESTS)
    rows = {}
    dev = device_path(b.work)
    for i in range(a.engine_pairs):
        clyde_first = i % 2 == 0
        log("engines: pair %d/%d (%s first), load %.1f" % (
            i + 1, a.engine_pairs, "clyde" if clyde_first else "fio", os.getloadavg()[0]))
        got = {}
        steps = [lambda: None]  # the layout

        def fio_step(name, q, t, op):
            def go():
                path = clyde_file(b)
                base = ["--name=" + op, "--filename=" + path, "--size=%dm" % size,
                        "--direct=1", "--rw=rand" + op, "--bs=4k", "--iodepth=%d" % q,
                        "--numjobs=%d" % t, "--time_based", "--runtime=%d" % secs,
                        "--norandommap", "--randrepeat=0"] + FIO_PLAIN_DATA
                got[(name, op, "best")] = fio_timed(
                    b, "fio io_uring, best flags", base + ["--ioengine=io_uring"] + fio_best(q),
                    op, path)
                if q == 3:  # fio io_uring keeps 4 in flight: libaio keeps 3
                    got[(name, op, "libaio")] = fio_timed(
                        b, "fio libaio", base + ["--ioengine=libaio"], op, path)
                if name == "Q1T1":  # what registered buffers and files are worth
                    got[(name, op, "default")] = fio_timed(
                        b, "fio io_uring, defaults", base + ["--ioengine=io_uring"], op, path)
                if op == "read" and dev:
                    got[(name, op, "device")] = fio_figures(fio_jobs(
                        b, "fio on the device, read-only",
                        ["--name=device", "--filename=" + dev, "--readonly", "--direct=1",
                         "--rw=randread", "--bs=4k", "--iodepth=%d" % q,
                         "--numjobs=%d" % t, "--time_based", "--runtime=%d" % secs,
                         "--norandommap", "--randrepeat=0", "--ioengine=io_uring"] +
                        fio_best(q)), op)
            return go
        for name, q, t in TESTS:
            for op in ("read", "write"):
                steps.append(fio_step(name, q, t, op))
        proc = mark_start(b, "clyde mark (engine)", [
            "-s", "%dM" % size, "--runs", "1", "--time", str(secs), "--method", "time",
            "--tests", tests])
        paired(b, proc, steps, clyde_first)
        j = mark_json(b, proc)
        for t in j["tests"]:
            name = t["name"].split()[1]
            key = (name, t["op"])
            c = {"iops": t["iops"], "cpu": t["cpu_s"] / t["ios"] if t["ios"] else None,
                 "depth": t["iops"] * t["mean_us"] / 1e6}
            row = rows.setdefault(key, {})
            row.setdefault("clyde", []).append(c)
            for ref in ("best", "libaio", "default", "device"):
                if (name, t["op"], ref) in got:
                    row.setdefault(ref, []).append(got[(name, t["op"], ref)])
                elif ref in row:
                    row[ref].append(None)
            raw = {"clyde IOPS": c["iops"], "clyde depth": c["depth"]}
            for ref, f in ((r, got.get((name, t["op"], r))) for r in
                           ("best", "libaio", "default", "device")):
                if f:
                    raw["fio %s IOPS" % ref] = f["iops"]
                    raw["fio %s depth" % ref] = f["depth"]
            b.raw.append(("engine", "%s %s" % key, raw))
        b.engine = j["config"]["engine"]
    b.device_limit = dev
    return rows


def pick(runs, key, scale=1.0):
    return [r[key] * scale if r and r.get(key) is not None else None for r in runs]


def report_rows(b, engine, row_line, unmet):
    """The results-table rows of the engine group; appends what missed to
    UNMET."""
    L = []
    for name, q, _ in TESTS:
        for op in ("read", "write"):
            r = engine.get((name, op))
            if not r:
                continue
            c, best = r["clyde"], r["best"]
            depth = "%.1f in flight" % median(pick(best, "depth"))
            target = (">=", 1.0) if name in SHALLOW and q != 3 else \
                (">=", 0.98) if q != 3 else None
            L.append(row_line("random %ss 4 KiB %s (IOPS; clyde %.1f in flight)" % (
                op, name, median(pick(c, "depth"))), (pick(c, "iops"), pick(best, "iops")),
                "fio io_uring best (%s):" % depth, 1, 0, target, unmet))
            L.append(row_line("random %ss 4 KiB %s: CPU µs per I/O" % (op, name),
                              (pick(c, "cpu", 1e6), pick(best, "cpu", 1e6)),
                              "fio io_uring best:", 1, 2, ("<=", 1.0), unmet))
            if "libaio" in r:
                L.append(row_line("random %ss 4 KiB %s (IOPS), exact depth" % (op, name),
                                  (pick(c, "iops"), pick(r["libaio"], "iops")),
                                  "fio libaio (%.1f in flight):" % median(
                                      pick(r["libaio"], "depth")), 1, 0, (">=", 1.0), unmet))
            if "default" in r:
                L.append(row_line("registered buffers and files apart, %ss %s (IOPS)" % (
                    op, name), (pick(best, "iops"), pick(r["default"], "iops")),
                    "fio best ÷ fio defaults; defaults:", 1, 0, None, unmet))
            if "device" in r:
                L.append(row_line("device limit, reads %s (IOPS)" % name,
                                  (pick(c, "iops"), pick(r["device"], "iops")),
                                  "fio --readonly on %s:" % b.device_limit, 1, 0, None,
                                  unmet))
    return L


def method_lines(b):
    a = b.a
    return [
        "- **Engines**: `clyde mark -y p --method time --runs 1 --time %d --tests "
        "RND4K-Q1T1,...,RND4K-Q32T16` (each test reads, then writes, through clyde's "
        "engine, %s here: the run function of `--random-io`) on a %d MiB file; beside "
        "each test, fio on clyde's own file (laid out by clyde, the same blocks): "
        "`--ioengine=io_uring --direct=1 --rw=randread|randwrite --bs=4k --iodepth=Q "
        "--numjobs=T --time_based --runtime=%d --norandommap --randrepeat=0 "
        "--scramble_buffers=0` (fio's default writes its offset and the time into every "
        "512 bytes of each write, against deduplication; clyde stamps 16 bytes a write) "
        "(writes with "
        "its flush timed as clyde times its fsync: fio's time_based clock stops before "
        "`--end_fsync`, so fio runs without it and the bench times an fsync of the file "
        "right after and adds it to fio's runtime) at its best: `--fixedbufs "
        "--registerfiles`, and from Q8 `--iodepth_batch_submit=Q/4 "
        "--iodepth_batch_complete_min=Q/4` (jobs as processes: with `--thread` fio did "
        "worse at Q32T16). *in flight* is IOPS × mean latency (Little's law): the depth a "
        "tool really kept. fio 3.33's io_uring engine rounds `--iodepth` up to a power "
        "of two (fio_ioring_init), so its Q3 keeps 4 in flight: the Q3 row against it has "
        "no target, and fio's libaio engine, which keeps 3, is the exact-depth reference. "
        "At Q1T1 fio also runs with its defaults, which shows what registered buffers and "
        "files are worth apart. CPU per I/O: clyde's process CPU over the test's window "
        "(its JSON `cpu_s` over `ios`); fio's `usr_cpu + sys_cpu` of each job over its "
        "`job_runtime`, summed over the jobs, over their I/Os.%s" % (
            a.engine_time, getattr(b, "engine", "?"), a.engine_mib, a.engine_time,
            (" The device limit is fio `--readonly` on %s itself, io_uring at its best." %
             b.device_limit) if getattr(b, "device_limit", None) else
            " The block device cannot be read here: the best fio figure on the file is "
            "the limit shown."),
    ]
