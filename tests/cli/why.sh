# SPDX-License-Identifier: MIT
# What limited each figure and each test over time, end to end: a run's
# JSON carries a limits object and a series for every test that ran, read
# back the same by clyde report, whose HTML and SVG draw the series; on
# tmpfs the Why line under the table says memory.
. tests/cli/lib.sh
# The plan line of tests/run.sh, where this tree's lib.sh has it.
if type plan >/dev/null 2>&1; then plan 12; fi
mkdir "$T/d"

$CLYDE -d "$T/d" $U -s 64M -r 32 -n 0 --json "$T/run.json" >"$T/out" 2>"$T/err"
st=$?
check "a run: exit 0" [ "$st" -eq 0 ]
check "a run: the bonnie++ table first, then its footer" \
	grep -q "^clyde $VERSION_RE: " "$T/out"
check "the CSV line unchanged: 48 fields" \
	[ "$(nfields "$(grep '^1\.96,' "$T/out")")" -eq 48 ]

# On tmpfs every figure is memory's: per-char through write(2) a byte at a
# time, 2M of them, takes long enough to be measured.
shm=$(mktemp -d /dev/shm/clyde-test.XXXXXX 2>/dev/null)
if [ -z "$shm" ] || [ "$(findmnt -n -o FSTYPE -T "$shm" | head -n 1)" != tmpfs ]; then
	skip "tmpfs: per-char output is memory's" "no tmpfs at /dev/shm"
else
	$CLYDE -d "$shm" $U -s 64M -r 32 -f 2 --char-io syscall -n 0 --allow-memory >"$T/shm" 2>&1
	rm -rf "$shm"
	if grep -q 'per-char output' "$T/shm" && ! grep -q '^Why: per-char output' "$T/shm"; then
		skip "tmpfs: per-char output is memory's" "it was too fast to measure here"
	else
		check "tmpfs: per-char output is memory's" \
			grep -q "^Why: per-char output is memory's: the filesystem is in RAM (tmpfs)$" "$T/shm"
	fi
fi

if ! command -v python3 >/dev/null 2>&1; then
	skips 5 "JSON limits and series" "no python3 to read the JSON"
else
	python3 - "$T/run.json" <<'END'
import json, sys
r = json.load(open(sys.argv[1]))
ran = [p for p in r["phases"] if p["state"] != "not_run"]
verdicts = {"cpu", "interface", "cipher", "cache", "memory", "device", "unknown"}
def check(name, cond):
    print(("ok %s" % name) if cond else ("FAIL %s" % name))
check("JSON: every test that ran has its series",
      ran and all(p["series"] and p["series"]["points"] for p in ran))
check("JSON: a point is bytes/s, ops/s and p99",
      all(len(q) == 3 for p in ran for q in p["series"]["points"]))
check("JSON: every figure with a value has a verdict",
      all(p["limits"]["verdict"] in verdicts for p in ran if p["state"] == "ok"))
check("JSON: each disk says its interface",
      all("interface" in d and "ceiling_mb_s" in d
          for d in (r["provenance"] or {}).get("disks", [])))
END
	$CLYDE report --format json "$T/run.json" >"$T/again.json" 2>"$T/err"
	check "report: the JSON read back and written again is the same" python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
sys.exit(0 if [a] == b else 1)' "$T/run.json" "$T/again.json"
fi

$CLYDE report --format html "$T/run.json" >"$T/run.html" 2>"$T/err"
check "report html: each test over time, drawn inline" \
	grep -q '<h2>Each test over time</h2>' "$T/run.html"
check "report html: a chart per test, a line per run" \
	grep -q '<polyline fill="none"' "$T/run.html"
$CLYDE report --format svg "$T/run.json" >"$T/run.svg" 2>"$T/err"
check "report svg: the charts under the bars" grep -q '>Each test over time</text>' "$T/run.svg"
