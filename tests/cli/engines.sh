# SPDX-License-Identifier: MIT
# The engines through the product (--random-io --engine): held to the same
# I/O counts (CLYDE_TEST_RANDOM_IOS) on tmpfs (buffered) and on /tmp
# (direct), each must do every I/O, record every latency once, move the
# device's bytes and pass --verify; SIGINT with 32 I/Os in flight on each;
# ENOSPC mid-queue on a full loop ext4 (root); io_uring refused by
# kernel.io_uring_disabled=2 and Linux AIO by fs.aio-max-nr=0 (root, the
# sysctls changed under flock /tmp/clyde-global.lock and restored).
. tests/cli/lib.sh
plan 81
MOUNTS=""
SYSCTLS=""
cleanup_all() {
	for m in $MOUNTS; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	MOUNTS=""
	restore_sysctls
	rm -rf "$T"
}
restore_sysctls() {
	for kv in $SYSCTLS; do
		sysctl -q "$kv" >/dev/null 2>&1
	done
	SYSCTLS=""
}
trap cleanup_all EXIT
trap 'cleanup_all; exit 1' INT TERM
mkdir "$T/d"
# The checks before "Refused engines" need io_uring and AIO as the machine
# has them: a shared hold on the lock under which any test (this one in
# another worktree too) flips the sysctls keeps them from changing meanwhile.
hold_engines
# said_once PATTERN: stderr has one "clyde:" line, and it matches PATTERN
# (said_once_x: it is exactly the line).
said_once() {
	[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] && grep -q -- "$1" "$T/err"
}
said_once_x() {
	[ "$(grep -c '; using ' "$T/err")" -eq 1 ] && grep -qxF -- "$1" "$T/err"
}

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "engines" "no python3 to read the JSON"
	exit 0
fi

# available ENGINE: a quick run with --engine ENGINE does not fall back.
available() {
	$CLYDE -d "$T/d" $U -s 8M -r 0 -n 0 -f --random-io --random-time 1 \
		--random-depths 1 --engine "$1" --progress never -q >/dev/null 2>"$T/probe"
	! grep -q '^clyde: .*; using ' "$T/probe"
}
ENGINES=""
for e in io_uring aio threads; do
	if available "$e"; then
		ENGINES="$ENGINES $e"
	else
		skips 22 "engine $e" "$(grep '^clyde: .*; using ' "$T/probe" | head -n 1)"
	fi
done
# The engines that run (threads always does): 22 checks each, but the
# first is compared with no other.
set -- $ENGINES
NE=$#

# --- the same counts on every engine ------------------------------------------
N=1200
# same DIR LABEL ARGS...: every engine does N I/Os per test with ARGS; each
# test's ops and latency count are N, the JSON names the engine, and every
# engine ran the same tests (op, Q, T, ops) as the first.
same() {
	dir=$1
	label=$2
	shift 2
	first=""
	for e in $ENGINES; do
		CLYDE_TEST_RANDOM_IOS=$N $CLYDE -d "$dir" $U -s 32M -r 0 -n 0 -f \
			--random-io --random-depths 1,32 --random-threads 2 --engine "$e" \
			--verify --progress never --json "$T/$e.json" "$@" >"$T/out" 2>"$T/err"
		st=$?
		check "$label $e: exit 0" [ $st -eq 0 ]
		check "$label $e: directory left empty" empty_dir "$dir"
		json_check "$label $e: four tests of $N I/Os, one latency each" "$T/$e.json" \
			"len(j['random_io']) == 4 and all(t['ops'] == $N and t['latency_us']['count'] == $N for t in j['random_io'])"
		json_check "$label $e: the engine that ran" "$T/$e.json" \
			"all(t['engine'] == '$e' and t['threads'] == 2 for t in j['random_io'])"
		check "$label $e: the footer names it" \
			grep -q "^clyde $VERSION_RE: .*, random I/O via $e" "$T/out"
		if [ -z "$first" ]; then
			first=$e
		else
			json_check "$label $e: the same tests and bytes as $first" "$T/$e.json" \
				"[(t['op'], t['depth'], t['threads'], t['ops'] * t['block_bytes']) for t in j['random_io']] == [(t['op'], t['depth'], t['threads'], t['ops'] * t['block_bytes']) for t in json.load(open('$T/$first.json'))['random_io']]"
		fi
	done
}
if [ -d /dev/shm ] && mkdir "/dev/shm/clyde-engines.$$" 2>/dev/null; then
	same "/dev/shm/clyde-engines.$$" "tmpfs, buffered" --allow-memory
	rmdir "/dev/shm/clyde-engines.$$"
