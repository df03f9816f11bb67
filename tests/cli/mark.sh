# SPDX-License-Identifier: MIT
# clyde mark for real on small files: the table, CSV and JSON of a --tests
# list and of a profile, runs ended by size and by time, every I/O's latency recorded once, direct reads
# seen by the device, progress words, --json - on stdout alone, bad command
# lines (exit 1, one line), --json/--csv opened before any I/O, tmpfs (no
# device to check), SIGINT (exit 130), and clyde's directory left empty
# every time.
. tests/cli/lib.sh
plan 75
hold_engines
mkdir "$T/d"

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "clyde mark" "no python3 to read the JSON"
	exit 0
fi

# --- a --tests list --------------------------------------------------------------
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --progress auto \
	--tests RND4K-Q3T1:write,SEQ128K-Q4T2 --json "$T/m.json" --csv "$T/m.csv" \
	>"$T/out" 2>"$T/err"
st=$?
check "mark --tests: exit 0" [ $st -eq 0 ]
check "mark --tests: directory left empty" empty_dir "$T/d"
check "mark --tests: the title names the tests" \
	grep -q "^clyde mark $VERSION_RE: RND4K Q3T1 write, SEQ128K Q4T2, the mean of 1 run\$" "$T/out"
check "mark --tests: MB/s are 10^6 bytes, and it says so" grep -q '^\* MB/s: 10^6 bytes' "$T/out"
check "mark --tests: the read section" \
	grep -Eq '^  SEQ  128KiB \(Q=  4, T= 2\): +[0-9]+\.[0-9]{3} MB/s \[ *[0-9]+\.[0-9] IOPS\] < *[0-9]+\.[0-9]{2} us> p99 < *[0-9.]+ us> max < *[0-9.]+ us>$' "$T/out"
check "mark --tests: reads before writes" \
	sh -c "grep -n '^\[Read\]\$' '$T/out' | cut -d: -f1 | { read r; grep -n '^\[Write\]\$' '$T/out' | cut -d: -f1 | { read w; [ \$r -lt \$w ]; }; }"
check "mark --tests: AnandTech's row" \
	grep -Eq '^  RND    4KiB \(Q=  3, T= 1\): +[0-9.]+ MB/s' "$T/out"
check "mark --tests: the mode names the engine" \
	grep -Eq '^    Mode: direct I/O, incompressible data, (io_uring|aio|threads)$' "$T/out"
check "mark --tests: progress words for the layout" \
	grep -q '^laying out the file\.\.\.done$' "$T/err"
check "mark --tests: progress words for each run" \
	grep -q '^RND4K Q3T1 write 1/1\.\.\.done$' "$T/err"
check "mark --tests: CSV header and three lines" [ "$(wc -l <"$T/m.csv")" -eq 4 ]
check "mark --tests: CSV lines of 22 fields" \
	sh -c "tail -n 3 '$T/m.csv' | awk -F, 'NF != 22 { bad = 1 } END { exit bad }'"
check "mark --tests: CSV names the test" \
	grep -Eq "^mark,clyde-$VERSION_RE,[^,]+,tests,RND4K Q3T1,write,random,4096,3,1,1,1,16,[0-9.]+,[0-9.]+," "$T/m.csv"
json_check "mark --tests: JSON, three test directions" "$T/m.json" \
	"j['kind'] == 'mark' and [(t['name'], t['op']) for t in j['tests']] == [('RND4K Q3T1', 'write'), ('SEQ128K Q4T2', 'read'), ('SEQ128K Q4T2', 'write')]"
json_check "mark --tests: one run each, every I/O counted and timed once" "$T/m.json" \
	"all(len(t['runs']) == 1 and t['ios'] > 0 and t['latency_us']['count'] == t['ios'] and t['bytes'] == t['ios'] * t['block_bytes'] for t in j['tests'])"
json_check "mark --tests: MB/s is bytes per second over 10^6" "$T/m.json" \
	"all(abs(t['mb_per_s'] - t['bytes'] / t['elapsed_s'] / 1e6) < 0.01 * t['mb_per_s'] for t in j['tests'])"
json_check "mark --tests: when, the command line and the provenance" "$T/m.json" \
	"j['started'].endswith('Z') and ' mark -d ' in j['command_line'] and j['command_line'].endswith('--csv $T/m.csv') and j['provenance']['filesystem']['type'] == j['environment']['filesystem']"
json_check "mark --tests: the file laid out first" "$T/m.json" \
	"j['layout']['bytes'] == 16 * 1024 * 1024 and j['config']['direct'] is True"
