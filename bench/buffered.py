# SPDX-License-Identifier: MIT
"""buffered.py - clyde's buffered block phases against bonnie++ 2.00a, run
after run, in `make bench` (2 GiB) and `make bench-long` (8 and 16 GiB).

Which tool goes first alternates from pair to pair. Every run starts from
the same memory state: on this VM the host takes back the memory the guest
frees (free page reporting), a pass every 2 s or so, about 1.25 GiB per
pass, and a buffered write into memory the host has taken back costs far
more CPU than one into memory it still backs (the host faults fresh pages
in). After a run deleted its file, the next run raced that reclaim for
its pages, so its speed depended on how long ago, and how much, the run
before it freed. Before each run the bench therefore syncs and waits until
the reporting has gone quiet (settle()).

Beside each run: the throughput, %CPU and maximum latency each tool
reports, and (bench-long) from /proc/vmstat the peaks of dirty and
writeback memory during the run and, with perf, how many times the tool's
writes were throttled by balance_dirty_pages (the tracepoint fires only
when a writer is over the kernel's dirty limits); how much the run read
from the disk (pgpgin), which is nothing when the page cache served every
read; and how much page cache the kernel's DAMON pageout scheme evicted
meanwhile, where one runs (this VM's kernel evicts page cache left
untouched for a minute, up to 128 MiB a second, so a large file can lose
part of its cache between being written and being read back).
"""

import math
import os
import re
import shutil
import subprocess
import threading
import time

MIB = 1024 * 1024
KEYS = ("put_block", "rewrite", "get_block")
NAMES = {"put_block": "block write", "rewrite": "rewrite", "get_block": "block read"}


REPORTED = "/sys/module/page_reporting/parameters/reported_kib"
QUIET_S = 5.0          # under QUIET_MIB handed back in this long: the reporting is done
QUIET_MIB = 64         # (a pass after a large delete hands back 192-1280 MiB; other
                       # tenants' frees and DAMON's evictions trickle a few MiB)
SETTLE_MAX_S = 120.0   # another tenant freeing memory all the time: stop waiting


def measured(phase, key):
    """A clyde figure from its JSON, also when it ran under 0.5 s."""
    return phase[key] if phase["state"] in ("ok", "too_fast") else None


def whole_percent(cpu):
    """clyde's %CPU as bonnie++ prints its own: truncated to a whole number
    (bonnie++'s CSV has no fraction, so comparing clyde's exact figure with
    it would charge clyde half a point on average)."""
    return None if cpu is None else math.floor(cpu)


def reported_kib():
    """KiB of free memory the guest has handed back to the host so far
    (free page reporting), or None where this kernel does not say."""
    try:
        with open(REPORTED) as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


def settle(b):
    """Sync, then wait until the host has taken back the memory freed before
    this run: under QUIET_MIB handed back over the last QUIET_S, at most
    SETTLE_MAX_S; where the kernel does not show it, --settle seconds.
    Returns (seconds waited, MiB handed back meanwhile or None, whether it
    went quiet or None)."""
    t0 = time.monotonic()
    os.sync()
    first = reported_kib()
    if first is None:
        time.sleep(b.a.settle)
        return time.monotonic() - t0, None, None
    seen = [(time.monotonic(), first)]  # (when, counter), the last QUIET_S of them
    while True:
        time.sleep(0.25)
        now, kib = time.monotonic(), reported_kib()
        seen.append((now, kib))
        while len(seen) > 1 and seen[1][0] <= now - QUIET_S:
            seen.pop(0)
        if seen[0][0] <= now - QUIET_S and kib - seen[0][1] < QUIET_MIB * 1024:
            return now - t0, (kib - first) / 1024, True
        if now - t0 > SETTLE_MAX_S:
            return now - t0, (kib - first) / 1024, False


DAMON = "/sys/kernel/mm/damon/admin/kdamonds"


def damon_paged_out():
    """Bytes evicted so far by every DAMON pageout scheme running here, or
    None where none runs (asking for fresh statistics changes nothing)."""
    total, found = 0, False
    try:
        kdamonds = [d for d in os.listdir(DAMON) if d.isdigit()]
    except OSError:
        return None
    for k in kdamonds:
        kd = os.path.join(DAMON, k)
        try:
            with open(os.path.join(kd, "state")) as f:
                if f.read().strip() != "on":
                    continue
            with open(os.path.join(kd, "state"), "w") as f:
                f.write("update_schemes_stats")
            for c in (x for x in os.listdir(os.path.join(kd, "contexts")) if x.isdigit()):
                sd = os.path.join(kd, "contexts", c, "schemes")
                for sch in (x for x in os.listdir(sd) if x.isdigit()):
                    with open(os.path.join(sd, sch, "action")) as f:
                        if f.read().strip() != "pageout":
                            continue
                    with open(os.path.join(sd, sch, "stats", "sz_applied")) as f:
                        total += int(f.read())
                    found = True
        except (OSError, ValueError):
            continue
    return total if found else None


