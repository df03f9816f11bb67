# SPDX-License-Identifier: MIT
# -Z file: clyde reads its random numbers from the file before any I/O;
# a short, missing or unreadable file is one line and exit 1 with nothing
# written; the CSV seed field names the file; and (where strace is
# installed) two runs with the same file read the same places and make the
# same file names, a run with another file does not.
. tests/cli/lib.sh
plan 25
mkdir "$T/d"
# -s 4M::1024 -n 1 takes 1024 tickets + 2 x 1024 x 4 names + 2 x 1023
# shuffle draws + 2 = 11264 numbers of 4 bytes.
NEED=45056
ARGS="-s 4M::1024 -r 0 -n 1 -f -q"
head -c $NEED /dev/urandom >"$T/a"
head -c $NEED /dev/urandom >"$T/b"
head -c $((NEED - 1)) "$T/a" >"$T/short"

# refused NAME WORDS ARGS...: exit 1, one line with WORDS, -d left empty.
refused() {
	what=$1
	words=$2
	shift 2
	# shellcheck disable=SC2086
	$CLYDE -d "$T/d" $U $ARGS "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "$what: exit 1" [ $st -eq 1 ]
	check "$what: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
	check "$what: says why" grep -q -- "$words" "$T/err"
	check "$what: nothing written" empty_dir "$T/d"
}
refused "-Z short" "-Z $T/short: too short: it holds $((NEED - 1)) bytes, but this run takes 11264 random numbers of 4 bytes, $NEED bytes" -Z "$T/short"
refused "-Z missing" "-Z $T/none: cannot read it: No such file or directory" -Z "$T/none"
refused "-Z directory" "-Z $T/d: cannot read it" -Z "$T/d"
refused "-Z with -z" "-z and -Z cannot be used together" -Z "$T/a" -z 5

# shellcheck disable=SC2086
$CLYDE -d "$T/d" $U $ARGS -Z "$T/a" >"$T/out" 2>"$T/err"
check "-Z exactly long enough: exit 0" [ $? -eq 0 ]
check "-Z: the seed field names the file" [ "$(field "$(cat "$T/out")" 4)" = "$T/a" ]
check "-Z: directory left empty" empty_dir "$T/d"

if ! command -v strace >/dev/null 2>&1; then
	skips 6 "-Z same file, same choices" "strace not installed"
	exit 0
fi
# traced NAME FILE: the sorted offsets of every pread and the names of the
# files the file tests create, in $T/NAME.reads and $T/NAME.names.
traced() {
	# shellcheck disable=SC2086
	strace -f -qq -o "$T/$1.trace" -e trace=pread64,openat \
		$CLYDE -d "$T/d" $U $ARGS -Z "$2" >/dev/null 2>&1
	sed -n 's/.*pread64(.*, \([0-9]*\)) *= [0-9]*$/\1/p; s/.*pread64 resumed>.*, \([0-9]*\)) *= [0-9]*$/\1/p' \
		"$T/$1.trace" | sort -n >"$T/$1.reads"
	sed -n 's/.*openat([0-9]*, "\([^"/]*\)", [^)]*O_CREAT.*/\1/p' \
		"$T/$1.trace" | grep -v '^clyde\.' | sort >"$T/$1.names"
}
traced one "$T/a"
traced two "$T/a"
traced three "$T/b"
check "-Z traced: seeks read" [ "$(wc -l <"$T/one.reads")" -ge 1024 ]
check "-Z traced: 1024 files named" [ "$(wc -l <"$T/one.names")" -ge 1024 ]
check "-Z same file: the same places read" cmp -s "$T/one.reads" "$T/two.reads"
check "-Z same file: the same file names" cmp -s "$T/one.names" "$T/two.names"
check "-Z another file: other places" sh -c "! cmp -s '$T/one.reads' '$T/three.reads'"
check "-Z another file: other names" sh -c "! cmp -s '$T/one.names' '$T/three.names'"
