# SPDX-License-Identifier: MIT
# Tiny real runs of the classic phases in each I/O mode: each prints the
# table, the footer and a 48-field 1.96 CSV line, and leaves -d empty.
. tests/cli/lib.sh
plan 111
mkdir "$T/d"
IO_HEADER=$(version_line '------Sequential Output------ --Sequential Input- --Random-')

# run NAME ARGS...: a 64 MiB run; stdout in $T/out, stderr in $T/err.
run() {
	name=$1
	shift
	$CLYDE -d "$T/d" $U -s 64M -r 32 -n 0 -m testbox "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "$name: exit 0" [ $st -eq 0 ]
	check "$name: directory left empty" empty_dir "$T/d"
	csv=$(tail -n 1 "$T/out")
}

for mode in buffered direct sync; do
	case $mode in
	buffered) run "$mode" ;;
	direct) run "$mode" -D ;;
	sync) run "$mode" -b ;;
	esac
	check "$mode: 1.03 table header" grep -qxF "$IO_HEADER" "$T/out"
	check "$mode: table row" grep -q '^testbox         64M ' "$T/out"
	check "$mode: 48-field CSV" [ "$(nfields "$csv")" -eq 48 ]
	check "$mode: CSV format and version" [ "$(field "$csv" 0),$(field "$csv" 1)" = "1.96,clyde-$VERSION" ]
	check "$mode: CSV machine and size" [ "$(field "$csv" 2),$(field "$csv" 5)" = "testbox,64M" ]
	for f in 7 9 11 13 15 17; do
		v=$(field "$csv" $f)
		check "$mode: CSV field $f is a rate" sh -c "printf '%s' '$v' | grep -Eq '^([0-9]+(\.[0-9])?|\+\+\+\+\+)$'"
	done
	for f in 36 37 38 39 40 41; do
		v=$(field "$csv" $f)
		check "$mode: CSV field $f is a latency" sh -c "printf '%s' '$v' | grep -Eq '^[0-9]+(us|ms|s)$'"
	done
	check "$mode: progress words" grep -q '^Writing intelligently\.\.\.done$' "$T/err"
	case $mode in
	buffered) check "buffered: footer names buffered I/O" grep -q "^clyde $VERSION_RE: buffered I/O" "$T/out" ;;
	direct) check "direct: footer names direct I/O" grep -q "^clyde $VERSION_RE: direct I/O" "$T/out" ;;
	sync) check "sync: footer names synchronous writes" grep -q "^clyde $VERSION_RE: .*synchronous writes" "$T/out" ;;
	esac
done

run "skip per-char" -f
check "skip per-char: empty per-char fields" [ "$(field "$csv" 7)$(field "$csv" 8)$(field "$csv" 13)$(field "$csv" 14)" = "" ]
check "skip per-char: block output measured" [ -n "$(field "$csv" 9)" ]

run "per-char 8M" -f 8
check "per-char 8M: per-char fields filled" [ -n "$(field "$csv" 7)" ]

run "quiet" -q
check "quiet: stdout is the CSV line alone" [ "$(wc -l <"$T/out")" -eq 1 ]
check "quiet: table on stderr" grep -qxF "$IO_HEADER" "$T/err"
check "quiet: no progress words" sh -c "! grep -q intelligently '$T/err'"

run "repeat 2" -x 2 -f
check "repeat 2: header and two lines" [ "$(wc -l <"$T/out")" -eq 3 ]
check "repeat 2: header first, every field named" grep -q '^format_version,bonnie_version,name,concurrency,seed,file_size' "$T/out"
check "repeat 2: no table" sh -c "! grep -q '^Version' '$T/out'"

run "repeat 1" -x 1 -f
check "repeat 1: one CSV line, no header" [ "$(wc -l <"$T/out")" -eq 1 ]

run "table 1.96" --table 1.96 -f
check "table 1.96: Latency row" grep -q '^Latency  ' "$T/out"
check "table 1.96: Concurrency line" grep -q '^Concurrency   1 ' "$T/out"

run "table none" --table none -f
check "table none: CSV only" [ "$(wc -l <"$T/out")" -eq 1 ]

run "csv none" --csv none -f
check "csv none: no CSV line" sh -c "! grep -q '^1.96,' '$T/out'"

run "syscall per-char" --char-io syscall
check "syscall per-char: per-char measured" [ -n "$(field "$csv" 7)" ]

run "zeros" --zeros -f
check "zeros: footer says so" grep -q 'zero' "$T/out"

run "verify" --verify -f
check "verify: block input measured" [ -n "$(field "$csv" 15)" ]

run "two copies" -c 2 -f
check "two copies: concurrency field" [ "$(field "$csv" 3)" = 2 ]

# Chunk sizes other than 8k appear in the size text.
run "chunk 64k" -s 64M:64k -f
check "chunk 64k: CSV chunk field" [ "$(field "$csv" 6)" = 64k ]

# A foreign file in -d survives.
echo mine >"$T/d/clyde.1.keep"
$CLYDE -d "$T/d" $U -s 64M -r 32 -n 0 -f >/dev/null 2>&1
check "foreign file survives" [ "$(cat "$T/d/clyde.1.keep")" = mine ]
rm -f "$T/d/clyde.1.keep"

# An interrupt removes everything and exits 128+2: sent once the test file
# exists, so there is something to remove.
$CLYDE -d "$T/d" $U -s 512M -r 32 -n 0 -q >/dev/null 2>"$T/err" &
pid=$!
wait_until in_workdir "$T/d" f000 || fail "SIGINT" "clyde never made its f000"
kill -INT $pid
wait $pid
st=$?
check "SIGINT exits 130" [ $st -eq 130 ]
check "SIGINT leaves the directory empty" empty_dir "$T/d"
