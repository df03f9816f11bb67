#!/bin/sh
# SPDX-License-Identifier: MIT
# clyde's 1.98 CSV lines must be read by bonnie++'s own tools: feeds the
# lines `test_csv --emit-198` writes to bon_csv2txt and bon_csv2html (when
# installed) and checks they accept every line and show every machine name,
# a name written after a ' (it started like a formula) and one holding a
# bidi control (written by name) among them.
cd "$(dirname "$0")/../.." || exit 2
gen=${BUILD:-build}/tests/read/test_csv
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo "plan 2"
names="qa1 qb2 qc3 qd4 qe5"

if ! [ -x "$gen" ] || ! "$gen" --emit-198 "$tmp/lines.csv"; then
	echo "FAIL csv_bonnie_tools: $gen --emit-198 did not write the lines"
	exit 1
fi

# check_tool NAME OUTPUT STDERR: no rejected line, every machine named.
check_tool() {
	if grep -q "Expected 1.98\|Can't process" "$3"; then
		echo "FAIL $1: rejected a line: $(head -n 1 "$3")"
		return
	fi
	for n in $names; do
		if ! grep -q "$n" "$2"; then
			echo "FAIL $1: machine $n missing from the output"
			return
		fi
	done
	echo "ok $1"
}

if command -v bon_csv2txt >/dev/null 2>&1; then
	bon_csv2txt <"$tmp/lines.csv" >"$tmp/txt" 2>"$tmp/txt.err"
	check_tool csv_bonnie_tools_bon_csv2txt "$tmp/txt" "$tmp/txt.err"
else
	echo "skip csv_bonnie_tools_bon_csv2txt: bon_csv2txt not installed"
fi
if command -v bon_csv2html >/dev/null 2>&1; then
	bon_csv2html "$tmp/lines.csv" >"$tmp/html" 2>"$tmp/html.err"
	check_tool csv_bonnie_tools_bon_csv2html "$tmp/html" "$tmp/html.err"
else
	echo "skip csv_bonnie_tools_bon_csv2html: bon_csv2html not installed"
fi
