#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench.py - `make bench`: clyde against fio and bonnie++ on one directory.

Runs each comparison as pairs (clyde and the reference, which one first
alternating from pair to pair), test by test where the tools allow it (-y p), takes
medians, and writes bench/results.md with the date, the machine, every
command and every run's figures. Only ratios measured within one run mean
anything on a shared machine; absolute figures are printed for context.
This script is the bench harness, not part of clyde.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time

import engines

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MIB = 1024 * 1024


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Run:
    """One finished command: exit status, output, wall time, peak RSS, CPU."""

    def __init__(self, cmd, rc, out, err, wall_s, maxrss_kib, cpu_s):
        self.cmd = cmd
        self.rc = rc
        self.out = out
        self.err = err
        self.wall_s = wall_s
        self.maxrss_kib = maxrss_kib
        self.cpu_s = cpu_s


RUSAGE = os.path.join(ROOT, "build/bench/rusage")
PROMPT = re.compile(rb"\n(\d+):\n$")


class Proc:
    """A command running under bench/rusage (for its peak RSS and CPU), with
    stdout in a pipe and stderr in a file. Started with `-y p`, clyde and
    bonnie++ print "N:" before each test and wait for a line on stdin:
    next_test() waits for that, go() lets the test run."""

    seq = 0

    def __init__(self, cmd, work, gated=False):
        Proc.seq += 1
        self.cmd = cmd
        self.rus_path = os.path.join(work, ".rusage.%d" % Proc.seq)
        self.err_path = os.path.join(work, ".err.%d" % Proc.seq)
        self.out = b""
        self.buf = b""
        self.eof = False
        os.sync()  # nobody pays for the previous run's dirty pages
        self.t0 = time.monotonic()
        with open(self.err_path, "w") as err:
            self.p = subprocess.Popen(
                [RUSAGE, self.rus_path] + cmd, stdout=subprocess.PIPE, stderr=err,
                stdin=subprocess.PIPE if gated else subprocess.DEVNULL)

    def next_test(self):
        """Wait until the command stops before a test; its number, or None
        when it has finished instead."""
        while not self.eof:
            m = PROMPT.search(self.buf)
            if m:
                self.out += self.buf[:m.start()]
                self.buf = b""
                return int(m.group(1))
            data = os.read(self.p.stdout.fileno(), 65536)
            if not data:
                self.eof = True
            self.buf += data
        self.out += self.buf
        self.buf = b""
        return None

    def go(self):
        self.p.stdin.write(b"\n")
        self.p.stdin.flush()

    def finish(self):
        """Wait for the end; a Run, or stop the bench when the command failed."""
        while self.next_test() is not None:
            self.go()
        try:
            rc = self.p.wait()
        except KeyboardInterrupt:
            self.p.wait()  # the command cleans up its files first
            raise
        wall = time.monotonic() - self.t0
        with open(self.err_path) as f:
            err_text = f.read()
        out_text = self.out.decode(errors="replace")
        if rc != 0:
            raise SystemExit("bench: %s exited %d:\n%s%s" % (
                shlex.join(self.cmd), rc, out_text[-2000:], err_text[-2000:]))
        with open(self.rus_path) as f:
            rss, user, sys_s = f.read().split()
        return Run(self.cmd, rc, out_text, err_text, wall, int(rss),
                   float(user) + float(sys_s))


def run(cmd, work):
    """Run CMD to its end; a Run."""
    return Proc(cmd, work).finish()


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def ratios(a, b):
    return [x / y for x, y in zip(a, b) if x is not None and y]


# ---------------------------------------------------------------- tools


