# SPDX-License-Identifier: MIT
# --vary's keys that change the machine, on a loop-mounted ext4 of the
# test's own (root only): schedulers (the queue depth and the scheduler's
# tunables a switch resets put back too; with --probe, the seed's
# experiment: the probe's waits per scheduler, compared), read-ahead,
# nr_requests, the write cache, remount with and without discard and the
# atime flags, and FITRIM timed; a scheduler the kernel lacks and the filesystem holding /
# refused; everything as it was after the run, after every signal, after
# an output failure mid-run; after SIGKILL the journal, and clyde --restore
# or the next clyde run as root putting it back; two runs at once refused.
. tests/cli/lib.sh
plan 53
if [ "$(id -u)" != 0 ]; then
	skips "$PLAN" "--vary's system keys on a loop device" \
		"needs root to make a loop device and change its settings"
	exit 0
fi
# The loop device outlives the test (another test gets it next): what the
# test itself set is put back at the end, after any clyde it started.
QUEUE0=""
cleanup_root() {
	if [ -n "${pid:-}" ]; then
		kill -TERM "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	[ -d "${J:-}" ] && $CLYDE --restore >/dev/null 2>&1
	for kv in $QUEUE0; do
		echo "${kv#*=}" >"$Q/${kv%%=*}" 2>/dev/null
	done
	unmount_all
	rm -rf "$T"
}
trap cleanup_root EXIT
trap 'cleanup_root; exit 1' INT TERM
ulimit -c 0
truncate -s 256M "$T/img"
if ! mkfs.ext4 -q -F "$T/img" >/dev/null 2>&1 || ! mnt "$T/m" -o loop "$T/img"; then
	skips "$PLAN" "--vary's system keys on a loop device" "cannot mount a loop ext4 image"
	exit 0
fi
LOOP=$(findmnt -n -o SOURCE "$T/m" | sed 's|^/dev/||')
Q=/sys/class/block/$LOOP/queue
if [ -z "$LOOP" ] || ! grep -q mq-deadline "$Q/scheduler" || ! grep -q kyber "$Q/scheduler"; then
	skips "$PLAN" "--vary's system keys on a loop device" \
		"the loop device offers no mq-deadline and kyber"
	exit 0
