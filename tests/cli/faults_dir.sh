# SPDX-License-Identifier: MIT
# Faults that need no root: clyde's directory removed under its feet
# (between two tests, and in the middle of one), and errors inside the
# threads of a phase (copies under -c, seekers, random-I/O workers at depth
# 32), made by truncating the test file while clyde waits at a -y p prompt.
# Each gives exit 3, exactly one "clyde:" line, and nothing left behind.
. tests/cli/lib.sh
plan 35
hold_engines
mkdir "$T/d"
W="$T/d/clyde\.[0-9]+\.[A-Za-z0-9]{6}"

# gone NAME PATTERN: exit 3, one clyde: line matching PATTERN (an ERE after
# "clyde: "), on a line of its own, and -d left empty.
gone() {
	check "$1: exit 3" [ "$st" -eq 3 ]
	check "$1: one clyde: line" [ "$(errors "$T/err" | wc -l)" -eq 1 ]
	check "$1: says what failed" grep -Eq "^clyde: $2\$" "$T/err"
	check "$1: the error starts a line" sh -c "! grep -q '.clyde: ' '$T/err'"
	check "$1: directory left empty" empty_dir "$T/d"
}

# Between block output and rewrite.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 0 -f
at_test 1 && answer
at_test 2 && rm -rf "$(workdir_in "$T/d")" && answer
prompted_end
gone "directory removed before rewrite" "$W/f000: open: No such file or directory"

# After the file tests made their directory, before the first file.
prompted -d "$T/d" $U -s 0 -r 0 -n 1
at_test 6 && rm -rf "$(workdir_in "$T/d")" && answer
prompted_end
gone "directory removed before the file tests" \
	"$W/files/[0-9a-f]{10}[0-9A-Za-z]*: create: No such file or directory"

# While block output writes: the open file goes on, the next open fails.
fresh
$CLYDE -d "$T/d" $U -s 128M::256 -r 0 -n 0 -f >"$T/out" 2>"$T/err" &
pid=$!
wait_for "$T/err" 'Writing intelligently' && rm -rf "$(workdir_in "$T/d")"
wait $pid
st=$?
gone "directory removed during block output" \
	"$W/f000: (open|write|fsync): No such file or directory"

# While the file tests run: whatever step meets the hole says so.
fresh
$CLYDE -d "$T/d" $U -s 0 -r 0 -n 2 >"$T/out" 2>"$T/err" &
pid=$!
# rm races with the creates ("Directory not empty"): what it removed is enough.
wait_for "$T/err" 'Create files in sequential order' &&
	rm -rf "$(workdir_in "$T/d")" 2>/dev/null
wait $pid
st=$?
gone "directory removed during the file tests" "$W/files(/[^:]*)?: .*"

# Every seeker reads a short file: one line for all five.
prompted -d "$T/d" $U -s 16M::2000 -r 0 -n 0 -f
for t in 1 2 4; do at_test $t && answer; done
at_test 5 && : >"$(workdir_in "$T/d")/f000" && answer
prompted_end
gone "seekers all fail" "$W/f000: read: file shorter than written"

# 32 random readers meet a short file.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 0 -f --random-io --random-depths 32 \
	--random-time 2
for t in 1 2 4 5; do at_test $t && answer; done
at_test 12 && : >"$(workdir_in "$T/d")/f000" && answer
prompted_end
gone "random reads Q32T1 fail" "$W/f000: read: file shorter than written \\(0 of 4096 bytes at offset [0-9]+\\)"

# Both copies of -c 2 fail at once.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 0 -f -c 2
at_test 1 && answer
at_test 2 && w=$(workdir_in "$T/d") && : >"$w/c0.f000" && : >"$w/c1.f000" && answer
prompted_end
gone "both copies fail" "$W/c[01]\.f000: read: file shorter than written"
