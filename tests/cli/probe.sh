# SPDX-License-Identifier: MIT
# --probe end to end (issue 29): a Feel line under the tables for every
# test it ran beside, its waits in the JSON (reads alone, writes alone,
# both) and in every clyde report format, bonnie++'s table and CSV as they
# were, its own load held small (never more than a read every 10 ms and a
# write every 100 ms, under 1% of a test's bytes), its file removed after
# the run and after a signal, clyde mark and the random-I/O tests, a bad
# value refused, and --vary probe=off,read+write comparing the rates with
# and without it.
. tests/cli/lib.sh
plan 42
hold_engines
mkdir "$T/d"

base="-d $T/d $U -s 64M -r 0 -n 1 -f -m box"
$CLYDE $base --probe --random-io --random-time 1 --random-depths 1 \
	--json "$T/r.json" >"$T/out" 2>"$T/err"
st=$?
check "read probe: exit 0" [ "$st" -eq 0 ]
check "read probe: clyde's directory and the probe's file removed" empty_dir "$T/d"
check "read probe: a Feel line for block output" \
	grep -q "^Feel: block output: reads waited p50 [0-9.]* [µm]*s, p99 [0-9.]* [µm]*s, max [0-9.]* [µm]*s ([0-9]* over 100 ms, [0-9]* over 1 s)\$" "$T/out"
check "read probe: for a file test and a random-I/O test too" \
	grep -q "^Feel: sequential create: reads waited" "$T/out"
check "read probe: ... and the random reads" \
	grep -q "^Feel: random reads, Q1T1: reads waited" "$T/out"
check "read probe: no writes without write" \
	sh -c "! grep -q 'fsynced writes' '$T/out'"
check "read probe: the Feel lines follow the tables" \
	sh -c "grep -n '' '$T/out' | grep -A100 '^[0-9]*:clyde $VERSION_RE: ' | grep -q ':Feel: '"
check "read probe: bonnie++'s CSV line keeps 48 fields" \
	[ "$(nfields "$(tail -n 1 "$T/out")")" -eq 48 ]
json_check "json: the probe asked for" "$T/r.json" "j['config']['probe'] == 'read'"
json_check "json: every test that ran had reads beside it, and no writes" "$T/r.json" \
	"all(p['probe'] and p['probe']['reads']['latency_us']['count'] > 0 and p['probe']['writes'] is None for p in j['phases'] if p['state'] != 'not_run')"
json_check "json: the random-I/O tests too" "$T/r.json" \
	"all(t['probe']['reads']['latency_us']['count'] > 0 for t in j['random_io'])"
json_check "json: no probe where no test ran" "$T/r.json" \
	"all(p['probe'] is None for p in j['phases'] if p['state'] == 'not_run')"
json_check "json: the reads' method" "$T/r.json" \
	"all(p['probe']['method'] in ('direct', 'evicted') for p in j['phases'] if p['probe'])"
json_check "json: the counts agree with the percentiles" "$T/r.json" \
	"all((w['over_100ms'] > 0) == (w['latency_us']['max'] > 100000) and w['over_1s'] <= w['over_100ms'] for p in j['phases'] if p['probe'] for w in [p['probe']['reads']])"
json_check "json: points over time, no more than 64, each a wait it counted" "$T/r.json" \
	"all(0 < len(w['max_ms']) <= 64 and max(x for x in w['max_ms'] if x is not None) * 1000 <= w['latency_us']['max'] * 1.01 for p in j['phases'] if p['probe'] for w in [p['probe']['reads']])"

# Its own load, held small: a read every 10 ms at most, never a burst. The
# probe stops once the test's threads are joined, which on a loaded machine
# may come a scheduling delay (allowed 0.1 s) after the test's end.
json_check "load: never more than a read every 10 ms" "$T/r.json" \
	"all(p['probe']['reads']['latency_us']['count'] <= (p['elapsed_s'] + 0.1) / 0.010 + 3 for p in j['phases'] if p['probe'] and p['elapsed_s'])"

$CLYDE $base --probe=read+write --json "$T/rw.json" >"$T/out" 2>"$T/err"
st=$?
check "read+write: exit 0" [ "$st" -eq 0 ]
check "read+write: the Feel line has the fsynced writes" \
	grep -q "^Feel: block output: reads waited .*; fsynced writes p50 [0-9.]* [µm]*s, " "$T/out"
json_check "read+write: writes beside every test, a write every 100 ms at most" "$T/rw.json" \
	"all(0 < p['probe']['writes']['latency_us']['count'] <= p['elapsed_s'] / 0.100 + 3 for p in j['phases'] if p['probe'] and p['elapsed_s'])"
json_check "load: under 1% of the bytes of a test that moves them" "$T/rw.json" \
	"all((p['probe']['reads']['latency_us']['count'] + p['probe']['writes']['latency_us']['count']) * 4096 < 0.01 * p['bytes'] for p in j['phases'] if p['probe'] and p['bytes'] and p['unit'] == 'KiB/s')"
