# SPDX-License-Identifier: MIT
# -x auto[:MAX] end to end: its values checked, then a real run: the CSV
# header and a line per run (3 to MAX of them), the JSON array of every
# run, each run's own seed, the summary table and the stderr lines that
# say whether each rate settled; -x N unchanged on stdout beside it, its
# summary on stderr.
. tests/cli/lib.sh
plan 36
mkdir "$T/d"

for bad in auto:2 auto:1001 auto: autox auto:3x; do
	$CLYDE -d "$T/d" $U -x "$bad" >"$T/out" 2>"$T/err"
	check "-x $bad: usage error" [ $? -eq 1 ]
	check "-x $bad: says why" grep -q "^clyde: -x $bad: " "$T/err"
done

$CLYDE -d "$T/d" $U -s 0 -n 1 -x auto:4 -z 500 --json "$T/a.json" >"$T/out" 2>"$T/err"
check "-x auto:4: exit 0" [ $? -eq 0 ]
check "-x auto:4: the CSV header first" grep -q '^format_version,bonnie_version,' "$T/out"
runs=$(grep -c '^1\.96,clyde-' "$T/out")
check "-x auto:4: 3 to 4 CSV lines ($runs)" [ "$runs" -ge 3 -a "$runs" -le 4 ]
check "-x auto:4: nothing but CSV on stdout" [ "$(wc -l <"$T/out")" -eq $((runs + 1)) ]
noisy=$(grep -c '^clyde: -x auto: .* still noisy after 4 runs: ' "$T/err")
# Settled, or nothing to settle (every figure +++++ in every run).
settled=$(grep -Ec "^clyde: -x auto: (every rate settled|no rate was measured) in $runs runs " "$T/err")
check "-x auto:4: stopped early only when settled ($runs runs, $noisy noisy)" \
	[ "$runs" -eq 4 -o "$settled" -eq 1 ]
check "-x auto:4: one verdict: settled, or a line per noisy rate" \
	[ $((settled + (noisy > 0))) -eq 1 ]
check "-x auto:4: only file-test rates can be noisy" \
	[ "$(grep -c 'still noisy' "$T/err")" -eq "$(grep -Ec '^clyde: -x auto: (sequential|random) (create|stat|delete) still noisy' "$T/err")" ]
if command -v python3 >/dev/null 2>&1; then
	check "-x auto:4: the JSON holds every run" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if isinstance(j, list) and len(j) == $runs else 1)" "$T/a.json"
	check "-x auto:4 -z 500: run N has seed 500 + N - 1" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if [r['seed'] for r in j] == [str(500 + i) for i in range(len(j))] else 1)" "$T/a.json"
else
	skip "-x auto:4: the JSON holds every run" "no python3"
	skip "-x auto:4 -z 500: run N has seed 500 + N - 1" "no python3"
fi
check "-x auto:4 -z 500: the CSV lines say each run's seed" \
	[ "$(grep '^1\.96,clyde-' "$T/out" | cut -d, -f5 | tr '\n' ' ')" = "$(seq -s ' ' 500 $((499 + runs))) " ]
check "-x auto:4: directory left empty" empty_dir "$T/d"
median=$(grep -n ' (median) ' "$T/err" | head -n 1 | cut -d: -f1)
verdict=$(grep -n '^clyde: -x auto: ' "$T/err" | head -n 1 | cut -d: -f1)
check "-x auto:4: the summary table, then the verdict" \
	[ -n "$median" ] && [ -n "$verdict" ] && [ "$median" -lt "$verdict" ]

# -x 2 keeps bonnie++'s meaning: header, two lines, one seed, no verdict.
$CLYDE -d "$T/d" $U -s 0 -n 1 -x 2 -z 7 >"$T/out" 2>"$T/err"
check "-x 2: header and two lines" [ "$(grep -c '^1\.96,clyde-' "$T/out")" -eq 2 ]
check "-x 2: both runs with the seed given" [ "$(grep -c '^1\.96,clyde-[^,]*,[^,]*,[^,]*,7,' "$T/out")" -eq 2 ]
check "-x 2: no -x auto line" [ "$(grep -c "x auto" "$T/err")" -eq 0 ]

# After the runs, their summary table on stderr, as `clyde report --summary`
# prints them: a row per run, then min, median and max; stdout stays CSV.
$CLYDE -d "$T/d" $U -s 0 -n 1 -m box -x 2 --progress never --json "$T/x2.json" \
	>"$T/out" 2>"$T/err"
check "-x 2: the summary table on stderr" grep -q '^Version .*--Sequential Create--' "$T/err"
check "-x 2: a row per run" [ "$(grep -c '^box  ' "$T/err")" -eq 2 ]
for s in min median max; do
	check "-x 2: a $s row" grep -q "^box ($s) " "$T/err"
done
check "-x 2: the summary's note" grep -q '^Note: box: min, median and max of 2 runs ' "$T/err"
$CLYDE report --summary "$T/x2.json" >"$T/report"
check "-x 2: the median row clyde report --summary makes of its JSON" \
	[ "$(grep '^box (median) ' "$T/report")" = "$(grep '^box (median) ' "$T/err")" ]
check "-x 2: nothing but CSV on stdout" [ "$(wc -l <"$T/out")" -eq 3 ]
$CLYDE -d "$T/d" $U -s 0 -n 1 -m box -x 2 -q >"$T/out" 2>"$T/err"
check "-x 2 -q: no summary" sh -c "! grep -q '^box (median)' '$T/err'"
$CLYDE -d "$T/d" $U -s 0 -n 1 -m box -x 2 --table none --progress never >"$T/out" 2>"$T/err"
check "-x 2 --table none: no summary" sh -c "! grep -q '^box (median)' '$T/err'"
$CLYDE -d "$T/d" $U -s 0 -n 1 -m box -x 2 --table 2.00 --progress never >"$T/out" 2>"$T/err"
check "-x 2 --table 2.00: the summary in that layout" grep -q '^Latency ' "$T/err"
