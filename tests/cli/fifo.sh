# SPDX-License-Identifier: MIT
# A file the user names may be a FIFO: -Z reading one (no writer yet, or a
# slow one) and --json waiting for its reader. SIGINT while clyde waits
# stops it at once, after clean-up, with the signal's words and exit 130;
# a writer that keeps the FIFO open does not hold clyde. A FIFO that gives
# enough numbers runs as a file does.
. tests/cli/lib.sh
plan 15
mkdir "$T/d"
R="-d $T/d $U -r 0 -s 16M -n 0 -f"
WORDS="clyde: interrupted by signal 2 (Interrupt); test files removed"

# catching PID: PID is clyde (not yet the shell that forked it, whose
# trap would take the signal and lose it in the exec) and has its SIGINT
# handler (SigCgt bit 2).
CLYDE_EXE=$(readlink -f "$CLYDE")
catching() {
	[ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$CLYDE_EXE" ] || return 1
	c_last=$(awk '/^SigCgt:/ { print substr($2, length($2)) }' "/proc/$1/status" 2>/dev/null)
	[ $((0x${c_last:-0} & 2)) -ne 0 ]
}
# has_open PID FILE: PID holds FILE open.
has_open() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q " $2\$"; }
# stopped NAME: clyde ($pid) was stopped by SIGINT as it should be.
stopped() {
	check "$1: exit 130" [ "$st" -eq 130 ]
	check "$1: the signal's words" grep -qx "$WORDS" "$T/err"
	check "$1: one line" [ "$(grep -c . "$T/err")" -eq 1 ]
	check "$1: nothing left" empty_dir "$T/d"
}

mkfifo "$T/p"
# -Z, before any writer came.
$CLYDE $R -Z "$T/p" >/dev/null 2>"$T/err" &
pid=$!
wait_until has_open $pid "$T/p"
kill -INT $pid
wait $pid
st=$?
stopped "-Z FIFO, no writer yet"

# -Z, during the read: a writer that sent 4 bytes and keeps the FIFO open.
{ printf 'abcd'; sleep 30; } >"$T/p" &
writer=$!
$CLYDE $R -Z "$T/p" >/dev/null 2>"$T/err" &
pid=$!
wait_until has_open $pid "$T/p"
kill -INT $pid
wait_until sh -c "! kill -0 $pid 2>/dev/null"
check "-Z FIFO, slow writer: SIGINT is not held up by the writer" running $writer
wait $pid
st=$?
stopped "-Z FIFO, slow writer"
kill $writer 2>/dev/null
wait $writer 2>/dev/null

# -Z from a FIFO that gives what the run takes.
head -c 40000 /dev/urandom >"$T/p" &
$CLYDE $R -Z "$T/p" >"$T/out" 2>"$T/err"
st=$?
check "-Z FIFO with enough numbers: exit 0" [ "$st" -eq 0 ]
check "-Z FIFO with enough numbers: the results" grep -q '^1.96,clyde-' "$T/out"
wait

# --json, waiting for its reader: SIGINT as soon as clyde catches it,
# whether it came before the open or during it.
mkfifo "$T/j"
$CLYDE $R --json "$T/j" >/dev/null 2>"$T/err" &
pid=$!
wait_until catching $pid
kill -INT $pid
wait $pid
st=$?
stopped "--json FIFO without a reader"
