#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench.py - `make bench`: clyde against fio and bonnie++ on one directory.

Runs each comparison as pairs (clyde and the reference, which one first
alternating from pair to pair), test by test where the tools allow it (-y p), takes
medians, and writes bench/results.md with the date, the machine, the load
average, every command and every run's figures. Only ratios measured within
one run mean anything on a shared machine; absolute figures are printed for
context. With --long (`make bench-long`) it runs the large buffered pairs
instead (8 and 16 GiB) and writes bench/results-long.md; with --marks (`make
bench-marks`) the two `clyde mark` groups with 30 pairs each (about an hour), into
bench/results-marks.md. `make bench` copies both in. The groups live in
direct.py, engines.py, marks.py, buffered.py and costs.py. This script is
the bench harness, not part of clyde.
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

import buffered
import costs
import direct
import engines
import marks

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

    def __init__(self, cmd, work, gated=False, prefix=()):
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
                [RUSAGE, self.rus_path] + list(prefix) + cmd, stdout=subprocess.PIPE,
                stderr=err,
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

    def log(self, msg):
        log(msg)

    def user(self):
        return ["-u", "root"] if self.root else []

    def run(self, cmd):
        return run(cmd, self.work)

    def start(self, cmd, gated=False, prefix=()):
        return Proc(cmd, self.work, gated, prefix)

    def note(self, label, cmd):
        self.commands.setdefault(label, cmd)

    def note_rss(self, tool, r, prefixed=False):
        """TOOL's peak RSS, unless a wrapper (perf) ran it: then the
        wrapper's could be the one measured."""
        if not prefixed:
            self.rss.setdefault(tool, []).append(r.maxrss_kib)

    # clyde ----------------------------------------------------------------
    def clyde_start(self, label, opts, gated=False, prefix=()):
        self.seq += 1
        json_path = os.path.join(self.work, "clyde.%d.json" % self.seq)
        cmd = [self.a.clyde, "-d", self.work] + self.user() + opts + \
              ["--json", json_path, "-m", "bench"] + (["-y", "p"] if gated else [])
        self.note(label, cmd)
        proc = Proc(cmd, self.work, gated, prefix)
        proc.json_path = json_path
        proc.prefixed = bool(prefix)
        return proc

    def note_env(self, j):
        """The disk and filesystem (machine_lines), from the first clyde
        JSON document J of the run."""
        if not self.env:
            self.env = j.get("environment", {})

    def clyde_result(self, proc):
        r = proc.finish()
        with open(proc.json_path) as f:
            j = json.load(f)
        os.unlink(proc.json_path)
        self.note_env(j)
        self.note_rss("clyde", r, getattr(proc, "prefixed", False))
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
    def bonnie_start(self, label, opts, gated=False, prefix=()):
        cmd = [self.a.bonnie, "-d", self.work] + self.user() + opts + \
              ["-q", "-m", "bench"] + (["-y", "p"] if gated else [])
        self.note(label, cmd)
        proc = Proc(cmd, self.work, gated, prefix)
        proc.prefixed = bool(prefix)
        return proc

    def bonnie_result(self, proc, fields=False):
        """bonnie++'s figures per phase, (KiB/s, %CPU); with FIELDS also
        its CSV line's fields."""
        r = proc.finish()
        self.note_rss("bonnie++", r, proc.prefixed)
        line = [l for l in r.out.splitlines() if l.startswith("1.98,")][-1]
        f = line.split(",")

        def num(i):
            return float(f[i]) if f[i] and "+" not in f[i] else None
        res = {"put_block": (num(11), num(12)), "rewrite": (num(13), num(14)),
               "get_block": (num(17), num(18)), "seeks": (num(19), num(20))}
        return (res, f) if fields else res



# ---------------------------------------------------------------- report


def mean_ratio(a, b):
    """The mean of A's runs over the mean of B's, over the pairs both have:
    what KDiskMark prints is the mean of its runs."""
    both = [(x, y) for x, y in zip(a, b) if x is not None and y]
    return statistics.mean(x for x, _ in both) / statistics.mean(y for _, y in both) \
        if both else None


