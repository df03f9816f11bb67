# SPDX-License-Identifier: MIT
# clyde-mpi under mpirun (built by make test when mpicc and mpirun exist):
# three ranks on one directory give one table and one CSV line for three
# copies, with every rank's directory distinct and removed; -c works inside
# a rank; the JSON's per-rank figures add up to the combined ones; a rank
# given an unwritable directory, or one failing mid-run, fails the run on
# every rank with one error line and nothing left; a signal to mpirun, or
# to a rank waiting for another, leaves nothing; ranks given different
# settings are refused, each setting named. mpi_share.sh tests what the
# ranks share.
. tests/cli/lib.sh
plan 64
mpi_prepare || exit 0
mkdir "$T/d"
# ranks_in DIR N: N ranks' directories are in DIR.
ranks_in() { [ "$(ls "$1" | grep -c '^clyde\.')" -eq "$2" ]; }
host=$(hostname | cut -d. -f1)
small="$U -s 16M -r 0 -n 1 -f"

# Three ranks, one directory.
fresh
mpirun $OVER -np 3 "$MPI" -d "$T/d" $small -m ranks --json "$T/j.json" \
	>"$T/out" 2>"$T/err"
st=$?
check "3 ranks: exit 0" [ "$st" -eq 0 ]
check "3 ranks: one table" [ "$(grep -c '^Version ' "$T/out")" -eq 1 ]
check "3 ranks: one CSV line" [ "$(grep -c '^1\.96,' "$T/out")" -eq 1 ]
line=$(grep '^1\.96,' "$T/out")
check "3 ranks: CSV concurrency 3" [ "$(field "$line" 3)" = 3 ]
check "3 ranks: footer names the ranks" \
	grep -q ', 3 copies in 3 MPI ranks on 1 host$' "$T/out"
check "3 ranks: the +++++ hint, pasted back, runs one copy a rank (no -c 3)" \
	sh -c "grep -q 'a larger test would measure them: -s ' '$T/out' &&
	       ! grep -q 'measure them: .* -c ' '$T/out'"
check "3 ranks: a line per test with its slowest and fastest rank" \
	grep -Eq '^  block output +rank [0-2] [0-9.]+ MiB/s, rank [0-2] [0-9.]+ MiB/s, median [0-9.]+ MiB/s$' "$T/out"
check "3 ranks: no error line (the truth check may warn)" \
	[ "$(grep '^clyde: ' "$T/err" | grep -vc 'the page cache served')" -eq 0 ]
check "3 ranks: progress words once" \
	[ "$(grep -c 'Writing intelligently' "$T/err")" -eq 1 ]
check "3 ranks: every rank's files removed" empty_dir "$T/d"

# The JSON: hosts, ranks in distinct directories named for host and rank,
# and per-rank figures that add up to the combined ones.
if command -v python3 >/dev/null 2>&1; then
	check "3 ranks: JSON per-rank figures add up" python3 - "$T/j.json" "$T/d" "$host" <<'EOF'
import json, re, sys
doc = json.load(open(sys.argv[1]))
d, host = sys.argv[2], sys.argv[3]
ranks = doc["ranks"]
assert doc["hosts"] == [ranks[0]["host"]], doc["hosts"]
assert [k["rank"] for k in ranks] == [0, 1, 2]
dirs = [k["directory"] for k in ranks]
assert len(set(dirs)) == 3, dirs
for k in ranks:
    pat = r"%s/clyde\.%s\.r%d\.[0-9]+\.[A-Za-z0-9]{6}$" % (re.escape(d), re.escape(host), k["rank"])
    assert re.match(pat, k["directory"]), k["directory"]
assert doc["config"]["concurrency"] == 3
ran = 0
for i, p in enumerate(doc["phases"]):
    parts = [k["phases"][i] for k in ranks]
    if p["state"] == "not_run":
        assert all(q["state"] == "not_run" for q in parts)
        continue
    ran += 1
    for key in ("bytes", "ops", "read_bytes"):
        assert p[key] == sum(q[key] for q in parts), (p["key"], key)
    assert abs(p["cpu_s"] - sum(q["cpu_s"] for q in parts)) < 5e-6, p["key"]
    lat = [q["latency_us"] for q in parts]
    assert p["latency_us"]["count"] == sum(l["count"] for l in lat), p["key"]
    assert p["latency_us"]["max"] == max(l["max"] for l in lat), p["key"]
    # Stonewalled: the window holds every rank's, the rate is all over it.
    assert min(q["start_s"] for q in parts) == 0, p["key"]
    for q in parts:
        assert q["start_s"] + q["elapsed_s"] <= p["elapsed_s"] + 2e-6, p["key"]
    units = p["bytes"] / 1024 if p["unit"] == "KiB/s" else p["ops"]
    assert abs(p["rate"] - units / p["elapsed_s"]) <= 1e-3 * p["rate"] + 1e-3, p["key"]
    assert p["rate"] <= sum(q["rate"] for q in parts) * 1.001, p["key"]
assert ran >= 10, ran
EOF
else
	skip "3 ranks: JSON per-rank figures add up" "needs python3"
fi

