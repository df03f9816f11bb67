# SPDX-License-Identifier: MIT
# With -D every bulk read must reach the disk: the block device under the
# test directory must read at least the rewrite + block input bytes, where
# a buffered run of the same small file is served by the page cache.
. tests/cli/lib.sh
plan 2
mkdir "$T/d"

# The block device's stat file for directory $1, or nothing.
device_stat() {
	dev=$(stat -c '%d' "$1")
	sys=/sys/dev/block/$((dev / 256)):$((dev % 256))
	[ -e "$sys" ] || return 0
	if [ -e "$sys/partition" ]; then sys="$sys/.."; fi
	[ -r "$sys/stat" ] && echo "$sys/stat"
}
sectors_read() { awk '{ print $3 }' "$1"; }

st=$(device_stat "$T/d")
if [ -z "$st" ]; then
	skips "$PLAN" "direct reads reach the disk" "no block device under $T"
	exit 0
fi
r0=$(sectors_read "$st")
$CLYDE -d "$T/d" $U -D -f -s 256M -r 128 -n 0 -q >/dev/null 2>&1
status=$?
r1=$(sectors_read "$st")
mib=$(( (r1 - r0) * 512 / 1048576 ))
check "-D run exits 0" [ $status -eq 0 ]
check "-D: the disk read at least rewrite + block input (512 MiB), read $mib MiB" [ $mib -ge 512 ]
