# SPDX-License-Identifier: MIT
# `clyde report` reading clyde's JSON, told from CSV by content: one run,
# an array, documents one after another, pretty or compact, beside CSV
# files; errors named by line (and by the run's place in its array).
. tests/cli/lib.sh
plan 17
grep -h '^1\.98,' tests/golden/fixtures/*.stdout >"$T/all.csv"

# report ARGS...: stdout in $T/out, stderr in $T/err, status in $st.
report() {
	$CLYDE report "$@" >"$T/out" 2>"$T/err"
	st=$?
}
has_out() { grep -qF -- "$1" "$T/out"; }
has_err() { grep -qxF -- "$1" "$T/err"; }
checks() {
	if eval "$2"; then ok "$1"; else fail "$1" "$2"; fi
}

# An array from CSV goes back to the same CSV lines.
report --format json "$T/all.csv"
cp "$T/out" "$T/all.json"
report --format csv-1.98 "$T/all.json"
checks "JSON array: read back, exit 0, nothing said" '[ $st -eq 0 ] && [ ! -s "$T/err" ]'
check "JSON array: the same 1.98 lines as the CSV it came from" cmp -s "$T/out" "$T/all.csv"
report --format json "$T/all.json"
check "JSON array: JSON again is identical" cmp -s "$T/out" "$T/all.json"

# A live run's JSON: one object, everything the CSV cannot carry.
$CLYDE -d "$T" $U -s 0 -n 1 -q -m live --json "$T/live.json" >/dev/null 2>&1
report --format text-1.96 "$T/live.json"
checks "one live run: shown" '[ $st -eq 0 ] && has_out live'
report --format json "$T/live.json"
check "one live run: direct, char_io and the environment come through" \
	grep -q '"direct": false, "sync_writes": false, "zeros": false, "pieces": false, "char_io": "stdio"' "$T/out"

# Documents one after another, blank lines and a byte-order mark first,
# compact JSON on one long line, beside a CSV file.
{ printf '\357\273\277\n\n'; cat "$T/live.json" "$T/all.json"; } >"$T/cat.json"
report --format csv-1.98 "$T/cat.json" "$T/all.csv"
checks "concatenated documents and a CSV file: every run" \
	'[ $st -eq 0 ] && [ "$(grep -c "" "$T/out")" -eq $((2 * $(grep -c "" "$T/all.csv") + 1)) ]'
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))))' "$T/all.json" >"$T/compact.json"
	report --format csv-1.98 - <"$T/compact.json"
	check "compact JSON on stdin: the same lines" cmp -s "$T/out" "$T/all.csv"
else
	skip "compact JSON on stdin" "no python3"
fi

# Errors: a bad value names the run in its array and its line; the other
# runs still show.
awk 'NR == 1 { print; next } /"machine": "fixturebox"/ && !done { sub(/"fixturebox"/, "42"); done = 1 } { print }' \
	"$T/all.json" | sed '1s/^\[{$/[{/' >"$T/bad.json"
line=$(grep -n '"machine": 42' "$T/bad.json" | cut -d: -f1)
first=$(grep -n '^\[{$' "$T/bad.json" | cut -d: -f1)
report --format csv-1.98 "$T/bad.json"
checks "a bad value: exit 1, the other runs shown" \
	'[ $st -eq 1 ] && [ "$(grep -c "" "$T/out")" -eq $(($(grep -c "" "$T/all.csv") - 1)) ]'
check "a bad value: named by run and line" has_err "clyde: $T/bad.json:$first: [0]: machine: not a string"
printf '{\n  "clyde_version": "0.1.0",\n  "program": tru\n}\n' >"$T/syntax.json"
report "$T/syntax.json"
check "a syntax error: its own line and column" grep -q "^clyde: $T/syntax.json:3: column 1[0-9]: " "$T/err"
head -c 3000 "$T/all.json" >"$T/cut.json"
report "$T/cut.json"
check "JSON cut short: said" grep -q "^clyde: $T/cut.json:[0-9]*: the JSON ends inside a document$" "$T/err"
{ cat "$T/live.json"; echo 'x,y'; } >"$T/tail.json"
report --format csv-1.98 "$T/tail.json"
checks "text after a document: said once, the run before kept" \
	'[ $st -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "expected a JSON object or array ('"'"'x'"'"')" "$T/err" && has_out live'
printf '[{"a": 1} {"b": 2}]\n' >"$T/nocomma.json"
report "$T/nocomma.json"
check "a missing comma: said" grep -q "expected ',' or ']' after a run ('{')" "$T/err"
printf '[]\n' >"$T/empty.json"
report "$T/empty.json"
check "an empty array: no runs" has_err "clyde: report: no results in the input"
{ printf '[{"machine": "'; head -c 1100000 /dev/zero | tr '\0' x; printf '"}, '; sed 's/^\[//' "$T/live.json"; } >"$T/huge.json"
report --format csv-1.98 "$T/huge.json"
checks "a run over 1 MiB: refused, the next run read" \
	'[ $st -eq 1 ] && has_err "clyde: $T/huge.json:1: [0]: a run longer than 1 MiB" && has_out live'
printf '{"x": "a\000b"}\n' >"$T/nul.json"
report "$T/nul.json"
check "a NUL in JSON: binary" grep -q "^clyde: $T/nul.json:1: binary data (byte 0x00 at byte 9)" "$T/err"

# Two runs of one name whose disks and mounts differ: the note says how
# (the provenance a live run recorded, its firmware and options changed).
python3 - "$T/live.json" "$T/twin.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
other = json.loads(json.dumps(run))
prov = other["provenance"]
if prov is None or not prov["disks"] or not prov["filesystem"]["mount_options"]:
    sys.exit(3)
prov["filesystem"]["mount_options"] = "rw,noatime"
for disk in prov["disks"]:
    disk["model"] = "Test Disk 9000"
    disk["firmware"] = "FW2"
json.dump([run, other], open(sys.argv[2], "w"))
PY
if [ $? -ne 0 ]; then
	skip "runs told apart by disk and mount" "this machine's run recorded no disk"
else
	report "$T/twin.json"
	checks "runs told apart by disk model, firmware and mount options" \
		'[ $st -eq 0 ] && grep -q "^Note: live: its 2 runs differ in .*disk model (.*disk Test Disk 9000), firmware (.*firmware FW2), mount options (mounted rw,relatime (superblock [^)]*); mounted rw,noatime" "$T/out"'
fi
