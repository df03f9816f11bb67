# SPDX-License-Identifier: MIT
# A file of two pieces (1 GiB + 1 MiB): the writing phases keep both open
# and fsync them at the end of the phase, so each still moves every byte
# of the file, and (where the device's counters are known) the disk wrote
# at least that much inside the phase's window: the truth check sees the
# writes land in the phase that made them.
. tests/cli/lib.sh
plan 8
mkdir "$T/d"

$CLYDE -d "$T/d" $U -s 1025M -r 0 -n 0 -q --json "$T/j" >"$T/out" 2>"$T/err"
check "two pieces: exit 0" [ $? -eq 0 ]
check "two pieces: directory left empty" empty_dir "$T/d"
if ! command -v python3 >/dev/null 2>&1; then
	skips 6 "two pieces: bytes and device writes" "python3 not installed"
	exit 0
fi
python3 - "$T/j" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
want = 1025 * 1024 * 1024
for p in run["phases"]:
    if p["key"] not in ("putc", "put_block", "rewrite"):
        continue
    name = "two pieces: %s" % p["name"]
    ok = p["bytes"] == want and p["ops"] == want // 8192
    print("%s %s: every byte of both pieces" % ("ok" if ok else "FAIL", name) +
          ("" if ok else ": %d bytes, %d ops" % (p["bytes"], p["ops"])))
    dev = p.get("device")
    if not dev:
        print("skip %s: the disk wrote them in the phase: no device counters" % name)
        continue
    ok = dev["write_bytes"] >= want
    print("%s %s: the disk wrote them in the phase" % ("ok" if ok else "FAIL", name) +
          ("" if ok else ": %d bytes" % dev["write_bytes"]))
PY