def table_row(name, pair, ref_name, unit_div, digits, target, unmet):
    """One line of the results table: clyde's and the reference's medians,
    the median of the per-pair ratios and their range, and TARGET: None,
    (">=", x), ("<=", x), ("within", x) for |ratio - 1| <= x, or ("null",
    lo, hi): the null's spread (fio against itself), met when both the
    median of the ratios and the ratio of the means of runs are at or
    above LO (the ratio cell then gives both). A target missed adds NAME
    to UNMET."""
    c, r = pair
    rs = ratios(c, r)
    rt = median(rs)
    ok, tgt, cell = None, "", "%.3f" % rt if rt else "n/a"
    if target is not None:
        kind, x = target[:2]
        if kind == "null":
            mr = mean_ratio(c, r)
            cell += " (mean of runs %.3f)" % mr if mr else ""
            tgt = "≥ the null's spread %.3f–%.3f" % (x, target[2])
            if rt is not None and mr is not None:
                ok = rt >= x and mr >= x
        else:
            tgt = {">=": "≥ %.2f×", "<=": "≤ %.2f×", "within": "within %.0f%%"}[kind] % (
                x * 100 if kind == "within" else x)
            if rt is not None:
                ok = rt >= x if kind == ">=" else rt <= x if kind == "<=" else abs(rt - 1) <= x
        if ok is False:
            unmet.append(name)
    spread = "%.2f–%.2f" % (min(rs), max(rs)) if rs else ""
    return "| %s | %s | %s %s | %s | %s | %s | %s |" % (
        name, fmt(median(c) / unit_div if median(c) else None, digits), ref_name,
        fmt(median(r) / unit_div if median(r) else None, digits),
        cell, spread, tgt, verdict(ok) if ok is not None else "")


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
    ]


def loads():
    return " ".join("%.2f" % x for x in os.getloadavg())


def header(b, title, what, elapsed_s):
    a = b.a
    L = ["# %s" % title, "", what, ""]
    L += machine_lines(b)
    L.append("- load average (1, 5, 15 min) at the start: %s; at the end: %s" % (
        b.load_start, loads()))
    L.append("- bench took %.1f min" % (elapsed_s / 60))
    L.append("")
    return L


def claims_section(b, engine, big_or_buf, long_run=False, mark_rows=None):
    """Statements the analysis relies on, each checked on this run's own
    figures: a fresh run that contradicts one says so here."""
    L = ["## Claims checked by this run", ""]
    checks = []
    noise = marks.noise_claim(mark_rows or {})
    if noise:
        checks.append(noise)
    if engine:
        q3 = engine.get(("Q3T1", "read"))
        if q3:
            fio_d = median(engines.pick(q3["best"], "depth"))
            aio_d = median(engines.pick(q3.get("libaio", []), "depth"))
            c_d = median(engines.pick(q3["clyde"], "depth"))
            checks.append(("fio io_uring asked for --iodepth=3 keeps 4 I/Os in flight; fio "
                           "libaio and clyde keep 3",
                           "in flight: fio io_uring %.2f, fio libaio %.2f, clyde %.2f" % (
                               fio_d, aio_d or 0, c_d),
                           fio_d > 3.5 and aio_d is not None and aio_d < 3.2 and c_d < 3.2))
        q1 = engine.get(("Q1T1", "write"))
        if q1 and "default" in q1:
            rs = ratios(engines.pick(q1["best"], "iops"), engines.pick(q1["default"], "iops"))
            checks.append(("what registered buffers and files are worth at Q1T1 writes is "
                           "within this run's noise",
                           "fio --fixedbufs --registerfiles ÷ fio defaults: median %.3f, "
                           "pairs %.2f–%.2f" % (median(rs), min(rs), max(rs)),
                           min(rs) <= 1.0 <= max(rs)))
    if big_or_buf:
        for size, (rows, tele, waits) in sorted(big_or_buf.items()):
            if waits and waits[0][2] is not None:
                secs = [w[0] for w in waits]
                mib = [w[1] for w in waits]
                checks.append(("at %d MiB every run started after the host had taken back "
                               "the memory freed before it (free page reporting under %d MiB "
                               "in %.0f s)" % (size, buffered.QUIET_MIB, buffered.QUIET_S),
                               "waits %.0f–%.0f s, %.0f–%.0f MiB handed back during them" % (
                                   min(secs), max(secs), min(mib), max(mib)),
                               all(w[2] for w in waits)))
            if long_run and tele[0] and tele[0][0].get("throttled") is not None:
                thr = [t.get("throttled") for side in tele for t in side]
                checks.append(("at %d MiB no write of either tool was throttled by "
                               "balance_dirty_pages" % size,
                               "throttle events per run: %s" % " ".join(
                                   "n/a" if x is None else str(x) for x in thr),
                               all(x == 0 for x in thr if x is not None)))
    if not checks:
        return []
    L.append("| claim | this run | holds |")
    L.append("|---|---|---|")
    for claim, evidence, ok in checks:
        L.append("| %s | %s | %s |" % (claim, evidence, "yes" if ok else "**no**"))
    L.append("")
    return L


