# SPDX-License-Identifier: MIT
"""costs.py - what clyde's own ways cost, in `make bench`: its per-char
stdio phases against bonnie++ 1.03's method (bench/charbench.c), the
progress line on and off, latency recording (bench/hotpath.c) and peak
RSS.
"""

import json

from buffered import measured

MIB = 1024 * 1024


def group_perchar(b):
    a = b.a
    size = a.perchar_mib
    copts = ["-s", "%dm" % size, "-r", "0", "-n", "0", "--progress", "never", "-q"]
    res = {k: ([], []) for k in ("putc", "getc", "putc_cpu", "getc_cpu")}
    for i in range(a.pairs):
        b.log("per-char: pair %d/%d: clyde" % (i + 1, a.pairs))
        _, ph, _ = b.clyde("clyde per-char", copts)
        res["putc"][0].append(ph["putc"]["rate"])
        res["getc"][0].append(ph["getc"]["rate"])
        res["putc_cpu"][0].append(ph["putc"]["cpu_percent"])
        res["getc_cpu"][0].append(ph["getc"]["cpu_percent"])
        b.log("per-char: pair %d/%d: bonnie++ 1.03's method (charbench)" % (i + 1, a.pairs))
        cmd = [a.charbench, "file", b.work, str(size * MIB)]
        b.note("charbench file", cmd)
        j = json.loads(b.run(cmd).out)
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
            j = json.loads(b.run(cmd).out)
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
            b.log("progress: pair %d/%d: --progress %s" % (i + 1, a.pairs, mode))
            _, ph, _ = b.clyde("clyde --progress " + mode, base + ["--progress", mode])
            for k in keys:
                res[k][idx].append(measured(ph[k], "rate"))
            b.raw.append(("progress", mode, {k + " KiB/s": res[k][idx][-1] for k in keys}))
    return res


def group_rss(b):
    a = b.a
    out = {}
    for size in (a.rss_small_mib, a.rss_large_mib):
        b.log("peak RSS: %d MiB" % size)
        opts = ["-s", "%dm" % size, "-r", "0", "-n", "1", "-f", "64",
                "--random-io", "--random-time", "1", "--progress", "never", "-q"]
        r, _, _ = b.clyde("clyde RSS %d MiB" % size, opts)
        out[size] = r.maxrss_kib
        b.raw.append(("RSS", "%d MiB" % size, {"max RSS KiB": r.maxrss_kib, "wall s": r.wall_s}))
    return out


def report_rows(b, perchar, progress, rss, hot, dlat, blat, row, L, unmet, median, verdict):
    """The table rows of these groups (L gets them; ROW as bench.py's)."""
    a = b.a
    names = {"put_block": "block write", "rewrite": "rewrite", "get_block": "block read"}
    if perchar:
        res, _ = perchar
        for k, name in (("putc", "per-char output (putc)"), ("getc", "per-char input (getc)")):
            row(name + ", buffered (MiB/s)", res[k], "1.03's method:", 1024, 1, 1.0)
    if rss:
        big, small = rss[a.rss_large_mib], rss[a.rss_small_mib]
        ok = max(big, small) < 8 * 1024 and abs(big - small) <= 0.10 * small
        if not ok:
            unmet.append("peak RSS")
        L.append("| peak RSS at %d / %d MiB (MiB) | %.1f / %.1f | bonnie++ %s, fio %s | "
                 "%.3f | | < 8 MiB, within 10%% | %s |" % (
                     a.rss_small_mib, a.rss_large_mib, small / 1024, big / 1024,
                     "%.1f" % (max(b.rss.get("bonnie++", [0])) / 1024),
                     "%.1f" % (max(b.rss.get("fio", [0])) / 1024), big / small, verdict(ok)))
    tick_pct = hot["tick_ns"] * 4 / 1e9 * 100
    ok = tick_pct < 1.0
    if not ok:
        unmet.append("progress cost")
    L.append("| progress line: its CPU per second of run | %.4f %% | (%.1f µs per tick, 4 "
             "ticks/s) | | | < 1 %% | %s |" % (tick_pct, hot["tick_ns"] / 1000, verdict(ok)))
    if progress:
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
        L.append("| latency recording, %s: worst share | %.3f %% (%s) | (%.1f ns per op) "
                 "| | | < 1 %% | %s |" % (what, pct, name, hot["record_ns"], verdict(ok)))


def perchar_section(b, perchar, median):
    """The per-char section: putc/getc against the unlocked variants."""
    if not perchar:
        return []
    _, micro = perchar
    L = ["## Per-char: putc/getc against the unlocked variants", ""]
    L.append("ns per byte through an 8 KiB stdio buffer into /dev/null and from /dev/zero "
             "(`charbench cpu`, median of %d runs of %d MiB). *Single-threaded* is bonnie++ "
             "1.03's process; *threaded* is clyde's, where each phase runs in its own thread "
             "and glibc therefore locks every stream operation." % (
                 len(micro.get(("single-threaded", "putc_ns"), [])), b.a.micro_mib))
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
    return L


def method_lines(b, hot):
    a = b.a
    return [
        "- **Per-char**: clyde's stdio phases on %d MiB against bonnie++ 1.03's method "
        "(see above), run after run; clyde also runs its block phases in that run, which "
        "are not compared." % a.perchar_mib,
        "- **Progress**: `--progress always` (stderr to a file) against `--progress never`, "
        "buffered, %d MiB, the first of each pair alternating; the cost per tick comes from "
        "`bench/hotpath.c` (clyde's own progress code writing to /dev/null)." % a.progress_mib,
        "- **Latency recording**: `bench/hotpath.c` times clyde's `timer_now_ns()` + "
        "`stats_add()` as the phases call them (%.1f ns per op; the clock read alone %.1f "
        "ns); the cost share is that over the time each measured phase spent per operation "
        "per thread (threads capped at the CPU count); the median over the runs of each "
        "phase, then the worst phase." % (hot["record_ns"], hot["clock_ns"]),
        "- **Peak RSS**: ru_maxrss of the same clyde run (per-char on 64 MiB, block phases, "
        "seeks, random I/O at depths 1 and 32, 1024 files) at %d MiB and at %d MiB." % (
            a.rss_small_mib, a.rss_large_mib),
    ]
