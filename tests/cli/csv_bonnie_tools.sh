#!/bin/sh
# SPDX-License-Identifier: MIT
# clyde's 1.98 CSV lines must be read by bonnie++'s own tools: feeds the
# lines `test_csv --emit-198` writes to bon_csv2txt and bon_csv2html (when
# installed) and checks they accept every line and show every machine name,
# a name written after a ' (it started like a formula) and one holding a
# bidi control (written by name) among them. Then a real run whose phases
# are too fast to time (a small file on tmpfs): clyde writes each as
# bonnie++ 2.00a writes its own in a 1.98 line (`+++++` for the rate, `+++`
# for the CPU, the latency still given: its fixtures' lines), so its tools
# render them as they render bonnie++'s: bon_csv2txt prints a too-fast
# block-column rate as `0k` (its k/m/g scaler reads `+++++` as 0, for
# bonnie++'s lines too) with `+++` beside it, and copies the seeks and file
# columns verbatim.
cd "$(dirname "$0")/../.." || exit 2
gen=${BUILD:-build}/tests/read/test_csv
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo "plan 5"
names="qa1 qb2 qc3 qd4 qe5"

if ! [ -x "$gen" ] || ! "$gen" --emit-198 "$tmp/lines.csv"; then
	echo "FAIL csv_bonnie_tools: $gen --emit-198 did not write the lines"
	exit 1
fi

# check_tool NAME OUTPUT STDERR: no rejected line, every machine named.
check_tool() {
	if grep -q "Expected 1.98\|Can't process" "$3"; then
		echo "FAIL $1: rejected a line: $(head -n 1 "$3")"
		return
	fi
	for n in $names; do
		if ! grep -q "$n" "$2"; then
			echo "FAIL $1: machine $n missing from the output"
			return
		fi
	done
	echo "ok $1"
}

if command -v bon_csv2txt >/dev/null 2>&1; then
	bon_csv2txt <"$tmp/lines.csv" >"$tmp/txt" 2>"$tmp/txt.err"
	check_tool csv_bonnie_tools_bon_csv2txt "$tmp/txt" "$tmp/txt.err"
else
	echo "skip csv_bonnie_tools_bon_csv2txt: bon_csv2txt not installed"
fi
if command -v bon_csv2html >/dev/null 2>&1; then
	bon_csv2html "$tmp/lines.csv" >"$tmp/html" 2>"$tmp/html.err"
	check_tool csv_bonnie_tools_bon_csv2html "$tmp/html" "$tmp/html.err"
else
	echo "skip csv_bonnie_tools_bon_csv2html: bon_csv2html not installed"
fi

# --- too fast to time: a real run ---------------------------------------------
d=$(mktemp -d /dev/shm/clyde-csvtools.XXXXXX 2>/dev/null || mktemp -d)
if [ "$(id -u)" = 0 ]; then U="-u root"; else U=""; fi
# shellcheck disable=SC2086
./clyde -d "$d" $U -s 64M -r 0 -n 1 -q --csv 1.98 --allow-memory --progress never \
	--json "$tmp/fast.json" >"$tmp/fast.csv" 2>/dev/null
rmdir "$d" 2>/dev/null
line=$(tail -n 1 "$tmp/fast.csv")
# Fields (from 0) of each IO phase's rate, CPU and latency, bonnie++'s order;
# the JSON's keys of the same phases.
fast=$(python3 - "$tmp/fast.json" <<'PY' 2>/dev/null
import json, sys
j = json.load(open(sys.argv[1]))
state = {p["key"]: p["state"] for p in j["phases"]}
keys = ["putc", "put_block", "rewrite", "getc", "get_block", "seeks"]
print(" ".join(str(i) for i, k in enumerate(keys) if state.get(k) == "too_fast"))
PY
)
if [ -z "$fast" ]; then
	echo "skip csv_bonnie_tools_too_fast: no phase was too fast to time here"
	echo "skip csv_bonnie_tools_too_fast_txt: no phase was too fast to time here"
	echo "skip csv_bonnie_tools_too_fast_files: no phase was too fast to time here"
	exit 0
fi
bad=""
for i in $fast; do
	r=$(printf '%s\n' "$line" | cut -d, -f$((10 + 2 * i)))
	c=$(printf '%s\n' "$line" | cut -d, -f$((11 + 2 * i)))
	l=$(printf '%s\n' "$line" | cut -d, -f$((39 + i)))
	case "$r,$c,$l" in
	+++++,+++,*us|+++++,+++,*ms|+++++,+++,*s) ;;
	*) bad="$bad phase $i: '$r,$c,$l'" ;;
	esac
done
if [ -z "$bad" ]; then
	echo "ok csv_bonnie_tools_too_fast: +++++ and +++ with the latency, as bonnie++ 2.00a writes"
else
	echo "FAIL csv_bonnie_tools_too_fast:$bad"
fi
if ! command -v bon_csv2txt >/dev/null 2>&1; then
	echo "skip csv_bonnie_tools_too_fast_txt: bon_csv2txt not installed"
	echo "skip csv_bonnie_tools_too_fast_files: bon_csv2txt not installed"
	exit 0
fi
printf '%s\n' "$line" | bon_csv2txt >"$tmp/fast.txt" 2>"$tmp/fast.err"
# The IO row: the label, then six (rate, CPU) cells of %5s and %3s.
row=$(grep -E '^[^ ]+ +64M::8192:5 ' "$tmp/fast.txt" | cut -c20-)
bad=""
for i in $fast; do
	cell=$(printf '%s\n' "$row" | cut -c$((1 + 10 * i))-$((10 + 10 * i)))
	want="   0k +++"
	[ "$i" -eq 5 ] && want="+++++ +++"
	[ "$cell" = " $want" ] || bad="$bad column $i: '$cell'"
done
if [ -s "$tmp/fast.err" ] || [ -z "$row" ]; then
	echo "FAIL csv_bonnie_tools_too_fast_txt: not rendered: $(head -n 1 "$tmp/fast.err")"
elif [ -z "$bad" ]; then
	echo "ok csv_bonnie_tools_too_fast_txt: too-fast cells as bon_csv2txt renders bonnie++'s"
else
	echo "FAIL csv_bonnie_tools_too_fast_txt:$bad in '$row'"
fi
# The file row: a file test under 0.5 s is +++++ +++, copied verbatim.
files=$(grep -E '^[^ ]+ +1 ' "$tmp/fast.txt")
case "$files" in
*"+++++ +++"*) echo "ok csv_bonnie_tools_too_fast_files: file columns +++++ +++ verbatim" ;;
"") echo "skip csv_bonnie_tools_too_fast_files: no file test was too fast here" ;;
*) echo "FAIL csv_bonnie_tools_too_fast_files: '$files'" ;;
esac