fi
# The journals stay the test's: no other clyde recovers a run it killed.
J=$T/journals
export CLYDE_TEST_JOURNAL_DIR="$J"
sel() { sed 's/.*\[\(.*\)\].*/\1/' "$Q/scheduler"; }
QUEUE0="scheduler=$(sel) nr_requests=$(cat "$Q/nr_requests") read_ahead_kb=$(cat "$Q/read_ahead_kb")"
# A starting point of the test's own: mq-deadline with a tunable and a
# queue depth that are not the defaults a switch back would give.
echo mq-deadline >"$Q/scheduler"
echo 321 >"$Q/iosched/read_expire"
RE=$(cat "$Q/iosched/read_expire") # in jiffies underneath: 324 at HZ 250
echo 77 >"$Q/nr_requests"
echo 96 >"$Q/read_ahead_kb"
# state: every setting --vary may touch here, and the mount's options.
state() {
	cat "$Q/scheduler" "$Q/nr_requests" "$Q/read_ahead_kb" "$Q/write_cache"
	for f in "$Q"/iosched/*; do echo "$f $(cat "$f" 2>/dev/null)"; done
	awk -v m="$T/m" '$5 == m { print $6, $NF }' /proc/self/mountinfo
}
S0=$(state)
as_it_was() { [ "$(state)" = "$S0" ]; }
no_journal() { [ -z "$(ls -A "$J" 2>/dev/null)" ]; }
no_workdir() { [ -z "$(workdir_in "$T/m")" ]; }
run() {
	$CLYDE -d "$T/m" -u root -r 0 -n 0 -f "$@" >"$T/out" 2>"$T/err"
	st=$?
}

# --- schedulers --------------------------------------------------------------
run -s 16M --vary scheduler=none,kyber --json "$T/s.json"
check "scheduler: exit 0" [ "$st" -eq 0 ]
check "scheduler: both ran" [ "$(grep -c "^1.96,.*\[scheduler=\(none\|kyber\)\]," "$T/out")" -eq 2 ]
check "scheduler: put back and said" grep -qxF "clyde: put back: $Q/scheduler = mq-deadline" "$T/err"
check "scheduler: the queue depth a switch reset, put back" grep -qxF "clyde: put back: $Q/nr_requests = 77" "$T/err"
check "scheduler: the tunable a switch reset, put back" grep -qxF "clyde: put back: $Q/iosched/read_expire = $RE" "$T/err"
check "scheduler: everything as it was" as_it_was
check "scheduler: no journal left" no_journal
check "scheduler: clyde's directory removed" no_workdir
run -s 16M --vary scheduler=none,nosuch
check "a scheduler the kernel lacks: exit 2" [ "$st" -eq 2 ]
check "a scheduler the kernel lacks: says which and why" grep -q \
	"^clyde: --vary scheduler=nosuch: $LOOP offers none.*mq-deadline.*; nosuch is missing: this kernel (.*) does not have it\$" "$T/err"
check "a scheduler the kernel lacks: nothing changed" as_it_was
check "a scheduler the kernel lacks: no journal left" no_journal

# --- the seed's experiment: schedulers and the probe's waits beside them -----
run -s 16M --vary scheduler=mq-deadline,none --probe -x 2 --json "$T/p.json"
check "scheduler and --probe: exit 0" [ "$st" -eq 0 ]
check "scheduler and --probe: a Feel line per run beside block output" \
	[ "$(grep -c '^Feel (run [1-4], .* \[scheduler=\(mq-deadline\|none\)\]): block output: reads waited p50 ' "$T/out")" -eq 4 ]
check "scheduler and --probe: the comparison covers the probe's p99" \
	grep -q '^Block write  *p99 probe read  ' "$T/out"
json_check "scheduler and --probe: every run's waits in the JSON, two under each scheduler" "$T/p.json" \
	"all(r['phases'][1]['probe']['reads']['latency_us']['count'] > 0 for r in j) and sorted(r['vary']['settings']['scheduler'] for r in j) == ['mq-deadline'] * 2 + ['none'] * 2"
check "scheduler and --probe: everything as it was" as_it_was
check "scheduler and --probe: clyde's directory and the probe's file removed" no_workdir

# --- the other queue attributes ----------------------------------------------
run -s 8M --vary read-ahead=64,1024 --vary nr-requests=16,32 \
	--vary write-cache=write-through,write-back --json "$T/q.json"
check "queue attributes: exit 0, eight setups" [ "$st" -eq 0 ] && [ "$(grep -c '^1.96,' "$T/out")" -eq 8 ]
check "queue attributes: everything as it was" as_it_was
check "queue attributes: no journal left" no_journal

# --- remount with and without discard, FITRIM before a run --------------------
run -s 16M --vary mount=discard,nodiscard --vary trim=before,none --json "$T/d.json"
check "discard and FITRIM: exit 0" [ "$st" -eq 0 ]
json_check "discard and FITRIM: each run was mounted as its setup says" "$T/d.json" \
	"len(j) == 4 and all(('discard' in r['provenance']['filesystem']['super_options'].split(',')) == (r['vary']['settings']['mount'] == 'discard') for r in j)"
json_check "discard and FITRIM: FITRIM timed before the trim=before runs only" "$T/d.json" \
	"all((r['vary']['trim'] is not None) == (r['vary']['settings']['trim'] == 'before') for r in j) and all(r['vary']['trim']['seconds'] >= 0 and r['vary']['trim']['bytes'] >= 0 for r in j if r['vary']['trim'])"
check "discard and FITRIM: announced with its time" \
	grep -q "^Round 1 of 1, setup [1-4] of 4: mount=discard trim=before (FITRIM: [0-9.]* s, [0-9.]* MiB trimmed)\$" "$T/err"
check "discard and FITRIM: the comparison says which setups trimmed" \
	grep -q "^What differs: .*FITRIM before the run (A) against no FITRIM before the run (B)" "$T/out"
check "discard and FITRIM: the mount as it was" as_it_was
run -s 8M --vary mount=noatime,strictatime
check "atime: exit 0" [ "$st" -eq 0 ]
check "atime: the mount as it was" as_it_was
if [ "$(stat -c %d /)" = "$(stat -c %d "$T")" ]; then
	$CLYDE -d "$T" -u root -r 0 -s 8M -n 0 -f --vary mount=noatime,relatime >"$T/out" 2>"$T/err"
	st=$?
	check "the filesystem holding /: refused" [ "$st" -eq 2 ]
	check "the filesystem holding /: says why" \
		grep -q "^clyde: --vary mount: .* is the filesystem that holds /, and remounting it changes the whole system; give --vary-root-fs to do it anyway\$" "$T/err"
else
	skips 2 "the filesystem holding /" "$T is not on the filesystem of /"
fi

# --- every signal, mid-run, puts everything back ------------------------------
# A run whose every setup differs from the start: whenever the signal comes
# after the first setup was made, something is changed.
LONG="-s 128M -x 3 --vary scheduler=none,kyber --vary mount=noatime,strictatime"
start() {
	: >"$T/err"
	$CLYDE -d "$T/m" -u root -r 0 -n 0 -f $LONG "$@" \
		>"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$T/err" "^Round 1 of 3, setup 1 of 4"
}
finish() {
	wait "$pid"
	st=$?
	pid=
}
bad=0
for sig in 2 3 10 12 14 15 16 24 25 26 27 29 30 34 64; do
	start
	changed=no
	[ "$(state)" != "$S0" ] && changed=yes
	kill -"$sig" "$pid"
	finish
	if [ "$changed" != yes ] || [ "$st" -ne $((128 + sig)) ] || ! as_it_was ||
		! no_journal || ! no_workdir ||
		! grep -q "^clyde: interrupted by signal $sig " "$T/err"; then
		bad=$((bad + 1))
		fail "signal $sig mid-run" "changed $changed, exit $st: $(tr '\n' '|' <"$T/err")"
	fi
done
check "every signal mid-run: everything put back, nothing left" [ "$bad" -eq 0 ]

# --- an output failure mid-run: the reader goes after the header line ---------
rm -f "$T/fifo"
mkfifo "$T/fifo"
head -n 1 <"$T/fifo" >/dev/null &
$CLYDE -d "$T/m" -u root -r 0 -n 0 -f --progress never -s 16M -x 2 \
	--vary scheduler=none,kyber >"$T/fifo" 2>"$T/err"
st=$?
wait
check "output failure: exit 5" [ "$st" -eq 5 ]
check "output failure: says which write" grep -q "^clyde: stdout: write: Broken pipe" "$T/err"
check "output failure: everything as it was" as_it_was
check "output failure: no journal left" no_journal

# --- SIGKILL: the journal stays; --restore puts it back -----------------------
start
kill -9 "$pid"
finish
check "SIGKILL: the settings stay changed" [ "$(state)" != "$S0" ]
check "SIGKILL: the journal stays" [ -n "$(ls "$J"/settings.* 2>/dev/null)" ]
rm -rf "$(workdir_in "$T/m")" # what a SIGKILL leaves behind
$CLYDE --restore >"$T/out" 2>"$T/err"
st=$?
check "--restore: exit 0" [ "$st" -eq 0 ]
check "--restore: says what it put back" grep -qxF "clyde: put back: $Q/scheduler = mq-deadline" "$T/err"
check "--restore: names the journal and the killed run" \
	grep -q "^clyde: $J/settings\.[0-9]*: a --vary run (process [0-9]*) was killed with [1-9][0-9]* settings* changed, now put back\( (the other [0-9]* it recorded \(was as it\|were as they\) had been)\)*; journal removed\$" "$T/err"
check "--restore: everything as it was" as_it_was
check "--restore: the journal removed" no_journal
$CLYDE --restore >"$T/out" 2>"$T/err"
check "--restore again: nothing to put back" \
	grep -qxF "clyde: nothing to put back: no journal of a killed --vary run in $J" "$T/err"
# The next clyde run as root puts it back first, whatever it runs.
start
kill -9 "$pid"
finish
rm -rf "$(workdir_in "$T/m")"
mkdir "$T/d"
$CLYDE -d "$T/d" -u root -s 0 -n 1 -r 0 --progress never >"$T/out" 2>"$T/err"
st=$?
check "the next run as root: puts it back first" grep -qxF "clyde: put back: $Q/scheduler = mq-deadline" "$T/err"
check "the next run as root: then runs (exit 0)" [ "$st" -eq 0 ]
check "the next run as root: everything as it was" as_it_was
check "the next run as root: the journal removed" no_journal

# --- two at once, and the stated place ----------------------------------------
unset CLYDE_TEST_JOURNAL_DIR
start
check "the journal is in /run/clyde while it runs" [ -f "/run/clyde/settings.$pid" ]
first=$pid
$CLYDE -d "$T/m" -u root -r 0 -n 0 -f -s 8M --vary scheduler=none,kyber >"$T/out" 2>"$T/err2"
st=$?
check "a second run on the same disk: exit 2" [ "$st" -eq 2 ]
check "a second run on the same disk: says who holds it" \
	grep -q "^clyde: $Q/scheduler: another clyde (process $first) is varying it now; run one at a time\$" "$T/err2"
pid=$first
kill -INT "$pid"
finish
check "the first, interrupted: everything as it was" as_it_was
check "the first, interrupted: its journal removed from /run/clyde" [ ! -e "/run/clyde/settings.$first" ]
