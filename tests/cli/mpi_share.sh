# SPDX-License-Identifier: MIT
# What clyde-mpi's ranks share, under mpirun with three ranks: one file in
# regions, segmented and strided, each rank's region checked by --verify
# (a block spoiled on rank 2 is found where its region puts it); block
# input reading another rank's file or region (seen with strace); a
# deadline stopping every rank, a rank slowed on purpose stopping when the
# first finishes, the combined figures those of the per-rank JSON; file
# tests in one shared directory, the stats on another rank's files; a
# straggler named. Nothing is ever left.
. tests/cli/lib.sh
plan 40
mpi_prepare || exit 0
mkdir "$T/d"
host=$(hostname | cut -d. -f1)
have_strace=false
command -v strace >/dev/null 2>&1 &&
	strace -o /dev/null -e inject=write:delay_enter=1 true 2>/dev/null &&
	have_strace=true
# LeakSanitizer cannot work under ptrace: a rank run under strace checks
# no leaks (its other ranks still do).
TRACED="-E ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0"
have_python=false
command -v python3 >/dev/null 2>&1 && have_python=true
io="$U -d $T/d -s 16M -r 0 -n 0 -f"
# job_re: the job's directory, made by rank 0.
job_re="$T/d/clyde\\.$host\\.r0\\.job\\.[0-9]+\\.[A-Za-z0-9]{6}"

# py NAME SCRIPT ARGS...: the python3 check SCRIPT (on stdin) passes.
py() {
	py_name=$1
	shift
	if ! $have_python; then
		skip "$py_name" "needs python3"
		return
	fi
	if python3 - "$@"; then ok "$py_name"; else fail "$py_name" "python3 $*"; fi
}

# --- one shared file, segmented then strided ------------------------------
for layout in segmented strided:16k; do
	fresh
	mpirun $OVER -np 3 "$MPI" $io --verify --shared-file=$layout \
		--json "$T/j.json" >"$T/out" 2>"$T/err"
	st=$?
	check "shared $layout: exit 0, every region verified" [ "$st" -eq 0 ]
	check "shared $layout: one table for 3 copies" \
		grep -q ', 3 copies in 3 MPI ranks on 1 host$' "$T/out"
	check "shared $layout: no error line" \
		[ "$(grep '^clyde: ' "$T/err" | grep -vc 'the page cache served')" -eq 0 ]
	check "shared $layout: nothing left" empty_dir "$T/d"
	py "shared $layout: the JSON says so" "$T/j.json" "${layout%%:*}" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
c = doc["config"]
assert c["shared_file"] == sys.argv[2], c
assert c["stripe_bytes"] == (16384 if sys.argv[2] == "strided" else None), c
put = [p for p in doc["phases"] if p["key"] == "put_block"][0]
assert put["bytes"] == 3 * 16 * 2**20, put["bytes"]
EOF
done

