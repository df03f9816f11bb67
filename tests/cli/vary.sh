# SPDX-License-Identifier: MIT
# --vary without changing the machine: the refusals of the command line
# (a key, a value, too many runs, with the count and the load) and of
# privileges, the rounds in an order drawn from the seed (the JSON's round
# and position, the same for the same -z), every run's row labelled, one
# comparison that clyde report --compare gives again from the JSON, clyde
# mark's rounds, and (root) dir= over two tmpfs mounts and the refusals
# that need a filesystem without a disk.
. tests/cli/lib.sh
plan 65
hold_engines # clyde mark's setups are engines, as the machine has them
cleanup_vary() {
	unmount_all
	rm -rf "$T"
}
trap cleanup_vary EXIT
trap 'cleanup_vary; exit 1' INT TERM
mkdir "$T/d"
run() {
	$CLYDE "$@" >"$T/out" 2>"$T/err"
	st=$?
}
# refused NAME STATUS LINE ARGS...: exit STATUS, LINE on stderr, nothing
# made (clyde mark's when $MARK is set).
refused() {
	name=$1
	want=$2
	line=$3
	shift 3
	run ${MARK:+mark} -d "$T/d" $U "$@"
	check "$name: exit $want" [ "$st" -eq "$want" ]
	check "$name: says why" grep -qF -- "$line" "$T/err"
	check "$name: nothing made" empty_dir "$T/d"
}

# --- the command line ---------------------------------------------------------
refused "one value" 1 "clyde: --vary scheduler=none: give two or more values to compare" \
	--vary scheduler=none
refused "unknown key" 1 "clyde: --vary speed=1,2: unknown key 'speed' (keys: scheduler, nr-requests" \
	--vary speed=1,2
refused "a key twice" 1 "--vary direct=off,on: direct is varied twice" \
	--vary direct=on,off --vary direct=off,on
refused "too many setups" 1 \
	"clyde: --vary: 2 keys make 72 setups, 144 runs in 2 rounds, moving 18 GiB (about 3 minutes at 100 MB/s); clyde runs at most 64 setups and 1000 runs at once: vary fewer values, or lower -x" \
	-r 0 -s 16M -n 0 -f -x 2 --vary read-ahead=1,2,3,4,5,6,7,8 --vary nr-requests=1,2,3,4,5,6,7,8,9
refused "--baseline of another value" 1 \
	"clyde: --baseline direct=maybe: not one of the values --vary direct gives" \
	--vary direct=on,off --baseline direct=maybe
refused "--vary-root-fs alone" 1 "clyde: --vary-root-fs allows --vary mount=" --vary-root-fs
refused "a setup the command line's checks refuse" 1 \
	"clyde: --vary: the setup direct=on char-io=syscall: --char-io syscall writes single bytes" \
	-r 0 -s 16M -f 1 --vary direct=on,off --vary char-io=stdio,syscall
MARK=1
refused "mark: a key mark has not" 1 "clyde: --vary sync=on,off: clyde mark has no sync to vary" \
	--vary sync=on,off
MARK=
if [ "$(id -u)" = 0 ]; then
	U="-u nobody"
	refused "not root throughout" 2 \
		"clyde: --vary scheduler changes the machine's settings and puts them back at the end, so clyde stays root: use -u root, not -u nobody" \
		-r 0 -s 16M -n 0 -f --vary scheduler=none,mq-deadline
	U="-u root"
else
	run -d "$T/d" -r 0 -s 16M -n 0 -f --vary scheduler=none,mq-deadline
	check "not root: exit 2" [ "$st" -eq 2 ]
	check "not root: says why" grep -qxF \
		"clyde: --vary scheduler changes the machine's settings: run clyde as root" "$T/err"
	check "not root: nothing made" empty_dir "$T/d"
fi

# --- rounds, labels, one comparison -------------------------------------------
# Two of clyde's own settings: four setups, three rounds.
ARGS="-s 8M -r 0 -n 0 -f -z 11 -x 3 --progress never"
run -d "$T/d" $U $ARGS -m box --vary sync=off,on --vary chunk=8k,64k \
	--baseline chunk=64k --json "$T/v.json"