def commands_and_runs(b):
    a = b.a
    L = ["## Commands", ""]
    for label, cmd in b.commands.items():
        if isinstance(cmd, str):
            L += ["%s:" % label, "", "```", cmd.replace(b.work, "$WORK").rstrip(), "```"]
        else:
            L.append("- %s: `%s`" % (label, shlex.join(cmd).replace(b.work, "$WORK")))
    L += ["", "`$WORK` is a fresh directory inside `%s`, removed afterwards." %
          os.path.abspath(a.dir), "", "## Every run", ""]
    for group, label, figs in b.raw:
        L.append("- %s, %s: %s" % (group, label, ", ".join(
            "%s %s" % (k, fmt(v, 1 if isinstance(v, float) and v < 100 else 0))
            for k, v in figs.items())))
    L.append("")
    return L


def table(rows_fn):
    """The results table: ROWS_FN(L, row, unmet) adds its lines."""
    L = ["## Results", "", "| measurement | clyde | reference | ratio | pairs | target | |",
         "|---|---:|---|---:|---|---|---|"]
    unmet = []

    def row(name, pair, ref_name, unit_div, digits, target):
        L.append(table_row(name, pair, ref_name, unit_div, digits,
                           None if target is None else (">=", target), unmet))
    rows_fn(L, row, unmet)
    L.append("")
    L.append("Not met in this run: %s. The analysis says what holds them back." %
             ", ".join(unmet) if unmet else "Every target met in this run.")
    L.append("")
    return L


def mark_groups(g):
    """{method: its mark group's rows, or None} of the groups G that ran."""
    return {m: g.get("mark-" + m) for m in marks.METHODS}


def write_report(b, g, hot, elapsed_s):
    a = b.a
    L = header(b, "clyde benchmark results",
               "Written by `make bench` (bench/bench.py). Each comparison runs clyde and the "
               "reference tool alternately on the same directory (step by step where the "
               "tools allow it, see *How each pair is matched*): %d pairs for direct I/O, %d "
               "for the engines, %d for each `clyde mark` method, %d for buffered I/O, %d for "
               "the others. Figures are medians; *ratio* is the median "
               "of the per-pair ratios (clyde ÷ reference) and *pairs* their range, which "
               "shows the noise. Read the ratios, not the absolute figures. The 8 and 16 GiB "
               "buffered pairs are `make bench-long`'s, and the mark groups with %d pairs "
               "`make bench-marks`'s (their results follow the analysis)." % (
                   a.direct_pairs, a.engine_pairs, a.mark_pairs, a.buffered_pairs, a.pairs,
                   MARKS_LONG_PAIRS),
               elapsed_s)
    L.append("Sizes: direct %d MiB (%d seeks), engines %d MiB (%d s per test, clyde's engine "
             "%s), mark %d MiB (%d s at most per run), buffered %d MiB, per-char %d MiB, "
             "progress %d MiB, RSS %d and %d MiB." % (
                 a.direct_mib, a.seeks, a.engine_mib, a.engine_time, getattr(b, "engine", "?"),
                 a.mark_mib, a.mark_time, a.buffered_mib, a.perchar_mib, a.progress_mib,
                 a.rss_small_mib, a.rss_large_mib))
    L.append("")
    dlat = g["direct"][2] if g.get("direct") else []

    def rows(T, row, unmet):
        if g.get("direct"):
            direct.report_rows(g["direct"], row)
        if g.get("probe"):
            direct.probe_rows(g["probe"], row)
        if g.get("engine"):
            T += engines.report_rows(b, g["engine"], table_row, unmet)
        T += marks.report_rows(mark_groups(g),
                               g.get("placement"), table_row, unmet)
        if g.get("buffered"):
            rws, tele, _ = g["buffered"]
            T += buffered.report_rows(a.buffered_mib, rws, tele, table_row, unmet, median, ())
        costs.report_rows(b, g.get("perchar"), g.get("progress"), g.get("rss"), hot, dlat,
                          getattr(b, "blat", []), row, T, unmet, median, verdict)
    L += table(rows)
    L += claims_section(b, g.get("engine"),
                        {a.buffered_mib: g["buffered"]} if g.get("buffered") else None,
                        mark_rows=mark_groups(g))
    L += costs.perchar_section(b, g.get("perchar"), median)
    L += ["## How each pair is matched", ""]
    L += [
        "Where the tools allow it the pairs go step by step: clyde started with `-y p` stops "
        "before each test (it prints `N:` and waits for a line), and the bench runs the "
        "reference doing the same I/O right before or after clyde's test, clyde first in odd "
        "pairs and the reference first in even ones. A pair's two figures are seconds "
        "apart, not minutes, which matters on a disk and CPUs shared with other work; the "
        "prompt's wait is outside every timed region. The buffered comparisons go run by "
        "run, the first of each pair alternating, each run from the same memory state "
        "(buffered.py says why).", ""]
    L += direct.method_lines(b) + (direct.probe_method_lines(b) if g.get("probe") else []) + \
        engines.method_lines(b) + marks.method_lines(b)
    L += buffered.method_lines(b, a.buffered_mib, a.buffered_pairs, False)
    L += costs.method_lines(b, hot)
    L.append("")
    # analysis.md by hand; results-long.md from make bench-long;
    # results-marks.md from make bench-marks; mpi-results.md from make
    # bench-mpi (bench/mpi.py).
    for extra in ("analysis.md", "results-long.md", "results-marks.md", "mpi-results.md"):
        path = os.path.join(HERE, extra)
        if os.path.exists(path):
            with open(path) as f:
                text = f.read().rstrip()
            if extra != "analysis.md":  # its own headings one level down
                text = re.sub(r"^(#+) ", r"#\1 ", text, flags=re.M)
            L += [text, ""]
    L += commands_and_runs(b)
    return "\n".join(L)


