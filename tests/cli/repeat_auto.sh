# SPDX-License-Identifier: MIT
# -x auto[:MAX] end to end: its values checked, then a real run: the CSV
# header and a line per run (3 to MAX of them), the JSON array of every
# run, each run's own seed, and the stderr lines that say whether each
# rate settled; -x N unchanged beside it.
. tests/cli/lib.sh
plan 24
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

# -x 2 keeps bonnie++'s meaning: header, two lines, one seed, no verdict.
$CLYDE -d "$T/d" $U -s 0 -n 1 -x 2 -z 7 >"$T/out" 2>"$T/err"
check "-x 2: header and two lines" [ "$(grep -c '^1\.96,clyde-' "$T/out")" -eq 2 ]
check "-x 2: both runs with the seed given" [ "$(grep -c '^1\.96,clyde-[^,]*,[^,]*,[^,]*,7,' "$T/out")" -eq 2 ]
check "-x 2: no -x auto line" [ "$(grep -c "x auto" "$T/err")" -eq 0 ]