check "rounds: exit 0" [ "$st" -eq 0 ]
check "rounds: twelve CSV lines, each labelled" \
	[ "$(grep -c '^1\.96,clyde-[^,]*,box \[sync=o[nf]* chunk=[68]4*k\],' "$T/out")" -eq 12 ]
check "rounds: the table has every run's row" \
	[ "$(grep -c '^box \[sync=o[nf]* chunk=[68]4*k\] ' "$T/out")" -eq 12 ]
check "rounds: one comparison, the baseline --baseline's" \
	grep -qxF "Comparison of 4 groups of runs; the baseline is box [sync=off chunk=64k]." "$T/out"
check "rounds: directory left empty" empty_dir "$T/d"
sed -n '/^Comparison of/,$p' "$T/out" >"$T/live"
json_check "rounds: the JSON holds every run, the baseline's first" "$T/v.json" \
	"len(j) == 12 and [r['vary']['settings'] for r in j[:3]] == [{'sync': 'off', 'chunk': '64k'}] * 3 and all(r['machine'] == 'box [sync=%s chunk=%s]' % (r['vary']['settings']['sync'], r['vary']['settings']['chunk']) for r in j)"
json_check "rounds: each round runs every setup once, in its own order" "$T/v.json" \
	"all(sorted((r['vary']['position'], r['vary']['setup']) for r in j if r['vary']['round'] == k)[i][0] == i + 1 for k in (1, 2, 3) for i in range(4)) and all(sorted(r['vary']['setup'] for r in j if r['vary']['round'] == k) == [1, 2, 3, 4] for k in (1, 2, 3))"
json_check "rounds: the setups' figures are their own (chunk)" "$T/v.json" \
	"all(r['config']['chunk_bytes'] == (65536 if r['vary']['settings']['chunk'] == '64k' else 8192) for r in j)"
# The order comes from the seed: the same -z, the same rounds.
order() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(sorted((r['vary']['round'], r['vary']['position'], r['vary']['setup']) for r in j))" "$1"
}
if command -v python3 >/dev/null 2>&1; then
	run -d "$T/d" $U $ARGS -m box --vary sync=off,on --vary chunk=8k,64k \
		--json "$T/w.json" --table none --csv none
	check "rounds: the same seed gives the same order" [ "$(order "$T/v.json")" = "$(order "$T/w.json")" ]
	run -d "$T/d" $U -s 8M -r 0 -n 0 -f -z 12 -x 3 --progress never \
		--vary sync=off,on --vary chunk=8k,64k --json "$T/x.json" --table none --csv none
	check "rounds: another seed, another order" [ "$(order "$T/v.json")" != "$(order "$T/x.json")" ]
else
	skips 2 "rounds: the order from the seed" "no python3"
fi
# -x auto: rounds until every setup's rates settle, here at most 3.
run -d "$T/d" $U -s 8M -r 0 -n 0 -f --progress never --vary sync=off,on \
	-x auto:3 --table none
check "-x auto:3: exit 0" [ "$st" -eq 0 ]
check "-x auto:3: three rounds at most, every setup in each" \
	sh -c "n=\$(grep -c '^1\.96,' '$T/out'); [ \$n -eq 6 ]"
check "-x auto:3: says which setups settled" \
	grep -q "^clyde: -x auto: \(every setup's rates settled after 3 rounds\|after 3 rounds, [12] setups* \(is\|are\) still noisy or drifting: \)" "$T/err"
# clyde report gives the same comparison from the JSON.
$CLYDE report --compare "$T/v.json" >"$T/again" 2>/dev/null
check "report --compare of the JSON: the same comparison" cmp -s "$T/live" "$T/again"
cmp -s "$T/live" "$T/again" || diff "$T/live" "$T/again" | head -20 | sed 's/^/# /'
check "the comparison has verdicts" grep -q "faster\|slower\|the same within\|cannot tell" "$T/live"

