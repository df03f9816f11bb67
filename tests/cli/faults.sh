# SPDX-License-Identifier: MIT
# Disk faults mid-run on scratch filesystems (root only): ENOSPC on tmpfs and
# loop ext4, running out of inodes, EIO from a zram disk past its memory
# limit, EDQUOT, EROFS, SIGXFSZ, SIGXCPU, and the preflight's refusals: one
# "clyde: PATH: OPERATION: reason" line, the status the man page gives, nothing left.
. tests/cli/lib.sh
plan 112
ZRAM=""
cleanup_fs() {
	unmount_all
	zram_free
	rm -rf "$T"
}
trap cleanup_fs EXIT
trap 'cleanup_fs; exit 1' INT TERM

# skip_all REASON: every fault this file would test, skipped.
skip_all() {
	skips "$PLAN" "disk faults" "$1"
	exit 0
}
[ "$(id -u)" = 0 ] || skip_all "needs root to mount scratch filesystems"
command -v mkfs.ext4 >/dev/null 2>&1 || skip_all "no mkfs.ext4"

# ext4_image DIR SIZE [mkfs options]: a loop-mounted ext4 image at DIR.
ext4_image() {
	dir=$1
	size=$2
	shift 2
	rm -f "$dir.img"
	truncate -s "$size" "$dir.img" && mkfs.ext4 -q -F "$@" "$dir.img" &&
		mnt "$dir" -o loop "$dir.img"
}
zram_free() {
	[ -n "$ZRAM" ] || return 0
	echo 1 >"/sys/block/zram$ZRAM/reset" 2>/dev/null
	echo "$ZRAM" >/sys/class/zram-control/hot_remove 2>/dev/null
	ZRAM=""
}

# fault NAME STATUS DIR OP-PATTERN: the run's status, one "clyde:" line
# (besides the no-block-device notice) of the form PATH: OP-PATTERN under
# clyde's directory in DIR, on a line of its own, and DIR left empty.
fault() {
	check "$1: exit $2" [ "$st" -eq "$2" ]
	check "$1: one clyde: line" [ "$(errors "$T/err" | wc -l)" -eq 1 ]
	check "$1: says PATH: OPERATION: reason" \
		grep -Eq "^clyde: $3/clyde\.[0-9]+\.[A-Za-z0-9]{6}/$4\$" "$T/err"
	check "$1: the error starts a line" sh -c "! grep -q '.clyde: ' '$T/err'"
	check "$1: directory left empty" empty_dir "$3"
}
# run DIR ARGS...: clyde in DIR with progress words; status in $st. The
# scratch filesystems are tmpfs and zram, memory: --allow-memory.
run() {
	dir=$1
	shift
	$CLYDE -d "$dir" $U -r 0 --progress auto --allow-memory "$@" >"$T/out" 2>"$T/err"
	st=$?
}
NOSPC="No space left on device"

# --- preflight: free space and inodes, checked before any byte --------------
F=$T/tmpfs
mnt "$F" -t tmpfs -o size=16m tmpfs
run "$F" -s 64M -n 0
check "preflight, I/O file: exit 2" [ $st -eq 2 ]
check "preflight, I/O file: one line with both sizes" \
	[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] &&
	grep -q "^clyde: $F: not enough free space: the test needs 65 MiB (with 1% to spare), 16 MiB are free; " "$T/err"
check "preflight, I/O file: nothing written" empty_dir "$F"
# 1024 files of 5 KiB take 8 KiB each: 14 MiB would fit, 17 do not.
run "$F" -s 8M -n 1:5k:5k
check "preflight, file tests rounded to blocks: exit 2" [ $st -eq 2 ]
check "preflight, file tests rounded to blocks: both parts" \
	grep -q "needs 17 MiB (8 MiB of I/O files and 9 MiB for the file tests, with 1% to spare), 16 MiB are free" "$T/err"
check "preflight, file tests rounded to blocks: nothing written" empty_dir "$F"
run "$F" -s 8M -n 1:4k:4k -q
check "preflight lets a run that fits through: exit 0" [ $st -eq 0 ]
check "preflight lets a run that fits through: directory left empty" empty_dir "$F"
umnt "$F"
mnt "$F" -t tmpfs -o size=16m,nr_inodes=600 tmpfs
run "$F" -s 0 -n 1
check "preflight, inodes: exit 2" [ $st -eq 2 ]
check "preflight, inodes: one line" [ "$(wc -l <"$T/err")" -eq 1 ] &&
	grep -q "^clyde: $F: not enough free inodes: the test makes 1026 files and directories, 599 inodes are free" "$T/err"
check "preflight, inodes: nothing written" empty_dir "$F"

