# SPDX-License-Identifier: MIT
# Every malformed, out-of-range or conflicting option: exit status 1, one
# line on stderr starting "clyde: ", nothing on stdout, nothing on disk.
. tests/cli/lib.sh
mkdir "$T/d"

bad() {
	name=$1
	shift
	$CLYDE "$@" >"$T/out" 2>"$T/err"
	st=$?
	lines=$(wc -l <"$T/err")
	if [ $st -ne 1 ]; then
		fail "bad input $name" "exit $st, want 1 ($(head -1 "$T/err"))"
	elif [ "$lines" -ne 1 ] || ! grep -q '^clyde: ' "$T/err"; then
		fail "bad input $name" "stderr is not one 'clyde: ' line: $(cat "$T/err")"
	elif [ -s "$T/out" ]; then
		fail "bad input $name" "wrote to stdout"
	elif ! empty_dir "$T/d"; then
		fail "bad input $name" "left files in the directory: $(ls "$T/d")"
	else
		ok "bad input $name"
	fi
}

D="-d $T/d"
bad "unknown size suffix" $D $U -s 12q -r 0
bad "fraction size" $D $U -s 1.5g -r 0
bad "negative size" $D $U -s -5 -r 0
bad "size overflow" $D $U -s 99999999999999999999 -r 0
bad "size overflow in t" $D $U -s 9999999999t -r 0
bad "size not whole MiB" $D $U -s 1000k -r 0
bad "empty size" $D $U -s "" -r 0
bad "chunk not power of two" $D $U -s 64M:1000 -r 0
bad "chunk too small" $D $U -s 64M:128 -r 0
bad "chunk too large" $D $U -s 64M:2m -r 0
bad "zero seeks" $D $U -s 64M::0 -r 0
bad "zero seekers" $D $U -s 64M:::0 -r 0
bad "too many -s fields" $D $U -s 64:8k:10:2:1 -r 0
bad "size below twice RAM" $D $U -s 64M -r 1024
bad "size below twice RAM x copies" $D $U -s 64M -c 2 -r 512
bad "nothing to test" $D $U -s 0 -n 0
bad "n max below min" $D $U -s 0 -n 1:1k:4k
bad "n bad link code" $D $U -s 0 -n 1:-3
bad "n too many dirs" $D $U -s 0 -n 200:0:0:100000
bad "n file chunk" $D $U -s 0 -n 1:0:0:1:1000
bad "n letters" $D $U -s 0 -n abc
bad "n too many fields" $D $U -s 0 -n 1:1:1:1:4k:9
bad "n zero dirs" $D $U -s 0 -n 1:0:0:0
bad "n too many files" $D $U -s 0 -r 0 -n 28340
bad "n name list over half the RAM" $D $U -s 0 -r 64 -n 1000
bad "n links with a min size" $D $U -s 0 -n 1:-1:10
bad "-p with -y" $D $U -p 2 -y s
bad "-y with another letter" $D $U -s 0 -n 1 -y x
bad "-p 0" $D $U -p 0
bad "-p letters" $D $U -p two
bad "-p too many" $D $U -p 40000
bad "concurrency zero" $D $U -c 0 -s 64 -r 0
bad "concurrency 201" $D $U -c 201 -s 64 -r 0
bad "concurrency letters" $D $U -c two -s 64 -r 0
bad "negative runs" $D $U -x -1 -s 64 -r 0
bad "runs letters" $D $U -x many -s 64 -r 0
bad "negative seed" $D $U -z -1 -s 64 -r 0
bad "machine with comma" $D $U -m a,b -s 64 -r 0
bad "empty machine" $D $U -m "" -s 64 -r 0
bad "ram suffix" $D $U -r 12q -s 64
bad "per-char fraction" $D $U -f 1.5 -s 64 -r 0
bad "unknown flag" $D $U -Q
bad "unknown long option" $D $U --bogus
bad "missing -d value" -d
bad "stray operand" $D $U -s 64 -r 0 extra
bad "table format" $D $U --table 1.99 -s 64 -r 0
bad "csv format" $D $U --csv 2.0 -s 64 -r 0
bad "char-io mode" $D $U --char-io mmap -s 64 -r 0
bad "syscall per-char with -D" $D $U -D --char-io syscall -s 64 -r 0
bad "random time zero" $D $U --random-io --random-time 0 -s 64 -r 0
bad "random time too long" $D $U --random-io --random-time 99999 -s 64 -r 0
bad "random depth zero" $D $U --random-io --random-depths 0 -s 64 -r 0
bad "random depth list gap" $D $U --random-io --random-depths 1,,2 -s 64 -r 0
bad "random depth too deep" $D $U --random-io --random-depths 2000 -s 64 -r 0
bad "random-io without a file" $D $U --random-io -s 0 -n 1
bad "progress mode" $D $U --progress sometimes -s 64 -r 0
bad "empty json path" $D $U --json "" -s 64 -r 0
bad "unknown user" $D -u no_such_user_here -s 64 -r 0
bad "unknown group" $D -g no_such_group_here -s 64 -r 0
bad "-u twice" $D -u root -u root -s 64 -r 0
bad "-u group and -g" $D -u root:root -g root -s 64 -r 0
if [ "$(id -u)" = 0 ]; then
	bad "root without -u" $D -s 64 -r 0
else
	ok "root without -u (skipped: not running as root)"
fi

# Set-up failures are exit status 2, still one line.
$CLYDE -d "$T/no/such/dir" $U -s 64 -r 0 -n 0 >"$T/out" 2>"$T/err"
st=$?
check "missing directory exits 2" [ $st -eq 2 ]
check "missing directory: one clyde: line" [ "$(wc -l <"$T/err")" -eq 1 ]
check "missing directory names it" grep -q "no/such/dir" "$T/err"
