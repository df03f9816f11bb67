# SPDX-License-Identifier: MIT
# A directory descriptor is the only way in: every path clyde reopens or
# removes, replaced between two tests (at a -y p prompt) by a symlink out
# of clyde's directory or by clyde's directory moved away, must leave the
# files outside untouched (same inode, size, times, checksum). clyde says
# which name it no longer recognises, and the count of what it made and
# left is exact.
. tests/cli/lib.sh
plan 54
hold_engines
mkdir "$T/d" "$T/outside"
echo "not clyde's" >"$T/outside/victim"
mkdir "$T/outside/other"
echo "not clyde's either" >"$T/outside/other/f000"
W="$T/d/clyde\.[0-9]+\.[A-Za-z0-9]{6}"

# The state of everything outside clyde's directory.
snapshot() {
	find "$T/outside" -exec stat -c '%i %s %Y %Z %n' {} + | sort
	find "$T/outside" -type f -exec cksum {} + | sort
}
BEFORE=$(snapshot)
# untouched NAME: nothing outside changed.
untouched() { check "$1: nothing outside clyde's directory changed" [ "$(snapshot)" = "$BEFORE" ]; }
# left NAME N: clyde counted N paths it made and left; then they go.
left() {
	if [ "$2" -eq 1 ]; then what="1 path clyde made is left"; else what="$2 paths clyde made are left"; fi
	check "$1: exactly $2 left, and said so" grep -q "($what)\$" "$T/err"
	rm -rf "$T/d"/* "$T/moved"
}

# --- a piece replaced by a symlink to a file outside ---------------------------
IO="-s 16M::256 -r 0 -n 0 --random-io --random-depths 1 --random-time 1"
for tn in 1 2 3 4 5 12; do
	case $tn in
	1) phase="block output" op="create" ;;
	2) phase="rewrite" op="open" ;; 3) phase="per-char input" op="open" ;;
	4) phase="block input" op="open" ;; 5) phase="seeks" op="open" ;;
	12) phase="random reads" op="open" ;;
	esac
	why="no longer the file clyde made; left alone"
	[ $tn -eq 1 ] && why="File exists"
	PROMPTS="0 1 2 3 4 5 12"
	prompted -d "$T/d" $U $IO
	answer_until $tn
	w=$(workdir_in "$T/d")
	# Before block output the old file is gone already: the name is free.
	[ $tn -eq 1 ] || { mkdir -p "$T/moved" && mv "$w/f000" "$T/moved/"; }
	ln -s "$T/outside/victim" "$w/f000"
	answer
	prompted_end
	check "piece replaced before $phase: exit 3" [ "$st" -eq 3 ]
	check "piece replaced before $phase: says so" \
		grep -Eq "^clyde: $W/f000: $op: $why\$" "$T/err"
	untouched "piece replaced before $phase"
	# The symlink where f000 was (unless clyde never made it), and
	# clyde's directory that holds it.
	left "piece replaced before $phase" $((1 + (tn != 1)))
done

# --- clyde's directory moved and replaced by a symlink to another -------------
PROMPTS="1 2"
prompted -d "$T/d" $U -s 16M::256 -r 0 -n 0 -f
answer_until 2
w=$(workdir_in "$T/d")
mv "$w" "$T/moved" && ln -s "$T/outside/other" "$w"
answer
at_test 4 && answer
at_test 5 && answer
prompted_end
check "directory replaced: the run itself ends (exit 3 for what is left)" \
	sh -c "[ $st -eq 3 ] && grep -q '^1.96,clyde-' '$T/out'"
check "directory replaced: says which" \
	grep -Eq "^clyde: $W: no longer the directory clyde made; left alone \(1 path clyde made is left\)\$" "$T/err"
check "directory replaced: clyde's own files went from where they were" empty_dir "$T/moved"
untouched "directory replaced (the other directory's f000)"
left "directory replaced" 1

# --- file-test names replaced --------------------------------------------------
for tn in 7 8 10 11; do
	case $tn in
	7) phase="sequential stat" ;; 8) phase="sequential delete" ;;
	10) phase="random stat" ;; 11) phase="random delete" ;;
	esac
	PROMPTS="6 7 8 9 10 11"
	prompted -d "$T/d" $U -s 0 -r 0 -n 1
	answer_until $tn
	w=$(workdir_in "$T/d")
	f=$(ls "$w/files" | head -n 1)
	mkdir -p "$T/moved" && mv "$w/files/$f" "$T/moved/" &&
		ln -s "$T/outside/victim" "$w/files/$f"
	answer
	prompted_end
	check "a file-test name replaced before $phase: exit 3" [ "$st" -eq 3 ]
	check "a file-test name replaced before $phase: says which" \
		grep -Eq "^clyde: $W/files/$f: (stat: )?no longer the file clyde made; left alone\$" "$T/err"
	untouched "a file-test name replaced before $phase"
	# The name, the files directory and clyde's directory.
	left "a file-test name replaced before $phase" 3
done

# The copy's directory, and a sub-directory, replaced before the creates:
# every file goes where clyde made its directory, none into the other one.
for what in files files/00001; do
	prompted -d "$T/d" $U -s 0 -r 0 -n 1:0:0:2
	at_test 6
	w=$(workdir_in "$T/d")
	mkdir -p "$T/moved" && mv "$w/$what" "$T/moved/" && ln -s "$T/outside/other" "$w/$what"
	answer
	# It goes on through its own directory, until the sequential delete
	# would remove what the name now holds.
	for t in 7 8; do at_test $t && answer; done
	prompted_end
	check "$what replaced before the creates: exit 3" [ "$st" -eq 3 ]
	check "$what replaced before the creates: says which" \
		grep -Eq "^clyde: $W/$what: rmdir: no longer the directory clyde made; left alone\$" "$T/err"
	untouched "$what replaced before the creates"
	if [ $what = files ]; then
		left "$what replaced before the creates" 2
	else
		left "$what replaced before the creates" 3
	fi
done
check "-d holds nothing afterwards" empty_dir "$T/d"
