# SPDX-License-Identifier: MIT
# A -d in RAM (tmpfs at /dev/shm): clyde and clyde mark refuse it in one
# line before making anything (exit 2); with --allow-memory they run
# without a word before, and the footer, the JSON, clyde report and the
# mark report say the figures are memory's. A -d on a disk is not memory.
. tests/cli/lib.sh
plan 23
mkdir "$T/d"
SHM=""
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	SHM=$(mktemp -d /dev/shm/clyde-memory.XXXXXX) || SHM=""
fi
trap 'rm -rf "$T" ${SHM:+"$SHM"}' EXIT INT TERM
if [ -z "$SHM" ]; then
	skips 23 "memory" "no tmpfs at /dev/shm to test in"
	exit 0
fi
WHY="this measures memory, not a disk; use -d on a disk's filesystem (clyde where lists them), or --allow-memory to measure memory anyway"

# --- refused ----------------------------------------------------------------------
$CLYDE -d "$SHM" $U -s 16M -r 0 -n 0 --json "$T/r.json" >"$T/out" 2>"$T/err"
st=$?
check "tmpfs: refused, exit 2 (set-up)" [ $st -eq 2 ]
check "tmpfs: one line, the reason and the way out" \
	[ "$(cat "$T/err")" = "clyde: $SHM is on tmpfs: $WHY" ]
check "tmpfs: nothing on stdout" [ ! -s "$T/out" ]
check "tmpfs: nothing made in -d" empty_dir "$SHM"
check "tmpfs: no JSON file left" [ ! -e "$T/r.json" ]
$CLYDE mark -d "$SHM" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:read \
	>"$T/out" 2>"$T/err"
st=$?
check "mark on tmpfs: refused, exit 2" [ $st -eq 2 ]
check "mark on tmpfs: the same line" [ "$(cat "$T/err")" = "clyde: $SHM is on tmpfs: $WHY" ]
check "mark on tmpfs: nothing made" empty_dir "$SHM"

# --- allowed: said after the run, not before -----------------------------------
$CLYDE -d "$SHM" $U -s 16M -r 0 -n 0 -f -m ram --allow-memory --progress never \
	--json "$T/ram.json" >"$T/out" 2>"$T/err"
st=$?
check "--allow-memory: exit 0" [ $st -eq 0 ]
check "--allow-memory: no refusal" sh -c "! grep -q 'measures memory' '$T/err'"
check "--allow-memory: the footer says memory" \
	grep -qx "clyde: -d is on tmpfs: these figures are memory's, not a disk's" "$T/out"
check "--allow-memory: the footer line before the mode line" \
	sh -c "grep -A1 'memory.s, not a disk' '$T/out' | tail -n 1 | grep -q '^clyde $VERSION_RE: '"
json_check "--allow-memory: JSON in_memory true" "$T/ram.json" \
	"j['provenance']['filesystem']['in_memory'] is True and j['provenance']['filesystem']['type'] == 'tmpfs'"
check "--allow-memory: -d left empty" empty_dir "$SHM"
$CLYDE report "$T/ram.json" >"$T/report" 2>"$T/err"
check "report: a note says memory" \
	grep -qx "Note: ram: -d was on tmpfs: these figures are memory's, not a disk's." "$T/report"
$CLYDE report --format html "$T/ram.json" >"$T/report.html" 2>"$T/err"
check "report html: the note" \
	grep -q "ram: -d was on tmpfs: these figures are memory&#39;s, not a disk&#39;s" "$T/report.html"

$CLYDE mark -d "$SHM" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:read \
	--allow-memory --progress never --json "$T/mark.json" >"$T/out" 2>"$T/err"
st=$?
if grep -q 'refuses O_DIRECT' "$T/err"; then
	skips 4 "mark --allow-memory" "this kernel's tmpfs refuses O_DIRECT"
else
	check "mark --allow-memory: exit 0" [ $st -eq 0 ]
	check "mark --allow-memory: its footer says memory" \
		grep -qx "    Note: -d is on tmpfs: these figures are memory's, not a disk's" "$T/out"
	json_check "mark --allow-memory: JSON in_memory true" "$T/mark.json" \
		"j['provenance']['filesystem']['in_memory'] is True"
	$CLYDE report "$T/mark.json" >"$T/report" 2>"$T/err"
	check "mark report: the column says memory" grep -q '^  \[1\] .* (memory: tmpfs)$' "$T/report"
fi

# --- a disk is not memory ---------------------------------------------------------
if [ "$(stat -f -c %T "$T/d")" = tmpfs ]; then
	skips 3 "disk: in_memory false" "$T is on tmpfs"
else
	$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f --progress never --json "$T/disk.json" \
		>"$T/out" 2>"$T/err"
	check "disk: exit 0" [ $? -eq 0 ]
	check "disk: no word of memory" sh -c "! grep -q memory '$T/out' '$T/err'"
	json_check "disk: JSON in_memory false" "$T/disk.json" \
		"j['provenance']['filesystem']['in_memory'] is False"
fi
