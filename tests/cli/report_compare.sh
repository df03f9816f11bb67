# SPDX-License-Identifier: MIT
# `clyde report --compare` from the command line: verdicts on groups whose
# figures the test sets (clearly apart, alike, one run), the same answer
# from CSV and from JSON, --baseline, every format that shows it, and the
# errors (one group, an unknown baseline, CSV or JSON, --summary).
. tests/cli/lib.sh
plan 21

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
checks "compare: hdd reads alike, with what could have been seen" \
	'row "Block read" "MiB/s" | grep -q "no clear difference (could see ±[0-9.]*%)$"'
checks "compare: less CPU per MiB/s for hdd's reads is not claimed" \
	'row "Block read" "CPU % per MiB/s" | grep -q "no clear difference"'
checks "compare: nvme's one run cannot tell" \
	'row "Block write" "MiB/s" 2 | grep -q "+[0-9]*% *one run cannot tell$"'
checks "compare: the +++++ read left out and said so" \
	'grep -q "Left out as missing (+++++, not run or not recorded): Block read in 1 of A.s 4" "$T/out"'
checks "compare: seeks, +++++ everywhere, have no row" '! grep -q "^Random seeks" "$T/out"'
cp "$T/out" "$T/csv.out"

# The same runs through clyde's JSON give the same comparison.
$CLYDE report --format json "$T/runs.csv" >"$T/runs.json" 2>/dev/null
report --compare "$T/runs.json"
check "compare: from JSON as from CSV" cmp -s "$T/out" "$T/csv.out"

report --baseline nvme --format text-2.00 "$T/runs.csv"
checks "--baseline: implies --compare and picks the group" \
	'[ $st -eq 0 ] && grep -qxF "Comparison of 3 groups of runs; the baseline is nvme." "$T/out"'
checks "--baseline nvme: every verdict is one run cannot tell" \
	'[ "$(grep -c "one run cannot tell$" "$T/out")" -eq "$(grep -cE "^(Block|Rewrite) " "$T/out")" ]'

for f in markdown html svg; do
	report --compare --format $f "$T/runs.csv"
	checks "compare --format $f: exit 0, verdicts shown" \
		'[ $st -eq 0 ] && [ ! -s "$T/err" ] && grep -q "one run cannot tell" "$T/out" && grep -q "slower" "$T/out"'
done
checks "compare svg: error bars over each group's spread" \
	'[ "$(grep -c "<path class=\"spread\"" "$T/out")" -ge 4 ]'

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
checks "report --help explains --compare and --baseline" \
	'grep -q "^  --compare$" "$T/out" && grep -q "^  --baseline name$" "$T/out"'
