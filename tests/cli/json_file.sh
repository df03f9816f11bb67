# SPDX-License-Identifier: MIT
# The --json file across a run: one the kernel owns (/proc, /sys) is
# refused before any I/O; one removed or renamed during the run (at a -y p
# prompt) gets the results in a new file of that name, said once; one
# replaced by another file is left alone, the run says the results were
# not written (exit 5), and after a failed run the count of what clyde
# left is exact (its own JSON file is gone, so not counted).
. tests/cli/lib.sh
plan 22
mkdir "$T/d"
R="-d $T/d $U -r 0 -s 16M -n 0 -f"
J="$T/j.json"

# Refused up front, for what the file is (a write there is an order to
# the kernel, so that clyde cannot change a setting with its JSON).
$CLYDE $R --json /proc/version >"$T/out" 2>"$T/err"
st=$?
check "--json /proc/version: exit 2" [ "$st" -eq 2 ]
check "--json /proc/version: says why before any I/O" grep -qx \
	"clyde: /proc/version: cannot write the JSON: a file of the kernel's own settings and state, which takes no results" "$T/err"
check "--json /proc/version: nothing made" empty_dir "$T/d"
if [ -e /sys/kernel/uevent_seqnum ]; then
	$CLYDE $R --json /sys/kernel/uevent_seqnum >"$T/out" 2>"$T/err"
	st=$?
	check "--json in /sys: refused before any I/O, exit 2" sh -c \
		"[ $st -eq 2 ] && grep -q '^clyde: /sys/kernel/uevent_seqnum: cannot write the JSON: ' '$T/err' && [ -z \"\$(ls -A '$T/d')\" ]"
else
	skip "--json in /sys" "no /sys/kernel/uevent_seqnum here"
fi
$CLYDE mark -d "$T/d" $U -s 16M --csv /proc/version >"$T/out" 2>"$T/err"
st=$?
check "mark --csv /proc/version: refused before the run, exit 2" \
	sh -c "[ $st -eq 2 ] && grep -q '^clyde: /proc/version: cannot write the CSV: ' '$T/err' && ! grep -q MB/s '$T/out'"

# during HOW: at the prompt before block output, do HOW to the JSON file.
during() {
	rm -f "$J" "$T/moved.json"
	prompted $R --json "$J"
	at_test 1
	case $1 in
	removed) rm "$J" ;;
	renamed) mv "$J" "$T/moved.json" ;;
	replaced) rm "$J" && echo "the user's" >"$J" ;;
	esac
	for t in 1 2 4 5; do answer; done
	prompted_end
}
NOTICE="clyde: $J: removed or renamed during the run; the results go to a new file of that name"
during removed
check "--json removed during the run: exit 0" [ "$st" -eq 0 ]
check "--json removed during the run: says so" grep -qx "$NOTICE" "$T/err"
check "--json removed during the run: the JSON in a new file" grep -q '"clyde_version"' "$J"
during renamed
check "--json renamed during the run: exit 0, says so" \
	sh -c "[ $st -eq 0 ] && grep -qx '$NOTICE' '$T/err'"
check "--json renamed during the run: the JSON under the name asked" grep -q '"clyde_version"' "$J"
check "--json renamed during the run: the renamed file as it was" [ ! -s "$T/moved.json" ]
during replaced
check "--json replaced during the run: exit 5" [ "$st" -eq 5 ]
check "--json replaced during the run: says the results were not written" grep -qx \
	"clyde: $J: no longer the file clyde opened before the run (replaced during it), so the results are not written" "$T/err"
check "--json replaced during the run: the new file left alone" [ "$(cat "$J")" = "the user's" ]
check "--json replaced during the run: nothing of clyde's counted" sh -c "! grep -q 'clyde made [ia][sr]e* left' '$T/err'"
check "-d empty" empty_dir "$T/d"

# Replaced, and then the run fails (f000 emptied): clyde's own JSON file
# is gone, so nothing is left to count.
rm -f "$J"
prompted $R --json "$J"
at_test 1 && answer
at_test 2
rm "$J" && echo "the user's" >"$J"
: >"$(workdir_in "$T/d")/f000"
for t in 2 4 5; do answer; done
prompted_end
check "--json replaced, run failed: exit 3" [ "$st" -eq 3 ]
check "--json replaced, run failed: the name left alone, said" \
	grep -qx "clyde: $J: no longer the file clyde made; left alone" "$T/err"
check "--json replaced, run failed: nothing counted as left" sh -c "! grep -q 'clyde made [ia][sr]e* left' '$T/err'"
check "--json replaced, run failed: the new file as it was" [ "$(cat "$J")" = "the user's" ]
check "--json replaced, run failed: -d empty" empty_dir "$T/d"

# A -d longer than 255 bytes is in the JSON whole.
L=$(printf 'x%.0s' $(seq 200))
mkdir -p "$T/d/$L/$L"
$CLYDE -d "$T/d/$L/$L" $U -r 0 -s 16M -n 0 -f --json "$J" >"$T/out" 2>"$T/err"
json_check "a long -d is in the JSON whole" "$J" \
	"j['config']['directory'] == '$T/d/$L/$L'"
