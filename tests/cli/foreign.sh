# SPDX-License-Identifier: MIT
# clyde removes only what it created: files and directories in -d named
# like clyde's own survive every kind of run (success, I/O error,
# interrupt, bad input, preflight refusal), and so do files that someone
# puts inside clyde's directory while it runs (a piece's name taken before
# clyde creates it, a "files" directory, a stranger among the test files).
. tests/cli/lib.sh
plan 27
mkdir "$T/d"

# Lookalikes of everything clyde makes, with contents to compare.
mkdir -p "$T/d/clyde.1.abcdef/files/00001" "$T/d/files" "$T/d/clyde.$$.XXXXXX"
for f in f000 f001 c0.f000 c1.f000 probe clyde.1.abcdef/f000 \
	clyde.1.abcdef/files/0000000000abc clyde.1.abcdef/files/00001/0000000200xyz \
	files/0000000000 "clyde.$$.XXXXXX/f000"; do
	echo "not clyde's: $f" >"$T/d/$f"
done
ln -s /nonexistent "$T/d/clyde.2.zzzzzz"
snapshot() {
	(cd "$T/d" && find . -exec stat -c '%n %F %s %a' {} + | sort &&
		find . -type f -exec cat {} + | cksum)
}
snapshot >"$T/before"
# intact NAME: the lookalikes are all there, unchanged, and nothing else is.
intact() {
	snapshot >"$T/after"
	check "$1: every foreign file intact, nothing added" cmp -s "$T/before" "$T/after"
}

$CLYDE -d "$T/d" $U -s 16M::256 -r 0 -n 1 -q >"$T/out" 2>"$T/err"
st=$?
check "successful run: exit 0" [ $st -eq 0 ]
intact "successful run"
$CLYDE -d "$T/d" $U -s 16M::256 -r 0 -n 1:1k:1k:3 -c 2 -x 2 -q >"$T/out" 2>"$T/err"
st=$?
check "-c 2 -x 2 with 3 directories: exit 0" [ $st -eq 0 ]
intact "-c 2 -x 2 with 3 directories"

# An I/O error mid-run: the seekers find a file cut short.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 1 -f
for t in 1 2 4; do at_test $t && answer; done
w=$(ls -dt "$T"/d/clyde.[0-9]*.* | head -n 1)
at_test 5 && : >"$w/f000" && answer
prompted_end
check "I/O error: exit 3" [ $st -eq 3 ]
intact "I/O error"

fresh
$CLYDE -d "$T/d" $U -s 512M -r 0 -n 1 -f --progress auto >"$T/out" 2>"$T/err" &
pid=$!
wait_for "$T/err" 'Writing intelligently'
kill -TERM $pid
wait $pid
st=$?
check "interrupt: exit 143" [ $st -eq 143 ]
intact "interrupt"

$CLYDE -d "$T/d" $U -s 16M:1000 -r 0 >"$T/out" 2>"$T/err"
st=$?
check "bad input: exit 1" [ $st -eq 1 ]
intact "bad input"
$CLYDE -d "$T/d" $U -s 1000t -r 0 -n 0 >"$T/out" 2>"$T/err"
st=$?
check "preflight refusal: exit 2" [ $st -eq 2 ]
intact "preflight refusal"

# newest_workdir: the clyde directory of the run in progress.
newest_workdir() { ls -dt "$T"/d/clyde.[0-9]*.[A-Za-z0-9]* | grep -v "clyde\.$$\.XXXXXX" | head -n 1; }

# A foreign f000 in clyde's directory before block output creates it.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 0 -f
at_test 1 && w=$(newest_workdir) && echo "a stranger's f000" >"$w/f000" && answer
prompted_end
check "foreign f000 in clyde's directory: exit 3" [ $st -eq 3 ]
check "foreign f000 in clyde's directory: clyde cannot create its own" \
	grep -Eq "^clyde: $w/f000: create: File exists\$" "$T/err"
check "foreign f000 in clyde's directory: and says its directory stays" \
	grep -Eq "^clyde: $w: rmdir: Directory not empty \(1 path clyde made is left\)\$" "$T/err"
check "foreign f000 in clyde's directory: survives" \
	[ "$(cat "$w/f000" 2>/dev/null)" = "a stranger's f000" ]
check "foreign f000 in clyde's directory: nothing else left" [ "$(ls -A "$w")" = f000 ]
rm -rf "$w"
intact "foreign f000 in clyde's directory"

# A foreign "files" directory before the file tests make theirs.
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 1 -f
for t in 1 2 4; do at_test $t && answer; done
at_test 5 && w=$(newest_workdir) && mkdir "$w/files" &&
	echo "a stranger's file" >"$w/files/0000000000" && answer
prompted_end
check "foreign files directory: exit 3" [ $st -eq 3 ]
check "foreign files directory: clyde cannot make its own" \
	grep -Eq "^clyde: $w/files: mkdir: File exists\$" "$T/err"
check "foreign files directory: survives with its file" \
	[ "$(cat "$w/files/0000000000" 2>/dev/null)" = "a stranger's file" ]
check "foreign files directory: nothing else left" [ "$(ls -A "$w")" = files ]
rm -rf "$w"
intact "foreign files directory"

# Strangers among the test files: the stat phase meets them and stops;
# clyde removes its own files and leaves theirs.
prompted -d "$T/d" $U -s 0 -r 0 -n 1
at_test 6 && answer
at_test 7 && w=$(newest_workdir) && echo "stranger 1" >"$w/files/intruder" &&
	echo "stranger 2" >"$w/files/0000000000zzzz" && answer
prompted_end
check "strangers among the test files: exit 3" [ $st -eq 3 ]
check "strangers among the test files: says one is not clyde's" \
	grep -Eq "^clyde: $w/files/(intruder|0000000000zzzz): not a file clyde created; left alone\$" "$T/err"
check "strangers among the test files: both survive, alone" \
	[ "$(cat "$w/files/intruder" "$w/files/0000000000zzzz" 2>/dev/null | tr '\n' ,)" = "stranger 1,stranger 2," ] &&
	[ "$(ls -A "$w/files" | wc -l)" -eq 2 ] && [ "$(ls -A "$w")" = files ]
rm -rf "$w"
intact "strangers among the test files"
