# SPDX-License-Identifier: MIT
"""noise.py - how many pairs a `clyde mark` row needs on this machine.

    python3 bench/noise.py RESULTS.md [RESULTS.md ...]

Reads the *Every run* lines of one or more `make bench` results files,
pools each mark row's pairs over them, and asks of a tool equal to every
reference (each row's true ratio exactly 1, its pairs drawn from the
pooled ones about the row's own median): with N pairs a row, how many of
the rows put their median within 3%, and in what share of runs all of
them do. The same resampling as the claims table's line on one run
(marks.noise_claim), over more pairs.
"""

import re
import sys

import marks

RAW = re.compile(r"- mark by (size|time), (\S+ \S+) (read|write): (.*)")
FIGURE = re.compile(r"(.*?) ([\d .]+)$")


def read_rows(paths):
    """{method: {(name, op): the report's row lists}} from the raw lines of
    each file's own runs: not those of another results file that `make
    bench` copied in (make bench-marks's, under a heading one level down),
    which are their own file's runs."""
    rows = {}
    for path in paths:
        copied = False
        with open(path) as f:
            for line in f:
                if line.startswith("#"):
                    copied = line.startswith("###")
                m = not copied and RAW.match(line)
                if not m:
                    continue
                figs = {}
                for part in m.group(4).split(","):
                    fm = FIGURE.match(part.strip())
                    if fm:
                        figs[fm.group(1)] = float(fm.group(2).replace(" ", ""))
                r = rows.setdefault(m.group(1), {}).setdefault(
                    (m.group(2), m.group(3)), marks.new_row())
                for k, label in marks.RAW_MB:
                    if label in figs:
                        r[k].append(figs[label])
    return rows


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: noise.py RESULTS.md [RESULTS.md ...]")
    devs = marks.row_noise(read_rows(sys.argv[1:]))
    if not devs:
        raise SystemExit("noise.py: no mark runs in %s" % " ".join(sys.argv[1:]))
    print("%d rows, %d-%d pairs each, pooled" % (
        len(devs), min(map(len, devs)), max(map(len, devs))))
    for n in (3, 4, 6, 8, 12, 16, 24, 32):
        mean, share = marks.equal_tool(devs, n)
        print("%2d pairs a row: %4.1f of %d rows within 3%% on average, all in %5.1f%% "
              "of runs" % (n, mean, len(devs), 100 * share))


if __name__ == "__main__":
    main()
