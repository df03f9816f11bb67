# SPDX-License-Identifier: MIT
"""buffered.py - clyde's buffered block phases against bonnie++ 2.00a, run
after run, in `make bench` (2 GiB) and `make bench-long` (8 and 16 GiB).

Which tool goes first alternates from pair to pair, and one untimed run
(the tool that goes second in the first pair) comes before the first pair:
on this VM a buffered write into memory the guest has not used for a while
costs more CPU than one into memory a run freed seconds before (the host
faults fresh pages in; free page reporting hands freed ones back to it),
so without it the first run of a group paid for that alone. Every run then
follows a run of the same size.

Beside each run: the throughput, %CPU and maximum latency each tool
reports, and (bench-long) from /proc/vmstat the peaks of dirty and
writeback memory during the run and, with perf, how many times the tool's
writes were throttled by balance_dirty_pages (the tracepoint fires only
when a writer is over the kernel's dirty limits).
"""

import os
import re
import shutil
import subprocess
import threading
import time

MIB = 1024 * 1024
KEYS = ("put_block", "rewrite", "get_block")
NAMES = {"put_block": "block write", "rewrite": "rewrite", "get_block": "block read"}


def measured(phase, key):
    """A clyde figure from its JSON, also when it ran under 0.5 s."""
    return phase[key] if phase["state"] in ("ok", "too_fast") else None