# --- ENOSPC and running out of inodes on tmpfs --------------------------------
run "$F" -s 0 -n 1 --no-preflight
fault "out of inodes, file tests" 3 "$F" "files/[0-9a-f]{10}[0-9A-Za-z]*: create: $NOSPC"
umnt "$F"
mnt "$F" -t tmpfs -o size=16m tmpfs
run "$F" -s 64M -n 0 --no-preflight
fault "ENOSPC tmpfs, per-char output" 3 "$F" "f000: write: $NOSPC"
run "$F" -s 64M -n 0 -f --no-preflight
fault "ENOSPC tmpfs, block output" 3 "$F" "f000: write: $NOSPC"
run "$F" -s 32M -c 2 -n 0 -f --no-preflight
fault "ENOSPC tmpfs, block output -c 2" 3 "$F" "c[01]\.f000: write: $NOSPC"
run "$F" -s 0 -n 1:64k:64k --no-preflight
fault "ENOSPC tmpfs, file tests" 3 "$F" "files/[0-9a-f]{10}[0-9A-Za-z]*: write: $NOSPC"
run "$F" -s 0 -n 1:32k:32k -c 2 --no-preflight
fault "ENOSPC tmpfs, file tests -c 2" 3 "$F" "files\.[01]/[0-9a-f]{10}[0-9A-Za-z]*: write: $NOSPC"
# The progress line is cleared before the error.
run "$F" -s 64M -n 0 -f --no-preflight --progress always
check "ENOSPC, progress line: exit 3" [ $st -eq 3 ]
check "ENOSPC, progress line: cleared, then the error" \
	sh -c "tail -n 1 '$T/err' | sed 's/.*\\[K//' | grep -q '^clyde: .*/f000: write: $NOSPC\$'"
check "ENOSPC, progress line: directory left empty" empty_dir "$F"
umnt "$F"

# --- ENOSPC on ext4, mid-phase ------------------------------------------------
E=$T/ext4
if ext4_image "$E" 64M; then
	mkdir "$E/d"
	run "$E/d" -s 64M -n 0 -f --no-preflight
	fault "ENOSPC ext4, block output" 3 "$E/d" "f000: write: $NOSPC"
	run "$E/d" -s 64M -n 0 --no-preflight
	fault "ENOSPC ext4, per-char output" 3 "$E/d" "f000: write: $NOSPC"
	run "$E/d" -s 0 -n 1:64k:64k --no-preflight
	fault "ENOSPC ext4, file tests" 3 "$E/d" "files/[0-9a-f]{10}[0-9A-Za-z]*: write: $NOSPC"
	# The I/O file is still there while the file tests fill the rest.
	run "$E/d" -s 40M -n 1:16k:16k -f --no-preflight
	fault "ENOSPC ext4, file tests after the I/O tests" 3 "$E/d" \
		"files/[0-9a-f]{10}[0-9A-Za-z]*: write: $NOSPC"
	run "$E/d" -s 40M -n 1:16k:16k -f
	check "ENOSPC ext4, preflight refuses the same run: exit 2" [ $st -eq 2 ]
	check "ENOSPC ext4, preflight refuses the same run: nothing written" empty_dir "$E/d"

	# --- EROFS: read-only between block output and rewrite -------------
	prompted -d "$E/d" $U -s 16M -r 0 -n 0 -f
	at_test 1 && answer
	at_test 2 && mount -o remount,ro "$E" && answer
	prompted_end
	mount -o remount,rw "$E"
	check "EROFS: exit 3" [ $st -eq 3 ]
	check "EROFS: the error first" \
		sh -c "grep '^clyde: ' '$T/err' | head -n 1 | grep -Eq '^clyde: $E/d/clyde\.[0-9]+\.[A-Za-z0-9]{6}/f000: open: Read-only file system\$'"
	check "EROFS: then what it could not remove" \
		sh -c "grep '^clyde: ' '$T/err' | sed -n 2p | grep -Eq '/f000: unlink: Read-only file system \(2 paths clyde made are left\)\$'"
	check "EROFS: nothing else" [ "$(grep -c '^clyde: ' "$T/err")" -eq 2 ]
	w=$(workdir_in "$E/d")
	check "EROFS: only its own file is left" [ "$(ls -A "$w")" = f000 ]
	rm -rf "$w"
	umnt "$E"
else
	skips 22 "ENOSPC ext4" "cannot mount a loop image"
	skips 5 "EROFS" "cannot mount a loop image"
fi

