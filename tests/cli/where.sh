# SPDX-License-Identifier: MIT
# clyde where: a header, then one line per testable filesystem with its
# mount point, type, free space, kind (RAM, disk, network), whether the
# user may write there and its device; the filesystem of the test
# directory is among them, /dev/shm is RAM; --help and a usage error.
. tests/cli/lib.sh
plan 14
$CLYDE where >"$T/out" 2>"$T/err"
st=$?
check "where: exit 0" [ $st -eq 0 ]
check "where: nothing on stderr" [ ! -s "$T/err" ]
check "where: the header first" \
	grep -q '^mount point  *type  *free  *kind  *you may write  *device (model)$' "$T/out"
check "where: every line has its six columns" \
	awk 'NR > 1 && NF < 6 { bad = 1 } END { exit bad }' "$T/out"
if command -v findmnt >/dev/null 2>&1; then
	mp=$(findmnt -n -o TARGET --target "$T")
	fs=$(findmnt -n -o FSTYPE --target "$T")
	line=$(awk -v mp="$mp" '$1 == mp' "$T/out")
	check "where: the test directory's filesystem ($mp) listed" [ -n "$line" ]
	check "where: its type ($fs)" sh -c "echo '$line' | awk '{ exit \$2 != \"$fs\" }'"
	check "where: its free space in a unit" \
		sh -c "echo '$line' | grep -Eq '^[^ ]+ +[^ ]+ +[0-9.]+ (KiB|MiB|GiB|TiB|PiB) '"
	check "where: writable, there or in a directory of it" \
		sh -c "echo '$line' | grep -Eq ' (yes|in /[^ ]*) '"
else
	skips 4 "where: the test directory's filesystem" "no findmnt to compare with"
fi
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	check "where: /dev/shm is RAM" grep -Eq '^/dev/shm +tmpfs +[^ ]+ [^ ]+ +RAM ' "$T/out"
else
	skip "where: /dev/shm is RAM" "no tmpfs at /dev/shm"
fi
check "where: no kernel interface listed" \
	sh -c "! grep -Eq '^(/proc|/sys|/dev/pts)( |/)' '$T/out'"
check "where: each mount point once" \
	[ "$(awk 'NR > 1 { print $1 }' "$T/out" | sort | uniq -d | wc -l)" -eq 0 ]

$CLYDE where --help >"$T/out" 2>&1
check "where --help: its usage" grep -qx 'usage: clyde where \[--help\]' "$T/out"
$CLYDE where /tmp >"$T/out" 2>"$T/err"
check "where with an operand: usage error, exit 1" [ $? -eq 1 ]
check "where with an operand: one line" \
	[ "$(cat "$T/err")" = "clyde: unexpected argument '/tmp' (clyde where takes only options)" ]