else
	skips $((6 * NE - 1)) "tmpfs, buffered" "no /dev/shm"
fi
same "$T/d" "direct" -D
# With O_DIRECT every read went to the device (others' I/O only adds).
for e in $ENGINES; do
	json_check "direct $e: the device read at least every read I/O" "$T/$e.json" \
		"all(t['device'] is None or t['op'] == 'write' or t['device']['read_bytes'] >= t['ops'] * t['block_bytes'] for t in j['random_io'])"
done

# --- SIGINT with 32 I/Os in flight --------------------------------------------
# busy ENGINE PID: the engine's job runs (its ring, its AIO context or its
# 32 threads) and has read 128 KiB more since it was first seen.
read_bytes() { awk '/^read_bytes:/ { print $2 }' "/proc/$1/io" 2>/dev/null; }
has_ring() {
	for f in /proc/$1/fd/*; do
		case $(readlink "$f" 2>/dev/null) in *io_uring*) return 0 ;; esac
	done
	return 1
}
has_aio() { grep -q '/\[aio\]' "/proc/$1/maps" 2>/dev/null; }
set_up_busy() {
	case $1 in
	io_uring) threads "$2" 3 && has_ring "$2" ;;
	aio) threads "$2" 3 && has_aio "$2" ;;
	threads) threads "$2" 34 ;;
	esac
}
moved_since() { [ "$(read_bytes "$1")" -ge $(($2 + 131072)) ]; }
for e in $ENGINES; do
	fresh
	$CLYDE -d "$T/d" $U -s 64M -r 0 -n 0 -f -D --random-io --random-depths 32 \
		--random-time 60 --engine "$e" --progress auto >"$T/out" 2>"$T/err" &
	pid=$!
	name="SIGINT with 32 I/Os in flight, $e"
	if wait_for "$T/err" 'random reads, Q32T1' && wait_until set_up_busy "$e" $pid &&
		b0=$(read_bytes $pid) && wait_until moved_since $pid "$b0"; then
		ok "$name: the job is busy"
	else
		fail "$name" "never saw the job busy: $(tr '\n' '|' <"$T/err")"
	fi
	t0=$(date +%s)
	kill -INT $pid
	wait $pid
	st=$?
	check "$name: stopped within 5 s" [ $(($(date +%s) - t0)) -le 5 ]
	check "$name: exit 130" [ $st -eq 130 ]
	check "$name: says so, once" said_once '^clyde: interrupted by signal 2 '
	check "$name: directory left empty" empty_dir "$T/d"
done

# --- root only: a full filesystem, refused engines ----------------------------
if [ "$(id -u)" != 0 ]; then
	skips $((4 * NE)) "ENOSPC mid-queue" "needs root to mount a loop image"
	skips 17 "io_uring_disabled" "needs root to change the sysctl"
	exit 0
fi

# ENOSPC mid-queue: before the random writes, the test punches the file
# full of holes and fills the filesystem, so that 32 writes in flight into
# the holes meet a full disk.
E=$T/ext4
if command -v mkfs.ext4 >/dev/null 2>&1 && command -v fallocate >/dev/null 2>&1 &&
	truncate -s 64M "$E.img" && mkfs.ext4 -q -F "$E.img" && mkdir "$E" &&
	mount -o loop "$E.img" "$E"; then
	MOUNTS="$E"
	mkdir "$E/d"
	# The second "12:" prompt comes before the random writes.
	second_12() { [ "$(grep -c '^12:$' "$T/out")" -ge 2 ]; }
	for e in $ENGINES; do
		prompted -d "$E/d" $U -s 32M::256 -r 0 -n 0 -f -D --random-io \
			--random-depths 32 --random-time 5 --engine "$e" --no-preflight
		for t in 1 2 4 5 12; do at_test $t && answer; done
		wait_until second_12 &&
			fallocate -p -o 0 -l 32M "$(workdir_in "$E/d")/f000" &&
			{ dd if=/dev/zero of="$E/fill" bs=4k 2>/dev/null; true; } && answer
		prompted_end
		name="ENOSPC mid-queue, $e"
		check "$name: exit 3" [ $st -eq 3 ]
		check "$name: one line says where and why" \
			grep -Eq "^clyde: $E/d/clyde\.[0-9]+\.[A-Za-z0-9]{6}/f000: write at offset [0-9]+: No space left on device\$" "$T/err"
		check "$name: nothing else" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
		check "$name: directory left empty" empty_dir "$E/d"
		rm -f "$E/fill"
	done
	umount "$E"
	MOUNTS=""
else
	skips $((4 * NE)) "ENOSPC mid-queue" "cannot mount a loop ext4 image"
fi

# Refused engines: the sysctls are global, so they change only under the
# lock every test that changes them holds, and are restored at once.
if [ ! -w /proc/sys/kernel/io_uring_disabled ]; then
	skips 17 "io_uring_disabled" "this kernel has no kernel.io_uring_disabled"
	exit 0
fi
# refused NAME LINE ENGINE ARGS...: one line LINE on stderr besides the
# tables' own, and the JSON's engine is ENGINE.
refused() {
	name=$1
	line=$2
	want=$3
	shift 3
	$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f -D --random-io --random-time 1 \
		--random-depths 4 --progress never --json "$T/r.json" "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "$name: exit 0" [ $st -eq 0 ]
	check "$name: one line says why" said_once_x "clyde: $line"
	json_check "$name: $want ran" "$T/r.json" \
		"all(t['engine'] == '$want' for t in j['random_io'])"
	check "$name: directory left empty" empty_dir "$T/d"
}
flock -u 8 # the shared hold would block the exclusive one below
exec 9>/tmp/clyde-global.lock
flock 9
UD0=$(cat /proc/sys/kernel/io_uring_disabled)
SYSCTLS="kernel.io_uring_disabled=$(cat /proc/sys/kernel/io_uring_disabled)"
sysctl -q kernel.io_uring_disabled=2
DISABLED="io_uring: Operation not permitted (kernel.io_uring_disabled=2)"
refused "--engine io_uring, io_uring_disabled=2" "$DISABLED; using Linux AIO" aio \
	--engine io_uring
refused "--engine auto, io_uring_disabled=2" "$DISABLED; using Linux AIO" aio
if [ -w /proc/sys/fs/aio-max-nr ]; then
	SYSCTLS="$SYSCTLS fs.aio-max-nr=$(cat /proc/sys/fs/aio-max-nr)"
	sysctl -q fs.aio-max-nr=0
	refused "--engine io_uring, neither io_uring nor AIO" \
		"$DISABLED; aio: Resource temporarily unavailable (fs.aio-max-nr reached); using one thread per I/O" \
		threads --engine io_uring
	refused "--engine aio, fs.aio-max-nr=0" \
		"aio: Resource temporarily unavailable (fs.aio-max-nr reached); using one thread per I/O" \
		threads --engine aio
else
	skips 8 "aio refused" "no fs.aio-max-nr"
fi
restore_sysctls
flock -u 9
check "kernel.io_uring_disabled restored" [ "$(cat /proc/sys/kernel/io_uring_disabled)" = "$UD0" ]
