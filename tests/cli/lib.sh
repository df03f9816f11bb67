# SPDX-License-Identifier: MIT
# Shared helpers for clyde's shell tests: a scratch directory removed on
# exit, and ok/FAIL lines in the format tests/run.sh counts.
CLYDE=${CLYDE:-./clyde}
T=$(mktemp -d /tmp/clyde-test.XXXXXX) || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
# bonnie++'s rule: as root clyde wants -u.
if [ "$(id -u)" = 0 ]; then U="-u root"; else U=""; fi

ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
# check NAME CONDITION-COMMAND...: ok when the command succeeds.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else fail "$name" "$*"; fi
}
# Fields in a CSV line.
nfields() { printf '%s\n' "$1" | awk -F, '{ print NF }'; }
# Field N (0-based) of a CSV line.
field() { printf '%s\n' "$1" | awk -F, -v n="$2" '{ print $(n + 1) }'; }
# True when directory $1 holds nothing.
empty_dir() { [ -z "$(ls -A "$1")" ]; }
# wait_for FILE PATTERN [SECONDS]: until a line of FILE matches the grep
# PATTERN (default limit 60 s); false on time-out.
wait_for() {
	n=0
	while ! grep -q -- "$2" "$1" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt $((${3:-60} * 20)) ] && return 1
		sleep 0.05
	done
}
# clyde's own directory inside $1 (clyde.PID.XXXXXX), or nothing.
workdir_in() { ls -d "$1"/clyde.*.* 2>/dev/null | head -n 1; }
# A background clyde's redirections happen in the child, maybe after the
# parent has looked: empty $T/out and $T/err first (fresh) before wait_for.
fresh() { : >"$T/out"; : >"$T/err"; }
# Driving -y p: prompted ARGS... starts clyde in the background reading
# its answers from a FIFO (stdout in $T/out, stderr in $T/err, pid in $pid);
# at_test N waits for the prompt before test N; answer lets it run;
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
prompted_end() {
	exec 3>&-
	wait $pid
	st=$?
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