json_check "mark --tests: direct reads reached the device" "$T/m.json" \
	"all(t['device'] is None or t['op'] == 'write' or (t['device']['read_bytes'] >= t['bytes'] and t['disk_percent'] == 100) for t in j['tests'])"

# --- the method: one pass of the file by size, the time by time --------------------
$CLYDE mark -d "$T/d" $U -s 16M --runs 2 --time 60 --tests SEQ1M-Q2T1,RND64K-Q4T2:read \
	--json "$T/size.json" --progress never >"$T/out" 2>"$T/err"
st=$?
check "mark --method size (default): exit 0" [ $st -eq 0 ]
# SEQ1M Q2T1's 2 MiB buffer: one region of huge pages asked for, its layout
# measured as root (pagemap's frames are hidden from others: null).
if [ "$(id -u)" = 0 ]; then pieces="0 < b['pieces_per_mib'] <= 256"; else pieces="b['pieces_per_mib'] is None"; fi
json_check "mark: the I/O buffers' layout, 2 MiB regions" "$T/size.json" \
	"(lambda b: b['bytes'] >= 2 * 1024 * 1024 and b['bytes'] % (2 * 1024 * 1024) == 0 and b['pages'] in ('small', 'transparent', 'explicit') and $pieces)(j['environment']['io_buffers'])"
check "mark --method size: the table says whose method" \
	grep -q '^    Test: 16 MiB file, 2 runs of one pass (60 s at most), as KDiskMark \[' "$T/out"
json_check "mark --method size: each run one pass per thread, long before its 60 s" "$T/size.json" \
	"j['config']['method'] == 'size' and [(t['name'], t['op'], [r['ios'] for r in t['runs']]) for t in j['tests']] == [('SEQ1M Q2T1', 'read', [16, 16]), ('SEQ1M Q2T1', 'write', [16, 16]), ('RND64K Q4T2', 'read', [512, 512])] and all(r['elapsed_s'] < 30 for t in j['tests'] for r in t['runs'])"
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --method time --tests SEQ1M-Q1T1:read \
	--json "$T/time.json" --progress never >"$T/out" 2>"$T/err"
st=$?
check "mark --method time: exit 0" [ $st -eq 0 ]
check "mark --method time: the table says whose method" \
	grep -q '^    Test: 16 MiB file, 1 run of 1 s, as CrystalDiskMark \[' "$T/out"
json_check "mark --method time: runs for its time, passes and all" "$T/time.json" \
	"j['config']['method'] == 'time' and j['tests'][0]['elapsed_s'] >= 0.99 and j['tests'][0]['ios'] > 16"
check "mark --method: directory left empty" empty_dir "$T/d"

# --- a profile, JSON on stdout -----------------------------------------------------
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --profile real --json - \
	--progress never >"$T/out" 2>"$T/err"
st=$?
check "mark --profile real: exit 0" [ $st -eq 0 ]
check "mark --profile real: directory left empty" empty_dir "$T/d"
json_check "mark --profile real: stdout is the JSON alone" "$T/out" \
	"j['profile'] == 'real' and j['score'] == 'best' and [t['name'] for t in j['tests']] == ['SEQ1M Q1T1', 'SEQ1M Q1T1', 'RND4K Q1T1', 'RND4K Q1T1']"
check "mark --profile real: the table on stderr" \
	grep -q "^clyde mark $VERSION_RE: real profile, the best of 1 run\$" "$T/err"

# --- refusals ----------------------------------------------------------------------
# refused NAME STATUS ARGS...: exit STATUS, one "clyde:" line, nothing left.
refused() {
	name=$1
	want=$2
	shift 2
	$CLYDE mark "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "mark refuses $name: exit $want" [ $st -eq "$want" ]
	check "mark refuses $name: one line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "mark refuses $name: nothing left" empty_dir "$T/d"
}
refused "a bad --tests entry" 1 -d "$T/d" $U --tests RND4K-Q1T1,SEQ3M-Q1T1
check "mark refuses a bad --tests entry: says which and why" \
	grep -qx "clyde: --tests RND4K-Q1T1,SEQ3M-Q1T1: 'SEQ3M-Q1T1': the block size is a power of two from 4K to 64M" "$T/err"
refused "--profile with --tests" 1 -d "$T/d" $U --profile peak --tests RND4K-Q1T1
refused "an unknown profile" 1 -d "$T/d" $U --profile turbo
refused "--runs 0" 1 -d "$T/d" $U --runs 0
refused "an unknown method" 1 -d "$T/d" $U --method fio
refused "a file too small" 1 -d "$T/d" $U -s 1M --tests SEQ1M-Q1T2
refused "an operand" 1 -d "$T/d" $U now
if [ "$(id -u)" = 0 ]; then
	refused "root without -u" 1 -d "$T/d" -s 16M
