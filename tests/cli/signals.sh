# SPDX-License-Identifier: MIT
# SIGINT/SIGTERM at 40 random moments and at chosen ones (32 random-I/O
# threads, 64 seekers, 4 copies, file tests, a -y p prompt, SIGINT blocked
# by the parent): exit 128+signal, one "clyde: interrupted" line, -d empty.
# A second SIGINT is the same request and cleans up too; SIGHUP is ignored.
. tests/cli/lib.sh
plan 58
mkdir "$T/d"

# The number of signal INT or TERM (dash's kill -l cannot say).
signum() { case $1 in INT) echo 2 ;; TERM) echo 15 ;; esac; }
# start ARGS...: clyde in the background (pid in $pid), progress words on.
start() {
	fresh
	$CLYDE -d "$T/d" $U -r 0 --progress auto "$@" >"$T/out" 2>"$T/err" &
	pid=$!
}
# stopped NAME SIGNAL: exit 128+signal, the one interrupt line on a line of
# its own, -d left empty.
stopped() {
	want=$((128 + $(signum "$2")))
	check "$1: exit $want" [ "$st" -eq "$want" ]
	check "$1: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "$1: says so" grep -q "^clyde: interrupted by signal $((want - 128)) ([A-Z][a-z ]*); test files removed\$" "$T/err"
	check "$1: the message starts a line" sh -c "! grep -q '.clyde: ' '$T/err'"
	check "$1: directory left empty" empty_dir "$T/d"
}
# hit NAME WORDS THREADS SIGNAL ARGS...: start, wait for the progress WORDS,
# then for the phase's threads to run (THREADS in all, clyde's main thread
# counted), send SIGNAL, and check it stopped within 5 s.
hit() {
	name=$1
	words=$2
	n_threads=$3
	sig=$4
	shift 4
	start "$@"
	wait_for "$T/err" "$words" || fail "$name" "never reached '$words'"
	wait_until threads $pid "$n_threads" ||
		fail "$name" "never ran $n_threads threads"
	t0=$(date +%s)
	kill -"$sig" $pid
	wait $pid
	st=$?
	check "$name: stopped within 5 s" [ $(($(date +%s) - t0)) -le 5 ]
	stopped "$name" "$sig"
}

