# SPDX-License-Identifier: MIT
# Replays every fuzz harness's seed corpus and saved crash inputs
# (tests/fuzz/corpus/NAME, tests/fuzz/regress/NAME) through $BUILD/replay/NAME,
# which every build has, with or without clang: the oracles run each time.
. tests/cli/lib.sh
# A line for each harness's corpus and each saved crash input.
set -- tests/fuzz/fuzz_*.c tests/fuzz/regress/*/*
plan $#

for src in tests/fuzz/fuzz_*.c; do
	h=${src#tests/fuzz/fuzz_}
	h=${h%.c}
	bin=$BUILD/replay/$h
	if [ ! -x "$bin" ]; then
		fail "replay $h" "$bin is not built (make test builds it)"
		continue
	fi
	set -- "tests/fuzz/corpus/$h"
	for f in "tests/fuzz/regress/$h"/*; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	"$bin" "$@" || fail "replay $h" "$bin exited with status $?"
done