class Bench:
    def __init__(self, args):
        self.a = args
        self.root = os.geteuid() == 0
        self.work = os.path.join(os.path.abspath(args.dir), "clyde-bench.%d" % os.getpid())
        self.commands = {}   # label -> example command line or job file
        self.raw = []        # (group, label, figures) for the appendix
        self.rss = {}        # tool -> [KiB]
        self.env = {}
        self.ncpu = os.cpu_count() or 1
        self.seq = 0

    def user(self):
        return ["-u", "root"] if self.root else []

    def run(self, cmd):
        return run(cmd, self.work)

    def start(self, cmd, gated=False):
        return Proc(cmd, self.work, gated)

    def note(self, label, cmd):
        self.commands.setdefault(label, cmd)

    def note_rss(self, tool, r):
        self.rss.setdefault(tool, []).append(r.maxrss_kib)

    # clyde ----------------------------------------------------------------
    def clyde_start(self, label, opts, gated=False):
        self.seq += 1
        json_path = os.path.join(self.work, "clyde.%d.json" % self.seq)
        cmd = [self.a.clyde, "-d", self.work] + self.user() + opts + \
              ["--json", json_path, "-m", "bench"] + (["-y", "p"] if gated else [])
        self.note(label, cmd)
        proc = Proc(cmd, self.work, gated)
        proc.json_path = json_path
        return proc

    def clyde_result(self, proc):
        r = proc.finish()
        with open(proc.json_path) as f:
            j = json.load(f)
        os.unlink(proc.json_path)
        if not self.env:
            self.env = j.get("environment", {})
        self.note_rss("clyde", r)
        ph = {p["key"]: p for p in j["phases"]}
        rnd = {("r" if x["op"] == "read" else "w", x["depth"]): x
               for x in j.get("random_io", [])}
        return r, ph, rnd

    def clyde(self, label, opts):
        return self.clyde_result(self.clyde_start(label, opts))

    # fio ------------------------------------------------------------------
    def fio(self, label, jobfile, sections):
        """Run the SECTIONS of the job file JOBFILE; {job name: fio's JSON}."""
        out = os.path.join(self.work, "fio.json")
        cmd = ["fio", "--output-format=json", "--output=" + out] + \
              ["--section=" + s for s in sections] + [jobfile]
        self.note("%s (%s)" % (label, ", ".join(sections)), cmd)
        r = run(cmd, self.work)
        with open(out) as f:
            text = f.read()
        os.unlink(out)
        # fio may print notes before the JSON document.
        j = json.loads(text[text.index("{"):])
        self.note_rss("fio", r)
        return {job["jobname"]: job for job in j["jobs"]}

    # bonnie++ -------------------------------------------------------------
    def bonnie_start(self, label, opts, gated=False):
        cmd = [self.a.bonnie, "-d", self.work] + self.user() + opts + \
              ["-q", "-m", "bench"] + (["-y", "p"] if gated else [])
        self.note(label, cmd)
        return Proc(cmd, self.work, gated)

    def bonnie_result(self, proc):
        r = proc.finish()
        self.note_rss("bonnie++", r)
        line = [l for l in r.out.splitlines() if l.startswith("1.98,")][-1]
        f = line.split(",")

        def num(i):
            return float(f[i]) if f[i] and "+" not in f[i] else None
        return {"put_block": (num(11), num(12)), "rewrite": (num(13), num(14)),
                "get_block": (num(17), num(18)), "seeks": (num(19), num(20))}


# ---------------------------------------------------------------- groups


