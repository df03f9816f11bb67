# SPDX-License-Identifier: MIT
"""direct.py - `clyde -D` against fio (psync, direct) in `make bench`, test
by test: clyde started with -y p stops before each test, and the fio job
doing the same I/O runs right before or after it (clyde first in odd runs,
fio first in even ones), so both see the disk in the same state; the
random-I/O tests are compared in engines.py.
"""

import math
import os
import shutil

DIRECT_JOBS = ["write", "rewrite", "read", "seeks", "randread8k"]
# clyde -D's tests in order, and the fio jobs that do the same I/O (the
# random-I/O tests are compared in engines.py).
DIRECT_STEPS = [["write"], ["rewrite"], ["read"], ["seeks", "randread8k"]]


def fio_direct_jobs(files, size_mib, seeks, seekers):
    """fio jobs doing what clyde -D does, one section per test (see results.md)."""
    n = len(files)
    per_job_seeks = math.ceil(seeks / seekers)
    g = ["[global]",
         "filename=" + ":".join(f.replace(":", "\\:") for f in files),
         "size=%dm" % size_mib,
         # end_fsync: fio counts it in the job's time, as clyde counts its
         # fsync at close (fio leaves fsync_on_close out of its time).
         "direct=1", "ioengine=psync", "end_fsync=1", "fallocate=none",
         "group_reporting=1", "norandommap=1", "randrepeat=0",
         "stonewall", "new_group"]
    if n > 1:
        g.append("file_service_type=sequential")
    jobs = {
        "write": ["rw=write", "bs=8k"],
        "rewrite": ["rw=rw", "rwmixread=50", "bs=8k", "io_size=%dm" % (2 * size_mib)],
        "read": ["rw=read", "bs=8k"],
        # One read per seek plus a write-back for one seek in ten: 10 writes
        # per 110 I/Os.
        "seeks": ["rw=randrw", "rwmixread=91", "bs=8k", "numjobs=%d" % seekers,
                  "number_ios=%d" % math.ceil(per_job_seeks * 1.1),
                  "file_service_type=random"],
        "randread8k": ["rw=randread", "bs=8k", "numjobs=%d" % seekers,
                       "number_ios=%d" % per_job_seeks, "file_service_type=random"],
    }
    text = "\n".join(g) + "\n"
    for name in DIRECT_JOBS:
        text += "\n[%s]\n%s\n" % (name, "\n".join(jobs[name]))
    return text


def fio_bw_kib(job, ddir):
    return job[ddir]["bw_bytes"] / 1024.0


def group_direct(b):
    """clyde -D against fio, test by test: each clyde test and the fio job
    doing the same I/O run one after the other (clyde first in odd runs,
    fio first in even ones), so both see the disk in the same state."""
    a = b.a
    size, seeks = a.direct_mib, a.seeks
    opts = ["-s", "%dm:8k:%d:5" % (size, seeks), "-r", "0", "-n", "0", "-f", "-D",
            "--progress", "never", "-q"]
    keys = ("write", "rewrite", "read", "seeks_io", "seeks_rr")
    rows = {k: ([], []) for k in keys}
    lat = []
    for i in range(a.direct_pairs):
        clyde_first = i % 2 == 0
        b.log("direct I/O: run %d/%d (clyde and fio test by test, %s first)" % (
            i + 1, a.direct_pairs, "clyde" if clyde_first else "fio"))
        fio_dir = os.path.join(b.work, "fio")
        shutil.rmtree(fio_dir, ignore_errors=True)
        os.mkdir(fio_dir)
        files = [os.path.join(fio_dir, "f%03d" % k) for k in range(max(1, math.ceil(size / 1024)))]
        jobfile = os.path.join(b.work, "direct.fio")
        with open(jobfile, "w") as f:
            f.write(fio_direct_jobs(files, size, seeks, 5))
        with open(jobfile) as f:
            b.note("fio job file", f.read().replace(b.work, "$WORK"))
        jobs = {}
        proc = b.clyde_start("clyde -D", opts, gated=True)
        step = 0
        while True:
            n = proc.next_test()
            if n is None:
                break
            if clyde_first and step > 0:
                jobs.update(b.fio("fio", jobfile, DIRECT_STEPS[step - 1]))
            elif not clyde_first:
                jobs.update(b.fio("fio", jobfile, DIRECT_STEPS[step]))
            proc.go()
            step += 1
        if clyde_first:
            jobs.update(b.fio("fio", jobfile, DIRECT_STEPS[step - 1]))
        r, ph, rnd = b.clyde_result(proc)
        shutil.rmtree(fio_dir, ignore_errors=True)
        if step != len(DIRECT_STEPS):
            raise SystemExit("bench: clyde -D ran %d tests, expected %d" % (step, len(DIRECT_STEPS)))

        s = ph["seeks"]
        c = [ph["put_block"]["rate"], ph["rewrite"]["rate"], ph["get_block"]["rate"],
             s["bytes"] / 8192 / s["elapsed_s"], s["rate"]]
        rw = jobs["rewrite"]
        f = [fio_bw_kib(jobs["write"], "write"),
             (fio_bw_kib(rw, "read") + fio_bw_kib(rw, "write")) / 2,
             fio_bw_kib(jobs["read"], "read"),
             jobs["seeks"]["read"]["iops"] + jobs["seeks"]["write"]["iops"],
             jobs["randread8k"]["read"]["iops"]]
        for k, x, y in zip(keys, c, f):
            rows[k][0].append(x)
            rows[k][1].append(y)
        # Fidelity: the median latency each tool saw for the same I/O.
        for k, lat_c, job, ddir in (
                ("p50 read", ph["get_block"]["latency_us"], jobs["read"], "read"),
                ("p50 write", ph["put_block"]["latency_us"], jobs["write"], "write")):
            rows.setdefault(k, ([], []))
            rows[k][0].append(lat_c["p50"])
            rows[k][1].append(job[ddir]["clat_ns"]["percentile"]["50.000000"] / 1000)
        lat.append((ph, rnd))
        names = ("write KiB/s", "rewrite KiB/s", "read KiB/s", "seek I/Os/s", "seeks/s")
        b.raw.append(("direct", "clyde", dict(zip(names, c))))
        b.raw.append(("direct", "fio", dict(zip(names, f))))
    return rows, None, lat


