# SPDX-License-Identifier: MIT
# The drive as it is used, for real on small files: clyde mark --steady
# (the precondition announced, rounds until the rule or --max-rounds, every
# round in the JSON and drawn by clyde report), --max-write refusing a plan
# over it, the classic --random-io --steady; the removal of the test file
# timed on a loop-mounted ext4 with and without discard, and --trim's
# FITRIM there and refused on tmpfs (root).
. tests/cli/lib.sh
plan 28
hold_engines
cleanup_fs() {
	unmount_all
	rm -rf "$T"
}
trap cleanup_fs EXIT
trap 'cleanup_fs; exit 1' INT TERM
mkdir "$T/d"

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "steady" "no python3 to read the JSON"
	exit 0
fi

# --- clyde mark --steady -------------------------------------------------------
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:write \
	--steady --round 1 --max-rounds 6 --precondition 8M --progress auto \
	--json "$T/s.json" >"$T/out" 2>"$T/err"
st=$?
check "mark --steady: exit 0" [ $st -eq 0 ]
check "mark --steady: directory left empty" empty_dir "$T/d"
check "mark --steady: the precondition said before it starts" \
	grep -q '^clyde: steady: RND4K Q1T1 write: the precondition writes 40 MiB: the file twice in order' "$T/err"
check "mark --steady: progress names each round" \
	grep -q '^RND4K Q1T1 write, round 1 of at most 6' "$T/err"
check "mark --steady: fresh against steady under the table" \
	grep -Eq '^  RND4K Q1T1 write: (after .* written the drive settled|the drive kept its fresh speed: after .* written it settled|not settled in 6 rounds)' "$T/out"
check "mark --steady: the rounds, the window bracketed" \
	grep -Eq '^    rounds, MB/s, the last window in \[ \]: .*\[[0-9.]+ [0-9.]+ [0-9.]+ [0-9.]+ [0-9.]+\]$' "$T/out"
check "mark --steady: the file's removal said" \
	grep -Eq '^    delete: [0-9.]+ (s|ms) for 16 MiB' "$T/out"
json_check "mark --steady: every round in the JSON, 5 or 6" "$T/s.json" \
	"5 <= len(j['tests'][0]['steady']['rounds']) <= 6 and all(r > 0 for r in j['tests'][0]['steady']['rounds'])"
json_check "mark --steady: settled in 5, or ran to --max-rounds" "$T/s.json" \
	"(j['tests'][0]['steady']['end'], len(j['tests'][0]['steady']['rounds'])) in (('settled', 5), ('settled', 6), ('max_rounds', 6))"
json_check "mark --steady: written: the passes, the precondition, the rounds" "$T/s.json" \
	"j['tests'][0]['steady']['written_bytes'] > 40 * 2**20 and j['tests'][0]['steady']['precondition_bytes'] == 40 * 2**20"
json_check "mark --steady: the removal, its bytes" "$T/s.json" \
	"j['removal']['bytes'] == 16 * 2**20 and j['removal']['seconds'] >= 0 and j['trim'] is None"
$CLYDE report --format html "$T/s.json" >"$T/s.html" 2>"$T/err"
check "mark --steady: the report draws the rounds" \
	sh -c "grep -q '<polyline' '$T/s.html' && grep -q 'the last five, which the rule was checked on' '$T/s.html'"

# --- --max-write ----------------------------------------------------------------
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:write \
	--steady --max-write 40M >"$T/out" 2>"$T/err"
st=$?
check "mark --max-write: a plan over it is refused (exit 1)" [ $st -eq 1 ]
check "mark --max-write: says what the plan writes" \
	grep -q 'laying out the file and preconditioning every test write 0.08 GiB' "$T/err"
check "mark --max-write: nothing left, nothing run" \
	sh -c "empty_dir() { [ -z \"\$(ls -A \"\$1\")\" ]; }; empty_dir '$T/d' && [ ! -s '$T/out' ]"

# --- the classic run -------------------------------------------------------------
$CLYDE -d "$T/d" $U -r 0 -s 16M -n 0 -f --random-io --random-time 1 \
	--random-depths 1 --steady --max-rounds 5 --json "$T/c.json" >"$T/out" 2>"$T/err"
