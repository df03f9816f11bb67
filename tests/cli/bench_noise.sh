# SPDX-License-Identifier: MIT
# bench/noise.py (and the claims-table line make bench draws from the same
# code, marks.noise_claim): from the raw lines of results files, a tool
# equal to every reference with each row's own noise. Checked on made-up
# lines whose answer is known: no noise, all rows within 3% always; a
# steady bias is taken out; each row compares with its target's reference
# (by size, writes with fio's plain-data run); a noisy row misses in some
# runs and fewer with more pairs; runs copied in from another results file
# are not counted twice; a file without mark lines is an error.
. tests/cli/lib.sh
plan 7

if ! command -v python3 >/dev/null 2>&1; then
	skips 7 "bench noise" "no python3"
	exit 0
fi

# line METHOD TEST OP CLYDE FIO [MORE FIGURES]: one raw line as make bench writes it.
line() {
	printf -- '- mark by %s, %s %s: clyde MB/s %s, fio MB/s %s%s\n' "$1" "$2" "$3" "$4" "$5" "${6:-}"
}
noise() { python3 bench/noise.py "$@" 2>&1; }
# the share of runs with every row within 3%, at N pairs a row
share() { noise "$2" | sed -n "s/^ *$1 pairs a row:.*all in *\([0-9.]*\)% of runs/\1/p"; }

# Two rows, four pairs, clyde equal to fio in every pair (the second row
# a steady 10% apart, which is bias, not noise), and a by-size write whose
# target is fio with plain data: equal to clyde, where fio as KDiskMark
# wanders.
for i in 1 2 3 4; do
	line time "SEQ1M Q8T1" read $((1000 + i * 100)) $((1000 + i * 100))
	line time "RND4K Q1T1" read 110 100
	line size "SEQ1M Q1T1" write 900 $((500 + i * 90)) ", fio plain data MB/s 900"
done >"$T/quiet.md"
check "bench noise: equal rows are within 3% in every run" \
	test "$(share 4 "$T/quiet.md")" = 100.0
noise "$T/quiet.md" >"$T/out"
check "bench noise: all three rows are read" grep -q '^3 rows, 4-4 pairs each' "$T/out"

# One row whose pairs spread 0.80-1.25 about 1: some runs miss, and more
# pairs miss less.
for r in 800 950 1000 1050 1250 1000; do
	line time "SEQ1M Q8T1" write "$r" 1000
done >"$T/noisy.md"
s4=$(share 4 "$T/noisy.md")
s32=$(share 32 "$T/noisy.md")
check "bench noise: a noisy row misses in some runs at 4 pairs ($s4%)" \
	awk -v s="$s4" 'BEGIN { exit !(s > 0 && s < 100) }'
check "bench noise: more pairs miss less (4: $s4%, 32: $s32%)" \
	awk -v a="$s4" -v b="$s32" 'BEGIN { exit !(b > a) }'

# Files pool: the quiet file's rows stay quiet beside the noisy one.
noise "$T/quiet.md" "$T/noisy.md" >"$T/out"
check "bench noise: files pool row by row" grep -q '^4 rows, 4-6 pairs each' "$T/out"

# make bench copies make bench-marks's results file in, its headings one
# level down: those runs are counted from their own file, not twice.
{
	printf '## Analysis\n\n### Every run\n\n'
	cat "$T/noisy.md"
	printf '\n## Every run\n\n'
	cat "$T/quiet.md"
} >"$T/copied.md"
noise "$T/copied.md" >"$T/out"
check "bench noise: runs copied in from another results file are not counted" \
	grep -q '^3 rows, 4-4 pairs each' "$T/out"

printf '# no mark runs here\n' >"$T/none.md"
if noise "$T/none.md" >"$T/out"; then
	fail "bench noise: a file without mark lines is an error" "exit 0: $(cat "$T/out")"
else
	check "bench noise: a file without mark lines is an error" grep -q "no mark runs" "$T/out"
fi
