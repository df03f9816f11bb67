#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh SECONDS CORPUS_DIR NAME...: runs each libFuzzer harness
# $FUZZ_BUILD/fuzz_NAME (FUZZ_BUILD defaults to build/fuzz) for SECONDS,
# FUZZ_JOBS (2) at a time, growing CORPUS_DIR/NAME from the seeds in
# tests/fuzz/corpus/NAME. Prints "ok fuzz NAME: N executions in S s" or
# "FAIL fuzz NAME: why" with the input saved in $FUZZ_BUILD/crashes/NAME.
set -u
cd "$(dirname "$0")/../.." || exit 2
secs=$1
root=$2
shift 2
jobs=${FUZZ_JOBS:-2}
fb=${FUZZ_BUILD:-build/fuzz}
logs=$(mktemp -d) || exit 2
trap 'rm -rf "$logs"' EXIT

run_one() {
	h=$1
	mkdir -p "$root/$h" "$fb/crashes/$h"
	set -- -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -use_value_profile=1 \
		-artifact_prefix="$fb/crashes/$h/"
	if [ -f "tests/fuzz/dict/$h.dict" ]; then
		set -- "$@" -dict="tests/fuzz/dict/$h.dict"
	fi
	"$fb/fuzz_$h" "$@" "$root/$h" "tests/fuzz/corpus/$h" \
		>"$logs/$h" 2>&1
	echo $? >"$logs/$h.rc"
}

running=0
for h in "$@"; do
	run_one "$h" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait

failed=0
for h in "$@"; do
	rc=$(cat "$logs/$h.rc" 2>/dev/null || echo 99)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$h")
	corpus=$(find "$root/$h" -type f | wc -l)
	if [ "$rc" -eq 0 ] && [ -n "$execs" ]; then
		echo "ok fuzz $h: $execs executions in $secs s ($corpus new inputs)"
		continue
	fi
	failed=1
	saved=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$logs/$h" | head -n 1)
	# What went wrong, as comment lines (tests/run.sh counts the FAIL below).
	grep -E 'FAIL fuzz|ERROR|runtime error|SUMMARY|^ +#[0-9] |Test unit' \
		"$logs/$h" | head -n 30 | sed 's/^/# /'
	echo "FAIL fuzz $h: libFuzzer exited with status $rc; input saved as" \
		"${saved:-(none)}: minimise it, add it under tests/fuzz/regress/$h/"
done
exit "$failed"
