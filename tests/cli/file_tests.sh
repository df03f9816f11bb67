# SPDX-License-Identifier: MIT
# The file tests (-n) in each form: every run prints the file part of the
# table and a 48-field 1.96 CSV with the file fields filled, and leaves -d
# empty; an error or an interrupt mid-test removes what clyde made.
# The disk's sync() and fsync() are slow, so most forms run on a tmpfs
# (/dev/shm) when there is one; the plain, link and -c runs use the disk.
. tests/cli/lib.sh
plan 197
mkdir "$T/d"
FAST=$(mktemp -d /dev/shm/clyde-test.XXXXXX 2>/dev/null) || FAST=$T/fast
mkdir -p "$FAST"
trap 'rm -rf "$T" "$FAST"' EXIT
DIR=$T/d

# run NAME ARGS...: a -s 0 run in $DIR; stdout in $T/out, stderr in $T/err.
# $FAST is memory, which clyde measures only with --allow-memory.
run() {
	name=$1
	shift
	if [ "$DIR" = "$FAST" ]; then mem=--allow-memory; else mem=""; fi
	$CLYDE -d "$DIR" $U -s 0 -m testbox $mem "$@" >"$T/out" 2>"$T/err"
	st=$?
	check "$name: exit 0" [ $st -eq 0 ]
	check "$name: directory left empty" empty_dir "$DIR"
	csv=$(tail -n 1 "$T/out")
}

# split: the CSV line's fields as F0, F1, ... (one split, no forks).
split() {
	i=0
	rest=$csv,
	while [ -n "$rest" ]; do
		eval "F$i=\${rest%%,*}"
		rest=${rest#*,}
		i=$((i + 1))
	done
}
is_rate() { case $1 in +++++) return 0 ;; '' | *[!0-9]*) return 1 ;; esac; }
is_cpu() { case $1 in +++) return 0 ;; '' | *[!0-9]*) return 1 ;; esac; }
is_latency() {
	case $1 in *us | *ms) v=${1%??} ;; *s) v=${1%s} ;; *) return 1 ;; esac
	case $v in '' | *[!0-9]*) return 1 ;; esac
}

# fields NAME: the checks every 1.96 CSV line of a -s 0 file run passes.
fields() {
	check "$1: 48-field CSV" [ "$(nfields "$csv")" -eq 48 ]
	split
	io=""
	for f in 5 6 7 8 9 10 11 12 13 14 15 16 17 18 36 37 38 39 40 41; do
		eval "io=\$io\$F$f"
	done
	check "$1: I/O fields empty" [ -z "$io" ]
	for f in 24 26 28 30 32 34; do
		eval "v=\$F$f; c=\$F$((f + 1))"
		check "$1: CSV field $f is a rate" is_rate "$v"
		check "$1: CSV field $((f + 1)) is a CPU" is_cpu "$c"
	done
	for f in 42 43 44 45 46 47; do
		eval "v=\$F$f"
		check "$1: CSV field $f is a latency" is_latency "$v"
	done
}

# files NAME WANT: CSV fields 19-23 (count, max, min, empty, dirs).
files() {
	split
	check "$1: CSV fields 19-23 are $2" [ "$F19,$F20,$F21,$F22,$F23" = "$2" ]
}

# spec NAME TEXT: the table row starts with TEXT right-aligned in 19.
spec() {
	row=$(printf '%19s ' "$2")
	check "$1: table row '$2'" grep -q "^$row" "$T/out"
}

run "-n 1" -n 1
fields "-n 1"
files "-n 1" "1,,,,"
spec "-n 1" 1
check "-n 1: table header" grep -qxF "$(version_line '------Sequential Create------ --------Random Create--------')" "$T/out"
check "-n 1: files column header" grep -q '^              files  /sec %CP' "$T/out"
check "-n 1: concurrency 1" [ "$(field "$csv" 3)" = 1 ]
for w in "Create files in sequential order" "Stat files in sequential order" \
	"Delete files in sequential order" "Create files in random order" \
	"Stat files in random order" "Delete files in random order"; do
	check "-n 1: progress '$w'" grep -q "^$w\.\.\.done\.$" "$T/err"
done

