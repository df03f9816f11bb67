# SPDX-License-Identifier: MIT
# Limits from the machine, not from -r: the file tests' name lists are
# checked against the RAM the machine has whatever -r says, the threads a
# run starts against what the system allows (the kernel's limit, ulimit
# -u, ulimit -v, memory), all before any I/O and in one line; and building
# a big name list stops at once on a signal.
. tests/cli/lib.sh
plan 29
hold_engines
mkdir "$T/d"
chmod 1777 "$T/d"

# refused NAME STATUS PATTERN: the status, one clyde: line matching the
# grep PATTERN, no progress (nothing was done), -d empty.
refused() {
	check "$1: exit $2" [ "$st" -eq "$2" ]
	check "$1: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
	check "$1: says why" grep -q "$3" "$T/err"
	check "$1: before any I/O" empty_dir "$T/d"
}

# 28339K names x 200 copies is far past half of any machine's RAM: -r 0
# lifts the twice-the-RAM rule for -s, not the memory clyde would take.
$CLYDE -d "$T/d" $U -s 0 -r 0 -n 28339 -c 200 >"$T/out" 2>"$T/err"
st=$?
refused "-s 0 -r 0 -n 28339 -c 200" 1 "^clyde: -n 28339: the name list of 28339K files x -c (.* MiB) would page in [0-9]* MiB of RAM; use fewer files\$"
$CLYDE -d "$T/d" $U -s 0 -r 999999999 -n 28339 -c 200 >"$T/out" 2>"$T/err"
st=$?
refused "-r claiming more RAM than the machine has" 1 "would page in [0-9]* MiB of RAM"

# 200 copies x 1024 random-I/O threads: past what any kernel here allows.
$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -c 200 --random-io --random-depths 1024 \
	>"$T/out" 2>"$T/err"
st=$?
refused "-c 200 --random-depths 1024" 2 "^clyde: -c 200 copies x 1024 random-I/O threads need 205001 threads at once, but .*; use a smaller -c"
$CLYDE -d "$T/d" $U -s 64M::256:1024 -r 0 -n 0 -c 200 >"$T/out" 2>"$T/err"
st=$?
refused "-c 200 x 1024 seekers" 2 "^clyde: -c 200 copies x 1024 seekers need 205001 threads at once"

# ulimit -v: the stacks of 4 x 1025 threads (8 MiB of address space each)
# do not fit in 2 GiB. A sanitizer build cannot start under such a limit.
if (ulimit -v 2097152 && exec $CLYDE --version) >/dev/null 2>&1; then
	(ulimit -v 2097152 && exec $CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -c 4 \
		--random-io --random-depths 1024 >"$T/out" 2>"$T/err")
	st=$?
	refused "ulimit -v" 2 "their stacks alone (.* MiB) pass the address-space limit of 2048 MiB (ulimit -v)"
else
	skips 4 "ulimit -v" "this build cannot start under a 2 GiB address-space limit"
fi
# ulimit -u binds the user clyde runs as (root is not held to it).
if id nobody >/dev/null 2>&1; then
	({ ulimit -u 100 || ulimit -p 100; } 2>/dev/null && exec $CLYDE -d "$T/d" -u nobody -s 16M -r 0 -n 0 -c 4 \
		--random-io --random-depths 64 >"$T/out" 2>"$T/err")
	st=$?
	if [ "$(id -u)" = 0 ]; then
		refused "ulimit -u" 2 "the limit on processes and threads is 100 (ulimit -u)"
	else
		skips 4 "ulimit -u" "-u nobody needs root"
	fi
else
	skips 4 "ulimit -u" "no user nobody"
fi
# What fits runs: 2 copies x 64 random-I/O threads.
$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f -c 2 --random-io --random-depths 64 \
	--random-time 1 >"$T/out" 2>"$T/err"
st=$?
check "-c 2 --random-depths 64 runs" [ $st -eq 0 ]
check "-c 2 --random-depths 64: -d left empty" empty_dir "$T/d"

# Building 2 x 28339K names takes seconds; a signal stops it at once.
fresh
$CLYDE -d "$T/d" $U -s 0 -r 0 -n 28339 -c 2 --no-preflight >"$T/out" 2>"$T/err" &
pid=$!
# clyde's directory is made just before the lists are built.
wait_until sh -c "ls -d '$T/d'/clyde.* >/dev/null 2>&1"
t0=$(date +%s%N)
kill -INT $pid
wait $pid
st=$?
ms=$((($(date +%s%N) - t0) / 1000000))
check "SIGINT while building the name lists: exit 130" [ $st -eq 130 ]
case $BUILD in
*san-*) # A sanitizer's malloc and free of the lists' 1.8 GB set up and
	# tear down its shadow memory, seconds that no stop flag can cut short.
	skip "SIGINT while building the name lists: stopped in under 2 s" \
		"the sanitizer's malloc and free of the lists' 1.8 GB took ${ms} ms" ;;
*) check "SIGINT while building the name lists: stopped in ${ms} ms (under 2 s)" [ $ms -lt 2000 ] ;;
esac
check "SIGINT while building the name lists: -d left empty" empty_dir "$T/d"
