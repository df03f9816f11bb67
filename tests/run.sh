#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every test of clyde: the unit-test binaries in $BUILD/tests (BUILD
# defaults to build), then the shell tests in tests/cli, CLYDE_TEST_JOBS (2)
# at a time; each test's lines are printed together, in this order, with
# the seconds it took. Each test prints "ok NAME", "FAIL NAME: why" or
# "skip NAME: why" (a check that could not run here, never counted as
# passed; "skips N NAME: why" for N of them) and "plan N", the number of
# those it prints (a script first, tests/cli/lib.sh's plan; a unit binary
# last, from check_done). A test is one more failure when its count is not
# its plan (it died early, or its plan is stale), when it exits non-zero
# without a FAIL line, or when it runs past CLYDE_TEST_TIMEOUT seconds (300;
# 900 for a SANITIZE= build), when it is killed with its process group.
# Any two tests can run at once: a test that changes a machine-wide setting
# holds flock /tmp/clyde-global.lock while it is changed (tests/cli/engines.sh
# and its sysctls), and those whose runs depend on it hold it shared
# (tests/cli/lib.sh's hold_engines).
# Ends with "N passed, N failed, N skipped" and exits non-zero on any
# failure.
# With an argument, runs only the tests whose file name contains it.
cd "$(dirname "$0")/.." || exit 2
BUILD=${BUILD:-build}
export BUILD
filter=${1:-}
jobs=${CLYDE_TEST_JOBS:-2}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
if grep -q -- -fsanitize "$BUILD/flags" 2>/dev/null; then
	limit=${CLYDE_TEST_TIMEOUT:-900}
else
	limit=${CLYDE_TEST_TIMEOUT:-300}
fi
if ! command -v timeout >/dev/null 2>&1; then
	echo "tests/run.sh: no timeout(1) to hold each test to its time limit (coreutils)"
	exit 2
fi
passed=0
failed=0
skipped=0
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT

# Test K's output is $dir/K.out, "STATUS SECONDS" in $dir/K.st when it has
# ended, the pid of its timeout(1) (its process group) in $dir/K.pid. A job
# says K on the pipe $dir/done when it ends; a job ignores ^C, which run.sh
# passes on to its test as SIGTERM (stop_all) and waits for the clean-up.
mkfifo "$dir/done" || exit 2
exec 3<>"$dir/done"
start() {
	k=$1
	shift
	(
		trap '' INT
		t0=$(date +%s)
		timeout -k 10 "$limit" "$@" </dev/null 3>&- >"$dir/$k.out" 2>&1 &
		echo $! >"$dir/$k.pid"
		wait $!
		echo "$? $(($(date +%s) - t0))" >"$dir/$k.st"
		rm -f "$dir/$k.pid"
		echo "$k" >&3
	) &
}
stop_all() {
	for p in "$dir"/*.pid; do
		[ -f "$p" ] && kill -TERM "$(cat "$p")" 2>/dev/null
	done
	wait
	exit 130
}
trap stop_all INT TERM

# report K NAME: test K's lines, its time, one more FAIL line for what its
# own lines cannot say, and its counts added to the totals.
report() {
	cat "$dir/$1.out"
	read -r status secs <"$dir/$1.st"
	echo "# $2: $secs s"
	set -- "$2" $(awk '/^ok /{ p++ } /^FAIL /{ f++ } /^skip /{ s++ }
		/^skips [0-9]+ /{ s += $2 } /^plan [0-9]+$/{ n++; plan += $2 }
		END { print p + 0, f + 0, s + 0, n + 0, plan + 0 }' "$dir/$1.out")
	# $1 name, $2 ok, $3 FAIL, $4 skipped, $5 plan lines, $6 planned
	count=$(($2 + $3 + $4))
	why=""
	if { [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; } && [ "$secs" -ge "$limit" ]; then
		why="killed after $limit s, its time limit (CLYDE_TEST_TIMEOUT)"
	elif [ "$5" -eq 0 ]; then
		why="no plan line: a test says how many checks it prints (plan N)"
	elif [ "$count" -lt "$6" ]; then
		why="died early after $count of its $6 planned checks (or, if all ran, its plan is stale: make it plan $count)"
	elif [ "$count" -gt "$6" ]; then
		why="printed $count checks, its plan says $6: make it plan $count"
	elif [ "$status" -ne 0 ] && [ "$3" -eq 0 ]; then
		why="exited with status $status"
	fi
	passed=$((passed + $2))
	failed=$((failed + $3))
	skipped=$((skipped + $4))
	if [ -n "$why" ]; then
		echo "FAIL $1: $why"
		failed=$((failed + 1))
	fi
}

# The tests, in the order their lines are printed.
n=0
for t in "$BUILD"/tests/*/test_* tests/cli/*.sh; do
	case $t in */lib.sh) continue ;; esac
	case $t in *"$filter"*) ;; *) continue ;; esac
	case $t in
	*.sh) [ -f "$t" ] || continue ;;
	*) [ -x "$t" ] || continue ;;
	esac
	n=$((n + 1))
	eval "name_$n=\$t"
done

next=1    # the next test whose lines are printed
started=0 # tests started so far
ended=0   # tests ended so far
while [ "$next" -le "$n" ]; do
	while [ "$started" -lt "$n" ] && [ $((started - ended)) -lt "$jobs" ]; do
		started=$((started + 1))
		eval "t=\$name_$started"
		case $t in *.sh) start "$started" sh "$t" ;; *) start "$started" "$t" ;; esac
	done
	read -r k <&3
	: >"$dir/$k.ended"
	ended=$((ended + 1))
	while [ "$next" -le "$n" ] && [ -f "$dir/$next.ended" ]; do
		eval "report $next \"\$name_$next\""
		rm -f "$dir/$next".*
		next=$((next + 1))
	done
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
