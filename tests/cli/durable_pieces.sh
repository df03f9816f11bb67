# SPDX-License-Identifier: MIT
# A file of 1025 MiB, as one file (the default: the filesystem here holds
# it) and in two pieces (--pieces: 1 GiB + 1 MiB). What clyde's directory
# holds while it runs shows the layout; the JSON and the footer say it.
# The writing phases keep every piece open and fsync them at the end of
# the phase, so each still moves every byte of the file, and (where the
# device's counters are known) the disk wrote at least that much inside the
# phase's window: the truth check sees the writes land in the phase that
# made them.
. tests/cli/lib.sh
plan 20
mkdir "$T/d"

# run NAME ARGS...: one 1025 MiB run; "$T/NAME.seen" gets every "file size"
# its directory held while it ran, "$T/NAME.j" the JSON.
run() {
	name=$1
	shift
	$CLYDE -d "$T/d" $U -s 1025M -r 0 -n 0 -q --json "$T/$name.j" "$@" \
		>"$T/$name.out" 2>"$T/$name.err" &
	pid=$!
	: >"$T/$name.seen"
	while kill -0 "$pid" 2>/dev/null; do
		for f in "$T"/d/clyde.*/*; do
			[ -f "$f" ] && stat -c '%n %s' "$f" 2>/dev/null
		done >>"$T/$name.seen"
		sleep 0.02
	done
	wait "$pid"
}
# names NAME: the file names seen, one line, sorted.
names() { sed 's|.*/||; s| .*||' "$T/$1.seen" | sort -u | tr '\n' ' '; }
# largest NAME FILE: the largest size FILE was seen at.
largest() { awk -v f="/$2" 'index($1, f) { if ($2 > m) m = $2 } END { print m + 0 }' \
	"$T/$1.seen"; }

run one
check "one file: exit 0" [ $? -eq 0 ]
check "one file: directory left empty" empty_dir "$T/d"
check "one file: only f000 was made" [ "$(names one)" = "f000 " ]
check "one file: f000 held all 1025 MiB" [ "$(largest one f000)" -eq $((1025 * 1048576)) ]
check "one file: the footer names no pieces" sh -c "! grep -q 'pieces' '$T/one.err'"

run two --pieces -f
check "two pieces: exit 0" [ $? -eq 0 ]
check "two pieces: directory left empty" empty_dir "$T/d"
check "two pieces: f000 and f001 were made" [ "$(names two)" = "f000 f001 " ]
check "two pieces: f000 held 1 GiB" [ "$(largest two f000)" -eq 1073741824 ]
check "two pieces: f001 held the MiB left" [ "$(largest two f001)" -eq 1048576 ]
check "two pieces: the footer says so" grep -q 'buffered I/O, 1 GiB pieces,' "$T/two.err"
if ! command -v python3 >/dev/null 2>&1; then
	skips 9 "layouts: JSON, bytes and device writes" "python3 not installed"
	exit 0
fi
python3 - "$T/one.j" "$T/two.j" <<'PY'
import json, sys
want = 1025 * 1024 * 1024
for path, label, pieces in ((sys.argv[1], "one file", False),
                            (sys.argv[2], "two pieces", True)):
    run = json.load(open(path))
    ok = run["config"]["pieces"] is pieces
    print("%s %s: the JSON says pieces %s" % ("ok" if ok else "FAIL", label, pieces) +
          ("" if ok else ": %r" % run["config"]["pieces"]))
    if pieces:  # the bytes and writes in full: once is enough for one layout
        p = [p for p in run["phases"] if p["key"] == "put_block"][0]
        ok = p["bytes"] == want
        print("%s two pieces: block output: every byte of both pieces" %
              ("ok" if ok else "FAIL") + ("" if ok else ": %d bytes" % p["bytes"]))
        continue
    for p in run["phases"]:
        if p["key"] not in ("putc", "put_block", "rewrite"):
            continue
        name = "%s: %s" % (label, p["name"])
        ok = p["bytes"] == want and p["ops"] == want // 8192
        print("%s %s: every byte of the file" % ("ok" if ok else "FAIL", name) +
              ("" if ok else ": %d bytes, %d ops" % (p["bytes"], p["ops"])))
        dev = p.get("device")
        if not dev:
            print("skip %s: the disk wrote them in the phase: no device counters" % name)
            continue
        ok = dev["write_bytes"] >= want
        print("%s %s: the disk wrote them in the phase" % ("ok" if ok else "FAIL", name) +
              ("" if ok else ": %d bytes" % dev["write_bytes"]))
PY