DIR=$FAST
run "-n 1:4k:1k:2" -n 1:4k:1k:2
fields "-n 1:4k:1k:2"
files "-n 1:4k:1k:2" "1,4096,1024,,2"
spec "-n 1:4k:1k:2" 1:4096:1024/2
check "-n 1:4k:1k:2: files:max:min header" grep -q '^files:max:min        /sec %CP' "$T/out"

DIR=$T/d
run "-n 1:-1" -n 1:-1
fields "-n 1:-1"
files "-n 1:-1" "1,link,,,"
spec "-n 1:-1" 1:link

run "-n 1:-2:0:2" -n 1:-2:0:2
fields "-n 1:-2:0:2"
files "-n 1:-2:0:2" "1,symlink,,,2"
spec "-n 1:-2:0:2" 1:symlink/2

run "-c 2 -n 1" -c 2 -n 1
fields "-c 2 -n 1"
files "-c 2 -n 1" "1,,,,"
check "-c 2 -n 1: concurrency 2" [ "$(field "$csv" 3)" = 2 ]
check "-c 2 -n 1: footer says 2 copies" grep -q '2 copies' "$T/out"

DIR=$FAST
run "-b -n 1" -b -n 1
fields "-b -n 1"
files "-b -n 1" "1,,,,"
check "-b -n 1: footer names synchronous writes" grep -q "^clyde $VERSION_RE: .*synchronous writes" "$T/out"

run "-n 1:4k:4k:3:1k" -n 1:4k:4k:3:1k
fields "-n 1:4k:4k:3:1k"
files "-n 1:4k:4k:3:1k" "1,4096,4096,,3"
spec "-n 1:4k:4k:3:1k" 1:4096:4096/3

run "more directories than files" -n 1:0:0:2000
files "more directories than files" "1,,,,2000"

run "-n 1 --table 2.00 --csv 1.98" -n 1:1k --table 2.00 --csv 1.98
check "1.98 CSV: 50 fields" [ "$(nfields "$csv")" -eq 50 ]
check "1.98 CSV: fields 21-25" [ "$(field "$csv" 21),$(field "$csv" 22),$(field "$csv" 23),$(field "$csv" 24),$(field "$csv" 25)" = "1,1024,,," ]
check "2.00 table: Latency row" grep -q '^Latency  ' "$T/out"

run "-x 2 -n 1" -x 2 -n 1
check "-x 2 -n 1: header and two lines" [ "$(wc -l <"$T/out")" -eq 3 ]

# A file system that runs out of inodes mid-create: exit 3, one clyde:
# line naming the file, nothing left behind.
if [ "$(id -u)" = 0 ] && mkdir "$T/small" &&
	mount -t tmpfs -o size=4m,nr_inodes=64 tmpfs "$T/small" 2>/dev/null; then
	$CLYDE -d "$T/small" $U -s 0 -n 1 -m testbox --no-preflight --allow-memory \
		>"$T/out" 2>"$T/err"
	st=$?
	check "out of inodes: exit 3" [ $st -eq 3 ]
	check "out of inodes: one clyde: line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	check "out of inodes: names the file and the error" grep -q '^clyde: .*/files/[0-9a-f]\{10\}[a-zA-Z0-9]*: create: No space left on device$' "$T/err"
	check "out of inodes: directory left empty" empty_dir "$T/small"
	check "out of inodes: no table" sh -c "! grep -q '^Version' '$T/out'"
	umount "$T/small"
else
	skips 5 "out of inodes" "needs root and a tmpfs mount"
fi

# Interrupted in the middle of the file tests (once the first file exists):
# 130, everything removed.
$CLYDE -d "$T/d" $U -s 0 -n 64 -m testbox >"$T/out" 2>"$T/err" &
pid=$!
first_file() { [ -n "$(ls -A "$(workdir_in "$T/d")/files" 2>/dev/null)" ]; }
wait_until first_file || fail "SIGINT in the file tests" "clyde never made a file"
kill -INT $pid
wait $pid
st=$?
check "SIGINT in the file tests exits 130" [ $st -eq 130 ]
check "SIGINT in the file tests leaves the directory empty" empty_dir "$T/d"