# -c inside each rank: two ranks of two copies are four.
fresh
mpirun $OVER -np 2 "$MPI" -d "$T/d" $U -s 16M -r 0 -n 0 -f -c 2 -q \
	>"$T/out" 2>"$T/err"
st=$?
check "2 ranks x -c 2: exit 0" [ "$st" -eq 0 ]
check "2 ranks x -c 2: CSV concurrency 4" \
	[ "$(field "$(grep '^1\.96,' "$T/out")" 3)" = 4 ]
check "2 ranks x -c 2: files removed" empty_dir "$T/d"

# A rank given a directory it cannot write: every rank fails at set-up.
mkdir "$T/ro"
ro_ok=false
if [ "$(id -u)" = 0 ]; then
	mount -t tmpfs -o ro,size=64m clyde-test-ro "$T/ro" 2>/dev/null && ro_ok=true
else
	chmod 555 "$T/ro" && ro_ok=true
fi
if $ro_ok; then
	fresh
	# The read-only tmpfs is RAM too: --allow-memory, so that it is
	# refused for being read-only.
	mpirun $OVER -np 2 "$MPI" -d "$T/d" $small --no-preflight : \
		-np 1 "$MPI" -d "$T/ro" $small --no-preflight --allow-memory \
		>"$T/out" 2>"$T/err"
	st=$?
	check "unwritable rank: exit 2" [ "$st" -eq 2 ]
	check "unwritable rank: one clyde: line" \
		[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "unwritable rank: rank 0 prints rank 2's error" \
		grep -q "^clyde: rank 2 ($host[^)]*): $T/ro: .*\(read-only\|permission denied\)" "$T/err"
	check "unwritable rank: no results" [ ! -s "$T/out" ]
	check "unwritable rank: nothing left" empty_dir "$T/d"
	[ "$(id -u)" = 0 ] && umount "$T/ro"
else
	skips 5 "unwritable rank" "cannot make a read-only directory here"
fi

# A rank that fails mid-run (--verify finds the block CLYDE_TEST_CORRUPT
# spoiled): the others stop at the next barrier.
fresh
mpirun $OVER -np 2 "$MPI" -d "$T/d" $small --verify : \
	-np 1 env CLYDE_TEST_CORRUPT=5 "$MPI" -d "$T/d" $small --verify \
	>"$T/out" 2>"$T/err"
st=$?
check "failing rank: exit 4" [ "$st" -eq 4 ]
check "failing rank: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
check "failing rank: its error, by rank 0" grep -Eq \
	"^clyde: rank 2 \\($host[^)]*\\): $T/d/clyde\\.$host\\.r2\\.[0-9]+\\.[A-Za-z0-9]{6}/f000: verify: data differs at offset " \
	"$T/err"
check "failing rank: the others stopped before the seeks" \
	sh -c "! grep -q \"start 'em\" '$T/err'"
check "failing rank: nothing left" empty_dir "$T/d"

# SIGINT to mpirun (which sends the ranks SIGTERM, then SIGKILL
# odls_base_sigkill_timeout seconds later: 1 by default, too short for a
# rank's clean-up on a machine loaded as by make test, and nothing outlives
# SIGKILL; a site sets it longer the same way). A background job ignores
# SIGINT unless told otherwise.
if env --default-signal=INT true 2>/dev/null; then
	fresh
	env --default-signal=INT OMPI_MCA_odls_base_sigkill_timeout=10 \
		mpirun $OVER -np 3 "$MPI" -d "$T/d" $U -s 256M \
		-r 0 -n 0 -f >"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$T/err" 'Writing intelligently' &&
		wait_until ranks_in "$T/d" 3 && kill -INT $pid
	wait $pid
	st=$?
	check "SIGINT to mpirun: non-zero exit" [ "$st" -ne 0 ]
	check "SIGINT to mpirun: at most one clyde: line" \
		[ "$(grep -c '^clyde: ' "$T/err")" -le 1 ]
	check "SIGINT to mpirun: nothing left" empty_dir "$T/d"
else
	skips 3 "SIGINT to mpirun" "env has no --default-signal (coreutils 8.31)"
fi

# SIGTERM to rank 0 while it waits at a barrier for rank 2 (stopped): it
# removes its files at once, without waiting for the others. Synchronous
# writes keep the run going long after rank 0's block output ends (every
# rank is given the same settings, so none can be given more to do); 16M
# of them, so that a loaded machine still ends the script in its time.
fresh
mpirun $OVER -np 3 "$MPI" -d "$T/d" $U -s 16M -b -r 0 -n 0 -f >"$T/out" 2>"$T/err" &
pid=$!
rank_pid() { ls "$T/d" | sed -n "s/^clyde\\.$host\\.r$1\\.\\([0-9]*\\)\\..*/\\1/p"; }
gone=false
if wait_for "$T/err" 'Writing intelligently\.\.\.done' && wait_until ranks_in "$T/d" 3
then
	r0=$(rank_pid 0)
	r2=$(rank_pid 2)
	kill -STOP "$r2"
	kill -TERM "$r0"
	wait_until sh -c "! ls '$T/d' | grep -q '^clyde\.$host\.r0\.'" &&
		[ -n "$(rank_pid 2)" ] && gone=true
	kill -CONT "$r2"
fi
wait $pid
st=$?
check "signal while waiting: the rank's files go at once" $gone
check "signal while waiting: exit 143" [ "$st" -eq 143 ]
check "signal while waiting: one clyde: line" \
	[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
check "signal while waiting: nothing left" empty_dir "$T/d"

# Ranks given different settings would measure different tests (and not
# meet at the same barriers): every setting of the one list is checked,
# and rank 0 names it and the ranks.
fresh
mpirun $OVER -np 2 "$MPI" -d "$T/d" $U -s 8M -r 0 -n 0 -f : -np 1 "$MPI" -d "$T/d" \
	$U -s 64M -r 0 -n 0 -f >"$T/out" 2>"$T/err"
st=$?
check "different -s: exit 1" [ "$st" -eq 1 ]
check "different -s: one line naming the setting and the ranks" \
	[ "$(grep -c '^clyde: the ranks were given different settings, which would mix different tests: -s size: 8m on ranks 0-1, 64m on rank 2; give every rank the same$' "$T/err")" -eq 1 ]
check "different -s: no results" [ ! -s "$T/out" ]
check "different -s: nothing left" empty_dir "$T/d"
# differs NAME WORDS A B: rank 0 and 1 given A, rank 2 given B (each a
# word list after the common options) are refused naming WORDS.
base="-d $T/d $U -r 0 -q"
differs() {
	d_name=$1 d_words=$2 d_a=$3 d_b=$4
	mpirun $OVER -np 2 "$MPI" $base $d_a : -np 1 "$MPI" $base $d_b \
		>"$T/out" 2>"$T/err"
	d_st=$?
	check "different $d_name: refused naming it" refused_naming
}
refused_naming() {
	[ "$d_st" -eq 1 ] && grep -q -- "^clyde: the ranks were given different settings.*: $d_words: .* on ranks 0-1, .* on rank 2" "$T/err"
}
io="-s 8M -n 0 -f"
differs "chunk" "-s chunk" "-s 8M:8k -n 0 -f" "-s 8M:16k -n 0 -f"
differs "seeks" "-s seeks" "-s 8M::100 -n 0 -f" "-s 8M::200 -n 0 -f"
differs "seekers" "-s seekers" "-s 8M:::2 -n 0 -f" "-s 8M:::3 -n 0 -f"
differs "-n files" "-n files (x 1024)" "-s 0 -n 1" "-s 0 -n 2"
differs "-n max" "-n max size" "-s 0 -n 1:10" "-s 0 -n 1:20"
differs "-n min" "-n min size" "-s 0 -n 1:20:1" "-s 0 -n 1:20:2"
differs "-n dirs" "-n dirs" "-s 0 -n 1:0:0:1" "-s 0 -n 1:0:0:2"
differs "-n chunk" "-n chunk" "-s 0 -n 1:0:0:1:8k" "-s 0 -n 1:0:0:1:16k"
differs "-f" "-f (the per-char size)" "-s 8M -n 0 -f 2" "-s 8M -n 0 -f 4"
differs "-c" "-c" "$io -c 1" "$io -c 2"
differs "-x" "-x" "$io -x 1" "$io -x 2"
differs "-D" "-D" "$io" "$io -D"
differs "-b" "-b" "$io" "$io -b"
differs "--zeros" "--zeros" "$io" "$io --zeros"
differs "--char-io" "--char-io" "-s 8M -n 0 -f 1" "-s 8M -n 0 -f 1 --char-io syscall"
differs "--verify" "--verify" "$io" "$io --verify"
differs "--random-io" "--random-io" "$io" "$io --random-io"
differs "--random-time" "--random-time" "$io --random-io --random-time 1" \
	"$io --random-io --random-time 2"
differs "--random-depths" "--random-depths" "$io --random-io --random-depths 1" \
	"$io --random-io --random-depths 2"
differs "--random-threads" "--random-threads" "$io --random-io" \
	"$io --random-io --random-threads 2"
differs "--engine" "--engine" "$io --random-io --engine threads" \
	"$io --random-io --engine auto"
differs "--shared-file" "--shared-file" "$io" "$io --shared-file"
differs "stripe" "--shared-file stripe" "$io --shared-file=strided" \
	"$io --shared-file=strided:16k"
differs "--shared-dir" "--shared-dir" "-s 0 -n 1" "-s 0 -n 1 --shared-dir"
differs "--reorder" "--reorder" "$io --reorder" "$io --reorder=random"
differs "--deadline" "--deadline" "$io --deadline 5" "$io --deadline 6"
check "different settings: nothing left" empty_dir "$T/d"

# Options an MPI run cannot use.
fresh
mpirun $OVER -np 2 "$MPI" -d "$T/d" $small -y s >"$T/out" 2>"$T/err"
st=$?
check "-y under MPI: exit 1" [ "$st" -eq 1 ]
check "-y under MPI: one line saying why" \
	[ "$(grep -c "^clyde: -y: clyde-mpi's ranks already start" "$T/err")" -eq 1 ]
