# SPDX-License-Identifier: MIT
# -p/-y: -p N makes the semaphores, two clyde processes with -y s start
# each test together and both finish, -p -1 removes them; -y p prompts with
# the test numbers and reads a line before each test. A private semaphore
# prefix keeps parallel test runs apart.
. tests/cli/lib.sh
plan 27
CLYDE_SYNC_PREFIX=/clyde-test.$$
export CLYDE_SYNC_PREFIX
trap '$CLYDE $U -p -1 >/dev/null 2>&1; rm -rf "$T"' EXIT
mkdir "$T/a" "$T/b"
DEV=/dev/shm/sem.${CLYDE_SYNC_PREFIX#/}

$CLYDE $U -p 2 >"$T/out" 2>"$T/err"
st=$?
check "-p 2: exit 0" [ $st -eq 0 ]
check "-p 2: says so" grep -qx 'Creating semaphore for 2 procs.' "$T/out"
if [ -d /dev/shm ]; then
	check "-p 2: semaphores exist" [ -e "$DEV.procs" ]
else
	skip "-p 2: semaphores exist" "no /dev/shm to look in"
fi

# Two processes: the first waits at each barrier for the second.
$CLYDE -d "$T/a" $U -s 0 -n 1 -y s -q -m one >"$T/a.out" 2>"$T/a.err" &
pa=$!
# At the first barrier the first process has made its file-test directory
# and sleeps in the kernel on a futex (sem_wait), its only thread.
at_barrier() { in_workdir "$T/a" files && grep -q futex "/proc/$pa/wchan"; }
check "-y s: the first waits for the second" wait_until at_barrier
# It made its file-test directory, then stopped before creating a file.
check "-y s: nothing created before the barrier" sh -c "[ -d $T/a/clyde.*/files ] && [ -z \"\$(ls -A $T/a/clyde.*/files)\" ]"
$CLYDE -d "$T/b" $U -s 0 -n 1 -y s -q -m two >"$T/b.out" 2>"$T/b.err" &
pb=$!
wait $pa
sa=$?
wait $pb
sb=$?
check "-y s: first process exit 0" [ $sa -eq 0 ]
check "-y s: second process exit 0" [ $sb -eq 0 ]
check "-y s: first process CSV" grep -q "^1\.96,clyde-$VERSION_RE,one," "$T/a.out"
check "-y s: second process CSV" grep -q "^1\.96,clyde-$VERSION_RE,two," "$T/b.out"
check "-y s: first directory left empty" empty_dir "$T/a"
check "-y s: second directory left empty" empty_dir "$T/b"

# The barriers can be used again by a second pair.
$CLYDE -d "$T/a" $U -s 0 -n 1 -y s -q -m one >"$T/a.out" 2>&1 &
pa=$!
$CLYDE -d "$T/b" $U -s 0 -n 1 -y s -q -m two >"$T/b.out" 2>&1
sb=$?
wait $pa
sa=$?
check "-y s: a second pair runs too" [ "$sa,$sb" = "0,0" ]

$CLYDE $U -p -1 >"$T/out" 2>"$T/err"
st=$?
check "-p -1: exit 0" [ $st -eq 0 ]
check "-p -1: says so" grep -qx 'Semaphore removed.' "$T/out"
if [ -d /dev/shm ]; then
	check "-p -1: semaphores gone" [ ! -e "$DEV.procs" ]
else
	skip "-p -1: semaphores gone" "no /dev/shm to look in"
fi
$CLYDE $U -p -1 >"$T/out" 2>"$T/err"
st=$?
check "-p -1 twice: exit 1" [ $st -eq 1 ]
check "-p -1 twice: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]

# -y s without the semaphores: a set-up error before any I/O.
$CLYDE -d "$T/a" $U -s 0 -n 1 -y s >"$T/out" 2>"$T/err"
st=$?
check "-y s without -p: exit 1" [ $st -eq 1 ]
check "-y s without -p: says to run -p" grep -q '^clyde: -y s: .*clyde -p N' "$T/err"
check "-y s without -p: nothing written" empty_dir "$T/a"

# -y p: a blank line and "N:" per test on stdout, a line read before each.
printf 'go\ngo\ngo\ngo\ngo\ngo\n' |
	$CLYDE -d "$T/a" $U -s 0 -n 1 -y p -m pr >"$T/out" 2>"$T/err"
st=$?
check "-y p: exit 0" [ $st -eq 0 ]
check "-y p: prompts 6 to 11" [ "$(head -n 12 "$T/out" | tr '\n' ' ')" = " 6:  7:  8:  9:  10:  11: " ]
check "-y p: then the table" grep -qxF "$(version_line '------Sequential Create------ --------Random Create--------')" "$T/out"
check "-y p: directory left empty" empty_dir "$T/a"

printf 'go\ngo\n' |
	$CLYDE -d "$T/a" $U -s 0 -n 1 -y p -m pr >"$T/out" 2>"$T/err"
st=$?
check "-y p, input ends early: exit 3" [ $st -eq 3 ]
check "-y p, input ends early: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
check "-y p, input ends early: directory left empty" empty_dir "$T/a"
