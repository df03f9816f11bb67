# SPDX-License-Identifier: MIT
# clyde report on clyde mark's results: a real mark on a small file written
# as --json and --csv, then `clyde report --format X` on each in every
# format, checked for the mark's own figures (from its JSON); both inputs
# together as two columns; mark and classic input refused together; a bad
# mark line named by file and line.
. tests/cli/lib.sh
plan 44
hold_engines
mkdir "$T/d"

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "clyde report on mark results" "no python3 to read the JSON"
	exit 0
fi

$CLYDE mark -d "$T/d" $U -s 8M --runs 1 --time 1 --progress never \
	--tests RND4K-Q2T1,SEQ128K-Q2T1:write --json "$T/m.json" --csv "$T/m.csv" \
	>/dev/null 2>"$T/err"
st=$?
check "mark: exit 0" [ $st -eq 0 ]
check "mark: directory left empty" empty_dir "$T/d"

# The figures each rendering must show, as the report prints them.
python3 - "$T/m.json" >"$T/figures" <<'EOF' || fail "mark: JSON figures" "python3 failed"
import json, sys
j = json.load(open(sys.argv[1]))
for t in j['tests']:
    print('%s %s %.3f %.1f %.2f %.2f %.2f' % (t['name'].replace(' ', '_'), t['op'],
          t['mb_per_s'], t['iops'], t['mean_us'], t['latency_us']['p99'], t['latency_us']['max']))
EOF
check "mark: three test directions" [ "$(wc -l <"$T/figures")" -eq 3 ]

# has_figures FILE: every figure of every test is in FILE as a whole cell.
has_figures() {
	while read -r name op mbs iops mean p99 max; do
		for v in "$mbs" "$iops" "$mean" "$p99" "$max"; do
			grep -Eq "(^|[ >|])$v( |<|\$)" "$1" || { echo "# $name $op: $v missing from $1"; return 1; }
		done
	done <"$T/figures"
}

for input in json csv; do
	for fmt in text-1.03 markdown html svg; do
		$CLYDE report --format $fmt "$T/m.$input" >"$T/out.$fmt" 2>"$T/err"
		st=$?
		check "report $fmt of mark $input: exit 0, nothing on stderr" \
			sh -c "[ $st -eq 0 ] && [ ! -s '$T/err' ]"
		if [ $fmt = svg ]; then
			# SVG shows MB/s alone, a bar per test direction.
			check "report svg of mark $input: every MB/s, a bar each" sh -c "
				for v in \$(awk '{ print \$3 }' '$T/figures'); do grep -q \">\$v</text>\" '$T/out.svg' || exit 1; done
				[ \$(grep -c '^<rect x=\"166\" ' '$T/out.svg') -eq 3 ]"
		else
			check "report $fmt of mark $input: every figure" has_figures "$T/out.$fmt"
		fi
		check "report $fmt of mark $input: says MB/s is 10^6 bytes" \
			grep -q 'MB/s: 10^6 bytes a second' "$T/out.$fmt"
	done
	check "report text of mark $input: [Read] before [Write]" \
		sh -c "grep -n '^\[Read\]' '$T/out.text-1.03' | cut -d: -f1 | { read r; grep -n '^\[Write\]' '$T/out.text-1.03' | cut -d: -f1 | { read w; [ \$r -lt \$w ]; }; }"
	check "report text of mark $input: SEQ128K Q2T1 has no read" \
		sh -c "! sed -n '/^\[Read\]/,/^\[Write\]/p' '$T/out.text-1.03' | grep -q SEQ128K"
	check "report html of mark $input: one page" \
		sh -c "[ \$(grep -c '<table>' '$T/out.html') -eq 1 ] && tail -n 1 '$T/out.html' | grep -qx '</html>'"
done

# Both inputs: two columns of the same machine, told apart by their place.
$CLYDE report --format markdown "$T/m.json" "$T/m.csv" >"$T/two.md" 2>"$T/err"
st=$?
check "report of both: exit 0" [ $st -eq 0 ]
check "report of both: two columns, numbered" \
	grep -Eq '^\| Test \| Figure \| .* \\#1 \| .* \\#2 \|$' "$T/two.md"
check "report of both: the same MB/s in both" \
	grep -Eq "^\| RND4K Q2T1 \| MB/s \| ($(awk 'NR == 1 { print $3 }' "$T/figures")) \| \1 \|$" "$T/two.md"
$CLYDE report --format json "$T/m.csv" >"$T/again.json" 2>"$T/err"
check "report --format json of mark CSV: mark JSON that reads back" \
	sh -c "$CLYDE report --format csv-1.98 '$T/again.json' >'$T/again.csv' && cmp -s '$T/m.csv' '$T/again.csv'"

# Mark and classic results in one report, in either order: the classic
# runs are shown as they stream, the marks refused with one line, exit 1.
for order in "tests/golden/direct.csv197 $T/m.csv" "$T/m.csv tests/golden/direct.csv197"; do
	$CLYDE report $order >"$T/out" 2>"$T/err"
	st=$?
	check "report of mark and classic ($order): exit 1, one line" \
		sh -c "[ $st -eq 1 ] && [ \$(wc -l <'$T/err') -eq 1 ] &&
		       grep -q '^clyde: report: clyde mark results and classic runs cannot share one report' '$T/err'"
	check "report of mark and classic ($order): no mark rendered" \
		sh -c "! grep -q '^\\[Read\\]' '$T/out'"
done

# A bad mark line: named by file and line; the good lines still render.
sed '2s/,read,random,/,trim,random,/' "$T/m.csv" >"$T/bad.csv"
$CLYDE report "$T/bad.csv" >"$T/out" 2>"$T/err"
st=$?
check "report of a bad mark line: exit 1, file, line and field" \
	sh -c "[ $st -eq 1 ] && grep -qx 'clyde: $T/bad.csv:2: field 5 (op): not read or write' '$T/err'"
check "report of a bad mark line: the other lines render" \
	sh -c "grep -q '^\[Write\]' '$T/out' && ! grep -q '^\[Read\]' '$T/out'"
printf '{"kind": "mark", "machine": 1}' >"$T/bad.json"
$CLYDE report "$T/bad.json" >"$T/out" 2>"$T/err"
st=$?
check "report of bad mark JSON: exit 1, its file and the key" \
	sh -c "[ $st -eq 1 ] && grep -q '^clyde: $T/bad.json:1: [a-z_.]*: ' '$T/err'"
