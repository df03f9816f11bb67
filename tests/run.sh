#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every test of clyde: the unit-test binaries in build/tests, then the
# shell tests in tests/cli. Each test prints "ok NAME" or "FAIL NAME: why";
# a program that exits non-zero without a FAIL line counts as one failure.
# Ends with "N passed, N failed" and exits non-zero on any failure.
# With an argument, runs only the tests whose file name contains it.
cd "$(dirname "$0")/.." || exit 2
filter=${1:-}
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() {
	name=$1
	shift
	"$@" >"$log" 2>&1
	status=$?
	cat "$log"
	p=$(grep -c '^ok ' "$log")
	f=$(grep -c '^FAIL ' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name: exited with status $status"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

for t in build/tests/test_*; do
	[ -x "$t" ] || continue
	case $t in *"$filter"*) ;; *) continue ;; esac
	run_one "$t" "$t"
done
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	case $t in *"$filter"*) ;; *) continue ;; esac
	run_one "$t" sh "$t"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