st=$?
check "--random-io --steady: exit 0" [ $st -eq 0 ]
json_check "--random-io --steady: each test's rounds, at most 5" "$T/c.json" \
	"all(t['steady'] and 1 <= len(t['steady']['rounds']) <= 5 for t in j['random_io'])"
check "--random-io --steady: said after the table" grep -q 'rounds, IOPS' "$T/out"
$CLYDE -d "$T/d" $U -r 0 -s 16M -n 0 -f --steady >"$T/out" 2>"$T/err"
check "--steady without --random-io: refused (exit 1)" [ $? -eq 1 ]

# --- removal and FITRIM on loop-mounted ext4 (root) -------------------------------
if [ "$(id -u)" != 0 ]; then
	skips 9 "removal and --trim on ext4" "needs root to mount it"
	exit 0
fi
if ! command -v mkfs.ext4 >/dev/null 2>&1; then
	skips 9 "removal and --trim on ext4" "no mkfs.ext4"
	exit 0
fi
# on NAME OPTS: a mark of a 64 MiB file on a fresh ext4 mounted with OPTS.
on() {
	rm -f "$T/e.img"
	# No lazy init: nothing else discards on the loop device meanwhile.
	truncate -s 256M "$T/e.img" &&
		mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0,nodiscard \
			"$T/e.img" >/dev/null 2>&1 &&
		mnt "$T/e" -o "loop,$2" "$T/e.img" 2>/dev/null || return 1
	shift 2
	$CLYDE mark -d "$T/e" $U -s 64M --runs 1 --time 1 --tests SEQ1M-Q1T1:write \
		"$@" --json "$T/e.json" >"$T/out" 2>"$T/err"
	st=$?
}
if on nodiscard nodiscard; then
	check "ext4 nodiscard: the removal timed" \
		grep -Eq '^    delete: [0-9.]+ (s|ms) for 64 MiB \(unlink, last close and the filesystem.s sync\)$' "$T/out"
	json_check "ext4 nodiscard: the removal in the JSON, nothing discarded" "$T/e.json" \
		"j['removal']['bytes'] == 64 * 2**20 and j['removal']['discarded_bytes'] == 0"
	umnt "$T/e"
else
	skips 2 "ext4 nodiscard" "cannot mount a loop ext4"
fi
if on discard discard; then
	check "ext4 discard: the removal names online discard and its discards" \
		grep -q "^    delete: .* for 64 MiB (.*sync, then the device's discards of .*mounted with discard" "$T/out"
	json_check "ext4 discard: the file's blocks discarded inside the removal" "$T/e.json" \
		"j['removal']['bytes'] == 64 * 2**20 and j['removal']['discarded_bytes'] >= 64 * 2**20"
	umnt "$T/e"
else
	skips 2 "ext4 discard" "cannot mount a loop ext4 with discard"
fi
if on trim nodiscard --trim; then
	check "--trim: exit 0" [ $st -eq 0 ]
	check "--trim: said before the run" grep -q '^clyde: FITRIM on .*: [0-9.]* GiB trimmed in' "$T/err"
	json_check "--trim: the bytes trimmed and the time" "$T/e.json" \
		"j['trim']['bytes'] > 0 and j['trim']['seconds'] >= 0"
	umnt "$T/e"
else
	skips 3 "--trim on ext4" "cannot mount a loop ext4"
fi
if mnt "$T/tm" -t tmpfs -o size=64m tmpfs 2>/dev/null; then
	$CLYDE mark -d "$T/tm" $U -s 16M --runs 1 --time 1 --tests SEQ1M-Q1T1:write \
		--allow-memory --trim >"$T/out" 2>"$T/err"
	st=$?
	check "--trim on tmpfs: refused before any test" \
		sh -c "[ $st -ne 0 ] && grep -q 'FITRIM' '$T/err' && ! grep -q 'laying out' '$T/err'"
	check "--trim on tmpfs: nothing left" empty_dir "$T/tm"
	umnt "$T/tm"
else
	skips 2 "--trim on tmpfs" "cannot mount tmpfs"
fi