class VmPeaks:
    """Peaks of nr_dirty and nr_writeback (MiB) while a run goes on."""

    def __init__(self):
        self.dirty = self.writeback = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.poll, daemon=True)
        self.thread.start()

    def poll(self):
        while not self.stop.is_set():
            with open("/proc/vmstat") as f:
                for line in f:
                    k, v = line.split()
                    if k == "nr_dirty":
                        self.dirty = max(self.dirty, int(v) * 4 // 1024)
                    elif k == "nr_writeback":
                        self.writeback = max(self.writeback, int(v) * 4 // 1024)
            time.sleep(0.2)

    def done(self):
        self.stop.set()
        self.thread.join()
        return self.dirty, self.writeback


def perf_prefix(b, tag):
    """perf stat counting balance_dirty_pages throttles of the command and
    its threads, when perf works here; (prefix, output path) or ([], None)."""
    if not b.a.perf or not shutil.which("perf"):
        return [], None
    out = os.path.join(b.work, "perf.%s" % tag)
    return ["perf", "stat", "-x", ",", "-o", out, "-e",
            "writeback:balance_dirty_pages"], out


def perf_count(path):
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read()
    os.unlink(path)
    m = re.search(r"^(\d+),,writeback:balance_dirty_pages", text, re.M)
    return int(m.group(1)) if m else None


def bonnie_latency_ms(text):
    """bonnie++'s latency cell ("118ms", "90006us", "2s") in ms, or None."""
    m = re.match(r"^(\d+)(us|ms|s)$", text or "")
    if not m:
        return None
    return int(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]


def one_run(b, tool, size, label, long_run):
    """One run of TOOL on SIZE MiB; {phase key: (KiB/s, %CPU, max ms)} and
    the telemetry."""
    copts = ["-s", "%dm" % size, "-r", "0", "-n", "0", "-f", "--zeros",
             "--progress", "never", "-q"]
    bopts = ["-s", str(size), "-r", str(size // 2), "-n", "0", "-f"]
    if long_run and b.a.settle:
        # The run before freed the file's pages; the host takes freed memory
        # back within seconds (free page reporting), and a write into memory
        # it has taken back costs about 1.5x the CPU (dd, 4 GiB: 506-599 MB/s
        # at once, 344-374 MB/s after 12 s). An 8 GiB write races that
        # reclaim, so which tool gets warm pages was luck: every long run
        # now starts into memory the host has taken back.
        os.sync()
        time.sleep(b.a.settle)
    prefix, perf_out = perf_prefix(b, tool) if long_run else ([], None)
    peaks = VmPeaks() if long_run else None
    out = {}
    if tool == "clyde":
        proc = b.clyde_start("clyde %s" % label, copts, prefix=prefix)
        _, ph, _ = b.clyde_result(proc)
        if not long_run:  # for the latency-recording row
            b.blat = getattr(b, "blat", []) + [(ph, {})]
        for k in KEYS:
            lat = ph[k].get("latency_us") or {}
            out[k] = (measured(ph[k], "rate"), measured(ph[k], "cpu_percent"),
                      lat.get("max") / 1000 if lat.get("max") else None)
    else:
        proc = b.bonnie_start("bonnie++ %s" % label, bopts, prefix=prefix)
        res, fields = b.bonnie_result(proc, fields=True)
        for k, lat_field in (("put_block", 39), ("rewrite", 40), ("get_block", 42)):
            out[k] = res[k] + (bonnie_latency_ms(fields[lat_field]),)
    tele = {}
    if long_run:
        tele["dirty_mib"], tele["writeback_mib"] = peaks.done()
        tele["throttled"] = perf_count(perf_out)
    return out, tele


def group(b, log, size, pairs, label, long_run=False):
    """clyde --zeros against bonnie++ on SIZE MiB, PAIRS pairs after one
    warm-up run. Returns per phase key the lists of (clyde, bonnie++)
    figures, the telemetry of each run (clyde's, bonnie++'s), and the
    warm-up's block-write CPU seconds per GiB."""
    rows = {k: {"rate": ([], []), "cpu": ([], []), "lat": ([], [])} for k in KEYS}
    tele = ([], [])
    log("%s, %d MiB: warm-up run (bonnie++), not counted, load %.1f" % (
        label, size, os.getloadavg()[0]))
    figs, _ = one_run(b, "bonnie++", size, label + " warm-up", False)
    warm = cpu_per_gib([figs["put_block"][1]], [figs["put_block"][0]])[0]
    b.raw.append(("%s %d MiB" % (label, size), "warm-up bonnie++", {
        "put_block KiB/s": figs["put_block"][0], "put_block %CPU": figs["put_block"][1]}))
    for i in range(pairs):
        order = ("clyde", "bonnie++") if i % 2 == 0 else ("bonnie++", "clyde")
        got = {}
        for tool in order:
            log("%s, %d MiB: pair %d/%d: %s, load %.1f" % (
                label, size, i + 1, pairs, tool, os.getloadavg()[0]))
            got[tool] = one_run(b, tool, size, label, long_run)
        for side, tool in enumerate(("clyde", "bonnie++")):
            figs, t = got[tool]
            for k in KEYS:
                for n, what in enumerate(("rate", "cpu", "lat")):
                    rows[k][what][side].append(figs[k][n])
            tele[side].append(t)
            raw = dict([(k + " KiB/s", figs[k][0]) for k in KEYS] +
                       [(k + " %CPU", figs[k][1]) for k in KEYS] +
                       [(k + " max ms", figs[k][2]) for k in KEYS] + list(t.items()))
            b.raw.append(("%s %d MiB" % (label, size), tool, raw))
    return rows, tele, warm


def cpu_per_gib(cpu, rate):
    """CPU seconds per GiB moved: %CPU at equal throughput."""
    return [(c / 100 / (r / MIB) if c is not None and r else None) for c, r in zip(cpu, rate)]


def report_rows(size, rows, tele, row_line, unmet, median, targets):
    """Rows of one size: rate (target >= 1.0 where TARGETS has the key),
    CPU per GiB (<= 1.0 for the same) and maximum latency; the telemetry of
    a long run."""
    L = []
    for k in KEYS:
        r = rows[k]
        L.append(row_line("buffered %s at %d MiB (MiB/s)" % (NAMES[k], size), r["rate"],
                          "bonnie++:", 1024, 1, (">=", 1.0) if k in targets else None,
                          unmet))
        per = (cpu_per_gib(r["cpu"][0], r["rate"][0]), cpu_per_gib(r["cpu"][1], r["rate"][1]))
        L.append(row_line("buffered %s at %d MiB: CPU s per GiB" % (NAMES[k], size), per,
                          "bonnie++:", 1, 3, ("<=", 1.0) if k in targets else None, unmet))
        if k != "get_block":
            L.append(row_line("buffered %s at %d MiB: max latency (ms)" % (NAMES[k], size),
                              r["lat"], "bonnie++:", 1, 1, None, unmet))
    if tele[0] and tele[0][0]:
        for what, name in (("dirty_mib", "peak dirty memory (MiB)"),
                           ("writeback_mib", "peak writeback memory (MiB)"),
                           ("throttled", "writes throttled by balance_dirty_pages")):
            c = [t.get(what) for t in tele[0]]
            r = [t.get(what) for t in tele[1]]
            L.append("| buffered run at %d MiB: %s | %s | bonnie++: %s | | %s | | |" % (
                size, name, fmt_list(c), fmt_list(r),
                "clyde %s, bonnie++ %s (medians)" % (median(c), median(r))))
    return L


def fmt_list(xs):
    return " ".join("n/a" if x is None else "%d" % x for x in xs)


def method_lines(b, sizes, pairs, long_run):
    sizes = sizes if isinstance(sizes, list) else [sizes]
    return [
        "- **Buffered block phases%s**: `clyde --zeros -f -n 0 -r 0` against `bonnie++ -f -n 0` "
        "(2.00a) on %s MiB with the default 8 KiB chunk, %d pairs, run after run, the first "
        "of each pair alternating, after one warm-up run of bonnie++ that is not counted (on "
        "this VM a write into memory the guest has not used for a while costs more CPU: the "
        "claims table checks it). Both fsync at close inside the timed region; clyde's file "
        "is pieces of 1 GiB, all kept open and fsynced once the file is written, bonnie++'s "
        "one file. `--zeros` because bonnie++ writes almost-zero blocks. %%CPU is process CPU "
        "÷ elapsed for both; CPU s per GiB is that over the throughput, i.e. %%CPU at equal "
        "throughput, which the target compares; max latency is the longest single write "
        "(or read and write back) each tool reports.%s" % (
            ", large" if long_run else "", " and ".join(str(s) for s in sizes), pairs,
            " Before each run, %d s with nothing running after a sync: the host takes back "
            "the memory the previous run's file freed within seconds (free page reporting "
            "to the VM's balloon), and a buffered write into memory it has taken back costs "
            "about 1.5x the CPU, so without the wait an 8 GiB write raced that reclaim and "
            "its speed was luck (see the analysis)." % b.a.settle +
            " Beside each run: the peaks of `nr_dirty` and `nr_writeback` in /proc/vmstat, "
            "sampled every 0.2 s, and `perf stat -e writeback:balance_dirty_pages` on the "
            "tool (the tracepoint fires only when the kernel throttles a writer over its "
            "dirty limits; perf's own run adds nothing to the tool's figures)." if long_run
            else " The file fits in RAM, so block read measures the page cache: CPU-bound for "
            "both."),
    ]
