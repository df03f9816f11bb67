# SPDX-License-Identifier: MIT
# Shared helpers for clyde's shell tests: a scratch directory removed on
# exit, and the plan and ok/FAIL/skip lines in the format tests/run.sh counts.
CLYDE=${CLYDE:-./clyde}
# The build tests/run.sh runs (make test passes it; build by default).
BUILD=${BUILD:-build}
# The scratch directory on a disk: clyde refuses a -d in RAM without
# --allow-memory, and some systems mount /tmp as a tmpfs.
TEST_BASE=/tmp
case $(stat -f -c %T /tmp 2>/dev/null) in
tmpfs | ramfs) TEST_BASE=/var/tmp ;;
esac
T=$(mktemp -d "$TEST_BASE/clyde-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
# A test stopped (^C, or its time limit in tests/run.sh) stops, and cleans up.
trap 'exit 1' INT TERM
# bonnie++'s rule: as root clyde wants -u.
if [ "$(id -u)" = 0 ]; then U="-u root"; else U=""; fi
# clyde's version, as clyde says it: tests never spell it out. VERSION_RE is
# the same for a grep pattern (dots escaped).
VERSION=$($CLYDE --version 2>/dev/null | sed -n 's/^clyde \([^ ]*\)$/\1/p')
if [ -z "$VERSION" ]; then
	echo "FAIL $0: '$CLYDE --version' does not say 'clyde VERSION'"
	exit 1
fi
VERSION_RE=$(printf '%s\n' "$VERSION" | sed 's/[].[*^$\\]/\\&/g')

# plan N: the script prints N checks (ok, FAIL or skip lines); it says so
# first, and tests/run.sh fails a script whose count differs (one that
# died early, or a check added without its plan). A check skipped here
# still counts. Checks whose number depends on what the run finds (one per
# disk, say) add theirs with another plan line before they start.
PLAN=""
plan() {
	[ -n "$PLAN" ] || PLAN=$1
	echo "plan $1"
}
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
# skip NAME WHY: NAME could not be tested here; counted apart, never passed.
skip() { echo "skip $1: $2"; }
# skips N NAME WHY: the N checks of NAME could not be tested here (one line
# for a block of checks, or for the whole script: skips "$PLAN" ...).
skips() { echo "skips $1 $2: $3"; }
# check NAME CONDITION-COMMAND...: ok when the command succeeds.
check() {
	check_name=$1
	shift
	if "$@"; then ok "$check_name"; else fail "$check_name" "$*"; fi
}
# version_line TAIL: the first line of a table part as clyde prints it,
# "Version VERSION" (the version right-aligned in 5 columns) padded to
# column 20, or one space after a longer version, then TAIL.
version_line() { printf '%-19s %s\n' "$(printf 'Version %5s' "$VERSION")" "$1"; }
# Fields in a CSV line.
nfields() { printf '%s\n' "$1" | awk -F, '{ print NF }'; }
# Field N (0-based) of a CSV line.
field() { printf '%s\n' "$1" | awk -F, -v n="$2" '{ print $(n + 1) }'; }
# True when directory $1 holds nothing.
empty_dir() { [ -z "$(ls -A "$1")" ]; }
# errors FILE: the "clyde:" lines of FILE that say what went wrong, without
# the notices clyde may print before a run (its directory has no block
# device of its own; the engine asked for is refused, and another is used).
errors() {
	grep '^clyde: ' "$1" |
		grep -v 'has no block device of its own\|; using \(Linux AIO\|one thread per I/O\)$'
}
# hold_engines: until the script ends, the engines clyde picks stay as the
# machine has them. The sysctls that refuse them (kernel.io_uring_disabled,
# fs.aio-max-nr) change only under flock /tmp/clyde-global.lock
# (tests/cli/engines.sh, in any worktree); this is a shared hold on it, for
# a script whose runs use --random-io with the machine's engines.
hold_engines() {
	(: >>/tmp/clyde-global.lock) 2>/dev/null # another user's: read it
	if [ -r /tmp/clyde-global.lock ]; then
		exec 8</tmp/clyde-global.lock
		flock -s 8
	fi
}
# Tests wait for events they can observe, never for a fixed time.
# wait_until COMMAND...: until COMMAND succeeds, polled every 0.05 s for at
# most 60 s; false on time-out.
wait_until() {
	wait_n=0
	until "$@"; do
		wait_n=$((wait_n + 1))
		[ $wait_n -gt 1200 ] && return 1
		sleep 0.05
	done
}
# wait_for FILE PATTERN: until a line of FILE matches the grep PATTERN.
wait_for() { wait_until grep -qs -- "$2" "$1"; }
# running PID: PID has not ended (an unreaped zombie has).
running() {
	[ -e "/proc/$1/stat" ] &&
		[ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ]
}
# threads PID N: PID runs N threads or more (its main thread counts).
threads() { [ "$(ls "/proc/$1/task" 2>/dev/null | wc -l)" -ge "$2" ]; }
# clyde's own directory inside $1 (clyde.PID.XXXXXX), or nothing.
workdir_in() { ls -d "$1"/clyde.*.* 2>/dev/null | head -n 1; }
# in_workdir DIR [PATH]: clyde's directory is in DIR (and holds PATH).
in_workdir() {
	in_w=$(workdir_in "$1")
	[ -n "$in_w" ] && [ -e "$in_w/${2:-.}" ]
}
# A background clyde's redirections happen in the child, maybe after the
# parent has looked: empty $T/out and $T/err first (fresh) before wait_for.
fresh() { : >"$T/out"; : >"$T/err"; }
# Driving -y p: prompted ARGS... starts clyde in the background reading
# its answers from a FIFO (stdout in $T/out, stderr in $T/err, pid in $pid);
# at_test N waits for the prompt before test N; answer lets it run;
# answer_until N answers up to test N's prompt;
# prompted_end closes the FIFO and sets $st.
prompted() {
	fresh
	rm -f "$T/fifo"
	mkfifo "$T/fifo"
	$CLYDE "$@" -y p <"$T/fifo" >"$T/out" 2>"$T/err" &
	pid=$!
	exec 3>"$T/fifo"
}
at_test() { wait_for "$T/out" "^$1:\$"; }
answer() { echo go >&3; }
# answer_until N: answer the prompts of $PROMPTS (the tests prompted for, in
# order) before test N, then wait at N's.
answer_until() {
	for t in $PROMPTS; do
		[ "$t" -eq "$1" ] && break
		at_test "$t" && answer
	done
	at_test "$1"
}
prompted_end() {
	exec 3>&-
	wait $pid
	st=$?
}
# json_check NAME FILE EXPR: EXPR (Python, with j the JSON in FILE) is true;
# "skip" where there is no python3 to tell.
json_check() {
	if ! command -v python3 >/dev/null 2>&1; then
		skip "$1" "no python3"
		return
	fi
	if python3 - "$2" "$3" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
	then ok "$1"; else fail "$1" "$3"; fi
}
# Scratch mounts (root tests): mnt DIR MOUNT-ARGS... mounts and remembers
# DIR, umnt DIR unmounts it, unmount_all every one still mounted (call it
# from the test's EXIT trap).
MOUNTS=""
mnt() {
	d=$1
	shift
	mkdir -p "$d" && mount "$@" "$d" && MOUNTS="$d $MOUNTS"
}
umnt() {
	umount "$1"
	MOUNTS=$(printf '%s\n' $MOUNTS | grep -vx "$1" | tr '\n' ' ')
}
unmount_all() {
	for m in $MOUNTS; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	MOUNTS=""
}
# clyde-mpi's tests: mpi_prepare sets MPI (the binary) and OVER (mpirun's
# option for more ranks than cores), or skips the script's whole plan and
# fails when clyde-mpi or mpirun is missing (the caller then exits 0).
mpi_prepare() {
	MPI=${CLYDE_MPI:-./clyde-mpi}
	if [ ! -x "$MPI" ] || ! command -v mpirun >/dev/null 2>&1; then
		skips "$PLAN" "clyde-mpi" "needs mpicc and mpirun (Debian: openmpi-bin libopenmpi-dev)"
		return 1
	fi
	# Open MPI refuses root without these; tests run as root in CI.
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	# Under SANITIZE= builds: what the sanitizers find inside MPI's own
	# libraries is not clyde's (Open MPI leaks at exit, and its TCP
	# transport takes locks in an order ThreadSanitizer dislikes);
	# clyde's frames are still checked. The slow unwinder reaches MPI's
	# frames through its plug-ins.
	printf '%s\n' leak:libmpi.so leak:libopen-pal.so leak:libopen-rte.so \
		leak:libpmix.so leak:libhwloc.so leak:libevent \
		leak:MPI_Init_thread leak:MPI_Finalize >"$T/lsan.supp"
	printf '%s\n' deadlock:mca_btl_tcp deadlock:libopen-pal.so \
		deadlock:libmpi.so race:libopen-pal.so race:libmpi.so \
		race:libopen-rte.so race:libpmix.so race:libevent >"$T/tsan.supp"
	export LSAN_OPTIONS="suppressions=$T/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
	export ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
	export TSAN_OPTIONS="suppressions=$T/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
	# More ranks than cores: Open MPI wants to be told, MPICH does not
	# know the option.
	if mpirun --version 2>&1 | grep -q 'Open MPI'; then OVER=--oversubscribe; else OVER=; fi
}
