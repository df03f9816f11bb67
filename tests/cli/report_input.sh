# SPDX-License-Identifier: MIT
# `clyde report` on awkward input (report.sh has the malformed lines, binary
# junk and the 100 KB line): what spreadsheets and editors write (a
# byte-order mark, CRLF, no final newline), a directory, invalid UTF-8,
# numbers that overflow, and 256 MB without a newline, which must not be
# held in memory.
. tests/cli/lib.sh
plan 27
good=$(grep -h '^1\.98,' tests/golden/fixtures/*.stdout | head -n 1)

# report NAME FILE [STATUS]: stdout in $T/out, stderr in $T/err.
report() {
	$CLYDE report --format csv-1.98 "$2" >"$T/out" 2>"$T/err"
	st=$?
}
# shown NAME: exit 0, the run shown, nothing said.
shown() {
	check "$1: exit 0" [ $st -eq 0 ]
	check "$1: the run shown" grep -q '^1\.98,clyde-\|^1\.98,2\.00a,fixturebox,' "$T/out"
	check "$1: nothing on stderr" [ ! -s "$T/err" ]
}
# refused NAME MESSAGE: exit 1 and exactly the one line MESSAGE.
refused() {
	check "$1: exit 1" [ $st -eq 1 ]
	check "$1: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
	check "$1: says why" grep -qxF -- "$2" "$T/err"
}

printf '\357\273\277%s\n' "$good" >"$T/bom.csv"
report "byte-order mark" "$T/bom.csv"
shown "byte-order mark"
printf '%s\r\n%s\r\n' "$good" "$good" >"$T/crlf.csv"
report "CRLF" "$T/crlf.csv"
shown "CRLF"
printf '%s' "$good" >"$T/nonl.csv"
report "no final newline" "$T/nonl.csv"
shown "no final newline"

report "a directory" "$T"
refused "a directory" "clyde: $T: read: Is a directory"
printf '%s\n' "$good" | sed "s/,fixturebox,/,$(printf '\303\050')box,/" >"$T/utf.csv"
report "invalid UTF-8" "$T/utf.csv"
refused "invalid UTF-8" "clyde: $T/utf.csv:1: binary byte 0xc3 at byte 12"
printf '%s\n' "$good" | sed "s/,fixturebox,/,caf$(printf '\303\251') box,/" >"$T/cafe.csv"
report "valid UTF-8" "$T/cafe.csv"
check "valid UTF-8: exit 0" [ $st -eq 0 ]
printf '%s\n' "$good" | awk -F, -v OFS=, '{ $12 = "99999999999999999999"; print }' >"$T/big.csv"
report "overflowing number" "$T/big.csv"
refused "overflowing number" "clyde: $T/big.csv:1: field 11 (put_block): number too large: '99999999999999999999'"
printf '%s\n' "$good" | awk -F, -v OFS=, '{ $6 = "-5G"; print }' >"$T/neg.csv"
report "negative size" "$T/neg.csv"
check "negative size: exit 1" [ $st -eq 1 ]
printf '\r\r\r%s\r' "$good" >"$T/cr.csv"
report "CR line ends" "$T/cr.csv"
refused "CR line ends" "clyde: $T/cr.csv:1: control character 0x0d at byte 1"

# 256 MB and no newline: one line, read and dropped as it comes.
if [ -x /usr/bin/time ]; then
	head -c 268435456 /dev/zero | tr '\0' x |
		/usr/bin/time -f '%M' -o "$T/rss" $CLYDE report >"$T/out" 2>"$T/err"
	st=$?
	refused "256 MB without a newline" "clyde: stdin:1: line longer than 65536 bytes"
	# getline() would hold all 256 MB; the reader holds one line.
	check "256 MB without a newline: under 64 MB of memory" [ "$(tail -n 1 "$T/rss")" -lt 65536 ]
else
	skips 4 "256 MB without a newline" "no /usr/bin/time to measure memory"
fi
