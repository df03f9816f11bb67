# SPDX-License-Identifier: MIT
# `clyde report --compare` from the command line: verdicts on groups whose
# figures the test sets (clearly apart, alike, one run), the same answer
# from CSV and from JSON, --baseline, --threshold, every format that shows
# it, clyde mark results compared, and the errors (one group, an unknown
# baseline, a bad threshold, CSV or JSON, --summary).
. tests/cli/lib.sh
plan 33

# line NAME SEED WRITE_KIB READ_KIB: a 1.98 line with block write and read.
line() {
	cpu=60
	[ "$4" = +++++ ] && cpu=+++
	printf '1.98,clyde-0.1.0,%s,1,%s,1G,,8192,5,,,%s,40,%s,30,,,%s,%s,' \
		"$1" "$2" "$3" "$(($3 / 2))" "$4" "$cpu"
	printf '+++++,+++,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,'
	printf '+++++,+++,,,,,,,,,,,,\n'
}
{
	line ssd 1 400000 1200000
	line ssd 2 410000 1190000
	line ssd 3 405000 +++++
	line ssd 4 398000 1210000
	line hdd 1 150000 1195000
	line hdd 2 160000 1215000
	line hdd 3 155000 1180000
	line nvme 1 900000 3000000
} >"$T/runs.csv"

report() {
	$CLYDE report "$@" >"$T/out" 2>"$T/err"
	st=$?
}
row() { grep -E "^$1 +$2 " "$T/out" | sed -n "${3:-1}p"; }
checks() {
	if eval "$2"; then ok "$1"; else fail "$1" "$2"; fi
}

report --compare "$T/runs.csv"
checks "compare: exit 0, nothing on stderr" '[ $st -eq 0 ] && [ ! -s "$T/err" ]'
checks "compare: ssd is the baseline" \
	'grep -qxF "Comparison of 3 groups of runs; the baseline is ssd." "$T/out"'
checks "compare: hdd writes slower, beyond noise" \
	'row "Block write" "MiB/s" | grep -q " slower$"'
checks "compare: hdd reads alike, with what these runs would detect" \
	'row "Block read" "MiB/s" | grep -q "cannot tell (reliably detects [0-9.]*% or more)$"'
checks "compare: less CPU per MiB/s for hdd's reads is not claimed" \
	'row "Block read" "CPU % per MiB/s" | grep -q "cannot tell"'
checks "compare: nvme's one run cannot tell" \
	'row "Block write" "MiB/s" 2 | grep -q "+[0-9]*% *cannot tell from one run$"'
checks "compare: the +++++ read left out and said so" \
	'grep -q "Left out as missing (+++++, not run or not recorded): Block read in 1 of A.s 4" "$T/out"'
checks "compare: the preamble says what the error rate covers" \
	'grep -q "one family" "$T/out" && grep -q "at most 5%" "$T/out"'
checks "compare: what differs opens each pair" \
	'[ "$(grep -c "^What differs: " "$T/out")" -eq 2 ]'
checks "compare: seeks, +++++ everywhere, have no row" '! grep -q "^Random seeks" "$T/out"'
cp "$T/out" "$T/csv.out"

# The same runs through clyde's JSON give the same comparison.
$CLYDE report --format json "$T/runs.csv" >"$T/runs.json" 2>/dev/null
report --compare "$T/runs.json"
check "compare: from JSON as from CSV" cmp -s "$T/out" "$T/csv.out"

report --baseline nvme --format text-2.00 "$T/runs.csv"
checks "--baseline: implies --compare and picks the group" \
	'[ $st -eq 0 ] && grep -qxF "Comparison of 3 groups of runs; the baseline is nvme." "$T/out"'
checks "--baseline nvme: every verdict is cannot tell from one run" \
	'[ "$(grep -c "cannot tell from one run$" "$T/out")" -eq "$(grep -cE "^(Block|Rewrite) " "$T/out")" ]'

report --compare --threshold 200 "$T/runs.csv"
checks "--threshold: out of range, a usage error" \
	'[ $st -eq 1 ] && [ ! -s "$T/out" ] && grep -q "threshold .200.: a percentage above 0 and below 100" "$T/err"'
