# SPDX-License-Identifier: MIT
# Every catchable signal whose default action ends the process, one by one:
# at a random moment of a run (set-up included), at a -y p prompt and during
# the file tests. Each gives exit 128+N, one "clyde: interrupted by signal
# N" line and an empty -d. Then a signal repeated to the process and its
# group at random moments, as coreutils timeout sends it: never an exit
# without clean-up.
. tests/cli/lib.sh
plan 143
mkdir "$T/d"
ulimit -c 0 # a signal before the handlers are set must not leave a core
if [ "$(uname -s)" != Linux ]; then
	skips "$PLAN" "every terminating signal" "signal numbers here are Linux's"
	exit 0
fi
# Linux's numbers (the same on x86, ARM and the generic table): dash's kill
# takes numbers, and strsignal names them in clyde's line.
SIGNALS="2 3 10 12 14 15 16 24 25 26 27 29 30 34 50 64"

# stopped NAME N: exit 128+N, the one interrupt line on a line of its own,
# -d left empty.
stopped() {
	check "$1: exit $((128 + $2))" [ "$st" -eq $((128 + $2)) ]
	check "$1: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "$1: says so" grep -q "^clyde: interrupted by signal $2 ([^)]*); test files removed\$" "$T/err"
	check "$1: directory left empty" empty_dir "$T/d"
}
# random_delay SEED MS: a delay in seconds, up to MS milliseconds.
random_delay() {
	awk -v s="$1" -v p=$$ -v span="$2" \
		'BEGIN { srand(s * 7919 + p); printf "%.3f", rand() * span / 1000 }'
}

# judged LABEL N: after signal N at a random moment (status in $st), the
# run finished (exit 0), died before its handlers were set (128+N, nothing
# made, nothing said) or stopped (128+N and the one interrupt line); -d
# is empty. The outcome in $outcome; a failure counted in $bad.
judged() {
	if [ "$st" -eq 0 ]; then
		outcome=finished
	elif [ "$st" -eq $((128 + $2)) ] && [ ! -s "$T/err" ]; then
		outcome=before-handlers
	elif [ "$st" -eq $((128 + $2)) ] &&
		[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] &&
		grep -q "^clyde: interrupted by signal $2 (.*); test files removed\$" "$T/err"; then
		outcome=stopped
	else
		outcome=bad
		bad=$((bad + 1))
		fail "$1" "exit $st: $(tr '\n' '|' <"$T/err")"
	fi
	if ! empty_dir "$T/d"; then
		bad=$((bad + 1))
		fail "$1" "left $(ls -A "$T/d")"
		rm -rf "$T/d"/*
	fi
}

# --- each signal at a random moment -------------------------------------------
ARGS="-s 16M -n 0 -f"
t0=$(date +%s%N)
$CLYDE -d "$T/d" $U -r 0 $ARGS >/dev/null 2>&1
span_ms=$((($(date +%s%N) - t0) / 1000000 + 50))
bad=0
summary=""
for sn in $SIGNALS; do
	delay=$(random_delay "$sn" "$span_ms")
	fresh
	$CLYDE -d "$T/d" $U -r 0 $ARGS >"$T/out" 2>"$T/err" &
	pid=$!
	sleep "$delay"
	kill -"$sn" $pid 2>/dev/null
	wait $pid
	st=$?
	judged "signal $sn after ${delay}s" "$sn"
	summary="$summary $sn:$outcome"
done
check "each terminating signal at a random moment within ${span_ms} ms:$summary" [ $bad -eq 0 ]

# --- each signal at a -y p prompt and during the file tests --------------------
for sn in $SIGNALS; do
	prompted -d "$T/d" $U -r 0 -s 0 -n 1
	at_test 6
	kill -"$sn" $pid
	prompted_end
	stopped "signal $sn at a -y p prompt" "$sn"

	fresh
	$CLYDE -d "$T/d" $U -r 0 -s 0 -n 4 >"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$T/err" 'Create files in sequential order'
	kill -"$sn" $pid
	wait $pid
	st=$?
	stopped "signal $sn during the file tests" "$sn"
done

# --- repeated: the process, then its group, as timeout does -------------------
bad=0
i=0
while [ $i -lt 12 ]; do
	i=$((i + 1))
	sig=2
	[ $((i % 2)) -eq 0 ] && sig=15
	delay=$(random_delay "$((i + 100))" "$span_ms")
	fresh
	setsid $CLYDE -d "$T/d" $U -r 0 $ARGS >"$T/out" 2>"$T/err" &
	pid=$!
	sleep "$delay"
	kill -$sig $pid 2>/dev/null
	kill -$sig -- -$pid 2>/dev/null
	wait $pid
	st=$?
	judged "signal $sig to the process and its group after ${delay}s" $sig
done
check "12 signals sent to the process and then its group at random moments" [ $bad -eq 0 ]

# coreutils timeout itself, SIGINT and its default SIGTERM.
if command -v timeout >/dev/null 2>&1; then
	bad=0
	for i in 1 2 3 4 5 6; do
		delay=$(random_delay "$((i + 200))" "$span_ms")
		if [ $((i % 2)) -eq 0 ]; then how="-s INT"; else how=""; fi
		fresh
		timeout --preserve-status $how "$delay" $CLYDE -d "$T/d" $U -r 0 $ARGS \
			>"$T/out" 2>"$T/err"
		st=$?
		case $st in 0 | 130 | 143) ;; *)
			bad=$((bad + 1))
			fail "timeout $how $delay" "exit $st: $(tr '\n' '|' <"$T/err")" ;;
		esac
		if ! empty_dir "$T/d"; then
			bad=$((bad + 1))
			fail "timeout $how $delay" "left $(ls -A "$T/d")"
			rm -rf "$T/d"/*
		fi
	done
	check "timeout at 6 random moments: nothing left" [ $bad -eq 0 ]
else
	skip "timeout at random moments" "no coreutils timeout"
fi

# --- at the -y s barrier, with the other process never coming -----------------
CLYDE_SYNC_PREFIX=/clyde-test.$$
export CLYDE_SYNC_PREFIX
trap '$CLYDE $U -p -1 >/dev/null 2>&1; rm -rf "$T"' EXIT
if $CLYDE $U -p 2 >/dev/null 2>&1; then
	for sn in 15 10 34; do
		fresh
		$CLYDE -d "$T/d" $U -r 0 -s 0 -n 1 -y s >"$T/out" 2>"$T/err" &
		pid=$!
		# Waiting: its file-test directory made, asleep on a futex.
		wait_until sh -c "grep -q futex /proc/$pid/wchan && ls -d '$T/d'/clyde.*/files" \
			>/dev/null 2>&1
		kill -"$sn" $pid
		wait $pid
		st=$?
		stopped "signal $sn at the -y s barrier" "$sn"
	done
	$CLYDE $U -p -1 >/dev/null 2>&1
else
	skips 12 "signals at the -y s barrier" "cannot make POSIX semaphores here"
fi
