# SPDX-License-Identifier: MIT
# make check-layers as a test: no #include goes up a layer of src/ (or
# into another folder's *_internal.h), and no two source files use each
# other's symbols (the objects in $BUILD/obj, read with nm). Each tool is
# one check, its own lines shown as comments.
. tests/cli/lib.sh
plan 2

# tool NAME COMMAND...: ok when COMMAND exits 0; its lines above the verdict.
tool() {
	name=$1
	shift
	"$@" >"$T/out" 2>&1
	st=$?
	sed 's/^/# /' "$T/out"
	if [ $st -eq 0 ]; then
		ok "$name"
	else
		fail "$name" "$(grep -c '^FAIL ' "$T/out") findings (exit $st), listed above"
	fi
}

tool "layers: every #include goes down the layers" tests/tools/check_layers.sh
if ! command -v python3 >/dev/null 2>&1; then
	skip "layers: no circles between source files" "no python3"
elif ! command -v nm >/dev/null 2>&1; then
	skip "layers: no circles between source files" "no nm (binutils)"
else
	tool "layers: no circles between source files" \
		python3 tests/tools/check_cycles.py "$BUILD"
fi
