# SPDX-License-Identifier: MIT
# --verify: clean runs pass in every mode; a byte flipped on disk after the
# rewrite (the CLYDE_TEST_CORRUPT test hook) is found by per-char input when
# its size covers the block, else by block input: exit 4, one line naming
# the file and the offset, nothing left behind.
. tests/cli/lib.sh
plan 55
mkdir "$T/d"

# vrun NAME ARGS...: a 16 MiB run (256 seeks) with --verify; status in $st.
vrun() {
	name=$1
	shift
	$CLYDE -d "$T/d" $U -s 16M::256 -r 0 -n 0 --verify --progress auto "$@" \
		>"$T/out" 2>"$T/err"
	st=$?
	check "$name: directory left empty" empty_dir "$T/d"
}

# found NAME OFFSET FILE PHASE-WORDS: exit 4 and the one verify line, right
# after PHASE-WORDS (the progress words of the phase that found it).
found() {
	check "$1: exit 4" [ $st -eq 4 ]
	check "$1: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "$1: names file and offset" \
		grep -Eq "^clyde: $T/d/clyde\.[0-9]+\.[A-Za-z0-9]{6}/$3: verify: data differs at offset $2\$" "$T/err"
	check "$1: found by $4" sh -c "grep -B1 '^clyde: ' '$T/err' | head -n 1 | grep -qx '$4'"
}

vrun "verify, stdio"
check "verify, stdio: exit 0" [ $st -eq 0 ]
vrun "verify, direct" -D -f 1
check "verify, direct: exit 0" [ $st -eq 0 ]
vrun "verify, zeros, -c 2" --zeros -c 2
check "verify, zeros, -c 2: exit 0" [ $st -eq 0 ]

# Block 5 of 8 KiB chunks; the middle byte: 5 * 8192 + 4096. Blocks 0-4
# are checked first and must pass, so each case is also a clean check.
CLYDE_TEST_CORRUPT=5
export CLYDE_TEST_CORRUPT
vrun "corrupt block 5, stdio"
found "corrupt block 5, stdio" 45056 f000 'Reading a byte at a time...'
vrun "corrupt block 5, syscall per-char" --char-io syscall -f 1
found "corrupt block 5, syscall per-char" 45056 f000 'Reading a byte at a time...'
vrun "corrupt block 5, direct" -D -f 1
found "corrupt block 5, direct" 45056 f000 'Reading a byte at a time...'
vrun "corrupt block 5, no per-char" -f
found "corrupt block 5, no per-char" 45056 f000 'Reading intelligently...'
vrun "corrupt block 5, 64 KiB chunks" -s 16M:64k:256 -f
found "corrupt block 5, 64 KiB chunks" 360448 f000 'Reading intelligently...'
vrun "corrupt block 5, -c 2" -c 2
found "corrupt block 5, -c 2" 45056 c0.f000 'Reading a byte at a time...'

# Past the 1 MiB of per-char input: block input finds it.
CLYDE_TEST_CORRUPT=1000
vrun "corrupt block 1000, per-char 1M" -f 1
found "corrupt block 1000, per-char 1M" 8196096 f000 'Reading intelligently...'

# The hook alone changes nothing that is reported.
$CLYDE -d "$T/d" $U -s 16M::256 -r 0 -n 0 -q >"$T/out" 2>"$T/err"
st=$?
check "corrupt without --verify: exit 0" [ $st -eq 0 ]
check "corrupt without --verify: directory left empty" empty_dir "$T/d"

# A value that names no block is a usage error, before any I/O.
for v in x -1 2048 99999999999999999999; do
	CLYDE_TEST_CORRUPT=$v $CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 --verify \
		>"$T/out" 2>"$T/err"
	st=$?
	check "CLYDE_TEST_CORRUPT=$v: exit 1" [ $st -eq 1 ]
	check "CLYDE_TEST_CORRUPT=$v: one clyde: line" \
		[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q '^clyde: CLYDE_TEST_CORRUPT' "$T/err"
	check "CLYDE_TEST_CORRUPT=$v: nothing written" empty_dir "$T/d"
done
unset CLYDE_TEST_CORRUPT
