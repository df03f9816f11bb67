# SPDX-License-Identifier: MIT
# Issue 5 end to end: --random-io's table and JSON, --json validity and
# shape, the page-cache warning of the truth check, and the progress line
# under a pseudo terminal.
. tests/cli/lib.sh
plan 35
hold_engines
mkdir "$T/d"

base="-d $T/d $U -s 64M -r 32 -n 0 -f -m rnd"
$CLYDE $base --random-io --random-time 1 --random-depths 1,4 --json "$T/j.json" \
	>"$T/out" 2>"$T/err"
check "random-io: exit 0" [ $? -eq 0 ]
check "random-io: directory left empty" empty_dir "$T/d"
check "random-io: extra table" grep -q '^Random I/O, 4 KiB blocks *IOPS *MiB/s *mean *p50 *p99 *p99.9 *max$' "$T/out"
for row in "read, Q1T1" "read, Q4T1" "write, Q1T1" "write, Q4T1"; do
	check "random-io: row $row" grep -q "^$row  *[1-9][0-9]* " "$T/out"
done
check "random-io: CSV keeps 48 fields" [ "$(nfields "$(tail -n 1 "$T/out")")" -eq 48 ]
json_check "json: parses, four random tests" "$T/j.json" "len(j['random_io']) == 4"
json_check "json: positive IOPS for each test and depth" "$T/j.json" \
	"all(t['iops'] > 0 and t['ops'] > 0 for t in j['random_io'])"
json_check "json: depths and ops in order" "$T/j.json" \
	"[(t['op'], t['depth']) for t in j['random_io']] == [('read', 1), ('read', 4), ('write', 1), ('write', 4)]"
json_check "json: one thread each, and the engine that ran" "$T/j.json" \
	"all(t['threads'] == 1 and t['engine'] in ('io_uring', 'aio', 'threads') for t in j['random_io'])"
check "random-io: the footer names the engine" \
	grep -q "^clyde $VERSION_RE: .*, random I/O via \(io_uring\|aio\|threads\)" "$T/out"
json_check "json: latency percentiles of a phase" "$T/j.json" \
	"all(k in j['phases'][1]['latency_us'] for k in ('p50', 'p99', 'p999', 'max', 'mean'))"
json_check "json: percentiles ordered" "$T/j.json" \
	"all(t['latency_us']['p50'] <= t['latency_us']['p99'] <= t['latency_us']['p999'] <= t['latency_us']['max'] for t in j['random_io'])"
json_check "json: twelve phases in bonnie++ order" "$T/j.json" \
	"[p['key'] for p in j['phases']][:6] == ['putc', 'put_block', 'rewrite', 'getc', 'get_block', 'seeks']"
json_check "json: skipped per-char is not_run" "$T/j.json" "j['phases'][0]['state'] == 'not_run'"
json_check "json: block output measured" "$T/j.json" \
	"j['phases'][1]['bytes'] == 64 * 1048576 and j['phases'][1]['elapsed_s'] > 0"
json_check "json: environment" "$T/j.json" \
	"j['environment']['cpus'] >= 1 and j['environment']['ram_mib'] > 0 and j['environment']['kernel']"
json_check "json: configuration" "$T/j.json" \
	"j['config']['size_mib'] == 64 and j['config']['random_time_s'] == 1 and j['machine'] == 'rnd'"

# --json - : stdout is the JSON alone; -x 2 makes an array.
$CLYDE $base -x 2 --json - >"$T/j2.json" 2>"$T/err"
check "json to stdout: exit 0" [ $? -eq 0 ]
json_check "json to stdout with -x 2: an array of two runs" "$T/j2.json" \
	"isinstance(j, list) and len(j) == 2 and j[0]['seed'] == j[1]['seed']"

# The truth check, where the test directory has a block device.
dev=$(stat -c '%d' "$T/d")
if [ -e "/sys/dev/block/$((dev / 256)):$((dev % 256))" ]; then
	$CLYDE $base >"$T/out" 2>"$T/err"
	check "truth: a buffered run of a small file warns" \
		grep -q 'came from the disk, the page cache served the rest; use -D or a larger -s$' "$T/err"
	check "truth: the warning is one line" [ "$(grep -c 'page cache served' "$T/err")" -eq 1 ]
	$CLYDE $base -D >"$T/out" 2>"$T/err"
	check "truth: a -D run does not warn" sh -c "! grep -q 'page cache' '$T/err'"
	json_check "truth: device bytes in the JSON" "$T/j.json" \
		"j['phases'][1]['device'] is not None and j['phases'][1]['device']['write_bytes'] >= 0"
else
	skips 4 "truth check" "no block device under $T"
fi

# Progress under a pseudo terminal: the line shows, the tables stay clean.
if command -v script >/dev/null 2>&1; then
	script -qec "$CLYDE -d $T/d $U -s 512M -r 256 -n 0 -f -m rnd --random-io --random-depths 1 --random-time 1" "$T/tty" >/dev/null 2>&1
	check "progress: exit 0 under a terminal" grep -q 'COMMAND_EXIT_CODE="0"' "$T/tty"
	# Every state of the line, as it was drawn: its name alone, then ticks
	# with percent, the rate (MiB/s, or per second; none for a timed test)
	# and time left, then flushing. How many ticks a phase gets depends on
	# the machine (block output may issue all 512 MiB before the first,
	# and show its name and then flushing only): every line must be one of
	# these, and a test of fixed time (1 s, ticks every 0.25 s) shows its
	# percent and time left whatever the speed.
	tr '\r' '\n' <"$T/tty" | sed 's/\x1b\[K//g' | grep -a '^\[[0-9]/6\]' >"$T/lines"
	N='(block output|rewrite|block input|seeks|random (reads|writes), Q1T1)'
	C='[0-9]+(:[0-9][0-9])+'
	check "progress: the line names phase and percent" sh -c "! grep -avE '^\[[1-6]/6\] $N( +[0-9]+%(  [0-9]+\.[0-9] MiB/s|  [0-9]+/s)?  $C left, run ~$C| 100%  flushing to the disk)?\$' '$T/lines' && grep -aEq '^\[5/6\] random reads, Q1T1 +[0-9]+%  $C left, run ~$C\$' '$T/lines'"
	check "progress: the line is rewritten in place" grep -q "$(printf '\r\033\\[K')" "$T/tty"
	check "progress: the table header is intact" grep -q '^Machine        Size K/sec %CP' "$T/tty"
	check "progress: no progress text in the table row" sh -c "grep '^rnd ' '$T/tty' | grep -vq '\\['"
else
	skips 5 "progress under a terminal" "no script(1)"
fi
$CLYDE $base --progress always -q >"$T/out" 2>"$T/err"
check "progress: -q silences the line" sh -c "! grep -q '\[1/4\]' '$T/err'"
$CLYDE $base --progress never >"$T/out" 2>"$T/err"
check "progress: never prints no words" sh -c "! grep -q 'intelligently' '$T/err'"
$CLYDE $base >"$T/out" 2>"$T/err"
check "progress: auto off a terminal prints bonnie++'s words" grep -q '^Writing intelligently...done$' "$T/err"
$CLYDE $base --progress always >"$T/out" 2>"$T/err"
check "progress: always draws the line off a terminal too" grep -q '\[1/4\] block output' "$T/err"
