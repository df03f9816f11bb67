# SPDX-License-Identifier: MIT
# Filesystems that tell clyde less, or lie (root only, scratch mounts that
# are removed afterwards): ramfs (no size at all) runs; squashfs and a
# read-only mount are refused as read-only, not for space; btrfs (an
# anonymous device number) still finds its block device for the truth
# check; after an ext4 filesystem is shut down mid-run the count of paths
# left is exact (checked against what is there after a remount).
. tests/cli/lib.sh
plan 18
cleanup_fs() {
	unmount_all
	rm -rf "$T"
}
trap cleanup_fs EXIT
trap 'cleanup_fs; exit 1' INT TERM
if [ "$(id -u)" != 0 ]; then
	skips "$PLAN" "scratch filesystems" "needs root to mount them"
	exit 0
fi
run() {
	dir=$1
	shift
	$CLYDE -d "$dir" $U -r 0 "$@" >"$T/out" 2>"$T/err"
	st=$?
}

# --- ramfs: statfs says 0 blocks; it grows until memory runs out -------------
if mnt "$T/ram" -t ramfs ramfs 2>/dev/null; then
	run "$T/ram" -s 16M -n 1
	check "ramfs: refused as memory, exit 2" [ $st -eq 2 ]
	check "ramfs: refused in one line naming ramfs" \
		grep -qx "clyde: $T/ram is on ramfs: this measures memory, not a disk; use -d on a disk's filesystem (clyde where lists them), or --allow-memory to measure memory anyway" "$T/err"
	check "ramfs: refused before anything is made" empty_dir "$T/ram"
	run "$T/ram" -s 16M -n 1 --allow-memory
	check "ramfs: not refused for its size of 0" [ $st -eq 0 ]
	check "ramfs: no word of free space" sh -c "! grep -q 'free space' '$T/err'"
	check "ramfs: -d left empty" empty_dir "$T/ram"
	umnt "$T/ram"
else
	skips 3 "ramfs" "cannot mount ramfs here"
fi

# --- read-only: squashfs, and a mount -o ro ------------------------------------
# ro NAME DIR FS [ARGS...]: refused before anything, as read-only.
ro() {
	run "$2" -s 16M -n 1 ${4:-}
	check "$1: exit 2" [ $st -eq 2 ]
	check "$1: refused as read-only, not for space" \
		grep -qx "clyde: $2: the $3 filesystem there is read-only; use another -d" "$T/err"
}
if command -v mksquashfs >/dev/null 2>&1; then
	mkdir "$T/sq.src"
	if mksquashfs "$T/sq.src" "$T/sq.img" -quiet -noappend >/dev/null 2>&1 &&
		mnt "$T/sq" -t squashfs -o loop,ro "$T/sq.img" 2>/dev/null; then
		ro squashfs "$T/sq" squashfs
		umnt "$T/sq"
	else
		skips 2 "squashfs" "cannot mount a squashfs image"
	fi
else
	skips 2 "squashfs" "no mksquashfs; .ci/run installs squashfs-tools"
fi
if mnt "$T/ro" -t tmpfs -o ro,size=16m tmpfs 2>/dev/null; then
	ro "mount -o ro" "$T/ro" tmpfs --allow-memory
	umnt "$T/ro"
else
	skips 2 "read-only mount" "cannot mount tmpfs"
fi

# --- btrfs: the truth check finds the loop device behind the anonymous st_dev --
if command -v mkfs.btrfs >/dev/null 2>&1; then
	truncate -s 256M "$T/b.img"
	if mkfs.btrfs -q -f "$T/b.img" >/dev/null 2>&1 &&
		mnt "$T/b" -o loop "$T/b.img" 2>/dev/null; then
		loop=$(findmnt -n -o SOURCE "$T/b" 2>/dev/null | sed 's|^/dev/||')
		run "$T/b" -s 32M -n 0 -f --json "$T/b.json"
		check "btrfs: runs" [ $st -eq 0 ]
		check "btrfs: no 'no block device' notice" sh -c "! grep -q 'no block device' '$T/err'"
		check "btrfs: the JSON names the loop device ${loop:-?}" \
			grep -q "\"device\": \"${loop:-loop}" "$T/b.json"
		check "btrfs: the device's own bytes are counted" \
			grep -q '"device": {"read_bytes": [0-9]' "$T/b.json"
		check "btrfs: -d left empty" empty_dir "$T/b"
		umnt "$T/b"
	else
		skips 5 "btrfs truth check" "cannot make or mount btrfs here"
	fi
else
	skips 5 "btrfs truth check" "no mkfs.btrfs"
fi

# --- a filesystem shut down mid-run: the count of what is left is exact -------
# EXT4_IOC_SHUTDOWN (also XFS's) with its default flag: sync, then refuse all.
shutdown_fs() {
	if command -v xfs_io >/dev/null 2>&1; then
		xfs_io -x -c shutdown "$1" 2>/dev/null && return 0
	fi
	command -v python3 >/dev/null 2>&1 && python3 -c '
import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.ioctl(fd, 0x8004587d, struct.pack("I", 0))' "$1"
}
E=$T/e
truncate -s 64M "$E.img"
if command -v mkfs.ext4 >/dev/null 2>&1 && mkfs.ext4 -q -F -N 20000 "$E.img" &&
	mnt "$E" -o loop "$E.img" 2>/dev/null; then
	prompted -d "$E" $U -s 0 -r 0 -n 16
	at_test 6 && answer
	at_test 7
	if shutdown_fs "$E"; then
		answer
		prompted_end
		said=$(sed -n 's/.*(\([0-9]*\) paths\{0,1\} clyde made \(is\|are\) left)$/\1/p' "$T/err")
		umnt "$E"
		mnt "$E" -o loop "$E.img"
		there=$(find "$E" -mindepth 1 ! -name lost+found ! -path "$E/lost+found/*" | wc -l)
		check "shutdown: exit 3" [ "$st" -eq 3 ]
		check "shutdown: said $said paths left, $there are there" [ "${said:-0}" -eq "$there" ]
		check "shutdown: every file of the test counted" [ "$there" -eq 16386 ]
	else
		prompted_end
		skips 3 "filesystem shutdown" "neither xfs_io nor python3 can shut ext4 down"
	fi
	umnt "$E"
else
	skips 3 "filesystem shutdown" "cannot make or mount ext4 here"
fi
