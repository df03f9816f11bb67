# SPDX-License-Identifier: MIT
# `clyde report` at scale: memory grows with what a format needs, not with
# the input. The peak RSS of 10,000 and of 100,000 lines gives the memory
# each further run costs (the slope, free of any fixed overhead or a
# sanitizer's): next to nothing when CSV and JSON stream, a compact row
# (about 210 bytes) when the runs are kept for a table, a page or
# --summary, where a whole struct run_results (about 5 KB) used to be.
. tests/cli/lib.sh
plan 7

if [ ! -x /usr/bin/time ]; then
	skips "$PLAN" "report memory per run" "no /usr/bin/time to measure memory"
	exit 0
fi
# ThreadSanitizer keeps shadow memory beside every heap byte (a run's row
# measured about 1.1 KB under it, 216 bytes without): the limits grow
# fivefold, still under the 5 KB a whole run would cost.
scale=1
if grep -q -- -fsanitize=thread "$BUILD/flags" 2>/dev/null; then
	scale=5
fi
grep -h '^1\.98,' tests/golden/fixtures/*.stdout >"$T/base.csv"
awk -v n=10000 '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' \
	"$T/base.csv" >"$T/small.csv"
awk -v n=100000 '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' \
	"$T/base.csv" >"$T/big.csv"

# rss FILE ARGS...: peak RSS in KiB of `clyde report ARGS FILE`.
rss() {
	f=$1
	shift
	/usr/bin/time -f '%M' -o "$T/rss" $CLYDE report "$@" "$f" >"$T/out" 2>"$T/err"
	echo $? >"$T/st"
	tail -n 1 "$T/rss"
}
# per_run NAME LIMIT ARGS...: the bytes each of the 90,000 further runs
# costs must stay under LIMIT.
per_run() {
	name=$1
	limit=$(($2 * scale))
	shift 2
	small=$(rss "$T/small.csv" "$@")
	big=$(rss "$T/big.csv" "$@")
	st=$(cat "$T/st")
	bytes=$(((big - small) * 1024 / 90000))
	if [ $st -eq 0 ] && [ "$bytes" -lt "$limit" ]; then
		ok "$name: $bytes bytes a run (under $limit)"
	else
		fail "$name" "exit $st, $bytes bytes a run (${small} KiB for 10,000 runs, ${big} KiB for 100,000), limit $limit"
	fi
}

per_run "csv-1.98 streams" 16 --format csv-1.98
per_run "json streams" 16 --format json
per_run "text-1.03 keeps a compact row" 400
check "100,000 lines: every run in the table" grep -q '^100000 runs; every run: bonnie++ 2.00a' "$T/out"
per_run "html keeps a compact row" 400 --format html
per_run "--summary keeps a compact row" 400 --summary
per_run "--summary with csv-1.98 keeps a compact row" 400 --summary --format csv-1.98
