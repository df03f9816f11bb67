#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every test of clyde: the unit-test binaries in $BUILD/tests (BUILD
# defaults to build), then the shell tests in tests/cli. Each test prints
# "ok NAME", "FAIL NAME: why" or "skip NAME: why" (a check that could not
# run here, never counted as passed); a program that exits non-zero without
# a FAIL line counts as one failure. Ends with "N passed, N failed, N
# skipped" and exits non-zero on any failure.
# With an argument, runs only the tests whose file name contains it.
cd "$(dirname "$0")/.." || exit 2
BUILD=${BUILD:-build}
export BUILD
filter=${1:-}
passed=0
failed=0
skipped=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() {
	name=$1
	shift
	start=$(date +%s)
	"$@" >"$log" 2>&1
	status=$?
	cat "$log"
	# How long each took, to keep make test under its 10 minutes.
	echo "# $name: $(($(date +%s) - start)) s"
	p=$(grep -c '^ok ' "$log")
	f=$(grep -c '^FAIL ' "$log")
	s=$(grep -c '^skip ' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name: exited with status $status"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
}

for t in "$BUILD"/tests/*/test_*; do
	[ -x "$t" ] || continue
	case $t in *"$filter"*) ;; *) continue ;; esac
	run_one "$t" "$t"
done
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	case $t in */lib.sh) continue ;; esac
	case $t in *"$filter"*) ;; *) continue ;; esac
	run_one "$t" sh "$t"
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
