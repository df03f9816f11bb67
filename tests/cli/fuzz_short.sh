# SPDX-License-Identifier: MIT
# A short libFuzzer run of every harness in tests/fuzz (FUZZ_SHORT_SECONDS,
# default 8, each; two at a time), from the seed corpora into a scratch
# corpus. Skipped, with a "skip" line saying why, where clang has no
# libFuzzer or FUZZ_SHORT_SECONDS is 0 (the sanitizer runs of .ci/run).
. tests/cli/lib.sh
# A line for each harness.
set -- tests/fuzz/fuzz_*.c
plan $#

if [ "${FUZZ_SHORT_SECONDS:-8}" = 0 ]; then
	skips "$PLAN" "fuzz short run" "FUZZ_SHORT_SECONDS=0"
	exit 0
fi
if ! tests/fuzz/have-libfuzzer.sh "${FUZZ_CC:-clang}"; then
	skips "$PLAN" "fuzz short run" "no ${FUZZ_CC:-clang} with libFuzzer"
	exit 0
fi
set --
for src in tests/fuzz/fuzz_*.c; do
	h=${src#tests/fuzz/fuzz_}
	h=${h%.c}
	if [ -x "$BUILD/fuzz/fuzz_$h" ]; then
		set -- "$@" "$h"
	else
		fail "fuzz $h" "$BUILD/fuzz/fuzz_$h is not built (make fuzzers)"
	fi
done
FUZZ_BUILD=$BUILD/fuzz tests/fuzz/run.sh "${FUZZ_SHORT_SECONDS:-8}" "$T/corpus" "$@"