def measured(phase, key):
    """A clyde figure from its JSON, also when it ran under 0.5 s (the
    tables print +++++ then, the JSON keeps the value)."""
    return phase[key] if phase["state"] in ("ok", "too_fast") else None


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
        log("direct I/O: run %d/%d (clyde and fio test by test, %s first)" % (
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


def group_buffered(b, size=None, pairs=None, label="buffered"):
    """clyde --zeros against bonnie++ 2.00a, buffered, run after run, the
    first of each pair alternating. Not
    test by test: a second 2 GiB write while the first tool's file is still
    cached ran at half the speed of the first, whichever tool came second
    (fresh guest memory is slow to fault in on this VM). With SIZE and
    PAIRS, the same at another size (the 8 GiB pair)."""
    a = b.a
    size = size or a.buffered_mib
    pairs = pairs or a.buffered_pairs
    copts = ["-s", "%dm" % size, "-r", "0", "-n", "0", "-f", "--zeros", "--progress", "never", "-q"]
    bopts = ["-s", str(size), "-r", str(size // 2), "-n", "0", "-f"]
    keys = ("put_block", "rewrite", "get_block")
    rate = {k: ([], []) for k in keys}
    cpu = {k: ([], []) for k in keys}
    lat = []
    for i in range(pairs):
        # Which tool goes first alternates: back to back, the second run of a
        # pair was faster whichever program it was (see analysis.md).
        for tool in (("clyde", "bonnie++") if i % 2 == 0 else ("bonnie++", "clyde")):
            log("%s I/O, %d MiB: pair %d/%d: %s" % (label, size, i + 1, pairs, tool))
            if tool == "clyde":
                _, ph, _ = b.clyde("clyde %s" % label, copts)
            else:
                res = b.bonnie_result(b.bonnie_start("bonnie++ %s" % label, bopts))
        lat.append((ph, {}))
        for k in keys:
            rate[k][0].append(measured(ph[k], "rate"))
            cpu[k][0].append(measured(ph[k], "cpu_percent"))
            rate[k][1].append(res[k][0])
            cpu[k][1].append(res[k][1])
        b.raw.append((label, "clyde", dict(
            [(k + " KiB/s", rate[k][0][-1]) for k in keys] +
            [(k + " %CPU", cpu[k][0][-1]) for k in keys])))
        b.raw.append((label, "bonnie++", dict(
            [(k + " KiB/s", rate[k][1][-1]) for k in keys] +
            [(k + " %CPU", cpu[k][1][-1]) for k in keys])))
    return rate, cpu, lat


def group_perchar(b):
    a = b.a
    size = a.perchar_mib
    copts = ["-s", "%dm" % size, "-r", "0", "-n", "0", "--progress", "never", "-q"]
    res = {k: ([], []) for k in ("putc", "getc", "putc_cpu", "getc_cpu")}
    for i in range(a.pairs):
        log("per-char: pair %d/%d: clyde" % (i + 1, a.pairs))
        _, ph, _ = b.clyde("clyde per-char", copts)
        res["putc"][0].append(ph["putc"]["rate"])
        res["getc"][0].append(ph["getc"]["rate"])
        res["putc_cpu"][0].append(ph["putc"]["cpu_percent"])
        res["getc_cpu"][0].append(ph["getc"]["cpu_percent"])
        log("per-char: pair %d/%d: bonnie++ 1.03's method (charbench)" % (i + 1, a.pairs))
        cmd = [a.charbench, "file", b.work, str(size * MIB)]
        b.note("charbench file", cmd)
        j = json.loads(run(cmd, b.work).out)
        res["putc"][1].append(j["putc_kib_s"])
        res["getc"][1].append(j["getc_kib_s"])
        res["putc_cpu"][1].append(j["putc_cpu_percent"])
        res["getc_cpu"][1].append(j["getc_cpu_percent"])
        b.raw.append(("per-char", "clyde", {k: v[0][-1] for k, v in res.items()}))
        b.raw.append(("per-char", "1.03 method", {k: v[1][-1] for k, v in res.items()}))
    micro = {}
    for i in range(max(3, a.pairs)):
        for setting in ("st", "mt"):
            cmd = [a.charbench, "cpu", setting, str(a.micro_mib * MIB)]
            b.note("charbench cpu " + setting, cmd)
            j = json.loads(run(cmd, b.work).out)
            for k in ("putc_ns", "putc_unlocked_ns", "getc_ns", "getc_unlocked_ns"):
                micro.setdefault((j["setting"], k), []).append(j[k])
    return res, micro


def group_progress(b):
    """--progress always against --progress never, run after run, the first
    of each pair alternating."""
    a = b.a
    base = ["-s", "%dm" % a.progress_mib, "-r", "0", "-n", "0", "-f"]
    keys = ("put_block", "rewrite", "get_block")
    res = {k: ([], []) for k in keys}
    for i in range(a.pairs):
        order = ((0, "always"), (1, "never"))
        for idx, mode in (order if i % 2 == 0 else order[::-1]):
            log("progress: pair %d/%d: --progress %s" % (i + 1, a.pairs, mode))
            _, ph, _ = b.clyde("clyde --progress " + mode, base + ["--progress", mode])
            for k in keys:
                res[k][idx].append(measured(ph[k], "rate"))
            b.raw.append(("progress", mode, {k + " KiB/s": res[k][idx][-1] for k in keys}))
    return res


def group_rss(b):
    a = b.a
    out = {}
    for size in (a.rss_small_mib, a.rss_large_mib):
        log("peak RSS: %d MiB" % size)
        opts = ["-s", "%dm" % size, "-r", "0", "-n", "1", "-f", "64",
                "--random-io", "--random-time", "1", "--progress", "never", "-q"]
        r, _, _ = b.clyde("clyde RSS %d MiB" % size, opts)
        out[size] = r.maxrss_kib
        b.raw.append(("RSS", "%d MiB" % size, {"max RSS KiB": r.maxrss_kib, "wall s": r.wall_s}))
    return out


# ---------------------------------------------------------------- report


def table_row(name, pair, ref_name, unit_div, digits, target, unmet):
    """One line of the results table: clyde's and the reference's medians,
    the median of the per-pair ratios and their range, and TARGET: None,
    (">=", x), ("<=", x) or ("within", x) for |ratio - 1| <= x. A target
    missed adds NAME to UNMET."""
    c, r = pair
    rs = ratios(c, r)
    rt = median(rs)
    ok, tgt = None, ""
    if target is not None:
        kind, x = target
        tgt = {">=": "≥ %.2f×", "<=": "≤ %.2f×", "within": "within %.0f%%"}[kind] % (
            x * 100 if kind == "within" else x)
        if rt is not None:
            ok = rt >= x if kind == ">=" else rt <= x if kind == "<=" else abs(rt - 1) <= x
            if not ok:
                unmet.append(name)
    spread = "%.2f–%.2f" % (min(rs), max(rs)) if rs else ""
    return "| %s | %s | %s %s | %s | %s | %s | %s |" % (
        name, fmt(median(c) / unit_div if median(c) else None, digits), ref_name,
        fmt(median(r) / unit_div if median(r) else None, digits),
        "%.3f" % rt if rt else "n/a", spread, tgt, verdict(ok) if ok is not None else "")


def fmt(x, digits=0):
    if x is None:
        return "n/a"
    return "{:,.{}f}".format(x, digits).replace(",", " ")


def verdict(ok):
    return "**met**" if ok else "**not met**"


def machine_lines(b):
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    fio_v = subprocess.run(["fio", "--version"], capture_output=True, text=True).stdout.strip()
    bon_v = "2.00a" if b.a.bonnie else "absent"
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "bonnie++"],
                             capture_output=True, text=True).stdout.strip()
        if out:
            bon_v = out
    except OSError:
        pass
    cc = subprocess.run([os.environ.get("CC", "cc"), "--version"], capture_output=True,
                        text=True).stdout.splitlines()
    e = b.env
    return [
        "- date: %s" % datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "- machine: %s, %d CPUs, %.0f GiB RAM, %s %s" % (
            cpu, b.ncpu, ram, platform.system(), platform.release()),
        "- disk: %s on %s (scheduler %s, rotational %s), directory %s" % (
            e.get("filesystem", "?"), e.get("device", "?"), e.get("scheduler", "?"),
            e.get("rotational", "?"), os.path.abspath(b.a.dir)),
        "- tools: clyde %s (%s), %s, bonnie++ %s, python %s" % (
            subprocess.run([b.a.clyde, "--version"], capture_output=True,
                           text=True).stdout.strip().split()[-1],
            cc[0] if cc else "cc", fio_v, bon_v, platform.python_version()),
        "- load average at the end: %s" % " ".join("%.2f" % x for x in os.getloadavg()),
    ]


def write_report(b, direct, engine, mark, buffered, big, perchar, progress, rss, hot,
                 elapsed_s):
    a = b.a
    L = []
    L.append("# clyde benchmark results")
    L.append("")
    L.append("Written by `make bench` (bench/bench.py). Each comparison runs clyde and the "
             "reference tool alternately on the same directory and file size (direct I/O test "
             "by test, see *How each pair is matched*): %d runs of each for direct I/O, %d for "
             "the engines, %d for `clyde mark`, %d for buffered I/O, %d for buffered I/O at "
             "%d MiB, %d for the others. Figures are medians; "
             "*ratio* is the median of the per-pair ratios (clyde ÷ reference) and *pairs* "
             "their range, which shows the noise. Read the ratios, not the absolute figures." % (
                 a.direct_pairs, a.engine_pairs, a.mark_pairs, a.buffered_pairs, a.big_pairs,
                 a.big_mib, a.pairs))
    L.append("")
    L += machine_lines(b)
    L.append("- sizes: direct %d MiB (%d seeks), engines %d MiB (%d s per test, clyde's "
             "engine %s), mark %d MiB (%d runs of %d s), buffered %d and %d MiB, per-char "
             "%d MiB, progress %d MiB, RSS %d and %d MiB; bench took %.1f min" % (
                 a.direct_mib, a.seeks, a.engine_mib, a.engine_time,
                 getattr(b, "engine", "?"), a.mark_mib, a.mark_runs, a.mark_time,
                 a.buffered_mib, a.big_mib, a.perchar_mib,
                 a.progress_mib, a.rss_small_mib, a.rss_large_mib, elapsed_s / 60))
    L.append("")

    L.append("## Results")
    L.append("")
    L.append("| measurement | clyde | reference | ratio | pairs | target | |")
    L.append("|---|---:|---|---:|---|---|---|")
    rows, dcpu, dlat = direct
    unmet = []

    def spread(rs):
        return "%.2f–%.2f" % (min(rs), max(rs)) if rs else ""

    def row(name, pair, ref_name, unit_div, digits, target):
        L.append(table_row(name, pair, ref_name, unit_div, digits,
                           None if target is None else (">=", target), unmet))

    row("direct block write, 8 KiB (MiB/s)", rows["write"], "fio write:", 1024, 1, 0.98)
    row("direct block read, 8 KiB (MiB/s)", rows["read"], "fio read:", 1024, 1, 0.98)
    row("direct rewrite, 8 KiB (MiB/s)", rows["rewrite"], "fio rw 50/50:", 1024, 1, None)
    row("direct seeks, I/Os per s (reads + write-backs)", rows["seeks_io"],
        "fio randrw 91/9 ×5:", 1, 0, 0.98)
    row("direct seeks/s (reads only counted)", rows["seeks_rr"], "fio randread ×5:", 1, 0, None)
    L += engines.report_rows(b, engine, mark, table_row, unmet)
    row("direct block write: median latency (µs)", rows["p50 write"], "fio clat p50:", 1, 1, None)
    row("direct block read: median latency (µs)", rows["p50 read"], "fio clat p50:", 1, 1, None)

    rate, bcpu, blat = buffered
    names = {"put_block": "block write", "rewrite": "rewrite", "get_block": "block read"}
    for k in ("put_block", "rewrite", "get_block"):
        c_rate, r_rate = rate[k]
        c_cpu, r_cpu = bcpu[k]
        row("buffered %s (MiB/s)" % names[k], rate[k], "bonnie++:", 1024, 1, None)
        # CPU seconds per GiB moved is %CPU at equal throughput: the figure
        # the target compares, since the throughputs are never equal.
        per = [(cc / 100 / (x / MIB) if cc is not None and x else None)
               for cc, x in zip(c_cpu, c_rate)]
        per_r = [(cc / 100 / (x / MIB) if cc is not None and x else None)
                 for cc, x in zip(r_cpu, r_rate)]
        rs = ratios(per, per_r)
        rt = median(rs)
        ok = rt is not None and rt <= 1.0
        if not ok:
            unmet.append("buffered %s CPU" % names[k])
        L.append("| buffered %s: %%CPU; CPU s per GiB | %s; %s | bonnie++: %s; %s | %s | %s | CPU per GiB ≤ 1.00× | %s |" % (
            names[k], fmt(median(c_cpu)), "%.3f" % median(per) if median(per) else "n/a",
            fmt(median(r_cpu)), "%.3f" % median(per_r) if median(per_r) else "n/a",
            "%.3f" % rt if rt else "n/a", spread(rs), verdict(ok)))

    # The 8 GiB pair: block write and rewrite against bonnie++, whose one
    # file is written whole and then fsynced (what clyde now does too).
    brate, bbcpu, _ = big
    for k in ("put_block", "rewrite"):
        row("buffered %s at %d MiB (MiB/s)" % (names[k], a.big_mib), brate[k],
            "bonnie++:", 1024, 1, None)
        per = [(cc / 100 / (x / MIB) if cc is not None and x else None)
               for cc, x in zip(bbcpu[k][0], brate[k][0])]
        per_r = [(cc / 100 / (x / MIB) if cc is not None and x else None)
                 for cc, x in zip(bbcpu[k][1], brate[k][1])]
        rs = ratios(per, per_r)
        L.append("| buffered %s at %d MiB: CPU s per GiB | %s | bonnie++: %s | %s | %s | | |" % (
            names[k], a.big_mib, "%.3f" % median(per) if median(per) else "n/a",
            "%.3f" % median(per_r) if median(per_r) else "n/a",
            "%.3f" % median(rs) if median(rs) else "n/a", spread(rs)))

    res, micro = perchar
    for k, name in (("putc", "per-char output (putc)"), ("getc", "per-char input (getc)")):
        row(name + ", buffered (MiB/s)", res[k], "1.03's method:", 1024, 1, 1.0)

    big, small = rss[a.rss_large_mib], rss[a.rss_small_mib]
    ok = max(big, small) < 8 * 1024 and abs(big - small) <= 0.10 * small
    if not ok:
        unmet.append("peak RSS")
    L.append("| peak RSS at %d / %d MiB (MiB) | %.1f / %.1f | bonnie++ %s, fio %s | %.3f | | < 8 MiB, within 10%% | %s |" % (
        a.rss_small_mib, a.rss_large_mib, small / 1024, big / 1024,
        "%.1f" % (max(b.rss.get("bonnie++", [0])) / 1024),
        "%.1f" % (max(b.rss.get("fio", [0])) / 1024), big / small, verdict(ok)))

    tick_pct = hot["tick_ns"] * 4 / 1e9 * 100
    ok = tick_pct < 1.0
    if not ok:
        unmet.append("progress cost")
    L.append("| progress line: its CPU per second of run | %.4f %% | (%.1f µs per tick, 4 ticks/s) | | | < 1 %% | %s |" % (
        tick_pct, hot["tick_ns"] / 1000, verdict(ok)))
    for k in ("put_block", "rewrite", "get_block"):
        row("progress on ÷ off: buffered %s (MiB/s)" % names[k], progress[k],
            "`--progress never`:", 1024, 1, None)

    # Latency recording: its cost per op over the time each phase spent per
    # op and thread (threads beyond the CPUs share them).
    worst = {"direct": [], "buffered": []}
    for ph, rnd, mode in [x + ("direct",) for x in dlat] + [x + ("buffered",) for x in blat]:
        for key, p in ph.items():
            if p.get("ops") and p.get("elapsed_s") and p["state"] != "not_run":
                threads = 5 if key == "seeks" else 1
                per_op_ns = p["elapsed_s"] * 1e9 * min(threads, b.ncpu) / p["ops"]
                worst[mode].append((hot["record_ns"] / per_op_ns * 100, p["name"]))
        for (op, depth), x in rnd.items():
            per_op_ns = x["elapsed_s"] * 1e9 * min(depth, b.ncpu) / x["ops"]
            worst[mode].append((hot["record_ns"] / per_op_ns * 100, "random %s, depth %d" % (
                "reads" if op == "r" else "writes", depth)))
    for mode, what in (("direct", "disk (-D) phases"), ("buffered", "page-cache phases")):
        # The median over the runs of each phase, then the worst phase.
        by = {}
        for pct, name in worst[mode]:
            by.setdefault(name, []).append(pct)
        if not by:
            continue
        name, pct = max(((n, median(v)) for n, v in by.items()), key=lambda x: x[1])
        ok = pct < 1.0
        if not ok:
            unmet.append("latency recording in " + what)
        L.append("| latency recording, %s: worst share | %.3f %% (%s) | (%.1f ns per op) | | | < 1 %% | %s |" % (
            what, pct, name, hot["record_ns"], verdict(ok)))
    L.append("")
    if unmet:
        L.append("Not met in this run: %s. The analysis below says what holds them back." %
                 ", ".join(unmet))
    else:
        L.append("Every target met in this run.")
    L.append("")

    L.append("## Per-char: putc/getc against the unlocked variants")
    L.append("")
    L.append("ns per byte through an 8 KiB stdio buffer into /dev/null and from /dev/zero "
             "(`charbench cpu`, median of %d runs of %d MiB). *Single-threaded* is bonnie++ "
             "1.03's process; *threaded* is clyde's, where each phase runs in its own thread "
             "and glibc therefore locks every stream operation." % (
                 len(micro.get(("single-threaded", "putc_ns"), [])), a.micro_mib))
    L.append("")
    L.append("| process | putc | putc_unlocked | getc | getc_unlocked |")
    L.append("|---|---:|---:|---:|---:|")
    for s in ("single-threaded", "threaded"):
        L.append("| %s | %s |" % (s, " | ".join(
            "%.2f" % median(micro.get((s, k), [])) for k in
            ("putc_ns", "putc_unlocked_ns", "getc_ns", "getc_unlocked_ns"))))
    L.append("")
    st_put = median(micro.get(("single-threaded", "putc_ns"), []))
    mt_put = median(micro.get(("threaded", "putc_ns"), []))
    mt_putu = median(micro.get(("threaded", "putc_unlocked_ns"), []))
    L.append("clyde uses putc_unlocked/getc_unlocked (src/run/phase_char.c): in its threaded "
             "process plain putc costs %.1f ns a byte against %.1f ns unlocked, and 1.03's "
             "single-threaded putc costs %.1f ns. Each stream belongs to one thread, so the lock "
             "protects nothing. The per-char rows above compare clyde's whole phase with "
             "1.03's method on a real file (`charbench file`: fopen, default buffer, putc/getc "
             "in a process without threads, plus the same fsync at the end of output that "
             "clyde does)." % (mt_put, mt_putu, st_put))
    L.append("")

    L.append("## How each pair is matched")
    L.append("")
    L += [
        "Direct I/O is paired test by test: clyde started with `-y p` stops before each "
        "test (it prints `N:` and waits for a line), and the bench runs the fio job doing "
        "the same I/O right before or after clyde's test, clyde first in odd runs and fio "
        "first in even ones. A pair's two figures are seconds apart, not minutes, which "
        "matters on a disk shared with other work; the prompt's wait is outside every "
        "timed region. The buffered comparisons go run by run, clyde first in odd pairs and "
        "bonnie++ first in even ones (run back to back, the second of two runs was faster, "
        "whichever program it was); not test by test: whichever tool wrote its 2 GiB second ran at half the "
        "speed of the first (with 5 s and a sync between them too), as the first tool's "
        "file still held the recycled page-cache memory.",
        "",
        "- **Direct I/O** (`clyde -D`): one clyde run does block write, rewrite, block read, "
        "seeks and the random-I/O tests on a %d MiB file (8 KiB chunks); next to each test "
        "the bench runs the section of one fio job file doing the same I/O on fio's own "
        "file of the same size, `direct=1 ioengine=psync`:" % a.direct_mib,
        "  - block write: `rw=write bs=8k` on a new file (`fallocate=none`, so both extend "
        "the file as they write);",
        "  - rewrite: clyde reads a chunk and writes it back; fio `rw=rw rwmixread=50` over "
        "twice the size (reads and writes each cover the file); the fio figure is (read + "
        "write bandwidth) / 2, i.e. chunks rewritten per second;",
        "  - block read: `rw=read bs=8k`;",
        "  - seeks: clyde's 5 seekers read a random chunk and write one in ten back; fio "
        "`rw=randrw rwmixread=91 numjobs=5` (10 writes in 110 I/Os) with `number_ios` for "
        "the same count; compared as I/Os per second. The plain `randread numjobs=5` row "
        "is the issue's reference: clyde's seeks/s there also pay for the write-backs;",
        "  - every fio write job ends with `end_fsync=1`, which fio times as part of the job "
        "as clyde times its fsync+close of every piece (fio's `fsync_on_close` is not timed: "
        "a 1 GiB buffered write with it showed 1040 MiB/s, with `end_fsync` 406 MiB/s, "
        "without either 3864 MiB/s); every random job uses `norandommap` (clyde draws "
        "offsets with repetition too).",
        "- **Engines**: `clyde mark -y p --runs 1 --time %d --tests "
        "RND4K-Q1T1,RND4K-Q3T1,RND4K-Q32T1,RND4K-Q32T16` (each test reads, then writes, "
        "through clyde's engine: the run function of `--random-io`) on a %d MiB file; "
        "next to each test, fio on its own file of the same size in the same directory: "
        "`--ioengine=io_uring --direct=1 --rw=randread|randwrite --bs=4k --iodepth=Q "
        "--numjobs=T --time_based --runtime=%d --norandommap --randrepeat=0` (writes with "
        "`--end_fsync=1`, as clyde counts its fsync), fio's defaults otherwise (its jobs "
        "are processes; clyde registers its files and buffers with the ring, which fio "
        "does only with `fixedbufs`/`registerfiles`). CPU per I/O: clyde's process CPU "
        "over the test's window (its JSON `cpu_s` over `ios`); fio's `usr_cpu + sys_cpu` "
        "of each job over its `job_runtime`, summed over the jobs, over their I/Os." % (
            a.engine_time, a.engine_mib, a.engine_time),
        "- **clyde mark**: `clyde mark -y p --profile default --runs %d --time %d -s %dM` "
        "against KDiskMark's way with fio on a file of the same size: `fio --create_only=1` "
        "to lay it out, then one fio process per test and run with KDiskMark's arguments "
        "(`--ioengine=libaio --direct=1 --randrepeat=0 --refill_buffers --end_fsync=1 "
        "--rwmixread=70 --size --zero_buffers=0 --bs --runtime --rw --iodepth --numjobs`), "
        "run by run next to clyde's; each figure the mean of the runs (KDiskMark's default "
        "profile), fio's as `bw_bytes` / 10^6. KDiskMark itself shows fio's `bw` (KiB/s) "
        "/ 1000, 2.4%% below 10^6 bytes per second. Without `time_based`, a fio run also "
        "stops once it has moved `--size`: a SEQ read of the whole file in under %d s "
        "ends early, where clyde runs for the time." % (
            a.mark_runs, a.mark_time, a.mark_mib, a.mark_time),
        "- **Buffered block phases**: `clyde --zeros -f -n 0` against `bonnie++ -f -n 0` "
        "(2.00a) on %d MiB with the default 8 KiB chunk; both fsync at close inside the "
        "timed region. `--zeros` because bonnie++ writes almost-zero blocks and the content "
        "alone changes this VM's CPU cost: clyde's block write used 0.65-1.02 CPU s per GiB "
        "with zeros and 0.87-1.33 with its default incompressible data (3 alternating "
        "pairs, 2 GiB). The file fits in RAM, so block read measures the page cache: "
        "CPU-bound for both. %%CPU is process CPU ÷ elapsed for both; CPU s per GiB is that "
        "over the throughput, i.e. %%CPU at equal throughput, which the target compares." %
        a.buffered_mib,
        "- **Buffered, large**: the same two commands on %d MiB, %d pairs: clyde's file is "
        "%d pieces of 1 GiB, bonnie++'s one file; clyde keeps every piece open and fsyncs "
        "them all once the file is written, as bonnie++ fsyncs its one file (an fsync per "
        "piece as it ended stopped the copying at every GiB: see the analysis)." % (
            a.big_mib, a.big_pairs, (a.big_mib + 1023) // 1024),
        "- **Per-char**: clyde's stdio phases on %d MiB against bonnie++ 1.03's method "
        "(see above), run after run; clyde also runs its block phases in that run, which "
        "are not compared." % a.perchar_mib,
        "- **Progress**: `--progress always` (stderr to a file) against `--progress never`, "
        "buffered, %d MiB; the cost per tick comes from `bench/hotpath.c` "
        "(clyde's own progress code writing to /dev/null)." % a.progress_mib,
        "- **Latency recording**: `bench/hotpath.c` times clyde's `timer_now_ns()` + "
        "`stats_add()` as the phases call them (%.1f ns per op; the clock read alone %.1f "
        "ns); the cost share is that over the time each measured phase spent per operation "
        "per thread (threads capped at the CPU count); the median over the runs of each "
        "phase, then the worst phase." % (hot["record_ns"], hot["clock_ns"]),
        "- **Peak RSS**: ru_maxrss of the same clyde run (per-char on 64 MiB, block phases, "
        "seeks, random I/O at depths 1 and 32, 1024 files) at %d MiB and at %d MiB." % (
            a.rss_small_mib, a.rss_large_mib),
    ]
    L.append("")

    # analysis.md by hand; mpi-results.md from make bench-mpi (bench/mpi.py).
    for extra in ("analysis.md", "mpi-results.md"):
        path = os.path.join(HERE, extra)
        if os.path.exists(path):
            with open(path) as f:
                L.append(f.read().rstrip())
            L.append("")

    L.append("## Commands")
    L.append("")
    for label, cmd in b.commands.items():
        if isinstance(cmd, str):
            L.append("%s:" % label)
            L.append("")
            L.append("```")
            L.append(cmd.replace(b.work, "$WORK").rstrip())
            L.append("```")
        else:
            L.append("- %s: `%s`" % (label, shlex.join(cmd).replace(b.work, "$WORK")))
    L.append("")
    L.append("`$WORK` is a fresh directory inside `%s`, removed afterwards." %
             os.path.abspath(a.dir))
    L.append("")

    L.append("## Every run")
    L.append("")
    for group, label, figs in b.raw:
        L.append("- %s, %s: %s" % (group, label, ", ".join(
            "%s %s" % (k, fmt(v, 1 if isinstance(v, float) and v < 100 else 0))
            for k, v in figs.items())))
    L.append("")
    text = "\n".join(L)
    with open(a.output, "w") as f:
        f.write(text)
    return text


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dir", default="/var/tmp", help="directory on the disk to test")
    p.add_argument("--clyde", default=os.path.join(ROOT, "clyde"))
    p.add_argument("--charbench", default=os.path.join(ROOT, "build/bench/charbench"))
    p.add_argument("--hotpath", default=os.path.join(ROOT, "build/bench/hotpath"))
    p.add_argument("--bonnie", default=shutil.which("bonnie++") or
                   ("/usr/sbin/bonnie++" if os.path.exists("/usr/sbin/bonnie++") else None))
    p.add_argument("--output", default=os.path.join(HERE, "results.md"))
    p.add_argument("--pairs", type=int, default=3, help="pairs per comparison")
    p.add_argument("--direct-pairs", type=int, default=4)
    p.add_argument("--buffered-pairs", type=int, default=4)
    p.add_argument("--direct-mib", type=int, default=128)
    p.add_argument("--seeks", type=int, default=32768)
    p.add_argument("--engine-pairs", type=int, default=3)
    p.add_argument("--engine-mib", type=int, default=1024)
    p.add_argument("--engine-time", type=int, default=4)
    p.add_argument("--mark-pairs", type=int, default=2)
    p.add_argument("--mark-mib", type=int, default=1024)
    p.add_argument("--mark-runs", type=int, default=2)
    p.add_argument("--mark-time", type=int, default=4)
    p.add_argument("--buffered-mib", type=int, default=2048)
    p.add_argument("--big-mib", type=int, default=8192,
                   help="the large buffered pair (block write without a stall per piece)")
    p.add_argument("--big-pairs", type=int, default=2)
    p.add_argument("--perchar-mib", type=int, default=512)
    p.add_argument("--micro-mib", type=int, default=256)
    p.add_argument("--progress-mib", type=int, default=1024)
    p.add_argument("--rss-small-mib", type=int, default=1024)
    p.add_argument("--rss-large-mib", type=int, default=8192)
    a = p.parse_args()
    if not shutil.which("fio"):
        raise SystemExit("bench: fio is not installed")
    if not a.bonnie:
        raise SystemExit("bench: bonnie++ is not installed")
    b = Bench(a)
    os.mkdir(b.work)
    t0 = time.monotonic()
    try:
        hot = json.loads(run([a.hotpath], b.work).out)
        b.commands["hotpath"] = [a.hotpath]
        direct = group_direct(b)
        engine = engines.group_engine(b, log)
        mark = engines.group_mark(b, log)
        buffered = group_buffered(b)
        big = group_buffered(b, a.big_mib, a.big_pairs, "buffered large")
        perchar = group_perchar(b)
        progress = group_progress(b)
        rss = group_rss(b)
        text = write_report(b, direct, engine, mark, buffered, big, perchar, progress, rss,
                            hot, time.monotonic() - t0)
    finally:
        shutil.rmtree(b.work, ignore_errors=True)
    # The table, for the terminal.
    start = text.index("## Results")
    print(text[start:text.index("## Per-char")].rstrip())
    log("bench: wrote %s in %.1f min" % (a.output, (time.monotonic() - t0) / 60))


if __name__ == "__main__":
    main()