def report_rows(direct, row):
    """The table rows of the direct group, through ROW(name, pair,
    reference, unit divisor, digits, target)."""
    rows = direct[0]
    row("direct block write, 8 KiB (MiB/s)", rows["write"], "fio write:", 1024, 1, 0.98)
    row("direct block read, 8 KiB (MiB/s)", rows["read"], "fio read:", 1024, 1, 0.98)
    row("direct rewrite, 8 KiB (MiB/s)", rows["rewrite"], "fio rw 50/50:", 1024, 1, None)
    row("direct seeks, I/Os per s (reads + write-backs)", rows["seeks_io"],
        "fio randrw 91/9 ×5:", 1, 0, 0.98)
    row("direct seeks/s (reads only counted)", rows["seeks_rr"], "fio randread ×5:", 1, 0, None)
    row("direct block write: median latency (µs)", rows["p50 write"], "fio clat p50:", 1, 1, None)
    row("direct block read: median latency (µs)", rows["p50 read"], "fio clat p50:", 1, 1, None)


def method_lines(b):
    return [
        "- **Direct I/O** (`clyde -D`): one clyde run does block write, rewrite, block read, "
        "seeks and the random-I/O tests on a %d MiB file (8 KiB chunks); next to each test "
        "the bench runs the section of one fio job file doing the same I/O on fio's own "
        "file of the same size, `direct=1 ioengine=psync`:" % b.a.direct_mib,
        "  - block write: `rw=write bs=8k` on a new file (`fallocate=none`, so both extend "
        "the file as they write);",
        "  - rewrite: clyde reads a chunk and writes it back; fio `rw=rw rwmixread=50` over "
        "twice the size (reads and writes each cover the file); the fio figure is (read + "
        "write bandwidth) / 2, i.e. chunks rewritten per second;",
        "  - block read: `rw=read bs=8k`;",
        "  - seeks: clyde's 5 seekers read a random chunk and write one in ten back; fio "
        "`rw=randrw rwmixread=91 numjobs=5` (10 writes in 110 I/Os) with `number_ios` for "
        "the same count; compared as I/Os per second. The plain `randread numjobs=5` row "
        "counts reads only: clyde's seeks/s there also pay for the write-backs;",
        "  - every fio write job ends with `end_fsync=1`, which fio times as part of the job "
        "as clyde times the fsync+close of its file; every random job uses `norandommap` "
        "(clyde draws offsets with repetition too).",
    ]


PROBES = (("none", []), ("read", ["--probe=read"]), ("read+write", ["--probe=read+write"]))


def group_probe(b):
    """What --probe costs direct block writes: `clyde -D` without it, with
    --probe=read and with --probe=read+write, the order turning from round
    to round so that each goes first, second and third alike; each run's
    block-write rate. {probe: [KiB/s]}."""
    a = b.a
    opts = ["-s", "%dm" % a.probe_mib, "-r", "0", "-n", "0", "-f", "-D",
            "--progress", "never", "-q"]
    rows = {name: [] for name, _ in PROBES}
    for i in range(a.probe_rounds):
        order = PROBES[i % 3:] + PROBES[:i % 3]
        b.log("probe cost: round %d/%d (%s first), load %.1f" % (
            i + 1, a.probe_rounds, order[0][0], os.getloadavg()[0]))
        for name, flags in order:
            _, ph, _ = b.clyde("clyde -D --probe=%s" % name if flags else "clyde -D",
                               opts + flags)
            rows[name].append(ph["put_block"]["rate"])
        b.raw.append(("probe cost", "round %d" % (i + 1), dict(
            ("%s KiB/s" % name, rows[name][-1]) for name, _ in PROBES)))
    return rows


def probe_rows(probe, row):
    """The rows of the probe-cost group: each probe's block writes over
    the same round's without it. The man page's figure (PROBE section)
    comes from the read+write row."""
    for name in ("read+write", "read"):
        row("the probe's cost: direct block writes with --probe=%s (MiB/s)" % name,
            (probe[name], probe["none"]), "without:", 1024, 1, None)


def probe_method_lines(b):
    return [
        "- **The probe's cost**: `clyde -D -s %dm -r 0 -n 0 -f` three times a round, "
        "without `--probe`, with `--probe=read` and with `--probe=read+write`, the order "
        "turning each round (%d rounds); the rows give each probe's direct block-write rate "
        "over the same round's without it. The man page's PROBE section quotes the "
        "read+write row." % (b.a.probe_mib, b.a.probe_rounds),
    ]