def write_long_report(b, g, elapsed_s):
    a = b.a
    L = header(b, "clyde benchmark results: large buffered files",
               "Written by `make bench-long` (bench/bench.py --long); `make bench` copies it "
               "into results.md. clyde's buffered block phases against bonnie++ 2.00a on "
               "files larger than the kernel's dirty limits, %d pairs per size, the first of "
               "each pair alternating." % a.big_pairs, elapsed_s)

    def rows(T, row, unmet):
        for size in a.big_sizes:
            rws, tele, _ = g["big"][size]
            T += buffered.report_rows(size, rws, tele, table_row, unmet, median,
                                      ("put_block",))
        sizes = sorted(a.big_sizes)
        rss = b.rss.get("clyde", [])
        if rss:
            L_rss = "| peak RSS of clyde's runs at %s MiB (MiB) | %.1f–%.1f | bonnie++ %.1f | | | " \
                    "< 8 MiB | %s |" % (" and ".join(str(s) for s in sizes),
                                        min(rss) / 1024, max(rss) / 1024,
                                        max(b.rss.get("bonnie++", [0])) / 1024,
                                        verdict(max(rss) < 8 * 1024))
            if max(rss) >= 8 * 1024:
                unmet.append("peak RSS")
            T.append(L_rss)
        if "layout" in g:
            rws, tele, _ = g["layout"]
            T += buffered.report_rows(LAYOUT_MIB, rws, tele, table_row, unmet, median, (),
                                      other="clyde --pieces", keys=("put_block",),
                                      what="one file against 1 GiB pieces:")
    L += table(rows)
    L += claims_section(b, None, g["big"], long_run=True)
    L += ["## How each pair is matched", ""]
    L += buffered.method_lines(b, a.big_sizes, a.big_pairs, True)
    if "layout" in g:
        L += buffered.layout_lines(LAYOUT_MIB, a.layout_pairs)
    L.append("")
    L += commands_and_runs(b)
    return "\n".join(L)