check "read+write: the probe's file removed" empty_dir "$T/d"

$CLYDE $base --probe write -D --json "$T/w.json" >"$T/out" 2>"$T/err"
st=$?
check "--probe write (the value as its own argument), -D: exit 0" [ "$st" -eq 0 ]
json_check "write: writes alone" "$T/w.json" \
	"j['config']['probe'] == 'write' and all(p['probe']['reads'] is None and p['probe']['writes']['latency_us']['count'] > 0 for p in j['phases'] if p['probe'])"

$CLYDE $base --probe=reads >"$T/out" 2>"$T/err"
st=$?
check "a bad value: exit 1" [ "$st" -eq 1 ]
check "a bad value: says what it takes" \
	grep -qx "clyde: --probe reads: use read, write, read+write or off" "$T/err"

# Every clyde report format carries the waits; the CSV stays bonnie++'s.
$CLYDE report --format text-1.03 "$T/r.json" "$T/rw.json" >"$T/rep" 2>"$T/err"
check "report text: a Feel line per run and test" \
	grep -q "^Feel (run 2, box): block output: reads waited .*; fsynced writes " "$T/rep"
$CLYDE report --format markdown "$T/rw.json" >"$T/rep" 2>"$T/err"
check "report markdown: the table" grep -q "^| box | Block write | [0-9]" "$T/rep"
$CLYDE report --format html "$T/rw.json" >"$T/rep" 2>"$T/err"
check "report html: the table" grep -q "<h2>How the machine felt</h2>" "$T/rep"
$CLYDE report --format svg "$T/rw.json" >"$T/rep" 2>"$T/err"
check "report svg: the charts" grep -q "p99 wait, ms" "$T/rep"
$CLYDE report --format json "$T/rw.json" >"$T/rep" 2>"$T/err"
json_check "report json: the waits read back" "$T/rep" \
	"[p['probe'] for p in j[0]['phases']] == [p['probe'] for p in json.load(open('$T/rw.json'))['phases']]"
$CLYDE report --format csv-1.96 "$T/rw.json" >"$T/rep" 2>"$T/err"
check "report csv: bonnie++'s 48 fields" [ "$(nfields "$(tail -n 1 "$T/rep")")" -eq 48 ]

# A signal mid-run: the probe's file goes with the rest.
fresh
$CLYDE -d "$T/d" $U -s 256M -r 0 -n 0 -f -b --probe=read+write >"$T/out" 2>"$T/err" &
pid=$!
wait_until in_workdir "$T/d" probe000
kill -INT "$pid"
wait "$pid"
st=$?
check "SIGINT: exit 130" [ "$st" -eq 130 ]
check "SIGINT: the probe's file removed with clyde's directory" empty_dir "$T/d"

# clyde mark: every run of a test with the probe beside it.
$CLYDE mark -d "$T/d" $U -s 16M --runs 2 --time 1 --tests RND4K-Q1T1:read \
	--probe --json "$T/m.json" >"$T/out" 2>"$T/err"
st=$?
check "mark: exit 0" [ "$st" -eq 0 ]
check "mark: a Feel line under the table" \
	grep -q "^Feel: RND4K Q1T1 read: reads waited p50 " "$T/out"
json_check "mark: the waits of both runs together" "$T/m.json" \
	"j['config']['probe'] == 'read' and j['tests'][0]['probe']['reads']['latency_us']['count'] > 0 and j['tests'][0]['probe']['reads']['max_ms'] == []"
$CLYDE report --format text-1.03 "$T/m.json" >"$T/rep" 2>"$T/err"
check "mark report: the Feel line" grep -q "^Feel \[1\]: RND4K Q1T1 read: reads waited" "$T/rep"
check "mark: clyde's directory removed" empty_dir "$T/d"

# With and without the probe, in alternating rounds, compared.
$CLYDE -d "$T/d" $U -s 32M -r 0 -n 0 -f -m box --vary probe=off,read+write -x 2 \
	--json "$T/v.json" >"$T/out" 2>"$T/err"
st=$?
check "--vary probe=off,read+write: exit 0" [ "$st" -eq 0 ]
check "--vary probe: both setups ran twice" \
	[ "$(grep -c '^1.96,.*\[probe=\(off\|read+write\)\],' "$T/out")" -eq 4 ]
check "--vary probe: the comparison of their rates" \
	grep -q "^B: box \[probe=read+write\] (2 runs) against A: box \[probe=off\] (2 runs), the baseline" "$T/out"
check "--vary probe: Feel lines for the runs with it only" \
	sh -c "grep -q '^Feel (run [0-9], box \[probe=read+write\])' '$T/out' && ! grep -q '^Feel (run [0-9], box \[probe=off\])' '$T/out'"