# --- 40 random moments --------------------------------------------------------
# Each moment counts from an event, clyde's directory appearing (its signal
# handlers are set up by then), over the span a whole run takes from there.
ARGS="-s 64M -r 32 -n 1 -f"
made_dir() { in_workdir "$T/d" || ! running $pid; }
$CLYDE -d "$T/d" $U $ARGS >/dev/null 2>&1 &
pid=$!
wait_until made_dir
t0=$(date +%s%N)
wait $pid
span_ms=$((($(date +%s%N) - t0) / 1000000 + 100))
interrupted=0
finished=0
where=""
bad=0
i=0
while [ $i -lt 40 ]; do
	i=$((i + 1))
	sig=INT
	[ $((i % 2)) -eq 0 ] && sig=TERM
	delay=$(awk -v s=$i -v p=$$ -v span="$span_ms" \
		'BEGIN { srand(s * 7919 + p); printf "%.3f", rand() * span / 1000 }')
	$CLYDE -d "$T/d" $U $ARGS --progress auto >"$T/out" 2>"$T/err" &
	pid=$!
	wait_until made_dir || fail "signal $i" "clyde never made its directory"
	sleep "$delay"
	kill -$sig $pid 2>/dev/null
	wait $pid
	st=$?
	if [ $st -eq 0 ]; then
		finished=$((finished + 1))
	elif [ $st -eq $((128 + $(signum $sig))) ] &&
		[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] &&
		grep -q '^clyde: interrupted by signal' "$T/err" &&
		! grep -q '.clyde: ' "$T/err"; then
		interrupted=$((interrupted + 1))
		# The phase it hit: the last progress words before the message.
		w=$(grep -v '^clyde: \|^Using uid' "$T/err" | tail -n 1 | sed 's/\.\.\..*//')
		where="$where${w:-set-up};"
	else
		bad=$((bad + 1))
		fail "signal $i ($sig ${delay}s after its directory)" "exit $st: $(tr '\n' '|' <"$T/err")"
	fi
	if ! empty_dir "$T/d"; then
		bad=$((bad + 1))
		fail "signal $i ($sig ${delay}s after its directory)" "left $(ls -A "$T/d")"
		rm -rf "$T/d"/*
	fi
done
summary=$(printf '%s' "$where" | tr ';' '\n' | sort | uniq -c |
	awk '{ n = $1; $1 = ""; printf "%s%s x%d", sep, substr($0, 2), n; sep = ", " }')
check "40 signals at random moments within ${span_ms} ms of clyde's directory: $interrupted interrupted ($summary), $finished finished first" [ $bad -eq 0 ]

# --- chosen moments -----------------------------------------------------------
# Threads: the main one, one per copy, and a copy's 32 random-I/O (the
# threads engine; tests/cli/engines.sh has the others) or 64 seek workers.
hit "SIGINT during random reads Q32T1, threads engine" 'random reads, Q32T1' 34 INT \
	-s 64M::256 -f -n 0 --random-io --random-depths 32 --random-time 30 \
	--engine threads
hit "SIGTERM during random writes Q32T1, threads engine" 'random writes, Q32T1' 34 \
	TERM -s 64M::256 -f -n 0 --random-io --random-depths 32 --random-time 2 \
	--engine threads
hit "SIGTERM among 64 seekers" "start 'em" 66 TERM -s 64M::1000000:64 -f -n 0
hit "SIGINT during block output, -c 4" 'Writing intelligently' 5 INT \
	-s 1024M -c 4 -f -n 0 --no-preflight
hit "SIGTERM during the file tests" 'Create files in sequential order' 2 TERM \
	-s 0 -n 8
hit "SIGINT during per-char output" 'Writing a byte at a time' 2 INT \
	-s 64M -n 0 --char-io syscall

# The progress line is cleared before the message.
start -s 1024M -f -n 0 --progress always --no-preflight
wait_for "$T/err" 'block output'
kill -INT $pid
wait $pid
st=$?
check "SIGINT, progress line: exit 130" [ $st -eq 130 ]
check "SIGINT, progress line: cleared, then the message" \
	sh -c "tail -n 1 '$T/err' | sed 's/.*\\[K//' | grep -q '^clyde: interrupted by signal 2 '"
check "SIGINT, progress line: directory left empty" empty_dir "$T/d"

# Waiting for an answer at a -y p prompt.
prompted -d "$T/d" $U -s 0 -r 0 -n 1
at_test 6
kill -INT $pid
prompted_end
stopped "SIGINT at a -y p prompt" INT

# A parent that blocked SIGINT does not make clyde deaf to it.
if command -v python3 >/dev/null 2>&1; then
	fresh
	python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
os.execv(sys.argv[1], sys.argv[1:])' $CLYDE -d "$T/d" $U -r 0 -s 1024M -f -n 0 \
		--no-preflight >"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$T/err" 'Writing intelligently'
	kill -INT $pid
	wait $pid
	st=$?
	stopped "SIGINT blocked by the parent" INT
else
	skips 5 "SIGINT blocked by the parent" "no python3 to block it"
fi

# SIGHUP is ignored, as bonnie++ does: the run completes.
start -s 64M -n 0 -f
wait_for "$T/err" 'Writing intelligently'
kill -HUP $pid
wait $pid
st=$?
check "SIGHUP ignored: exit 0" [ $st -eq 0 ]
check "SIGHUP ignored: CSV line" grep -q '^1.96,clyde-' "$T/out"
check "SIGHUP ignored: directory left empty" empty_dir "$T/d"

# A second SIGINT at once is the same request: it never skips the clean-up.
start -s 1024M -f -n 0 --no-preflight
wait_for "$T/err" 'Writing intelligently'
kill -INT $pid
kill -INT $pid
wait $pid
st=$?
stopped "double SIGINT" INT