def vmstat():
    """/proc/vmstat as a dict of counters."""
    with open("/proc/vmstat") as f:
        return {k: int(v) for k, v in (line.split() for line in f)}


class RunWatch:
    """What the kernel did while a run went on: the peaks of nr_dirty and
    nr_writeback (sampled every 0.2 s), the MiB read from the disk (pgpgin)
    and the MiB DAMON's pageout evicted (None where none runs)."""

    def __init__(self):
        self.dirty = self.writeback = 0
        self.pgpgin, self.damon = vmstat()["pgpgin"], damon_paged_out()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.poll, daemon=True)
        self.thread.start()

    def poll(self):
        while not self.stop.is_set():
            v = vmstat()
            self.dirty = max(self.dirty, v["nr_dirty"] * 4 // 1024)
            self.writeback = max(self.writeback, v["nr_writeback"] * 4 // 1024)
            time.sleep(0.2)

    def done(self):
        self.stop.set()
        self.thread.join()
        damon = damon_paged_out()
        return {"dirty_mib": self.dirty, "writeback_mib": self.writeback,
                "disk_read_mib": (vmstat()["pgpgin"] - self.pgpgin) // 1024,
                "paged_out_mib": (None if damon is None or self.damon is None
                                  else (damon - self.damon) // MIB)}


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
    waited = settle(b)
    prefix, perf_out = perf_prefix(b, tool) if long_run else ([], None)
    watch = RunWatch() if long_run else None
    out = {}
    if tool.startswith("clyde"):
        copts += tool.split()[1:]  # "clyde --pieces": 1 GiB pieces
        proc = b.clyde_start("%s %s" % (tool, label), copts, prefix=prefix)
        _, ph, _ = b.clyde_result(proc)
        if not long_run:  # for the latency-recording row
            b.blat = getattr(b, "blat", []) + [(ph, {})]
        for k in KEYS:
            lat = ph[k].get("latency_us") or {}
            out[k] = (measured(ph[k], "rate"), whole_percent(measured(ph[k], "cpu_percent")),
                      lat.get("max") / 1000 if lat.get("max") else None)
    else:
        proc = b.bonnie_start("bonnie++ %s" % label, bopts, prefix=prefix)
        res, fields = b.bonnie_result(proc, fields=True)
        for k, lat_field in (("put_block", 39), ("rewrite", 40), ("get_block", 42)):
            out[k] = res[k] + (bonnie_latency_ms(fields[lat_field]),)
    tele = {}
    if long_run:
        tele.update(watch.done())
        tele["throttled"] = perf_count(perf_out)
    return out, tele, waited


def group(b, log, size, pairs, label, long_run=False, other="bonnie++"):
    """clyde --zeros against OTHER (bonnie++, or "clyde --pieces") on SIZE
    MiB, PAIRS pairs. Returns per phase key the lists of (clyde, OTHER)
    figures, the telemetry of each run (clyde's, OTHER's) and every run's
    settle() wait."""
    rows = {k: {"rate": ([], []), "cpu": ([], []), "lat": ([], [])} for k in KEYS}
    tele = ([], [])
    waits = []
    for i in range(pairs):
        order = ("clyde", other) if i % 2 == 0 else (other, "clyde")
        got = {}
        for tool in order:
            log("%s, %d MiB: pair %d/%d: %s, load %.1f" % (
                label, size, i + 1, pairs, tool, os.getloadavg()[0]))
            got[tool] = one_run(b, tool, size, label, long_run)
            waits.append(got[tool][2])
        for side, tool in enumerate(("clyde", other)):
            figs, t, w = got[tool]
            for k in KEYS:
                for n, what in enumerate(("rate", "cpu", "lat")):
                    rows[k][what][side].append(figs[k][n])
            tele[side].append(t)
            raw = dict([(k + " KiB/s", figs[k][0]) for k in KEYS] +
                       [(k + " %CPU", figs[k][1]) for k in KEYS] +
                       [(k + " max ms", figs[k][2]) for k in KEYS] + list(t.items()) +
                       [("settle s", round(w[0], 1))] +
                       ([("handed back MiB", round(w[1]))] if w[1] is not None else []))
            b.raw.append(("%s %d MiB" % (label, size), tool, raw))
    return rows, tele, waits


def cpu_per_gib(cpu, rate):
    """CPU seconds per GiB moved: %CPU at equal throughput."""
    return [(c / 100 / (r / MIB) if c is not None and r else None) for c, r in zip(cpu, rate)]


def report_rows(size, rows, tele, row_line, unmet, median, targets, other="bonnie++",
                keys=KEYS, what="buffered"):
    """Rows of one size: rate (target >= 1.0 where TARGETS has the key),
    CPU per GiB (<= 1.0 for the same) and maximum latency, against OTHER;
    the telemetry of a long run."""
    L = []
    o = other + ":"
    for k in keys:
        r = rows[k]
        L.append(row_line("%s %s at %d MiB (MiB/s)" % (what, NAMES[k], size), r["rate"],
                          o, 1024, 1, (">=", 1.0) if k in targets else None,
                          unmet))
        per = (cpu_per_gib(r["cpu"][0], r["rate"][0]), cpu_per_gib(r["cpu"][1], r["rate"][1]))
        L.append(row_line("%s %s at %d MiB: CPU s per GiB" % (what, NAMES[k], size), per,
                          o, 1, 3, ("<=", 1.0) if k in targets else None, unmet))
        if k != "get_block":
            L.append(row_line("%s %s at %d MiB: max latency (ms)" % (what, NAMES[k], size),
                              r["lat"], o, 1, 1, None, unmet))
    if tele[0] and tele[0][0]:
        for key, name in (("dirty_mib", "peak dirty memory (MiB)"),
                           ("writeback_mib", "peak writeback memory (MiB)"),
                           ("throttled", "writes throttled by balance_dirty_pages"),
                           ("disk_read_mib", "read from the disk (MiB)"),
                           ("paged_out_mib", "page cache evicted by DAMON (MiB)")):
            c = [t.get(key) for t in tele[0]]
            r = [t.get(key) for t in tele[1]]
            if all(x is None for x in c + r):
                continue
            L.append("| %s run at %d MiB: %s | %s | %s %s | | %s | | |" % (
                what, size, name, fmt_list(c), o, fmt_list(r),
                "clyde %s, %s %s (medians)" % (median(c), other, median(r))))
    return L


def layout_lines(size, pairs):
    return [
        "- **One file against 1 GiB pieces**: the same clyde command on %d MiB, as one file "
        "(the default) and with `--pieces`, %d pairs, the first of each pair alternating, "
        "each run settled as above. Only the layout differs; the ratio is one file ÷ "
        "pieces, and the latency row shows the stalls pieces make on this filesystem "
        "(the analysis traces them)." % (size, pairs)]


def fmt_list(xs):
    return " ".join("n/a" if x is None else "%d" % x for x in xs)


def method_lines(b, sizes, pairs, long_run):
    sizes = sizes if isinstance(sizes, list) else [sizes]
    if reported_kib() is not None:
        wait = ("Before each run a sync, then a wait until the host has taken back the "
                "memory the run before freed: the guest's free page reporting counter "
                "(`%s`) up by less than %d MiB over %.0f s (a reporting pass after a large "
                "delete hands back 192-1280 MiB), %.0f s at most (the claims table gives the "
                "waits)" % (REPORTED, QUIET_MIB, QUIET_S, SETTLE_MAX_S))
    else:
        wait = ("Before each run a sync and %d s with nothing running (this kernel does not "
                "show its free page reporting)" % b.a.settle)
    return [
        "- **Buffered block phases%s**: `clyde --zeros -f -n 0 -r 0` against `bonnie++ -f -n 0` "
        "(2.00a) on %s MiB with the default 8 KiB chunk, %d pairs, run after run, the first "
        "of each pair alternating. %s. On this VM a buffered write into memory the host "
        "still backs costs far less CPU than one into memory it has taken back, and the "
        "host takes freed memory back about 1.25 GiB every 2 s, so a run that started "
        "while it was still doing so raced it, and its figure depended on the run before "
        "(see the analysis). Both fsync at close inside the timed region, and both write "
        "one file (clyde's default, as bonnie++ 2.00a). `--zeros` because bonnie++ writes almost-zero blocks. "
        "%%CPU is process CPU ÷ elapsed for both, truncated to a whole number for both as "
        "bonnie++ prints it; CPU s per GiB is that over the throughput, i.e. %%CPU at "
        "equal throughput, which the target compares; max latency is the longest single "
        "write (or read and write back) each tool reports.%s" % (
            ", large" if long_run else "", " and ".join(str(s) for s in sizes), pairs, wait,
            " Beside each run: the peaks of `nr_dirty` and `nr_writeback` in /proc/vmstat, "
            "sampled every 0.2 s, and `perf stat -e writeback:balance_dirty_pages` on the "
            "tool (the tracepoint fires only when the kernel throttles a writer over its "
            "dirty limits; perf's own run adds nothing to the tool's figures); the MiB read from the "
            "disk during the run (`pgpgin`: none when the page cache served every read) and, "
            "where the kernel runs a DAMON pageout scheme (one that evicts page cache left "
            "untouched for a while), the MiB it evicted meanwhile." if long_run
            else " The file fits in RAM, so block read measures the page cache: CPU-bound for "
            "both."),
    ]