# clyde mark's rounds.
run mark -d "$T/d" $U -s 8M --tests RND4K-Q1T1 --runs 1 --time 1 --progress never \
	--vary engine=threads,aio -x 2 -z 3 --json "$T/m.json"
check "mark: exit 0" [ "$st" -eq 0 ]
check "mark: every run side by side" grep -q '^  \[4\] box\|^  \[4\] .* \[engine=aio\]' "$T/out"
check "mark: then the setups compared, aio against threads" \
	grep -q "^B: .* \[engine=aio\] (2 marks, 2 runs) against A: .* \[engine=threads\] (2 marks, 2 runs), the baseline" "$T/out"
$CLYDE report --compare "$T/m.json" >"$T/again" 2>/dev/null
check "mark: report --compare of the JSON: the same comparison" \
	sh -c "sed -n '/^Comparison of/,\$p' '$T/out' | cmp -s - '$T/again'"
json_check "mark: the JSON's marks, the baseline's first, tagged" "$T/m.json" \
	"len(j) == 4 and [m['vary']['settings']['engine'] for m in j] == ['threads', 'threads', 'aio', 'aio'] and sorted(m['vary']['round'] for m in j) == [1, 1, 2, 2]"
check "mark: directory left empty" empty_dir "$T/d"

# --- root: two tmpfs mounts, and filesystems without a disk -------------------
if [ "$(id -u)" != 0 ]; then
	skips 17 "dir= over two tmpfs mounts, no disk under -d" "needs root to mount tmpfs"
	exit 0
fi
if ! mnt "$T/a" -t tmpfs -o size=64m tmpfs || ! mnt "$T/b" -t tmpfs -o size=64m tmpfs; then
	skips 17 "dir= over two tmpfs mounts, no disk under -d" "cannot mount tmpfs"
	exit 0
fi
# Each setup's directory is checked for memory as -d is.
run -u root -s 8M -r 0 -n 0 -f -z 5 --progress never --vary "dir=$T/d,$T/b"
check "dir=: a directory in RAM refused, as -d" \
	grep -qxF "clyde: $T/b is on tmpfs: this measures memory, not a disk; use -d on a disk's filesystem (clyde where lists them), or --allow-memory to measure memory anyway" "$T/err"
run -u root -s 8M -r 0 -n 0 -f -x 2 -z 5 --progress never --allow-memory \
	--vary "dir=$T/a,$T/b" --json "$T/dir.json"
check "dir=: exit 0" [ "$st" -eq 0 ]
check "dir=: one comparison of the two" \
	grep -q "^B: .* \[dir=$T/b\] (2 runs) against A: .* \[dir=$T/a\] (2 runs), the baseline" "$T/out"
json_check "dir=: each run in its own directory" "$T/dir.json" \
	"[r['config']['directory'] for r in j] == ['$T/a', '$T/a', '$T/b', '$T/b']"
check "dir=: the first left empty" empty_dir "$T/a"
check "dir=: the second left empty" empty_dir "$T/b"
refused "scheduler on tmpfs: no disk" 2 \
	"clyde: --vary scheduler: $T/a is on tmpfs, with no block device clyde can find under it: no disk to change" \
	-d "$T/a" -r 0 -s 8M -n 0 -f --allow-memory --vary scheduler=none,mq-deadline
check "scheduler on tmpfs: -d left empty" empty_dir "$T/a"
refused "trim on tmpfs: FITRIM refused" 2 "clyde: --vary trim: FITRIM on $T/a (tmpfs): " \
	-d "$T/a" -r 0 -s 8M -n 0 -f --allow-memory --vary trim=before,none
refused "discard on tmpfs: the trial refuses it" 2 \
	"clyde: the discard option of the mount at $T/a: cannot set it to 'discard': " \
	-d "$T/a" -r 0 -s 8M -n 0 -f --allow-memory --vary mount=discard,nodiscard
check "discard on tmpfs: its options as they were" \
	sh -c "findmnt -n -o OPTIONS '$T/a' | grep -qv discard"
