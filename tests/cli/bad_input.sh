# SPDX-License-Identifier: MIT
# Every malformed, out-of-range, overflowing, empty or conflicting option:
# exit status 1, one line on stderr starting "clyde: ", nothing on stdout,
# nothing on disk: clyde runs inside the -d directory (so even a default
# "-d ." would show) and nothing may appear there or beside it (a --json
# file, say).
. tests/cli/lib.sh
plan 142
mkdir "$T/d"
case $CLYDE in /*) ABS=$CLYDE ;; *) ABS=$PWD/$CLYDE ;; esac
cases=0

bad() {
	name=$1
	shift
	cases=$((cases + 1))
	(cd "$T/d" && exec "$ABS" "$@") >"$T/out" 2>"$T/err"
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
	elif [ "$(ls -A "$T" | tr '\n' ' ')" != "d err out " ]; then
		fail "bad input $name" "wrote beside it: $(ls -A "$T")"
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
bad "n name list over half the machine's RAM, whatever -r says" $D $U -s 0 -r 0 -n 28339 -c 200
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
bad "unknown group" $D $U -g no_such_group_here -s 64 -r 0
bad "-u twice" $D -u root -u root -s 64 -r 0
bad "-u group and -g" $D -u root:root -g root -s 64 -r 0
# Every option that takes a value, given an empty one (and the = forms).
for o in -d -s -n -m -r -x -u -g -c -p -y -z --table --csv --char-io \
	--random-time --random-depths --json --progress; do
	bad "empty $o" $D $U -s 64 -r 0 $o ""
done
bad "empty --table=" $D $U -s 64 -r 0 --table=
bad "empty --json=" $D $U -s 64 -r 0 --json=
bad "-f then an empty operand" $D $U -s 64 -r 0 -f ""
# A value missing at the end of the line.
bad "missing -s value" $D $U -r 0 -s
bad "missing --table value" $D $U -s 64 -r 0 --table
bad "missing --random-depths value" $D $U -s 64 -r 0 --random-depths
# Past every limit, and past 2^64.
O=99999999999999999999
bad "overflow -c" $D $U -s 64 -r 0 -c $O
bad "overflow -x" $D $U -s 64 -r 0 -x $O
bad "overflow -z" $D $U -s 64 -r 0 -z $O
bad "overflow -p" $D $U -p $O
bad "overflow -r" $D $U -s 64 -r $O
bad "overflow -f" $D $U -s 64 -r 0 -f $O
bad "overflow -n count" $D $U -s 0 -n $O
bad "overflow -n max" $D $U -s 0 -n 1:$O
bad "overflow -s chunk" $D $U -r 0 -s 64M:$O
bad "overflow -s seeks" $D $U -r 0 -s 64M::$O
bad "overflow --random-time" $D $U -s 64 -r 0 --random-io --random-time $O
bad "overflow --random-depths" $D $U -s 64 -r 0 --random-io --random-depths $O
bad "overflow -s in g" $D $U -r 0 -s 99999999999999g
bad "-s of 2^63 bytes" $D $U -r 0 -s 8388608t
bad "-s too large for any -c" $D $U -r 0 -n 0 -s 8388607t
# Malformed numbers and lists.
bad "letters in -s seeks" $D $U -r 0 -s 64M:8k:abc
bad "letters in -s seekers" $D $U -r 0 -s 64M:8k:10:x
bad "-s colon alone" $D $U -r 0 -s :
bad "too many seekers" $D $U -r 0 -s 64M:8k:10:2000
bad "zero chunk" $D $U -r 0 -s 64M:0
bad "plus sign" $D $U -r 0 -s +64M
bad "trailing space" $D $U -r 0 -s "64M "
bad "leading space" $D $U -r 0 -s " 64M"
bad "newline in a value" $D $U -r 0 -s "$(printf '64\nM')"
bad "negative -r" $D $U -s 64 -r -1
bad "-r not whole MiB" $D $U -s 64 -r 1k
bad "negative -c" $D $U -s 64 -r 0 -c -1
bad "fraction -c" $D $U -s 64 -r 0 -c 1.5
bad "exponent -x" $D $U -s 64 -r 0 -x 1e3
bad "hexadecimal -z" $D $U -s 64 -r 0 -z 0x10
bad "negative -n" $D $U -s 0 -n -1
bad "-n zero file chunk" $D $U -s 0 -n 1:0:0:1:0
bad "negative -f" $D $U -s 64 -r 0 -f -1
bad "depth list ends in a comma" $D $U -s 64 -r 0 --random-io --random-depths 1,
bad "depth list starts with a comma" $D $U -s 64 -r 0 --random-io --random-depths ,1
bad "nine depths" $D $U -s 64 -r 0 --random-io --random-depths 1,2,3,4,5,6,7,8,9
bad "hexadecimal depth" $D $U -s 64 -r 0 --random-io --random-depths 0x10
bad "negative random time" $D $U -s 64 -r 0 --random-io --random-time -1
bad "machine name with a newline" $D $U -s 64 -r 0 -m "$(printf 'a\nb')"
bad "machine name with an escape" $D $U -s 64 -r 0 -m "$(printf 'a\033[31mb')"
bad "machine name of 300 bytes" $D $U -s 64 -r 0 -m "$(printf '%300s' '' | tr ' ' a)"
# Conflicts, repeats and option syntax.
bad "-g twice" $D $U -s 64 -r 0 -g root -g root
bad "the last --table counts" $D $U -s 64 -r 0 --table 1.96 --table x
bad "syscall per-char of 1M with -D" $D $U -s 64 -r 0 -D --char-io syscall -f 1
bad "-p with -y p" $D $U -p 2 -y p
bad "-p -1 with -y s" $D $U -p -1 -y s
bad "unknown long option with a value" $D $U --bogus=1
bad "ambiguous long option" $D $U -s 64 -r 0 --ran
bad "value to a flag" $D $U -s 64 -r 0 --verify=yes
bad "bad input with --json" $D $U -s 64 -r 0 -c 0 --json "$T/d/x.json"
bad "bad input with --json beside" $D $U -s 64 -r 0 -c 0 --json "$T/x.json"
bad "bad input without -d" $U -s 64:100 -r 0
# A count, not a check: it cannot fail.
echo "# bad input: $cases cases"

if [ "$(id -u)" = 0 ]; then
	bad "root without -u" $D -s 64 -r 0
else
	skip "bad input root without -u" "not running as root"
fi

# Set-up failures are exit status 2, still one line.
$CLYDE -d "$T/no/such/dir" $U -s 64 -r 0 -n 0 >"$T/out" 2>"$T/err"
st=$?
check "missing directory exits 2" [ $st -eq 2 ]
check "missing directory: one clyde: line" [ "$(wc -l <"$T/err")" -eq 1 ]
check "missing directory names it" grep -q "no/such/dir" "$T/err"