report --compare --threshold 70% "$T/runs.csv"
checks "--threshold 70%: hdd's reads, within 5%, are the same within ±70%" \
	'[ $st -eq 0 ] && row "Block read" "MiB/s" | grep -q "the same within ±70%$" && row "Block write" "MiB/s" | grep -q " slower$"'

for f in markdown html svg; do
	report --compare --format $f "$T/runs.csv"
	checks "compare --format $f: exit 0, verdicts shown" \
		'[ $st -eq 0 ] && [ ! -s "$T/err" ] && grep -q "cannot tell from one run" "$T/out" && grep -q "slower" "$T/out" && grep -q "What differs" "$T/out"'
done
checks "compare svg: error bars over each group's spread" \
	'[ "$(grep -c "<path class=\"spread\"" "$T/out")" -ge 4 ]'

# clyde mark results: a before and an after, through the same comparison.
sed "s/@VERSION@/$VERSION/" tests/golden/mark/default.json >"$T/before.json"
sed 's/"machine": "box \\"7\\""/"machine": "after"/' "$T/before.json" >"$T/after.json"
report --compare "$T/before.json" "$T/after.json"
checks "compare marks: exit 0, each test and direction judged" \
	'[ $st -eq 0 ] && [ ! -s "$T/err" ] && grep -q "^Comparison of 2 groups of clyde mark results" "$T/out" && grep -q "^SEQ1M Q8T1 read  *MB/s " "$T/out" && grep -q "^RND4K Q1T1 write  *mean latency " "$T/out"'
checks "compare marks: the same runs, the same within ±3%" \
	'grep -q "^RND4K Q32T1 write  *MB/s .*the same within ±3%$" "$T/out"'
for f in markdown html svg; do
	report --compare --format $f "$T/before.json" "$T/after.json"
	checks "compare marks --format $f" \
		'[ $st -eq 0 ] && grep -q "the same within" "$T/out" && grep -q "SEQ1M Q8T1 read" "$T/out"'
done
report --compare "$T/before.json"
checks "compare one mark: exit 1, says why" \
	'[ $st -eq 1 ] && grep -q "^clyde: report: --compare needs two groups of marks" "$T/err"'

report --compare --baseline hdd2 "$T/runs.csv"
checks "--baseline naming no group: exit 1, one line" \
	'[ $st -eq 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "clyde: report: --baseline: no runs named '"'hdd2'"'" ]'
grep '^1.98,[^,]*,ssd,' "$T/runs.csv" >"$T/one.csv"
report --compare "$T/one.csv"
checks "compare one group: exit 1, says why" \
	'[ $st -eq 1 ] && [ ! -s "$T/out" ] && grep -q "^clyde: report: --compare needs two groups" "$T/err"'
report --compare --format csv-1.98 "$T/runs.csv"
checks "compare as CSV: a usage error" \
	'[ $st -eq 1 ] && [ ! -s "$T/out" ] && grep -q "format .csv-1.98. cannot show a comparison" "$T/err"'
report --compare --format json "$T/runs.csv"
checks "compare as JSON: a usage error" '[ $st -eq 1 ] && [ ! -s "$T/out" ]'
report --compare --summary "$T/runs.csv"
checks "compare with --summary: a usage error" \
	'[ $st -eq 1 ] && grep -qxF "clyde: report: --compare and --summary cannot be combined" "$T/err"'
report --help
checks "report --help explains --compare, --baseline and --threshold" \
	'grep -q "^  --compare$" "$T/out" && grep -q "^  --baseline name$" "$T/out" && grep -q "^  --threshold pct$" "$T/out"'

# A measured rate of 0 is no missing one: said apart (a ratio of 0 says nothing).
{ line ssd 1 400000 1200000; line ssd 2 410000 1190000
  line usb 1 0 1200000; line usb 2 20000 1180000; } >"$T/zero.csv"
report --compare "$T/zero.csv"
checks "compare, a rate of 0: left out as 0, not as missing" \
	'grep -q "^Left out as 0 (measured, but no ratio can be taken of 0): Block write in 1 of$" "$T/out" && ! grep -q "Left out as missing" "$T/out"'
checks "compare, a rate of 0: the group's other run still compared" \
	'row "Block write" "MiB/s" | grep -q "cannot tell from one run$"'