# --- EIO: a zram disk that fails writes past its memory limit ----------------
# zram_fs DIR: ext4 without a journal (so failed metadata writes only log)
# on a new 64 MiB zram device that holds 8 MiB of incompressible data.
zram_fs() {
	[ -w /sys/class/zram-control/hot_add ] || return 1
	ZRAM=$(cat /sys/class/zram-control/hot_add) || return 1
	echo 64M >"/sys/block/zram$ZRAM/disksize" &&
		echo 8M >"/sys/block/zram$ZRAM/mem_limit" &&
		mkfs.ext4 -q -F -O ^has_journal "/dev/zram$ZRAM" &&
		mnt "$1" "/dev/zram$ZRAM" && mkdir "$1/d"
}
Z=$T/zram
if zram_fs "$Z"; then
	# ext4 on zram is memory too: refused without --allow-memory.
	$CLYDE -d "$Z/d" $U -s 32M -r 0 -n 0 -f >"$T/out" 2>"$T/err"
	check "ext4 on zram: refused as memory, exit 2" [ $? -eq 2 ]
	check "ext4 on zram: the line names the stack" \
		grep -q "^clyde: $Z/d is on ext4 on zram$ZRAM: this measures memory, not a disk; " "$T/err"
	check "ext4 on zram: nothing made" empty_dir "$Z/d"
	run "$Z/d" -s 32M -n 0 -f --no-preflight
	fault "EIO, block output" 3 "$Z/d" "f000: (write|fsync): Input/output error"
	umnt "$Z"
	zram_free
	zram_fs "$Z"
	run "$Z/d" -s 0 -n 1:32k:32k -b --no-preflight
	fault "EIO, file tests with -b" 3 "$Z/d" \
		"files/[0-9a-f]{10}[0-9A-Za-z]*: (write|fsync): Input/output error"
	umnt "$Z"
	zram_free
else
	zram_free
	skips 10 "EIO" "no zram device to fail writes; device-mapper is not needed"
fi

# --- EDQUOT --------------------------------------------------------------------
# quota_fs DIR: a filesystem at DIR whose DIR/d holds at most 8 MiB for
# clyde's user (ext4 with quotas and setquota, else a btrfs qgroup).
Q=$T/quota
quota_fs() {
	if command -v setquota >/dev/null 2>&1 &&
		ext4_image "$Q" 64M -O quota -E quotatype=usrquota 2>/dev/null; then
		mkdir "$Q/d" && chmod 1777 "$Q/d" &&
			setquota -u nobody 0 8192 0 0 "$Q" && QUSER="-u nobody" && return 0
	fi
	if command -v mkfs.btrfs >/dev/null 2>&1 && command -v btrfs >/dev/null 2>&1; then
		rm -f "$Q.img"
		truncate -s 256M "$Q.img" && mkfs.btrfs -q -f "$Q.img" >/dev/null 2>&1 &&
			mnt "$Q" -o loop "$Q.img" && btrfs quota enable "$Q" &&
			btrfs subvolume create "$Q/d" >/dev/null &&
			btrfs qgroup limit 8M "$Q/d" && QUSER=$U && return 0
	fi
	return 1
}
if quota_fs; then
	$CLYDE -d "$Q/d" $QUSER -s 32M -r 0 -n 0 -f --no-preflight >"$T/out" 2>"$T/err"
	st=$?
	fault "EDQUOT, block output" 3 "$Q/d" "f000: write: Disk quota exceeded"
	$CLYDE -d "$Q/d" $QUSER -s 0 -r 0 -n 1:16k:16k --no-preflight >"$T/out" 2>"$T/err"
	st=$?
	fault "EDQUOT, file tests" 3 "$Q/d" \
		"files/[0-9a-f]{10}[0-9A-Za-z]*: (create|write): Disk quota exceeded"
	umnt "$Q"
else
	skips 10 "EDQUOT" "no quota here: neither ext4 quotas with setquota nor btrfs qgroups"
fi

# --- SIGXFSZ and SIGXCPU: limits that clean up and exit 128+signal -------------
mkdir "$T/d"
(ulimit -f 2048 && exec $CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 >"$T/out" 2>"$T/err")
st=$?
fault "SIGXFSZ, per-char output" 153 "$T/d" "f000: write: File too large"
(ulimit -f 2048 && exec $CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f >"$T/out" 2>"$T/err")
st=$?
fault "SIGXFSZ, block output" 153 "$T/d" "f000: write: File too large"
(ulimit -f 2048 && exec $CLYDE -d "$T/d" $U -s 0 -r 0 -n 1:4m:4m --no-preflight \
	>"$T/out" 2>"$T/err")
st=$?
fault "SIGXFSZ, file tests" 153 "$T/d" "files/[0-9a-f]{10}[0-9A-Za-z]*: write: File too large"
# One write(2) per byte burns CPU: the soft limit of 1 s stops it.
(ulimit -S -t 1 && exec $CLYDE -d "$T/d" $U -s 64M -r 0 -n 0 --char-io syscall \
	-f 64 >"$T/out" 2>"$T/err")
st=$?
check "SIGXCPU: exit 152" [ $st -eq 152 ]
check "SIGXCPU: one line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] &&
	grep -q '^clyde: interrupted by signal 24 (CPU time limit exceeded); test files removed$' "$T/err"
check "SIGXCPU: directory left empty" empty_dir "$T/d"