# A block spoiled in rank 2's region: found there. Block 5's middle byte of
# region 2: 2 x 16M + 5 x 8k + 4k segmented; with stripes of 16k over
# three regions, stripe 2 (bytes 32k-48k) of region 2 holds it, at
# (2 x 3 + 2) x 16k + 12k.
for case in "segmented 33599488" "strided:16k 143360"; do
	layout=${case% *} at=${case#* }
	fresh
	mpirun $OVER -np 2 "$MPI" $io --verify --shared-file=$layout : \
		-np 1 env CLYDE_TEST_CORRUPT=5 "$MPI" $io --verify \
		--shared-file=$layout >"$T/out" 2>"$T/err"
	st=$?
	check "shared $layout, rank 2 spoiled: exit 4" [ "$st" -eq 4 ]
	check "shared $layout, rank 2 spoiled: found in its region" grep -Eq \
		"^clyde: rank 2 \\($host[^)]*\\): $job_re/shared: verify: data differs at offset $at\$" \
		"$T/err"
	check "shared $layout, rank 2 spoiled: nothing left" empty_dir "$T/d"
done

# Refused beside the per-char tests and the random-I/O ones.
"$MPI" $U -d "$T/d" -s 16M -r 0 -n 0 --shared-file >"$T/out" 2>"$T/err"
check "shared file with per-char: refused" sh -c "[ $? -eq 1 ] && grep -q 'leave them out with -f' '$T/err'"

# --- reorder: block input reads the next rank's file -----------------------
if $have_strace; then
	fresh
	mpirun $OVER -np 1 strace $TRACED -f -y -e trace=openat -o "$T/r0.st" "$MPI" $io \
		--verify --reorder : -np 2 "$MPI" $io --verify --reorder \
		>"$T/out" 2>"$T/err"
	st=$?
	check "reorder: exit 0, rank 1's data verified on rank 0" [ "$st" -eq 0 ]
	check "reorder: rank 0 opens rank 1's file to read" grep -Eq \
		"openat\\([0-9]+<$T/d/clyde\\.$host\\.r1\\.[0-9]+\\.[A-Za-z0-9]{6}>, \"f000\", O_RDONLY" \
		"$T/r0.st"
	# (The registry's own O_PATH descriptor of the file it made reads
	# nothing.)
	check "reorder: rank 0 never reads its own file" sh -c "! grep -E \
		'openat\\([0-9]+<$T/d/clyde\\.$host\\.r0\\.[0-9]+\\.[A-Za-z0-9]{6}>, \"f000\", O_RDONLY' \
		'$T/r0.st' | grep -vq O_PATH"
	check "reorder: one host, so rank 0 says the page cache is shared" \
		grep -q '^clyde: --reorder: every rank reads a file written on its own host, whose page cache' "$T/err"
	check "reorder: nothing left" empty_dir "$T/d"

	# The shared file: rank 0 reads rank 1's region (16M-32M), never
	# writing there.
	fresh
	mpirun $OVER -np 1 strace $TRACED -f -e trace=pread64,pwrite64 -o "$T/r0.st" "$MPI" \
		$io --verify --reorder --shared-file : -np 2 "$MPI" $io --verify \
		--reorder --shared-file --json "$T/j.json" >"$T/out" 2>"$T/err"
	st=$?
	check "reorder, shared file: exit 0" [ "$st" -eq 0 ]
	py "reorder, shared file: rank 0 reads rank 1's region, writes only its own" \
		"$T/r0.st" <<'EOF'
import re, sys
reads, writes = set(), set()
for line in open(sys.argv[1]):
    m = re.search(r"(pread64|pwrite64)\(\d+, .*, (\d+), (\d+)\) = \d+$", line)
    if m and m.group(2) == "8192":
        (reads if m.group(1) == "pread64" else writes).add(int(m.group(3)) >> 24)
# 16M regions: 0 is rank 0's, 1 rank 1's.
assert 1 in reads, reads
assert writes == {0}, writes
EOF
	check "reorder, shared file: nothing left" empty_dir "$T/d"
else
	skips 8 "reorder" "needs strace to see which file a rank reads"
fi
mpirun $OVER -np 1 "$MPI" $io --reorder >"$T/out" 2>"$T/err"
check "reorder alone: refused" sh -c "[ $? -eq 1 ] && grep -q 'this run has no other rank' '$T/err'"

# --- deadline ---------------------------------------------------------------
# Synchronous writes of 8k cannot fill 128M in a second: every rank stops
# at the deadline, and the combined figures are the per-rank JSON's.
fresh
mpirun $OVER -np 3 "$MPI" $U -d "$T/d" -s 128M -r 0 -n 0 -f -b --deadline 1 \
	--json "$T/j.json" >"$T/out" 2>"$T/err"
st=$?
check "deadline: exit 0" [ "$st" -eq 0 ]
check "deadline: nothing left" empty_dir "$T/d"
py "deadline: every rank stopped at 1 s, the aggregate is theirs" "$T/j.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["config"]["deadline_s"] == 1
ranks = doc["ranks"]
i = [p["key"] for p in doc["phases"]].index("put_block")
whole = doc["phases"][i]
parts = [k["phases"][i] for k in ranks]
for q in parts:
    assert q["stonewalled"] is True, q
    assert 0.95 <= q["elapsed_s"] < 1.7, q["elapsed_s"]
    assert q["bytes"] < 128 * 2**20, q["bytes"]
assert whole["stonewalled"] is True
assert whole["bytes"] == sum(q["bytes"] for q in parts)
assert whole["elapsed_s"] < 1.8, whole["elapsed_s"]
assert abs(whole["rate"] - whole["bytes"] / 1024 / whole["elapsed_s"]) <= 1e-3 * whole["rate"] + 1e-3
# The tests after it work on the least any copy wrote (all of it, unless
# a rank done first stopped the others there too).
least = min(q["bytes"] for q in parts)
for key in ("rewrite", "get_block"):
    t = [p for p in doc["phases"] if p["key"] == key][0]
    assert 0 < t["bytes"] <= 3 * least, (key, t["bytes"], least)
    assert t["stonewalled"] or t["bytes"] == 3 * least, (key, t, least)
EOF
if $have_strace; then
	# Rank 2 under strace, which delays each of its reads and writes by a
	# millisecond: it stops when the first rank finishes, long before the
	# deadline, however loaded the machine.
	fresh
	mpirun $OVER -np 2 "$MPI" $U -d "$T/d" -s 128M -r 0 -n 0 -f --deadline 600 \
		--json "$T/j.json" : -np 1 strace $TRACED -f -o /dev/null \
		-e trace=pread64,pwrite64 -e inject=pread64,pwrite64:delay_enter=1000 \
		"$MPI" $U -d "$T/d" -s 128M -r 0 -n 0 -f --deadline 600 \
		>"$T/out" 2>"$T/err"
	st=$?
	check "slowed rank: exit 0" [ "$st" -eq 0 ]
	check "slowed rank: the straggler named under the table" \
		grep -q "^clyde: straggler: rank 2 ($host[^)]*) ran block output at [0-9]*% of the ranks' median" "$T/out"
	check "slowed rank: the spread says how much each did" grep -Eq \
		'^  block output +rank 2 .*; stonewalled: each did [0-9.]+ to 128.0 MiB$' "$T/out"
	check "slowed rank: nothing left" empty_dir "$T/d"
	py "slowed rank: it stopped when the first finished, the aggregate is theirs" \
		"$T/j.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
ranks = doc["ranks"]
i = [p["key"] for p in doc["phases"]].index("put_block")
whole = doc["phases"][i]
parts = [k["phases"][i] for k in ranks]
slow = parts[2]
assert slow["stonewalled"] is True and slow["bytes"] < 128 * 2**20, slow
first = min(q["start_s"] + q["elapsed_s"] for q in parts if q["stonewalled"] is False)
assert slow["start_s"] + slow["elapsed_s"] <= first + 0.5, (slow, first)
assert whole["bytes"] == sum(q["bytes"] for q in parts)
assert abs(whole["rate"] - whole["bytes"] / 1024 / whole["elapsed_s"]) <= 1e-3 * whole["rate"] + 1e-3
EOF
else
	skips 5 "slowed rank" "needs strace to slow a rank"
fi

# --- file tests in one shared directory -------------------------------------
files="$U -d $T/d -s 0 -n 1:100:10:3 -r 0 --shared-dir"
fresh
mpirun $OVER -np 3 "$MPI" $files >"$T/out" 2>"$T/err"
st=$?
check "shared dir: exit 0" [ "$st" -eq 0 ]
check "shared dir: nothing left" empty_dir "$T/d"
if $have_strace; then
	# Rank 1 creates in rank 0's job directory and, with --reorder, stats
	# the files rank 2 created: indexes 0x800-0xbff, its own 0x400-0x7ff.
	fresh
	mpirun $OVER -np 1 "$MPI" $files --reorder : -np 1 strace $TRACED -f -y \
		-e trace=openat,statx -o "$T/r1.st" "$MPI" $files --reorder : \
		-np 1 "$MPI" $files --reorder >"$T/out" 2>"$T/err"
	st=$?
	check "shared dir, reorder: exit 0" [ "$st" -eq 0 ]
	check "shared dir, reorder: rank 1 creates in the job's directory" grep -Eq \
		"openat\\([0-9]+<$job_re/files/0000[0-2]>, \"[^\"]+\", O_WRONLY\\|O_CREAT\\|O_EXCL" \
		"$T/r1.st"
	py "shared dir, reorder: rank 1's stats are of rank 2's files" "$T/r1.st" <<'EOF'
import re, sys
seen = []
for line in open(sys.argv[1]):
    # The stat tests' statx follows a name (AT_STATX_SYNC_AS_STAT alone);
    # the untimed check before them stamps its own files without following.
    m = re.search(r'statx\(\d+<[^>]*/files/\d{5}>, "([^"]+)", AT_STATX_SYNC_AS_STAT, .*\) = 0', line)
    if not m:
        continue
    name = m.group(1)
    ends = [n for n in (name[:10], name[-10:]) if re.fullmatch(r"[0-9a-f]{10}", n)]
    seen.append([int(n, 16) for n in ends])
assert len(seen) == 2 * 1024, len(seen)
for idx in seen:
    assert any(0x800 <= i < 0xc00 for i in idx), idx
    assert not any(0x400 <= i < 0x800 for i in idx), idx
EOF
	check "shared dir, reorder: nothing left" empty_dir "$T/d"
else
	skips 4 "shared dir, reorder" "needs strace to see where a rank creates and stats"
fi