def write_marks_report(b, g, elapsed_s):
    a = b.a
    mark_rows = mark_groups(g)
    L = header(b, "clyde benchmark results: clyde mark, many pairs",
               "Written by `make bench-marks` (bench/bench.py --marks); `make bench` copies "
               "it into results.md. The two `clyde mark` groups of `make bench`, run alone "
               "with %d pairs each instead of %d, each tool first in half of them: each "
               "row's median of pair ratios and ratio of the means of runs over that many "
               "pairs, against the null's spread over as many (fio's reference run twice "
               "beside every test), where one `make bench` run's four leave it to chance." % (
                   a.mark_pairs, MARK_PAIRS), elapsed_s)
    L.append("Sizes: mark %d MiB (%d s at most per run)." % (a.mark_mib, a.mark_time))
    L.append("")
    L += table(lambda T, row, unmet: T.extend(
        marks.report_rows(mark_rows, None, table_row, unmet)))
    L += claims_section(b, None, None, mark_rows=mark_rows)
    L += ["## How each pair is matched", ""]
    L += marks.method_lines(b)
    L.append("")
    L += commands_and_runs(b)
    return "\n".join(L)


LAYOUT_MIB = 8192  # bench-long's one file against 1 GiB pieces
# make bench's pairs for each mark method, and make bench-marks's: even, so
# that each tool goes first in half of them (on this VM the reads of a
# freshly laid-out file speed up run after run: fio alone, the first 2 s
# read after the layout 0.936x the second, the third 1.03x; analysis.md).
# Four keep make bench near a quarter of an hour with the null beside
# every test; thirty (about an hour for both methods, each pair of each
# method about a minute: clyde's eight runs and fio's eighteen to
# twenty-four, the literal line, the null and the same-work runs) give
# the >= 30 pairs a row the targets are pooled over, in one run.
MARK_PAIRS = 4
MARKS_LONG_PAIRS = 30
GROUPS = ("direct", "probe", "engine", "mark-size", "mark-time", "placement", "buffered", "perchar",
          "progress", "rss")


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dir", default="/var/tmp", help="directory on the disk to test")
    p.add_argument("--clyde", default=os.path.join(ROOT, "clyde"))
    p.add_argument("--charbench", default=os.path.join(ROOT, "build/bench/charbench"))
    p.add_argument("--hotpath", default=os.path.join(ROOT, "build/bench/hotpath"))
    p.add_argument("--bonnie", default=shutil.which("bonnie++") or
                   ("/usr/sbin/bonnie++" if os.path.exists("/usr/sbin/bonnie++") else None))
    p.add_argument("--output", help="default bench/results.md; results-long.md with --long, "
                   "results-marks.md with --marks")
    p.add_argument("--groups", default=",".join(GROUPS),
                   help="comma-separated, of: " + ", ".join(GROUPS))
    p.add_argument("--long", action="store_true",
                   help="the large buffered pairs only (make bench-long)")
    p.add_argument("--marks", action="store_true",
                   help="the clyde mark groups only, %d pairs each (make bench-marks)" %
                   MARKS_LONG_PAIRS)
    p.add_argument("--perf", type=int, default=1,
                   help="1: count balance_dirty_pages throttles with perf (bench-long)")
    p.add_argument("--pairs", type=int, default=3, help="pairs per comparison")
    p.add_argument("--direct-pairs", type=int, default=3)
    # Even, as the mark pairs: each tool first in one. Two pairs (no target
    # here; bench-long has the large ones) keep make bench near ten
    # minutes: a pair takes about 40 s, a third of it waiting for the host
    # to take back the memory the run before freed (buffered.settle).
    # Not below 2 GiB: bonnie++ prints +++++ for a phase under 0.5 s, and
    # its block read of 1 GiB from the page cache takes 0.35 s here.
    p.add_argument("--buffered-pairs", type=int, default=2)
    p.add_argument("--direct-mib", type=int, default=128)
    p.add_argument("--seeks", type=int, default=32768)
    # Three runs a round of 64 MiB direct writes in 8 KiB chunks (and the
    # rewrite and read clyde -D does after them): about 1.5 minutes.
    p.add_argument("--probe-rounds", type=int, default=3)
    p.add_argument("--probe-mib", type=int, default=64)
    p.add_argument("--engine-pairs", type=int, default=3)
    p.add_argument("--engine-mib", type=int, default=1024)
    p.add_argument("--engine-time", type=int, default=1)
    p.add_argument("--mark-pairs", type=int,
                   help="default %d, or %d with --marks" % (MARK_PAIRS, MARKS_LONG_PAIRS))
    p.add_argument("--mark-mib", type=int, default=1024)
    p.add_argument("--mark-time", type=int, default=2)
    p.add_argument("--buffered-mib", type=int, default=2048)
    p.add_argument("--big-sizes", default="8192,16384",
                   help="MiB, comma-separated: bench-long's sizes")
    p.add_argument("--big-pairs", type=int, default=4)
    p.add_argument("--layout-pairs", type=int, default=3,
                   help="bench-long: pairs of clyde's one file against --pieces at %d MiB "
                   "(0: none)" % LAYOUT_MIB)
    p.add_argument("--settle", type=int, default=10,
                   help="seconds idle before each buffered run where the kernel does "
                   "not show its free page reporting")
    # Sizes that keep make bench near ten minutes: the per-char rows stand
    # at about 2x their target, and the RSS rows need two sizes, not a big one.
    # The putc/getc micro-benchmark gives nanoseconds per call: 64 Mi calls
    # of each are plenty (the threaded putc took 8 s at 256 MiB, each round).
    p.add_argument("--perchar-mib", type=int, default=256)
    p.add_argument("--micro-mib", type=int, default=64)
    p.add_argument("--progress-mib", type=int, default=256)
    p.add_argument("--rss-small-mib", type=int, default=1024)
    p.add_argument("--rss-large-mib", type=int, default=2048)
    a = p.parse_args()
    a.big_sizes = [int(x) for x in a.big_sizes.split(",") if x]
    groups = [x for x in a.groups.split(",") if x]
    for x in groups:
        if x not in GROUPS:
            raise SystemExit("bench: no group %r (%s)" % (x, ", ".join(GROUPS)))
    if a.long and a.marks:
        raise SystemExit("bench: --long and --marks are separate runs")
    a.mark_pairs = a.mark_pairs or (MARKS_LONG_PAIRS if a.marks else MARK_PAIRS)
    a.output = a.output or os.path.join(HERE, "results-long.md" if a.long else
                                        "results-marks.md" if a.marks else "results.md")
    if not shutil.which("fio"):
        raise SystemExit("bench: fio is not installed")
    if not a.bonnie:
        raise SystemExit("bench: bonnie++ is not installed")
    b = Bench(a)
    b.load_start = loads()
    os.mkdir(b.work)
    t0 = time.monotonic()
    g = {}
    try:
        if a.long:
            g["big"] = {s: buffered.group(b, log, s, a.big_pairs, "buffered", True)
                        for s in a.big_sizes}
            if a.layout_pairs:
                g["layout"] = buffered.group(b, log, LAYOUT_MIB, a.layout_pairs, "layout",
                                             True, other="clyde --pieces")
            text = write_long_report(b, g, time.monotonic() - t0)
        elif a.marks:
            for m in marks.METHODS:
                g["mark-" + m] = marks.group_mark(b, log, m)
            text = write_marks_report(b, g, time.monotonic() - t0)
        else:
            hot = json.loads(run([a.hotpath], b.work).out)
            b.commands["hotpath"] = [a.hotpath]
            runs = {"direct": lambda: direct.group_direct(b),
                    "probe": lambda: direct.group_probe(b),
                    "engine": lambda: engines.group_engine(b, log),
                    "mark-size": lambda: marks.group_mark(b, log, "size"),
                    "mark-time": lambda: marks.group_mark(b, log, "time"),
                    "placement": lambda: marks.group_placement(b, log),
                    "buffered": lambda: buffered.group(b, log, a.buffered_mib,
                                                       a.buffered_pairs, "buffered"),
                    "perchar": lambda: costs.group_perchar(b),
                    "progress": lambda: costs.group_progress(b),
                    "rss": lambda: costs.group_rss(b)}
            for x in GROUPS:
                if x in groups:
                    t = time.monotonic()
                    g[x] = runs[x]()
                    log("%s: %.1f min" % (x, (time.monotonic() - t) / 60))
            text = write_report(b, g, hot, time.monotonic() - t0)
    finally:
        shutil.rmtree(b.work, ignore_errors=True)
    with open(a.output, "w") as f:
        f.write(text)
    start = text.index("## Results")
    end = text.index("## ", start + 3)
    print(text[start:end].rstrip())
    log("bench: wrote %s in %.1f min" % (a.output, (time.monotonic() - t0) / 60))


if __name__ == "__main__":
    main()
