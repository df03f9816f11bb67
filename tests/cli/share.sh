# SPDX-License-Identifier: MIT
# The sharing options in one process, among its -c copies: one file in
# regions (each copy's verified, the file copies x size), one directory
# for the file tests, a deadline stopping every copy; the options refused
# where they cannot work. Nothing is left.
. tests/cli/lib.sh
plan 32
mkdir "$T/d"
io="$U -d $T/d -s 8M -r 0 -n 0 -f -c 3"

for layout in segmented strided strided:32k; do
	$CLYDE $io --verify --shared-file=$layout --json "$T/j.json" -q \
		>"$T/out" 2>"$T/err"
	st=$?
	check "-c 3 --shared-file=$layout: exit 0, each region verified" [ "$st" -eq 0 ]
	check "-c 3 --shared-file=$layout: nothing left" empty_dir "$T/d"
	json_check "-c 3 --shared-file=$layout: 3 regions of 8M written" "$T/j.json" \
		'[p["bytes"] for p in j["phases"] if p["key"] == "put_block"] == [3 * 8 * 2**20]'
done
# The file while block output runs: one, of 3 x 8M, in clyde's directory.
CLYDE_TEST_CORRUPT=3 $CLYDE $io --verify --shared-file >"$T/out" 2>"$T/err"
st=$?
check "--shared-file: copy 0's block spoiled, found at its offset" sh -c \
	"[ $st -eq 4 ] && grep -Eq '^clyde: $T/d/clyde\\.[0-9]+\\.[A-Za-z0-9]{6}/shared: verify: data differs at offset 28672\$' '$T/err'"
check "--shared-file spoiled: nothing left" empty_dir "$T/d"

# refused WHY ARGS...: exit 1 with WHY.
refused() {
	r_why=$1
	shift
	$CLYDE $U -d "$T/d" "$@" >"$T/out" 2>"$T/err"
	r_st=$?
	check "refused: $*" sh -c "[ $r_st -eq 1 ] && grep -q -- '$r_why' '$T/err'"
}
refused "leave them out with -f" -s 8M -r 0 -n 0 --shared-file
refused "leave out --random-io" -s 8M -r 0 -n 0 -f --shared-file --random-io
refused "the stripe must be a multiple of the chunk" -s 8M:8k -r 0 -n 0 -f \
	--shared-file=strided:12k
refused "use segmented, or strided" -s 8M -r 0 -n 0 -f --shared-file=diagonal
refused "use one or the other" -s 8M -r 0 -n 0 -f --deadline 1 --verify
refused "this run has no other rank" -s 8M -r 0 -n 0 -f --reorder
check "refused: nothing left" empty_dir "$T/d"

# -c 3 in one shared directory, with links and sub-directories, twice.
for n in 1:100:10:3 1:-1::2 1:-2; do
	$CLYDE $U -d "$T/d" -s 0 -n $n -c 3 -x 2 --shared-dir -r 0 -q \
		>"$T/out" 2>"$T/err"
	st=$?
	check "-c 3 --shared-dir -n $n -x 2: exit 0" [ "$st" -eq 0 ]
	check "-c 3 --shared-dir -n $n -x 2: two CSV lines" \
		[ "$(grep -c '^1\.96,' "$T/out")" -eq 2 ]
	check "-c 3 --shared-dir -n $n: nothing left" empty_dir "$T/d"
done

# A deadline: synchronous 8k writes cannot fill 64M in a second, so every
# copy stops there and the tests after block output read what was written.
$CLYDE $U -d "$T/d" -s 64M -r 0 -n 0 -f -c 2 -b --deadline 1 \
	--json "$T/j.json" -q >"$T/out" 2>"$T/err"
st=$?
check "--deadline 1: exit 0" [ "$st" -eq 0 ]
check "--deadline 1: nothing left" empty_dir "$T/d"
json_check "--deadline 1: block output stonewalled at 1 s" "$T/j.json" \
	'[(p["stonewalled"], 0.95 <= p["elapsed_s"] < 1.7, p["bytes"] < 2 * 64 * 2**20) for p in j["phases"] if p["key"] == "put_block"] == [(True, True, True)]'
json_check "--deadline 1: block input reads no more than block output wrote" "$T/j.json" \
	'0 < [p["bytes"] for p in j["phases"] if p["key"] == "get_block"][0] <= [p["bytes"] for p in j["phases"] if p["key"] == "put_block"][0]'
json_check "--deadline: the file tests say nothing of it" "$T/j.json" \
	'all("stonewalled" not in p for p in j["phases"] if p["unit"] == "files/s")'
