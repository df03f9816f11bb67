# SPDX-License-Identifier: MIT
# A -d clyde cannot test in is refused with what is wrong in words (not a
# system call's name and errno), with and without the preflight, exit 2.
. tests/cli/lib.sh
plan 18
: >"$T/file"

# refused NAME WORDS ARGS...: exit 2, one line naming the directory and saying WORDS.
refused() {
	what=$1
	words=$2
	shift 2
	$CLYDE $U -s 4M -r 0 -n 0 "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "$what: exit 2" [ $st -eq 2 ]
	check "$what: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
	check "$what: says $words" grep -q "^clyde: .*: $words" "$T/err"
	check "$what: no system call named" sh -c "! grep -q 'statvfs\|mkdtemp\|No such file' '$T/err'"
}

for pre in "" --no-preflight; do
	refused "missing -d${pre:+ $pre}" "there is no such directory; -d names an existing directory" \
		-d "$T/no/such/dir" $pre
	refused "-d a file${pre:+ $pre}" "not a directory" -d "$T/file" $pre
done
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir "$T/closed"
	chmod 755 "$T" && chmod 555 "$T/closed"
	$CLYDE -u nobody -s 4M -r 0 -n 0 -d "$T/closed" >"$T/out" 2>"$T/err"
	check "-d not writable: exit 2" [ $? -eq 2 ]
	check "-d not writable: says so" grep -q "may not write in this directory" "$T/err"
else
	skips 2 "-d not writable" "needs root and a nobody user"
fi