else
	skips 3 "mark refuses root without -u" "not running as root"
fi
if [ -d /dev/shm ] && mkdir "/dev/shm/clyde-mark.$$" 2>/dev/null; then
	$CLYDE mark -d "/dev/shm/clyde-mark.$$" $U -s 16M --runs 1 --time 1 \
		--allow-memory --tests RND4K-Q1T1:read --json "$T/shm.json" --progress never \
		>"$T/out" 2>"$T/err"
	st=$?
	if grep -q 'refuses O_DIRECT' "$T/err"; then
		check "mark on tmpfs: O_DIRECT refused, exit 2" [ $st -eq 2 ]
		skips 2 "mark on tmpfs: its device" "this tmpfs refuses O_DIRECT"
	else
		check "mark on tmpfs: exit 0" [ $st -eq 0 ]
		check "mark on tmpfs: no device, said once" \
			[ "$(grep -c 'has no block device of its own' "$T/err")" -eq 1 ]
		json_check "mark on tmpfs: device bytes unknown" "$T/shm.json" \
			"j['tests'][0]['device'] is None and j['tests'][0]['disk_percent'] is None"
	fi
	check "mark on tmpfs: nothing left" empty_dir "/dev/shm/clyde-mark.$$"
	rmdir "/dev/shm/clyde-mark.$$"
else
	skips 4 "mark on tmpfs" "no /dev/shm"
fi

# --- --json and --csv open before any I/O ---------------------------------------------
echo older >"$T/old.json"
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:read \
	--json "$T/old.json" --csv "$T/no/such/dir/m.csv" --progress never \
	>"$T/out" 2>"$T/err"
st=$?
check "mark --csv unwritable: exit 2" [ $st -eq 2 ]
check "mark --csv unwritable: one line saying so" \
	grep -qx "clyde: $T/no/such/dir/m.csv: cannot write the CSV: No such file or directory" "$T/err"
check "mark --csv unwritable: before the layout (no table)" sh -c "! grep -q 'MB/s' '$T/out'"
check "mark --csv unwritable: the older JSON left as it was" grep -qx older "$T/old.json"
check "mark --csv unwritable: directory left empty" empty_dir "$T/d"

# --- SIGINT during a run -----------------------------------------------------------
fresh
$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 30 --method time --tests RND4K-Q32T1 \
	--progress auto >"$T/out" 2>"$T/err" &
pid=$!
wait_for "$T/err" '^RND4K Q32T1 read 1/1' || fail "mark SIGINT" "never started the test"
kill -INT $pid
wait $pid
st=$?
check "mark SIGINT: exit 130" [ $st -eq 130 ]
check "mark SIGINT: says so" grep -q '^clyde: interrupted by signal 2 ' "$T/err"
check "mark SIGINT: no table" sh -c "! grep -q 'MB/s' '$T/out'"
check "mark SIGINT: directory left empty" empty_dir "$T/d"

# --- -y: a prompt before every step, and semaphores for the random tests too ------
yes go 2>/dev/null | $CLYDE mark -d "$T/d" $U -s 16M --runs 2 --time 1 \
	--tests RND4K-Q1T1:read -y p --progress never >"$T/out" 2>"$T/err"
st=$?
check "mark -y p: exit 0" [ $st -eq 0 ]
check "mark -y p: 13 before the layout and each of 2 runs" [ "$(grep -c '^13:$' "$T/out")" -eq 3 ]
check "mark -y p: directory left empty" empty_dir "$T/d"
CLYDE_SYNC_PREFIX=/clyde-mark-test.$$
export CLYDE_SYNC_PREFIX
if $CLYDE -p 1 $U >/dev/null 2>"$T/err"; then
	$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1:read -y s \
		--progress never >"$T/out" 2>"$T/err"
	check "mark -y s: every step passes its gate" [ $? -eq 0 ]
	$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f --random-io --random-time 1 \
		--random-depths 1 -y s --progress never -q >"$T/out" 2>"$T/err"
	check "-y s --random-io: the random tests have gates too" [ $? -eq 0 ]
	check "-y s: directory left empty" empty_dir "$T/d"
	$CLYDE -p -1 $U >/dev/null 2>&1
else
	skips 3 "mark -y s" "no POSIX semaphores here: $(head -n 1 "$T/err")"
fi
