# SPDX-License-Identifier: MIT
# Every golden HTML page and SVG image (tests/golden, any folder, any new
# one) opened in headless Chromium at 600 and 1200 px: no text outside
# its drawing or past the page's edge, no overlapping labels, no console
# error (tests/tools/pictures.py). The screenshots stay in
# $BUILD/pictures for a person to look at. Then the checker itself, on
# pictures that break each rule (tests/tools/pictures-bad): it must fail
# every one, for its reason.
. tests/cli/lib.sh
# The checks of the goldens' run and of the checker on bad pictures.
plan 11
if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "pictures" "no python3 to drive Chromium"
	exit 0
fi
# One check a golden picture at each width.
shown=$(($(find tests/golden -name '*.html' -o -name '*.svg' | wc -l) * 2))
plan $shown
python3 tests/tools/pictures.py "$BUILD/pictures" tests/golden >"$T/golden"
st=$?
check "pictures: the checker ran to its end" [ $st -eq 0 ]
if grep -q '^skip pictures' "$T/golden"; then
	skips $((shown + 10)) "pictures" "$(sed -n 's/^skip pictures: //p' "$T/golden" | head -n 1)"
	exit 0
fi
cat "$T/golden"
check "pictures: every golden page and image looked at, at both widths" \
	[ "$(grep -c '^\(ok\|FAIL\) picture ' "$T/golden")" -eq "$shown" ]
check "pictures: a screenshot of each" \
	[ "$(ls "$BUILD/pictures"/tests_golden_*.png | wc -l)" -eq \
	  "$(grep -c '^\(ok\|FAIL\) picture ' "$T/golden")" ]
echo "# screenshots: $BUILD/pictures"

# The checker on pictures that break its rules.
B=tests/tools/pictures-bad
python3 tests/tools/pictures.py "$T/shots" $B >"$T/bad"
# catches NAME FILE WIDTH PATTERN: the checker failed FILE at WIDTH saying PATTERN.
catches() {
	check "pictures checker catches $1" \
		grep -q "^FAIL picture $B/$2 at $3 px: .*$4" "$T/bad"
}
catches "text outside its drawing" outside.svg 600 'text "(could see only a factor of 3.2)" outside its drawing'
catches "overlapping labels" overlap.svg 1200 'labels "first label" and "second label" overlap'
catches "an image wider than the window" wide.svg 600 "a drawing past the window's right edge (900 > 600)"
check "pictures checker lets that image be at 1200 px" \
	grep -q "^ok picture $B/wide.svg at 1200 px" "$T/bad"
catches "an image that does not parse" broken.svg 1200 "the document does not parse"
catches "a console error" error.html 600 "console.error: said on the console"
catches "an exception" error.html 1200 "exception: ReferenceError: no_such_function"
catches "page text past the right edge" edge.html 600 "text \"A line that never wraps.*past the page's right edge"
