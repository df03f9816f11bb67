# SPDX-License-Identifier: MIT
# clyde under valgrind's memcheck: a small benchmark with every kind of
# thread (-c 2 copies, seekers, random I/O at depths 1 and 4), `clyde
# report` of every fixture in every format, and the error paths of the
# option parser. Any memory error or definite/indirect leak fails.
# Skipped where valgrind is missing or clyde was built with a sanitizer.
. tests/cli/lib.sh
plan 13
hold_engines

if ! command -v valgrind >/dev/null 2>&1; then
	skips "$PLAN" "valgrind" "valgrind is not installed"
	exit 0
fi
if grep -q -- -fsanitize "$BUILD/flags" 2>/dev/null; then
	skips "$PLAN" "valgrind" "a SANITIZE= build, which valgrind cannot run"
	exit 0
fi
VG="valgrind -q --error-exitcode=99 --leak-check=full \
--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect"

# vg NAME WANT-STATUS ARGS...: clyde ARGS under valgrind; its report in $T/vg.
vg() {
	name=$1
	want=$2
	shift 2
	$VG --log-file="$T/vg" $CLYDE "$@" >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq "$want" ] && [ ! -s "$T/vg" ]; then
		ok "valgrind: $name"
	else
		sed 's/^/# /' "$T/vg" "$T/err" | head -n 40
		fail "valgrind: $name" "exit $st (want $want), valgrind said $(wc -l <"$T/vg") lines"
	fi
}

mkdir "$T/d"
vg "benchmark -c 2 with seeks and random I/O" 0 -d "$T/d" $U -s 16M -r 8 \
	-n 1 -f8 --random-io --random-time 1 --random-depths 1,4 -c 2 \
	--json "$T/run.json" -m vg
check "valgrind: benchmark left its directory empty" empty_dir "$T/d"

for f in tests/golden/fixtures/*.stdout tests/golden/*.csv*; do
	grep -E '^[^ ]+,' "$f"
done >"$T/all.csv"
for fmt in text-1.03 text-1.96 text-2.00 markdown html svg csv-1.98; do
	vg "report --format $fmt of every fixture" 0 report --format "$fmt" \
		"$T/all.csv"
done
vg "report --summary of every fixture" 0 report --summary --format html \
	"$T/all.csv"
printf 'junk\n1.98,short\n' >"$T/bad.csv"
vg "report of bad lines" 1 report "$T/bad.csv" "$T/missing.csv"
vg "bad option" 1 -s 12q
vg "--help" 0 --help
