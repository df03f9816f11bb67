# SPDX-License-Identifier: MIT
# Every kind of thread at once, for the SANITIZE= builds (thread,
# address,undefined) to watch: two copies (-c 2), each with five seekers,
# random I/O at depths 1 and 4, file tests, and the progress line's reader.
# Passes when clyde exits 0, cleans up, and no sanitizer said anything.
. tests/cli/lib.sh
plan 4
hold_engines

mkdir "$T/d"
$CLYDE -d "$T/d" $U -s 16M -r 8 -n 1 -f8 --random-io --random-time 1 \
	--random-depths 1,4 -c 2 --progress always -m threads \
	>"$T/out" 2>"$T/err"
st=$?
check "threads: -c 2, seekers, random I/O: exit 0" [ "$st" -eq 0 ]
check "threads: directory left empty" empty_dir "$T/d"
if grep -q 'Sanitizer\|runtime error' "$T/err"; then
	grep -A 12 'Sanitizer\|runtime error' "$T/err" | head -n 40 | sed 's/^/# /'
	fail "threads: no sanitizer report" "see the lines above"
else
	ok "threads: no sanitizer report"
fi
check "threads: random I/O table for both depths" \
	grep -q '^write, Q4T1 ' "$T/out"
